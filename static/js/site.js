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
