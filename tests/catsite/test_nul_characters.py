"""A NUL character typed into a name or a search is refused or ignored, never a 500 (PostgreSQL cannot store
or even compare text holding one; SQLite can, so these tests matter most on the PostgreSQL pass)."""
import pytest

from games.models import Match
from scoring.models import PlayerProfile

pytestmark = pytest.mark.django_db
PASSWORD = "a-Long-passw0rd-9"


@pytest.fixture
def mia(django_user_model):
    from scoring.services import sign_up

    return sign_up(username="mia", email="mia@example.com", password=PASSWORD, display_name="Mia", handle="mia")


@pytest.mark.parametrize("url", ["/players/?q=Mi%00a", "/history/?player=%00", "/players/?page=%00"])
def test_a_search_with_a_nul_character_answers(client, mia, url):
    response = client.get(url)
    assert response.status_code in (200, 400), response.status_code


def test_signing_up_with_a_nul_character_in_the_name_is_refused(client):
    response = client.post("/accounts/signup/", {
        "username": "zoe\x00", "email": "zoe@example.com", "password1": PASSWORD, "password2": PASSWORD,
        "display_name": "Zo\x00e", "handle": "zoe"})
    assert response.status_code == 200 and "Null characters are not allowed." in response.text
    assert not PlayerProfile.objects.filter(handle="zoe").exists()


def test_logging_in_with_a_nul_character_is_refused(client, mia):
    response = client.post("/accounts/login/", {"username": "mia\x00", "password": PASSWORD})
    assert response.status_code == 200 and "Null characters are not allowed." in response.text


def test_a_local_players_name_with_a_nul_character_is_refused(client, mia):
    client.force_login(mia)
    response = client.post("/play/new/rat_a_tat_cat/", {
        "seat_0": "me", "seat_1": "local", "name_1": "Gran\x00dpa", "option_end": "rounds", "option_rounds": 3,
        "option_limit": 100})
    assert response.status_code == 400 and not Match.objects.exists()


def test_a_table_players_name_with_a_nul_character_is_refused(client, mia):
    client.force_login(mia)
    response = client.post("/players/new/", {"display_name": "Gr\x00an", "handle": ""})
    assert response.status_code == 200 and "Null characters are not allowed." in response.text
