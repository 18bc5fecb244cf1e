"""Player pages: the list with search, a profile, its edit page, table players and the initials avatar."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from scoring import avatars, confirmations, services
from scoring.forms import DUPLICATE_HANDLE, ProfileForm, TablePlayerForm
from scoring.models import PlayerProfile, handle_is
from scoring.stats_views import player_section

PLAYERS_PER_PAGE = 48


def _profile_or_404(handle: str) -> PlayerProfile:
    return get_object_or_404(PlayerProfile.objects.select_related("user", "created_by"), handle_is(handle))


def players(request):
    query = request.GET.get("q", "").replace("\x00", "").strip()[:60]  # PostgreSQL cannot compare text with NUL
    profiles = PlayerProfile.objects.all()
    if query:
        profiles = profiles.filter(Q(display_name__icontains=query) | Q(handle__icontains=query))
    page = Paginator(profiles, PLAYERS_PER_PAGE).get_page(request.GET.get("page"))
    return render(request, "scoring/players.html", {"page": page, "query": query})


def player(request, handle):
    profile = _profile_or_404(handle)
    if profile.handle != handle:
        return redirect(profile, permanent=True)
    own = request.user.is_authenticated and profile.user_id == request.user.pk
    context = {
        "profile": profile,
        "can_edit": services.can_edit(request.user, profile),
        "favourite_game": services.game_name(profile.favourite_game) if profile.favourite_game else "",
        "matches": services.recent_matches(profile),
        "table_players": PlayerProfile.objects.filter(created_by=request.user, user=None) if own else None,
        "stats": player_section(profile, request.user),
        "own": own,
        "awaiting": list(confirmations.awaiting(profile)),
    }
    return render(request, "scoring/player.html", context)


@login_required
def player_edit(request, handle):
    profile = _profile_or_404(handle)
    if not services.can_edit(request.user, profile):
        raise PermissionDenied(_("Only the player, or whoever added this table player, may edit this profile."))
    form = ProfileForm(request.POST or None, request.FILES or None, initial=ProfileForm.initial_for(profile))
    if profile.is_table_player:
        del form.fields["text_mode"]  # plays no match pages of its own
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        with transaction.atomic():
            services.update_profile(
                profile=profile,
                display_name=data["display_name"],
                favourite_game=data["favourite_game"],
                bio=data["bio"],
                bgg_username=data["bgg_username"],
            )
            if "text_mode" in data:
                services.set_text_mode(profile=profile, on=data["text_mode"])
            if form.avatar_images:
                services.set_avatar(profile=profile, images=form.avatar_images)
            elif data["remove_avatar"]:
                services.remove_avatar(profile=profile)
        messages.success(request, _("Profile saved."))
        return redirect(profile)
    return render(request, "scoring/player_edit.html", {"profile": profile, "form": form})


@login_required
def table_player_new(request):
    form = TablePlayerForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            with transaction.atomic():
                profile = services.create_table_player(
                    created_by=request.user,
                    display_name=data["display_name"],
                    handle=data["handle"],
                    favourite_game=data["favourite_game"],
                    bio=data["bio"],
                    bgg_username=data["bgg_username"],
                )
                if form.avatar_images:
                    services.set_avatar(profile=profile, images=form.avatar_images)
        except IntegrityError:  # the handle was taken between the check and the save
            form.add_error("handle", DUPLICATE_HANDLE)
        else:
            messages.success(request, _("%(name)s was added as a table player.") % {"name": profile.display_name})
            return redirect(profile)
    return render(request, "scoring/table_player_new.html", {"form": form})


@require_GET
def player_avatar_svg(request, handle):
    profile = _profile_or_404(handle)
    response = HttpResponse(avatars.initials_svg(profile.initials, profile.handle), content_type="image/svg+xml")
    response["Cache-Control"] = "public, max-age=3600"
    return response
