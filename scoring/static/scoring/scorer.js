/* The scorer's pages: what used to be inline in the templates (the pages carry no inline
   script, for the Content-Security-Policy).

   - A button or form with `data-confirm="question"` asks before it submits (the void deal, the
     withdrawal of the last deal). It listens in the capture phase on the document, so that it
     runs before htmx and the offline queue (scoring/offline.js) see the submission.
   - After a deal is saved the new totals are at the top; after a refusal the first error is
     where the thumb has to go. */
(function () {
  "use strict";

  document.addEventListener("submit", function (evt) {
    var form = evt.target;
    var submitter = evt.submitter;
    var question = (submitter && submitter.getAttribute("data-confirm")) ||
      (form && form.getAttribute && form.getAttribute("data-confirm"));
    if (question && !window.confirm(question)) {
      evt.preventDefault();
      evt.stopImmediatePropagation();
    }
  }, true);

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
