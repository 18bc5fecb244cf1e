"""How the language is chosen: the browser (Accept-Language), the cookie, a ?lang= link, the menu on every page,
and the logged-in player's profile, which wins and sets the cookie on log in. Bad values change nothing."""
import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.urls import reverse

from scoring.services import profile_for
from tests.i18n.pages import PASSWORD, World, open_page, pages

COOKIE = settings.LANGUAGE_COOKIE_NAME
CHINESE = "規則"  # "Rules", in the navigation of every page
ENGLISH = ">Rules<"

pytestmark = pytest.mark.django_db


def language_of(response) -> str:
    text = response.content.decode()
    assert response.status_code == 200
    if CHINESE in text and 'lang="zh-Hant"' in text:
        return "zh-hant"
    assert ENGLISH in text and 'lang="en-gb"' in text, "neither English nor Chinese"
    return "en-gb"


def player(username="mia", language=""):
    user = get_user_model().objects.create_user(username=username, password=PASSWORD)
    profile = profile_for(user)
    profile.language = language
    profile.save()
    return user


@pytest.mark.parametrize("header, wanted", [
    ("zh-TW,zh;q=0.9,en;q=0.5", "zh-hant"), ("zh-HK", "zh-hant"), ("zh-Hant", "zh-hant"),
    ("en-US,en;q=0.9", "en-gb"), ("fr-FR", "en-gb"), ("", "en-gb"),
])
def test_the_browser_chooses_first(client, header, wanted):
    response = client.get(reverse("rules_index"), HTTP_ACCEPT_LANGUAGE=header)
    assert language_of(response) == wanted
    assert response.headers["Content-Language"] == wanted


def test_the_cookie_wins_over_the_browser(client):
    client.cookies[COOKIE] = "zh-hant"
    assert language_of(client.get(reverse("rules_index"), HTTP_ACCEPT_LANGUAGE="en-GB")) == "zh-hant"


def test_a_link_switches_and_is_remembered(client):
    response = client.get(reverse("rules_index") + "?lang=zh-hant", HTTP_ACCEPT_LANGUAGE="en-GB")
    assert language_of(response) == "zh-hant"
    assert response.cookies[COOKIE].value == "zh-hant"
    assert language_of(client.get(reverse("lobby"), HTTP_ACCEPT_LANGUAGE="en-GB")) == "zh-hant"
    back = client.get(reverse("lobby") + "?lang=en")  # the generic code finds the site's English
    assert language_of(back) == "en-gb" and back.cookies[COOKIE].value == "en-gb"


def test_a_link_for_a_logged_in_player_goes_into_the_profile(client):
    mia = player()
    client.force_login(mia)
    assert language_of(client.get(reverse("home") + "?lang=zh-hant")) == "zh-hant"
    mia.profile.refresh_from_db()
    assert mia.profile.language == "zh-hant"


@pytest.mark.parametrize("value", ["xx", "klingon", "zh-hant" * 10, "../../etc", "<script>", "", "en-gb\x00"])
def test_an_invalid_link_language_is_ignored(client, value):
    client.cookies[COOKIE] = "zh-hant"
    response = client.get(reverse("rules_index"), {"lang": value})
    assert language_of(response) == "zh-hant"
    assert COOKIE not in response.cookies


def test_an_invalid_link_language_without_a_cookie_keeps_the_browsers(client):
    response = client.get(reverse("rules_index") + "?lang=xx&lang=zz", HTTP_ACCEPT_LANGUAGE="zh-TW")
    assert language_of(response) == "zh-hant" and COOKIE not in response.cookies


def test_the_menu_switches_and_goes_back(client):
    response = client.post(reverse("choose_language"), {"language": "zh-hant", "next": "/rules/?x=1&lang=en-gb"})
    assert response.status_code == 302 and response["Location"] == "/rules/?x=1"  # ?lang= would switch back
    assert response.cookies[COOKIE].value == "zh-hant"
    assert language_of(client.get("/rules/")) == "zh-hant"


