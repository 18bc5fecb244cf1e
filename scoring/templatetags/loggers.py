"""Template tags of other loggers: a record's "Send to BG Stats" link."""
from django import template

from scoring.loggers import bgstats

register = template.Library()


@register.simple_tag
def bgstats_push_link(game_record) -> str:
    """BG Stats' push-play link of the record (design/interop.md)."""
    return bgstats.push_link(game_record)
