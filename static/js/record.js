// Record pads: the live check rewrites the error slots beside the fields (htmx out-of-band swaps); this marks
// each control that names a slot with a problem as aria-invalid, and after a refused save puts focus on the
// summary so it is read first. The checks themselves run on the server (the game's tally), never here.
(function () {
  function markInvalid(root) {
    root.querySelectorAll(".field-errors[id]").forEach(function (slot) {
      var bad = slot.querySelector("li") !== null;
      document.querySelectorAll('[aria-describedby~="' + slot.id + '"]').forEach(function (control) {
        if (bad) { control.setAttribute("aria-invalid", "true"); } else { control.removeAttribute("aria-invalid"); }
        var field = control.closest(".field");
        if (field) { field.classList.toggle("has-errors", bad); }
      });
    });
  }
  document.addEventListener("DOMContentLoaded", function () {
    markInvalid(document);
    var summary = document.getElementById("record-problems");
    if (summary && summary.getAttribute("role") === "alert" && summary.querySelector("li")) { summary.focus(); }
  });
  document.addEventListener("htmx:afterSettle", function () { markInvalid(document); });
})();
