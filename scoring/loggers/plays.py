"""A play as other loggers keep it (BG Stats, BoardGameGeek), and how one of our games' plays becomes a table record.

Both formats are read into `Play`s (bgstats.py, bgg.py); this module says which game a play is, reads its scores
and turns it into a records.md version 2 table record with `final: null` (a logger keeps totals only), or says
in plain words why it is skipped.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from datetime import datetime, time, timedelta
from functools import cache

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _

from games.contract import ranks
from games.registry import BY_SLUG, GAMES
from scoring.record_forms import MAX_DURATION_MINUTES
from scoring.records import MomentProblem, check_moment
from scoring.transfer import FORMAT_2, LOCATION_LENGTH, MAX_SCORE, NAME_LENGTH, NOTES_LENGTH

MAX_QUANTITY = 100  # one BGG entry logging more plays than this is a typing slip, not an evening
NOON = time(12)  # a play logged with a date only (BoardGameGeek): its day's noon, where it falls on that day
SUM = re.compile(r"[+-]?\d+(?:\s*[+-]\s*\d+)*")  # "-10+7+22": BG Stats players write sums of rounds


@dataclass
class Person:
    """One player as the file names them: `key` is the same for the same person throughout one file."""

    key: str
    name: str
    username: str = ""  # BoardGameGeek's
    is_me: bool = False  # the file's owner (BG Stats' meRefId; BGG's logging user)
    anonymous: bool = False  # BG Stats' "Anonymous player": a name on one seat, matched to nobody


@dataclass
class Seat:
    person: Person
    score: str  # as written: "", "12", "-10+7+22", "5 stars"
    winner: bool = False
    order: int | None = None  # seat order or start position when the file gives one


@dataclass
class Play:
    """One logged play (a BGG play of quantity 3 is read as three, `copy` 1 to 3)."""

    source: str  # "bgstats" | "bgg"
    ident: str  # the play's id in its logger (uuid, play id)
    game_name: str
    bgg_id: int | None
    played: datetime | None  # naive: loggers keep the device's local time or a date (`dated_only`)
    dated_only: bool = False
    duration: int = 0  # minutes, 0 = unknown
    location: str = ""
    comments: str = ""
    incomplete: bool = False
    seats: list[Seat] = field(default_factory=list)
    bgg_play: str = ""  # a BG Stats play synced to BoardGameGeek knows its BGG play id
    copy: int = 1
    quantity: int = 1  # BGG: how many plays the entry logs
    family: bool = False  # BGG: the item is a family of games, not a game
    date_text: str = ""  # the date as written, for the report when it cannot be read
    other_name: str = ""  # BG Stats' bggName beside the name its user gave the game

    def describe(self) -> str:
        """How the import report names the play: its game and its date."""
        when = self.played.strftime("%Y-%m-%d") if self.played else _("no date")
        return _("%(game)s, %(date)s") % {"game": self.game_name or _("a game without a name"), "date": when}


class Skip(ValueError):
    """Why a play is not imported, in plain words."""


def folded(name: str) -> str:
    """A name as names are compared: compatible forms, case and every sign and space left out ("Rat-A-Tat-Cat" is
    "ratatatcat"); letters of any script are kept."""
    text = unicodedata.normalize("NFKC", name).casefold()
    return "".join(ch for ch in text if ch.isalnum())


@cache
def _names() -> dict[str, str]:
    """Every name a game of ours goes by, folded: its name in each language of the site and its `other_names`."""
    known = {}
    for game in GAMES:
        names = list(game.other_names)
        for code, _language in settings.LANGUAGES:
            with translation.override(code):
                names.append(str(game.config.verbose_name))
        known.update({folded(name): game.slug for name in names if folded(name)})
    return known


def game_of(play: Play) -> str | None:
    """The slug of our game the play is of: by its BoardGameGeek id when it has one we know, else by its name."""
    if play.bgg_id:
        for game in GAMES:
            if play.bgg_id in game.bgg_ids:
                return game.slug
    return _names().get(folded(play.game_name)) or _names().get(folded(play.other_name))


def read_score(text: str) -> int | None:
    """A score as written: None when empty; a whole number or a sum of them ("-10+7+22") as that number; a
    decimal that is whole ("12.0") as it; Skip for anything else ("5 stars")."""
    text = text.strip()
    if not text:
        return None
    if SUM.fullmatch(text):
        return sum(int(part) for part in re.findall(r"[+-]?\s*\d+", text.replace(" ", "")))
    try:
        number = float(text)
    except ValueError:
        number = None
    if number is not None and number.is_integer() and abs(number) <= MAX_SCORE:
        return int(number)
    raise Skip(_("the score %(score)s is not a whole number") % {"score": repr(text[:40])})


def in_order(seats: list[Seat]) -> list[Seat]:
    """The seats in their seat order when the file gives every seat a distinct one, else as the file lists them."""
    orders = [seat.order for seat in seats]
    if all(order is not None for order in orders) and len(set(orders)) == len(orders):
        return sorted(seats, key=lambda seat: seat.order)
    return list(seats)


def moment(play: Play, zone) -> datetime:
    """The play's time, aware in `zone` (the importer's): a date alone is that day's noon."""
    if play.played is None:
        if play.date_text.strip():
            raise Skip(_("its date %(date)s cannot be read") % {"date": repr(play.date_text[:40])})
        raise Skip(_("it has no date"))
    local = datetime.combine(play.played.date(), NOON) if play.dated_only else play.played
    try:
        return check_moment(local.replace(tzinfo=zone) if local.tzinfo is None else local)
    except MomentProblem as exc:
        raise Skip(_("its date %(problem)s") % {"problem": exc}) from None


