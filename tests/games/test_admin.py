"""Every model of the live-match framework has an admin page that opens."""
import pytest

from games import turns
from games.models import Match, Move, Seat

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("model", [Match, Seat, Move])
def test_admin_lists_and_shows(admin_client, duel, model):
    turns.play(match_id=duel.pk, seat=0, action={"type": "draw"}, version=0)
    name = model._meta.model_name
    assert admin_client.get(f"/admin/games/{name}/").status_code == 200
    assert admin_client.get(f"/admin/games/{name}/{model.objects.first().pk}/change/").status_code == 200
