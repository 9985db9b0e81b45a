"""What every SVG picture shares: a canvas that collects elements, escaped text, hatching,
text widths estimated without a font file, and tick marks for the charts.

Sizes follow the matplotlib pictures: 100 pixels to the inch and points turned into
pixels (:func:`pt`), so an SVG is laid out like the Figure it stands in for. Every
string that reaches the SVG goes through :func:`esc`.

>>> canvas = Canvas(200, 100, get_theme("light"), "Hello <world>")
>>> canvas.text(100, 50, "a < b", 12)
>>> svg = canvas.picture().svg
>>> "<title>Hello &lt;world&gt;</title>" in svg and ">a &lt; b</text>" in svg
True
>>> nice_ticks(0, 47)
[0, 10, 20, 30, 40]
>>> round(text_width("10", 10), 1)
12.6
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape

from mathplay.render.palette import Theme, get_theme
from mathplay.render.picture import SvgPicture

__all__ = [
    "FONT",
    "PX_PER_INCH",
    "Canvas",
    "esc",
    "nice_ticks",
    "num",
    "pt",
    "text_width",
]

FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"
#: The matplotlib pictures are drawn at 100 dots per inch; the SVGs use the same scale.
PX_PER_INCH = 100.0

# Advance widths of DejaVu Sans (the first font asked for, and the widest of the others),
# in ems. Only used to make room: a narrower fallback font just leaves a little more.
_WIDTHS = {" ": 0.318, "!": 0.401, '"': 0.46, "'": 0.275, "(": 0.39, ")": 0.39, ",": 0.318,
           "-": 0.361, ".": 0.318, "/": 0.337, ":": 0.337, ";": 0.337, "?": 0.531,
           "I": 0.295, "J": 0.295, "M": 0.863, "W": 0.989, "f": 0.352, "i": 0.278,
           "j": 0.278, "l": 0.278, "m": 0.974, "r": 0.411, "t": 0.392, "w": 0.818,
           "s": 0.521, "c": 0.55, "z": 0.525, "…": 1.0}  # fmt: skip


def pt(points: float) -> float:
    """``points`` (a font size or line width, 1/72 inch) in pixels."""
    return points * PX_PER_INCH / 72


def num(value: float) -> str:
    """A coordinate, short: ``12.5``, ``3``."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def esc(value: object) -> str:
    """``value`` as text safe inside an element or an attribute."""
    return escape(str(value), quote=True)


def text_width(text: str, size: float, bold: bool = False) -> float:
    """About how wide ``text`` is, in pixels, at font size ``size`` (pixels)."""
    ems = 0.0
    for char in text:
        if char in _WIDTHS:
            ems += _WIDTHS[char]
        elif char.isdigit() or char.islower():
            ems += 0.63
        elif char.isupper():
            ems += 0.7
        else:
            ems += 0.84  # + = × ÷ − ✓ ≠ and the rest: as wide as a plus sign
    return ems * size * (1.1 if bold else 1.0)


def nice_ticks(low: float, high: float, most: int = 8, whole: bool = False) -> list[float]:
    """Round tick values from ``low`` to ``high`` (1, 2, 2.5 or 5 times a power of ten
    apart, at most ``most`` + 1 of them); ``whole`` keeps them whole numbers."""
    span = high - low
    if span <= 0:
        return [low]
    raw = span / most
    power = 10 ** math.floor(math.log10(raw))
    steps = (1, 2, 5, 10) if whole else (1, 2, 2.5, 5, 10)
    step = next(s * power for s in steps if s * power >= raw)
    if whole:
        step = max(1, round(step))
    first = math.ceil(low / step - 1e-9)
    values = []
    k = first
    while k * step <= high + 1e-9 * step:
        value = k * step
        values.append(round(value) if whole or float(value).is_integer() else round(value, 6))
        k += 1
    return values


