"""``mathplay.lesson("05")``: the one setup line of a lesson notebook.

It finds the lesson's puzzle file (``puzzles/05-binary-numbers.toml`` beside the
notebook), checks it, notes the lesson for the records (so they name it even in Voilà,
where the kernel does not know its notebook), and shows the top of the lesson: the
pupil's name box when nobody is known yet, so the name is given once, at the start, and
never typed into code. The cells after it are one call each::

    lesson = mathplay.lesson("05")     # the setup cell (tagged hide-input)
    lesson.puzzle(2)                    # a guided puzzle: the file's second (or an id)
    lesson.practice()                   # the file's [practice]: fresh puzzles to mastery
    lesson.check()                      # the file's [check]: the recorded end check

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "01-adding.toml").write_text('''
... title = "Lesson 1: adding"
... [[puzzle]]
... id = "add"
... kind = "missing"
... equation = "3 + _ = 7"
... [check]
... puzzles = ["add"]
... ''')
>>> lesson = OpenLesson("01", folder=folder, log=None)
>>> lesson.name, lesson.puzzle(1).sheet.puzzles[0].id, lesson.check().sheet.title
('01-adding', 'add', 'Lesson 1: adding: end check')
"""

from __future__ import annotations

import dataclasses
import html
import os
import re
import sys
from pathlib import Path
from typing import Any

import ipywidgets as w

from mathplay.classroom.names import current_pupil
from mathplay.classroom.where import DEFAULT_LOG, hub_user, set_current_lesson
from mathplay.errors import MathplayError
from mathplay.i18n import _, _n, set_language, speaking
from mathplay.puzzles.model import PuzzleFileError, Worksheet
from mathplay.puzzles.moments import CHECK
from mathplay.puzzles.tomlscan import MAX_CHARS
from mathplay.puzzles.validate import load
from mathplay.widgets.names import NameArea
from mathplay.widgets.practice import Practice
from mathplay.widgets.puzzle_set import PuzzleSet
from mathplay.widgets.said import SaidAloud
from mathplay.widgets.stale import show_note

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

__all__ = ["LessonSetupError", "OpenLesson", "lesson"]

_NAME = re.compile(r"^[0-9]{2}(-[A-Za-z0-9_-]+)?$")


class LessonSetupError(MathplayError, ValueError):
    """The lesson cannot be set up: no such lesson, or its puzzle file has problems."""


def _folders(folder: str | Path | None) -> list[Path]:
    """Where a lesson's puzzle file may be: the folder given, else the notebook's
    ``puzzles/`` folder, the working folder's ``lessons/puzzles/``, and the lessons of
    a mathplay checkout."""
    if folder is not None:
        return [Path(folder)]
    here = Path.cwd()
    checkout = Path(__file__).resolve().parents[2] / "lessons" / "puzzles"
    return [here / "puzzles", here / "lessons" / "puzzles", here, checkout]


def find_lesson_file(name: str, folder: str | Path | None = None) -> Path:
    """The puzzle file of lesson ``name`` ("05", or "05-binary-numbers")."""
    name = name.strip().removesuffix(".toml").removesuffix(".ipynb").removesuffix(".md")
    if not _NAME.match(name):
        raise LessonSetupError(
            _('a lesson is named by its number, like mathplay.lesson("05"), not {name!r}').format(
                name=name
            )
        )
    number = name[:2]
    seen: list[str] = []
    for place in _folders(folder):
        # One listing, no other look at the folder: on the website each look is a round
        # trip through the page.
        try:
            listed = sorted(os.listdir(place))
        except OSError:  # no such folder, or not a folder
            continue
        for file_name in listed:
            if not (file_name.startswith(f"{number}-") and file_name.endswith(".toml")):
                continue
            path = place / file_name
            if path.stem == name or name == number:
                return path
            seen.append(path.stem)
    where = ", ".join(str(p) for p in _folders(folder))
    found = _(" (found {names})").format(names=", ".join(seen)) if seen else ""
    raise LessonSetupError(
        _("there is no puzzle file for lesson {name} in {where}{found}").format(
            name=name, where=where, found=found
        )
    )


