"""A game night's page: every game, who won the most, its name and place; its people split and join nights."""
from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_POST

from scoring.models import GameNight, GameRecord
from scoring.nights import grouping


class NightForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Name of the night"), max_length=100, required=False,
                           help_text=gettext_lazy("Such as “Friday at Mia's”."))
    place = forms.CharField(label=gettext_lazy("Place"), max_length=100, required=False)


def _night(key) -> GameNight:
    return get_object_or_404(GameNight, key=key)


def _changeable(request, night: GameNight) -> GameNight:
    if not grouping.may_change(request.user, night):
        raise PermissionDenied(_("Only the people of this night may change it."))
    return night


@require_GET
def night_page(request, key):
    return _render(request, _night(key))


def _render(request, night: GameNight, form=None, status=200):
    games = grouping.games_of(night)
    may_change = grouping.may_change(request.user, night)
    return render(request, "scoring/nights/night.html", {
        "night": night, "games": games, "tally": grouping.winners_tally(games),
        "first": games[0] if games else None, "may_change": may_change,
        "form": form or NightForm(initial={"name": night.name, "place": night.place}),
        "previous": grouping.previous(night) if may_change else None,
    }, status=status)


@login_required
@require_POST
def edit(request, key):
    night = _changeable(request, _night(key))
    form = NightForm(request.POST)
    if not form.is_valid():
        return _render(request, night, form=form, status=400)
    night.name, night.place = form.cleaned_data["name"].strip(), form.cleaned_data["place"].strip()
    night.save(update_fields=["name", "place"])
    messages.success(request, _("The night is saved."))
    return redirect(night)


@login_required
@require_POST
def split(request, key, record):
    night = _changeable(request, _night(key))
    at = get_object_or_404(GameRecord, pk=record, night=night)
    try:
        later = grouping.split(night, at)
    except ValueError:
        messages.error(request, _("The first game of a night cannot start another night."))
        return redirect(night)
    messages.success(request, _("The night is split: these games are a night of their own."))
    return redirect(later)


@login_required
@require_POST
def join(request, key):
    night = _changeable(request, _night(key))
    into = grouping.previous(night)
    if into is None or not grouping.may_change(request.user, into):
        messages.error(request, _("There is no earlier night of these people to join."))
        return redirect(night)
    grouping.join(night, into)
    messages.success(request, _("The two nights are one."))
    return redirect(into)
