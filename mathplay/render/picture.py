"""One picture object for every SVG picture, and the choice between SVG and matplotlib.

Where matplotlib is installed, ``mathplay.plot`` returns matplotlib Figures as it always
has; where it is not (JupyterLite, Pyodide), it returns an :class:`SvgPicture`, which
Jupyter shows by itself. ``format="svg"`` asks for the SVG anywhere, ``format="figure"``
insists on matplotlib, and the default ``format="auto"`` takes matplotlib when it can.

>>> picture = SvgPicture('<svg xmlns="http://www.w3.org/2000/svg"/>', "A tiny picture")
>>> picture
<SvgPicture 'A tiny picture'>
>>> picture.description
'A tiny picture'
>>> wants_svg("svg"), check_format("auto")
(True, 'auto')
>>> wants_svg("png")
Traceback (most recent call last):
...
mathplay.render.errors.PictureError: unknown format 'png': use 'auto', 'svg' or 'figure'
"""

from __future__ import annotations

import contextlib
import importlib
import re
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from mathplay.i18n import _
from mathplay.render.errors import PictureError

T = TypeVar("T")

__all__ = [
    "FORMATS",
    "SvgPicture",
    "check_format",
    "described",
    "image_html",
    "matplotlib_available",
    "wants_svg",
]

#: The values of every picture's ``format`` keyword.
FORMATS = ("auto", "svg", "figure")


class SvgPicture:
    """A picture as SVG text: ``.svg`` (the document), ``.description`` (the words a
    screen reader says, also in the SVG's ``<title>``), ``save(path)``; a notebook shows
    it as it shows a Figure."""

    __slots__ = ("description", "svg")

    def __init__(self, svg: str, description: str) -> None:
        self.svg = svg
        self.description = description

    def _repr_svg_(self) -> str:
        return self.svg

    def _repr_html_(self) -> str:
        """The picture with its words: JupyterLab, Voilà and the website show an SVG
        output as an image with no text alternative, so the notebook gets this one."""
        return image_html("image/svg+xml", self.svg.encode("utf-8"), self.description)

    def __str__(self) -> str:
        return self.svg

    def __repr__(self) -> str:
        words = re.split(r"[.;] ", self.description, maxsplit=1)[0]
        if len(words) > 60:
            words = words[:59] + "…"
        return f"<SvgPicture {words!r}>"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SvgPicture):
            return NotImplemented
        return (self.svg, self.description) == (other.svg, other.description)

    def __hash__(self) -> int:
        return hash((self.svg, self.description))

    def save(self, path: str | Path) -> Path:
        """Write the SVG to ``path`` (a name ending in ``.svg``); the path.

        An SVG opens in any browser, and Inkscape or a browser's Print turn it into a PDF.
        """
        target = Path(path)
        if target.suffix.lower() != ".svg":
            raise PictureError(
                _("cannot save an SVG picture as {name!r}: give a name ending in .svg").format(
                    name=str(path)
                )
            )
        target.write_text(self.svg, encoding="utf-8")
        return target


def check_format(format: object) -> str:
    """``format`` if it is one of :data:`FORMATS`."""
    if not isinstance(format, str) or format not in FORMATS:
        raise PictureError(
            _("unknown format {format!r}: use 'auto', 'svg' or 'figure'").format(format=format)
        )
    return format


def matplotlib_available() -> bool:
    """True if matplotlib can be imported here (not in Pyodide, for one)."""
    try:
        importlib.import_module("matplotlib.figure")
    except ImportError:
        return False
    return True


def wants_svg(format: object) -> bool:
    """Whether a picture asked for in ``format`` is drawn as SVG: ``"svg"`` always,
    ``"auto"`` when matplotlib is missing; ``"figure"`` without matplotlib is an error."""
    chosen = check_format(format)
    if chosen == "svg":
        return True
    if matplotlib_available():
        return False
    if chosen == "figure":
        raise PictureError(
            _("format='figure' needs matplotlib, which is not installed here; use format='svg'")
        )
    return True


def image_html(mime: str, data: bytes, description: str) -> str:
    """An ``<img>`` of ``data`` (a picture of type ``mime``) whose text alternative is
    ``description``: what a screen reader says, and what shows if the picture cannot."""
    import base64
    from html import escape

    source = base64.b64encode(data).decode("ascii")
    return (
        f'<img src="data:{mime};base64,{source}" alt="{escape(description)}" '
        'style="max-width: 100%; height: auto">'
    )


def described(figure: T, picture: Callable[[], SvgPicture]) -> T:
    """``figure`` (a matplotlib picture) with the words of its SVG twin ``picture()``
    as its ``description``: the same words whatever draws it."""
    # The picture is still shown if its words cannot be made: without words, not at all.
    with contextlib.suppress(Exception):
        figure.description = picture().description  # type: ignore[attr-defined]
    return figure
