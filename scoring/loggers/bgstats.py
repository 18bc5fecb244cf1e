"""BG Stats: read its JSON backup into plays, write records as such a file, and its "push a play" link.

The facts about the format are in design/interop.md: a backup has `games`, `players`, `locations` and `plays`;
a play's `playDate` has no time zone, every `score` is a string, `playImages` and `metaData` are JSON in a string.
"""
from __future__ import annotations

import json
import uuid
from datetime import datetime
from urllib.parse import quote

from django.utils import timezone, translation
from django.utils.translation import gettext as _

from games.registry import BY_SLUG
from scoring.loggers.plays import Person, Play, Seat
from scoring.loggers.written import minutes, seats_of, started

APP = "https://app.bgstatsapp.com/createPlay.html"
SOURCE_NAME = "Top Cat"


class NotBGStats(ValueError):
    """The file is JSON but not a BG Stats backup; the message says what is missing."""


def looks_like(parsed) -> bool:
    return isinstance(parsed, dict) and "plays" in parsed and ("games" in parsed or "players" in parsed)


def _by_id(items) -> dict:
    return {item["id"]: item for item in items if isinstance(item, dict) and "id" in item} if isinstance(
        items, list) else {}


def _text(value) -> str:
    if value is None or isinstance(value, bool):
        return ""
    return str(value) if isinstance(value, str | int | float) else ""


def _whole(value) -> int:
    if isinstance(value, bool):
        return 0
    if isinstance(value, int):
        return value
    try:
        return int(str(value).strip())
    except (TypeError, ValueError):
        return 0


def read_date(text: str) -> datetime | None:
    """A BG Stats time, "YYYY-MM-DD HH:MM:SS" in the device's local time (naive); None when unreadable."""
    try:
        return datetime.fromisoformat(text.strip().replace(" ", "T", 1)) if isinstance(text, str) else None
    except ValueError:
        return None


def plays_of(backup: dict) -> list[Play]:
    """Every play of the backup, in its order (NotBGStats when it has no list of plays)."""
    if not isinstance(backup.get("plays"), list):
        raise NotBGStats(_("a BG Stats backup holds a list of plays"))
    games, players = _by_id(backup.get("games")), _by_id(backup.get("players"))
    locations = _by_id(backup.get("locations"))
    info = backup.get("userInfo") if isinstance(backup.get("userInfo"), dict) else {}
    me = info.get("meRefId")
    people: dict = {}
    plays = []
    for index, entry in enumerate(backup["plays"]):
        if not isinstance(entry, dict):
            continue
        game = games.get(entry.get("gameRefId")) or {}
        location = locations.get(entry.get("locationRefId")) or {}
        play = Play(
            source="bgstats", ident=_text(entry.get("uuid")).strip().upper() or f"index-{index}",
            game_name=_text(game.get("name")) or _text(game.get("bggName")), bgg_id=_whole(game.get("bggId")) or None,
            played=read_date(entry.get("playDate")), duration=_whole(entry.get("durationMin")),
            location=_text(location.get("name")), comments=_text(entry.get("comments")),
            bgg_play=str(_whole(entry.get("bggId")) or ""),
        )
        play.date_text = _text(entry.get("playDate"))
        play.other_name = _text(game.get("bggName"))
        for score in entry.get("playerScores") or []:
            if isinstance(score, dict):
                person = _person(people, players, score.get("playerRefId"), me, play, len(play.seats))
                play.seats.append(Seat(person=person, score=_text(score.get("score")),
                                       winner=score.get("winner") is True,
                                       order=_whole(score.get("seatOrder")) or None))
        plays.append(play)
    return plays


def _person(people: dict, players: dict, ref, me, play: Play, index: int) -> Person:
    """The file's player `ref` as one Person per file; an anonymous player is nobody in particular: a name only,
    never matched to anyone (its key is its seat)."""
    player = players.get(ref) or {}
    name = _text(player.get("name")).strip() or _("Player %(number)d") % {"number": index + 1}
    if player.get("isAnonymous") is True or not player:
        return Person(key=f"anonymous:{play.ident}:{index}", name=name, anonymous=True)
    key = f"bgstats:{ref}"
    if key not in people:
        people[key] = Person(key=key, name=name, username=_text(player.get("bggUsername")).strip(),
                             is_me=ref is not None and ref == me)
    return people[key]


# --- Writing ----------------------------------------------------------------------------------------------

