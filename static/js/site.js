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
})();
