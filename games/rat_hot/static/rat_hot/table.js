// Rat Hot's table: choose one of the turn's strips, its facing and a legal spot (highlighted on the table and
// listed in a menu for the keyboard), see what it would score for each player, then place it.
// The spots and their scores come from the server (data-spots); this script only shows them and composes the
// move: {"type": "place"} with a "part-place" field {"strip", "x", "y", "dir"} (games/match_views.py).
// Zoom and pan are the boards' own script's (static/js/zoom.js).
(function () {
  if (window.ratHot) return;
  const SVG = "http://www.w3.org/2000/svg";
  const DIRS = ["E", "S", "W", "N"];
  const STEP = {E: [1, 0], S: [0, 1], W: [-1, 0], N: [0, -1]};
  const SHIFT = {E: [0, 0], W: [2, 0], S: [0, 0], N: [0, 2]};
  // What survives a redrawn table: the choices of this turn.
  const kept = {key: null, strip: null, dir: "E", spot: null};

  function fill(text, values) {
    return text.replace(/%\((\w+)\)[sd]/g, (_, name) => String(values[name]));
  }

  function anchors(list) {
    return list ? list.split(";").map((p) => p.split(",").map(Number)) : [];
  }

  function el(name, attrs) {
    const node = document.createElementNS(SVG, name);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    return node;
  }

  // --- choosing a placement ----------------------------------------------------------------------------------
  function setupPlay(root) {
    const form = root.querySelector(".rh-play");
    if (!form) return;
    // The data rides in a <template>: inert, never shown or read aloud, kept by htmx's swaps.
    const data = JSON.parse(form.querySelector("#rh-data").content.textContent);
    const words = data.words;
    const rows = anchors(data.rows), cols = anchors(data.cols);
    const svg = root.querySelector(".rh-board");
    const marks = svg.querySelector(".rh-spots"), ghost = svg.querySelector(".rh-ghost");
    const select = form.querySelector(".rh-spot"), preview = form.querySelector(".rh-preview");
    const place = form.querySelector(".rh-place"), part = form.querySelector(".rh-part");
    const same = kept.key === root.dataset.key;
    kept.key = root.dataset.key;
    let strip = same && data.strips[kept.strip] ? kept.strip : form.querySelector('input[name="rh-strip"]:checked').value;
    let dir = same ? kept.dir : "E";
    let spots = [];

    function name(spot) {
      const spaces = data.strips[strip].map((s) => words.spaces[s]).join(words.sep);
      const text = fill(words.spot, {strip: spaces, x: spot.x, y: spot.y, dir: words.dirs[dir]});
      const scored = spot.gains.map((n, seat) => n ? fill(words.for, {points: n, colour: words.colours[seat]}) : null)
        .filter(Boolean);
      const scores = scored.length ? fill(words.scores, {what: scored.join(words.and)}) : words.nothing;
      return fill(words.scored, {spot: text, scores: scores});
    }

    function build() {
      const list = dir === "E" || dir === "W" ? rows : cols;
      const gains = data.gains[strip][dir];
      spots = [];
      list.forEach(([ax, ay], i) => {
        const g = gains.substr(2 * i, 2);
        if (g === "..") return;
        spots.push({x: ax + SHIFT[dir][0], y: ay + SHIFT[dir][1], gains: [parseInt(g[0], 36), parseInt(g[1], 36)]});
      });
      marks.replaceChildren();
      select.replaceChildren(new Option(words.choose + " (" + spots.length + ")", ""));
      spots.forEach((spot, i) => {
        spot.label = name(spot);
        const mark = el("rect", {x: spot.x + 0.2, y: spot.y + 0.2, width: 0.6, height: 0.6, rx: 0.15,
                                 class: "rh-spot-mark", "data-i": i});
        mark.appendChild(el("title", {})).textContent = spot.label;
        marks.appendChild(mark);
        select.add(new Option(spot.label, String(i)));
      });
      for (const input of form.querySelectorAll('input[name="rh-dir"]')) input.checked = input.value === dir;
      for (const input of form.querySelectorAll('input[name="rh-strip"]')) input.checked = input.value === strip;
      const again = kept.spot ? spots.findIndex((s) => s.x === kept.spot[0] && s.y === kept.spot[1]) : -1;
      choose(again >= 0 ? again : -1);
    }

    function show(i) {
      ghost.replaceChildren();
      marks.querySelectorAll(".on").forEach((m) => m.classList.remove("on"));
      if (i < 0) return;
      const spot = spots[i];
      const [dx, dy] = STEP[dir];
      data.strips[strip].forEach((space, k) => {
        ghost.appendChild(el("use", {href: "#rh-" + space, x: spot.x + k * dx, y: spot.y + k * dy}));
      });
      const xs = [spot.x, spot.x + 2 * dx], ys = [spot.y, spot.y + 2 * dy];
      ghost.appendChild(el("rect", {x: Math.min(...xs), y: Math.min(...ys), width: dx ? 3 : 1, height: dy ? 3 : 1,
                                    class: "outline"}));
      marks.querySelector(`[data-i="${i}"]`).classList.add("on");
      preview.textContent = spot.label;
    }

    function choose(i) {
      select.value = i >= 0 ? String(i) : "";
      kept.strip = strip; kept.dir = dir;
      kept.spot = i >= 0 ? [spots[i].x, spots[i].y] : null;
      place.disabled = i < 0;
      part.value = i >= 0 ? JSON.stringify({strip: strip, x: spots[i].x, y: spots[i].y, dir: dir}) : "";
      show(i);
      if (i < 0) preview.textContent = fill(words.spots, {n: spots.length});
    }

    form.addEventListener("change", (e) => {
      if (e.target.name === "rh-strip") { strip = e.target.value; kept.spot = null; build(); }
      if (e.target.name === "rh-dir") { dir = e.target.value; build(); }
      if (e.target === select) choose(select.value === "" ? -1 : Number(select.value));
    });
    form.querySelector(".rh-rotate").addEventListener("click", () => {
      dir = DIRS[(DIRS.indexOf(dir) + 1) % 4]; build();
    });
    root.addEventListener("keydown", (e) => {
      if ((e.key === "r" || e.key === "R") && !["INPUT", "SELECT", "TEXTAREA"].includes(e.target.tagName) && !e.ctrlKey && !e.metaKey) {
        dir = DIRS[(DIRS.indexOf(dir) + 1) % 4]; build();
      }
    });
    marks.addEventListener("pointerover", (e) => { if (e.target.dataset.i) show(Number(e.target.dataset.i)); });
    marks.addEventListener("pointerout", () => { const i = select.value; show(i === "" ? -1 : Number(i)); });
    marks.addEventListener("click", (e) => { if (e.target.dataset.i) choose(Number(e.target.dataset.i)); });
    select.addEventListener("input", () => choose(select.value === "" ? -1 : Number(select.value)));
    build();
  }

  function init() {
    const root = document.querySelector(".rh[data-key]");
    if (!root || root.dataset.ready) return;
    root.dataset.ready = "1";
    setupPlay(root);
  }

  window.ratHot = {init};
  document.addEventListener("htmx:load", init);
  document.addEventListener("htmx:afterSettle", init);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init); else init();
})();
