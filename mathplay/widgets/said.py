"""``SaidAloud``: words that change on the page and are read out when they change.

A screen reader reads what the pupil moves to; words that appear somewhere else (the
feedback after Enter, a hint, "Mastered!") are heard only if they sit in a *live
region*, an element marked ``role="status"`` before its words change. An ipywidgets
``HTML`` has no such mark, so a pupil who checked an answer with the keyboard heard
nothing. This widget is one: its element stays on the page and its words are replaced.

>>> said = SaidAloud()
>>> said.value = "<p>Right!</p>"
>>> said.value
'<p>Right!</p>'
"""

from __future__ import annotations

from typing import Any

import anywidget
import traitlets

from mathplay.expr.pretty import read_words
from mathplay.widgets.static import static_file

__all__ = ["SaidAloud"]


class SaidAloud(anywidget.AnyWidget):
    """HTML (``value``, made by mathplay, never a pupil's raw text) shown in a polite
    live region: a screen reader says it each time it changes, after what it is saying."""

    _esm = static_file("said.js")
    _css = static_file("said.css")

    value = traitlets.Unicode("").tag(sync=True)

    @traitlets.validate("value")
    def _in_the_pupils_words(self, proposal: dict[str, Any]) -> str:
        """The logic words as the pupil's language writes them (ΚΑΙ, DAN), wherever the
        words come from: the kinds' messages, a teacher's hints, the catalogues."""
        return read_words(str(proposal["value"]))
