"""The line every lesson starts with: what to press, shown only while nothing runs.

A lesson's notebook is saved unrun. Opened in JupyterLab or Notebook 7 (on a hub, a lab
PC or the website) it shows text and grey boxes, and nothing on mathplay's side can run
to say what to do. So its first cell is one line, in the lesson's language, that says
it: "open the Run menu … choose Run All Cells". The line carries the class
:data:`STALE_CLASS`, which every mathplay widget drawn on the page hides (its style,
:data:`HIDE_STALE_CSS`, hides the line while an element of class :data:`LIVE_CLASS`, which
the widget's view draws, is on the page): once the lesson runs, the line goes; when the
widgets are gone again (a new kernel the next day, or a reload of a notebook saved
without its outputs while the kernel still holds the widgets: Notebook 7 brings their
styles back, but draws nothing) it comes back. The lessons' build
(``mathplay lessons check --build``) and the website both put it first.

It sits under every layer (like :mod:`mathplay.i18n`): the lessons' build and the
website's build (which runs without the widget libraries) both use it.

>>> cell = start_cell("es")
>>> cell["id"] == START_CELL_ID, "**Para empezar:**" in "".join(cell["source"])
(True, True)
>>> STALE_CLASS in "".join(cell["source"])
True
"""

from __future__ import annotations

from typing import Any

from mathplay.i18n import _, speaking

__all__ = [
    "HIDE_STALE_CSS",
    "LIVE_CLASS",
    "STALE_CLASS",
    "START_CELL_ID",
    "start_cell",
    "start_source",
    "start_words",
]

#: The class of the notes shown only while mathplay's widgets are not on the page.
STALE_CLASS = "mathplay-stale-note"
#: The class a mathplay widget's view puts on what it draws (``static/name_memory.js``,
#: ``static/answerbox.js``): on the page only while a widget is really drawn there.
LIVE_CLASS = "mathplay-live"
#: The style every live mathplay widget brings (anywidget adds it to the page as soon as
#: the widget's model exists, drawn or not: so it hides the notes only while a view is).
HIDE_STALE_CSS = f"body:has(.{LIVE_CLASS}) .{STALE_CLASS} {{ display: none !important; }}"
#: The id of the start line's cell (tests and the website's app pages find it by this).
START_CELL_ID = "mathplay-site-start"


def start_words() -> str:
    """The start line of a lesson, in a child's words, in the language spoken."""
    return _(
        "**To start:** open the **Run** menu at the very top of the page and choose "
        "**Run All Cells**. The cards, puzzles and games then appear in the lesson. The "
        "first time, this can take a minute."
    )


def start_source(language: str | None = None) -> str:
    """The start cell's Markdown in ``language`` (else the language spoken): the line
    inside a block that live widgets hide."""
    with speaking(language):
        words = start_words()
    return f'<div class="{STALE_CLASS}">\n\n{words}\n\n</div>'


def start_cell(language: str | None = None) -> dict[str, Any]:
    """The start line as a notebook cell (JSON data), in ``language``."""
    return {
        "cell_type": "markdown",
        "id": START_CELL_ID,
        "metadata": {"tags": ["mathplay-site-start"]},
        "source": start_source(language),
    }