@pytest.mark.parametrize("going", ["https://elsewhere.example/", "//elsewhere.example/", "javascript:alert(1)", ""])
def test_the_menu_goes_back_only_to_this_site(client, going):
    response = client.post(reverse("choose_language"), {"language": "zh-hant", "next": going})
    assert response.status_code == 302 and response["Location"] == "/"


def test_the_menu_refuses_a_language_it_does_not_have(client):
    client.cookies[COOKIE] = "en-gb"
    response = client.post(reverse("choose_language"), {"language": "xx", "next": "/rules/"})
    assert response.status_code == 302 and COOKIE not in response.cookies
    assert client.get(reverse("choose_language")).status_code == 405


def test_the_menu_remembers_in_the_profile(client):
    mia = player()
    client.force_login(mia)
    client.post(reverse("choose_language"), {"language": "zh-hant", "next": "/"})
    mia.profile.refresh_from_db()
    assert mia.profile.language == "zh-hant"


def test_the_profile_wins_after_logging_in(client):
    player(language="zh-hant")
    client.cookies[COOKIE] = "en-gb"
    assert language_of(client.get(reverse("rules_index"), HTTP_ACCEPT_LANGUAGE="en-GB")) == "en-gb"
    response = client.post(reverse("login"), {"username": "mia", "password": PASSWORD})
    assert response.status_code == 302
    assert response.cookies[COOKIE].value == "zh-hant"  # the websocket pushes read the cookie too
    assert language_of(client.get(reverse("rules_index"), HTTP_ACCEPT_LANGUAGE="en-GB")) == "zh-hant"


def test_the_profile_wins_over_a_stale_cookie(client):
    mia = player(language="zh-hant")
    client.force_login(mia)
    client.cookies[COOKIE] = "en-gb"
    response = client.get(reverse("rules_index"))
    assert language_of(response) == "zh-hant" and response.cookies[COOKIE].value == "zh-hant"


def test_a_language_chosen_before_logging_in_is_kept_in_the_profile(client):
    mia = player()
    client.get(reverse("home") + "?lang=zh-hant")
    client.post(reverse("login"), {"username": "mia", "password": PASSWORD})
    mia.profile.refresh_from_db()
    assert mia.profile.language == "zh-hant"


def test_a_profile_language_no_longer_offered_is_ignored(client):
    client.force_login(player(language="tlh"))
    assert language_of(client.get(reverse("rules_index"), HTTP_ACCEPT_LANGUAGE="en-GB")) == "en-gb"


@pytest.mark.parametrize("page", pages(), ids=str)
def test_every_page_has_the_language_menu(client, page):
    text = open_page(client, page, World()).content.decode()
    assert f'action="{reverse("choose_language")}"' in text
    assert '<label for="language-menu">' in text and '<select name="language" id="language-menu">' in text
    assert '<option value="zh-hant" lang="zh-Hant"' in text and ">繁體中文</option>" in text
    assert '<option value="en-gb" lang="en-gb" selected>English</option>' in text


def test_the_password_reset_e_mail_is_in_the_language_of_the_page(client, mailoutbox):
    user = player()
    user.email = "mia@example.com"
    user.save()
    response = client.post(reverse("password_reset"), {"email": "mia@example.com"}, HTTP_ACCEPT_LANGUAGE="zh-TW")
    assert response.status_code == 302
    [mail] = mailoutbox
    assert mail.subject == "重設你的 Top Cat 密碼"
    assert "請點選以下連結設定新密碼" in mail.body and "/accounts/reset/" in mail.body


def test_the_menu_keeps_the_page_and_its_query_but_no_other_sites_address(client):
    text = client.get(reverse("signup") + "?next=/play/&lang=en-gb").content.decode()
    assert 'name="next" value="/accounts/signup/?next=%2Fplay%2F"' in text
    text = client.get(reverse("signup") + "?next=//elsewhere.example/&x=1").content.decode()
    assert "elsewhere.example" not in text and 'name="next" value="/accounts/signup/?x=1"' in text
