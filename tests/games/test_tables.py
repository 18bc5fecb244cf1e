"""games/tables.py: the frame every table is rendered in."""
from pathlib import Path

from django.utils.autoreload import file_changed

from games.tables import frame_template


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
