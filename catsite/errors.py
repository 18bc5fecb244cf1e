"""The site's error pages (handler400, 403, 404 and 500 in catsite/urls.py, and CSRF_FAILURE_VIEW), in its look and
the visitor's language, with no internals.

Each page is rendered from its template alone (templates/errors/), without the request's context: no session, no
user, no database. Django's own handlers run the CSRF check again on the request (`requires_csrf_token`), which
reads a POST body a second time: a body Django cannot read (a form in UTF-16) raised once more inside the 400
handler, the error left Django's handler altogether and the request never ended (issue 27). These do not.

A request that failed because the database cannot be reached (its pool timed out, a connection was refused, SQLite
stayed locked) gets 503 "try again in a minute", not 500: nothing is wrong with the request, and the site comes
back by itself when the database does.
"""
import logging
import sys

from django.db import InterfaceError, OperationalError
from django.http import HttpResponse
from django.template import loader

logger = logging.getLogger(__name__)
RETRY_AFTER_SECONDS = 30
# When even the template fails (a broken deployment): the same words in both languages, no internals.
BARE_500 = ("<!doctype html><html><head><meta charset=\"utf-8\"><title>Server error · Top Cat</title></head><body>"
            "<h1>Something went wrong on our side</h1><p>Please try again in a moment.</p>"
            "<p lang=\"zh-Hant\">網站出了點問題，請稍後再試。</p></body></html>")


def page(status: int, context: dict | None = None) -> HttpResponse:
    """The error page for `status`, rendered from its template alone."""
    try:
        content = loader.render_to_string(f"errors/{status}.html", context or {})
    except Exception:  # the page of last resort must not fail in its turn
        logger.exception("The %s page could not be rendered", status)
        content, status = BARE_500, 500 if status >= 500 else status
    response = HttpResponse(content, status=status)
    if status == 503:
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


def database_unreachable(error: BaseException | None) -> bool:
    """Whether the error is the database failing (unreachable, timed out, locked), not the request or the code."""
    return isinstance(error, OperationalError | InterfaceError)


def bad_request(request, exception=None):
    return page(400)


def permission_denied(request, exception=None):
    return page(403)


def csrf_failure(request, reason=""):
    return page(403, {"csrf": True})


def page_not_found(request, exception=None):
    return page(404)


def server_error(request=None):
    """handler500: Django calls it while handling the error, which sys.exc_info() still holds."""
    return page(503 if database_unreachable(sys.exc_info()[1]) else 500)
