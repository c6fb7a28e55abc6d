/* The table view on a bad connection: the service worker keeps the page, and the result,
 * Confirm and Dispute forms are queued on the phone with an idempotency key and sent when
 * the connection returns (how and why: docs/offline.md). No dependencies. */
(function () {
  "use strict";

  var status = document.getElementById("offline-status");
  if (!status) { return; }

  // Whether this page opens offline, as the worker last answered: "" until it has.
  var ready = "";
  var readyWords = "";

  // The worker answers on the channel once the copy is in its cache, or says why not; only
  // then does the page say it is saved (the player trusts it before walking into the hall).
  function keepForOffline(worker) {
    var channel = new window.MessageChannel();
    channel.port1.onmessage = function (event) {
      var answer = event.data || {};
      document.documentElement.removeAttribute("data-offline-keeping");
      if (answer.kept) {
        ready = "1";
        readyWords = "Saved for offline use: this page opens on this phone without a connection.";
      } else if (answer.older) {
        ready = "1";
        readyWords = "Saved for offline use: an earlier copy of this page opens on this phone without a connection.";
      } else {
        ready = "0";
        readyWords = "";
      }
      document.documentElement.setAttribute("data-offline-ready", ready);
      render();
      // The worker just reached the server for the page: what is queued can go now. If it
      // could not, the `online` event or the retry sends it.
      if (answer.kept) { flush(true); } else { scheduleRetry(); }
    };
    worker.postMessage({keep: window.location.pathname}, [channel.port2]);
  }

  // The worker once it runs for this site. On the first visit the page is not controlled
  // yet: the new worker claims it when it activates (controllerchange). A page the worker
  // will not control (a hard reload) is still kept by the active worker for the next load.
  function activeWorker(registration) {
    var container = navigator.serviceWorker;
    if (container.controller) { return Promise.resolve(container.controller); }
    return new Promise(function (resolve) {
      var worker = registration.active;
      function settle() {
        if (container.controller) {
          resolve(container.controller);
        } else if (worker && worker.state === "activated") {
          resolve(worker);
        } else {
          return;
        }
        container.removeEventListener("controllerchange", settle);
        if (worker) { worker.removeEventListener("statechange", settle); }
      }
      container.addEventListener("controllerchange", settle);
      if (worker) { worker.addEventListener("statechange", settle); }
      settle();
    });
  }

  var registered = null;

  // <html data-offline-keeping> while the worker has not answered yet: what the page says
  // meanwhile is about the copy kept before (if any).
  function keep() {
    if (!registered) { return; }
    document.documentElement.setAttribute("data-offline-keeping", "1");
    registered.then(activeWorker).then(keepForOffline).catch(function () {
      // The page still works; it is just not kept for offline use (and says nothing).
      document.documentElement.removeAttribute("data-offline-keeping");
      flush(true);
    });
  }

  if ("serviceWorker" in navigator && window.MessageChannel && status.getAttribute("data-worker")) {
    registered = navigator.serviceWorker.register(status.getAttribute("data-worker"), {scope: "/"}).then(function () {
      return navigator.serviceWorker.ready;
    });
    keep();
  }

  var STORE = "muster-queue:" + window.location.pathname;
  var RETRY_MS = 15000;
  var sending = false;
  var retryTimer = null;
  var lastNote = "";

  function load() {
    try {
      var items = JSON.parse(window.localStorage.getItem(STORE) || "[]");
      return Array.isArray(items) ? items : [];
    } catch (e) {
      return [];
    }
  }

  function save(items) {
    if (items.length) {
      window.localStorage.setItem(STORE, JSON.stringify(items));
    } else {
      window.localStorage.removeItem(STORE);
    }
  }

  function newKey() {
    if (window.crypto && window.crypto.randomUUID) { return window.crypto.randomUUID(); }
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join("");
  }

  // What the player entered, in the form's own words: "We played it out, My VP 10, ...".
  function summary(form) {
    var parts = [];
    var fields = form.querySelectorAll("input, select, textarea");
    for (var i = 0; i < fields.length; i++) {
      var el = fields[i];
      if (!el.name || el.type === "hidden" || el.type === "submit" || el.value === "") { continue; }
      if ((el.type === "radio" || el.type === "checkbox") && !el.checked) { continue; }
      var label = el.labels && el.labels.length ? el.labels[0].textContent.trim() : el.name;
      // A choice reads as the player saw it (the option's text), never its stored id.
      var shown = el.tagName === "SELECT" && el.selectedIndex >= 0 ? el.options[el.selectedIndex].text : el.value;
      parts.push(el.type === "radio" ? label : label + " " + shown);
    }
    return parts.join(", ");
  }

  // The site's 24-hour clock (as every page shows times), whatever the phone's locale.
  function clockTime(ms) {
    var at = new Date(ms);
    var two = function (n) { return (n < 10 ? "0" : "") + n; };
    return two(at.getHours()) + ":" + two(at.getMinutes());
  }

  // A part of the page loaded after it (the chess clock) that cannot load while offline
  // says so, instead of "loading…" for ever.
  document.addEventListener("htmx:sendError", function (event) {
    var target = event.detail && event.detail.elt;
    var words = target && target.getAttribute && target.getAttribute("data-offline-text");
    if (words) { target.textContent = words; }
  });

  function signature(fields) {
    return JSON.stringify(fields.filter(function (pair) {
      return pair[0] !== "idempotency_key" && pair[0] !== "csrfmiddlewaretoken";
    }));
  }

  function render() {
    var items = load();
    var note = status.querySelector("[data-offline-note]");
    var saved = status.querySelector("[data-offline-ready]");
    var list = status.querySelector("[data-offline-queue]");
    var words = lastNote;
    if (!navigator.onLine) {
      words = "You are offline. What you send is kept on this phone and sent when the connection returns.";
    }
    note.textContent = words;
    note.hidden = words === "";
    while (list.firstChild) { list.removeChild(list.firstChild); }
    items.forEach(function (item) {
      var li = document.createElement("li");
      li.className = "queued-item";
      var badge = document.createElement("span");
      badge.className = "badge warn";
      badge.textContent = "Queued";
      li.appendChild(badge);
      li.appendChild(document.createTextNode(
        " " + item.label + (item.summary ? ": " + item.summary : "") +
        " (kept on this phone since " + clockTime(item.queued) +
        "; sent when the connection returns)"
      ));
      list.appendChild(li);
    });
    list.hidden = items.length === 0;
    if (saved) {
      saved.textContent = readyWords;
      saved.hidden = readyWords === "";
    }
    status.hidden = note.hidden && list.hidden && (!saved || saved.hidden);
  }

  function scheduleRetry() {
    if (retryTimer === null && load().length) {
      retryTimer = window.setTimeout(function () { retryTimer = null; flush(); }, RETRY_MS);
    }
  }

  // The server's page replaces this one's content (its message, or the form with errors).
  function showAnswer(html) {
    var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("content");
    var main = document.getElementById("content");
    if (!fresh || !main) { return; }
    main.innerHTML = fresh.innerHTML;
    status = document.getElementById("offline-status") || status;
    if (window.htmx) { window.htmx.process(main); }
  }

  function remove(id) {
    save(load().filter(function (item) { return item.id !== id; }));
  }

  // `now`: sent at once (on submitting, on opening the page) unless the browser knows it
  // has no connection; then the `online` event or the retry sends it. Nothing is tried
  // that cannot arrive, and a send never starts while the phone is going offline.
  function flush(now) {
    var items = load();
    if (sending || !items.length) { render(); return; }
    if (now === true && navigator.onLine === false) { render(); scheduleRetry(); return; }
    var item = items[0];
    sending = true;
    window.fetch(item.action, {
      method: "POST",
      body: new URLSearchParams(item.fields),
      credentials: "same-origin",
      headers: {"X-Requested-With": "fetch"}
    }).then(function (response) {
      if (response.status >= 500 || response.status === 429) { throw new Error("try again later"); }
      // Sent elsewhere (to log in again): keep it for when the player is back.
      if (response.redirected && new URL(response.url).pathname !== window.location.pathname) {
        throw new Error("signed out");
      }
      return response.text().then(function (html) {
        remove(item.id);
        lastNote = response.redirected && response.ok
          ? "Sent: your " + item.label.toLowerCase() + " reached the server."
          : "Not accepted: your " + item.label.toLowerCase() + " was refused; see the form.";
        showAnswer(html);
        keep(); // the kept copy brought up to date with the server's answer
      });
    }).then(function () {
      sending = false;
      render();
      if (load().length) { flush(); }
    }, function () {
      sending = false;
      render();
      scheduleRetry();
    });
  }

  document.addEventListener("submit", function (event) {
    var form = event.target instanceof HTMLFormElement ? event.target : null;
    if (!form || !form.hasAttribute("data-offline")) { return; }
    event.preventDefault();
    var keyField = form.querySelector("input[name='idempotency_key']");
    var fields = [];
    new FormData(form).forEach(function (value, name) {
      if (typeof value === "string") { fields.push([name, value]); }
    });
    var items = load();
    var same = items.filter(function (item) {
      return item.action === form.action && signature(item.fields) === signature(fields);
    });
    if (!same.length) {
      // The key is made here, when the player submits: every resend of this submission
      // carries it, so the server stores it once however often it arrives.
      var key = newKey();
      if (keyField) {
        keyField.value = key;
        fields = fields.map(function (pair) { return pair[0] === "idempotency_key" ? [pair[0], key] : pair; });
      }
      // A newer submission of the same form replaces one still waiting.
      items = items.filter(function (item) { return item.action !== form.action; });
      items.push({
        id: key,
        action: form.action,
        label: form.getAttribute("data-offline"),
        summary: summary(form),
        fields: fields,
        queued: Date.now()
      });
      save(items);
    }
    lastNote = "";
    render();
    flush(true);
  });

  // The connection is back: the worker refreshes the kept copy first and, once it has
  // reached the server (its answer), the queue is sent. A connection that only claims to
  // be back sends nothing; and a page being closed or reloaded, which a browser may tell
  // it is online as it goes, starts no send it could not finish.
  window.addEventListener("online", function () {
    lastNote = "";
    render();
    if (registered) { keep(); } else { flush(); }
  });
  window.addEventListener("offline", render);
  render();
  // What is queued is sent when the page opens: once the worker has fetched the page for
  // the cache (its answer above), or at once where there is no worker. A page opened from
  // the cache with the network down tries nothing until the connection returns.
  if (registered) { scheduleRetry(); } else { flush(true); }
}());
