"""The match history: every finished match, online or at the table, and one match's page."""
from dataclasses import dataclass
from datetime import datetime, time, timedelta

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Q
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext
from django.views.decorators.http import require_GET

from games.records import ended_sentence
from games.registry import BY_SLUG, GAMES
from scoring import confirmations
from scoring.models import GameRecord, Participant, PlayerProfile, handle_is
from scoring.newest import newest_first
from scoring.table_records import can_correct
from scoring.transfer import breakdown_columns, category_label, flat_breakdown
from scoring.transfer_views import readable

PAGE_SIZE = 25
SUGGESTIONS = 10


class HistoryFilter(forms.Form):
    game = forms.ChoiceField(choices=lambda: [("", _("All games"))] + [(g.slug, g.name) for g in GAMES],
                             required=False, label=gettext_lazy("Game"))
    player = forms.CharField(required=False, max_length=60, label=gettext_lazy("Player"))
    source = forms.ChoiceField(choices=[("", gettext_lazy("Online and at the table")), *GameRecord.SOURCES],
                               required=False, label=gettext_lazy("Where"))
    since = forms.DateField(required=False, label=gettext_lazy("From"), widget=forms.DateInput(attrs={"type": "date"}))
    until = forms.DateField(required=False, label=gettext_lazy("To"), widget=forms.DateInput(attrs={"type": "date"}))
    # Keyset pages: the records older than the record `before`, or newer than the record `after`.
    before = forms.IntegerField(required=False, min_value=1, widget=forms.HiddenInput)
    after = forms.IntegerField(required=False, min_value=1, widget=forms.HiddenInput)

    def clean_player(self):
        """A handle (any case), or a display name (any case) that only one player has: the player's profile."""
        text = self.cleaned_data["player"].replace("\x00", "").strip()  # PostgreSQL cannot compare text with NUL
        if not text:
            return None
        found = PlayerProfile.objects.filter(handle_is(text)).first()
        if found is None:
            named = list(PlayerProfile.objects.filter(display_name__iexact=text)[:2])
            found = named[0] if len(named) == 1 else None
        if found is None:
            raise forms.ValidationError(_("No player has the handle or the name %(text)s.") % {"text": text})
        return found

    def clean(self):
        data = super().clean()
        if data.get("since") and data.get("until") and data["since"] > data["until"]:
            raise forms.ValidationError(_("The first date is after the last one."))
        return data


@dataclass
class KeysetPage:
    """One page of the history: its records, and the records to page on from (None at either end)."""

    object_list: list
    older: int | None = None
    newer: int | None = None


def _record_filters(wanted: dict) -> dict:
    """The form's filters as lookups on GameRecord: dates as ranges of played_at (the index can serve them)."""
    lookups = {}
    if wanted.get("game"):
        lookups["game"] = wanted["game"]
    if wanted.get("source"):
        lookups["source"] = wanted["source"]
    if wanted.get("since"):
        lookups["played_at__gte"] = timezone.make_aware(datetime.combine(wanted["since"], time.min))
    if wanted.get("until"):
        lookups["played_at__lt"] = timezone.make_aware(datetime.combine(wanted["until"] + timedelta(days=1), time.min))
    return lookups


def _place(record_id: int | None) -> tuple | None:
    """A record's place in the history's order; None for a record that is no more (a page from its first)."""
    if record_id is None:
        return None
    played_at = GameRecord.objects.filter(pk=record_id).values_list("played_at", flat=True).first()
    return None if played_at is None else (played_at, record_id)


def _older(place):
    # The first term bounds the walk of the (played_at, id) index; the OR alone would make SQLite read it all.
    return Q(played_at__lte=place[0]) & (Q(played_at__lt=place[0]) | Q(pk__lt=place[1]))


def _newer(place):
    return Q(played_at__gte=place[0]) & (Q(played_at__gt=place[0]) | Q(pk__gt=place[1]))


