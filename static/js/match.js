// The live match page: keep pushed tables in order, show whether the connection is live, keep the keyboard
// player's place across redrawn tables, and announce what changed in a live region outside the table.
(function () {
  const status = () => document.getElementById("live-status");
  const table = (root) => root.querySelector("#table");
  const focusable = "button:not([disabled]), input:not([disabled]):not([type=hidden]), select, textarea, a[href], summary";

  // This page's own name, random: its socket's address carries it (set here, before htmx opens the socket) and so
  // does every request it makes (X-Page). The socket of the page that made a move then does not forward that
  // move's table, the page's answer; its other tabs still get it. Should the answer of a move not come (the
  // network dropped it, a server error answered no table), the page fetches its table itself, once.
  const page = [...crypto.getRandomValues(new Uint8Array(8))].map((b) => b.toString(16).padStart(2, "0")).join("");
  const live = document.getElementById("live");
  if (live && live.getAttribute("ws-connect")) {
    const address = live.getAttribute("ws-connect");
    live.setAttribute("ws-connect", `${address}${address.includes("?") ? "&" : "?"}page=${page}`);
  }
  document.addEventListener("htmx:configRequest", (event) => { event.detail.headers["X-Page"] = page; });
  function refetch(event) {
    const request = event.detail.requestConfig;
    const move = request && request.verb === "post" && /\/move\/$/.test(request.path);
    if (!move || !live || !live.dataset.tableUrl || !table(document)) return;  // a GET (this one too) never
    htmx.ajax("GET", live.dataset.tableUrl, {target: "#table", swap: "outerHTML"});
  }
  document.addEventListener("htmx:sendError", refetch);

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
    } else if (!incoming && status >= 500) {
      refetch(event);  // a server error answered no table: the move may have been applied all the same
    }
    if (incoming && shown && Number(incoming.dataset.version) < Number(shown.dataset.version)) {
      event.detail.shouldSwap = false;
    }
  });

  // --- The keyboard player's place -------------------------------------------------------------------------
  // A control of the table is known by what it does (its action, or its name and value), so the same control
  // in the redrawn table is found again; when it is gone, focus goes to the first thing the table offers now.
  function keyOf(element) {
    const form = element.closest("form");
    const action = form && form.querySelector("input[name=action]");
    const own = element.name ? `${element.name}=${element.value}` : element.id || element.textContent.trim();
    return `${action ? action.value : ""}|${own}`;
  }
  let place = null;  // {key, index} of the last control focused inside the table
  let keyboard = false;
  document.addEventListener("keydown", () => { keyboard = true; }, true);
  document.addEventListener("pointerdown", () => { keyboard = false; }, true);
  document.addEventListener("focusin", (event) => {
    const shown = table(document);
    if (shown && shown.contains(event.target)) {
      place = {key: keyOf(event.target), index: [...shown.querySelectorAll(focusable)].indexOf(event.target)};
    } else if (!event.target.closest("#live")) {
      place = null;  // the player went elsewhere on the page: a redrawn table must not pull them back
    }
  });
  function restorePlace() {
    const shown = table(document);
    if (!shown || !place) return;
    const active = document.activeElement;
    if (active && active !== document.body && document.contains(active)) return;  // focus was not lost
    const controls = [...shown.querySelectorAll(focusable)];
    const main = [...shown.querySelectorAll(`.table-main :is(${focusable})`)];
    const target = controls.find((c) => keyOf(c) === place.key) || main[0] || controls[0];
    if (!target) return;
    target.focus({preventScroll: !keyboard});
    if (keyboard) target.scrollIntoView({block: "nearest"});
  }

  // --- What changed, said once -----------------------------------------------------------------------------
  // A new table says, in the log's own words, the lines added since the table shown before (oldest first), then
  // the status line and how the match ended when these changed. A table of the same version (a reconnecting
  // socket, a rematch offered, the hot-seat player showing their cards) says nothing: nothing is repeated.
  const words = (element) => (element?.textContent || "").replace(/\s+/g, " ").trim();
  function told(shown) {
    return {
      version: shown.dataset.version,
      lines: [...shown.querySelectorAll(".match-log .log li:not(.muted)")].map(words),  // newest first
      status: words(shown.querySelector(".table-status")) || words(shown.querySelector(".handover h2")),
      ended: words(shown.querySelector(".match-ended")),
    };
  }
  // The log shows its latest lines only, so the new ones are those before the point where the old list
  // starts again.
  function added(before, now) {
    for (let k = 0; k < now.length; k++) {
      if (now.slice(k).every((line, i) => line === before[i])) return now.slice(0, k);
    }
    return now;
  }
  let said = null;
  function announce() {
    const shown = table(document);
    const announcer = document.getElementById("match-announcer");
    if (!shown || !announcer) return;
    const now = told(shown);
    if (said && now.version !== said.version) {
      const parts = added(said.lines, now.lines).reverse();
      if (now.status !== said.status) parts.push(now.status);
      if (now.ended !== said.ended) parts.push(now.ended);
      const text = parts.filter(Boolean).join(" ");
      if (text) announcer.textContent = text;
    }
    said = now;
  }

  function finished() {
    const shown = table(document);
    const s = status();
    if (shown && s && shown.dataset.status === "finished") {
      s.textContent = s.dataset.finished || "Finished";  // the words come from the page, in its language
      s.className = "live-status badge muted";
      return true;
    }
    return false;
  }
  function redrawn() {
    restorePlace();
    announce();
    finished();
  }
  document.addEventListener("htmx:afterSettle", redrawn);
  document.addEventListener("htmx:oobAfterSwap", () => setTimeout(redrawn));
  document.addEventListener("DOMContentLoaded", announce);

  document.addEventListener("htmx:wsOpen", () => {
    const s = status();
    if (s && !finished()) { s.textContent = s.dataset.live || "Live"; s.className = "live-status badge good"; }
  });
  document.addEventListener("htmx:wsClose", () => {
    const s = status();
    if (s && !finished()) { s.textContent = s.dataset.reconnecting || "Reconnecting…"; s.className = "live-status badge"; }
  });
})();
