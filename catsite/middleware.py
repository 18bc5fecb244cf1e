"""The site's own middleware: the Content-Security-Policy header (Django 5.2 has none), and a loud log line when a
proxy's X-Forwarded-For arrives with PROXY_COUNT unset."""
import logging

from django.conf import settings

logger = logging.getLogger("catsite.proxy")


class ContentSecurityPolicyMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        response.headers.setdefault("Content-Security-Policy", settings.CONTENT_SECURITY_POLICY)
        return response


class ProxyCountCheck:
    """X-Forwarded-For arrives but PROXY_COUNT is unset: the site is behind a proxy nobody told it about, so every
    visitor seems to come from the proxy's address and the login limits (django-axes) count them all as one.
    Logged as an error at the first such request of each process (and every 1000th after), naming the fix."""

    EVERY = 1000

    def __init__(self, get_response):
        self.get_response = get_response
        self.seen = 0

    def __call__(self, request):
        if settings.PROXY_COUNT is None and "HTTP_X_FORWARDED_FOR" in request.META:
            if self.seen % self.EVERY == 0:
                logger.error(
                    "X-Forwarded-For arrived but PROXY_COUNT is unset: every visitor behind the proxy shares its "
                    "address for the login limits. Set PROXY_COUNT to the number of proxies in front (0 if none: "
                    "the header is then ignored). See docs/deployment.md.")
            self.seen += 1
        return self.get_response(request)
