"""Helpers for tests that need real online matches."""
from games import turns
from games.models import Match


def play_out(match_id: int) -> Match:
    """Play the first legal action of the first seat to move (knocking when it can) until the match is over."""
    while True:
        match = Match.objects.get(pk=match_id)
        if match.status != Match.PLAYING:
            return match
        seat = match.engine.to_move(match.state)[0]
        actions = match.engine.legal_actions(match.state, seat)
        knock = [a for a in actions if a["type"] == "knock"]
        turns.play(match_id=match_id, seat=seat, action=(knock or actions)[0], version=match.version)
