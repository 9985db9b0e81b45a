"""``AnswerBox``: the box a pupil types an answer into, where the text checked is the
text typed.

An ipywidgets ``Text`` sends its value to the kernel as a state update, which the page
may hold back while an earlier update is on its way, and sends Enter as a separate
message that is never held back. A pupil who types ``144`` and presses Enter at once can
so have ``14`` checked (and recorded for the teacher). This box sends the text it shows
*with* Enter, in one message, and again when the box loses the focus (before a click on
Check lands, since the page sends its messages in order): the kernel always has the
text on the screen when it checks.

>>> box = AnswerBox()
>>> typed = []
>>> box.on_submit(lambda text: typed.append(text))
>>> box._handle_custom_msg({"event": "submit", "value": "144"}, [])
>>> box.value, typed
('144', ['144'])
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anywidget
import traitlets

from mathplay.i18n import use_page_language
from mathplay.widgets.static import static_file

__all__ = ["MOST_TYPED", "AnswerBox"]

#: The longest text the box keeps from the page (a longer one is cut): the widget then
#: says the answer is too long, and nothing huge reaches a record.
MOST_TYPED = 2000


SubmitCallback = Callable[[str], None]


class AnswerBox(anywidget.AnyWidget):
    """A one-line answer box whose Enter sends the text shown (see the module's
    docstring). ``value`` is the text, ``description`` the words before the box (also its
    name for screen readers, being its label), ``on_submit(callback)`` is called with the
    text when Enter is pressed."""

    _esm = static_file("answerbox.js")
    # With the rule that hides the lesson's "Run All" note while it is alive (stale.py).
    _css = static_file("answerbox.css")

    value = traitlets.Unicode("").tag(sync=True)
    description = traitlets.Unicode("").tag(sync=True)
    placeholder = traitlets.Unicode("").tag(sync=True)
    disabled = traitlets.Bool(False).tag(sync=True)
    #: The language of the puzzle's words: its card says it, for screen readers.
    language = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._callbacks: list[SubmitCallback] = []
        self.on_msg(self._from_front_end)

    def on_submit(self, callback: SubmitCallback, remove: bool = False) -> None:
        """Call ``callback(text)`` when Enter is pressed in the box; ``remove=True`` to stop."""
        if remove:
            self._callbacks.remove(callback)
        else:
            self._callbacks.append(callback)

    def focus(self) -> None:
        """Put the typing cursor in the box."""
        self.send({"do": "focus"})

    def _take(self, text: Any) -> None:
        """The page's text becomes the value, without sending it back to the page (where
        the pupil may have typed on)."""
        if not isinstance(text, str):
            return
        text = text[:MOST_TYPED]
        if text != self.value:
            with self._lock_property(value=text):
                self.value = text

    def _from_front_end(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        event = content.get("event")
        if event == "page_language":
            use_page_language(content.get("language"))
        if event in ("submit", "typed") and "value" in content:
            self._take(content["value"])
        if event == "submit" and not self.disabled:
            for callback in list(self._callbacks):
                callback(self.value)
