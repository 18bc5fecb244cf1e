"""The site's main pages, each with what it needs in the database: a few players, a match of every game in
progress and a finished match in the history. Shared by the translation and language-switch tests."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from django.contrib.auth import get_user_model
from django.urls import reverse

from games import lobby, registry
from games.lobby import SeatPlan
from scoring.services import profile_for
from tests.matches import play_out

PASSWORD = "a-Long-passw0rd"
USERS = {"mia": "Mia", "leo": "Leo"}


def real_games() -> list[str]:
    """The site's games (not the one that exists only for the tests)."""
    return [game.slug for game in registry.GAMES if not game.module.startswith("tests.")]


def playable_games() -> list[str]:
    return [slug for slug in real_games() if registry.get(slug).playable]


class World:
    """Made on first use, in the test's database."""

    def __init__(self):
        self.data = []  # what a page shows as it is, in any language: a table's code and address

    @cached_property
    def users(self) -> dict:
        made = {}
        for username, name in USERS.items():
            user = get_user_model().objects.create_user(username=username, password=PASSWORD,
                                                        email=f"{username}@example.com")
            profile = profile_for(user)
            profile.display_name = name
            profile.save(update_fields=["display_name"])
            made[username] = user
        return made

    @property
    def mia(self):
        return self.users["mia"]

    def match(self, slug: str):
        """A match of `slug` in progress: Mia and bots (as many as the game needs at least)."""
        engine = registry.get(slug).engine
        seats = [SeatPlan("me")] + [SeatPlan("bot", bot_level=sorted(registry.get(slug).bot_levels)[0])] * (
            engine.MIN_SEATS - 1)
        return lobby.create_match(host=self.mia, game=slug, options={}, seats=seats)

    @cached_property
    def finished(self):
        """A finished Rat-a-Tat Cat match of Mia and Leo, with its record in the history."""
        match = lobby.create_match(host=self.mia, game="rat_a_tat_cat", options={"rounds": 1},
                                   seats=[SeatPlan("me"), SeatPlan("invite")])
        lobby.take_seat(match_id=match.pk, user=self.users["leo"], token=match.invite_token)
        return play_out(match.pk)

    @cached_property
    def table(self):
        """Mia's table (table mode) where she and a guest play Rat-a-Tat Cat with a bot."""
        from table_mode import services

        table = services.open_table(host=self.mia)
        people = [services.join_as_user(table=table, user=self.mia).pk,
                  services.join_as_guest(table=table, name="阿嬤").pk]
        services.start_game(table=table, user=self.mia, game="rat_a_tat_cat", players=people, bots=["easy"])
        self.data += [f"http://testserver/table/{table.code}/", table.code]
        return table


@dataclass(frozen=True)
class Page:
    name: str
    url: object  # World -> str
    logged_in: bool = False

    def __str__(self):
        return self.name


def pages() -> list[Page]:
    found = [
        Page("home", lambda w: reverse("home")),
        Page("rules index", lambda w: reverse("rules_index")),
        *[Page(f"rules {slug}", lambda w, s=slug: reverse("rules", args=[s])) for slug in real_games()],
        Page("log in", lambda w: reverse("login")),
        Page("sign up", lambda w: reverse("signup")),
        Page("password reset", lambda w: reverse("password_reset")),
        Page("lobby", lambda w: (w.users, reverse("lobby"))[1], logged_in=True),
        *[Page(f"new match {slug}", lambda w, s=slug: reverse("new_match", args=[s]), logged_in=True)
          for slug in playable_games()],
        *[Page(f"match {slug}", lambda w, s=slug: w.match(s).get_absolute_url(), logged_in=True)
          for slug in playable_games()],
        Page("finished match", lambda w: w.finished.get_absolute_url(), logged_in=True),
        Page("history", lambda w: (w.finished, reverse("history"))[1]),
        Page("record page", lambda w: w.finished.game_record.get_absolute_url()),
        Page("replay", lambda w: reverse("record_replay", args=[w.finished.game_record.pk])),
        Page("profile", lambda w: (w.finished, reverse("player", args=["mia"]))[1], logged_in=True),
        Page("players", lambda w: (w.users, reverse("players"))[1]),
        Page("stats", lambda w: (w.finished, reverse("stats"))[1]),
        Page("record a game", lambda w: reverse("record_game"), logged_in=True),
        Page("table big screen", lambda w: reverse("table_screen", args=[w.table.code]), logged_in=True),
        Page("table phone", lambda w: reverse("table_phone", args=[w.table.code]), logged_in=True),
    ]
    return found


def open_page(client, page: Page, world: World, **headers):
    """GET the page (logged in as Mia when it needs it); its HTML."""
    url = page.url(world)
    if page.logged_in:
        client.force_login(world.mia)
    response = client.get(url, **headers)
    assert response.status_code == 200, (page.name, url, response.status_code)
    return response