def push_link(game_record) -> str:
    """BG Stats' "push a play" link of one record (design/interop.md)."""
    data = json.dumps(push_play(game_record), ensure_ascii=False, separators=(",", ":"))
    return f"{APP}?data={quote(data, safe='')}"


NAMESPACE = uuid.UUID("6f0e8a52-3c1d-5b7e-9a4f-2d8c7b1e0a93")  # Top Cat's: every id it writes is a uuid5 in it


def _uuid(text: str) -> str:
    return str(uuid.uuid5(NAMESPACE, text)).upper()


def play_uuid(game_record) -> str:
    """The play's BG Stats uuid: the one it came from, else one made from the record (its id and when it was
    saved), the same at every export, so that BG Stats updates the play instead of adding it again."""
    external = game_record.record.get("external") or {}
    return external.get("bgstats") or _uuid(f"record/{game_record.pk}/{game_record.created_at.isoformat()}")


def _local(moment) -> str:
    return timezone.localtime(moment).strftime("%Y-%m-%d %H:%M:%S")


def backup(game_records, *, me=None) -> dict:
    """The records as a BG Stats backup (its import reads games, players, locations and plays); `me` is the
    exporting player's profile, BG Stats' owner."""
    games, players, locations, plays = {}, {}, {}, []
    for game_record in game_records:
        seats = seats_of(game_record)
        game = games.setdefault(game_record.game, _game(game_record.game, len(games) + 1))
        location_id = 0
        if game_record.location:
            location_id = locations.setdefault(game_record.location, {
                "id": len(locations) + 1, "uuid": _uuid(f"location/{game_record.location}"),
                "name": game_record.location})["id"]
        scores = []
        for seat in seats:
            player = players.setdefault(seat.key, {
                "id": len(players) + 1, "uuid": _uuid(f"player/{seat.key}"), "name": seat.name,
                "isAnonymous": False, "bggUsername": seat.bgg_username, "metaData": "{}"})
            scores.append({"playerRefId": player["id"], "score": str(seat.score), "winner": seat.rank == 1,
                           "rank": seat.rank, "seatOrder": seat.seat + 1, "startPlayer": False, "newPlayer": False,
                           "team": ""})
        external = game_record.record.get("external") or {}
        plays.append({
            "uuid": play_uuid(game_record), "playDate": _local(started(game_record)),
            "entryDate": _local(game_record.created_at), "modificationDate": _local(game_record.created_at),
            "durationMin": minutes(game_record), "gameRefId": game["id"], "locationRefId": location_id,
            "bggId": _whole(str(external.get("bgg", "")).partition("#")[0]), "ignored": False, "rating": 0,
            "scoringSetting": 0, "manualWinner": False, "rounds": 0, "usesTeams": False, "playImages": "[]",
            "comments": game_record.notes, "metaData": "{}", "playerScores": scores,
        })
    me_id = players.get(f"handle:{me.handle}", {}).get("id", 0) if me is not None else 0
    return {"games": list(games.values()), "players": list(players.values()), "locations": list(locations.values()),
            "plays": plays, "userInfo": {"meRefId": me_id}, "groups": [], "tags": [], "challenges": []}


def _game(slug: str, ident: int) -> dict:
    game = BY_SLUG[slug]
    with translation.override("en-gb"):  # BG Stats matches games by their BoardGameGeek (English) name
        name = str(game.config.verbose_name)
    return {"id": ident, "uuid": _uuid(f"game/{slug}"), "name": name, "bggName": name,
            "bggId": game.bgg_ids[0] if game.bgg_ids else 0, "highestWins": not game.lower_score_wins,
            "noPoints": False, "cooperative": False, "usesTeams": False,
            "minPlayerCount": game.min_players, "maxPlayerCount": game.max_players, "sourceGameId": slug}


def push_play(game_record) -> dict:
    """One record in BG Stats' push-play format (design/interop.md)."""
    game = _game(game_record.game, 0)
    return {
        "sourceName": SOURCE_NAME, "sourcePlayId": str(game_record.pk), "playDate": _local(started(game_record)),
        "durationMin": minutes(game_record), "location": game_record.location, "comments": game_record.notes,
        "game": {"name": game["name"], "bggId": game["bggId"], "highestWins": game["highestWins"],
                 "noPoints": False, "sourceGameId": game_record.game},
        "players": [{"name": seat.name, "sourcePlayerId": seat.key, "score": str(seat.score),
                     "winner": seat.rank == 1, "rank": seat.rank, "startPlayer": False} for seat in
                    seats_of(game_record)],
    }
