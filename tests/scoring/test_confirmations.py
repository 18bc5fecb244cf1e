"""Results people agree to: a record naming a registered player who did not record it waits for them.

Until they confirm, it counts in none of their statistics or ratings; confirming counts it as if it had been
confirmed from the start; disputing keeps it out. An online match the site saw needs nobody's confirmation.
"""
import datetime as dt
import re

import pytest
from django.urls import reverse

from scoring import confirmations, ratings, services, stats, table_records, transfer
from scoring.models import GameRecord, Participant, RatingChange
from scoring.table_records import SeatChoice
from tests.scoring.test_stats import play

pytestmark = pytest.mark.django_db

DAY = dt.date(2026, 11, 28)
RAT_HOT = {"ended_by": "last_strip", "players": [{"chips": 21, "final_tally": 9, "lost_by_rats": False},
                                                 {"chips": 25, "final_tally": 3, "lost_by_rats": False}]}


def record_table(user, *handles, new_name="", day=DAY):
    choices = [SeatChoice(handle=h) for h in handles] + ([SeatChoice(new_name=new_name)] if new_name else [])
    final = {**RAT_HOT, "players": RAT_HOT["players"][: len(choices)]}
    return table_records.record_table_game(user=user, game="rat_hot", choices=choices, played_on=day,
                                           final=final, options={})


def seat_of(game_record, handle) -> Participant:
    return game_record.participants.get(profile__handle=handle)


def test_only_other_registered_players_wait(alice, bob):
    game_record = record_table(alice, "alice", new_name="Zoe")
    assert [p.confirmation for p in game_record.participants.all()] == ["confirmed", "confirmed"]  # Zoe: no account
    game_record = record_table(alice, "alice", "bob", day=DAY + dt.timedelta(days=1))
    assert seat_of(game_record, "alice").confirmation == Participant.CONFIRMED
    assert seat_of(game_record, "bob").confirmation == Participant.AWAITING


def test_an_online_match_the_site_saw_needs_no_confirmation(alice, bob):
    game_record = play("rat_hot", (alice, 30, 1), (bob, 28, 2), source="online")
    assert set(game_record.participants.values_list("confirmation", flat=True)) == {"confirmed"}


def test_an_imported_record_waits_for_everyone_named_but_the_importer(alice, bob):
    record = record_table(alice, "alice", "bob").record
    exported = transfer.to_json(transfer.records_of())
    GameRecord.objects.all().delete()
    imported = transfer.import_file(exported, recorded_by=bob).imported[0]
    assert imported.record == record
    assert seat_of(imported, "bob").confirmation == Participant.CONFIRMED
    assert seat_of(imported, "alice").confirmation == Participant.AWAITING


def test_an_unconfirmed_match_counts_in_none_of_the_players_statistics(alice, bob):
    game_record = record_table(alice, "alice", "bob")
    assert [line.plays for line in stats.per_game(bob.profile)] == []
    assert [line.plays for line in stats.per_game(alice.profile)] == [1]
    assert services.recent_matches(bob.profile) == []
    assert stats.head_to_head(alice.profile, min_matches=1) == []
    assert not RatingChange.objects.filter(profile=bob.profile).exists()
    assert list(confirmations.awaiting(bob.profile)) == [seat_of(game_record, "bob")]


def test_confirming_counts_the_match_as_if_it_had_been_confirmed_from_the_start(alice, bob):
    game_record = record_table(alice, "alice", "bob")
    later = record_table(alice, "alice", "bob", day=DAY + dt.timedelta(days=3))
    confirmations.answer(user=bob, participant_id=seat_of(game_record, "bob").pk, answer="confirm")
    assert [line.plays for line in stats.per_game(bob.profile)] == [1]
    assert [(r.profile, r.matches) for r in stats.head_to_head(alice.profile, min_matches=1)] == [(bob.profile, 1)]
    bob_first = RatingChange.objects.get(profile=bob.profile, game_record=game_record)
    alice_first = RatingChange.objects.get(profile=alice.profile, game_record=game_record)
    expected = ratings.rate_match([(alice.profile.pk, 1), (bob.profile.pk, 2)], {})
    assert (alice_first.mu, bob_first.mu) == (expected[alice.profile.pk].mu, expected[bob.profile.pk].mu)
    # Alice's later match, where Bob still waits, follows from her rating after the first, with Bob unrated.
    alice_later = RatingChange.objects.get(profile=alice.profile, game_record=later)
    assert not RatingChange.objects.filter(profile=bob.profile, game_record=later).exists()
    again = ratings.rate_match([(alice.profile.pk, 1), (None, 2)], {alice.profile.pk: expected[alice.profile.pk]})
    assert alice_later.mu == pytest.approx(again[alice.profile.pk].mu)
    written = {(c.profile_id, c.game_record_id, c.mu) for c in RatingChange.objects.all()}
    ratings.rebuild_ratings()
    assert {(c.profile_id, c.game_record_id, c.mu) for c in RatingChange.objects.all()} == written


def test_disputing_keeps_the_match_out_and_can_be_changed(alice, bob):
    game_record = record_table(alice, "alice", "bob")
    seat = seat_of(game_record, "bob")
    confirmations.answer(user=bob, participant_id=seat.pk, answer="dispute")
    assert seat_of(game_record, "bob").confirmation == Participant.DISPUTED
    assert stats.per_game(bob.profile) == [] and not RatingChange.objects.filter(profile=bob.profile).exists()
    confirmations.answer(user=bob, participant_id=seat.pk, answer="confirm")
    assert RatingChange.objects.filter(profile=bob.profile).count() == 1
    confirmations.answer(user=bob, participant_id=seat.pk, answer="dispute")
    assert not RatingChange.objects.filter(profile=bob.profile).exists()


