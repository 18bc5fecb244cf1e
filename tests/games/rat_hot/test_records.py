"""A finished online Rat Hot match becomes a record of the exchange format that replays through the engine: its
`final` and `result` as records.md says, importable elsewhere, refused when a move is changed."""
import copy

import pytest

from games import bot_runner, lobby
from games.lobby import SeatPlan
from games.models import Match
from games.rat_hot import engine
from scoring import transfer

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished(mia):
    """Two bots play a whole match (run here: the test's transaction never commits, which would start them)."""
    match = lobby.create_match(host=mia, game="rat_hot", options={"rats": False},
                               seats=[SeatPlan("bot", bot_level="good"), SeatPlan("bot", bot_level="easy")])
    bot_runner.play_bots(match.pk)
    match.refresh_from_db()
    assert match.status == Match.FINISHED
    return match


def test_the_record_carries_the_moves_final_and_result(finished):
    record = finished.game_record.record
    assert record["game"] == "rat_hot" and record["options"] == {"rats": False}
    assert len(record["moves"]) == 42
    assert all(set(m["action"]) == {"type", "strip", "x", "y", "dir"} for m in record["moves"])
    assert record["final"] == {"deck": finished.state["drawn"], "ended_by": "last_strip"}
    assert record["final"] == engine.final(finished.state) and record["result"] == engine.outcome(finished.state)
    assert set(record["result"]["breakdown"][0]) == {"chips", "final_tally", "total"}


def test_the_record_replays_and_a_changed_move_is_refused(finished):
    record = copy.deepcopy(finished.game_record.record)
    assert transfer.check_records([record]) == []
    bad = copy.deepcopy(record)
    bad["moves"][3]["action"]["x"] = 12
    [problem] = transfer.check_records([bad])
    assert "move" in problem.lower()
