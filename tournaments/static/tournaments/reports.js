// The tournament's Reports page (tournaments/reports/jobs.html).

// An order refused by the server (400) shows its reason instead of adding a row.
document.body.addEventListener("htmx:beforeSwap", function (event) {
  if (event.detail.xhr.status === 400 && event.detail.requestConfig.verb === "post") {
    event.detail.shouldSwap = true;
    event.detail.isError = false;
    event.detail.target = document.getElementById("order-error");
    event.detail.swapOverride = "innerHTML";
  }
});
document.body.addEventListener("htmx:afterSwap", function () {
  var none = document.getElementById("no-jobs");
  if (none && document.querySelector("#jobs li")) none.remove();
});
