// The rule-article lists of the ruling and card forms: a search box above each list keeps
// only the articles whose title holds what is typed (a chosen one always stays). Without
// this script the list is a plain select of titles and works the same.
(function () {
  "use strict";

  function fold(text) {
    return text.toLocaleLowerCase().replace(/ё/g, "е").trim();
  }

  function filter(select, query) {
    var wanted = fold(query);
    select.querySelectorAll("optgroup").forEach(function (group) {
      var shown = 0;
      group.querySelectorAll("option").forEach(function (option) {
        var keep = !wanted || option.selected || fold(option.textContent).indexOf(wanted) >= 0 ||
          fold(group.label).indexOf(wanted) >= 0;
        option.hidden = !keep;
        if (keep) {
          shown += 1;
        }
      });
      group.hidden = shown === 0;
    });
  }

  function start() {
    document.querySelectorAll("select[data-article-picker]").forEach(function (select) {
      var box = document.createElement("input");
      box.type = "search";
      box.className = "article-search";
      box.placeholder = select.getAttribute("data-search-label") || "";
      box.setAttribute("aria-label", box.placeholder);
      box.setAttribute("data-testid", "article-search");
      box.addEventListener("input", function () {
        filter(select, box.value);
      });
      select.parentNode.insertBefore(box, select);
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
