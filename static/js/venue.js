/* The venue's pages (docs/venue.md): "Print the door sign" (`data-print`) prints the page,
 * whose print stylesheet (static/css/venue.css) keeps only the sign. No dependencies. */
(function () {
  "use strict";
  document.addEventListener("click", function (event) {
    var button = event.target instanceof Element ? event.target.closest("[data-print]") : null;
    if (button) { window.print(); }
  });
})();
