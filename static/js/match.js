// The live match page: keep pushed tables in order and show whether the connection is live.
(function () {
  const status = () => document.getElementById("live-status");
  const version = (root) => {
    const table = root.querySelector ? root.querySelector("#table") : null;
    return table ? Number(table.dataset.version) : -1;
  };
  document.addEventListener("htmx:wsBeforeMessage", (event) => {
    // A push made before the table we already show (a slow socket, a move of our own) must not undo it.
    const incoming = new DOMParser().parseFromString(event.detail.message, "text/html");
    if (version(incoming) < version(document)) event.preventDefault();
  });
  document.addEventListener("htmx:wsOpen", () => {
    const s = status();
    if (s) { s.textContent = "Live"; s.className = "live-status badge good"; }
  });
  document.addEventListener("htmx:wsClose", () => {
    const s = status();
    if (s) { s.textContent = "Reconnecting…"; s.className = "live-status badge"; }
  });
})();
