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
    // The minutes are not announced (a screen reader would read them out all round long);
    // the moment time is up is: the span becomes a status region just before it changes.
    if (minutes <= 0 && out.getAttribute("role") !== "status") out.setAttribute("role", "status");
    out.textContent = minutes > 0
      ? "(" + clock.getAttribute("data-t-left").replace("__N__", String(minutes)) + ")"
      : "— " + clock.getAttribute("data-t-up");
    out.classList.toggle("time-up", minutes <= 0);
    // What waits for time to be up (the scorer's "close the table") shows itself then; the
    // server refuses it before (round_time_not_up) all the same.
    if (minutes <= 0) {
      document.querySelectorAll("[data-shown-at-time-up][hidden]").forEach(function (el) {
        el.hidden = false;
      });
    }
  }
  var timer = null;
  function tickAll() {
    var clocks = document.querySelectorAll("time[data-countdown]");
    clocks.forEach(tick);
    // The 20-second tick runs only while the page shows a clock.
    if (clocks.length && timer === null) timer = window.setInterval(tickAll, 20000);
    else if (!clocks.length && timer !== null) {
      window.clearInterval(timer);
      timer = null;
    }
  }
  function start() {
    tickAll();
    document.body.addEventListener("htmx:afterSwap", tickAll);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
}());
