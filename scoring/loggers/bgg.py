"""BoardGameGeek's plays XML (`/xmlapi2/plays`): read it into plays, and write records as such a file.

Read with defusedxml (docs/loggers.md): no DTD, no entity of the file's own, no external resource, so that an
uploaded file can neither expand to gigabytes nor read the server's files. Facts about the format:
design/interop.md.
"""
from __future__ import annotations

import xml.etree.ElementTree as ET  # noqa: S405 -- writing only; reading goes through defusedxml
from dataclasses import replace
from datetime import datetime

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from games.registry import BY_SLUG
from scoring.loggers.plays import MAX_QUANTITY, Person, Play, Seat, folded
from scoring.loggers.written import minutes, seats_of


class NotBGG(ValueError):
    """The file is not BoardGameGeek plays XML; the message says why."""


def looks_like(data: bytes) -> bool:
    return data.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"<")


def parse(data: bytes):
    """The file's root element, read safely; NotBGG when it is not well-formed plays XML."""
    try:
        root = fromstring(data, forbid_dtd=True)
    except DefusedXmlException:
        raise NotBGG(_("the file declares a document type or entities, which plays XML never has")) from None
    except ET.ParseError as exc:
        # Where, not expat's words ("mismatched tag"): those are English whatever the reader's language.
        line, column = exc.position
        raise NotBGG(_("the file is not well-formed XML (at line %(line)d, column %(column)d)")
                     % {"line": line, "column": column + 1}) from None
    if root.tag != "plays":
        raise NotBGG(_("the file's root is <%(tag)s>; BoardGameGeek plays XML is <plays>") % {"tag": root.tag[:40]})
    return root


def _whole(text) -> int:
    try:
        return int(str(text).strip())
    except (TypeError, ValueError):
        return 0


def read_date(text: str | None) -> datetime | None:
    try:
        return datetime.strptime((text or "").strip(), "%Y-%m-%d")
    except ValueError:
        return None


def plays_of(root) -> list[Play]:
    """Every play of the file, a play of quantity n as n plays (its copies 1 to n)."""
    logger = (root.get("username") or "").strip()
    people: dict = {}
    plays = []
    for entry in root.iter("play"):
        item = entry.find("item")
        comments = entry.find("comments")
        play = Play(
            source="bgg", ident=(entry.get("id") or "").strip()[:30],
            game_name=(item.get("name") or "").strip() if item is not None else "",
            bgg_id=_whole(item.get("objectid")) if item is not None and item.get("objecttype") == "thing" else None,
            played=read_date(entry.get("date")), dated_only=True, date_text=entry.get("date") or "",
            duration=_whole(entry.get("length")), location=(entry.get("location") or "").strip(),
            comments=(comments.text or "") if comments is not None else "",
            incomplete=_whole(entry.get("incomplete")) == 1,
        )
        for player in entry.iterfind("players/player"):
            person = _person(people, player, logger)
            order = _whole(player.get("startposition"))
            play.seats.append(Seat(person=person, score=player.get("score") or "", winner=player.get("win") == "1",
                                   order=order or None))
        quantity = max(_whole(entry.get("quantity")), 1)
        play.family = item is not None and item.get("objecttype") == "family"
        play.quantity = quantity
        plays.append(play)
        if quantity <= MAX_QUANTITY:
            plays += [_copy(play, number) for number in range(2, quantity + 1)]
    return plays


def _copy(play: Play, number: int) -> Play:
    return replace(play, copy=number)


def _person(people: dict, player, logger: str) -> Person:
    """A player by BoardGameGeek username where there is one (the logging user often has no name), else by name."""
    username = (player.get("username") or "").strip()
    name = (player.get("name") or "").strip() or username or _("Unnamed player")
    key = f"bgg-user:{username.casefold()}" if username else f"bgg-name:{folded(name) or name}"
    if key not in people:
        people[key] = Person(key=key, name=name, username=username,
                             is_me=bool(username) and username.casefold() == logger.casefold())
    return people[key]


# --- Writing ----------------------------------------------------------------------------------------------

def play_id(game_record) -> str:
    """The BGG play id the record came from (a copy of a play of quantity n: its id), else the record's own id."""
    external = game_record.record.get("external") or {}
    return str(external.get("bgg") or game_record.pk).partition("#")[0]


def plays_xml(game_records, *, username: str = "") -> bytes:
    """The records as BoardGameGeek plays XML, one <play> of quantity 1 each, dated in the site's time zone."""
    root = ET.Element("plays", username=username, userid="0", page="1")
    count = 0
    for game_record in game_records:
        count += 1
        game = BY_SLUG[game_record.game]
        with translation.override("en-gb"):  # BoardGameGeek's names are English
            name = str(game.config.verbose_name)
        play = ET.SubElement(root, "play", id=play_id(game_record),
                             date=timezone.localtime(game_record.played_at).strftime("%Y-%m-%d"), quantity="1",
                             length=str(minutes(game_record)), incomplete="0", nowinstats="0",
                             location=game_record.location)
        item = ET.SubElement(play, "item", name=name, objecttype="thing",
                             objectid=str(game.bgg_ids[0] if game.bgg_ids else 0))
        ET.SubElement(ET.SubElement(item, "subtypes"), "subtype", value="boardgame")
        if game_record.notes:
            ET.SubElement(play, "comments").text = game_record.notes
        players = ET.SubElement(play, "players")
        for seat in seats_of(game_record):
            ET.SubElement(players, "player", username=seat.bgg_username, userid="0", name=seat.name,
                          startposition=str(seat.seat + 1), color="", score=str(seat.score), new="0", rating="0",
                          win="1" if seat.rank == 1 else "0")
    root.set("total", str(count))
    ET.indent(root, space="\t")
    return ET.tostring(root, encoding="utf-8", xml_declaration=True) + b"\n"
