"""The **Save my results** button (on the website, where records stay in the browser).

What it saves is the classroom's (:mod:`mathplay.classroom.save_results`); the page side
is ``static/save_results.js`` and ``static/save_results.css``.

>>> import os, tempfile
>>> from mathplay.classroom.records import record
>>> log = os.path.join(tempfile.mkdtemp(), "progress.jsonl")
>>> for who in ("Ana", "Ben", "ana"):
...     record(log, who=who, puzzle_set="s", puzzle="p1", answer="4", right=True)
>>> button = SaveResults(who="Ana", log=log)
>>> button.save() == results_text("Ana", log)
True
>>> print(button.note)
Saved 2 answers as mathplay-results-ana.jsonl (look in your Downloads folder). Give this
file to your teacher.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from mathplay.classroom.save_results import results_file_name, results_text, wanted
from mathplay.classroom.where import DEFAULT_LOG
from mathplay.i18n import _, _n
from mathplay.widgets.static import static_file

__all__ = ["SaveResults"]


class SaveResults(anywidget.AnyWidget):
    """The **Save my results** button: a click downloads the pupil's records.

    ``who`` is the pupil's name, or a function giving it when the button is pressed (a
    puzzle widget's ``pupil``); ``log`` is the record file as ``PuzzleSet`` takes it.
    """

    _esm = static_file("save_results.js")
    _css = static_file("save_results.css")

    label = traitlets.Unicode("").tag(sync=True)
    #: What the button is for, under it (and its description for screen readers).
    about = traitlets.Unicode("").tag(sync=True)
    #: What the last press did.
    note = traitlets.Unicode("").tag(sync=True)

    def __init__(
        self,
        who: str | Callable[[], str | None] | None = None,
        log: str | Path | None = DEFAULT_LOG,
        **kwargs: Any,
    ) -> None:
        kwargs.setdefault("label", _("Save my results"))
        kwargs.setdefault(
            "about",
            _(
                "Your answers are kept in this browser only. Save them, and give the file "
                "to your teacher."
            ),
        )
        super().__init__(**kwargs)
        self._who = who
        self.log_path = log
        self.add_class("mathplay-save-results")
        self.on_msg(self._from_front_end)

    @property
    def who(self) -> str:
        who = self._who() if callable(self._who) else self._who
        return (who or "").strip()

    @classmethod
    def for_view(cls, view: Any, save_button: bool | None) -> SaveResults | None:
        """The button for a puzzle widget (its pupil and record file), or ``None`` when it
        is not :func:`wanted` or the widget records nothing."""
        if not wanted(save_button) or getattr(view, "log_path", None) is None:
            return None
        return cls(who=lambda: view.pupil, log=view.log_path)

    def save(self) -> str | None:
        """Send the pupil's records to the browser as a download (what a press does); the
        text sent, or ``None`` when there is nothing to save yet."""
        who = self.who
        text = results_text(who, self.log_path)
        if not text:
            self.note = _("There is nothing to save yet: check an answer first.")
            return None
        name = results_file_name(who)
        self.send({"event": "download", "name": name, "text": text})
        count = len(text.splitlines())
        self.note = _n(
            "Saved 1 answer as {name} (look in your Downloads folder). Give this file to "
            "your teacher.",
            "Saved {n} answers as {name} (look in your Downloads folder). Give this file "
            "to your teacher.",
            count,
        ).format(n=count, name=name)
        return text

    def _from_front_end(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("event") == "save":
            self.save()
