"""Importing another logger's file (BG Stats backup, BoardGameGeek plays XML): every play of our games becomes a
table record, every other play is skipped with its reason, and the same file imported again adds nothing.

A file that cannot be read imports nothing (transfer.ImportRefused with the reason). The import is two steps:
`read_file` and `people_of` give what the importer confirms (who is who), then `import_plays` saves.
"""
from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from datetime import timedelta

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from catsite import limits
from scoring import ratings, services
from scoring.loggers import bgg, bgstats
from scoring.loggers.people import NEW, matches
from scoring.loggers.plays import Person, Play, Skip, game_of, record_of
from scoring.models import GameRecord, PlayerProfile
from scoring.records import fingerprint, parse_moment, save_record
from scoring.transfer import ImportRefused, RecordProblem, check_record, check_values, details_of, from_same_play

MAX_FILE_BYTES = 20 * 1024 * 1024  # a BG Stats backup of 10,000 plays is about 8 MB
MAX_PLAYS = 50_000  # one file, counting each copy of a BGG play of quantity above 1
MAX_DEPTH = 16  # a backup nests 4 or 5 levels deep
BGSTATS, BGG = "bgstats", "bgg"


@dataclass
class LoggerFile:
    kind: str  # BGSTATS | BGG
    plays: list[Play]

    @property
    def people(self) -> list[Person]:
        """The file's people in the order they first appear (anonymous seats are nobody to match)."""
        seen: dict[str, Person] = {}
        for play in self.plays:
            if game_of(play) is None:
                continue
            for seat in play.seats:
                if not seat.person.anonymous:
                    seen.setdefault(seat.person.key, seat.person)
        return list(seen.values())


def is_logger_file(data: bytes) -> bool:
    """Whether `data` is meant as another logger's file (XML, or a JSON object with plays) rather than records."""
    if bgg.looks_like(data):
        return True
    if not data.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"{") or len(data) > MAX_FILE_BYTES:
        return False
    try:
        return bgstats.looks_like(limits.loads(data.decode("utf-8-sig"), max_bytes=MAX_FILE_BYTES,
                                               max_depth=MAX_DEPTH))
    except (ValueError, UnicodeDecodeError):  # JSONDecodeError and TooMuch are ValueErrors: records' errors say more
        return False


