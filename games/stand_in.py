"""A bot stands in for an absent player: any other player may hand a gone seat (games/presence.py: no page of
the match open for the host's wait) to the game's good bot, and play goes on at once; the player may take the
seat back when they return, at the latest at their next turn.

The seat stays the player's (its user and profile); `Match.stand_ins` lists the seats a bot plays now (read with
the locked match by every move: games/turns.py refuses a bot's move once the seat was taken back, and the
player's own while the bot plays it, so of a returning player and the bot exactly one moves). `Seat.bot_from`
and `bot_until` say from which version to which the bot played it, and each move the bot made is marked
(`Move.by_bot`): the record says so (games/records.py), and a seat the bot finished counts in nobody's
statistics or ratings (scoring/stats.py, scoring/ratings.py).
"""
from django.db import transaction
from django.utils.translation import gettext

from games import presence, turns
from games.models import Match, Seat

LEVEL = "good"


def level(match: Match) -> str:
    """The game's good bot (its strongest level when it has none of that name)."""
    levels = list(match.game_info.bot_levels)
    return LEVEL if LEVEL in levels else sorted(levels)[-1]


def _playing(match_id: int) -> tuple[Match, list[Seat]]:
    match = turns.locked(match_id)
    if match.status != Match.PLAYING:
        raise turns.NotPlaying(turns.not_playing(match))
    return match, Seat.of(match_id)


def hand_to_bot(*, match_id: int, user, absent: int) -> Match:
    """A player of this match (`user`) hands the gone seat `absent` to a bot. Refused (changing nothing) for a
    seat that is not a person's, one `user` plays themselves, one a bot already plays, or one whose player is
    not gone."""
    with transaction.atomic():
        match, seats = _playing(match_id)
        by_index = {seat.index: seat for seat in seats}
        mine = [seat.index for seat in seats if seat.user_id == user.pk and seat.is_person]
        if not mine:
            raise turns.NotAllowed(gettext("Only the players of this match may let a bot play a seat."))
        seat = by_index.get(absent)
        if seat is None or not seat.is_person:
            raise turns.IllegalMove(gettext("There is no player's seat like that at this match."))
        if absent in mine:
            raise turns.NotAllowed(gettext("You cannot hand a seat you play yourself to a bot."))
        if absent in match.stand_ins:
            raise turns.NotPlaying(gettext("A bot already plays for %(name)s.") % {"name": seat.label})
        if not presence.is_gone(match, seats, absent):
            raise turns.NotAllowed(gettext(
                "%(name)s is not gone: a bot may take the seat once no page of theirs has been open for the wait "
                "the host chose.") % {"name": seat.label})
        Seat.objects.filter(pk=seat.pk).update(bot_from=match.version, bot_until=None)
        match.stand_ins = sorted({*match.stand_ins, absent})
        match.has_bots = True
        match.save(update_fields=["stand_ins", "has_bots"])
        _announce(match)
    return match


def take_back(*, match_id: int, user, seat: int) -> Match:
    """The seat's player takes it back from the bot: from now on they move for it again."""
    with transaction.atomic():
        match, seats = _playing(match_id)
        own = next((s for s in seats if s.index == seat and s.user_id == user.pk and s.is_person), None)
        if own is None:
            raise turns.NotAllowed(gettext("You can take back only a seat of your own."))
        if seat not in match.stand_ins:
            raise turns.NotPlaying(gettext("No bot is playing this seat: it is yours already."))
        if own.resigned:
            raise turns.NotPlaying(gettext("You resigned already: a bot plays this seat to the end."))
        Seat.objects.filter(pk=own.pk).update(bot_until=match.version)
        match.stand_ins = [index for index in match.stand_ins if index != seat]
        match.save(update_fields=["stand_ins"])
        _announce(match)
    return match


def bot_plays_on(match: Match, seats: list[Seat], seat: int) -> bool:
    """Whether a resignation of `seat` hands it to a bot rather than ending the match: in a match of three or more
    seats, while another person still plays (not a bot, not resigned, not played by a bot)."""
    return len(seats) >= 3 and any(
        other.is_person and other.index != seat and not other.resigned and other.index not in match.stand_ins
        for other in seats)


def resign(*, match_id: int, seat: int) -> Match:
    """`seat` gives up. In a match of three or more where another person plays on, a bot plays the seat to the end
    so that the others finish; the seat ranks last whatever the bot scores (games/endings.py `with_resigned`) and
    cannot be taken back. Otherwise the match ends now (`turns.resign`). The caller has checked that the user acts
    for `seat`."""
    turns.stop_clock_if_due(match_id)  # a match whose time ran out ended by time, before anyone could resign
    with transaction.atomic():
        match, seats = _playing(match_id)
        own = next((s for s in seats if s.index == seat and s.is_person), None)
        if own is None:
            raise turns.IllegalMove(gettext("There is no such seat at this match."))
        if own.resigned:
            raise turns.NotPlaying(gettext("You resigned already: a bot plays this seat to the end."))
        if bot_plays_on(match, seats, seat):
            Seat.objects.filter(pk=own.pk).update(
                resigned=True, bot_until=None, bot_from=own.bot_from if own.stood_in else match.version)
            match.stand_ins = sorted({*match.stand_ins, seat})
            match.has_bots = True
            match.save(update_fields=["stand_ins", "has_bots"])
            _announce(match)
            return match
    return turns.resign(match_id=match_id, seat=seat)


def _announce(match: Match) -> None:
    """The tables (who may move changed) and the bots (games/turns.py's announcement), then who is at the table."""
    turns.announce(match)
    transaction.on_commit(lambda: presence.push_now(match.pk), robust=True)
