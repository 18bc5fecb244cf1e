"""Statistics pages: the games with their leaders, a leaderboard per game, and the player page's statistics."""
from django.http import Http404
from django.shortcuts import render
from django.utils.translation import gettext as _

from games.registry import BY_SLUG, GAMES
from scoring import charts, linking, stats
from scoring.link_views import LinkRequestForm
from scoring.models import PlayerProfile


def stats_index(request):
    return render(request, "scoring/stats/index.html", {
        "summaries": stats.games_summary(), "min_games": stats.leaderboard_min_games(),
    })


def leaderboard(request, slug):
    game = BY_SLUG.get(slug)
    if game is None:
        raise Http404(_("No such game."))
    return render(request, "scoring/stats/leaderboard.html", {
        "game": game, "games": GAMES, "rows": stats.leaderboard(slug), "min_games": stats.leaderboard_min_games(),
        "lower_is_better": stats.lower_is_better(slug),
    })


def player_section(profile: PlayerProfile, user) -> dict:
    """What scoring/_player_stats.html needs on a player's page (a fixed number of queries)."""
    lines = stats.per_game(profile)
    chart = charts.rating_chart(
        [charts.Series(line.game, line.name, [(point.played_at, point.rating) for point in line.ratings])
         for line in lines],
        chart_id=f"rating-{profile.handle}",
        title=_("%(name)s: rating per game over time") % {"name": profile.display_name},
    )
    own = user.is_authenticated and profile.user_id == user.pk
    can_link = linking.can_request(user, profile)
    return {
        "games": lines,
        "chart": chart,
        "rivals": stats.head_to_head(profile),
        "min_games": stats.leaderboard_min_games(),
        "link_offers": linking.pending_for(profile) if own else [],
        "can_request_link": can_link,
        "link_form": LinkRequestForm() if can_link else None,
        "links_sent": linking.sent_for(profile) if can_link else [],
    }
