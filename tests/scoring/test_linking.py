"""scoring.linking and its views: a table player's creator asks, the account holder answers, histories merge."""
import pytest
from django.core.exceptions import PermissionDenied
from django.urls import reverse

from scoring import linking, ratings
from scoring.models import LinkRequest, Participant, PlayerProfile, RatingChange
from tests.scoring.test_stats import play, table_player

pytestmark = pytest.mark.django_db


@pytest.fixture
def granny(alice):
    """A table player added by Alice, who has played some matches."""
    return table_player(alice, "Granny Smith")


@pytest.fixture
def carol(make_player):
    return make_player("carol", display_name="Carol King")


def ratings_now():
    return sorted(RatingChange.objects.values_list("profile_id", "game_record_id", "mu", "sigma"))


def test_only_the_creator_may_request_a_link(granny, bob, carol, client):
    with pytest.raises(PermissionDenied):
        linking.request_link(table_player=granny, account_handle="carol", requested_by=bob)
    client.force_login(bob)
    assert client.post(reverse("link_request", args=[granny.handle]), {"handle": "carol"}).status_code == 403
    assert client.get(reverse("link_request", args=[granny.handle])).status_code == 403
    assert not LinkRequest.objects.exists()


def test_a_registered_player_cannot_be_linked(alice, bob):
    with pytest.raises(PermissionDenied):
        linking.request_link(table_player=bob.profile, account_handle="alice", requested_by=alice)


def test_the_creator_requests_a_link_from_the_table_players_page(granny, alice, carol, client):
    client.force_login(alice)
    page = client.get(granny.get_absolute_url()).content.decode()
    assert reverse("link_request", args=[granny.handle]) in page
    response = client.post(reverse("link_request", args=[granny.handle]), {"handle": "@Carol"})
    assert response.status_code == 302 and response.url == granny.get_absolute_url()
    link = LinkRequest.objects.get()
    assert (link.table_player, link.account, link.requested_by, link.status) == (
        granny, carol.profile, alice, LinkRequest.PENDING
    )
    assert "@carol: waiting for an answer" in client.get(granny.get_absolute_url()).content.decode()


def test_a_request_names_a_registered_player(granny, alice, client):
    other_table_player = table_player(alice, "Grandpa")
    client.force_login(alice)
    for handle, message in [("nobody", "There is no player @nobody."),
                            (other_table_player.handle, "is a table player too")]:
        response = client.post(reverse("link_request", args=[granny.handle]), {"handle": handle})
        assert response.status_code == 200
        assert message in response.content.decode()
    assert not LinkRequest.objects.exists()


def test_no_second_request_while_one_waits(granny, alice, carol):
    linking.request_link(table_player=granny, account_handle="carol", requested_by=alice)
    with pytest.raises(linking.LinkError, match="not answered"):
        linking.request_link(table_player=granny, account_handle="carol", requested_by=alice)


def test_players_who_sat_at_the_same_table_cannot_be_linked(granny, alice, carol):
    play("cat_tower", (granny, 10, 2), (carol, 20, 1))
    with pytest.raises(linking.LinkError, match="same match"):
        linking.request_link(table_player=granny, account_handle="carol", requested_by=alice)


def test_only_the_account_holder_answers(granny, alice, bob, carol, client):
    link = linking.request_link(table_player=granny, account_handle="carol", requested_by=alice)
    for user in (alice, bob):
        with pytest.raises(PermissionDenied):
            linking.answer_link(link_request=link, user=user, accept=True)
        client.force_login(user)
        assert client.post(reverse("link_answer", args=[link.pk]), {"answer": "accept"}).status_code == 403
    link.refresh_from_db()
    assert link.status == LinkRequest.PENDING
    assert PlayerProfile.objects.filter(pk=granny.pk).exists()


def test_pending_requests_show_on_the_account_holders_own_page_only(granny, alice, carol, client):
    linking.request_link(table_player=granny, account_handle="carol", requested_by=alice)
    client.force_login(carol)
    page = client.get(carol.profile.get_absolute_url()).content.decode()
    assert "Table players waiting for you" in page and "Granny Smith" in page
    client.force_login(alice)
    assert "Table players waiting for you" not in client.get(carol.profile.get_absolute_url()).content.decode()


def test_declining_changes_nothing_else(granny, alice, bob, carol, client):
    play("rat_hot", (granny, 10, 1), (bob, 5, 2))
    link = linking.request_link(table_player=granny, account_handle="carol", requested_by=alice)
    client.force_login(carol)
    response = client.post(reverse("link_answer", args=[link.pk]), {"answer": "decline"})
    assert response.status_code == 302
    link.refresh_from_db()
    assert link.status == LinkRequest.DECLINED and link.answered_at is not None
    assert Participant.objects.filter(profile=granny).count() == 1
    with pytest.raises(linking.LinkError, match="already been answered"):
        linking.answer_link(link_request=link, user=carol, accept=True)


def test_accepting_merges_the_history_and_the_ratings(granny, alice, bob, carol, client):
    play("cat_tower", (granny, 30, 1), (bob, 20, 2))
    play("cat_tower", (carol, 10, 2), (bob, 20, 1))
    play("rat_hot", (granny, 3, 2), (bob, 9, 1))
    play("cat_tower", (granny, 30, 1), (bob, 30, 1), ("bot:easy", 1, 3))
    play("rat_a_tat_cat", (carol, 5, 1), (alice, 9, 2))
    granny_seats = set(Participant.objects.filter(profile=granny).values_list("pk", flat=True))
    link = linking.request_link(table_player=granny, account_handle="carol", requested_by=alice)
    client.force_login(carol)
    response = client.post(reverse("link_answer", args=[link.pk]), {"answer": "accept"})
    assert response.status_code == 302 and response.url == carol.profile.get_absolute_url()
    assert not PlayerProfile.objects.filter(pk=granny.pk).exists()
    assert not LinkRequest.objects.exists()  # the requests went with the table player
    assert granny_seats <= set(Participant.objects.filter(profile=carol.profile).values_list("pk", flat=True))
    assert Participant.objects.filter(profile=carol.profile).count() == 5
    # Carol's Cat Tower ratings now run over all three of her matches, in order, as a rebuild would give.
    assert carol.profile.rating_changes.filter(game="cat_tower").count() == 3
    assert carol.profile.rating_changes.filter(game="rat_hot").count() == 1
    merged = ratings_now()
    ratings.rebuild_ratings()
    assert ratings_now() == merged
    page = client.get(carol.profile.get_absolute_url()).content.decode()
    assert "Rat Hot" in page and "Table players waiting for you" not in page


def test_accepting_moves_seats_of_live_matches_too(granny, alice, carol):
    from games import lobby

    match = lobby.create_match(host=alice, game="rat_a_tat_cat", options={},
                               seats=[lobby.SeatPlan("me"), lobby.SeatPlan("local", name="Granny")])
    seat = match.seats.get(index=1)
    seat.profile = granny
    seat.save()
    link = linking.request_link(table_player=granny, account_handle="carol", requested_by=alice)
    linking.answer_link(link_request=link, user=carol, accept=True)
    seat.refresh_from_db()
    assert seat.profile == carol.profile
