"""What a lesson says when its widgets are gone: after a reload with a new kernel.

A notebook keeps each widget's place, not the widget: reopened the next day (or after a
restart), JupyterLab and Notebook 7 show "Error displaying widget: model not found"
wherever a name box, puzzle or board was, until the cells run again. Nothing on mathplay's
side can run then, so the lesson's setup cell also shows a plain note, saved with the
notebook, that says what to press. Every mathplay widget brings a style that hides the
note while one of them is drawn on the page (:data:`LIVE_CLASS`), so it shows only when
the widgets are gone, even when the kernel still holds them (Notebook 7 reloaded).

>>> "Run All Cells" in note_html() and STALE_CLASS in note_html()
True
>>> STALE_CLASS in HIDE_STALE_CSS and LIVE_CLASS in HIDE_STALE_CSS
True
"""

from __future__ import annotations

import html

from mathplay.i18n import _
from mathplay.startline import HIDE_STALE_CSS, LIVE_CLASS, STALE_CLASS

__all__ = ["HIDE_STALE_CSS", "LIVE_CLASS", "STALE_CLASS", "note_html", "show_note"]


def note_html() -> str:
    """The note, as HTML a notebook keeps with the cell's outputs."""
    words = _(
        "Do you see “Error displaying widget” in this lesson, where the name box, the "
        "puzzles or the games should be? Then open the Run menu at the very top and choose "
        "Run All Cells, and they come back."
    )
    return (
        f'<div class="{STALE_CLASS}" role="note" style="padding:0.4em 0.8em;'
        "border-left:4px solid var(--jp-warn-color1, #f57c00);"
        'margin:0.3em 0">'
        f"{html.escape(words)}</div>"
    )


def show_note() -> None:
    """Show the note in the running cell's outputs (in IPython only)."""
    try:
        from IPython import get_ipython
        from IPython.display import display
    except ImportError:  # pragma: no cover - IPython comes with Jupyter
        return
    if get_ipython() is not None:
        # As raw HTML: IPython's HTML() would first look for a file named by the text
        # (on the website, a round trip through the page).
        display({"text/html": note_html()}, raw=True)
