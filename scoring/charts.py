"""Server-rendered SVG line charts (no JavaScript): a player's rating per game over time.

The markup uses presentation attributes only (no style attributes), so it passes the site's CSP.
"""
from __future__ import annotations

import math
import unicodedata
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.utils import dateformat, formats, timezone
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, ngettext, pgettext

from games.registry import BY_SLUG

# Each game declares its colour (readable on white); lines are told apart by more than hue alone: each has its dashes.
DASHES = ["", "6 3", "2 3", "8 3 2 3"]
FALLBACK_COLOURS = ["#6b645c", "#b3261e", "#0b7285", "#5c940d"]
MAX_POINTS = 600  # per line; a longer history is thinned evenly, always keeping its first and last points
MARKERS_UP_TO = 120  # draw a dot (with a tooltip) per point when the chart has at most this many points


@dataclass
class Series:
    key: str
    name: str
    points: list[tuple[datetime, float]]


@dataclass
class Box:
    width: int = 720
    height: int = 280
    left: int = 52
    right: int = 20
    top: int = 34
    bottom: int = 36

    @property
    def plot_width(self) -> int:
        return self.width - self.left - self.right

    @property
    def plot_height(self) -> int:
        return self.height - self.top - self.bottom


def nice_step(span: float, ticks: int = 5) -> float:
    """A round step (1, 2 or 5 times a power of ten) giving about `ticks` intervals over `span`."""
    raw = span / max(ticks, 1) if span > 0 else 1.0
    power = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if raw <= factor * power:
            return factor * power
    return 10 * power


def value_ticks(low: float, high: float) -> tuple[float, float, list[float]]:
    """Axis bounds rounded out to whole steps, and the tick values between them."""
    if high - low < 1e-9:
        low, high = low - 1, high + 1
    step = nice_step(high - low)
    start, end = math.floor(low / step) * step, math.ceil(high / step) * step
    count = round((end - start) / step)
    return start, end, [start + i * step for i in range(count + 1)]


def time_ticks(start: datetime, end: datetime, count: int = 4) -> list[datetime]:
    if end <= start:
        return [start]
    return [start + (end - start) * i / count for i in range(count + 1)]


def date_label(moment: datetime, span: timedelta) -> str:
    """A moment on the time axis, as precise as the span needs, in the language's own order (the formats are
    Django date formats, translated like Django's own DATE_FORMAT)."""
    local = timezone.localtime(moment) if timezone.is_aware(moment) else moment
    if span > timedelta(days=730):
        pattern = pgettext("chart axis: a year, as a Django date format", "Y")
    elif span > timedelta(days=60):
        pattern = pgettext("chart axis: a month, as a Django date format", "M Y")
    elif span > timedelta(days=2):
        pattern = pgettext("chart axis: a day, as a Django date format", "j M")
    else:
        pattern = pgettext("chart axis: a day and time, as a Django date format", "j M H:i")
    return dateformat.format(local, pattern)


def thin(points: list, limit: int = MAX_POINTS) -> list:
    """At most `limit` points, evenly spread, keeping the first and the last."""
    if len(points) <= limit:
        return points
    step = (len(points) - 1) / (limit - 1)
    return [points[round(i * step)] for i in range(limit)]


def _number(value: float) -> str:
    """A coordinate (always with a point): SVG reads it whatever the language."""
    text = f"{value:.1f}"
    return "0.0" if text == "-0.0" else text


def _shown(value: float, decimals: int = 1) -> str:
    """A number for people, in the language's format."""
    return formats.number_format(0.0 if abs(value) < 0.05 else value, decimals)


def _text_width(text: str) -> int:
    """About how wide `text` is at font size 12: wide (CJK) characters take about twice a Latin letter."""
    return sum(12 if unicodedata.east_asian_width(char) in "WF" else 7 for char in text)


