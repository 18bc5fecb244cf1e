// Zoom and pan of a game's SVG board, for every game that draws one (Rat Hot's table, Hot Tin Roof's rooftops).
// A board is an <svg data-zoom-key data-box="x y w h"> (the key names the match: the view chosen is kept for the
// next table of that key, a move's answer or another player's push); its buttons are in a group
// [data-zoom-for="<a selector of the svg>"] (games/templates/games/zoom.html): data-zoom="in|out|fit",
// data-pan="dx,dy".
// Optional, on the svg: data-zoom-min (the smallest side of the view, in the board's units), data-zoom-max (the
// largest; without it the view never grows past the whole board, nor pans off it), data-pan-step (units a press;
// else a third of the view), data-zoom-wheel (the wheel zooms), data-zoom-text (the size of the board's smallest
// words: where the whole board would draw them too small to read, on a phone, it starts zoomed in on
// data-zoom-at="x y"). While zoomed the svg has the class "zoomed" (a game's CSS may make it taller then).
// When the keyboard's focus lands on the board, or script calls boardZoom.reveal(), the view moves to show it.
(function () {
  if (window.boardZoom) return;
  // A board whose smallest words the whole board would draw under TOO_SMALL_PX starts zoomed in, to READABLE_PX.
  const TOO_SMALL_PX = 9, READABLE_PX = 11;
  const IN = 0.8, OUT = 1.25, DRAG_PX = 5, MARGIN_PX = 8;
  const views = new Map();  // key -> {cx, cy, w} (centre and width of the view, in units), or null: the whole board

  const numbers = (text) => (text || "").trim().split(/[\s,]+/).map(Number);
  const fitOf = (svg) => numbers(svg.dataset.box);
  const shownBox = (svg) => numbers(svg.getAttribute("viewBox"));
  const boards = () => document.querySelectorAll("svg[data-zoom-key]");

  // The view as a viewBox of the element's own shape (it fills the element), kept within its limits.
  function boxOf(svg, view) {
    const [fx, fy, fw, fh] = fitOf(svg);
    const rect = svg.getBoundingClientRect();
    const aspect = rect.width && rect.height ? rect.height / rect.width : fh / fw;
    let w = view.w, h = w * aspect;
    const least = Number(svg.dataset.zoomMin) || 0, most = Number(svg.dataset.zoomMax) || 0;
    if (least && Math.min(w, h) < least) { const k = least / Math.min(w, h); w *= k; h *= k; }
    if (most && Math.max(w, h) > most) { const k = most / Math.max(w, h); w *= k; h *= k; }
    let {cx, cy} = view;
    if (!("zoomFree" in svg.dataset)) {
      if (w >= fw && h >= fh) return null;  // the whole board shows: as the board's own shape, then
      cx = w >= fw ? fx + fw / 2 : Math.min(Math.max(cx, fx + w / 2), fx + fw - w / 2);
      cy = h >= fh ? fy + fh / 2 : Math.min(Math.max(cy, fy + h / 2), fy + fh - h / 2);
    }
    view.w = w; view.cx = cx; view.cy = cy;
    return [cx - w / 2, cy - h / 2, w, h];
  }

  function draw(svg) {
    const key = svg.dataset.zoomKey;
    const view = views.get(key);
    // The class first: the game's CSS may change the element's shape when zoomed, and the box takes that shape.
    svg.classList.toggle("zoomed", Boolean(view));
    const box = view && boxOf(svg, view);
    if (view && !box) { views.set(key, null); svg.classList.remove("zoomed"); }
    svg.setAttribute("viewBox", (box || fitOf(svg)).map((n) => Math.round(n * 1000) / 1000).join(" "));
  }

  // What the element shows now, as a view: the whole board shows more than its box along one side when the
  // element's shape differs from the board's (the box is centred in it).
  function current(svg) {
    const key = svg.dataset.zoomKey;
    if (views.get(key)) return views.get(key);
    const [x, y, w, h] = shownBox(svg);
    const rect = svg.getBoundingClientRect();
    const scale = rect.width && rect.height ? Math.min(rect.width / w, rect.height / h) : 1;
    return {cx: x + w / 2, cy: y + h / 2, w: rect.width ? rect.width / scale : w};
  }

  function change(svg, how) {
    const view = {...current(svg)};
    how(view, svg);
    views.set(svg.dataset.zoomKey, view);
    draw(svg);
  }

  function zoom(svg, factor) {
    const readable = !views.get(svg.dataset.zoomKey) && factor < 1 && start(svg);
    change(svg, (view) => {
      if (readable && readable.w < view.w * factor) Object.assign(view, readable); else view.w *= factor;
    });
  }

  function pan(svg, dx, dy) {
    change(svg, (view) => {
      const step = Number(svg.dataset.panStep) || view.w / 3;
      view.cx += dx * step; view.cy += dy * step;
    });
  }

  function fit(svg) {
    views.set(svg.dataset.zoomKey, null);
    draw(svg);
  }

  // Bring an element of the board (or what it stands for) into the view: centred, when it is not in it already.
  function reveal(element) {
    const svg = element && element.closest && element.closest("svg[data-zoom-key]");
    if (!svg || !views.get(svg.dataset.zoomKey)) return;  // the whole board shows: so does the element
    const r = element.getBoundingClientRect(), s = svg.getBoundingClientRect();
    if (!s.width || (r.left >= s.left + MARGIN_PX && r.right <= s.right - MARGIN_PX
                     && r.top >= s.top + MARGIN_PX && r.bottom <= s.bottom - MARGIN_PX)) return;
    const [x, y, w] = shownBox(svg), k = w / s.width;
    change(svg, (view) => {
      view.cx = x + ((r.left + r.right) / 2 - s.left) * k;
      view.cy = y + ((r.top + r.bottom) / 2 - s.top) * k;
    });
  }

  // Where the whole board draws its smallest words too small to read (a phone), the view that draws them at
  // READABLE_PX, centred on data-zoom-at (else the board's middle); null where the whole board is readable.
  function start(svg) {
    if (!svg.dataset.zoomText) return null;
    const rect = svg.getBoundingClientRect(), [fx, fy, fw, fh] = fitOf(svg);
    if (!rect.width || Math.min(rect.width / fw, rect.height / fh) * Number(svg.dataset.zoomText) >= TOO_SMALL_PX) {
      return null;
    }
    const zoomed = svg.classList.contains("zoomed");
    svg.classList.add("zoomed");  // the shape the view will have
    const width = svg.getBoundingClientRect().width;
    svg.classList.toggle("zoomed", zoomed);
    const [ax, ay] = svg.dataset.zoomAt ? numbers(svg.dataset.zoomAt) : [fx + fw / 2, fy + fh / 2];
    return {cx: ax, cy: ay, w: width * Number(svg.dataset.zoomText) / READABLE_PX};
  }

  // A new board: the view kept for its key, else the whole board, or on a small screen the start the game asks;
  // "Zoom in" from the whole board goes at least that far.
  function setup(svg) {
    svg.dataset.zoomReady = "1";
    const key = svg.dataset.zoomKey;
    if (!views.has(key)) views.set(key, start(svg));
    draw(svg);
    if ("zoomWheel" in svg.dataset) {
      svg.addEventListener("wheel", (e) => { e.preventDefault(); zoom(svg, e.deltaY < 0 ? 0.9 : 1.1); },
                           {passive: false});
    }
  }

  function setupAll() {
    boards().forEach((svg) => { if (!svg.dataset.zoomReady) setup(svg); });
  }

  document.addEventListener("click", (event) => {
    const button = event.target.closest && event.target.closest("[data-zoom-for] button");
    const svg = button && document.querySelector(button.closest("[data-zoom-for]").dataset.zoomFor);
    if (!svg || !svg.dataset.zoomKey) return;
    if (button.dataset.zoom === "fit") fit(svg);
    else if (button.dataset.zoom) zoom(svg, button.dataset.zoom === "in" ? IN : OUT);
    else if (button.dataset.pan) pan(svg, ...numbers(button.dataset.pan));
  });

  // A drag pans (by mouse, pen or a finger the element's touch-action lets through); once it has moved, the click
  // that ends it is not a choice of what it ended on.
  let drag = null;
  document.addEventListener("pointerdown", (e) => {
    const svg = e.target.closest && e.target.closest("svg[data-zoom-key]");
    if (!svg || e.button !== 0 || !(views.get(svg.dataset.zoomKey) || "zoomFree" in svg.dataset)) return;
    drag = {svg, x: e.clientX, y: e.clientY, view: {...current(svg)}, moved: false};
  });
  document.addEventListener("pointermove", (e) => {
    if (!drag) return;
    if (!drag.svg.isConnected || !e.buttons) { drag = null; return; }
    const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
    if (!drag.moved && Math.hypot(dx, dy) < DRAG_PX) return;
    drag.moved = true;
    const k = shownBox(drag.svg)[2] / drag.svg.getBoundingClientRect().width;
    views.set(drag.svg.dataset.zoomKey, {...drag.view, cx: drag.view.cx - dx * k, cy: drag.view.cy - dy * k});
    draw(drag.svg);
  });
  const swallow = (e) => { e.stopPropagation(); e.preventDefault(); };
  const stop = () => {
    if (drag && drag.moved) {
      // The click comes in the same task as the pointerup that makes it: swallowed then, never later.
      const svg = drag.svg;
      svg.addEventListener("click", swallow, {capture: true});
      setTimeout(() => svg.removeEventListener("click", swallow, {capture: true}));
    }
    drag = null;
  };
  document.addEventListener("pointerup", stop);
  document.addEventListener("pointercancel", () => { drag = null; });

  document.addEventListener("focusin", (event) => {
    const element = event.target;
    if (!element.closest || !element.closest("svg[data-zoom-key]")) return;
    const before = element.getBoundingClientRect();
    reveal(element);
    const after = element.getBoundingClientRect();
    const moved = before.left !== after.left || before.top !== after.top;
    if (moved && element.matches(":focus-visible")) element.scrollIntoView({block: "nearest", inline: "nearest"});
  });

  window.addEventListener("resize", () => boards().forEach(draw));
  // A redrawn table is taken in before it is painted (a mutation's callback runs first), so a push never shows
  // the whole board for a moment, nor moves the page under the reader.
  new MutationObserver(setupAll).observe(document.documentElement, {childList: true, subtree: true});
  document.addEventListener("htmx:afterSettle", setupAll);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setupAll); else setupAll();
  window.boardZoom = {reveal, setupAll};
})();
