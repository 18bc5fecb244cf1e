// Cat Tower table: when a push redraws the table (another player marked), keep the hex you chose and the item
// you lit, as long as it is still the same round and phase. The page works without this script.
(function () {
  let kept = null; // {turn, hex, item}
  const board = () => document.querySelector(".ct[data-turn]");

  function remember() {
    const ct = board();
    if (!ct) return;
    const hex = ct.querySelector('.ct-mark input[name="part-hex"]:checked');
    const item = ct.querySelector('.ct-filter input[name="ct-item"]:checked');
    kept = { turn: ct.dataset.turn, hex: hex ? hex.value : null, item: item ? item.value : null };
  }

  function check(ct, selector, value) {
    const input = value && Array.from(ct.querySelectorAll(selector)).find((i) => i.value === value);
    if (input) input.checked = true;
  }

  function restore() {
    const ct = board();
    if (!ct || !kept || kept.turn !== ct.dataset.turn) return;
    check(ct, '.ct-filter input[name="ct-item"]', kept.item);
    check(ct, '.ct-mark input[name="part-hex"]', kept.hex);
  }

  document.addEventListener("change", (event) => {
    if (event.target.name === "ct-item" || event.target.name === "part-hex") remember();
  });
  document.addEventListener("htmx:load", restore);
  document.addEventListener("htmx:oobAfterSwap", restore);
  document.addEventListener("htmx:afterSettle", restore);
})();
