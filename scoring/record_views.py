""""Record a game": the game picker, each game's score pad with live totals, and corrections by the recorder."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.registry import BY_SLUG, GAMES
from scoring import table_records
from scoring.models import GameRecord, PlayerProfile

FORM_TEMPLATE = "scoring/record/form.html"


def _form_class(slug: str):
    """The game's record pad (declared by the game, in its folder); 404 for a game without one."""
    game = BY_SLUG.get(slug)
    if game is None or game.pad is None:
        raise Http404(_("There is no such game."))
    return game.pad


def _changed_layout(form_class, post) -> dict | None:
    """The pad's own buttons (another number of players, one more round) redraw it, keeping what was typed."""
    action = post.get("action", "save")
    if action.startswith("players-"):
        return {"seats": action.removeprefix("players-")}
    if action == "add-round":
        try:
            rounds = int(post.get("round_count") or 0) + 1
        except ValueError:  # a hand-made post: the pad keeps its own default number of rounds
            rounds = None
        return {"seats": post.get("seats"), "rounds": rounds}
    return None


def _form(form_class, request, *, seats, **kwargs):
    return form_class(user=request.user, seats=seats, **kwargs)


def _save(form, request, game_record=None):
    details = {"choices": form.seat_choices, "played_on": form.cleaned_data["played_on"], "final": form.final,
               "options": form.options, "location": form.cleaned_data["location"],
               "duration": form.duration_value, "notes": form.cleaned_data["notes"],
               "unfinished": not form.finished}
    try:
        if game_record is None:
            return table_records.record_table_game(user=request.user, game=form.slug, **details)
        return table_records.correct_table_record(game_record, user=request.user, **details)
    except table_records.AlreadyRecorded as repeat:
        if repeat.game_record is not None:
            already = _('This game is already recorded: <a href="{}">see it in the history</a>.')
            form.add_error(None, format_html(already, repeat.game_record.get_absolute_url()))
        else:
            form.add_error(None, _("This game is already recorded."))
    except ValueError as error:  # a player was removed while the form was open
        form.add_error(None, str(error))
    return None


def _page(request, form, *, game_record=None):
    game = BY_SLUG[form.slug]
    return render(request, FORM_TEMPLATE, {
        "form": form, "game": game, "game_record": game_record, "preview": form.preview(),
        "preview_url": reverse("record_preview", args=[form.slug]),
    })


@login_required
def record_game(request):
    return render(request, "scoring/record/pick.html", {"games": [(g, g.pad) for g in GAMES if g.pad]})


@login_required
def record_new(request, slug):
    form_class = _form_class(slug)
    if request.method != "POST":
        return _page(request, _form(form_class, request, seats=request.GET.get("players")))
    layout = _changed_layout(form_class, request.POST)
    if layout is not None:
        seats = layout.pop("seats")
        return _page(request, _form(form_class, request, seats=seats, initial=request.POST.dict(), **layout))
    form = _form(form_class, request, data=request.POST, seats=request.POST.get("seats"))
    if form.is_valid():
        game_record = _save(form, request)
        if game_record is not None:
            messages.success(request, _("The game of %(game)s is recorded.") % {"game": game_record.game_name})
            return redirect(game_record)
    return _page(request, form)


@login_required
@require_POST
def record_preview(request, slug):
    """The live totals panel for what is typed so far (htmx posts the whole form here as it changes)."""
    form_class = _form_class(slug)
    form = _form(form_class, request, data=request.POST, seats=request.POST.get("seats"), live=True)
    return render(request, "scoring/record/preview.html", {"form": form, "preview": form.preview()})


@login_required
def record_edit(request, pk):
    game_record = get_object_or_404(GameRecord, pk=pk)
    if not table_records.can_correct(request.user, game_record):
        raise PermissionDenied(_("Only the player who recorded this table game may correct it."))
    form_class = _form_class(game_record.game)
    extra = _profiles_in(game_record)
    if request.method != "POST":
        initial = form_class.initial_from(game_record)
        form = _form(form_class, request, seats=form_class.seats_in(game_record), initial=initial,
                     extra_profiles=extra)
        return _page(request, form, game_record=game_record)
    layout = _changed_layout(form_class, request.POST)
    if layout is not None:
        seats = layout.pop("seats")
        form = _form(form_class, request, seats=seats, initial=request.POST.dict(), extra_profiles=extra, **layout)
        return _page(request, form, game_record=game_record)
    form = _form(form_class, request, data=request.POST, seats=request.POST.get("seats"), extra_profiles=extra)
    if form.is_valid() and _save(form, request, game_record) is not None:
        messages.success(request, _("The record is corrected."))
        return redirect(game_record)
    return _page(request, form, game_record=game_record)


def _profiles_in(game_record: GameRecord) -> list[PlayerProfile]:
    return list(PlayerProfile.objects.filter(participations__game_record=game_record).distinct())
