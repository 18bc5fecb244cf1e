"""Undo by consent (games/undo.py): a player asks to take back their last move, when it showed nothing hidden and
left nothing to chance and nobody has moved since; every other person at the table must agree; the record keeps
what was taken back."""
import json

import pytest
from django.urls import reverse

from games import lobby, turns, undo
from games.lobby import SeatPlan
from games.models import Match, Move
from games.records import match_record
from scoring import transfer


def rat_hot(host, guest=None) -> Match:
    """A Rat Hot match: Mia (seat 0) against Leo (seat 1), or against her own local player when there is no Leo."""
    plans = [SeatPlan("me"), SeatPlan("invite") if guest else SeatPlan("local", name="Ada")]
    match = lobby.create_match(host=host, game="rat_hot", options={}, seats=plans)
    if guest:
        lobby.take_seat(match_id=match.pk, user=guest, token=match.invite_token)
    return Match.objects.get(pk=match.pk)


def play(match_id: int, seat: int, index: int = 0) -> Match:
    """`seat` makes its `index`th legal move."""
    match = Match.objects.get(pk=match_id)
    action = match.engine.legal_actions(match.state, seat)[index]
    return turns.play(match_id=match_id, seat=seat, action=action, version=match.version)


def ask(match_id: int, seat: int) -> Match:
    """`seat` asks, on the table as it is."""
    return undo.ask(match_id=match_id, seat=seat, version=Match.objects.get(pk=match_id).version)


def answer(match_id: int, seat: int, agree: bool) -> Match:
    return undo.answer(match_id=match_id, seat=seat, agree=agree, version=Match.objects.get(pk=match_id).version)


def as_it_is(match_id: int) -> tuple:
    match = Match.objects.get(pk=match_id)
    return match.version, match.state, match.undo_request, match.undos, Move.objects.filter(match_id=match_id).count()


@pytest.fixture
def strip_placed(mia, leo):
    """Mia laid her one strip (which showed Leo his two: not to be taken back); Leo then laid the first of his two,
    which showed nothing: he may ask to take it back. The state before his move is returned with the match."""
    match = rat_hot(mia, leo)
    play(match.pk, 0)
    before = Match.objects.get(pk=match.pk)
    assert before.undoable_by is None  # Mia's strip showed Leo's next two
    after = play(match.pk, 1)
    assert Match.objects.get(pk=match.pk).undoable_by == 1
    return after, before


@pytest.mark.django_db
def test_a_move_is_taken_back_when_every_other_player_agrees(strip_placed):
    match, before = strip_placed
    ask(match.pk, 1)
    asked = Match.objects.get(pk=match.pk)
    assert asked.state != before.state and asked.undo_request["waiting"] == [0]
    answer(match.pk, 0, True)
    taken = Match.objects.get(pk=match.pk)
    assert taken.state == before.state  # the table as it was before Leo's strip
    assert taken.version == match.version + 1  # a change like any other: every page takes it
    assert list(taken.moves.values_list("seq", flat=True)) == [1]
    assert taken.undos == [{"seq": 2, "seat": 1, "agreed_by": [0]}] and taken.undo_request is None
    assert 1 in taken.engine.to_move(taken.state)  # Leo lays it again, as he likes


@pytest.mark.django_db
def test_one_refusal_and_the_move_stands(strip_placed):
    match, _before = strip_placed
    ask(match.pk, 1)
    answer(match.pk, 0, False)
    refused = Match.objects.get(pk=match.pk)
    assert refused.state == match.state and refused.undos == [] and refused.undo_request["refused_by"] == 0
    unchanged = as_it_is(match.pk)
    with pytest.raises(turns.NotPlaying, match="said no"):
        ask(match.pk, 1)  # asked twice
    with pytest.raises(turns.NotPlaying):
        answer(match.pk, 0, True)  # answered twice
    assert as_it_is(match.pk) == unchanged


@pytest.mark.django_db
def test_a_move_that_showed_something_hidden_cannot_be_taken_back(mia, leo):
    match = rat_hot(mia, leo)
    play(match.pk, 0)  # Mia's only strip this turn: Leo's two are turned up
    unchanged = as_it_is(match.pk)
    with pytest.raises(turns.NotAllowed, match="nothing hidden"):
        ask(match.pk, 0)
    assert as_it_is(match.pk) == unchanged


@pytest.mark.django_db
def test_only_before_another_player_acts(strip_placed):
    match, _before = strip_placed
    play(match.pk, 1)  # Leo's second strip: his turn is over, Mia's two are shown
    unchanged = as_it_is(match.pk)
    with pytest.raises(turns.NotAllowed):
        ask(match.pk, 1)
    assert as_it_is(match.pk) == unchanged


@pytest.mark.django_db
def test_a_move_made_meanwhile_ends_the_request(mia, leo):
    match = rat_hot(mia, leo)
    play(match.pk, 0)
    play(match.pk, 1)
    ask(match.pk, 1)
    play(match.pk, 1)  # Leo thought better of it and played on
    unchanged = as_it_is(match.pk)
    with pytest.raises(turns.NotPlaying, match="Nobody is asking"):
        answer(match.pk, 0, True)
    assert as_it_is(match.pk) == unchanged


