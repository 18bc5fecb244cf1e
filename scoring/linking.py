"""Linking a table player to a registered player: asked by the table player's creator, answered by the account.

Accepting merges the table player's history into the account's profile (every seat moves over, the ratings of
the games concerned are rebuilt) and deletes the table player, whose handle becomes free again.
"""
from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Min
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring import services, summaries
from scoring.models import LinkRequest, Participant, PlayerProfile
from scoring.ratings import rebuild_ratings


class LinkError(Exception):
    """A request or answer that cannot be made (a message for the person who tried)."""


def can_request(user, table_player: PlayerProfile) -> bool:
    return user.is_authenticated and table_player.is_table_player and table_player.created_by_id == user.pk


def shared_matches(table_player: PlayerProfile, account: PlayerProfile) -> int:
    """Matches where both sat at the table: then they are two different people."""
    return (
        Participant.objects.filter(profile=table_player, game_record__participants__profile=account)
        .values("game_record").distinct().count()
    )


def not_the_same(table_player: PlayerProfile, account: PlayerProfile) -> str:
    return _("%(name)s and @%(handle)s played in the same match, so they cannot be the same person.") % {
        "name": table_player.display_name, "handle": account.handle}


@transaction.atomic
def request_link(*, table_player: PlayerProfile, account_handle: str, requested_by) -> LinkRequest:
    """Ask the holder of `account_handle` to take over the table player's history."""
    if not can_request(requested_by, table_player):
        raise PermissionDenied(_("Only whoever added this table player may link it to a registered player."))
    handle = services.normalise_handle(account_handle).lstrip("@")
    account = PlayerProfile.objects.filter(handle__iexact=handle).select_related("user").first()
    if account is None:
        raise LinkError(_("There is no player @%(handle)s.") % {"handle": handle})
    if account.is_table_player:
        raise LinkError(_("@%(handle)s is a table player too; a link goes to a registered player.")
                        % {"handle": account.handle})
    if shared_matches(table_player, account):
        raise LinkError(not_the_same(table_player, account))
    if LinkRequest.objects.filter(table_player=table_player, account=account, status=LinkRequest.PENDING).exists():
        raise LinkError(_("@%(handle)s has not answered the last request yet.") % {"handle": account.handle})
    return LinkRequest.objects.create(table_player=table_player, account=account, requested_by=requested_by)


def can_answer(user, link_request: LinkRequest) -> bool:
    return user.is_authenticated and link_request.account.user_id == user.pk


@transaction.atomic
def answer_link(*, link_request: LinkRequest, user, accept: bool) -> LinkRequest:
    """The account holder accepts (merging the histories) or declines."""
    link_request = LinkRequest.objects.select_for_update().select_related("table_player", "account").get(
        pk=link_request.pk
    )
    if not can_answer(user, link_request):
        raise PermissionDenied(_("Only the player asked may answer this request."))
    if link_request.status != LinkRequest.PENDING:
        raise LinkError(_("This request has already been answered."))
    link_request.answered_at = timezone.now()
    if not accept:
        link_request.status = LinkRequest.DECLINED
        link_request.save(update_fields=["status", "answered_at"])
        return link_request
    link_request.status = LinkRequest.ACCEPTED
    link_request.save(update_fields=["status", "answered_at"])
    merge(table_player=link_request.table_player, account=link_request.account)
    return link_request


@transaction.atomic
def merge(*, table_player: PlayerProfile, account: PlayerProfile) -> list[str]:
    """Move every seat of the table player to the account, rebuild the ratings of those games, delete it.

    Live matches' seats move too, so a match still being played records the account when it ends.

    Returns the games whose ratings were rebuilt. The request rows go with the table player (they cascade).
    """
    if shared_matches(table_player, account):
        raise LinkError(not_the_same(table_player, account))
    seats = Participant.objects.filter(profile=table_player)
    # Each game rated again from the table player's first match in it (at that moment, every record: id 0 on).
    first = dict(seats.values("game_record__game").annotate(first=Min("game_record__played_at"))
                 .values_list("game_record__game", "first").order_by())
    games = sorted(first)
    seats.update(profile=account)
    table_player.seats.update(profile=account)  # seats of live matches (games.Seat), so they record the account
    if table_player.avatar or table_player.avatar_small:
        services.remove_avatar(profile=table_player)  # its files are deleted once this commits
    table_player.delete()
    for game in games:
        rebuild_ratings(game=game, since=(first[game], 0))
        summaries.refresh_standings(game, [account.pk])
    return games


def pending_for(profile: PlayerProfile) -> list[LinkRequest]:
    """Requests waiting for the answer of the account holder of `profile`."""
    return list(
        LinkRequest.objects.filter(account=profile, status=LinkRequest.PENDING)
        .select_related("table_player", "requested_by__profile")
        .order_by("created_at")
    )


def sent_for(table_player: PlayerProfile) -> list[LinkRequest]:
    """The table player's requests still waiting, and the latest declined ones."""
    return list(
        LinkRequest.objects.filter(table_player=table_player)
        .select_related("account")
        .order_by("-created_at")[:5]
    )
