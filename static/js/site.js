// Behaviour shared by every page, kept out of the HTML: the Content-Security-Policy runs no
// inline script or event handler.

// A <select data-autosubmit> sends its form as soon as another option is chosen (the language
// switch, the leaderboard's club).
document.addEventListener("change", function (event) {
  var target = event.target;
  if (!(target instanceof HTMLSelectElement) || !target.hasAttribute("data-autosubmit")) return;
  if (!target.form) return;
  if (typeof target.form.requestSubmit === "function") target.form.requestSubmit();
  else target.form.submit();
});

// A button or form with `data-confirm="question"` asks before it submits (the scorer's void
// deal, an organiser removing a player). It listens in the capture phase on the document, so
// that it runs before htmx and the scorer page's offline queue see the submission.
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

// The round's clock [время тура]: each <time data-countdown datetime="…"> gets the minutes
// left in the <span class="countdown"> beside it (its data-t-left with __N__ for the number),
// then its data-t-up once time is up; updated every 20 s, and again when htmx swaps a part of
// the page in (the live pages poll).
(function () {
  function tick(clock) {
    var out = clock.parentNode && clock.parentNode.querySelector(".countdown");
    var ends = Date.parse(clock.getAttribute("datetime"));
    if (!out || isNaN(ends)) return;
    var minutes = Math.ceil((ends - Date.now()) / 60000);
    out.textContent = minutes > 0
      ? "(" + clock.getAttribute("data-t-left").replace("__N__", String(minutes)) + ")"
      : "— " + clock.getAttribute("data-t-up");
    out.classList.toggle("time-up", minutes <= 0);
  }
  function tickAll() {
    document.querySelectorAll("time[data-countdown]").forEach(tick);
  }
  function start() {
    tickAll();
    window.setInterval(tickAll, 20000);
    document.body.addEventListener("htmx:afterSwap", tickAll);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
}());