def test_only_the_named_player_may_answer(alice, bob):
    seat = seat_of(record_table(alice, "alice", "bob"), "bob")
    with pytest.raises(confirmations.NotYours):
        confirmations.answer(user=alice, participant_id=seat.pk, answer="confirm")
    with pytest.raises(ValueError):
        confirmations.answer(user=bob, participant_id=seat.pk, answer="maybe")
    assert seat_of(seat.game_record, "bob").confirmation == Participant.AWAITING


def test_a_corrected_record_waits_again(alice, bob):
    game_record = record_table(alice, "alice", "bob")
    confirmations.answer(user=bob, participant_id=seat_of(game_record, "bob").pk, answer="confirm")
    table_records.correct_table_record(
        game_record, user=alice, choices=[SeatChoice(handle="alice"), SeatChoice(handle="bob")],
        played_on=DAY, final=RAT_HOT, options={}, notes="we miscounted")
    assert seat_of(game_record, "bob").confirmation == Participant.AWAITING
    assert not RatingChange.objects.filter(profile=bob.profile).exists()


# --- Pages ---------------------------------------------------------------------------------------------------


def test_the_record_page_shows_a_qr_code_of_each_waiting_players_link(client, alice, bob):
    game_record = record_table(alice, "alice", "bob")
    page = client.get(game_record.get_absolute_url()).text
    link = reverse("record_confirm", args=[game_record.pk, 1])
    assert "Confirm at the table" in page and f"http://testserver{link}" in page
    codes = re.findall(r'<li class="confirm-code" data-seat="(\d)">.*?<svg', page, re.S)
    assert codes == ["1"]  # Bob's seat only: Alice recorded it
    assert "awaiting confirmation" in page
    confirmations.answer(user=bob, participant_id=seat_of(game_record, "bob").pk, answer="confirm")
    assert "Confirm at the table" not in client.get(game_record.get_absolute_url()).text


def test_the_confirmation_link_asks_the_player_to_log_in_then_to_answer(client, alice, bob):
    game_record = record_table(alice, "alice", "bob")
    link = reverse("record_confirm", args=[game_record.pk, 1])
    response = client.get(link)
    assert response.status_code == 302 and response.url == f"{reverse('login')}?next={link}"
    client.force_login(alice)
    assert "only they can confirm" in client.get(link).text
    assert client.post(link, {"answer": "confirm"}).status_code == 302
    assert seat_of(game_record, "bob").confirmation == Participant.AWAITING
    client.force_login(bob)
    page = client.get(link).text
    assert "Confirm this result" in page and "Dispute it" in page
    response = client.post(link, {"answer": "confirm"})
    assert response.url == game_record.get_absolute_url()
    assert seat_of(game_record, "bob").confirmation == Participant.CONFIRMED
    assert client.get(reverse("record_confirm", args=[game_record.pk, 7])).status_code == 404


def test_the_player_page_lists_what_awaits_and_answers_in_place(client, alice, bob):
    game_record = record_table(alice, "alice", "bob")
    client.force_login(bob)
    page = client.get(reverse("player", args=["bob"])).text
    assert "Awaiting confirmation" in page and 'value="confirm"' in page and 'value="dispute"' in page
    response = client.post(reverse("record_confirm", args=[game_record.pk, 1]),
                           {"answer": "dispute", "next": reverse("player", args=["bob"])})
    assert response.url == reverse("player", args=["bob"])
    assert "disputed" in client.get(response.url).text
    client.force_login(alice)
    other = client.get(reverse("player", args=["bob"])).text
    assert "Awaiting confirmation" in other and 'value="confirm"' not in other  # only Bob answers
    assert client.post(reverse("record_confirm", args=[game_record.pk, 1]),
                       {"answer": "confirm", "next": "https://evil.example/"}).url == reverse(
        "record_confirm", args=[game_record.pk, 1])


def test_results_are_listed_winner_first(client, alice, bob):
    game_record = play("rat_hot", (alice, 20, 2), (bob, 30, 1), source="online")
    page = client.get(game_record.get_absolute_url()).text
    result = page[page.index('<table class="result">'):]
    assert result.index("Bob Dylan") < result.index("Alice Cooper")
    history = client.get(reverse("history")).text
    assert history.index("Bob Dylan</a> (30, winner)") < history.index("Alice Cooper</a> (20, #2)")


def test_the_operator_may_import_a_sites_own_history_as_confirmed(alice, bob, tmp_path):
    from django.core.management import call_command

    record_table(alice, "alice", "bob")
    path = tmp_path / "history.json"
    path.write_text(transfer.to_json(transfer.records_of()))
    GameRecord.objects.all().delete()
    call_command("import_records", str(path))
    assert set(Participant.objects.values_list("confirmation", flat=True)) == {"awaiting"}
    GameRecord.objects.all().delete()
    call_command("import_records", str(path), "--confirmed")
    assert set(Participant.objects.values_list("confirmation", flat=True)) == {"confirmed"}
    assert RatingChange.objects.count() == 2
