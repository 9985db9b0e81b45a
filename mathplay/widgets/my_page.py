"""A pupil's own page as a widget: who they are, then what they have done, what is due
for review and what comes next (:func:`mathplay.classroom.my_progress.my_progress`).

``mathplay.my_progress()`` needs a name the kernel knows; a page of its own (the
website's "My progress", opened on its own) does not know one yet. This widget asks for
it the way a lesson does: the name box, or "Are you Ana?" when the browser remembers a
name; then the page shows that pupil's progress.

>>> page = MyProgressPage("Ana", records="/nonexistent/p.jsonl")
>>> "Ana" in page.shown.value and "Nothing yet" in page.shown.value
True
"""

from __future__ import annotations

from pathlib import Path

import ipywidgets as w

from mathplay.classroom.my_progress import my_progress
from mathplay.classroom.names import current_pupil
from mathplay.classroom.where import DEFAULT_LOG
from mathplay.i18n import _, set_language
from mathplay.widgets.closing import ClosesItsParts
from mathplay.widgets.names import NameArea

__all__ = ["MyProgressPage", "my_progress_page"]


class MyProgressPage(ClosesItsParts, w.VBox):  # type: ignore[misc]
    """The name area, then ``who``'s progress from the file ``records`` (as the widgets
    write it) once the name is known."""

    def __init__(self, who: str | None = None, records: str | Path | None = DEFAULT_LOG) -> None:
        super().__init__()
        self.add_class("mathplay-my-progress-page")
        self.records = records
        known = (who or current_pupil() or "").strip() or None
        self.greeting = w.HTML(
            "<p>{}</p>".format(
                _("Write your name in the box and press Enter to see your progress.")
            )
        )
        self.name_area = NameArea(self._show, known, ask_now=True)
        self.shown = w.HTML()
        self.children = [self.greeting, self.name_area, self.shown]
        if known:
            self._show(known)

    def _show(self, name: str) -> None:
        self.greeting.layout.display = "none"
        self.shown.value = my_progress(name, self.records)._repr_html_()


def my_progress_page(language: str | None = None) -> MyProgressPage:
    """The pupil's own page, asking their name first; in ``language`` when given."""
    if language is not None:
        set_language(language)
    return MyProgressPage()
