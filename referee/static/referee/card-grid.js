// The referee's card grids: tapping a card toggles its (hidden) checkbox and marks it.
// Without this script the grid is a table of plain checkboxes and works the same.
// Also: choosing a table reloads the page with it, so that the seats carry the players' names.
(function () {
  "use strict";

  function mark(grid) {
    grid.querySelectorAll("input").forEach(function (input) {
      var cell = input.closest(".card-cell");
      if (cell) {
        cell.classList.toggle("is-chosen", input.checked);
      }
    });
  }

  function start() {
    document.querySelectorAll("[data-card-grid]").forEach(function (grid) {
      grid.classList.add("card-grid--js");
      mark(grid);
      grid.addEventListener("change", function () {
        mark(grid);
      });
    });
    document.querySelectorAll("select[data-table-select]").forEach(function (select) {
      select.addEventListener("change", function () {
        var url = new URL(window.location.href);
        if (select.value) {
          url.searchParams.set("table", select.value);
        } else {
          url.searchParams.delete("table");
        }
        window.location.assign(url.toString());
      });
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