@pytest.mark.django_db
def test_at_a_hot_seat_screen_nobody_is_asked(mia):
    match = rat_hot(mia)
    play(match.pk, 0)
    before = Match.objects.get(pk=match.pk)
    play(match.pk, 1)
    ask(match.pk, 1)  # Ada is Mia's local player: Mia asks nobody but herself
    taken = Match.objects.get(pk=match.pk)
    assert taken.state == before.state and taken.undos == [{"seq": 2, "seat": 1, "agreed_by": []}]


@pytest.mark.django_db
def test_nothing_is_taken_back_in_a_finished_match(strip_placed, mia):
    match, _before = strip_placed
    turns.resign(match_id=match.pk, seat=0)
    unchanged = as_it_is(match.pk)
    with pytest.raises(turns.NotPlaying):
        ask(match.pk, 1)
    assert as_it_is(match.pk) == unchanged


@pytest.mark.django_db
def test_the_record_keeps_what_was_taken_back_and_its_moves_replay_to_the_result(strip_placed):
    match, _before = strip_placed
    ask(match.pk, 1)
    answer(match.pk, 0, True)
    for _ in range(200):
        current = Match.objects.get(pk=match.pk)
        if current.status != Match.PLAYING:
            break
        play(match.pk, current.engine.to_move(current.state)[0])
    record = match_record(Match.objects.get(pk=match.pk))
    assert record["format"] == "catsite-record/2"
    assert record["undos"] == [{"seq": 2, "seat": 1, "agreed_by": [0]}]
    assert [move["seq"] for move in record["moves"]] == list(range(1, len(record["moves"]) + 1))
    assert transfer.check_records([json.loads(json.dumps(record))]) == []  # it travels: replayed, it gives the result


@pytest.mark.django_db
def test_a_record_whose_undos_do_not_fit_its_moves_is_refused(strip_placed):
    match, _before = strip_placed
    ask(match.pk, 1)
    answer(match.pk, 0, True)
    turns.resign(match_id=match.pk, seat=0)
    record = match_record(Match.objects.get(pk=match.pk))
    assert transfer.check_records([record]) == []
    for undos in ([{"seq": 99, "seat": 1, "agreed_by": [0]}], [{"seq": 2, "seat": 5, "agreed_by": []}],
                  [{"seq": 2, "seat": 1, "agreed_by": [1]}], [{"seq": 2, "seat": 1}], "yes",
                  [{"seq": 2, "seat": 1, "agreed_by": [0], "when": "now"}]):
        assert transfer.check_records([{**record, "undos": undos}]), undos


# ---------------------------------------------------------------- through the views: bad input changes nothing


def post(client, match, name, **data):
    data.setdefault("version", Match.objects.get(pk=match.pk).version)
    return client.post(reverse(name, args=[match.pk]), data, headers={"HX-Request": "true"})


@pytest.mark.django_db
def test_the_views_ask_and_answer_for_ones_own_seat_only(strip_placed, client, mia, leo, make_user):
    match, before = strip_placed
    unchanged = as_it_is(match.pk)
    client.force_login(mia)
    assert post(client, match, "match_undo", seat="1").status_code == 403  # Leo's seat
    assert post(client, match, "match_undo", seat="0").status_code == 403  # her own move is not the last
    assert post(client, match, "match_undo_answer", seat="0", answer="agree").status_code == 409  # nothing asked
    assert post(client, match, "match_undo", seat="x").status_code == 403
    client.force_login(make_user("eve"))
    assert post(client, match, "match_undo", seat="1").status_code == 403  # not a player here
    assert as_it_is(match.pk) == unchanged

    client.force_login(leo)
    asked = post(client, match, "match_undo", seat="1")
    assert asked.status_code == 200
    assert "You asked to take back your last move: waiting for mia to agree." in asked.content.decode()
    assert post(client, match, "match_undo", seat="1").status_code == 409  # asked twice
    assert post(client, match, "match_undo_answer", seat="1", answer="agree").status_code == 403  # not his to agree
    client.force_login(mia)
    assert post(client, match, "match_undo_answer", seat="0", answer="maybe").status_code == 400
    table = client.get(reverse("match_table", args=[match.pk])).content.decode()
    assert "leo asks to take back their last move." in table and 'value="agree"' in table
    agreed = post(client, match, "match_undo_answer", seat="0", answer="agree")
    assert agreed.status_code == 200 and Match.objects.get(pk=match.pk).state == before.state


@pytest.mark.django_db
def test_the_player_who_may_take_back_sees_the_offer_and_the_others_do_not(strip_placed, client, mia, leo):
    match, _before = strip_placed
    client.force_login(leo)
    assert "Take back my last move" in client.get(reverse("match_table", args=[match.pk])).content.decode()
    client.force_login(mia)
    assert "Take back" not in client.get(reverse("match_table", args=[match.pk])).content.decode()


