"""Template helpers for recorded matches: seats in the order of the result."""
from django import template

register = template.Library()


@register.filter
def by_place(participants):
    """The winner first, then by place; ties by seat. Works on a prefetched queryset without a query."""
    return sorted(participants, key=lambda p: (p.rank, p.seat))
