// Hot Tin Roof table: compose a move from choices on the board (a dumpster, then a gap or patio; a cat, then a
// destination and one of its cheapest paths) and post it through the table's form. The legal actions and the
// sentences to show (translated on the server) come in the #htr-data block; the server checks every move again.
// Every choice on the board is also a button in the panel (#htr-choices), so the game plays by keyboard alone
// and every target is large enough to hit; after a choice, the keyboard's focus goes to the next choices.
(function () {
  if (window.htrReady) { window.htrSetup(); return; }
  window.htrReady = true;
  let sel = {};
  const $ = (q, root) => (root || document).querySelector(q);
  const $$ = (q, root) => Array.from((root || document).querySelectorAll(q));
  // The legal actions ride in a <template> (htmx leaves it alone, and it is never shown).
  const data = () => { const d = $("#htr-data"); return d ? JSON.parse(d.innerHTML) : null; };
  const say = (key) => data().words[key];
  const fill = (text, values) => text.replace(/%\((\w+)\)s/g, (_, k) => values[k]);
  const choices = () => $("#htr-choices");
  const hint = (text) => { const h = $("#htr-hint"); if (h) h.textContent = text; };
  const focusFirst = () => { const b = choices() && choices().querySelector("button, input"); if (b) b.focus(); };
  // A choice in the panel that stands for a spot on the board brings that spot into a zoomed board's view when it
  // has the focus (static/js/zoom.js), so a phone shows where the choice lies.
  const shows = (b, el) => {
    b.addEventListener("focus", () => { if (window.boardZoom) window.boardZoom.reveal(el); });
    return b;
  };

  function clear() {
    $$(".target, .chosen").forEach((el) => el.classList.remove("target", "chosen"));
    $$(".htr-board [data-pick]").forEach((el) => {
      el.removeAttribute("data-pick"); el.setAttribute("role", "img"); el.removeAttribute("tabindex");
    });
    const path = $("#htr-path"); if (path) path.setAttribute("points", "");
    if (choices()) choices().innerHTML = "";
  }

  function submit(action) {
    const form = $("#htr-form");
    form.querySelector('input[name="action"]').value = JSON.stringify(action);
    form.requestSubmit ? form.requestSubmit() : form.submit();
  }

  function button(text, onClick) {
    const b = document.createElement("button");
    b.type = "button"; b.textContent = text; b.addEventListener("click", onClick);
    choices().appendChild(b);
    return b;
  }

  // A spot on the board offered as a choice: it becomes a button there, and a button in the panel says the same.
  function target(el, value, text) {
    el.classList.add("target");
    el.setAttribute("data-pick", JSON.stringify(value));
    el.setAttribute("role", "button");
    el.setAttribute("tabindex", "0");
    shows(button(text || el.getAttribute("aria-label"), () => pick(el)), el).classList.add("htr-spot-choice");
  }

  // ---- the dive
  function chooseDumpster(id) {
    clear();
    const acts = data().dives.filter((a) => a.dumpster === id);
    sel = { mode: "dive", acts };
    $$(".htr-pick").forEach((b) => b.classList.toggle("chosen", b.dataset.dumpster === id));
    if (id.startsWith("home")) {
      hint(say("which_pair"));
      acts.forEach((a) => button(say("pair_" + a.pair), () => submit(a)));
      focusFirst();
      return;
    }
    const field = id === "catwalk" ? "gap" : "patio";
    const moving = acts.filter((a) => a.from);
    acts.filter((a) => !(field in a)).forEach((a) => button(say("place_nothing"), () => submit(a)));
    if (moving.length) {
      hint(say(id === "catwalk" ? "move_catwalk" : "move_shelter"));
      const froms = [...new Set(moving.map((a) => a.from))];
      froms.forEach((f) => { const el = $(`[data-${field}="${f}"]`); if (el) target(el, { from: f }); });
      sel.moving = moving; sel.field = field;
      focusFirst();
      return;
    }
    const placing = acts.filter((a) => field in a);
    if (placing.length) hint(say(field === "gap" ? "pick_gap" : "pick_patio"));
    placing.forEach((a) => { const el = $(`[data-${field}="${a[field]}"]`); if (el) target(el, a); });
    focusFirst();
  }

  // ---- racing
  function offerCats() {
    const d = data();
    if (!d || !choices() || !Object.keys(d.moves).length) return;
    Object.keys(d.moves).forEach((key) => {
      const cat = $(`[data-cat="${d.seat}-${key}"]`);
      if (cat) shows(button(fill(d.words.move_from, { cat: cat.getAttribute("aria-label") }), () => chooseCat(key)),
                     cat);
    });
  }

  function chooseCat(key) {
    clear();
    const moves = data().moves[key];
    sel = { mode: "race", cat: key };
    $(`[data-cat="${data().seat}-${key}"]`).classList.add("chosen");
    hint(say("pick_destination"));
    Object.keys(moves).forEach((dest) => {
      const el = $(`[data-patio="${dest}"]`);
      if (el) target(el, { dest }, fill(say("to_patio"), { patio: el.getAttribute("aria-label") }));
    });
    button(say("cancel"), cancel);
    focusFirst();
  }

  function cancel() {
    clear(); sel = {}; hint(say("pick_cat")); offerCats(); focusFirst();
  }

  function tollText(tolls) {
    const d = data(), parts = [];
    tolls.forEach((n, s) => { if (n) parts.push(fill(n === 1 ? d.words.can_to : d.words.cans_to, { n, who: d.names[s] })); });
    return parts.length ? parts.join(d.words.comma) : d.words.free;
  }

  function drawPath(patios) {
    const at = (p) => {
      const m = $(`[data-patio="${p}"]`).parentNode.transform.baseVal.consolidate().matrix;
      return m.e + "," + m.f;
    };
    $("#htr-path").setAttribute("points", patios.map(at).join(" "));
  }

  // An alternative is "B,I|0,0,2": the patios between the cat's own and the destination, then the tolls.
  function unpack(start, dest, text) {
    const [middle, tolls] = text.split("|");
    const path = [start, ...(middle ? middle.split(",") : []), dest];
    return [path, tolls ? tolls.split(",").map(Number) : []];
  }

  function chooseDestination(dest) {
    const d = data();
    const start = $(`[data-cat="${d.seat}-${sel.cat}"]`).dataset.on;
    const alts = d.moves[sel.cat][dest].map((text) => unpack(start, dest, text));
    $$(".htr-patio.chosen").forEach((el) => el.classList.remove("chosen"));
    $(`[data-patio="${dest}"]`).classList.add("chosen");
    choices().innerHTML = "";
    let picked = alts[0];
    const show = (alt) => { picked = alt; drawPath(alt[0]); };
    alts.forEach((alt, i) => {
      const label = document.createElement("label");
      const radio = document.createElement("input");
      radio.type = "radio"; radio.name = "htr-alt"; radio.checked = i === 0;
      radio.addEventListener("change", () => show(alt));
      label.appendChild(radio);
      label.append(" " + alt[0].join(" → ") + ": " + tollText(alt[1]));
      choices().appendChild(label);
    });
    show(alts[0]);
    const pair = sel.cat.slice(0, -1), cat = Number(sel.cat.slice(-1));
    const confirm = button(say("move_cat"), () => submit({ type: "move", pair, cat, path: picked[0] }));
    confirm.classList.add("confirm");
    button(say("cancel"), cancel);
    (alts.length > 1 ? choices().querySelector("input") : confirm).focus();
  }

  function pick(el) {
    const value = JSON.parse(el.getAttribute("data-pick"));
    // Picking which of your pieces to move ({from}); a place to put it is a whole action (it has a type, and a
    // `from` too when the piece moves).
    if (sel.mode === "dive" && !value.type) {
      clear();
      const moving = sel.moving.filter((a) => a.from === value.from);
      hint(say("where_now"));
      moving.forEach((a) => { const t = $(`[data-${sel.field}="${a[sel.field]}"]`); if (t) target(t, a); });
      focusFirst();
      return;
    }
    if (sel.mode === "dive") return submit(value);
    if (sel.mode === "race" && value.dest) return chooseDestination(value.dest);
  }

  function onActivate(event) {
    // A highlighted target wins over a cat drawn on it (a cat may move onto a patio where another of ours sits).
    const el = event.target.closest("[data-pick]")
      || event.target.closest(".htr-pick, .htr-settle, .htr-end, .htr-cat.movable");
    if (!el) return false;
    if (el.hasAttribute("data-pick")) pick(el);
    else if (el.classList.contains("htr-pick")) chooseDumpster(el.dataset.dumpster);
    else if (el.classList.contains("htr-cat")) chooseCat(el.dataset.cat.split("-")[1]);
    else submit(JSON.parse(el.dataset.action));
    return true;
  }

  // Other cats let clicks through to the patio under them (a target there wins over the cats drawn on it).
  document.addEventListener("click", (event) => {
    if (onActivate(event)) event.preventDefault();
  });
  document.addEventListener("keydown", (event) => {
    if ((event.key === "Enter" || event.key === " ") && event.target.closest(".htr-board")) {
      if (onActivate({ target: event.target })) event.preventDefault();
    }
  });

  function light(el, on) {
    (el.dataset.lights || "").split(" ").filter(Boolean).forEach((p) => {
      const patio = $(`[data-patio="${p}"]`); if (patio) patio.classList.toggle("lit", on);
    });
  }
  ["mouseover", "focusin"].forEach((t) => document.addEventListener(t, (e) => {
    const el = e.target.closest && e.target.closest("[data-lights]"); if (el) light(el, true);
  }));
  ["mouseout", "focusout"].forEach((t) => document.addEventListener(t, (e) => {
    const el = e.target.closest && e.target.closest("[data-lights]"); if (el) light(el, false);
  }));

  // A new table (our move's answer or a push) starts the choice afresh.
  const setup = () => { sel = {}; if (choices()) choices().innerHTML = ""; offerCats(); };
  document.addEventListener("htmx:load", (event) => {
    if (event.target.querySelector && event.target.querySelector("#htr-data")) setup();
  });
  window.htrSetup = setup;
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setup); else setup();
})();
