"""Showing and hiding widgets with explicit display values.

``layout.display = None`` asks the page to drop the widget's ``display`` style, which
JupyterLab does; ipywidgets in the website's browser kernel (Pyodide) did not apply it,
so a practice never appeared and "Are you Ana?" stayed hidden there. Every widget
mathplay un-hides gets the display value its kind has by default instead.

>>> import ipywidgets as w
>>> box, button = w.HBox(), w.Button()
>>> set_shown(box, False); box.layout.display
'none'
>>> set_shown(box, True); set_shown(button, True); box.layout.display, button.layout.display
('flex', 'inline-block')
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

__all__ = ["is_shown", "set_shown", "shown_display"]


def shown_display(widget: Any) -> str:
    """The CSS ``display`` ``widget`` has when it is shown: ipywidgets' boxes and text
    widgets lay out as flex boxes, buttons as inline blocks, anything else (an anywidget)
    as a block."""
    if isinstance(widget, w.Button):
        return "inline-block"
    if isinstance(widget, (w.Box, w.DOMWidget)) and widget.__class__.__module__.startswith(
        "ipywidgets"
    ):
        return "flex"
    return "block"


def set_shown(widget: Any, shown: bool) -> None:
    """Show ``widget`` (with its explicit display value) or hide it."""
    widget.layout.display = shown_display(widget) if shown else "none"


def is_shown(widget: Any) -> bool:
    """Whether ``widget`` is not hidden by its ``display``."""
    return bool(widget.layout.display != "none")