def rating_chart(series: list[Series], *, chart_id: str = "rating-chart", title: str | None = None,
                 box: Box | None = None) -> SafeString:
    """An accessible SVG chart: one polyline per series, value and time axes, a legend, title and desc."""
    series = [s for s in series if s.points]
    if not series:
        return mark_safe("")
    box = box or Box()
    title = gettext("Rating over time") if title is None else title
    drawn = [Series(s.key, s.name, thin(s.points)) for s in series]
    moments = [moment for s in drawn for moment, _ in s.points]
    values = [value for s in drawn for _, value in s.points]
    first, last = min(moments), max(moments)
    if first == last:
        first, last = first - timedelta(days=1), last + timedelta(days=1)
    span = last - first
    low, high, ticks = value_ticks(min(values), max(values))

    def x(moment: datetime) -> float:
        return box.left + (moment - first) / span * box.plot_width

    def y(value: float) -> float:
        return box.top + (high - value) / (high - low) * box.plot_height

    escaped_id = escape(chart_id)
    parts = [
        f'<svg class="chart" viewBox="0 0 {box.width} {box.height}" width="{box.width}" height="{box.height}" '
        f'role="img" aria-labelledby="{escaped_id}-title {escaped_id}-desc" xmlns="http://www.w3.org/2000/svg" '
        f'font-family="system-ui, sans-serif" font-size="12">',
        f'<title id="{escaped_id}-title">{escape(title)}</title>',
        f'<desc id="{escaped_id}-desc">{escape(describe(series))}</desc>',
    ]
    parts.append('<g class="chart-grid" aria-hidden="true">')
    for value in ticks:
        ty = _number(y(value))
        parts.append(f'<line x1="{box.left}" y1="{ty}" x2="{box.width - box.right}" y2="{ty}" stroke="#e4dccf"/>')
        parts.append(f'<text x="{box.left - 6}" y="{ty}" text-anchor="end" dominant-baseline="middle" '
                     f'fill="#6b645c">{escape(_shown(value, 0 if value == int(value) else 1))}</text>')
    bottom = box.top + box.plot_height
    moments_shown = time_ticks(first, last)
    for moment in moments_shown:
        tx = _number(x(moment))
        anchor = "end" if moment == moments_shown[-1] and len(moments_shown) > 1 else "middle"  # stay inside
        parts.append(f'<line x1="{tx}" y1="{bottom}" x2="{tx}" y2="{bottom + 4}" stroke="#6b645c"/>')
        parts.append(f'<text x="{tx}" y="{bottom + 18}" text-anchor="{anchor}" fill="#6b645c">'
                     f'{escape(date_label(moment, span))}</text>')
    parts.append(f'<line x1="{box.left}" y1="{box.top}" x2="{box.left}" y2="{bottom}" stroke="#6b645c"/>')
    parts.append(f'<line x1="{box.left}" y1="{bottom}" x2="{box.width - box.right}" y2="{bottom}" '
                 f'stroke="#6b645c"/>')
    parts.append("</g>")
    markers = sum(len(s.points) for s in drawn) <= MARKERS_UP_TO
    for index, line in enumerate(drawn):
        colour = _colour(line.key, index)
        dash = DASHES[index % len(DASHES)]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        points = " ".join(f"{_number(x(m))},{_number(y(v))}" for m, v in line.points)
        parts.append(f'<g class="chart-series" data-game="{escape(line.key)}">')
        parts.append(f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="2"'
                     f' stroke-linejoin="round"{dash_attr}/>')
        if markers:
            for moment, value in line.points:
                label = pgettext("a point of the chart", "%(game)s, %(date)s: %(rating)s") % {
                    "game": line.name, "date": date_label(moment, timedelta(days=3)), "rating": _shown(value)}
                parts.append(f'<circle cx="{_number(x(moment))}" cy="{_number(y(value))}" r="3" fill="{colour}">'
                             f"<title>{escape(label)}</title></circle>")
        parts.append("</g>")
    parts.append(legend(drawn, box))
    parts.append("</svg>")
    return mark_safe("".join(parts))


def _colour(key: str, index: int) -> str:
    game = BY_SLUG.get(key)
    return game.colour if game is not None else FALLBACK_COLOURS[index % len(FALLBACK_COLOURS)]


def legend(series: list[Series], box: Box) -> str:
    parts = ['<g class="chart-legend" aria-hidden="true">']
    left = box.left
    for index, line in enumerate(series):
        colour = _colour(line.key, index)
        dash = DASHES[index % len(DASHES)]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(f'<line x1="{left}" y1="14" x2="{left + 22}" y2="14" stroke="{colour}" stroke-width="2"'
                     f"{dash_attr}/>")
        parts.append(f'<text x="{left + 28}" y="14" dominant-baseline="middle" fill="#1f1d1a">'
                     f"{escape(line.name)}</text>")
        left += 44 + _text_width(line.name)
    parts.append("</g>")
    return "".join(parts)


def describe(series: list[Series]) -> str:
    """The chart in words, for screen readers: per line, how many points, the range and the latest value."""
    sentences = []
    for line in series:
        values = [value for _, value in line.points]
        count = len(values)
        sentences.append(ngettext(
            "%(game)s: %(count)d rated match, from %(low)s to %(high)s, now %(now)s.",
            "%(game)s: %(count)d rated matches, from %(low)s to %(high)s, now %(now)s.", count,
        ) % {"game": line.name, "count": count, "low": _shown(min(values)), "high": _shown(max(values)),
             "now": _shown(values[-1])})
    return " ".join(sentences)
