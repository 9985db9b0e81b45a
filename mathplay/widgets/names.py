"""The name area of every puzzle widget: the name box, or "Are you Ana?" when the
browser remembers a name; and the browser's memory of the name.

Who the pupil is and how names are matched is the classroom's
(:mod:`mathplay.classroom.names`); this module is what the pupil sees and presses. The
memory's page side is ``static/name_memory.js``.
"""

from __future__ import annotations

import html
import weakref
from collections.abc import Callable
from typing import Any

import anywidget
import ipywidgets as w
import traitlets

from mathplay.classroom.names import MOST_NAME, current_pupil, on_name, set_pupil
from mathplay.classroom.where import current_lesson, current_notebook
from mathplay.i18n import _, current_language
from mathplay.widgets.closing import ClosesItsParts
from mathplay.widgets.said import SaidAloud
from mathplay.widgets.shown import is_shown, set_shown
from mathplay.widgets.static import static_file

__all__ = ["NameArea", "NameMemory"]


#: The name areas on the page still waiting for a name.
_waiting: weakref.WeakSet[NameArea] = weakref.WeakSet()
#: Every browser memory on the page (to remember or forget a name in all of them).
_memories: weakref.WeakSet[NameMemory] = weakref.WeakSet()


def _remember(name: str) -> None:
    for memory in list(_memories):
        memory.remember(name)


def _tell_waiting(name: str) -> None:
    for area in list(_waiting):
        area.known(name)


on_name(remember=_remember, known=_tell_waiting)


# --- the browser's memory ------------------------------------------------------------


class NameMemory(anywidget.AnyWidget):
    """The name remembered in this browser for ``notebook`` (the page's path when the
    kernel does not know its notebook). It shows nothing; ``offered`` is the name the
    browser remembered ("" for none), set by the page when it is shown."""

    _esm = static_file("name_memory.js")
    # Every lesson has one: while it is on the page, the lesson's "press Run All" note
    # (mathplay/widgets/stale.py) stays hidden.
    _css = static_file("name_memory.css")

    notebook = traitlets.Unicode("").tag(sync=True)
    offered = traitlets.Unicode("").tag(sync=True)
    #: The lesson's own (at its top): when it appears while the page is scrolled away
    #: from it (JupyterLab's Run All Cells leaves the page at the last cell), the page
    #: goes back to the top of the lesson, unless the pupil has scrolled or typed since.
    keep_top = traitlets.Bool(False).tag(sync=True)
    #: The language the kernel speaks (a Malay lesson's ``ms``): in Voilà, whose page
    #: says ``lang="en"`` whatever it shows, the page's ``lang`` becomes this one, so a
    #: screen reader reads the lesson with a voice of its language.
    language = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("notebook", current_notebook() or "")
        kwargs.setdefault("language", current_language())
        super().__init__(**kwargs)
        _memories.add(self)

    def remember(self, name: str) -> None:
        """Keep ``name`` in the browser."""
        self.send({"remember": name})

    def forget(self) -> None:
        """Forget the remembered name in the browser."""
        self.offered = ""
        self.send({"forget": True})


# --- the name area -------------------------------------------------------------------


