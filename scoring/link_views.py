"""Link requests: a table player's creator asks a registered player to take over its history; they answer."""
from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from scoring import linking
from scoring.models import LinkRequest, PlayerProfile


class LinkRequestForm(forms.Form):
    handle = forms.CharField(
        max_length=31, label=gettext_lazy("Registered player's handle"),
        help_text=gettext_lazy("They see the request on their profile page; accepting moves this table player's "
                               "matches and ratings to them."),
    )


@login_required
def link_request(request, handle):
    table_player = get_object_or_404(PlayerProfile, handle__iexact=handle)
    if not linking.can_request(request.user, table_player):
        raise PermissionDenied(_("Only whoever added this table player may link it to a registered player."))
    form = LinkRequestForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            sent = linking.request_link(
                table_player=table_player, account_handle=form.cleaned_data["handle"], requested_by=request.user
            )
        except linking.LinkError as error:
            form.add_error("handle", str(error))
        else:
            messages.success(request, _("Asked @%(handle)s to take over %(name)s's matches. They will see the "
                                        "request on their profile page.")
                             % {"handle": sent.account.handle, "name": table_player.display_name})
            return redirect(table_player)
    return render(request, "scoring/links/request.html", {"table_player": table_player, "form": form})


@login_required
@require_POST
def link_answer(request, pk):
    link = get_object_or_404(LinkRequest.objects.select_related("table_player", "account"), pk=pk)
    if not linking.can_answer(request.user, link):
        raise PermissionDenied(_("Only the player asked may answer this request."))
    accept = request.POST.get("answer") == "accept"
    name = link.table_player.display_name
    try:
        linking.answer_link(link_request=link, user=request.user, accept=accept)
    except linking.LinkError as error:
        messages.error(request, str(error))
    else:
        if accept:
            messages.success(request, _("%(name)s's matches and ratings are now yours.") % {"name": name})
        else:
            messages.success(request, _("You declined to take over %(name)s's matches.") % {"name": name})
    return redirect(link.account)
