"""Fixtures of table mode: the live-match framework's users and inline bots, a table hosted by Mia."""
import pytest
from django.test import Client

from tests.games.conftest import bots_inline  # noqa: F401  (a fixture)


@pytest.fixture
def table(mia):
    from table_mode import services

    return services.open_table(host=mia)


@pytest.fixture
def screen(mia):
    """The host's browser: the big screen."""
    browser = Client()
    browser.force_login(mia)
    return browser


def join_as_guest(table, name: str) -> Client:
    """A phone without an account that joined `table` as `name`."""
    phone = Client()
    response = phone.post(f"/table/{table.code}/", {"name": name})
    assert response.status_code == 302, response.content.decode()[:400]
    return phone