@pytest.mark.django_db
def test_the_offer_is_a_form_of_this_version_that_asks_the_others_when_they_must_agree(strip_placed, client, leo):
    match, _before = strip_placed
    client.force_login(leo)
    page = client.get(reverse("match", args=[match.pk])).content.decode()
    url = reverse("match_undo", args=[match.pk])
    offer = page[page.index('<section class="card match-undo"'):]
    offer = offer[:offer.index("</section>")]
    assert (f'<form method="post" action="{url}" hx-post="{url}"><input type="hidden" name="csrfmiddlewaretoken"'
            in offer)
    assert (f'<input type="hidden" name="seat" value="1"><input type="hidden" name="version" value="{match.version}">'
            in offer)
    assert "Take back my last move</button>" in offer and "The other players must agree." in offer


def test_at_a_shared_screen_the_offer_names_whose_move_it_takes_back():
    from games.templatetags.undo_tags import offer_html
    html = offer_html({"match": 3, "names": ["Mia", "Ada <3"], "version": 8, "offer": 1, "several": True,
                       "asks": False}, None)
    assert "Take back Ada &lt;3's last move</button>" in html and "must agree" not in html
    assert "csrfmiddlewaretoken" not in html  # a push's part: the page sends the token in a header


# ---------------------------------------------------------------- what a review found


@pytest.mark.django_db
def test_a_second_post_of_one_click_takes_back_nothing_more(strip_placed):
    match, _before = strip_placed
    asked_on = Match.objects.get(pk=match.pk).version
    undo.ask(match_id=match.pk, seat=1, version=asked_on)
    undo.answer(match_id=match.pk, seat=0, agree=True, version=asked_on)
    unchanged = as_it_is(match.pk)
    with pytest.raises(turns.StaleVersion):
        undo.answer(match_id=match.pk, seat=0, agree=True, version=asked_on)  # the same click, posted again
    with pytest.raises(turns.StaleVersion):
        undo.ask(match_id=match.pk, seat=1, version=asked_on)
    assert as_it_is(match.pk) == unchanged


@pytest.mark.django_db
def test_a_hosts_local_players_are_asked_even_when_the_host_has_no_seat(mia, leo):
    plans = [SeatPlan("local", name="Ada"), SeatPlan("invite")]
    match = lobby.create_match(host=mia, game="rat_hot", options={}, seats=plans)
    lobby.take_seat(match_id=match.pk, user=leo, token=match.invite_token)
    play(match.pk, 0)
    play(match.pk, 1)
    ask(match.pk, 1)
    asked = Match.objects.get(pk=match.pk)
    assert asked.undo_request["waiting"] == [0] and asked.undos == []  # Ada (Mia's screen) must agree
    answer(match.pk, 0, True)
    assert Match.objects.get(pk=match.pk).undos == [{"seq": 2, "seat": 1, "agreed_by": [0]}]


@pytest.mark.django_db
def test_a_move_taken_back_gives_its_player_their_time_again(strip_placed):
    from datetime import timedelta

    from django.utils import timezone

    match, _before = strip_placed
    Match.objects.filter(pk=match.pk).update(moved_at=timezone.now() - timedelta(days=2))
    ask(match.pk, 1)
    answer(match.pk, 0, True)
    assert timezone.now() - Match.objects.get(pk=match.pk).moved_at < timedelta(minutes=5)


@pytest.mark.django_db
def test_a_guests_record_names_no_player_travels_and_stays_the_guests(mia):
    from scoring.models import PlayerProfile

    match = lobby.create_match(host=mia, game="rat_hot", options={}, seats=[SeatPlan("me"), SeatPlan("local")])
    guest = PlayerProfile.objects.create(handle="grandma-1", display_name="Grandma")
    from games.models import Seat

    Seat.objects.filter(match=match, index=1).update(kind=Seat.GUEST, user=None, profile=guest, name="Grandma")
    turns.resign(match_id=match.pk, seat=0)
    finished = Match.objects.get(pk=match.pk)
    record = finished.game_record.record
    assert record["seats"][1] == {"seat": 1, "name": "Grandma", "player": None, "bot": None, "guest": True}
    assert transfer.check_records([record]) == []
    assert finished.game_record.participants.get(seat=1).profile == guest  # the guest may take it later


@pytest.mark.django_db
def test_a_bot_stretch_after_a_take_back_counts_standing_moves(strip_placed, mia, leo):
    from games.models import Seat

    match, _before = strip_placed
    ask(match.pk, 1)
    answer(match.pk, 0, True)  # version 3 now (Mia's strip, Leo's, the take-back); only Mia's strip stands
    Seat.objects.filter(match=match, index=1).update(bot_from=Match.objects.get(pk=match.pk).version)
    turns.resign(match_id=match.pk, seat=0)
    record = match_record(Match.objects.get(pk=match.pk))
    assert len(record["moves"]) == 2 and record["seats"][1]["bot_from"] == 1  # after Mia's one standing move
