// The text-first mode's command line (games/templates/games/command_line.html): its refusals (4xx, 503) are said
// like its answers, the line is cleared once it was understood, and a table that comes with an answer never takes
// back a newer one that a push already drew.
(function () {
  document.addEventListener("htmx:beforeSwap", (event) => {
    if (event.detail.target.id !== "command-answer") return;
    const status = event.detail.xhr.status;
    if ((status >= 400 && status < 500) || status === 503) {
      event.detail.shouldSwap = true;
      event.detail.isError = false;
    }
  });
  document.addEventListener("htmx:oobBeforeSwap", (event) => {
    const incoming = event.detail.fragment && event.detail.fragment.querySelector
      ? event.detail.fragment.querySelector("#table") : null;
    const shown = document.getElementById("table");
    if (event.detail.target.id === "table" && incoming && shown
        && (Number(incoming.dataset.version) < Number(shown.dataset.version)
            || incoming.dataset.stamp === shown.dataset.stamp)) {
      event.detail.shouldSwap = false;
    }
  });
  document.addEventListener("htmx:afterRequest", (event) => {
    const form = event.detail.elt;
    if (!form || form.id !== "command-form") return;
    const input = document.getElementById("command-input");
    if (event.detail.xhr.status === 200 && input) input.value = "";
    if (input) input.focus({ preventScroll: true });
  });
})();
