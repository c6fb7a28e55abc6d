/* A table's chess clock (OP Guide: Chess Clocks). The server holds the state; each poll
 * (htmx, templates/judging/_chess_clock.html) brings the pools as of `server_now` and
 * `zero_at`, when the running side's own pool reaches zero. Between polls this file counts
 * the running pool down from `zero_at`, corrected by the offset between this device's clock
 * and the server's, so a wrong device clock does not matter. No dependencies. */
(function () {
  "use strict";
  if (window.musterChessClock) { return; }
  window.musterChessClock = true;

  function pad(n) { return (n < 10 ? "0" : "") + n; }

  function hms(ms) {
    var total = Math.max(0, Math.ceil(ms / 1000));
    var h = Math.floor(total / 3600), m = Math.floor((total % 3600) / 60), s = total % 60;
    return h ? h + ":" + pad(m) + ":" + pad(s) : m + ":" + pad(s);
  }

  var offsets = {}; // server_now seen -> offset, so a swap re-measures it

  function tick() {
    var el = document.querySelector("[data-chess-clock]");
    if (!el) { return; }
    var digits = el.querySelector("[data-chess-digits]");
    var zero = el.getAttribute("data-zero-at");
    if (!digits || !zero) { return; }
    var seen = el.getAttribute("data-server-now");
    if (!(seen in offsets)) { offsets = {}; offsets[seen] = Date.parse(seen) - Date.now(); }
    var left = Date.parse(zero) - (Date.now() + offsets[seen]);
    digits.textContent = hms(left);
  }

  window.setInterval(tick, 250);
  tick();
})();