def record_of(play: Play, slug: str, handles: dict[str, str | None], zone) -> dict:
    """The play as a records.md version 2 table record (its people's handles by Person.key, None for a name only);
    Skip with the reason when it cannot be one."""
    game = BY_SLUG[slug]
    if play.family:
        raise Skip(_("it is logged for a family of games, not for one game"))
    if play.quantity > MAX_QUANTITY:
        raise Skip(_("it logs %(count)d plays at once; at most %(most)d are read")
                   % {"count": play.quantity, "most": MAX_QUANTITY})
    if play.incomplete:
        raise Skip(_("it was logged as incomplete"))
    if not play.seats:
        raise Skip(_("no players were logged"))
    if not game.min_players <= len(play.seats) <= game.max_players:
        raise Skip(_("%(game)s is played by %(players)s players, not %(count)d")
                   % {"game": game.name, "players": game.players, "count": len(play.seats)})
    seats = in_order(play.seats)
    scores = []
    for seat in seats:
        try:
            score = read_score(seat.score)
        except Skip as exc:
            raise Skip(_("%(name)s: %(reason)s") % {"name": seat.person.name, "reason": exc}) from None
        if score is None:
            raise Skip(_("%(name)s has no score (a record here needs every player's score)")
                       % {"name": seat.person.name})
        scores.append(score)
    started = moment(play, zone)  # BG Stats' playDate is when the play started
    finished = started if play.dated_only else started + timedelta(minutes=_duration(play))
    record = {
        "format": FORMAT_2, "game": slug, "source": "table", "options": {},
        "seats": [{"seat": index, "name": seat.person.name[:NAME_LENGTH],
                   "player": handles.get(seat.person.key), "bot": None} for index, seat in enumerate(seats)],
        "started_at": started.isoformat(),
        "finished_at": finished.isoformat(),
        "final": None,
        "result": {"scores": scores, "ranks": ranks(scores, lower_wins=game.lower_score_wins), "breakdown": None},
        "external": external_of(play),
    }
    if play.dated_only:  # a day, not a time: one moment, the day's noon
        del record["started_at"]
    if play.location.strip():
        record["location"] = play.location.strip()[:LOCATION_LENGTH]
    if _duration(play):
        record["duration"] = _duration(play)
    if play.comments.strip():
        record["notes"] = play.comments.strip()[:NOTES_LENGTH]
    return record


def _duration(play: Play) -> int:
    return play.duration if 1 <= play.duration <= MAX_DURATION_MINUTES else 0


def external_of(play: Play) -> dict:
    """records.md's `external`: the play's id in its logger; the n-th copy of a BGG play of quantity above 1 is
    "<play id>#<n>" (n from 2), as each copy is a record of its own."""
    external = {}
    if play.source == "bgstats":
        external["bgstats"] = play.ident
    bgg = play.ident if play.source == "bgg" else play.bgg_play
    if bgg:
        external["bgg"] = bgg if play.copy == 1 else f"{bgg}#{play.copy}"
    return external
