"""games/tables.py: the frame every table is rendered in."""
from pathlib import Path

import pytest
from django.utils.autoreload import file_changed

from games import registry
from games.tables import context, frame_template, template_of


def test_the_frame_is_looked_up_once_and_again_after_a_file_changes():
    """The development server reloads templates without restarting when a file changes: the kept frame goes too."""
    first = frame_template()
    assert frame_template() is first
    file_changed.send(sender=None, file_path=Path(__file__))
    assert frame_template() is not first
    assert frame_template().template.name == "games/table.html"


def test_the_frame_is_looked_up_again_under_other_template_settings(settings):
    first = frame_template()
    settings.TEMPLATES = [{**settings.TEMPLATES[0], "OPTIONS": {**settings.TEMPLATES[0].get("OPTIONS", {})}}]
    assert frame_template() is not first


@pytest.mark.django_db
def test_a_game_s_table_and_status_line_are_included_as_templates_looked_up_once(make_user):
    """The frame {% include %}s the game's own templates as template objects, kept like the frame."""
    from games.viewer import viewpoint
    from tests.games.test_table_size import match_for

    user = make_user("framer")
    match, seats = match_for(registry.get("rat_a_tat_cat"), [user, make_user("framed")])
    ctx = context(match, seats, viewpoint(match, seats, user, None))
    assert ctx["game_template"] is template_of("rat_a_tat_cat/table.html")
    assert ctx["status_template"] is template_of("rat_a_tat_cat/status.html")
    assert ctx["game_template"].template.name == "rat_a_tat_cat/table.html"
