/* "Notify this phone" on the player's table view: what it shows for each state of the
 * browser, and why, is in docs/push.md ("What the player sees"). No dependencies. */
(function () {
  "use strict";

  var box = document.getElementById("push-optin");
  if (!box) { return; }
  var button = box.querySelector("[data-push-subscribe]");
  // The site's button style beats `hidden`: the button's paragraph is hidden instead.
  var offerLine = box.querySelector("[data-push-offer]");
  var state = box.querySelector("[data-push-state]");

  function say(mark, text, offerButton) {
    box.setAttribute("data-push", mark);
    state.textContent = text;
    offerLine.hidden = !offerButton;
    box.hidden = false;
  }

  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
    say("unsupported", "This browser cannot show notifications from Muster: you are told by e-mail instead.", false);
    return;
  }

  function blocked() {
    say("blocked", "Notifications are blocked in the browser's settings for this site: allow them there to be notified on this phone.", false);
  }
  function notified() {
    say("on", "This phone is notified: your pairing, your opponent's report, a judge's ruling and the last 15 minutes of your round arrive here.", false);
  }
  function offer(text) {
    say("off", text || "", true);
  }

  function keyBytes(base64url) {
    var padded = (base64url + "===".slice((base64url.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/");
    var raw = window.atob(padded);
    var bytes = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i += 1) { bytes[i] = raw.charCodeAt(i); }
    return bytes;
  }

  function sameKey(subscription, wanted) {
    var have = subscription.options && subscription.options.applicationServerKey;
    if (!have) { return true; }  // the browser does not say: assume it is ours
    var bytes = new Uint8Array(have);
    if (bytes.length !== wanted.length) { return false; }
    for (var i = 0; i < bytes.length; i += 1) { if (bytes[i] !== wanted[i]) { return false; } }
    return true;
  }

  function api(method, body) {
    var headers = {"Accept": "application/json", "X-CSRFToken": box.getAttribute("data-csrf")};
    if (body) { headers["Content-Type"] = "application/json"; }
    return fetch(box.getAttribute("data-subscriptions"), {
      method: method, credentials: "same-origin", headers: headers, body: body ? JSON.stringify(body) : undefined
    }).then(function (response) {
      return response.json().catch(function () { return {}; }).then(function (answer) {
        if (!response.ok) { throw new Error(answer.message || ("the server answered " + response.status)); }
        return answer;
      });
    });
  }

  function store(subscription) {
    var json = subscription.toJSON();
    return api("POST", {endpoint: json.endpoint, keys: {p256dh: json.keys.p256dh, auth: json.keys.auth}});
  }

  function registration() {
    return navigator.serviceWorker.register(box.getAttribute("data-worker"), {scope: "/"}).then(function () {
      return navigator.serviceWorker.ready;
    });
  }

  var key = keyBytes(box.getAttribute("data-public-key"));

  function subscribe() {
    button.disabled = true;
    Notification.requestPermission().then(function (permission) {
      if (permission !== "granted") { throw {permission: permission}; }
      return registration();
    }).then(function (reg) {
      return reg.pushManager.getSubscription().then(function (existing) {
        // A subscription made for another key (the site's key changed) cannot be reused.
        if (existing && !sameKey(existing, key)) {
          return existing.unsubscribe().then(function () { return null; });
        }
        return existing;
      }).then(function (existing) {
        return existing || reg.pushManager.subscribe({userVisibleOnly: true, applicationServerKey: key});
      });
    }).then(store).then(notified, function (error) {
      if (error && error.permission === "denied") {
        blocked();
      } else if (error && error.permission) {
        offer("Notifications were not allowed: tap again to be asked once more.");
      } else {
        offer("This phone could not be notified (" + ((error && error.message) || error) + "). Try again, or rely on the e-mails.");
      }
    }).then(function () { button.disabled = false; });
  }
  button.addEventListener("click", subscribe);

  // Blocked, notified (stored for this account), or offered: a device removed on the
  // settings page is offered again, never stored again behind the player's back.
  if (Notification.permission === "denied") {
    blocked();
    return;
  }
  registration().then(function (reg) {
    return Promise.all([reg.pushManager.getSubscription(), api("GET")]);
  }).then(function (found) {
    var existing = found[0];
    var stored = (found[1].subscriptions || []).some(function (row) {
      return existing && row.endpoint === existing.endpoint;
    });
    if (existing && stored && Notification.permission === "granted") {
      notified();
    } else {
      offer();
    }
  }).catch(function () { offer(); });
})();
