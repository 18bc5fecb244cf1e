"""Hostile requests against a real server process (daphne, DEBUG off, PostgreSQL's pool of POOL_SIZE connections):
whatever a request raises, its connection goes back to the pool, and the process stops promptly when told to.

Issue 27: a signed-in POST whose form declares another charset than UTF-8 made Django's CSRF check refuse the body,
then the 400 page read it again and raised; the request never ended and its pooled connection was never given back.
A pool's worth of such posts and every later request of that process waited for a connection and failed.
"""
import signal
import subprocess
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.browser.conftest import free_port
from tests.catsite.site_urls import site_urls
from tests.servers.conftest import POOL_SIZE, Server

CSRF = "robustcsrfsecretforthetests00002"
SIGTERM_SECONDS = 10
CHARSETS = ["utf-16", "latin-1", "ascii", "UTF8"]
SIGNED_IN = """
import json
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore
from scoring.services import sign_up

user = sign_up(username="hostile", email="hostile@example.com", password="a-Long-passw0rd", display_name="Hostile",
               handle="hostile")
store = SessionStore()
store[SESSION_KEY] = str(user.pk)
store[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
store[HASH_SESSION_KEY] = user.get_session_auth_hash()
store.create()
print(json.dumps({"session": store.session_key}))
"""


@pytest.fixture
def lone_server(site, tmp_path):
    """One more process of the site that waits at most 5 s for a pooled connection: a leak shows as a failure."""
    server = Server(port=free_port(), env=site.env | {"DATABASE_POOL_TIMEOUT": "5"}, log=tmp_path / "daphne.log")
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def session(site):
    return site.python(SIGNED_IN)["session"]


def request(server, path: str, session: str, body: bytes | None = None, content_type: str | None = None):
    """The status and page of one request; a connection refused or cut is a status of 0."""
    headers = {"Cookie": f"sessionid={session}; csrftoken={CSRF}", "X-CSRFToken": CSRF}
    if content_type:
        headers["Content-Type"] = content_type
    try:
        with urllib.request.urlopen(urllib.request.Request(f"{server.url}{path}", data=body, headers=headers),
                                    timeout=60) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()
    except (urllib.error.URLError, ConnectionError, TimeoutError) as error:
        return 0, str(error)


def test_a_form_in_another_charset_is_a_400_and_leaks_no_connection(lone_server, session):
    urls = site_urls()
    assert len(urls) * len(CHARSETS) >= 3 * POOL_SIZE
    refused = {}
    for path in urls:  # every URL of the site, each in every charset
        for charset in CHARSETS:
            status, page = request(lone_server, path, session, "language=zh-hant".encode(charset.lower()),
                                   f"application/x-www-form-urlencoded; charset={charset}")
            refused[path, charset] = (status, "could not read that request" in page and "Traceback" not in page)
    assert {key: answer for key, answer in refused.items() if answer != (400, True)} == {}
    status, page = request(lone_server, "/", session)
    assert status == 200, "every pooled connection came back"
    assert "Hostile" in page, "the session still works"


def test_a_process_stops_promptly_on_sigterm_after_hostile_posts(site, session, tmp_path):
    """With the site's own pool timeout: the probe's process, its pool emptied, ignored SIGTERM for minutes while
    the requests queued for a connection waited theirs out."""
    server = Server(port=free_port(), env=site.env, log=tmp_path / "daphne.log")
    server.start()
    try:
        for _ in range(3 * POOL_SIZE):
            request(server, "/language/", session, b"a=b", "application/x-www-form-urlencoded; charset=utf-16")
        with ThreadPoolExecutor(max_workers=2 * POOL_SIZE) as visitors:
            for _ in range(2 * POOL_SIZE):  # pages on their way when the signal comes
                visitors.submit(request, server, "/", session)
            server.process.send_signal(signal.SIGTERM)
            try:
                server.process.wait(timeout=SIGTERM_SECONDS)
            except subprocess.TimeoutExpired:
                log = server.log.read_text()[-3000:]
                pytest.fail(f"the process still ran {SIGTERM_SECONDS} s after SIGTERM:\n{log}")
    finally:
        server.stop()
