/* The hall screen (docs/venue.md, "Hall screen"; markup: templates/venue/screen.html).
 *
 * Fetches what the screen shows from the data endpoint (JSON, one per event version: it
 * asks again every few seconds with the last ETag and gets a body-less 304 while nothing
 * changed), lays each view's rows out in as many columns and rows as the body holds at
 * this screen's size (measured, not guessed: the widest row sets the column width), and
 * rotates through the pages of the views the link asked for. A page stays up long enough
 * to find a name in it (12 to 20 s, more rows longer) unless the link says `seconds`.
 *
 * For tests and for the TO's preview: window.MusterHallScreen.advance() shows the next
 * page at once, hold() stops the rotation, state() says what is shown. No dependencies. */
(function () {
  "use strict";

  var root = document.querySelector("[data-hall-screen]");
  if (!root) { return; }
  var config = JSON.parse(root.getAttribute("data-hall-screen"));
  var body = root.querySelector("[data-hall-body]");
  var viewLabel = root.querySelector("[data-hall-view]");
  var pageLabel = root.querySelector("[data-hall-page]");

  var data = null, etag = null, asking = false;
  var pages = [];       // [{view, title, columns: [[row, ...], ...], rows}]
  var index = 0, timer = null, held = false, shownAt = 0;

  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) { node.className = cls; }
    if (text !== undefined && text !== null) { node.textContent = text; }
    return node;
  }

  function roundTitle() {
    return data.round ? data.round.title : "";
  }

  // --- each view's rows --------------------------------------------------------------------

  function gameRow(game) {
    var row = el("div", "hall-row hall-game");
    row.appendChild(el("span", "hall-table", game.table));
    row.appendChild(el("span", "hall-name", game.one));
    if (game.two === null) {
      row.appendChild(el("span", "hall-v", ""));
      row.appendChild(el("span", "hall-name hall-bye", "Bye"));
    } else if (game.two === "") {
      row.appendChild(el("span", "hall-v", ""));
      row.appendChild(el("span", "hall-name", ""));
    } else {
      row.appendChild(el("span", "hall-v", "v"));
      row.appendChild(el("span", "hall-name", game.two));
    }
    return row;
  }

  function pairingsView() {
    var rows = data.pairings.map(function (item) {
      if (item.kind === "heading") {
        var head = el("div", "hall-row hall-heading", item.text);
        if (item.note) { head.appendChild(el("span", "hall-note", item.note)); }
        return head;
      }
      if (item.kind === "note") { return el("div", "hall-row hall-note-row", item.text); }
      return gameRow(item);
    });
    var head = el("div", "hall-row hall-game hall-colhead");
    head.appendChild(el("span", "hall-table", "Table"));
    head.appendChild(el("span", "", data.player_word));
    head.appendChild(el("span", "", ""));
    head.appendChild(el("span", "", "Opponent"));
    var title = roundTitle() ? roundTitle() + " pairings" : "Pairings";
    if (data.round && data.round.scenario) { title += " · " + data.round.scenario; }
    return { view: "pairings", title: title, rows: rows, head: head, empty: "No round has been published yet." };
  }

  function namesView() {
    var rows = data.names.map(function (seat) {
      var row = el("div", "hall-row hall-seat");
      var name = el("span", "hall-name", seat.name);
      if (seat.opponent === "Bye") { name.appendChild(el("span", "hall-sub", "bye")); }
      row.appendChild(name);
      row.appendChild(el("span", "hall-table", seat.table));
      return row;
    });
    var head = el("div", "hall-row hall-seat hall-colhead");
    head.appendChild(el("span", "", data.player_word));
    head.appendChild(el("span", "hall-table", "Table"));
    var title = "Find your table" + (roundTitle() ? " · " + roundTitle() : "");
    return { view: "names", title: title, rows: rows, head: head, empty: "No round has been published yet." };
  }

  function standingsView() {
    var table = data.standings;
    // Each figure's column as wide as its widest entry (in the figures' smaller type), so
    // the columns line up from row to row and take no more room than they need.
    var template = "2.6ch minmax(0, 1fr)";
    table.columns.forEach(function (column, i) {
      var chars = Math.max(3, column.length);
      table.rows.forEach(function (item) { chars = Math.max(chars, String(item.figures[i]).length); });
      template += " " + (0.8 * chars + 0.2).toFixed(2) + "ch";
    });
    function line(cls) {
      var row = el("div", "hall-row hall-standing" + (cls ? " " + cls : ""));
      row.style.gridTemplateColumns = template;
      return row;
    }
    var rows = table.rows.map(function (item) {
      var row = line("");
      row.appendChild(el("span", "hall-rank", item.rank));
      var name = el("span", "hall-name", item.name);
      if (item.note) { name.appendChild(el("span", "hall-sub", item.note)); }
      row.appendChild(name);
      item.figures.forEach(function (figure) { row.appendChild(el("span", "hall-fig", figure)); });
      return row;
    });
    var head = line("hall-colhead");
    head.appendChild(el("span", "hall-rank", "#"));
    head.appendChild(el("span", "", data.player_word));
    table.columns.forEach(function (column) { head.appendChild(el("span", "hall-fig", column)); });
    var title = table.title + " · " + (table.final ? "final" : "indicative");
    return { view: "standings", title: title, rows: rows, head: head, empty: "No standings yet." };
  }

  function announcementsView() {
    var rows = data.announcements.map(function (item) { return el("p", "hall-announcement", item.text); });
    return { view: "announcements", title: "Announcements", rows: rows, head: null, wrap: true, empty: "" };
  }

  var VIEWS = { pairings: pairingsView, names: namesView, standings: standingsView, announcements: announcementsView };

  // --- laying a view out in pages ------------------------------------------------------------

  function gapPx() {
    return parseFloat(getComputedStyle(document.documentElement).fontSize) * 1.2;
  }

  // Heights of `rows` (and the column head) set in a column `width` px wide.
  function measure(spec, width) {
    var box = el("div", "hall-measure hall-col" + (width === null ? " hall-natural" : ""));
    box.style.width = width === null ? "max-content" : width + "px";
    var all = spec.head ? [spec.head].concat(spec.rows) : spec.rows;
    all.forEach(function (row) { box.appendChild(row); });
    body.appendChild(box);
    var sizes = all.map(function (row) {
      var rect = row.getBoundingClientRect();
      return { width: Math.ceil(row.scrollWidth), height: rect.height };
    });
    body.removeChild(box);
    return { head: spec.head ? sizes[0] : { width: 0, height: 0 }, rows: spec.head ? sizes.slice(1) : sizes };
  }

  // The rows a column shows fold onto a second line when wider than it: a few long names
  // should not cost every other row its columns.
  var FOLDING = 0.75; // columns as wide as three rows in four need; the widest quarter fold

  function paginate(spec) {
    var style = getComputedStyle(body);
    var width = body.clientWidth;
    var height = body.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
    var gap = gapPx();
    if (!spec.rows.length) {
      return spec.empty ? [{ view: spec.view, title: spec.title, message: spec.empty, rows: 0 }] : [];
    }
    spec.rows.forEach(function (row) { row.classList.remove("hall-fold"); });
    var natural = measure(spec, null);
    var widths = natural.rows.map(function (r) { return r.width; }).sort(function (a, b) { return a - b; });
    var typical = Math.max(natural.head.width, widths[Math.floor(FOLDING * (widths.length - 1))]);
    var columns = spec.wrap ? 1 : Math.max(1, Math.floor((width + gap) / (typical + gap)));
    var fits = Math.max(1, Math.floor((height - natural.head.height) / Math.max(1, natural.rows[0].height)));
    // No more columns than the rows fill (a short list stays in one readable column).
    columns = Math.max(1, Math.min(columns, Math.ceil(spec.rows.length / fits)));
    var colWidth = (width - gap * (columns - 1)) / columns;
    spec.rows.forEach(function (row, i) {
      if (spec.wrap || natural.rows[i].width > colWidth) { row.classList.add("hall-fold"); }
    });
    var sized = measure(spec, colWidth);
    var out = [], page = null, column = null, used = 0;
    spec.rows.forEach(function (row, i) {
      var h = sized.rows[i].height;
      if (column === null || (used + h > height && column.length > 0)) {
        if (page === null || page.columns.length === columns) {
          page = { view: spec.view, title: spec.title, head: spec.head, columns: [], rows: 0 };
          out.push(page);
        }
        column = [];
        page.columns.push(column);
        used = sized.head.height;
      }
      column.push(row);
      page.rows += 1;
      used += h;
    });
    return out;
  }

  function build() {
    var views = config.views.length ? config.views : ["pairings", "names", "standings", "announcements"];
    var out = [];
    views.forEach(function (name) { out = out.concat(paginate(VIEWS[name]())); });
    if (!out.length) { out.push({ view: "none", title: roundTitle() || "Welcome", message: "Nothing to show yet.", rows: 0 }); }
    return out;
  }

  // --- showing a page ------------------------------------------------------------------------

  function numberOf(page) {
    var same = pages.filter(function (p) { return p.view === page.view; });
    return { at: same.indexOf(page) + 1, of: same.length };
  }

  // `left`: ms this page still has (a refresh does not restart its time, or a round's end,
  // a new version every few seconds, would hold one page up for good).
  function show(left) {
    var page = pages[index];
    body.textContent = "";
    if (page.message) {
      body.appendChild(el("p", "hall-message", page.message));
    } else {
      page.columns.forEach(function (rows) {
        var column = el("div", "hall-col");
        if (page.head) { column.appendChild(page.head.cloneNode(true)); }
        rows.forEach(function (row) { column.appendChild(row); });
        body.appendChild(column);
      });
    }
    var n = numberOf(page);
    viewLabel.textContent = page.title;
    pageLabel.textContent = n.of > 1 ? "page " + n.at + " of " + n.of : "";
    root.setAttribute("data-view", page.view);
    root.setAttribute("data-page", String(n.at));
    root.setAttribute("data-pages", String(n.of));
    root.setAttribute("data-index", String(index));
    if (left === undefined) { shownAt = Date.now(); }
    schedule(left);
  }

  function seconds(page) {
    if (config.seconds) { return config.seconds; }
    var low = config.range[0], high = config.range[1];
    return Math.min(high, Math.max(low, 8 + page.rows * 0.25));
  }

  function schedule(left) {
    window.clearTimeout(timer);
    if (held || pages.length < 2) { return; }
    var full = 1000 * seconds(pages[index]);
    timer = window.setTimeout(advance, left === undefined ? full : Math.max(0, Math.min(full, left)));
  }

  function advance() {
    if (!pages.length) { return state(); }
    index = (index + 1) % pages.length;
    show();
    return state();
  }

  function state() {
    var page = pages[index] || {};
    var n = page.view ? numberOf(page) : { at: 0, of: 0 };
    return { view: page.view || "", page: n.at, pages: n.of, index: index, total: pages.length, version: data ? data.version : null };
  }

  // A new version, or a new size: lay out again, staying on the same view where it can.
  function relayout() {
    if (!data) { return; }
    var was = pages[index];
    pages = build();
    var again = was ? pages.filter(function (p) { return p.view === was.view; }) : [];
    var n = was ? numberOf(was) : { at: 1 };
    index = again.length ? pages.indexOf(again[Math.min(n.at, again.length) - 1]) : 0;
    var same = was && pages[index] && pages[index].view === was.view;
    show(same && shownAt ? 1000 * seconds(pages[index]) - (Date.now() - shownAt) : undefined);
  }

  function poll() {
    if (asking) { return; }
    var headers = { "Accept": "application/json" };
    if (etag) { headers["If-None-Match"] = etag; }
    asking = true;
    window.fetch(config.data, { credentials: "same-origin", cache: "no-store", headers: headers })
      .then(function (response) {
        if (response.status === 304 || !response.ok) { return null; }
        var tag = response.headers.get("ETag");
        return response.json().then(function (got) { return { got: got, tag: tag }; });
      })
      .then(function (answer) {
        asking = false;
        if (answer) {
          etag = answer.tag;
          data = answer.got;
          relayout();
          root.setAttribute("data-version", String(data.version));
        }
      })
      .catch(function () { asking = false; /* offline: keep showing what we have */ });
  }

  var resizing = null;
  window.addEventListener("resize", function () {
    window.clearTimeout(resizing);
    resizing = window.setTimeout(relayout, 200);
  });

  window.MusterHallScreen = {
    advance: advance,
    state: state,
    hold: function () { held = true; window.clearTimeout(timer); return state(); },
    refresh: poll
  };
  poll();
  window.setInterval(poll, 1000 * config.poll);
}());
