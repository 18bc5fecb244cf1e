"""Every game's text table (text-first mode): rendered for every seat and a spectator at every step of a bots' game,
it holds the headings a screen reader jumps by, and every legal move typed as the game says it ("moves") is read
back as that very move: the command line can play any move the drawn board can."""
import random

import pytest
from django.utils import translation

from games import command_line, lobby, registry, text_mode
from games.lobby import SeatPlan
from games.tables import load, render_point
from games.viewer import Viewpoint

pytestmark = pytest.mark.django_db
TEXT_GAMES = [game.slug for game in registry.playable_games() if text_mode.has_text_table(game.slug)]


@pytest.mark.parametrize("slug", TEXT_GAMES)
def test_text_tables_and_typed_moves_all_game_long(slug, mia):
    game = registry.get(slug)
    bots = [SeatPlan("bot", bot_level="easy")] * (game.min_players - 1)
    match = lobby.create_match(host=mia, game=slug, options={}, seats=[SeatPlan("me"), *bots])
    match, seats = load(match.pk)
    engine, module, rng = match.engine, command_line.commands_of(game), random.Random(7)
    names = [seat.label for seat in seats]
    state, steps = engine.new_game(len(seats), 11, match.options), 0  # a fixed deal: the same game every run
    while not engine.is_over(state) and steps < 1000:
        match.state = state
        for seat in (None, 0, 1):
            point = Viewpoint(seat=seat, controlled=[] if seat is None else [seat], to_move=engine.to_move(state))
            with text_mode.override(True):
                html = render_point(match, seats, point)
            assert ">The table</h2>" in html and "Log" in html
            assert ("The others" if seat is not None else "The players") in html
        if steps % 5 == 0:  # and in Traditional Chinese, headings and all
            with text_mode.override(True), translation.override("zh-hant"):
                html = render_point(match, seats, Viewpoint(seat=0, controlled=[0], to_move=engine.to_move(state)))
            assert ">牌桌</h2>" in html and ">其他玩家</h2>" in html
        seat = engine.to_move(state)[0]
        actions = engine.legal_actions(state, seat)
        view = engine.view(state, seat)
        for action in rng.sample(actions, min(len(actions), 25)):
            line = command_line.normalise(module.typed(action, view, names))
            assert same(module.parse(line, view, actions, names), action, view), line
        assert module.prompt(view, actions, names)
        state = engine.apply(state, seat, game.bots.choose("easy", view, actions, rng))
        steps += 1
    assert engine.is_over(state)


def same(parsed: dict, action: dict, view: dict) -> bool:
    """The same move: Cat Tower's dice of one number are alike ("take 6" takes either 6)."""
    if action["type"] == "take_die" and parsed["type"] == "take_die":
        return view["roll"][parsed["die"]]["value"] == view["roll"][action["die"]]["value"]
    if action["type"] == "move" and parsed["type"] == "move":  # two cats of one pair on one patio are alike
        return (parsed["pair"], parsed["path"]) == (action["pair"], action["path"])
    return parsed == action
