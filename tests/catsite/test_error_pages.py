"""The error pages (catsite/errors.py, templates/errors/): the site's look in the visitor's language, no internals,
the 500 and 503 pages without the database; a request whose error pages fail still ends (catsite/http_handler.py)."""
import pytest
from asgiref.testing import ApplicationCommunicator
from django.core import signals
from django.db import OperationalError
from django.test import Client, override_settings
from django.utils import translation

from catsite import errors
from catsite.http_handler import SiteASGIHandler

CHINESE = {"HTTP_ACCEPT_LANGUAGE": "zh-TW"}


def looks_like_the_site(page: str) -> bool:
    return 'class="site-header"' in page and "/static/css/site" in page and "Traceback" not in page


@pytest.mark.django_db
def test_a_missing_page_is_the_sites_404_in_either_language(client):
    response = client.get("/no/such/page/")
    assert response.status_code == 404
    assert "There is no such page" in response.text and looks_like_the_site(response.text)
    chinese = client.get("/no/such/page/", **CHINESE)
    assert chinese.status_code == 404 and "沒有這個頁面" in chinese.text and looks_like_the_site(chinese.text)


@pytest.mark.django_db
@pytest.mark.parametrize("charset", ["utf-16", "latin-1", "ascii", "UTF8"])
def test_a_form_in_another_charset_is_a_400_page(charset):
    client = Client(enforce_csrf_checks=True)
    client.get("/accounts/login/")
    token = client.cookies["csrftoken"].value
    response = client.post("/language/", b"language=zh-hant", HTTP_X_CSRFTOKEN=token,
                           content_type=f"application/x-www-form-urlencoded; charset={charset}")
    assert response.status_code == 400
    assert "could not read that request" in response.text and looks_like_the_site(response.text)


@pytest.mark.django_db
def test_a_form_without_its_csrf_check_is_the_sites_403():
    response = Client(enforce_csrf_checks=True).post("/language/", {"language": "zh-hant"}, **CHINESE)
    assert response.status_code == 403
    assert "確認" in response.text and looks_like_the_site(response.text)


def test_the_500_page_renders_without_the_database_in_either_language():
    """No database here: pytest-django refuses any query in a test not marked for one."""
    try:
        raise RuntimeError("a bug")
    except RuntimeError:
        response = errors.server_error(None)
    assert response.status_code == 500 and "Something went wrong on our side" in response.text
    assert looks_like_the_site(response.text) and "a bug" not in response.text
    with translation.override("zh-hant"):
        try:
            raise RuntimeError("a bug")
        except RuntimeError:
            assert "我們這邊出了問題" in errors.server_error(None).text


def test_a_database_that_cannot_be_reached_is_a_503_that_says_to_try_again():
    for language, words in [("en-gb", "Please try again in a minute"), ("zh-hant", "請過一分鐘再試")]:
        with translation.override(language):
            try:
                raise OperationalError("couldn't get a connection after 5.00 sec")
            except OperationalError:
                response = errors.server_error(None)
        assert response.status_code == 503 and response["Retry-After"]
        assert words in response.text and "couldn't get a connection" not in response.text


@pytest.mark.asyncio
@override_settings(ROOT_URLCONF="tests.catsite.failing_urls")
async def test_a_request_whose_error_pages_fail_still_ends_with_the_500_page():
    """Django's handler lets such an error out: the request never sent request_finished, so its database connection
    was never handed back (issue 27)."""
    finished = []

    def note(**kwargs):
        finished.append(True)

    signals.request_finished.connect(note)
    try:
        scope = {"type": "http", "method": "GET", "path": "/missing/", "query_string": b"", "headers": [],
                 "server": ("testserver", 80), "client": ("127.0.0.1", 1234)}
        communicator = ApplicationCommunicator(SiteASGIHandler(), scope)
        await communicator.send_input({"type": "http.request", "body": b""})
        start = await communicator.receive_output(10)
        body = await communicator.receive_output(10)
        await communicator.wait(10)
    finally:
        signals.request_finished.disconnect(note)
    assert start["status"] == 500
    assert b"Something went wrong on our side" in body["body"] and b"the error page failed" not in body["body"]
    assert finished, "request_finished was sent: the connection goes back"


@pytest.mark.django_db
def test_a_page_whose_database_fails_answers_the_503_page(monkeypatch):
    """On either database: any query of the request fails as an unreachable database's would."""
    from django.db import connections

    def unreachable(*args, **kwargs):
        raise OperationalError("unable to open database file")

    monkeypatch.setattr(type(connections["default"]), "create_cursor", unreachable)
    response = Client(raise_request_exception=False).get("/players/", **CHINESE)
    assert response.status_code == 503 and response["Retry-After"]
    assert "請過一分鐘再試" in response.text and "unable to open" not in response.text


@pytest.mark.asyncio
@pytest.mark.parametrize("language, words", [(b"en-GB", b"could not read that request"),
                                             (b"zh-TW", "無法讀取".encode())])
async def test_a_request_django_cannot_build_is_the_sites_400_in_the_visitors_language(language, words):
    """A query string that is not UTF-8 makes Django's request raise UnicodeDecodeError as it is built: Django
    answered its bare "Bad Request". (Daphne's HTTP parser, Twisted's, refuses such a request line itself, with a
    bare 400 before the site sees it; another ASGI server passes the bytes on.)"""
    finished = []

    def note(**kwargs):
        finished.append(True)

    signals.request_finished.connect(note)
    try:
        scope = {"type": "http", "method": "POST", "path": "/language/", "query_string": b"next=\xff\xfe",
                 "headers": [(b"accept-language", language)], "server": ("testserver", 80),
                 "client": ("127.0.0.1", 1234)}
        communicator = ApplicationCommunicator(SiteASGIHandler(), scope)
        await communicator.send_input({"type": "http.request", "body": b"language=zh-hant"})
        start = await communicator.receive_output(10)
        body = await communicator.receive_output(10)
        await communicator.wait(10)
    finally:
        signals.request_finished.disconnect(note)
    assert start["status"] == 400
    assert words in body["body"] and looks_like_the_site(body["body"].decode())
    assert finished, "request_finished was sent: the connection goes back"