def read_file(data: bytes) -> LoggerFile:
    """The plays of a BG Stats backup or a BoardGameGeek plays XML file; ImportRefused saying why it is neither."""
    if len(data) > MAX_FILE_BYTES:
        raise ImportRefused([_("The file is larger than %(mb)d MB.") % {"mb": MAX_FILE_BYTES // (1024 * 1024)}])
    if bgg.looks_like(data):
        try:
            plays, kind = bgg.plays_of(bgg.parse(data)), BGG
        except bgg.NotBGG as exc:
            raise ImportRefused([_("This is not a BoardGameGeek plays file: %(reason)s.") % {"reason": exc}]) from None
    else:
        plays, kind = _bgstats_plays(data), BGSTATS
    if len(plays) > MAX_PLAYS:
        raise ImportRefused([_("The file holds %(count)d plays; import at most %(most)d at a time.")
                             % {"count": len(plays), "most": MAX_PLAYS}])
    return LoggerFile(kind=kind, plays=plays)


def _bgstats_plays(data: bytes) -> list[Play]:
    try:
        parsed = limits.loads(data.decode("utf-8-sig"), max_bytes=MAX_FILE_BYTES, max_depth=MAX_DEPTH,
                              what=_("The file"))
    except UnicodeDecodeError:
        raise ImportRefused([_("The file is not UTF-8 text: neither a BG Stats backup nor BoardGameGeek XML.")]) \
            from None
    except json.JSONDecodeError as exc:
        # Where, not json's words ("Expecting value"): those are English whatever the reader's language.
        raise ImportRefused([_("The file is neither a BG Stats backup (JSON) nor BoardGameGeek plays XML: it cannot "
                               "be read at line %(line)d, column %(column)d.")
                             % {"line": exc.lineno, "column": exc.colno}]) from None
    except limits.TooMuch as exc:
        raise ImportRefused([str(exc)]) from None
    try:
        check_values(parsed)  # a lone surrogate: no database stores it, no page shows it
    except RecordProblem as exc:
        raise ImportRefused([_("The file cannot be imported: %(reason)s.") % {"reason": exc}]) from None
    if not bgstats.looks_like(parsed):
        raise ImportRefused([_("This JSON file is not a BG Stats backup: a backup holds games, players and plays. "
                               "(A file of Top Cat records is imported on the records import page.)")])
    try:
        return bgstats.plays_of(parsed)
    except bgstats.NotBGStats as exc:
        raise ImportRefused([_("This is not a BG Stats backup: %(reason)s.") % {"reason": exc}]) from None


@dataclass
class Report:
    """What an import did, or would do (`import_plays(..., dry_run=True)`)."""

    imported: list[GameRecord] = field(default_factory=list)
    ready: list[Play] = field(default_factory=list)  # dry run: the plays that would be imported
    already: list[tuple[Play, GameRecord]] = field(default_factory=list)
    skipped: list[tuple[Play, str]] = field(default_factory=list)  # plays of our games that cannot be records
    other_games: Counter = field(default_factory=Counter)  # the other games' names and their numbers of plays
    new_players: list[PlayerProfile] = field(default_factory=list)
    preview: bool = False

    @property
    def other_games_by_count(self) -> list[tuple[str, int]]:
        """The other games, the most played first (a template cannot call most_common: a Counter answers 0)."""
        return self.other_games.most_common()

    def summary(self) -> str:
        count = len(self.ready) if self.preview else len(self.imported)
        done = (ngettext("%(count)d play to import", "%(count)d plays to import", count) if self.preview else
                ngettext("%(count)d play imported", "%(count)d plays imported", count))
        parts = [done % {"count": count}]
        if self.already:
            parts.append(ngettext("%(count)d already imported", "%(count)d already imported", len(self.already))
                         % {"count": len(self.already)})
        skipped = len(self.skipped) + sum(self.other_games.values())
        if skipped:
            parts.append(ngettext("%(count)d skipped", "%(count)d skipped", skipped) % {"count": skipped})
        return pgettext("import summary", "%(parts)s.") % {"parts": pgettext("list separator", ", ").join(parts)}


def import_plays(logger_file: LoggerFile, *, importer, choices: dict[str, str], zone,
                 dry_run: bool = False) -> Report:
    """Save a table record for each play of our games not imported before, oldest first, in one transaction.

    `choices`: a person's key -> a profile's pk (as text) or NEW; a person without a choice is the importer where
    the file says so, the player of their BoardGameGeek username, or else a new table player. Table players are
    made only for people of plays actually imported, so a second import of the same file makes none. The
    importer's seat counts at once; other registered players confirm theirs.
    """
    report = Report(preview=dry_run)
    candidates = []
    for play in logger_file.plays:
        slug = game_of(play)
        if slug is None:
            report.other_games[play.game_name or _("a game without a name")] += 1
            continue
        try:
            record_of(play, slug, {}, zone)  # every reason to skip it, before anyone is made
        except Skip as exc:
            report.skipped.append((play, str(exc)))
            continue
        candidates.append((play, slug))
    candidates.sort(key=lambda entry: entry[0].played)
    with transaction.atomic(), ratings.rebuild_afterwards():
        certain = {m.person.key: str(m.suggested.pk) for m in matches(logger_file.people, importer) if m.by_username}
        handles = _Handles(importer, {**certain, **choices}, report, dry_run)
        seen: set[str] = set()
        for play, slug in candidates:
            draft = record_of(play, slug, {}, zone)
            existing = from_same_play(draft) or exported_from_here(play, slug, draft)
            if existing is not None:
                report.already.append((play, existing))
                continue
            record = record_of(play, slug, {seat.person.key: handles.of(seat.person) for seat in play.seats}, zone)
            try:
                check_record(record)
            except RecordProblem as exc:  # a bug here rather than in the file: say so, save nothing of it
                report.skipped.append((play, str(exc)))
                continue
            stored, details = details_of(record)
            key = fingerprint(stored)
            if key in seen or GameRecord.objects.filter(fingerprint=key).exists():
                report.already.append((play, GameRecord.objects.filter(fingerprint=key).first()))
                continue
            seen.add(key)
            if dry_run:
                report.ready.append(play)
            else:
                report.imported.append(save_record(stored, recorded_by=importer, **details))
        if dry_run:
            transaction.set_rollback(True)
    return report


def exported_from_here(play: Play, slug: str, draft: dict) -> GameRecord | None:
    """The record of this history that the play was exported from (bgstats.play_uuid, bgg.play_id), so that a file
    written here and imported here again adds nothing. Looked for among the game's records of the same days."""
    moment = parse_moment(draft["finished_at"])
    near = GameRecord.objects.filter(game=slug, played_at__gte=moment - timedelta(days=2),
                                     played_at__lte=moment + timedelta(days=2))
    for candidate in near:
        if play.source == BGSTATS and bgstats.play_uuid(candidate) == play.ident:
            return candidate
        if play.source == BGG and candidate.bgg_play is None and str(candidate.pk) == play.ident:
            return candidate
    return None


class _Handles:
    """The handle each person's seat names: the chosen player's, or a table player made on first need."""

    def __init__(self, importer, choices: dict[str, str], report: Report, dry_run: bool):
        self.importer, self.choices, self.report, self.dry_run = importer, choices, report, dry_run
        self.made: dict[str, str | None] = {}

    def of(self, person: Person) -> str | None:
        if person.anonymous:
            return None
        if person.key not in self.made:
            self.made[person.key] = self._find(person)
        return self.made[person.key]

    def _find(self, person: Person) -> str | None:
        choice = self.choices.get(person.key, NEW)
        if choice != NEW:
            profile = PlayerProfile.objects.filter(pk=choice).first() if str(choice).isdigit() else None
            if profile is not None:
                return profile.handle
        if self.dry_run:
            return None
        profile = services.create_table_player(created_by=self.importer, display_name=person.name[:60],
                                               bgg_username=person.username[:50])
        self.report.new_players.append(profile)
        return profile.handle