class NameArea(ClosesItsParts, w.VBox):  # type: ignore[misc]
    """The top of a puzzle widget while the pupil is not known: the name box, or the
    question "Are you Ana?" when the browser remembers Ana. Hidden once a name is known.

    ``on_known(name)`` is called when the name becomes known (typed here or elsewhere on
    the page, or confirmed). ``ask_now=False`` keeps the area quiet until :meth:`show`
    (a Check before the name): in a lesson the name is asked once, at the top
    (``mathplay.lesson``), so the widgets below do not each ask too; by default an area
    is quiet when a lesson is set up in this kernel.

    A name typed here or confirmed here ("Yes, I am Ana") is said by a screen reader
    (``said``, a live region seen by nobody: the box shows the name); ``says_name=False``
    leaves that to the widget around it (a lesson's greeting says it). After "Yes, I am
    Ana" the focus goes to the name box, which shows the name now (the button pressed
    went, and a focus left on nothing starts a screen reader again at the top).
    """

    def __init__(
        self,
        on_known: Callable[[str], None],
        known: str | None = None,
        *,
        ask_now: bool | None = None,
        remembered_only: bool = False,
        says_name: bool = True,
    ) -> None:
        super().__init__()
        self.says_name = says_name
        self.quiet = not (ask_now if ask_now is not None else current_lesson() is None)
        #: Ask only "Are you Ana?" when the browser remembers a name, never show the
        #: name box (a Play page: the game is played without a name, and kept with one).
        self.remembered_only = remembered_only
        self.add_class("mathplay-name-area")
        self._on_known = on_known
        self.box = w.Text(
            description=_("Your name"),
            value=known or "",
            placeholder=_("write your name, then press Enter"),
            continuous_update=False,
            style={"description_width": "initial"},
        )
        self.box.add_class("mathplay-puzzles-name")
        self.box.observe(self._typed, "value")
        self.question = w.HTML()
        self.question.add_class("mathplay-name-question")
        self.yes_button = w.Button()
        self.yes_button.add_class("mathplay-name-yes")
        self.no_button = w.Button(description=_("No, I am someone else"))
        self.no_button.add_class("mathplay-name-no")
        for button in (self.yes_button, self.no_button):
            button.layout.width = "auto"  # the whole words, never "No, I am someone …"
            button.layout.margin = "0 0 0 8px"
        self.yes_button.button_style = "primary"
        self.yes_button.on_click(lambda _b: self.confirm())
        self.no_button.on_click(lambda _b: self.decline())
        self.ask_row = w.HBox([self.question, self.yes_button, self.no_button])
        self.ask_row.layout.align_items = "center"
        self.ask_row.layout.display = "none"
        self.memory = NameMemory()
        self.memory.observe(self._offered, "offered")
        self.said = SaidAloud()
        self.said.add_class("mathplay-name-said")  # for screen readers only (.css)
        self.children = [self.box, self.ask_row, self.memory, self.said]
        if known or self.quiet:
            self.box.layout.display = "none"
        if not known:
            _waiting.add(self)

    @property
    def asking(self) -> str:
        """The remembered name the area is asking about ("" when it is not asking)."""
        return self.memory.offered if is_shown(self.ask_row) else ""

    def _offered(self, change: dict[str, Any]) -> None:
        name = str(change["new"]).strip()[:MOST_NAME].strip()
        quiet = self.quiet and not self.remembered_only
        if not name or current_pupil() or self.box.value.strip() or quiet:
            return
        self.question.value = "<b>{}</b>".format(
            html.escape(_("Are you {name}?").format(name=name))
        )
        self.yes_button.description = _("Yes, I am {name}").format(name=name)
        self.box.layout.display = "none"
        set_shown(self.ask_row, True)

    def confirm(self) -> None:
        """ "Yes, I am Ana": the remembered name is the pupil's."""
        name = self.asking
        if name:
            self.box.value = name  # shown here, where the pupil answered (and set_pupil)
            set_pupil(name)
            if is_shown(self.box):
                self.box.focus()

    def decline(self) -> None:
        """ "No, I am someone else": forget the name in this browser, ask for a name."""
        for memory in list(_memories):
            memory.forget()
        for area in list(_waiting):
            area.ask_row.layout.display = "none"
            set_shown(area.box, not area.quiet)

    def _typed(self, change: dict[str, Any]) -> None:
        if str(change["new"]).strip():
            set_pupil(str(change["new"]))

    def known(self, name: str) -> None:
        """The pupil's name is known now. The box where it was typed keeps showing it;
        the other name areas (waiting lower on the page) put their box away, so a lesson
        does not repeat "Your name" above every puzzle."""
        _waiting.discard(self)
        typed_here = bool(self.box.value.strip())
        self.ask_row.layout.display = "none"
        set_shown(self.box, typed_here)
        if self.box.value.strip() != name:
            self.box.value = name
        if typed_here and self.says_name:
            self.said.value = html.escape(
                _("Thank you, {name}: your work is kept under your name.").format(name=name)
            )
        self._on_known(name)

    def show(self) -> None:
        """Ask here (a Check came before the name): the question if the browser
        remembers a name, else the name box."""
        if self.quiet:
            self.quiet = False
            if self.memory.offered and not current_pupil():
                self._offered({"new": self.memory.offered})
        if not self.asking:
            set_shown(self.box, True)
