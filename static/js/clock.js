/* Round clock (the event's round length; the calls and closing period are its game system's,
 * sent with each snapshot). The server's snapshot is the truth: this file only
 * counts down between polls, from `ends_at`, corrected by the offset between this device's
 * clock and the server's (`server_now`), so a wrong device clock does not matter.
 * Polls send the last reading's ETag and get a 304 while nothing changed (docs/polling.md,
 * "The round clock"); `data-clock-poll` is in seconds.
 * Markup: templates/judging/_clock_widget.html. No dependencies. */
(function () {
  "use strict";

  var LABELS = {
    "not-started": "Not started",
    "running": "Running",
    "paused": "Paused",
    "last-fifteen": "Closing minutes",
    "time-called": "Time: dice down",
    "round-closed": "Round closed"
  };

  function pad(n) { return (n < 10 ? "0" : "") + n; }

  function hms(seconds) {
    var total = Math.max(0, Math.ceil(seconds));
    var h = Math.floor(total / 3600), m = Math.floor((total % 3600) / 60), s = total % 60;
    return h ? h + ":" + pad(m) + ":" + pad(s) : m + ":" + pad(s);
  }

  function Clock(el) {
    this.el = el;
    this.src = el.getAttribute("data-clock-src");
    this.pollMs = Math.max(250, 1000 * (parseFloat(el.getAttribute("data-clock-poll")) || 12));
    this.etag = null;
    this.asking = false;
    this.digits = el.querySelector("[data-clock-digits]");
    this.state = el.querySelector("[data-clock-state]");
    this.call = el.querySelector("[data-clock-call]");
    this.next = el.querySelector("[data-clock-next]");
    el.setAttribute("data-clock-ready", "1");
    this.load(JSON.parse(el.getAttribute("data-clock-snapshot")));
    var self = this;
    window.setInterval(function () { self.render(); }, 250);
    window.setInterval(function () { self.poll(); }, this.pollMs);
    document.addEventListener("visibilitychange", function () {
      if (!document.hidden) { self.poll(); }
    });
    this.poll();
  }

  Clock.prototype.load = function (snap) {
    this.snap = snap;
    var server = Date.parse(snap.server_now);
    this.offset = server - Date.now(); // add to the device's time to get the server's
    this.nextAt = snap.next_call ? server + 1000 * snap.next_call.seconds_to_go : null;
    this.render();
  };

  Clock.prototype.serverNow = function () { return Date.now() + this.offset; };

  Clock.prototype.ticking = function () {
    return (this.snap.state === "running" || this.snap.state === "last-fifteen") && this.snap.ends_at;
  };

  Clock.prototype.render = function () {
    var snap = this.snap, state = snap.state, left = snap.remaining_seconds;
    if (this.ticking()) {
      left = (Date.parse(snap.ends_at) - this.serverNow()) / 1000;
      if (left <= 0) { state = "time-called"; } else if (snap.closing && left <= snap.closing.seconds) { state = "last-fifteen"; }
    }
    this.el.className = this.el.className.replace(/\bclock-(not-started|running|paused|last-fifteen|time-called|round-closed)\b/, "clock-" + state);
    this.digits.textContent = hms(left);
    this.state.textContent = state === "last-fifteen" && snap.closing ? snap.closing.text : (LABELS[state] || state);
    var current = snap.current_call ? snap.current_call.call : "";
    var upcoming = "";
    if (state === "time-called") {
      current = LABELS["time-called"];
    } else if (snap.next_call) {
      var toGo = this.nextAt === null ? 0 : (this.nextAt - this.serverNow()) / 1000;
      if (this.ticking() && toGo <= 0) {
        current = snap.next_call.call; // reached locally; the next poll brings the one after
      } else if (state === "not-started") {
        upcoming = "When the clock starts: " + snap.next_call.call;
      } else if (state === "paused") {
        upcoming = "Next: " + snap.next_call.call + " (clock paused)";
      } else {
        upcoming = "Next: " + snap.next_call.call + " in " + hms(this.ticking() ? toGo : snap.next_call.seconds_to_go);
      }
    }
    this.call.textContent = current;
    this.next.textContent = upcoming;
  };

  Clock.prototype.poll = function () {
    var self = this;
    // One question at a time, and none from a tab nobody looks at (it asks on coming back).
    if (!this.src || !window.fetch || this.asking || document.hidden) { return; }
    var headers = { "Accept": "application/json" };
    if (this.etag) { headers["If-None-Match"] = this.etag; }
    this.asking = true;
    window.fetch(this.src, { credentials: "same-origin", cache: "no-store", headers: headers })
      .then(function (response) {
        if (response.status === 304 || !response.ok) { return null; }
        var etag = response.headers.get("ETag");
        return response.json().then(function (snap) { return { snap: snap, etag: etag }; });
      })
      .then(function (got) {
        self.asking = false;
        if (got && got.snap && got.snap.server_now) {
          self.etag = got.etag;
          self.load(got.snap);
          self.el.dispatchEvent(new CustomEvent("clock:reading", { bubbles: true, detail: got.snap }));
        }
      })
      .catch(function () { self.asking = false; /* offline: keep counting from the last snapshot */ });
  };

  function scan(root) {
    var found = (root || document).querySelectorAll("[data-clock]:not([data-clock-ready])");
    for (var i = 0; i < found.length; i++) { new Clock(found[i]); }
    var buttons = (root || document).querySelectorAll("[data-clock-fullscreen]");
    for (var j = 0; j < buttons.length; j++) {
      buttons[j].onclick = function () {
        if (document.documentElement.requestFullscreen) { document.documentElement.requestFullscreen(); }
      };
    }
  }

  if (window.MusterClock) { window.MusterClock.scan(document); return; }
  window.MusterClock = { scan: scan, hms: hms };
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () { scan(document); });
  } else {
    scan(document);
  }
  // Clocks swapped in later by htmx (the players' small clock).
  document.addEventListener("htmx:load", function (event) { scan(event.target); });
}());
