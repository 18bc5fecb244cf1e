"""Every action a table's forms can post, composed from their choices as docs/live-matches.md says a browser does.

A move form holds `action` (a JSON object) and may hold choices named `part...` whose values are JSON objects:
radio buttons (one per group is sent) and submit buttons (the one pressed is sent). A radio with `data-row="r"`
composes only with the submit buttons inside an element with the same `data-row` (the rows of a form).
"""
import itertools
import json
from html.parser import HTMLParser


class _Forms(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.forms: list[dict] = []
        self.form: dict | None = None
        self.rows: list[tuple[str, str | None]] = []  # (tag, data-row) of the open elements inside a form

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            self.form = {"action": None, "hidden": {}, "radios": {}, "buttons": []}
            self.forms.append(self.form)
            self.rows = []
            return
        if self.form is None:
            return
        if tag not in ("input", "br", "img"):
            self.rows.append((tag, a.get("data-row")))
        name = a.get("name", "")
        if tag == "input" and a.get("type") == "hidden":
            self.form["hidden"][name] = a["value"]
            if name == "action":
                self.form["action"] = json.loads(a["value"])
        elif tag == "input" and a.get("type") == "radio" and name.startswith("part"):
            self.form["radios"].setdefault(name, []).append((a["value"], a.get("data-row")))
        elif tag == "button" and a.get("type", "submit") == "submit":
            row = next((r for _, r in reversed(self.rows[:-1]) if r is not None), None)
            self.form["buttons"].append(((name, a["value"]) if name.startswith("part") else None, row))

    def handle_endtag(self, tag):
        if tag == "form":
            self.form = None
        elif self.form is not None:
            while self.rows:
                if self.rows.pop()[0] == tag:
                    break


def composed(form: dict) -> list[tuple[dict, dict]]:
    """What one form can post: (the action composed, the fields sent) for one value of every radio group and one
    button, merged as games.match_views._parse_move merges them."""
    posts = []
    for button, row in form["buttons"] or [(None, None)]:
        groups = [[(name, value) for value, r in group if row is None or r is None or r == row]
                  for name, group in form["radios"].items()]
        for chosen in itertools.product(*groups):
            fields = dict(form["hidden"])
            action = dict(form["action"])
            for name, value in (*chosen, *([button] if button else [])):
                fields[name] = value
                part = json.loads(value)
                assert not action.keys() & part.keys(), f"the choice {name}={value} repeats a key of {action}"
                action.update(part)
            posts.append((action, fields))
    return posts


def form_posts(page: str) -> list[tuple[dict, dict]]:
    """(action, fields) for everything the page's move forms can post, in page order."""
    parser = _Forms()
    parser.feed(page)
    return [post for form in parser.forms if form["action"] is not None for post in composed(form)]


def posted_actions(page: str) -> list[dict]:
    return [action for action, _ in form_posts(page)]


def canonical(actions: list[dict]) -> list[str]:
    """Sorted canonical JSON, to compare a page's actions with the engine's legal ones."""
    return sorted(json.dumps(action, sort_keys=True) for action in actions)
