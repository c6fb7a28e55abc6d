/* The stream overlay (templates/venue/overlay.html, docs/venue.md): polls overlay.json
 * (a 304 while nothing changed: the browser revalidates with the ETag it holds) and writes
 * the players, factions and result into the page; a different featured game or round
 * reloads the page, which brings that round's clock. No dependencies. */
(function () {
  "use strict";
  var POLL_MS = 5000;
  var root = document.getElementById("overlay");
  if (!root) { return; }
  var src = root.getAttribute("data-overlay-src");
  var key = root.getAttribute("data-overlay-key");
  var last = "";

  function set(name, text) {
    var el = root.querySelector('[data-overlay-field="' + name + '"]');
    if (el && el.textContent !== text) { el.textContent = text; }
  }

  function show(data) {
    var now = (data.featured ? "1" : "0") + "-" + (data.round || "") + "-" + (data.table || "");
    if (now !== key) { window.location.reload(); return; }
    if (!data.featured) { return; }
    data.players.forEach(function (side, i) {
      set("name-" + (i + 1), side.name);
      var extra = side.faction;
      if (side.team) { extra = extra ? extra + " · " + side.team : side.team; }
      set("faction-" + (i + 1), extra);
    });
    set("result", data.result);
    var result = root.querySelector('[data-overlay-field="result"]');
    if (result) { result.className = "overlay-result overlay-" + data.result_status; }
  }

  function poll() {
    fetch(src, { cache: "no-cache", credentials: "same-origin", headers: { "Accept": "application/json" } })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (text) {
        if (text && text !== last) { last = text; show(JSON.parse(text)); }
      })
      .catch(function () { /* the venue's network blinked: the next poll tries again */ });
  }

  window.setInterval(poll, POLL_MS);
})();
