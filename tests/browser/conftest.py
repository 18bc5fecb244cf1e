"""Browser-test fixtures: the real site under daphne (HTTP and websockets) on its own database, and Chromium.

Browser tests talk to the server only through the browser (or `manage` for setting up data); they never use
pytest-django's test database. Typical use:

    @pytest.mark.browser
    def test_something(page, live_server_url):
        page.goto("/players/")            # pages are opened relative to live_server_url
        ...

    def test_two_players(new_context):
        alice, bob = new_context().new_page(), new_context().new_page()   # separate cookies and sessions

    def test_signed_up_players(signed_up):
        mia, leo = signed_up(("mia", "Mia"), ("leo", "Leo"))              # each signed up in a context of their own

Helpers that wait for what they need live in tables.py (match pages) and visitors.py (accounts, pads, history).
"""

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

from tests.workers import channel_layer_prefix, forget_channel_layer, per_worker

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
# Named after DATABASE_URL's database (topcat -> topcat_browser), so that runs against different databases on one
# PostgreSQL server never drop each other's, and after the xdist worker (topcat_browser_gw0): each worker has a
# server of its own (tests/workers.py).
BROWSER_DATABASE = per_worker(urlsplit(os.environ.get("DATABASE_URL", "")).path.lstrip("/") + "_browser")
# With Redis, the server's channel-layer keys are its own: not the test process's, nor another worker's server's.
CHANNEL_LAYER_PREFIX = channel_layer_prefix("browser")
STARTUP_SECONDS = 180
# How long a wait may last before it fails: an action's (a click that loads a page waits for it), a navigation's,
# `wait_for`'s, and `expect`'s (whose own default is 5 s). Generous, since it costs nothing when what is waited for
# comes: on a loaded machine (docs/browser-tests.md, "Under load") a sign-up's click waited more than 15 s for the
# password hashing behind it.
DEFAULT_TIMEOUT_MS = 60_000


@dataclass
class BrowserServer:
    url: str
    env: dict = field(repr=False)
    directory: Path
    log: Path
    port: int = 0
    process: subprocess.Popen | None = field(default=None, repr=False)

    def start(self) -> None:
        with self.log.open("a") as log_file:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(self.port), "catsite.asgi:application"],
                cwd=ROOT, env=self.env, stdout=log_file, stderr=subprocess.STDOUT,
            )
        _wait_until_answering(self.url, self.process, self.log)

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()

    def restart(self) -> None:
        """Stop the server and start it again on the same port and database, as a deploy or a crash would."""
        self.stop()
        self.start()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def with_database_name(url: str, name: str) -> str:
    """The same PostgreSQL DATABASE_URL pointing at another database."""
    return urlunsplit(urlsplit(url)._replace(path=f"/{name}"))


def _postgres_admin(url: str):
    import psycopg

    parts = urlsplit(with_database_name(url, "postgres"))
    return psycopg.connect(urlunsplit(parts._replace(scheme="postgresql")), autocommit=True)


def _drop_database(url: str) -> None:
    with _postgres_admin(url) as connection:
        try:
            connection.execute(f'DROP DATABASE IF EXISTS "{BROWSER_DATABASE}" WITH (FORCE)')
        except Exception:  # PostgreSQL before 13 has no FORCE
            connection.execute(f'DROP DATABASE IF EXISTS "{BROWSER_DATABASE}"')


def _create_database(url: str) -> None:
    _drop_database(url)
    with _postgres_admin(url) as connection:
        connection.execute(f'CREATE DATABASE "{BROWSER_DATABASE}"')


def server_env(directory: Path) -> dict:
    env = dict(os.environ)  # keeps REDIS_URL (and DATABASE_URL, rewritten below) when the CI sets them
    for name in ("SQLITE_TEST_PATH", "SECURE_SSL_REDIRECT", "SECURE_HSTS_SECONDS", "STATIC_ROOT"):
        env.pop(name, None)
    env.update(
        DJANGO_SETTINGS_MODULE="catsite.settings",
        DEBUG="1",  # whitenoise then serves /static/ straight from the finders, Django serves /media/
        SQLITE_PATH=str(directory / "browser.sqlite3"),
        MEDIA_ROOT=str(directory / "media"),
        ALLOWED_HOSTS="127.0.0.1,localhost",
        PYTHONUNBUFFERED="1",
        BOT_DELAY="0.05",
        CHANNEL_LAYER_PREFIX=CHANNEL_LAYER_PREFIX,
    )
    if os.environ.get("DATABASE_URL"):
        env["DATABASE_URL"] = with_database_name(os.environ["DATABASE_URL"], BROWSER_DATABASE)
    return env


def _run_manage(env: dict, *args: str, input: str | None = None) -> subprocess.CompletedProcess:
    result = subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, input=input, capture_output=True, text=True
    )
    if result.returncode:
        raise RuntimeError(f"manage.py {' '.join(args)} failed:\n{result.stdout}\n{result.stderr}")
    return result


