"""The visitor's language: chosen from a link (?lang=), the menu on every page, the player's profile, the cookie or
the browser, in that order; remembered in the cookie (which the websocket pushes read too) and in the profile.

Django's LocaleMiddleware has already picked the cookie's language or the browser's (Accept-Language: zh-TW and
zh-HK give zh-hant). This middleware runs after authentication and lets a link or the logged-in player's profile
win over that, and keeps the cookie equal to the language in use whenever one was chosen. See docs/i18n.md.
"""
import re
from types import SimpleNamespace
from urllib.parse import urlencode, urlsplit, urlunsplit

from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpResponseRedirect, QueryDict
from django.http.cookie import parse_cookie
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

LINK_PARAMETER = "lang"


# A language tag ("zh-TW", "en"), as Django reads them; anything else is no language at all.
LANGUAGE_TAG = re.compile(r"[a-z]{1,8}(?:-[a-z0-9]{1,8})*", re.IGNORECASE)


def supported(code) -> str | None:
    """The site language for `code` ("zh-TW" -> "zh-hant", "en" -> "en-gb"), or None for anything else."""
    if not isinstance(code, str) or len(code) > 20 or not LANGUAGE_TAG.fullmatch(code):
        return None
    try:
        return translation.get_supported_language_variant(code.lower())
    except LookupError:
        return None


def profile_language(user) -> str | None:
    """The language kept in the logged-in player's profile, if they have chosen one."""
    if not getattr(user, "is_authenticated", False):
        return None
    profile = getattr(user, "profile", None)  # PlayerProfileMiddleware has made sure there is one
    return supported(getattr(profile, "language", "")) if profile is not None else None


def remember_in_profile(user, code: str) -> None:
    if not getattr(user, "is_authenticated", False):
        return
    profile = getattr(user, "profile", None)
    if profile is not None and profile.language != code:
        profile.language = code
        profile.save(update_fields=["language"])


def set_cookie(response, code: str) -> None:
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME, code, max_age=settings.LANGUAGE_COOKIE_AGE, path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN, secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY, samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )


def _use(request, code: str) -> None:
    translation.activate(code)
    request.LANGUAGE_CODE = code


class LanguageMiddleware:
    """After AuthenticationMiddleware: ?lang= (remembered), else the profile's language, over LocaleMiddleware's."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        chosen = supported(request.GET.get(LINK_PARAMETER)) if LINK_PARAMETER in request.GET else None
        if chosen:
            remember_in_profile(request.user, chosen)
        else:
            chosen = profile_language(request.user)
        if chosen:
            _use(request, chosen)
        response = self.get_response(request)
        # The view may have logged someone in (their profile's language now applies) or chosen a language itself.
        kept = getattr(request, "language_chosen", None) or profile_language(request.user) or chosen
        if kept and request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME) != kept:
            set_cookie(response, kept)
        return response


@require_POST
def choose(request):
    """The language menu of every page: remember the choice and go back to the page it was made on."""
    code = supported(request.POST.get("language"))
    going = request.POST.get("next") or "/"
    if not url_has_allowed_host_and_scheme(going, allowed_hosts={request.get_host()},
                                           require_https=request.is_secure()):
        going = "/"
    response = HttpResponseRedirect(without_link_parameter(going))
    if code:
        remember_in_profile(request.user, code)
        _use(request, code)
        request.language_chosen = code
    return response


def back_here(request) -> str:
    """Where the menu goes back to: this page, with its query, but without ?lang= and without a ?next= that leads
    off the site (a page must not echo another site's address)."""
    query = request.GET.copy()
    query.pop(LINK_PARAMETER, None)
    going = query.get("next")
    if going is not None and not url_has_allowed_host_and_scheme(going, allowed_hosts={request.get_host()},
                                                                 require_https=request.is_secure()):
        query.pop("next")
    return f"{request.path}?{query.urlencode()}" if query else request.path


def without_link_parameter(url: str) -> str:
    """The page address without ?lang= (which would switch back to the language the link carried)."""
    parts = urlsplit(url)
    query = QueryDict(parts.query, mutable=True)
    query.pop(LINK_PARAMETER, None)
    return urlunsplit(parts._replace(query=urlencode(list(query.lists()), doseq=True)))


@receiver(user_logged_in, dispatch_uid="catsite.languages.adopt")
def adopt_on_login(sender, request, user, **kwargs):
    """A player who chose a language before logging in, and has none in their profile yet, keeps it there."""
    if request is None or profile_language(user):
        return
    code = supported(request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME))
    if code:
        remember_in_profile(user, code)


def scope_language(scope) -> str:
    """The language of an ASGI connection that has no Django request (a websocket, or a request Django could not
    build), chosen as LocaleMiddleware chooses a page's: Django's own choice from the language cookie, else the
    browser's Accept-Language, else LANGUAGE_CODE (always one of LANGUAGES)."""
    headers = {name.lower(): value.decode("latin-1") for name, value in scope.get("headers") or ()}
    cookies = scope.get("cookies")
    if cookies is None:  # Channels' middleware parses them for a websocket; Django's request would for a page
        cookies = parse_cookie(headers.get(b"cookie", ""))
    asked = SimpleNamespace(COOKIES=cookies, META={"HTTP_ACCEPT_LANGUAGE": headers.get(b"accept-language", "")})
    return translation.get_language_from_request(asked)
