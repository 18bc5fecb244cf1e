"""Who is who in another logger's file: each of its people matched to a player here, or made a named table player.

A person is suggested the importer's own profile (BG Stats' owner, BGG's logging user), the player whose
BoardGameGeek username they have, or a player of the same name (a registered player, or a table player the
importer made); the importer confirms each choice before anything is saved.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Q
from django.db.models.functions import Lower

from scoring import services
from scoring.loggers.plays import Person
from scoring.models import PlayerProfile

NEW = "new"  # the choice "a new table player of this name"


@dataclass
class Match:
    person: Person
    candidates: list[PlayerProfile] = field(default_factory=list)
    suggested: PlayerProfile | None = None
    by_username: bool = False  # the suggestion is certain (the importer's own, or the BGG username)


def matches(people: list[Person], importer) -> list[Match]:
    """Each person with the players they may be and the one suggested (None: a new table player)."""
    own = services.profile_for(importer) if importer is not None else None
    usernames = {p.username.lower() for p in people if p.username}
    names = {p.name.lower() for p in people if not p.anonymous}
    by_username = {}  # bgg_username is kept in lower case (the profile form's clean_bgg_username)
    for profile in PlayerProfile.objects.filter(bgg_username__in=usernames).order_by("pk"):
        by_username.setdefault(profile.bgg_username, profile)
    named = PlayerProfile.objects.annotate(name_folded=Lower("display_name")).filter(
        Q(user__isnull=False) | Q(created_by=importer)).filter(
        Q(name_folded__in=names) | Q(handle__in=names)).order_by("pk")
    by_name: dict[str, list[PlayerProfile]] = {}
    for profile in named:
        for key in {profile.display_name.lower(), profile.handle.lower()} & names:
            by_name.setdefault(key, []).append(profile)
    result = []
    for person in people:
        if person.anonymous:
            continue
        match = Match(person=person, candidates=list(by_name.get(person.name.lower(), [])))
        certain = by_username.get(person.username.lower()) if person.username else None
        if certain is None and person.is_me:
            certain = own
        if certain is not None:
            match.suggested, match.by_username = certain, True
            if certain not in match.candidates:
                match.candidates.insert(0, certain)
        elif len(match.candidates) == 1:
            match.suggested = match.candidates[0]
        if own is not None and own not in match.candidates:
            match.candidates.append(own)
        result.append(match)
    return result
