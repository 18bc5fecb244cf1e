"""Photos and notes on a record's page: add a photo, remove one, write the notes (each a POST, back to the page)."""
from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_POST

from scoring import transfer
from scoring.models import GameRecord, PlayerProfile, RecordPhoto
from scoring.photos import archive, services
from scoring.photos.images import MAX_BYTES, PhotoError


class PhotoForm(forms.Form):
    photo = forms.FileField(label=gettext_lazy("Photo"), widget=forms.FileInput(attrs={"accept": "image/*"}))
    caption = forms.CharField(label=gettext_lazy("Caption"), max_length=services.CAPTION_LENGTH, required=False)


class NotesForm(forms.Form):
    notes = forms.CharField(label=gettext_lazy("Notes"), max_length=services.NOTES_LENGTH, required=False,
                            widget=forms.Textarea(attrs={"rows": 4}),
                            help_text=gettext_lazy("A good move, an anecdote: anything worth remembering."))


def _record_for(request, pk) -> GameRecord:
    game_record = get_object_or_404(GameRecord, pk=pk)
    if not services.may_change(request.user, game_record):
        raise PermissionDenied(_("Only whoever recorded this match and its players may add photos and notes."))
    return game_record


def _refused(request, game_record, problems) -> object:
    return render(request, "scoring/photos/refused.html", {"game_record": game_record, "problems": problems},
                  status=400)


@login_required
@require_POST
def add_photo(request, pk):
    game_record = _record_for(request, pk)
    form = PhotoForm(request.POST, request.FILES)
    if not form.is_valid():
        return _refused(request, game_record, [e for errors in form.errors.values() for e in errors])
    upload = form.cleaned_data["photo"]
    if upload.size > MAX_BYTES:
        return _refused(request, game_record, [_("That file is too large: a photo may be at most %(mb)d MB.")
                                               % {"mb": MAX_BYTES // (1024 * 1024)}])
    try:
        services.add_photo(game_record=game_record, data=upload.read(), caption=form.cleaned_data["caption"],
                           user=request.user)
    except PhotoError as exc:
        return _refused(request, game_record, [str(exc)])
    messages.success(request, _("Photo added."))
    return redirect(f"{game_record.get_absolute_url()}#photos")


@login_required
@require_POST
def remove_photo(request, pk, photo):
    photo = get_object_or_404(RecordPhoto.objects.select_related("game_record"), pk=photo, game_record_id=pk)
    if not services.may_remove(request.user, photo):
        raise PermissionDenied(_("Only whoever added this photo, or recorded the match, may remove it."))
    services.remove_photo(photo)
    messages.success(request, _("Photo removed."))
    return redirect(f"{photo.game_record.get_absolute_url()}#photos")


@login_required
@require_POST
def notes(request, pk):
    game_record = _record_for(request, pk)
    form = NotesForm(request.POST)
    if not form.is_valid():
        return _refused(request, game_record, [e for errors in form.errors.values() for e in errors])
    services.set_notes(game_record=game_record, notes=form.cleaned_data["notes"])
    messages.success(request, _("Notes saved."))
    return redirect(f"{game_record.get_absolute_url()}#photos")


# --- Records with their photos, as a zip (records.md version 2) ---------------------------------------------


def _zip(records, filename: str) -> HttpResponse:
    response = HttpResponse(archive.zip_of(records), content_type="application/zip")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@require_GET
def export_record_zip(request, pk):
    game_record = get_object_or_404(GameRecord, pk=pk, unfinished=False)
    return _zip([game_record], f"{game_record.game}-{pk}.zip")


@require_GET
def export_player_zip(request, handle):
    profile = get_object_or_404(PlayerProfile, handle__iexact=handle)
    return _zip(transfer.records_of(player=profile).prefetch_related("photos"), f"{profile.handle}-records.zip")
