"""Django's ASGI handler, with one promise more: every request ends, whatever it raised.

Django hands a request's database connection back (to psycopg's pool, or the SQLite pool of catsite/sqlite/) on
`request_finished`, which it sends when the response is closed. An error raised while Django was already
handling an error (an error page that failed) left Django's handler altogether: the server answered a bare 500,
`request_finished` was never sent, and the connection was never given back. Ten such requests emptied a pool of ten
and every later request of that process waited for a connection and failed, until a restart (issue 27). Here such
a request ends as any other: the error is logged, the visitor gets the site's 500 page and the connection goes back.

A request Django cannot even build (a query string that is not UTF-8: UnicodeDecodeError) gets the site's 400 page
in the visitor's language, rather than Django's bare "Bad Request".
"""
import logging

from django.core import signals
from django.core.handlers.asgi import ASGIHandler
from django.utils import translation

from catsite import errors
from catsite.languages import scope_language

logger = logging.getLogger("django.request")


class SiteASGIHandler(ASGIHandler):
    async def handle(self, scope, receive, send):
        started = False

        async def send_and_note(message):
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await super().handle(scope, receive, send_and_note)
        except Exception:
            logger.exception("Error while handling an error: %s %s", scope.get("method"), scope.get("path"))
            # Still inside the request's thread-sensitive context: the receivers close the request's own connection.
            await signals.request_finished.asend(sender=self.__class__)
            if not started:
                await self.send_response(errors.page(500), send)

    def create_request(self, scope, body_file):
        request, response = super().create_request(scope, body_file)
        if request is None and response.status_code == 400:
            with translation.override(scope_language(scope)):
                response = errors.page(400)
        return request, response
