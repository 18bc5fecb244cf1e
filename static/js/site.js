// Small behaviours for every page. No inline scripts: the content security policy forbids them.
document.addEventListener("click", (event) => {
  const copy = event.target.closest("[data-copy]");
  if (copy) {
    navigator.clipboard?.writeText(copy.dataset.copy);
    copy.textContent = copy.dataset.copied || "Copied";  // data-copied: the word in the page's language
  }
});

// A form on its way to the server (a real submit: the next page loads) sends no more live previews (the score
// pads' totals, hx-trigger with a delay): the browser would cut such a request short as the page goes, and htmx
// reports every request cut short as an error. Forms htmx sends itself are not real submits (it prevents them).
document.addEventListener("submit", (event) => {
  if (!event.defaultPrevented) event.target.dataset.submitting = "true";
});
document.addEventListener("htmx:beforeRequest", (event) => {
  if (event.detail.elt.closest?.("form[data-submitting]")) event.preventDefault();
});
window.addEventListener("pageshow", () => {  // a page shown again from the back-forward cache may preview again
  document.querySelectorAll("form[data-submitting]").forEach((form) => delete form.dataset.submitting);
});

// The sticky header's height, for scroll-padding-top (a control reached by Tab is never hidden under it, WCAG
// 2.4.11): the header wraps to more lines in narrower windows and in longer languages; in a narrow or short window
// it is not sticky (site.css) and covers nothing.
const siteHeader = document.querySelector(".site-header");
if (siteHeader && window.ResizeObserver) {
  const measure = () => {
    const covers = getComputedStyle(siteHeader).position === "sticky" ? siteHeader.offsetHeight : 0;
    document.documentElement.style.setProperty("--header-height", `${covers}px`);
  };
  new ResizeObserver(measure).observe(siteHeader);
  window.addEventListener("resize", measure);
}

// A table wider than its place (a phone; a Chinese header kept whole, site.css) scrolls sideways in its .table-wrap.
// One that holds nothing the keyboard can reach is made focusable while it scrolls, so that the arrow keys scroll
// it (WCAG 2.1.1, axe scrollable-region-focusable), and is named by the heading just before it (the page's words).
const reachable = "a[href], button, input, select, textarea, summary, [tabindex]";
function keyboardScroll(wrap) {
  const needed = wrap.scrollWidth > wrap.clientWidth + 1 && !wrap.querySelector(reachable);
  if (needed && !wrap.hasAttribute("tabindex")) {
    wrap.tabIndex = 0;
    wrap.dataset.keyboardScroll = "";
    const heading = wrap.previousElementSibling;
    const name = heading && heading.matches("h1, h2, h3, h4, h5, h6, summary")
      ? heading.textContent : wrap.querySelector("caption")?.textContent;
    if (name && name.trim()) {
      wrap.setAttribute("role", "region");
      wrap.setAttribute("aria-label", name.trim());
    }
  } else if (!needed && "keyboardScroll" in wrap.dataset) {
    ["tabindex", "role", "aria-label", "data-keyboard-scroll"].forEach((name) => wrap.removeAttribute(name));
  }
}
if (window.ResizeObserver) {
  const watching = new WeakSet();
  const wraps = new ResizeObserver((entries) => entries.forEach((entry) => keyboardScroll(entry.target)));
  const watch = () => document.querySelectorAll(".table-wrap").forEach((wrap) => {
    if (!watching.has(wrap)) { watching.add(wrap); wraps.observe(wrap); }
  });
  watch();
  document.addEventListener("htmx:afterSettle", watch);
}

// The phone's header (issue 30.3): the Menu button opens and folds the links, the account and the language menu
// (site.css shows the button only below 641 px); Escape folds them again and gives the button the focus.
const menuButton = document.querySelector(".nav-toggle");
if (menuButton) {
  const nav = menuButton.closest(".nav");
  const show = (open) => menuButton.setAttribute("aria-expanded", String(open));
  menuButton.addEventListener("click", () => show(menuButton.getAttribute("aria-expanded") !== "true"));
  nav.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && menuButton.getAttribute("aria-expanded") === "true" && menuButton.checkVisibility()) {
      show(false);
      menuButton.focus();
    }
  });
}
