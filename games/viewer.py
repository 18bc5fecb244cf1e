"""Whose eyes a page sees the table through: the seat it shows, what that seat may do, and the handover."""
from dataclasses import astuple, dataclass, field

from games.models import Match, Seat


def session_key(match_id: int) -> str:
    return f"match-{match_id}-seat"


@dataclass
class Viewpoint:
    seat: int | None  # the seat whose view is rendered; None = spectator
    controlled: list[int] = field(default_factory=list)  # seats this user acts for
    to_move: list[int] = field(default_factory=list)
    handover: bool = False  # hot-seat: show "pass the device" instead of this seat's hidden cards
    stood_in: bool = False  # a bot plays this seat now for its absent player (games/stand_in.py)

    @property
    def key(self) -> tuple:
        """Every field, as a key: two viewpoints with the same key see the same table (tables.render_pushed)."""
        return tuple(tuple(v) if isinstance(v, list) else v for v in astuple(self))

    @property
    def is_spectator(self) -> bool:
        return self.seat is None

    @property
    def can_act(self) -> bool:
        return self.seat is not None and self.seat in self.to_move and not self.handover and not self.stood_in


def controlled_seats(seats: list[Seat], user) -> list[int]:
    guest_profiles = getattr(user, "guest_profiles", None)  # a guest's device (games/guests.py)
    if guest_profiles is not None:
        return [s.index for s in seats if s.kind == Seat.GUEST and s.profile_id in guest_profiles]
    if not getattr(user, "is_authenticated", False):
        return []
    return [s.index for s in seats if s.user_id == user.pk and s.kind in (Seat.PLAYER, Seat.LOCAL)]


def viewpoint(match: Match, seats: list[Seat], user, confirmed: int | None) -> Viewpoint:
    """Choose the seat to show. `confirmed` is the seat this browser last confirmed in a handover.

    A player with one seat always sees their own. At a shared screen the seat to move is shown, but only
    after its player has confirmed they hold the device, so nobody sees another player's hidden cards.
    """
    controlled = controlled_seats(seats, user)
    to_move = list(match.engine.to_move(match.state)) if match.status == Match.PLAYING else []
    if not controlled:
        return Viewpoint(seat=None, to_move=to_move)
    stand_ins = match.stand_ins
    if len(controlled) == 1:
        return Viewpoint(seat=controlled[0], controlled=controlled, to_move=to_move,
                         stood_in=controlled[0] in stand_ins)
    mine_to_move = [s for s in to_move if s in controlled and s not in stand_ins]
    if confirmed in mine_to_move or (not mine_to_move and confirmed in controlled):
        seat = confirmed
    else:
        seat = mine_to_move[0] if mine_to_move else controlled[0]
    finished = match.status == Match.FINISHED
    return Viewpoint(seat=seat, controlled=controlled, to_move=to_move, handover=seat != confirmed and not finished,
                     stood_in=seat in stand_ins)
