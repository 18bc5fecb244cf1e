// Small behaviours for every page. No inline scripts: the content security policy forbids them.
document.addEventListener("click", (event) => {
  const copy = event.target.closest("[data-copy]");
  if (copy) {
    navigator.clipboard?.writeText(copy.dataset.copy);
    copy.textContent = copy.dataset.copied || "Copied";  // data-copied: the word in the page's language
  }
});
