"""scoring.services: sign-up, profile_for, handles, table players, edit rights, avatars and recent matches."""

import datetime as dt

import pytest
from django.contrib.auth import authenticate, get_user_model
from django.db import IntegrityError, transaction
from django.urls import NoReverseMatch, reverse

from scoring import avatars, services
from scoring.models import GameRecord, Participant, PlayerProfile
from tests.scoring import images
from tests.scoring.conftest import PASSWORD

pytestmark = pytest.mark.django_db


def test_sign_up_creates_the_user_and_their_profile(alice):
    assert authenticate(username="alice", password=PASSWORD) == alice
    profile = PlayerProfile.objects.get(user=alice)
    assert (profile.handle, profile.display_name, profile.created_by) == ("alice", "Alice Cooper", None)
    assert alice.email == "alice@example.com"
    assert not profile.is_table_player


def test_sign_up_stores_the_handle_in_lower_case(make_player):
    user = make_player("carol", handle="Carol_T")
    assert user.profile.handle == "carol_t"


def test_profile_for_creates_a_profile_for_a_user_without_one(bare_user):
    assert not PlayerProfile.objects.filter(user=bare_user).exists()
    profile = services.profile_for(bare_user)
    assert profile.user == bare_user
    assert profile.handle == "rootadmin"
    assert profile.display_name == "Root.Admin"
    assert bare_user.profile == profile
    # Asking again returns the same profile, also from a fresh user object.
    fresh = get_user_model().objects.get(pk=bare_user.pk)
    assert services.profile_for(fresh) == profile
    assert PlayerProfile.objects.filter(user=bare_user).count() == 1


def test_profile_for_makes_the_handle_unique(make_player, bare_user):
    make_player("someone", handle="rootadmin")
    assert services.profile_for(bare_user).handle == "rootadmin-2"


def test_profile_for_with_a_username_that_slugifies_to_nothing(db):
    user = get_user_model().objects.create_user("@@@", password=PASSWORD)
    assert services.profile_for(user).handle == "player"


def test_unique_handle_avoids_taken_and_reserved_words(make_player):
    make_player("tom", handle="tom")
    make_player("tom2", handle="tom-2")
    assert services.unique_handle("Tom") == "tom-3"
    assert services.unique_handle("New") == "new-2"
    assert services.unique_handle("Émile Zola") == "emile-zola"
    long = services.unique_handle("x" * 80)
    assert len(long) == 30
    make_player("longname", handle="x" * 30)
    assert services.unique_handle("x" * 80) == "x" * 28 + "-2"


def test_handle_taken_ignores_case(alice):
    assert services.handle_taken("ALICE")
    assert not services.handle_taken("ALICE", exclude=alice.profile)
    assert services.handle_taken("edit")
    assert not services.handle_taken("alicia")


def test_the_database_refuses_handles_differing_only_in_case(alice):
    with pytest.raises(IntegrityError), transaction.atomic():
        PlayerProfile.objects.create(handle="Alice", display_name="Other Alice")


def test_table_player_gets_a_handle_from_the_name(alice):
    profile = services.create_table_player(created_by=alice, display_name=" Alice Cooper ")
    assert profile.handle == "alice-cooper"
    assert profile.display_name == "Alice Cooper"
    assert profile.is_table_player
    assert profile.created_by == alice
    again = services.create_table_player(created_by=alice, display_name="Alice")
    assert again.handle == "alice-2"


def test_who_may_edit(alice, bob, client):
    table = services.create_table_player(created_by=alice, display_name="Gran")
    assert services.can_edit(alice, alice.profile)
    assert not services.can_edit(bob, alice.profile)
    assert services.can_edit(alice, table)
    assert not services.can_edit(bob, table)
    from django.contrib.auth.models import AnonymousUser

    assert not services.can_edit(AnonymousUser(), table)
    orphan = PlayerProfile.objects.create(handle="orphan", display_name="Orphan")  # creator deleted
    assert not services.can_edit(alice, orphan)


def test_set_avatar_stores_both_sizes_and_deletes_the_old_files(alice, django_capture_on_commit_callbacks):
    profile = alice.profile
    with django_capture_on_commit_callbacks(execute=True):
        services.set_avatar(profile=profile, images=avatars.make_avatars(images.jpeg_with_metadata()))
    first = (profile.avatar.name, profile.avatar_small.name)
    assert first[0].startswith("avatars/alice-") and first[0].endswith(avatars.EXTENSION)
    storage = profile.avatar.storage
    assert all(storage.exists(name) for name in first)

    with django_capture_on_commit_callbacks(execute=True):
        services.set_avatar(profile=profile, images=avatars.make_avatars(images.two_frame_gif()))
    assert (profile.avatar.name, profile.avatar_small.name) != first
    assert not any(storage.exists(name) for name in first)
    assert storage.exists(profile.avatar.name)

    second = (profile.avatar.name, profile.avatar_small.name)
    with django_capture_on_commit_callbacks(execute=True):
        services.remove_avatar(profile=profile)
    profile.refresh_from_db()
    assert not profile.avatar and not profile.avatar_small
    assert not any(storage.exists(name) for name in second)


def test_update_profile(alice):
    services.update_profile(profile=alice.profile, display_name=" Al ", favourite_game="rat_hot", bio=" Hi ")
    alice.profile.refresh_from_db()
    assert (alice.profile.display_name, alice.profile.favourite_game, alice.profile.bio) == ("Al", "rat_hot", "Hi")


def test_game_choices_come_from_the_registry():
    from games.registry import GAMES

    assert services.game_choices()[1:] == [(game.slug, game.name) for game in GAMES]
    assert services.game_name("rat_hot") == "Rat Hot"
    assert services.game_name("unknown") == "unknown"


def record(game, day, seats):
    game_record = GameRecord.objects.create(
        game=game, source="table", record={}, played_at=dt.datetime(2026, 1, day, 20, tzinfo=dt.UTC)
    )
    for seat, (profile, name, score, rank) in enumerate(seats):
        Participant.objects.create(
            game_record=game_record, seat=seat, profile=profile, name=name, score=score, rank=rank
        )
    return game_record


def test_recent_matches_lists_the_players_matches_newest_first(alice, bob):
    older = record("rat_hot", 3, [(alice.profile, "Alice", 12, 2), (bob.profile, "Bob", 20, 1)])
    newer = record("cat_tower", 5, [(bob.profile, "Bob", 30, 1), (alice.profile, "Ali", 40, 1)])
    record("rat_hot", 9, [(bob.profile, "Bob", 1, 1), (None, "Guest", 0, 2)])

    rows = services.recent_matches(alice.profile)

    assert [(r["game"], r["name"], r["score"], r["rank"]) for r in rows] == [
        ("Cat Tower", "Ali", 40, 1),
        ("Rat Hot", "Alice", 12, 2),
    ]
    assert rows[0]["played_at"] == newer.played_at and rows[1]["played_at"] == older.played_at
    assert rows[0]["source"] == "At the table"
    try:
        expected = reverse("record", args=[newer.pk])
    except NoReverseMatch:
        expected = None
    assert rows[0]["url"] == expected
    assert len(services.recent_matches(bob.profile, limit=2)) == 2