def history_page(wanted: dict) -> KeysetPage:
    """PAGE_SIZE records newest first, filtered, from a keyset place; no count of all records is needed.

    Without a player, the records are walked through the (game, played_at, id) or (played_at, id) index from the
    place; with one, from the player's own seats (scoring/newest.py)."""
    lookups = _record_filters(wanted)
    before, after = _place(wanted.get("before")), _place(wanted.get("after"))
    if after is None and wanted.get("after") is not None:
        before = None
    records = GameRecord.objects.defer("record").prefetch_related("participants__profile")
    if wanted.get("player"):
        seats = Participant.objects.filter(profile=wanted["player"],
                                           **{f"game_record__{key}": value for key, value in lookups.items()})
        if after is not None:
            ids = newest_first(seats, limit=PAGE_SIZE + 1, newer_than=after)
            more_newer, ids = len(ids) > PAGE_SIZE, ids[-PAGE_SIZE:]
        else:
            ids = newest_first(seats, limit=PAGE_SIZE + 1, older_than=before)
            more_newer, ids = before is not None, ids
        more_older, ids = (len(ids) > PAGE_SIZE, ids[:PAGE_SIZE]) if after is None else (True, ids)
        order = {record_id: place for place, record_id in enumerate(ids)}
        shown = sorted(records.filter(pk__in=ids), key=lambda r: order[r.pk])
    else:
        records = records.filter(**lookups)
        if after is not None:
            shown = list(records.filter(_newer(after)).order_by("played_at", "id")[:PAGE_SIZE + 1])
            more_newer, shown = len(shown) > PAGE_SIZE, shown[:PAGE_SIZE][::-1]
            more_older = True
        else:
            page = records.filter(_older(before)) if before is not None else records
            shown = list(page.order_by("-played_at", "-id")[:PAGE_SIZE + 1])
            more_older, shown = len(shown) > PAGE_SIZE, shown[:PAGE_SIZE]
            more_newer = before is not None
        if shown and more_newer and after is None:
            more_newer = records.filter(_newer((shown[0].played_at, shown[0].pk))).exists()
        if shown and more_older and after is not None:
            more_older = records.filter(_older((shown[-1].played_at, shown[-1].pk))).exists()
    return KeysetPage(shown, older=shown[-1].pk if shown and more_older else None,
                      newer=shown[0].pk if shown and more_newer else None)


def history(request):
    # The list never shows the record JSON (an online record carries every move): leave it in the database.
    filters = HistoryFilter(request.GET)
    page = history_page(filters.cleaned_data) if filters.is_valid() else KeysetPage([])
    query = request.GET.copy()
    for key in ("page", "before", "after"):
        query.pop(key, None)
    return render(request, "scoring/history.html", {"page": page, "filters": filters, "query": query.urlencode()})


@require_GET
def player_suggestions(request):
    """The player box's suggestions (a datalist's options): players whose name or handle starts with the text."""
    text = request.GET.get("player", "").replace("\x00", "").strip()[:60]
    found = (PlayerProfile.objects.filter(Q(display_name__istartswith=text) | Q(handle__istartswith=text))
             .order_by("display_name", "handle")[:SUGGESTIONS]) if text else []
    return render(request, "scoring/_player_suggestions.html", {"players": found})


def record(request, pk):
    """One recorded match: seats, scores, places, the breakdown per category, its details and downloads."""
    game_record = get_object_or_404(
        GameRecord.objects.select_related("recorded_by").prefetch_related("participants__profile"), pk=pk
    )
    by_seat = list(game_record.participants.all())
    participants = by_place(by_seat)
    record = game_record.record
    columns, rows = _breakdown_table(game_record.game, record, participants)
    game = BY_SLUG.get(game_record.game)
    return render(request, "scoring/record.html", {
        "game_record": game_record, "participants": participants, "ended": _ended(record, by_seat),
        "counting": counting_note(game_record, by_seat),
        "confirm_codes": confirmations.table_codes(request, game_record, participants),
        "online_match": getattr(game_record, "online_match", None),
        "breakdown_columns": columns, "breakdown_rows": rows,
        "duration": _duration(game_record.duration),
        "can_correct": can_correct(request.user, game_record),
        "replayable": game_record.source == "online" and bool(record.get("moves"))
        and game is not None and game.engine is not None,
        "final_html": readable(record.get("final") or {}, [p.shown_name for p in by_seat], game_record.game),
    })


