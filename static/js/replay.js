// The replay page: arrow keys step through the moves, Play steps on by itself, and a keyboard player's place
// among the step links is kept when htmx swaps the step in (the links work as plain links without this).
(function () {
  const AUTOPLAY_MS = 1200;
  let timer = null;
  const link = (rel) => document.querySelector(`#replay-step a[rel="${rel}"]`);
  const button = () => document.getElementById("replay-autoplay");

  function go(rel) {
    const target = link(rel);
    if (!target) return false;
    // A key pressed just after a swap may reach a link htmx has not taken in yet: take it in first, or the
    // click would load the whole page.
    if (window.htmx) window.htmx.process(target);
    target.click();
    return true;
  }
  function stop() {
    clearInterval(timer);
    timer = null;
    const b = button();
    // data-play, data-pause: the words in the page's language (docs/i18n.md)
    if (b) { b.textContent = b.dataset.play || "Play"; b.setAttribute("aria-pressed", "false"); }
  }
  function play() {
    if (!link("next")) go("first");  // at the end, Play starts again from the deal
    timer = setInterval(() => { if (!go("next")) stop(); }, AUTOPLAY_MS);
    const b = button();
    b.textContent = b.dataset.pause || "Pause";
    b.setAttribute("aria-pressed", "true");
  }

  document.addEventListener("DOMContentLoaded", () => {
    const b = button();
    if (!b) return;
    b.hidden = false;
    document.getElementById("replay-keys").hidden = false;
    b.addEventListener("click", () => (timer ? stop() : play()));
  });
  const keys = {ArrowRight: "next", ArrowLeft: "prev", Home: "first", End: "last"};
  document.addEventListener("keydown", (event) => {
    if (!keys[event.key] || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.target.closest("input, textarea, select, [contenteditable]")) return;
    event.preventDefault();
    if (timer && event.key !== "ArrowRight") stop();
    go(keys[event.key]);
  });

  let rel = null;  // the step link that had focus when its step was swapped out
  document.addEventListener("htmx:beforeSwap", () => {
    rel = document.activeElement?.closest?.("#replay-step a[rel]")?.getAttribute("rel") || null;
  });
  document.addEventListener("htmx:afterSettle", () => {
    if (!rel) return;
    const again = link(rel) || document.querySelector("#replay-step .replay-steps a");
    if (again) again.focus({preventScroll: true});
  });
})();
