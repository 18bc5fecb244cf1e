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
