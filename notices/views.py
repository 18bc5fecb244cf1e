"""The notices' pages: the profile's choices, a device's push subscription, the service worker, one-click
unsubscribe."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils.translation import gettext
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from notices import unsubscribe as tokens
from notices import webpush
from notices.forms import PreferencesForm
from notices.models import EMAIL, KINDS, Preferences, PushSubscription
from notices.rules import preferences as preferences_of

DEVICES_KEPT = 20  # a person's push subscriptions: one more drops the oldest


@login_required
@require_http_methods(["GET", "POST"])
def preferences(request):
    prefs = preferences_of(request.user.pk)
    form = PreferencesForm(request.POST or None, preferences=prefs)
    if request.method == "POST" and form.is_valid():
        form.save(prefs)
        messages.success(request, gettext("Your notice choices are saved."))
        return redirect("notices_preferences")
    return render(request, "notices/preferences.html", {
        "form": form, "push_offered": webpush.configured(),
        "devices": PushSubscription.objects.filter(user=request.user).count(), "has_email": bool(request.user.email),
    })


def _refused(message: str, status: int = 400) -> JsonResponse:
    return JsonResponse({"error": message}, status=status)


@require_POST
def subscribe(request):
    """Keep this device's push subscription (PushSubscription.toJSON(), posted by notices.js)."""
    if not request.user.is_authenticated:
        return _refused(gettext("Log in first."), 403)
    if not webpush.configured():
        return _refused(gettext("Notices by push are not offered on this site."), 404)
    if int(request.META.get("CONTENT_LENGTH") or 0) > webpush.MAX_BODY:
        return _refused(gettext("That subscription is too large."))
    try:
        data = webpush.parse(request.body)
    except webpush.BadSubscription as exc:
        return _refused(str(exc))
    subscription, _made = PushSubscription.objects.update_or_create(
        endpoint=data["endpoint"], defaults={"user": request.user, "p256dh": data["p256dh"], "auth": data["auth"]})
    kept = PushSubscription.objects.filter(user=request.user).order_by("-created_at", "-pk").values_list(
        "pk", flat=True)[DEVICES_KEPT:]
    PushSubscription.objects.filter(pk__in=list(kept)).delete()
    return JsonResponse({"ok": True}, status=201)


@require_POST
def unsubscribe_device(request):
    """Forget this device's subscription (the endpoint posted), the person's own only."""
    if not request.user.is_authenticated:
        return _refused(gettext("Log in first."), 403)
    try:
        endpoint = webpush.check_endpoint(request.POST.get("endpoint"))
    except webpush.BadSubscription as exc:
        return _refused(str(exc))
    PushSubscription.objects.filter(user=request.user, endpoint=endpoint).delete()
    return JsonResponse({"ok": True})


@require_GET
def service_worker(request):
    """The service worker, at the site's root so that its scope is the whole site."""
    response = HttpResponse(render_to_string("notices/sw.js"), content_type="text/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/"
    response["Cache-Control"] = "no-cache"
    return response


@csrf_exempt  # the token is the proof (RFC 8058: a mail client posts without the site's cookie)
@require_http_methods(["GET", "POST"])
def unsubscribe(request, token: str):
    """GET: a page with the button (a link scanner's GET changes nothing). POST: those e-mails stop, at once."""
    if request.method == "POST":
        request.POST.get("List-Unsubscribe")  # read first: a body that cannot be read is the site's 400 page
    try:
        user_id, kinds = tokens.read(token)
    except tokens.BadToken:
        return render(request, "notices/unsubscribe.html", {"bad": True}, status=400)
    user = get_user_model().objects.filter(pk=user_id).first()
    if user is None:
        return render(request, "notices/unsubscribe.html", {"bad": True}, status=400)
    labels = [str(label) for kind, label in KINDS if kind in kinds]
    prefs = preferences_of(user_id)
    wanted = [kind for kind in kinds if prefs.wants(kind, EMAIL)]
    if request.method == "POST":
        if wanted:
            Preferences.objects.update_or_create(
                user_id=user_id, defaults={"email": [k for k in prefs.email if k not in kinds]})
        return render(request, "notices/unsubscribe.html", {"done": True, "labels": labels, "changed": bool(wanted)})
    return render(request, "notices/unsubscribe.html", {"labels": labels, "token": token, "wanted": bool(wanted)})

