"""Behind a proxy nobody told the site about (X-Forwarded-For arrives, PROXY_COUNT unset), every visitor seems to
come from the proxy's address and the login limits count them all as one: the site says so in its log, loudly."""
import logging

import pytest

pytestmark = pytest.mark.django_db


def test_x_forwarded_for_with_proxy_count_unset_is_logged_as_an_error(client, settings, caplog):
    settings.PROXY_COUNT = None
    with caplog.at_level(logging.ERROR, logger="catsite.proxy"):
        client.get("/accounts/login/", HTTP_X_FORWARDED_FOR="198.51.100.4")
    assert [r for r in caplog.records if r.levelno == logging.ERROR and "PROXY_COUNT is unset" in r.getMessage()]


@pytest.mark.parametrize("count, header", [(None, None), (0, "198.51.100.4"), (1, "198.51.100.4")])
def test_nothing_is_said_when_the_proxies_are_known_or_there_is_no_header(client, settings, caplog, count, header):
    settings.PROXY_COUNT = count
    extra = {"HTTP_X_FORWARDED_FOR": header} if header else {}
    with caplog.at_level(logging.ERROR, logger="catsite.proxy"):
        client.get("/accounts/login/", **extra)
    assert not [r for r in caplog.records if "PROXY_COUNT" in r.getMessage()]
