/* The scorer's pages: what used to be inline in the templates (the pages carry no inline
   script, for the Content-Security-Policy).

   - (`data-confirm` on a button or form, the void deal and the withdrawal of the last deal,
     is every page's: static/js/site.js.)
   - After a deal is saved the new totals are at the top; after a refusal the first error is
     where the thumb has to go: on the table's page and on the correction page alike, it is
     scrolled to the middle of the screen and its field takes the focus. */
(function () {
  "use strict";

  var FIELDS = "input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea";

  // The field an error is about: in the error's own row, label or fieldset.
  function fieldOf(err) {
    var box = err.closest(".field-error, label, fieldset, details");
    if (!box) {
      var form = document.querySelector("form.deal-form");
      box = err.getAttribute("role") === "alert" && form ? form : null;
    }
    if (!box) return null;
    var inputs = box.querySelectorAll(FIELDS);
    for (var k = 0; k < inputs.length; k += 1) {
      if (inputs[k].getClientRects().length) return inputs[k];
    }
    return null;
  }

  function showError(err) {
    var details = err.closest("details");
    if (details) details.open = true;
    var field = fieldOf(err);
    if (field) field.focus({ preventScroll: true });
    err.scrollIntoView({ block: "center" });
  }

  function focusSheet(afterSave) {
    var sheet = document.getElementById("sheet");
    // The correction page has no sheet: its form is the page.
    var area = sheet || document.querySelector("form.deal-form");
    if (!area) return;
    var scope = sheet || area.parentNode;
    var err = scope.querySelector(".field-errors, [role=alert]");
    if (err) { showError(err); }
    else if (afterSave && sheet) { sheet.scrollIntoView({ block: "start" }); }
  }

  function start() {
    focusSheet(false);
    document.body.addEventListener("htmx:afterSwap", function () { focusSheet(true); });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
}());
