// The live match page: keep pushed tables in order and show whether the connection is live.
(function () {
  const status = () => document.getElementById("live-status");
  const table = (root) => root.querySelector("#table");
  document.addEventListener("htmx:wsBeforeMessage", (event) => {
    const incoming = table(new DOMParser().parseFromString(event.detail.message, "text/html"));
    const shown = table(document);
    if (!incoming || !shown) return;
    // A push made before the table we already show (a slow socket, a move of our own) must not undo it,
    // and one that shows the same thing must not redraw it (an open choice would close).
    if (Number(incoming.dataset.version) < Number(shown.dataset.version)
        || incoming.dataset.stamp === shown.dataset.stamp) event.preventDefault();
  });
  document.addEventListener("htmx:beforeSwap", (event) => {
    // The answer to our own move can arrive after pushes of later moves (a bot answering at once): the table
    // on the page is then newer, and the answer must not take it back.
    if (event.detail.target.id !== "table") return;
    const incoming = table(new DOMParser().parseFromString(event.detail.serverResponse, "text/html"));
    const shown = table(document);
    // A refused move (4xx: a stale table, an illegal move; 503: the server is busy, try again) answers the
    // fresh table and the reason; htmx 2 does not swap error answers by itself.
    const status = event.detail.xhr.status;
    if (incoming && ((status >= 400 && status < 500) || status === 503)) {
      event.detail.shouldSwap = true;
      event.detail.isError = false;
    }
    if (incoming && shown && Number(incoming.dataset.version) < Number(shown.dataset.version)) {
      event.detail.shouldSwap = false;
    }
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
