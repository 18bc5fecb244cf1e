"""HTML answers go gzipped to a browser that accepts it (Django's GZipMiddleware, catsite/settings.py), with Django's
BREACH mitigation; htmx answers keep working; static files are left to WhiteNoise's own compressed copies."""
import gzip
import json

import pytest
from django.conf import settings

from games.models import Match

pytestmark = pytest.mark.django_db
GZIP = {"HTTP_ACCEPT_ENCODING": "gzip, deflate, br"}
HTMX = {"HTTP_HX_REQUEST": "true"}


def unzipped(response) -> str:
    assert response["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in response["Vary"]
    return gzip.decompress(response.content).decode()


def test_a_match_page_is_gzipped_for_a_browser_that_accepts_it(client, mia, duel):
    client.force_login(mia)
    page = client.get(f"/matches/{duel.pk}/", **GZIP)
    assert page.status_code == 200
    html = unzipped(page)
    assert 'id="table"' in html and "csrfmiddlewaretoken" in html  # a page's forms post without JavaScript too
    assert len(page.content) < len(html.encode()) / 3
    plain = client.get(f"/matches/{duel.pk}/")
    assert not plain.has_header("Content-Encoding") and b'id="table"' in plain.content


def test_an_htmx_move_answer_is_gzipped_and_is_the_table(client, mia, duel):
    client.force_login(mia)
    match = Match.objects.get(pk=duel.pk)
    seat = match.engine.to_move(match.state)[0]
    assert seat == 0, "Mia moves first in this fixture"
    action = match.engine.legal_actions(match.state, seat)[0]
    data = {"seat": seat, "version": match.version, "action": json.dumps(action)}
    answer = client.post(f"/matches/{duel.pk}/move/", data, **HTMX, **GZIP)
    assert answer.status_code == 200
    html = unzipped(answer)
    assert html.startswith('<div id="table"') and 'hx-swap-oob' not in html
    assert Match.objects.get(pk=duel.pk).version == match.version + 1


def test_an_htmx_table_carries_no_csrf_field_and_the_same_table_gzips_differently_each_time(client, mia, duel):
    """The page sends the CSRF token in a header: a table answered to htmx needs no field of its own (as a push).
    The gzip stream differs from one answer to the next for the same HTML (Django's BREACH mitigation: a header of
    random length, 0 to 99 bytes, so two answers match one time in a hundred: eight all alike would be a bug)."""
    client.force_login(mia)
    answers = [client.get(f"/matches/{duel.pk}/table/", **HTMX, **GZIP) for _ in range(8)]
    assert len({unzipped(answer) for answer in answers}) == 1
    assert "csrfmiddlewaretoken" not in unzipped(answers[0]) and "<form" in unzipped(answers[0])
    assert len({answer.content for answer in answers}) > 1


def test_gzip_comes_after_whitenoise_and_before_anything_that_writes_a_body():
    """WhiteNoise answers static files itself (with its .gz/.br copies) before the gzip middleware is reached."""
    order = settings.MIDDLEWARE
    gzip_at = order.index("django.middleware.gzip.GZipMiddleware")
    assert order.index("whitenoise.middleware.WhiteNoiseMiddleware") < gzip_at
    assert gzip_at < order.index("django.contrib.sessions.middleware.SessionMiddleware")
