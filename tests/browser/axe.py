"""Runs the vendored axe-core (tests/browser/vendor/axe-core/) in a page and fails on WCAG 2.2 A/AA violations of any
impact, naming each rule, the elements it found and what is wrong with them.

The script is evaluated through the browser's debugging protocol rather than added as a <script> element: the site's
content security policy (script-src 'self') refuses inline scripts, and a context that bypasses the policy would
also let through inline styles that the real page never gets, which changes the very colours axe checks.
"""
from pathlib import Path

AXE = Path(__file__).resolve().parent / "vendor" / "axe-core" / "axe.min.js"
# WCAG 2.0, 2.1 and 2.2 at levels A and AA: what issue 12 asks for.
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]
FAILING = ("minor", "moderate", "serious", "critical")  # all of them: issue 30 asks for zero violations
TARGETS_SHOWN = 6

RUN = """async ([tags]) => {
  const results = await axe.run(document, {runOnly: {type: "tag", values: tags}, resultTypes: ["violations"]});
  return results.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl,
    nodes: v.nodes.map((n) => ({target: n.target.join(" "), summary: n.failureSummary || "", html: n.html})),
  }));
}"""


def inject(page) -> None:
    """Give the page `window.axe` (again after every navigation: a new document has none)."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(AXE.read_text(encoding="utf-8"))


def violations(page, impacts=FAILING) -> list[dict]:
    """The WCAG A/AA violations axe finds in the page as it is now, those of the given impacts only. The page is
    brought to the front first: a page behind another of its context may have its frames paused. Axe waits for the
    page's load event: a page just shown after a form's redirect may still be fetching its style sheets on a busy
    machine, and its links, measured without them, are too small to tap (CI once saw exactly that)."""
    page.bring_to_front()
    page.wait_for_load_state("load")
    inject(page)
    found = page.evaluate(RUN, [TAGS])
    return [v for v in found if v["impact"] in impacts]


def describe(found: list[dict]) -> str:
    """One paragraph per rule: its id, impact and help, then each element (its CSS path) and axe's summary."""
    lines = []
    for violation in found:
        lines.append(f"{violation['id']} ({violation['impact']}): {violation['help']} [{violation['helpUrl']}]")
        for node in violation["nodes"][:TARGETS_SHOWN]:
            summary = " ".join(node["summary"].split())
            lines.append(f"    {node['target']}: {summary}")
        if len(violation["nodes"]) > TARGETS_SHOWN:
            lines.append(f"    ... and {len(violation['nodes']) - TARGETS_SHOWN} more")
    return "\n".join(lines)


def assert_accessible(page, what: str = "") -> None:
    """Fail with a readable list when axe finds WCAG 2.0/2.1/2.2 A or AA violations."""
    found = violations(page)
    where = what or page.url
    assert not found, f"{where}: {len(found)} accessibility violations\n{describe(found)}"


def site_pages(contexts, site_url: str) -> list:
    """The open pages of these browser contexts that show an HTML page of the site (not a blank page, a download
    or a JSON answer): those axe can check."""
    return [page for context in contexts for page in context.pages
            if not page.is_closed() and page.url.startswith(site_url)
            and page.evaluate("() => document.contentType") == "text/html"]
