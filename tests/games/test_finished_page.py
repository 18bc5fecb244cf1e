"""A finished match's page says the match is over, once, and nothing of the turns that are no more: no "knocked:
last turns", no "to play" or "to move", no one "is playing", "choosing" or "picking a die" (issue 25, point 6).

A match ended early (a resignation) leaves the engine's state in the middle of a turn, so each game's table is
checked at the moments most full of such words: a knock in Rat-a-Tat Cat, a mark chosen and not yet shown in Cat
Tower, strips turned up in Rat Hot, a race in Hot Tin Roof; and at the end of a match played out."""
import random
import re

import pytest
from django.urls import reverse
from django.utils import translation

from games import lobby, turns
from games.lobby import SeatPlan
from games.models import Match

pytestmark = pytest.mark.django_db

OPTIONS = {"rat_a_tat_cat": {"rounds": 1}, "hot_tin_roof": {}, "cat_tower": {}, "rat_hot": {}}
# The moment of each game whose table says most of turns to come (the engine's own state).
BUSY = {
    "rat_a_tat_cat": lambda state: state.get("knocked_by") is not None,
    "cat_tower": lambda state: state.get("phase") == "mark" and any(state.get("pending") or []),
    "rat_hot": lambda state: bool(state.get("revealed")),
    "hot_tin_roof": lambda state: state.get("phase") == "race",
}
STALE = ["last turns", "to play", "to move", "is playing", "choosing", "picking a die", "Still choosing",
         "Everyone marks", "Your move", "place both", "Remember your two outer cards", "You drew", "Waiting for",
         "Your strip", "'s strip"]


def a_match(game, mia, make_user):
    seats = 3 if game == "hot_tin_roof" else 2
    match = lobby.create_match(host=mia, game=game, options=OPTIONS[game],
                               seats=[SeatPlan("me")] + [SeatPlan("invite")] * (seats - 1))
    for index in range(1, seats):
        lobby.take_seat(match_id=match.pk, user=make_user(f"p{index}"), token=match.invite_token)
    return match


def play(match_id: int, *, until=None, seed: int = 5) -> Match:
    """Random legal moves until the match is over, or until `until(state)` holds (then seat 1 resigns)."""
    rng = random.Random(seed)
    for _ in range(5000):
        match = Match.objects.get(pk=match_id)
        if match.status != Match.PLAYING:
            return match
        if until is not None and until(match.state):
            return turns.resign(match_id=match_id, seat=1)
        seat = match.engine.to_move(match.state)[0]
        action = rng.choice(match.engine.legal_actions(match.state, seat))
        turns.play(match_id=match_id, seat=seat, action=action, version=match.version)
    raise AssertionError("the match did not end")


def the_table(page: str) -> str:
    """The table's words (without markup), as a person reads them: not its log, which tells what happened."""
    table = page[page.index('<div id="table"'):page.index('<section class="card match-log"')]
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", table))


def words_of(page: str) -> str:
    main = page[page.index("<main"):page.index("</main>")]
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", re.sub(r"<script.*?</script>", "", main, flags=re.S)))


def over_in(language: str) -> str:
    with translation.override(language):
        return translation.gettext("The match is over.")


def check_finished_page(client, match: Match, viewer) -> None:
    client.logout()
    if viewer is not None:
        client.force_login(viewer)
    for language in ("en", "zh-hant"):
        page = client.get(reverse("match", args=[match.pk]), HTTP_ACCEPT_LANGUAGE=language).text
        assert words_of(page).count(over_in(language)) == 1, (language, words_of(page))
    page = client.get(reverse("match", args=[match.pk]), HTTP_ACCEPT_LANGUAGE="en").text
    table = the_table(page)
    assert not [word for word in STALE if word in table], table


@pytest.mark.parametrize("game", OPTIONS)
@pytest.mark.parametrize("ending", ["resigned", "played out"])
def test_a_finished_match_says_it_is_over_once_and_nothing_of_turns(game, ending, client, mia, make_user):
    match = a_match(game, mia, make_user)
    finished = play(match.pk, until=BUSY[game] if ending == "resigned" else None)
    assert finished.status == Match.FINISHED
    record = finished.game_record.record
    assert (record.get("ended") == "resigned") == (ending == "resigned")
    for viewer in (mia, None):  # a player, a spectator
        check_finished_page(client, finished, viewer)


def test_a_knock_shows_its_last_turns_while_the_match_goes_on(client, mia, make_user):
    """The words checked above are the live table's: they go only once the match is over."""
    match = a_match("rat_a_tat_cat", mia, make_user)
    rng = random.Random(5)
    while not BUSY["rat_a_tat_cat"](Match.objects.get(pk=match.pk).state):
        live = Match.objects.get(pk=match.pk)
        seat = live.engine.to_move(live.state)[0]
        turns.play(match_id=match.pk, seat=seat, action=rng.choice(live.engine.legal_actions(live.state, seat)),
                   version=live.version)
    client.force_login(mia)
    table = the_table(client.get(reverse("match", args=[match.pk])).text)
    assert "knocked: last turns" in table and "to play" in table
    turns.resign(match_id=match.pk, seat=1)
    check_finished_page(client, Match.objects.get(pk=match.pk), mia)


def test_a_move_too_late_is_told_by_the_table_once(client, duel, mia, leo):
    """A move (or a resignation) made on a table the other player had just ended: the answer is the finished
    table, which says the match is over, not that and an error saying it again."""
    turns.resign(match_id=duel.pk, seat=1)
    client.force_login(mia)
    late = client.post(reverse("match_move", args=[duel.pk]),
                       {"seat": "0", "version": "0", "action": '{"type": "draw"}'}, headers={"HX-Request": "true"})
    assert late.status_code == 409
    assert words_of(f"<main>{late.text}</main>").count("is over") == 1
    again = client.post(reverse("match_resign", args=[duel.pk]), {"seat": "0"}, headers={"HX-Request": "true"})
    assert again.status_code == 409 and words_of(f"<main>{again.text}</main>").count("is over") == 1
