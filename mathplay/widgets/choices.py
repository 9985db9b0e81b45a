"""``ChoiceRow``: the answers to pick from, as a row of buttons a pupil reaches with the keyboard.

Its page side is ``static/choices.js`` and ``static/choices.css``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anywidget
import traitlets

from mathplay.i18n import _, use_page_language
from mathplay.widgets.static import static_file

__all__ = ["ChoiceRow", "PickCallback"]


PickCallback = Callable[["ChoiceRow", str], None]


class ChoiceRow(anywidget.AnyWidget):
    """The answers to pick from, as buttons in a row: Tab reaches the row, the arrow
    keys (and Home, End) move along it, Enter or Space picks; the picked one is marked
    with words (``picked_text``) and ``aria-pressed``, not only by its look.

    >>> row = ChoiceRow(choices=["true", "false"])
    >>> row.on_pick(lambda row, choice: print("picked", choice))
    >>> row.pick(2)
    picked false
    >>> row.picked
    1
    """

    _esm = static_file("choices.js")
    _css = static_file("choices.css")

    choices = traitlets.List(traitlets.Unicode()).tag(sync=True)
    #: The index of the picked choice (from 0), -1 for none.
    picked = traitlets.Int(-1).tag(sync=True)
    #: The row's name for screen readers.
    label = traitlets.Unicode("").tag(sync=True)
    #: The words shown on the picked button.
    picked_text = traitlets.Unicode("").tag(sync=True)
    #: The language of the puzzle's words: its card says it, for screen readers.
    language = traitlets.Unicode("").tag(sync=True)
    disabled = traitlets.Bool(False).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("label", _("Choose your answer"))
        kwargs.setdefault("picked_text", _("(your choice)"))
        super().__init__(**kwargs)
        self._callbacks: list[PickCallback] = []
        self.on_msg(self._from_front_end)

    def on_pick(self, callback: PickCallback, remove: bool = False) -> None:
        """Call ``callback(row, choice)`` when a choice is picked; ``remove=True`` to stop."""
        if remove:
            self._callbacks.remove(callback)
        else:
            self._callbacks.append(callback)

    def pick(self, number: int) -> None:
        """Pick choice ``number`` (counted from 1), as a click on it does."""
        if self.disabled or not 1 <= number <= len(self.choices):
            return
        self.picked = number - 1
        for callback in list(self._callbacks):
            callback(self, self.choices[number - 1])

    def focus(self) -> None:
        """Put the keyboard's focus on the row's first choice: after Next, the pupil
        answers the new puzzle without a Tab."""
        self.send({"do": "focus"})

    def _from_front_end(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("event") == "page_language":
            use_page_language(content.get("language"))
        if isinstance(content, dict) and content.get("event") == "pick":
            index = content.get("index")
            if isinstance(index, int) and not isinstance(index, bool):
                self.pick(index + 1)
