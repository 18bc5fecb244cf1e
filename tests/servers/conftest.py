"""Real servers for the tests of many processes: daphne processes on one PostgreSQL database and one Redis, started
as docs/deployment.md says (DEBUG off, static files collected and served compressed by whitenoise).

Only on the PostgreSQL and Redis pass of CI (DATABASE_URL and REDIS_URL set): one process on SQLite and the
in-memory channel layer is the other pass's business. The servers get a database of their own, named after
DATABASE_URL's and the xdist worker (topcat -> topcat_servers_gw0), so that runs against different databases never
meet, and a channel-layer prefix of their own in Redis (tests/workers.py).
"""
import json
import os
import secrets
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

from tests.browser.conftest import _wait_until_answering as wait_until_answering
from tests.browser.conftest import free_port, with_database_name
from tests.workers import channel_layer_prefix, forget_channel_layer, per_worker

ROOT = Path(__file__).resolve().parents[2]
TEST_APPLICATION = "topcat-servers-test"  # the tests' own connections, left out when the servers' are counted
POOL_SIZE = 4  # DATABASE_POOL_SIZE of each server process: small, so that the bound is easy to see


def _database_name() -> str:
    return per_worker(urlsplit(os.environ["DATABASE_URL"]).path.lstrip("/") + "_servers")


def admin_connection():
    """A psycopg connection to the servers' own database, for looking at what they did."""
    import psycopg

    url = with_database_name(os.environ["DATABASE_URL"], _database_name())
    return psycopg.connect(urlunsplit(urlsplit(url)._replace(scheme="postgresql")), autocommit=True,
                           application_name=TEST_APPLICATION)


def _maintenance(sql: str) -> None:
    import psycopg

    url = with_database_name(os.environ["DATABASE_URL"], "postgres")
    with psycopg.connect(urlunsplit(urlsplit(url)._replace(scheme="postgresql")), autocommit=True) as connection:
        connection.execute(sql)


@dataclass
class Server:
    """One daphne process of the site."""

    port: int
    env: dict = field(repr=False)
    log: Path
    process: subprocess.Popen | None = field(default=None, repr=False)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        with self.log.open("a") as log_file:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(self.port), "catsite.asgi:application"],
                cwd=ROOT, env=self.env, stdout=log_file, stderr=subprocess.STDOUT)
        wait_until_answering(self.url, self.process, self.log)

    def kill(self) -> None:
        """SIGKILL: no chance to finish anything, as a crash or an out-of-memory killer would."""
        self.process.kill()
        self.process.wait()

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.kill()


@dataclass
class Site:
    """Several server processes of one site, the manage.py of their database, and what they logged."""

    servers: list[Server]
    env: dict = field(repr=False)

    def manage(self, *args: str, **env: str) -> str:
        result = subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=self.env | env,
                                capture_output=True, text=True)
        if result.returncode:
            raise RuntimeError(f"manage.py {' '.join(args)} failed:\n{result.stdout}\n{result.stderr}")
        return result.stdout

    def python(self, code: str) -> dict:
        """Run Django code against the site's database (manage.py shell); it prints one JSON object, returned.
        Bots move at once in that process (they would die with it otherwise)."""
        output = self.manage("shell", "-c", code, BOT_RUNNER="inline", BOT_DELAY="0")
        return json.loads(output.strip().splitlines()[-1])

    def logs(self) -> str:
        return "\n".join(server.log.read_text() for server in self.servers)


@pytest.fixture(scope="session")
def site(tmp_path_factory):
    """Two daphne processes on different ports, sharing one PostgreSQL database and one Redis."""
    if not (os.environ.get("DATABASE_URL", "").startswith("postgres") and os.environ.get("REDIS_URL")):
        pytest.skip("many processes need PostgreSQL (DATABASE_URL) and Redis (REDIS_URL)")
    directory = tmp_path_factory.mktemp("servers")
    name = _database_name()
    env = {k: v for k, v in os.environ.items() if k not in ("SQLITE_TEST_PATH", "STATIC_ROOT")}
    env.update(
        DJANGO_SETTINGS_MODULE="catsite.settings", DEBUG="0", SECRET_KEY=secrets.token_urlsafe(40),
        SECURE_SSL_REDIRECT="0", ALLOWED_HOSTS="127.0.0.1,localhost", STATIC_ROOT=str(directory / "static"),
        MEDIA_ROOT=str(directory / "media"), DATABASE_URL=with_database_name(os.environ["DATABASE_URL"], name),
        DATABASE_POOL_SIZE=str(POOL_SIZE), PYTHONUNBUFFERED="1", BOT_DELAY="0.05",
        CHANNEL_LAYER_PREFIX=channel_layer_prefix("servers"),  # one Redis for both processes, but theirs alone
    )
    _maintenance(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    _maintenance(f'CREATE DATABASE "{name}"')
    site = Site(servers=[], env=env)
    try:
        site.manage("migrate", "--noinput")
        site.manage("collectstatic", "--noinput")
        for index in range(2):
            server = Server(port=free_port(), env=env, log=directory / f"daphne-{index}.log")
            site.servers.append(server)
            server.start()
        yield site
    finally:
        for server in site.servers:
            server.stop()
        _maintenance(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        forget_channel_layer(env["CHANNEL_LAYER_PREFIX"])
