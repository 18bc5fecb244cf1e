"""Other loggers' files on the site: the import page (upload, who is who, import) and the downloads in their formats."""
import json
from datetime import timedelta
from zoneinfo import ZoneInfo

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods

from scoring import transfer
from scoring.loggers import bgg, bgstats, importing
from scoring.loggers.forms import LoggerFileForm, PeopleForm
from scoring.loggers.people import matches
from scoring.models import GameNight, GameRecord, PendingImport, PlayerProfile
from scoring.transfer import ImportRefused

KEPT = timedelta(days=1)  # an upload never confirmed is forgotten after this


@login_required
@require_http_methods(["GET", "POST"])
def upload(request):
    form = LoggerFileForm(request.POST or None, request.FILES or None)
    problems = []
    if request.method == "POST" and form.is_valid():
        try:
            importing.read_file(form.cleaned_data["file"])
        except ImportRefused as refused:
            problems = refused.problems
        else:
            PendingImport.objects.filter(created_at__lt=timezone.now() - KEPT).delete()
            PendingImport.objects.filter(user=request.user).delete()  # one file at a time per importer
            pending = PendingImport.objects.create(user=request.user, name=request.FILES["file"].name[:200],
                                                   zone=form.cleaned_data["zone"], data=form.cleaned_data["file"])
            return redirect("import_plays_confirm", pk=pending.pk)
    status = 400 if request.method == "POST" else 200
    return render(request, "scoring/loggers/upload.html", {"form": form, "problems": problems}, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def confirm(request, pk):
    pending = get_object_or_404(PendingImport, pk=pk, user=request.user)
    logger_file = importing.read_file(bytes(pending.data))  # read once already: it reads the same again
    zone = ZoneInfo(pending.zone)
    form = PeopleForm(matches(logger_file.people, request.user), request.POST or None)
    if request.method == "POST" and form.is_valid():
        report = importing.import_plays(logger_file, importer=request.user, choices=form.choices(), zone=zone)
        pending.delete()
        return render(request, "scoring/loggers/done.html", {"report": report, "pending": pending})
    choices = {m.person.key: (str(m.suggested.pk) if m.suggested else "new") for m in form.people}
    preview = importing.import_plays(logger_file, importer=request.user, choices=choices, zone=zone, dry_run=True)
    return render(request, "scoring/loggers/confirm.html", {
        "form": form, "report": preview, "pending": pending, "kind": logger_file.kind,
    }, status=400 if request.method == "POST" else 200)


# --- Downloads in the other loggers' formats --------------------------------------------------------------


def _download(content: bytes, filename: str, content_type: str) -> HttpResponse:
    response = HttpResponse(content, content_type=f"{content_type}; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def _record(pk: int) -> GameRecord:
    return get_object_or_404(GameRecord.objects.prefetch_related("participants__profile"), pk=pk, unfinished=False)


def _bgstats_bytes(records, me=None) -> bytes:
    return (json.dumps(bgstats.backup(records, me=me), indent=2, ensure_ascii=False) + "\n").encode()


@require_GET
def export_record_bgstats(request, pk):
    game_record = _record(pk)
    return _download(_bgstats_bytes([game_record]), f"{game_record.game}-{pk}.bgstats.json", "application/json")


@require_GET
def export_record_bgg(request, pk):
    game_record = _record(pk)
    return _download(bgg.plays_xml([game_record]), f"{game_record.game}-{pk}.bgg.xml", "application/xml")


@require_GET
def export_player_bgstats(request, handle):
    profile = get_object_or_404(PlayerProfile, handle__iexact=handle)
    records = transfer.records_of(player=profile)
    return _download(_bgstats_bytes(records, me=profile), f"{profile.handle}-plays.bgstats.json", "application/json")


@require_GET
def export_player_bgg(request, handle):
    profile = get_object_or_404(PlayerProfile, handle__iexact=handle)
    records = transfer.records_of(player=profile)
    return _download(bgg.plays_xml(records, username=profile.bgg_username), f"{profile.handle}-plays.bgg.xml",
                     "application/xml")


def _night_records(key):
    """A game night's finished records, in the order they were played."""
    night = get_object_or_404(GameNight, key=key)
    return night, list(night.records.filter(unfinished=False).order_by("played_at", "id")
                       .prefetch_related("participants__profile"))


@require_GET
def export_night_bgstats(request, key):
    night, records = _night_records(key)
    return _download(_bgstats_bytes(records), f"night-{night.key}.bgstats.json", "application/json")


@require_GET
def export_night_bgg(request, key):
    night, records = _night_records(key)
    return _download(bgg.plays_xml(records), f"night-{night.key}.bgg.xml", "application/xml")
