"""Take Away's words: its log events and refusals as sentences."""
from django.utils.translation import gettext, gettext_lazy, ngettext

OPTION_LABELS = {"stones": (gettext_lazy("Stones"), "")}  # as the form named it before: the test game has no catalogue


def event(entry: dict) -> str:
    if entry["event"] == "took":
        took = ngettext("took %(n)d stone", "took %(n)d stones", entry["stones"]) % {"n": entry["stones"]}
        left = ngettext("%(n)d is left", "%(n)d are left", entry["left"]) % {"n": entry["left"]}
        return f"{took}; {left}."
    return entry["event"]


def refusal(code: str, params: dict) -> str | None:
    if code == "too_many":
        return ngettext("Take at most %(n)d stone.", "Take one to %(n)d stones.", params["most"]) % {
            "n": params["most"]}
    return {"not_your_turn": gettext("It is not your turn.")}.get(code)
