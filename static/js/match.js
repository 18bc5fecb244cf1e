// The live match page: keep pushed tables in order, show whether the connection is live, keep the keyboard
// player's place across redrawn tables, and announce what changed in a live region outside the table.
(function () {
  const status = () => document.getElementById("live-status");
  const table = (root) => root.querySelector("#table");

  document.addEventListener("htmx:wsBeforeMessage", (event) => {
    const incoming = table(new DOMParser().parseFromString(event.detail.message, "text/html"));
    const shown = table(document);
    if (!incoming || !shown) return;
    // A push made before the table we already show (a slow socket) must not undo it, and one that shows the
    // same thing (our own move's, whose answer came first) must not redraw it (an open choice would close).
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
    // Every socket of the mover's audience gets the move's table too, this page's own: whichever of the two
    // comes second shows nothing new and is not drawn again (a refusal is, for its reason).
    if (incoming && shown && (Number(incoming.dataset.version) < Number(shown.dataset.version)
        || (status === 200 && incoming.dataset.stamp === shown.dataset.stamp))) {
      event.detail.shouldSwap = false;
    }
  });

  // --- The keyboard player's place -------------------------------------------------------------------------
  // A control of the table is known by what it does (its move, then its id, its name and value, the data that
  // names it on a board, its label), so the same control is found again in the redrawn table, whoever's move
  // redrew it. When it is gone, focus goes to the first control of a move the table offers now (never a zoom or
  // pan button, which changes nothing), and when there is none, to the table itself: never to the top of the page.
  const focusable = "button:not([disabled]), input:not([disabled]):not([type=hidden]), select:not([disabled]), "
    + "textarea:not([disabled]), a[href], summary, [tabindex]:not([tabindex='-1'])";
  const moveControls = `form:has(input[name=action]) :is(${focusable})`;
  function keyOf(element) {
    const form = element.closest("form");
    const action = form && form.querySelector("input[name=action]");
    const data = Object.entries(element.dataset).filter(([name]) => !["pick", "lights"].includes(name))
      .map(([name, value]) => `${name}=${value}`).sort().join("&");
    const own = element.id || (element.name ? `${element.name}=${element.value}` : "") || data
      || element.getAttribute("aria-labelledby") || element.getAttribute("aria-label")
      || (element.matches("select, textarea") ? element.className : element.textContent.trim());
    return `${action ? action.value : ""}|${element.tagName}|${own}`;
  }
  let place = null;  // the key of the last control focused inside the table, or {table: true} for the table itself
  let keyboard = false;
  document.addEventListener("keydown", () => { keyboard = true; }, true);
  document.addEventListener("pointerdown", () => { keyboard = false; }, true);
  document.addEventListener("focusin", (event) => {
    const shown = table(document);
    if (shown && event.target === shown) {
      place = {table: true};  // where focus was put for want of a control: the next table offers its own first
    } else if (shown && shown.contains(event.target)) {
      place = {key: keyOf(event.target)};
    } else if (!event.target.closest("#live")) {
      place = null;  // the player went elsewhere on the page: a redrawn table must not pull them back
    }
  });
  function restorePlace() {
    const shown = table(document);
    if (!shown || !place) return;
    const active = document.activeElement;
    if (active && active !== document.body && document.contains(active)) return;  // focus was not lost
    const shownOnes = (selector) => [...shown.querySelectorAll(selector)].filter((c) => c.checkVisibility());
    const same = place.key && shownOnes(focusable).find((c) => keyOf(c) === place.key);
    let target = same || shownOnes(moveControls)[0];
    if (!target) {
      shown.setAttribute("tabindex", "-1");  // focusable by script only: Tab goes on to the table's controls
      target = shown;
    }
    if (target === shown) { shown.focus({preventScroll: true}); return; }  // the page stays where it was
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
  // The server's own codes (4000 and up: no such match, a socket sending too fast, the oldest of too many sockets
  // of this player on this match, games/socket_limits.py) are not retried: the badge says to reload instead.
  document.addEventListener("htmx:wsClose", (event) => {
    const s = status();
    if (!s || finished()) return;
    const code = event.detail.event ? event.detail.event.code : 1006;
    if (code >= 4000) {
      s.textContent = code === 4409 ? s.dataset.elsewhere : s.dataset.stopped;
      s.className = "live-status badge bad";
    } else {
      s.textContent = s.dataset.reconnecting || "Reconnecting…";
      s.className = "live-status badge";
    }
  });
})();
