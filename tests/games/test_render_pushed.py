"""tables.render_pushed: a change's table is rendered once per viewpoint and language, and only a table of the very
same viewpoint is handed out again (its key is every field of the viewpoint, not a choice of them)."""
from django.utils import translation

from games import tables
from games.models import Match
from games.viewer import Viewpoint


def test_a_table_is_rendered_once_for_one_viewpoint_and_again_for_any_other(monkeypatch):
    drawn = []

    def render_point(match, seats, point):
        drawn.append(point)
        return f"<div>{len(drawn)}</div>"

    monkeypatch.setattr(tables, "render_point", render_point)
    match = Match()  # a change is announced on a Match instance of its own: the tables are kept on it
    mine = Viewpoint(seat=0, controlled=[0], to_move=[0])
    with translation.override("en-gb"):
        first = tables.render_pushed(match, [], mine)
        assert tables.render_pushed(match, [], Viewpoint(seat=0, controlled=[0], to_move=[0])) == first
        for other in (Viewpoint(seat=0, controlled=[0], to_move=[1]), Viewpoint(seat=1, controlled=[1], to_move=[0]),
                      Viewpoint(seat=0, controlled=[0], to_move=[0], stood_in=True)):
            assert tables.render_pushed(match, [], other) != first
    with translation.override("zh-hant"):
        assert tables.render_pushed(match, [], mine) != first
    assert len(drawn) == 5
