// Behaviour shared by every page, kept out of the HTML: the Content-Security-Policy runs no
// inline script or event handler.

// A <select data-autosubmit> sends its form as soon as another option is chosen. No page uses
// it now: a change event fires on a single arrow key, which switched the page away (WCAG
// 3.2.2); the language switch and the leaderboard's filters have a button.
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

// What a page says without reloading, for screen readers: an element swapped in by htmx with
// data-announce="…" (the scorer's "Deal 3 saved.") has its words put in the page's status
// region (#announce, templates/base.html), which lives outside every swapped part: a region
// swapped in with its words already in it is not read out.
(function () {
  function announce(text) {
    var region = document.getElementById("announce");
    if (!region || !text) return;
    // Emptied, then filled a moment later: the same words twice are a change too.
    region.textContent = "";
    window.setTimeout(function () { region.textContent = text; }, 100);
  }
  window.siteAnnounce = announce;
  document.addEventListener("htmx:afterSwap", function () {
    document.querySelectorAll("[data-announce]:not([data-announced])").forEach(function (el) {
      el.setAttribute("data-announced", "");
      announce(el.getAttribute("data-announce"));
    });
  });
}());

// The live pages' parts ([data-live]: the tables, the standings, the big screen) refresh
// themselves with htmx every few seconds. WCAG 2.2.2: the visitor can pause that with the
// page's button ([data-live-toggle], kept for the tab in sessionStorage: the next live page
// stays paused), and a part that holds the focus (a link Tabbed to, a screen reader's place)
// is not replaced under it: its refresh waits until the focus leaves it.
(function () {
  var KEY = "deberc-live-paused";
  var memory = false;  // when sessionStorage is refused (a private window's settings)

  function paused() {
    try { return window.sessionStorage.getItem(KEY) === "1"; } catch (err) { return memory; }
  }

  function setPaused(value) {
    memory = value;
    try {
      if (value) window.sessionStorage.setItem(KEY, "1");
      else window.sessionStorage.removeItem(KEY);
    } catch (err) { /* kept in memory only */ }
  }

  function show() {
    var live = document.querySelector("[data-live]");
    document.querySelectorAll("[data-live-toggle]").forEach(function (button) {
      button.hidden = !live;
      button.textContent = button.getAttribute(paused() ? "data-t-resume" : "data-t-pause");
      button.setAttribute("data-paused", paused() ? "1" : "0");
    });
  }

  document.addEventListener("htmx:beforeRequest", function (evt) {
    var elt = evt.detail && evt.detail.elt;
    if (!elt || !elt.hasAttribute || !elt.hasAttribute("data-live")) return;
    var focused = document.activeElement;
    if (paused() || (focused && focused !== document.body && elt.contains(focused))) {
      evt.preventDefault();
    }
  });

  document.addEventListener("click", function (evt) {
    var button = evt.target.closest ? evt.target.closest("[data-live-toggle]") : null;
    if (!button) return;
    setPaused(!paused());
    show();
    if (window.siteAnnounce) {
      window.siteAnnounce(button.getAttribute(paused() ? "data-t-paused" : "data-t-resumed"));
    }
  });

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", show);
  else show();
}());

// A table wider than the screen scrolls sideways in its own box (.table-scroll), and the
// keyboard must be able to scroll it too (WCAG 2.1.1): a box that scrolls takes the focus
// (tabindex 0: the arrow keys then scroll it), as a region named after its table, so that a
// screen reader says what has the focus. A box that fits stays out of the Tab order. Checked
// again when the window's width changes and when htmx swaps a part of the page in.
(function () {
  function nameOf(box) {
    var caption = box.querySelector("caption");
    if (caption && caption.textContent.trim()) return caption.textContent.trim();
    var scope = box.closest("section, article, .card");
    var heading = (scope && scope.querySelector("h1, h2, h3")) || document.querySelector("h1");
    return heading ? heading.textContent.trim() : document.title;
  }

  function mark(box) {
    var scrolls = box.scrollWidth > box.clientWidth + 1;
    var marked = box.hasAttribute("data-scrolls");
    if (scrolls && !marked) {
      box.setAttribute("data-scrolls", "");
      box.setAttribute("tabindex", "0");
      box.setAttribute("role", "region");
      box.setAttribute("aria-label", nameOf(box));
    } else if (!scrolls && marked) {
      ["data-scrolls", "tabindex", "role", "aria-label"].forEach(function (name) {
        box.removeAttribute(name);
      });
    }
  }

  var pending = null;
  function markAll() {
    pending = null;
    document.querySelectorAll(".table-scroll").forEach(mark);
  }
  function later() {
    if (pending === null) pending = window.requestAnimationFrame(markAll);
  }
  function start() {
    markAll();
    window.addEventListener("resize", later);
    document.body.addEventListener("htmx:afterSwap", later);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
}());
