/* The scorer's pages: what used to be inline in the templates (the pages carry no inline
   script, for the Content-Security-Policy).

   - (`data-confirm` on a button or form, the void deal and the withdrawal of the last deal,
     is every page's: static/js/site.js.)
   - After a deal is saved the new totals are at the top, and the focus goes to the next
     deal's heading (the page's status region says "Deal 3 saved.": static/js/site.js); it
     used to drop to <body>, where a screen reader starts the page again. After a refusal the
     first error is where the thumb has to go: on the table's page and on the correction page
     alike, it is scrolled to the middle of the screen and its field takes the focus (the
     field names its error in aria-describedby).
   - The action bar stays on the screen's bottom edge, so the page keeps a scroll padding as
     tall as the bar (scorer.css): a field the keyboard moves to, or an error scrolled to,
     lands above the bar, never under it (WCAG 2.4.11). The bar is measured, not assumed: it
     wraps to two rows in Ukrainian on a narrow phone and grows with the reader's font. */
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
    // A field's own error first: the line above the form only says that fields were refused.
    var err = scope.querySelector(".field-errors") || scope.querySelector("[role=alert]");
    if (err) { showError(err); }
    else if (afterSave && sheet) {
      sheet.scrollIntoView({ block: "start" });
      // The next deal's heading, or the sheet's own when the match is over.
      var heading = sheet.querySelector("[data-testid=form-heading]") || sheet.querySelector("h1");
      if (heading) {
        heading.setAttribute("tabindex", "-1");
        heading.focus({ preventScroll: true });
      }
    }
  }

  // The action bar's height as --actions-height (scorer.css), kept while the bar changes
  // size. A saved deal swaps the sheet, and with it the bar: the new bar is watched, the one
  // taken away no longer is (nor measured, were its last size reported late).
  var barWatched = null;
  var barObserver = window.ResizeObserver ? new ResizeObserver(measureBar) : null;
  function measureBar() {
    if (!barWatched || !barWatched.isConnected) return;
    var height = Math.ceil(barWatched.getBoundingClientRect().height);
    document.documentElement.style.setProperty("--actions-height", height + "px");
  }
  function padForActions() {
    var bar = document.querySelector(".actions");
    if (!bar || bar === barWatched) return;
    if (barObserver && barWatched) barObserver.unobserve(barWatched);
    barWatched = bar;
    measureBar();
    if (barObserver) barObserver.observe(bar);
  }

  function start() {
    padForActions();
    focusSheet(false);
    document.body.addEventListener("htmx:afterSwap", function () {
      padForActions();
      focusSheet(true);
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
}());