def by_place(participants: list) -> list:
    """Seats in the order of the result: the winner first, ties by seat."""
    return sorted(participants, key=lambda p: (p.rank, p.seat))


def _ended(record: dict, by_seat: list) -> str:
    names = {p.seat: p.shown_name for p in by_seat}
    return ended_sentence(record, [names.get(seat, "") for seat in range(len(by_seat))])


def counting_note(game_record: GameRecord, by_seat: list) -> str:
    """What the match counts for in statistics, when not everything (scoring/counting.py): "" for a match played to
    its end by its players."""
    if game_record.ended and any(p.counted_as_loss for p in by_seat):
        return _("Ended early: this match counts in nobody's statistics or ratings, except as a loss for whoever "
                 "resigned.")
    if game_record.ended:
        return _("Ended early: this match counts in nobody's statistics or ratings.")
    notes = []
    if any(p.counted_as_loss for p in by_seat):
        notes.append(_("Whoever resigned counts this match as a loss, without their score."))
    if any(not p.counted for p in by_seat):
        notes.append(_("A seat a bot finished for its absent player counts in no statistics or ratings."))
    return " ".join(notes)


@login_required
def confirm(request, pk, seat):
    """One seat's confirmation link (the QR code at the table leads here): the result, then confirm or dispute."""
    participant = get_object_or_404(
        Participant.objects.select_related("profile", "game_record"), game_record__pk=pk, seat=seat)
    if request.method == "POST":
        try:
            participant = confirmations.answer(user=request.user, participant_id=participant.pk,
                                               answer=request.POST.get("answer", ""))
        except (confirmations.NotYours, ValueError) as error:
            messages.error(request, str(error))
            return redirect("record_confirm", pk, seat)
        if participant.confirmation == Participant.CONFIRMED:
            messages.success(request, _("Confirmed: this match now counts in your statistics and ratings."))
        else:
            messages.info(request, _("Disputed: this match does not count for you. Talk to whoever recorded it."))
        back = request.POST.get("next", "")
        if url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}):
            return redirect(back)
        return redirect(participant.game_record)
    game_record = participant.game_record
    return render(request, "scoring/record_confirm.html", {
        "participant": participant, "game_record": game_record,
        "participants": by_place(list(game_record.participants.select_related("profile"))),
        "may_answer": confirmations.may_answer(request.user, participant),
    })


def _breakdown_table(game: str, record: dict, participants: list) -> tuple[list[str], list[dict]]:
    """Rows = seats, columns = the breakdown's categories (Rat-a-Tat Cat: its rounds, then the total)."""
    breakdown = (record.get("result") or {}).get("breakdown") or []
    flat = [flat_breakdown(entry, game) if isinstance(entry, dict) else {} for entry in breakdown]
    keys = breakdown_columns(flat)
    rows = [
        {"participant": p, "cells": [_cell(flat[p.seat].get(key)) if p.seat < len(flat) else "" for key in keys]}
        for p in participants
    ]
    return [category_label(game, key) for key in keys], rows


def _cell(value) -> str:
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    return "–" if value is None else str(value)


def _duration(duration) -> str:
    if not duration:
        return ""
    minutes = round(duration.total_seconds() / 60)
    hours, minutes = divmod(minutes, 60)
    if hours:
        return pgettext("a duration", "%(hours)d h %(minutes)02d min") % {"hours": hours, "minutes": minutes}
    return pgettext("a duration", "%(minutes)d min") % {"minutes": minutes}
