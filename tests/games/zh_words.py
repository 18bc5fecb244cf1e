"""Checking a page or a sentence for English left behind in Traditional Chinese: the game's part of a page as
text (attributes people hear included: aria-label, title, alt, placeholder), and the runs of ordinary English words
in it. Names (of players, of designers and publishers) are taken out first; single words such as a key to press
("R") or a name ("JavaScript") are not runs."""
import re
from html.parser import HTMLParser

# Two or more English words in a row, separated by spaces or punctuation: "the dice", "Column 3, floor".
ENGLISH_RUN = re.compile(r"[A-Za-z][a-z']+(?:[\s,;:().\-/]+[A-Za-z][a-z']+)+")
HEARD = ("aria-label", "title", "alt", "placeholder")
SKIPPED = {"script", "style", "template"}


VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class _Text(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skipping = 0  # the depth inside an element nobody reads (a script, a hidden element)

    def handle_starttag(self, tag, attrs):
        if self.skipping:
            self.skipping += tag not in VOID
            return
        attrs = dict(attrs)
        if tag in SKIPPED or "hidden" in attrs:
            self.skipping = int(tag not in VOID)
            return
        self.parts += [" ", *(attrs[name] for name in HEARD if attrs.get(name)), " "]

    def handle_startendtag(self, tag, attrs):
        if not self.skipping and "hidden" not in dict(attrs):
            self.parts += [" ", *(value for name, value in attrs if name in HEARD and value), " "]

    def handle_endtag(self, tag):
        if self.skipping:
            self.skipping -= 1

    def handle_data(self, data):
        if not self.skipping:
            self.parts.append(data)


def page_text(html: str) -> str:
    """What people read or hear of this HTML, as one line of text."""
    parser = _Text()
    parser.feed(html)
    return re.sub(r"\s+", " ", " ".join(parser.parts)).strip()


def english_runs(text: str, names=()) -> list[str]:
    """The runs of ordinary English words in a text, after taking out the names given and "{seat:N}" mentions."""
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    text = re.sub(r"\{seat:\d+\}", " ", text)
    return ENGLISH_RUN.findall(text)


def between(html: str, start: str, end: str) -> str:
    """The HTML from `start` (included) to `end` (excluded): the game's own part of a page."""
    index = html.index(start)
    return html[index:html.index(end, index)]