class Canvas:
    """An SVG picture being drawn: ``width`` × ``height`` pixels in the colours of
    ``theme``, described by ``description`` (its ``<title>`` and ``aria-label``)."""

    def __init__(self, width: float, height: float, theme: Theme | str, description: str):
        self.width = width
        self.height = height
        self.colours = get_theme(theme)
        self.description = description
        self.parts: list[str] = []
        self.defs: dict[str, str] = {}

    def add(self, part: str) -> None:
        """Add raw SVG (already escaped)."""
        self.parts.append(part)

    def hatch(self, colour: str, opacity: float = 0.55) -> str:
        """A fill of diagonal lines (``///``) in ``colour``: ``url(#…)``."""
        name = f"mathplay-hatch-{colour.lstrip('#').lower()}"
        self.defs.setdefault(
            name,
            f'<pattern id="{name}" width="6" height="6" patternUnits="userSpaceOnUse" '
            f'patternTransform="rotate(45)"><rect width="1.6" height="6" fill="{esc(colour)}" '
            f'opacity="{num(opacity)}"/></pattern>',
        )
        return f"url(#{name})"

    def rect(
        self,
        x: float,
        y: float,
        width: float,
        height: float,
        fill: str,
        stroke: str | None = None,
        stroke_width: float = 1.0,
        *,
        rx: float = 0.0,
        dash: str | None = None,
        gid: str | None = None,
        tip: str | None = None,
    ) -> None:
        """A rectangle; ``gid`` marks it for tests (``data-gid``), ``tip`` is its title."""
        attrs = [
            f'x="{num(x)}" y="{num(y)}" width="{num(width)}" height="{num(height)}"',
            f'fill="{esc(fill)}"',
        ]
        if rx:
            attrs.append(f'rx="{num(rx)}"')
        if stroke:
            attrs.append(f'stroke="{esc(stroke)}" stroke-width="{num(stroke_width)}"')
        if dash:
            attrs.append(f'stroke-dasharray="{esc(dash)}"')
        if gid:
            attrs.append(f'data-gid="{esc(gid)}"')
        if tip:
            self.add(f"<rect {' '.join(attrs)}><title>{esc(tip)}</title></rect>")
        else:
            self.add(f"<rect {' '.join(attrs)}/>")

    def line(
        self,
        points: Sequence[tuple[float, float]],
        stroke: str,
        width: float = 1.0,
        *,
        dash: str | None = None,
        extra: str = "",
    ) -> None:
        """A line through ``points``."""
        d = "M" + " L".join(f"{num(x)} {num(y)}" for x, y in points)
        dashed = f' stroke-dasharray="{esc(dash)}"' if dash else ""
        self.add(
            f'<path d="{d}" fill="none" stroke="{esc(stroke)}" stroke-width="{num(width)}"'
            f"{dashed}{extra}/>"
        )

    def text(
        self,
        x: float,
        y: float,
        text: str,
        size: float,
        *,
        fill: str | None = None,
        anchor: str = "middle",
        bold: bool = False,
        italic: bool = False,
        rotate: float = 0.0,
        halo: str | None = None,
        gid: str | None = None,
        hidden: bool = False,
    ) -> None:
        """``text`` (lines split at ``\\n``) centred on ``y``, anchored at ``x``
        (``start``, ``middle`` or ``end``), in pixels."""
        lines = text.split("\n")
        step = size * 1.2
        attrs = [
            f'x="{num(x)}" y="{num(y - step * (len(lines) - 1) / 2)}"',
            f'font-size="{num(size)}" fill="{esc(fill or self.colours.ink)}"',
            'dominant-baseline="central"',
        ]
        if anchor != "start":
            attrs.append(f'text-anchor="{anchor}"')
        if bold:
            attrs.append('font-weight="bold"')
        if italic:
            attrs.append('font-style="italic"')
        if rotate:
            attrs.append(f'transform="rotate({num(rotate)} {num(x)} {num(y)})"')
        if halo:
            attrs.append(
                f'stroke="{esc(halo)}" stroke-width="{num(size * 0.2)}" '
                'stroke-linejoin="round" paint-order="stroke"'
            )
        if gid:
            attrs.append(f'data-gid="{esc(gid)}"')
        if hidden:
            attrs.append('aria-hidden="true"')
        if "  " in text:
            attrs.append('xml:space="preserve"')
        if len(lines) == 1:
            body = esc(text)
        else:
            body = "".join(
                f'<tspan x="{num(x)}" dy="{num(step if i else 0)}">{esc(line)}</tspan>'
                for i, line in enumerate(lines)
            )
        self.add(f"<text {' '.join(attrs)}>{body}</text>")

    def picture(self) -> SvgPicture:
        """The finished picture."""
        width, height = num(self.width), num(self.height)
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" role="img" aria-label="{esc(self.description)}" '
            f'font-family="{esc(FONT)}">'
        )
        out = [head, f"<title>{esc(self.description)}</title>"]
        if self.defs:
            out.append("<defs>" + "".join(self.defs.values()) + "</defs>")
        out.append(f'<rect width="100%" height="100%" fill="{esc(self.colours.background)}"/>')
        out += self.parts
        out.append("</svg>")
        return SvgPicture("\n".join(out), self.description)
