"""Text-first mode (issue 30.5, docs/accessibility.md): whether a table is drawn as text for a screen reader.

A player turns it on on their profile (`PlayerProfile.text_mode`). A page asks the request's user
(`TextModeMiddleware` keeps the request at hand for `active()`); a socket asks its user once, when it opens, and joins
its audience's group for text tables (`mode_group`), so a push renders the text table for those sockets only, under
`override`, the way a table is rendered in each socket's language under `translation.override`.
"""
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache

from django.template import TemplateDoesNotExist
from django.template.loader import get_template

_forced: ContextVar[bool | None] = ContextVar("text_mode_forced", default=None)
_request: ContextVar[object | None] = ContextVar("text_mode_request", default=None)

TEXT = "text"  # the suffix of an audience's group for the sockets of text-first players


def wanted(user) -> bool:
    """Whether this user (a request's or a socket's) turned the text-first mode on."""
    if not getattr(user, "is_authenticated", False) or getattr(user, "guest_profiles", None) is not None:
        return False
    try:
        profile = user.profile
    except Exception:  # a user without a profile yet, or a stand-in (tables.Holder) that is no model
        return False
    return bool(getattr(profile, "text_mode", False))


def active() -> bool:
    """Whether the table being rendered now is the text one: `override`'s value, else the request's user's."""
    forced = _forced.get()
    if forced is not None:
        return forced
    request = _request.get()
    if request is None:
        return False
    if not hasattr(request, "_text_mode"):
        request._text_mode = wanted(getattr(request, "user", None))
    return request._text_mode


@contextmanager
def override(on: bool):
    """Render the tables inside as text (True) or drawn (False), whoever's request this is (a push's audiences)."""
    token = _forced.set(bool(on))
    try:
        yield
    finally:
        _forced.reset(token)


def mode_group(group: str, text: bool) -> str:
    """An audience's group (in a language) for its text-first sockets: `match-5-seat-0.en.text`."""
    return f"{group}.{TEXT}" if text else group


def modes() -> tuple[bool, ...]:
    return (False, True)


def table_template(game) -> str:
    """The game's table: its text one (`<slug>/text.html`) in the text-first mode, else its drawn one."""
    if active() and has_text_table(game.slug):
        return f"{game.slug}/text.html"
    return game.table_template


@lru_cache(maxsize=64)
def has_text_table(slug: str) -> bool:
    try:
        get_template(f"{slug}/text.html")
    except TemplateDoesNotExist:  # a game without a text table keeps its drawn one
        return False
    return True


class TextModeMiddleware:
    """Keeps the request at hand while its view renders a table (`active`), without asking the database unless a
    table is rendered."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        token = _request.set(request)
        try:
            return self.get_response(request)
        finally:
            _request.reset(token)