def _wait_until_answering(url: str, process: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"daphne exited with {process.returncode}:\n{log.read_text()}")
        try:
            # The first request loads the site's code: on a loaded machine it takes more than a few seconds, and
            # a probe that gave up sooner would only start it again (daphne drops the request when we go).
            with urllib.request.urlopen(f"{url}/accounts/login/", timeout=max(deadline - time.monotonic(), 1)):
                return
        except urllib.error.HTTPError:
            return  # it answers, even if with an error page: the tests will say what is wrong
        except (urllib.error.URLError, ConnectionError, TimeoutError, OSError):
            time.sleep(0.2)
    raise RuntimeError(f"daphne did not answer within {STARTUP_SECONDS}s:\n{log.read_text()}")


@pytest.fixture(scope="session")
def browser_server(tmp_path_factory):
    """The site under daphne on a free port, with a fresh database and MEDIA_ROOT of its own."""
    directory = tmp_path_factory.mktemp("browser-server")
    env = server_env(directory)
    postgres = bool(os.environ.get("DATABASE_URL"))
    if postgres:
        _create_database(os.environ["DATABASE_URL"])
    _run_manage(env, "migrate", "--noinput")
    port = free_port()
    env["SITE_URL"] = f"http://127.0.0.1:{port}"  # what e-mails link to (the notices: docs/notices.md)
    server = BrowserServer(url=f"http://127.0.0.1:{port}", env=env, directory=directory,
                           log=directory / "daphne.log", port=port)
    server.log.touch()
    try:
        server.start()
        yield server
    finally:
        if server.process is not None:
            server.stop()
        if postgres:
            _drop_database(os.environ["DATABASE_URL"])
        forget_channel_layer(CHANNEL_LAYER_PREFIX)
        shutil.rmtree(directory / "media", ignore_errors=True)


@pytest.fixture(scope="session")
def live_server_url(browser_server) -> str:
    """The running site's address: "http://127.0.0.1:<port>"."""
    return browser_server.url


@pytest.fixture(scope="session")
def manage(browser_server):
    """Run a manage.py command against the browser server's database: manage("createsuperuser", "--noinput")."""

    def run(*args: str, input: str | None = None) -> subprocess.CompletedProcess:
        return _run_manage(browser_server.env, *args, input=input)

    return run


@pytest.fixture(scope="session")
def browser():
    """One headless Chromium for the whole session (each test gets its own context, so its own cookies)."""
    if not Path(CHROMIUM).exists():
        pytest.skip(f"Chromium not found at {CHROMIUM}")
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=DEFAULT_TIMEOUT_MS)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=LAUNCH_ARGS)
        yield chromium
        chromium.close()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """Each test's outcome, kept on it (`item.outcome_of["call"]`) for its fixtures' teardown to read."""
    report = yield
    item.__dict__.setdefault("outcome_of", {})[report.when] = report
    return report


@pytest.fixture
def new_context(browser, live_server_url, request):
    """Make browser contexts (separate visitors) whose relative URLs go to the live server; closed after the test.

    Before they close, axe checks every page still open on a page of the site (the state each test ends in, which a
    test rarely checks itself): a test that passed fails in its teardown when any of its pages has a WCAG 2.2 A/AA
    violation of any impact (tests/browser/axe.py). A test that failed already is not checked again, nor a
    context made without scripts (axe is one)."""
    contexts, scripted = [], []

    def make(**options):
        context = browser.new_context(base_url=live_server_url, **options)
        context.set_default_timeout(DEFAULT_TIMEOUT_MS)
        contexts.append(context)
        if options.get("java_script_enabled", True):  # axe is a script: a page without scripts cannot run it
            scripted.append(context)
        return context

    yield make
    try:
        outcome = getattr(request.node, "outcome_of", {}).get("call")
        if outcome is not None and outcome.passed:
            from tests.browser.axe import describe, site_pages, violations

            problems = [f"{page.url}:\n{describe(found)}"
                        for page in site_pages(scripted, live_server_url) if (found := violations(page))]
            assert not problems, "accessibility violations where the test ended:\n" + "\n".join(problems)
    finally:
        for context in contexts:
            context.close()


def watch_errors(page):
    """Collect the page's console errors (CSP violations and failed loads included) and uncaught exceptions in
    `page.console_errors`; the page is returned."""
    page.console_errors = []
    page.on("console", lambda message: message.type == "error" and page.console_errors.append(message.text))
    page.on("pageerror", lambda error: page.console_errors.append(str(error)))
    return page


@pytest.fixture
def page(new_context):
    """A page in a fresh context. `page.console_errors` collects console errors (CSP violations included)."""
    return watch_errors(new_context().new_page())


@pytest.fixture
def signed_up(new_context):
    """Sign up players, each in a browser context (cookies, session) of their own, and give their pages, each
    watched for errors: `mia, leo = signed_up(("mia", "Mia"), ("leo", "Leo"))`."""
    from tests.browser.visitors import sign_up

    def make(*players: tuple[str, str]):
        pages = []
        for username, display_name in players:
            page = watch_errors(new_context().new_page())
            sign_up(page, username, display_name)
            pages.append(page)
        return pages

    return make
