"""Every URL of the site (the admin's login included, its other pages left out), with its parameters filled in so
that it resolves: what the tests of requests on every URL post to."""
import re

from django.urls import URLPattern, URLResolver, get_resolver

SAMPLES = {"id": "1", "int": "1", "slug": "rat_a_tat_cat", "str": "rat_a_tat_cat", "path": "x", "uuid":
           "00000000-0000-0000-0000-000000000000"}


def _walk(patterns, prefix: str):
    for entry in patterns:
        route = str(entry.pattern)
        if isinstance(entry, URLResolver):
            if route == "admin/":
                yield "/admin/login/"
                continue
            yield from _walk(entry.url_patterns, prefix + route)
        elif isinstance(entry, URLPattern):
            yield prefix + route


def site_urls() -> list[str]:
    urls = []
    for route in _walk(get_resolver().url_patterns, "/"):
        if route.startswith("/admin/"):
            urls.append(route)
            continue
        path = re.sub(r"<(?:(\w+):)?\w+>", lambda m: SAMPLES[m.group(1) or "str"], route)
        if not set(path) & set("^$()[]\\?*+"):  # a regular expression's route (none of ours): left out
            urls.append(path)
    return sorted(set(urls))
