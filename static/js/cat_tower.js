// Cat Tower table: when a push redraws the table (another player marked), keep the hex you opened and the item
// you chose, as long as it is still the same round and phase. The page works without this script.
(function () {
  let kept = null; // {turn, hex, item}
  const board = () => document.querySelector(".ct[data-turn]");

  function remember() {
    const ct = board();
    if (!ct) return;
    const open = ct.querySelector(".ct-sheet.mine .ct-pick[open]");
    const item = ct.querySelector('.ct-filter input[name="ct-item"]:checked');
    kept = {
      turn: ct.dataset.turn,
      hex: open ? open.closest("[data-hex]").dataset.hex : null,
      item: item ? item.value : null,
    };
  }

  function restore() {
    const ct = board();
    if (!ct || !kept || kept.turn !== ct.dataset.turn) return;
    const item = kept.item && ct.querySelector('.ct-filter input[name="ct-item"][value="' + kept.item + '"]');
    if (item) item.checked = true;
    const pick = kept.hex && ct.querySelector('.ct-sheet.mine [data-hex="' + kept.hex + '"] .ct-pick');
    if (pick && !pick.open) pick.open = true;
  }

  // "toggle" does not bubble: listen while it travels down instead.
  document.addEventListener("toggle", (event) => {
    if (event.target.classList && event.target.classList.contains("ct-pick")) remember();
  }, true);
  document.addEventListener("change", (event) => {
    if (event.target.name === "ct-item") remember();
  });
  document.addEventListener("htmx:load", restore);
  document.addEventListener("htmx:oobAfterSwap", restore);
  document.addEventListener("htmx:afterSettle", restore);
})();
