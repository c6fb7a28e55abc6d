/* Page behaviour that the Content-Security-Policy keeps out of the markup: no inline
 * handlers, so a button that needs a confirmation says so with `data-confirm="..."`,
 * and a read-only field to copy from says `data-select-on-focus`. No dependencies. */
(function () {
  "use strict";

  document.addEventListener("click", function (event) {
    var target = event.target instanceof Element ? event.target.closest("[data-confirm]") : null;
    if (target && !window.confirm(target.getAttribute("data-confirm"))) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  }, true);

  function selectIt(event) {
    var target = event.target;
    if (target instanceof HTMLInputElement && target.hasAttribute("data-select-on-focus")) {
      target.select();
    }
  }
  document.addEventListener("focusin", selectIt);
  document.addEventListener("click", selectIt);

  // The event navigation's role menus (<details class="navmenu">): one open at a time,
  // closed by a click elsewhere or Escape. Without script they still open and close.
  function closeMenus(except) {
    var open = document.querySelectorAll("details.navmenu[open]");
    for (var i = 0; i < open.length; i++) {
      if (open[i] !== except) { open[i].removeAttribute("open"); }
    }
  }
  document.addEventListener("click", function (event) {
    var inside = event.target instanceof Element ? event.target.closest("details.navmenu") : null;
    closeMenus(inside);
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") { closeMenus(null); }
  });

  // Public pairings: mark the caller's own rows (`data-me` holds their player id, the rows
  // `data-players`) and filter rows by the search box (`data-filter-rows` names them).
  // Both run again whenever htmx swaps in a refreshed table.
  function markMine() {
    var holder = document.querySelector("[data-me]");
    var me = holder ? holder.getAttribute("data-me") : "";
    if (!me) { return; }
    var rows = holder.querySelectorAll("[data-players]");
    for (var i = 0; i < rows.length; i++) {
      var ids = " " + rows[i].getAttribute("data-players") + " ";
      rows[i].classList.toggle("mine", ids.indexOf(" " + me + " ") >= 0);
    }
  }
  // Names are matched as people type them: case and accents ignored ("muller" finds
  // "Müller"): both sides decomposed (NFD), combining marks dropped, and the few letters
  // that do not decompose (ø, ß, æ, ł, đ, ı) spelled out.
  var SPELLED = { "ø": "o", "ß": "ss", "æ": "ae", "œ": "oe", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ı": "i" };
  function fold(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
      .replace(/[øßæœłđðþı]/g, function (c) { return SPELLED[c]; });
  }
  function filterRows() {
    var box = document.querySelector("[data-filter-rows]");
    if (!box) { return; }
    var wanted = fold(box.value.trim());
    var rows = document.querySelectorAll(box.getAttribute("data-filter-rows"));
    for (var i = 0; i < rows.length; i++) {
      rows[i].hidden = wanted !== "" && fold(rows[i].textContent).indexOf(wanted) < 0;
    }
  }
  function refresh() { markMine(); filterRows(); }
  document.addEventListener("input", function (event) {
    if (event.target instanceof Element && event.target.hasAttribute("data-filter-rows")) { filterRows(); }
  });
  document.addEventListener("htmx:afterSwap", refresh);
  // A page loaded with a search typed (a big round's server search) filters at once.
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", refresh); } else { refresh(); }

  // Live blocks with forms (`data-live`) never swap a poll's answer over what someone is
  // typing: not while a field inside has the focus or has been changed.
  document.addEventListener("input", function (event) {
    var live = event.target instanceof Element ? event.target.closest("[data-live]") : null;
    if (live) { live.setAttribute("data-edited", ""); }
  });
  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    if (!(target instanceof Element) || !target.hasAttribute("data-live")) { return; }
    var focused = document.activeElement;
    var typing = focused && target.contains(focused) && focused.matches("input, select, textarea");
    if (typing || target.hasAttribute("data-edited")) { event.detail.shouldSwap = false; }
  });
  // "Show on the projector" (`data-fullscreen="#id"`): the named block fills the screen, in
  // the projector's large type (site.css, :fullscreen), and keeps refreshing there.
  document.addEventListener("click", function (event) {
    var button = event.target instanceof Element ? event.target.closest("[data-fullscreen]") : null;
    var block = button ? document.querySelector(button.getAttribute("data-fullscreen")) : null;
    if (block && block.requestFullscreen) { block.requestFullscreen(); }
  });
  // A box that scrolls a wide table sideways (.scroll) takes the focus, so a keyboard reaches
  // its hidden columns (WCAG 2.1.1), as a region named after its caption or heading.
  function scrollLabel(box) {
    var caption = box.querySelector("caption");
    var text = caption ? caption.textContent : "";
    for (var node = box; !text && node && node !== document.body; node = node.parentElement) {
      for (var before = node.previousElementSibling; before && !text; before = before.previousElementSibling) {
        if (/^H[1-6]$/.test(before.tagName)) { text = before.textContent; }
      }
    }
    return (text || "Table").replace(/\s+/g, " ").trim() + " (scrolls sideways)";
  }
  function scrollBoxes() {
    var boxes = document.querySelectorAll(".scroll");
    for (var i = 0; i < boxes.length; i++) {
      var box = boxes[i];
      var scrolls = box.scrollWidth > box.clientWidth + 1;
      if (scrolls && !box.hasAttribute("data-scroll-focus")) {
        box.setAttribute("data-scroll-focus", "");
        box.setAttribute("tabindex", "0");
        box.setAttribute("role", "region");
        box.setAttribute("aria-label", scrollLabel(box));
      } else if (!scrolls && box.hasAttribute("data-scroll-focus")) {
        box.removeAttribute("data-scroll-focus");
        box.removeAttribute("tabindex");
        box.removeAttribute("role");
        box.removeAttribute("aria-label");
      }
    }
  }
  // A `table.stack` shows row by row on a phone (site.css): each cell labelled with its
  // column's header, the table's roles kept so a block display stays a table.
  function stackTables() {
    var tables = document.querySelectorAll("table.stack");
    for (var t = 0; t < tables.length; t++) {
      var table = tables[t];
      var heads = table.querySelectorAll(":scope > thead > tr > th");
      var names = [];
      for (var h = 0; h < heads.length; h++) {
        var hidden = heads[h].querySelector(".visually-hidden");
        var text = heads[h].textContent.replace(/\s+/g, " ").trim();
        names.push(hidden && hidden.textContent.trim() === text ? "" : text);
        heads[h].setAttribute("role", "columnheader");
      }
      table.setAttribute("role", "table");
      var groups = table.querySelectorAll(":scope > thead, :scope > tbody");
      for (var g = 0; g < groups.length; g++) { groups[g].setAttribute("role", "rowgroup"); }
      var rows = table.querySelectorAll(":scope > thead > tr, :scope > tbody > tr");
      for (var r = 0; r < rows.length; r++) {
        rows[r].setAttribute("role", "row");
        if (rows[r].parentElement.tagName === "THEAD") { continue; }
        var cells = rows[r].querySelectorAll(":scope > td, :scope > th");
        for (var c = 0; c < cells.length; c++) {
          cells[c].setAttribute("role", cells[c].tagName === "TH" ? "rowheader" : "cell");
          if (names[c] && !cells[c].hasAttribute("data-label")) { cells[c].setAttribute("data-label", names[c]); }
        }
      }
    }
  }
  document.addEventListener("htmx:afterSwap", stackTables);
  var resizing = null;
  window.addEventListener("resize", function () {
    window.clearTimeout(resizing);
    resizing = window.setTimeout(scrollBoxes, 100);
  });
  document.addEventListener("htmx:afterSwap", scrollBoxes);
  // A pairing protocol step's time left (`<time data-countdown datetime>`), counted down
  // here; the next poll brings what the server decided when it ran out.
  function countdowns() {
    var items = document.querySelectorAll("time[data-countdown]");
    for (var i = 0; i < items.length; i++) {
      var left = Math.max(0, Math.round((Date.parse(items[i].getAttribute("datetime")) - Date.now()) / 1000));
      items[i].textContent = left > 0 ? Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0") : "time is up";
    }
  }
  window.setInterval(countdowns, 1000);
  document.addEventListener("htmx:afterSwap", countdowns);
  function ready() { refresh(); stackTables(); scrollBoxes(); countdowns(); }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", ready);
  } else {
    ready();
  }
})();