class OpenLesson:
    """A lesson's puzzles, one call per cell (see the module's docstring).

    ``folder`` is where the lesson's puzzle file is (found beside the notebook when not
    given); ``log`` where the attempts go (as for :class:`PuzzleSet`). A file written in
    another language (``language = "es"``) makes mathplay speak it, unless
    ``speak_its_language`` is false (a language chosen in the code).
    """

    def __init__(
        self,
        name: str,
        *,
        folder: str | Path | None = None,
        log: str | Path | None = DEFAULT_LOG,
        speak_its_language: bool = True,
    ) -> None:
        self.path = find_lesson_file(name, folder)
        self.name = self.path.stem
        self.log = log
        try:
            self.sheet: Worksheet = load(self.path)
        except PuzzleFileError as error:
            problems = "; ".join(str(problem) for problem in error.problems)
            raise LessonSetupError(
                _("the puzzles of lesson {name} cannot be used yet: {problems}").format(
                    name=self.name, problems=problems
                )
            ) from None
        if speak_its_language and self.sheet.language:
            set_language(self.sheet.language)  # a Spanish lesson speaks Spanish
        if self.sheet.language:
            self.sheet.key = english_title(self.path)
        set_current_lesson(self.name)
        self.welcome = self._welcome()

    def __repr__(self) -> str:
        return f"OpenLesson({self.name!r})"

    # --- the top of the lesson ------------------------------------------------------

    def _welcome(self) -> w.VBox:
        known = current_pupil()
        # The greeting says the name once it is given (a live region): not the area too.
        self.name_area = NameArea(self._named, known, ask_now=True, says_name=False)
        self.name_area.memory.keep_top = True  # after Run All, back to the lesson's top
        self.greeting = SaidAloud()
        self.greeting.add_class("mathplay-lesson-greeting")
        if known:
            self._named(known)
        else:
            self.greeting.value = "<p>{}</p>".format(
                html.escape(
                    _(
                        "Write your name in the box and press Enter. Your answers in this "
                        "lesson are kept under your name for your teacher."
                    )
                )
            )
        box = w.VBox([self.greeting, self.name_area])
        box.add_class("mathplay-lesson")
        return box

    def _named(self, name: str) -> None:
        if hub_user():
            text = _("Hello {name}! Your answers are kept for your teacher.")
        else:
            text = _("Hello {name}! Your answers are kept under your name for your teacher.")
        self.greeting.value = f"<p>{html.escape(text.format(name=name))}</p>"

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.welcome)

    # --- the cells ------------------------------------------------------------------

    def puzzle(self, which: int | str) -> PuzzleSet:
        """One guided puzzle: the file's puzzle number ``which`` (from 1) or with that id.

        Its heading counts the guided puzzles only ("Puzzle 2 of 6"): the end check's
        puzzles are not part of that count."""
        puzzles = self.sheet.puzzles
        if isinstance(which, int) and not isinstance(which, bool) and 1 <= which <= len(puzzles):
            which = puzzles[which - 1].id
        guided = [p for p in puzzles if p.id not in self.sheet.check or p.id == which]
        sheet = dataclasses.replace(self.sheet, puzzles=guided)
        return PuzzleSet(sheet, only=[which], log=self.log)

    def practice(self, number: int = 1) -> Practice:
        """The file's ``[practice]`` (``number`` for the second of two ``[[practice]]``)."""
        if not self.sheet.practices:
            raise LessonSetupError(
                _(
                    "the puzzle file {file} has no [practice] table, like: [practice] "
                    'kind = "missing" level = 1'
                ).format(file=self.path.name)
            )
        if not 1 <= number <= len(self.sheet.practices):
            count = len(self.sheet.practices)
            raise LessonSetupError(
                _n(
                    "the puzzle file {file} has {n} practice, so there is no practice {number}",
                    "the puzzle file {file} has {n} practices, so there is no practice {number}",
                    count,
                ).format(file=self.path.name, n=count, number=number)
            )
        options = dict(self.sheet.practices[number - 1])
        return Practice(log=self.log, **options)

    def check(self, retake: bool | None = None) -> PuzzleSet:
        """The end check: the file's ``[check]`` puzzles, one after another, recorded as
        the set "<title>: end check" so the teacher's report shows them apart. A pupil who
        comes back finds their answers kept, and takes it once: ``retake=True`` (or
        ``retake = true`` in the file's ``[check]``) lets a pupil who finished it take it
        again, each sitting recorded with its number."""
        if not self.sheet.check:
            raise LessonSetupError(
                _(
                    "the puzzle file {file} has no [check] table, like: [check] "
                    'puzzles = ["a", "b", "c"]'
                ).format(file=self.path.name)
            )
        puzzles = [self.sheet.puzzle(pid) for pid in self.sheet.check]
        title = _("{title}: end check").format(title=self.sheet.title)
        key = ""
        if self.sheet.key:
            with speaking("en"):  # the English check's name: one set in every language
                key = _("{title}: end check").format(title=self.sheet.key)
        sheet = dataclasses.replace(self.sheet, title=title, puzzles=puzzles, key=key)
        allowed = self.sheet.check_retake if retake is None else bool(retake)
        ps = PuzzleSet(sheet, log=self.log, moment=CHECK, retake=allowed)
        ps.add_class("mathplay-lesson-check")
        return ps


def english_title(path: Path) -> str:
    """The title of the English file a translated lesson's puzzle file translates
    (``lessons/es/puzzles/05-….toml`` → ``lessons/puzzles/05-….toml``), or ``""`` when
    there is none to read: the name of the lesson's sets in every language."""
    english = path.parent.parent.parent / "puzzles" / path.name
    try:
        if not english.is_file() or english.stat().st_size > MAX_CHARS * 4:
            return ""
        title = tomllib.loads(english.read_text(encoding="utf-8")).get("title")
    except (tomllib.TOMLDecodeError, UnicodeDecodeError, OSError):
        return ""
    return title.strip() if isinstance(title, str) else ""


def lesson(
    name: str,
    *,
    folder: str | Path | None = None,
    show: bool = True,
    language: str | None = None,
    **options: Any,
) -> OpenLesson:
    """Set up lesson ``name`` ("05"): its puzzles, the records, and the pupil's name box
    at the top (shown in the notebook when ``show``). ``language`` (``"es"``, ``"ms"``,
    ``"el"``, ``"en"``) is the language the lesson's widgets speak
    (:func:`mathplay.set_language`); by default the language the lesson's puzzle file
    is written in (``language = "es"`` in a translated lesson's file), else the one
    already chosen, or the pupil's Jupyter's."""
    if language is not None:
        set_language(language)
    found = OpenLesson(name, folder=folder, speak_its_language=language is None, **options)
    if show:
        try:
            from IPython import get_ipython
            from IPython.display import display
        except ImportError:  # pragma: no cover - IPython comes with Jupyter
            return found
        if get_ipython() is not None:
            show_note()  # seen only when the widgets are gone (mathplay/widgets/stale.py)
            display(found.welcome)
    return found
