/* The scorer's pages: what used to be inline in the templates (the pages carry no inline
   script, for the Content-Security-Policy).

   - (`data-confirm` on a button or form, the void deal and the withdrawal of the last deal,
     is every page's: static/js/site.js.)
   - After a deal is saved the new totals are at the top; after a refusal the first error is
     where the thumb has to go. */
(function () {
  "use strict";

  function focusSheet(afterSave) {
    var sheet = document.getElementById("sheet");
    if (!sheet) return;
    var err = sheet.querySelector(".field-errors, [role=alert]");
    if (err) { err.scrollIntoView({ block: "center" }); }
    else if (afterSave) { sheet.scrollIntoView({ block: "start" }); }
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
