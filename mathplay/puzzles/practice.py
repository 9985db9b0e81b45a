"""``Practice``: fresh puzzles of one kind and level until the pupil masters them.

The puzzles come from the generator, one at a time, drawn with a seed of the pupil's
own (made from the name, the kind and the level), so two pupils side by side get
different puzzles, and one pupil gets the same ones again after a restart. The pupil
masters the practice with ``goal`` right answers in a row without hints; a wrong answer
or a hint starts the row again.

>>> import tempfile, os
>>> log = os.path.join(tempfile.mkdtemp(), "progress.jsonl")
>>> practice = Practice("convert", 1, goal=2, who="Ana", log=log)
>>> for _ in range(2):
...     practice.answer_box.value = practice.puzzle.answer
...     practice.check_button.click()
...     practice.next_button.click()
>>> practice.streak, practice.mastered
(2, True)
>>> pupil_seed("Ana", "convert", 1) == practice.seed != pupil_seed("Bo", "convert", 1)
True
"""

from __future__ import annotations

import hashlib
import html
import sys
from pathlib import Path
from typing import Any

import ipywidgets as w

from mathplay.errors import MathplayError
from mathplay.i18n import _, _n
from mathplay.puzzles.format import (
    Problem,
    Puzzle,
    PuzzleFileError,
    read_file,
    suggest,
)
from mathplay.puzzles.generate import generate, level_title
from mathplay.puzzles.kinds import KINDS, Result
from mathplay.puzzles.moments import PRACTICE
from mathplay.puzzles.progress import DEFAULT_LOG
from mathplay.puzzles.save_results import SaveResults
from mathplay.puzzles.sections import MOST_GOAL
from mathplay.puzzles.sections import PRACTICE_KEYS as _PRACTICE_KEYS
from mathplay.puzzles.shown import set_shown
from mathplay.puzzles.widget import _BAD, _GOOD, PuzzleView, _p

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

__all__ = ["Practice", "PracticeError", "pupil_seed", "streak_text"]

#: A puzzle is drawn again when it is the same as one of the last few shown.
_RECENT = 5


class PracticeError(MathplayError, ValueError):
    """A practice that cannot be set up: a goal or seed of the wrong kind."""


def pupil_seed(name: str, kind: str, level: int) -> int:
    """The seed of ``name``'s puzzles of ``kind`` at ``level``: the same name (in any
    case, with any spaces around it) always gets the same one.

    >>> pupil_seed("Ana", "missing", 1) == pupil_seed(" ana ", "missing", 1)
    True
    >>> pupil_seed("Ana", "missing", 1) == pupil_seed("Ana", "missing", 2)
    False
    """
    text = f"{name.strip().casefold()}\n{kind}\n{level}"
    return int(hashlib.sha256(text.encode("utf-8")).hexdigest()[:8], 16)


def streak_text(streak: int, goal: int) -> str:
    """How far the row is, in words.

    >>> [streak_text(n, 4) for n in (0, 2, 3, 4)]  # doctest: +NORMALIZE_WHITESPACE
    ['Get 4 right in a row, without hints, to master this.', '2 in a row: 2 more to go',
     '3 in a row — one more!', 'Mastered! 4 in a row without hints.']
    """
    if streak >= goal:
        return _n(
            "Mastered! {goal} right without hints.",
            "Mastered! {goal} in a row without hints.",
            goal,
        ).format(goal=goal)
    if streak == 0:
        return _n(
            "Get {goal} right, without hints, to master this.",
            "Get {goal} right in a row, without hints, to master this.",
            goal,
        ).format(goal=goal)
    left = goal - streak
    if left == 1:
        return _("{streak} in a row — one more!").format(streak=streak)
    return _("{streak} in a row: {left} more to go").format(streak=streak, left=left)


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class Practice(PuzzleView):
    """Puzzles of ``kind`` at ``level`` (the generator's levels, ``docs/puzzles.md``),
    one at a time, until ``goal`` are right in a row without hints.

    ``who`` is the pupil's name (else the name written in this kernel, else a name box
    asks before the first puzzle). ``seed`` gives every pupil the same puzzles; without
    it each pupil has a seed of their own (:func:`pupil_seed`). Every Check is recorded
    in ``log`` as ``PuzzleSet`` records it, with the practice's ``kind``, ``level`` and
    ``seed``; ``save_button`` shows **Save my results** under it (as ``PuzzleSet``).
    """

    def __init__(
        self,
        kind: str,
        level: int,
        goal: int = 4,
        who: str | None = None,
        seed: int | None = None,
        log: str | Path | None = DEFAULT_LOG,
        save_button: bool | None = None,
    ) -> None:
        super().__init__()
        self.add_class("mathplay-practice")
        self.kind_name, self.level, self.goal = kind, level, goal
        self.fixed_seed = seed
        self.problems: list[str] = []
        self.streak = 0
        self.mastered = False
        #: How many puzzles were shown, and how many drawn (a repeat is drawn again).
        self.shown = self.drawn = 0
        #: Whether the puzzle in front of the pupil can still add to the row.
        self.counts = True
        self._recent: list[str] = []
        self._seed: int | None = None
        try:
            self._check_options()
            self.title_text = level_title(kind, level)
        except MathplayError as error:
            self._refuse(str(error))
            return
        # A practice cannot start without the pupil's name, so it asks right here.
        self._build(who, log, ask_now=True, moment=PRACTICE)
        self.title = w.HTML(
            "<h3>{}</h3>".format(html.escape(_("Practice: {title}").format(title=self.title_text)))
        )
        self.streak_bar = w.IntProgress(min=0, max=goal, value=0, description=_("In a row"))
        self.streak_label = w.HTML()
        self.streak_label.add_class("mathplay-practice-streak")
        self.status = w.HTML()
        self.next_button.description = _("Next puzzle")
        self.start_note = w.HTML(_p(_("Write your name in the box, then press Enter to start.")))
        row = w.HBox([self.streak_bar, self.streak_label])
        row.layout.align_items = "center"
        card = self._card()
        # What happened to the row is said right under the feedback on the answer.
        card.insert(card.index(self.feedback) + 1, self.status)
        self.children = [self.title, *self._top(), self.start_note, row, *card]
        #: "Save my results" under the practice (see save_results.py).
        self.save_results = SaveResults.for_view(self, save_button)
        if self.save_results is not None:
            self.children = [*self.children, self.save_results]
        self.name_area.ask_row.layout.observe(self._asking, "display")
        self._update_streak()
        if self.fixed_seed is not None or self.pupil:
            self._start()
        else:
            self._set_card_visible(False)

    @classmethod
    def from_file(
        cls, path: str | Path, *, who: str | None = None, log: str | Path | None = DEFAULT_LOG
    ) -> Practice:
        """The practice a puzzle file's ``[practice]`` table describes (``kind``,
        ``level``, and optional ``goal`` and ``seed``). A file that cannot be used shows
        its problems instead, as ``PuzzleSet`` does."""
        try:
            options = _read_practice(path)
        except PuzzleFileError as error:
            practice = cls.__new__(cls)
            w.VBox.__init__(practice)
            practice.problems = [str(problem) for problem in error.problems]
            practice._refuse("; ".join(practice.problems))
            return practice
        return cls(who=who, log=log, **options)

    # --- setting up ------------------------------------------------------------------

    def _check_options(self) -> None:
        if not _whole(self.goal) or not 1 <= self.goal <= MOST_GOAL:
            raise PracticeError(
                _("the goal is a whole number from 1 to {most}, not {goal!r}").format(
                    most=MOST_GOAL, goal=self.goal
                )
            )
        if self.fixed_seed is not None and (
            not _whole(self.fixed_seed) or not 0 <= self.fixed_seed < 2**64
        ):
            raise PracticeError(
                _("the seed is a whole number from 0, not {seed!r}").format(seed=self.fixed_seed)
            )

    def _refuse(self, message: str) -> None:
        self.current = None
        self.problems = self.problems or [message]
        self.children = [
            w.HTML(
                _p(_("This practice cannot be used yet. Please tell your teacher:"), _BAD)
                + _p(message)
            )
        ]

    @property
    def seed(self) -> int | None:
        """The seed of this practice's puzzles (``None`` until the pupil's name is known)."""
        if self._seed is not None:
            return self._seed
        if self.fixed_seed is not None:
            return self.fixed_seed
        return pupil_seed(self.pupil, self.kind_name, self.level) if self.pupil else None

    def _asking(self, change: dict[str, Any]) -> None:
        """The note under the name area says what to do: answer, or write the name."""
        if change["new"] == "none":
            text = _("Write your name in the box, then press Enter to start.")
        else:
            text = _("Answer the question above to start.")
        self.start_note.value = _p(text)

    def _pupil_known(self, name: str) -> None:
        super()._pupil_known(name)
        if self.current is None and not self.mastered and self.shown == 0:
            self._start()

    def _start(self) -> None:
        self._seed = self.seed
        self.start_note.layout.display = "none"
        self._set_card_visible(True)
        self.next()

    def _set_card_visible(self, visible: bool) -> None:
        for widget in (self.heading, self.question, self.board, self.buttons):
            set_shown(widget, visible)
        if not visible:
            self.answer_box.layout.display = self.choice_row.layout.display = "none"

    # --- the puzzles -----------------------------------------------------------------

    def puzzle_number(self, number: int) -> Puzzle:
        """The ``number``-th puzzle drawn for this practice's seed (from 1): the same
        seed and number always give the same puzzle."""
        seed = self.seed
        if seed is None:
            raise PracticeError(_("the practice has no seed yet: it needs the pupil's name"))
        puzzle = generate(self.kind_name, self.level, 1, seed=seed * 100_000 + number).puzzles[0]
        puzzle.id = f"{self.kind_name}-{self.level}-{number}"
        return puzzle

    def _draw(self) -> Puzzle:
        puzzle = None
        for _attempt in range(20):
            self.drawn += 1
            puzzle = self.puzzle_number(self.drawn)
            question = KINDS[self.kind_name].question(puzzle)
            if question not in self._recent:
                break
        assert puzzle is not None
        self._recent = [*self._recent, KINDS[self.kind_name].question(puzzle)][-_RECENT:]
        return puzzle

    def next(self) -> None:
        """Show a fresh puzzle."""
        if self.seed is None:
            return
        puzzle = self._draw()
        self.shown += 1
        self.counts = True
        self._present(puzzle, _("Puzzle {n}.").format(n=self.shown))
        self.next_button.disabled = True
        self.status.value = ""
        if self.shown > 1:
            self.answer_box.focus()

    def _has_next(self) -> bool:
        return self.solved_now

    # --- the row ---------------------------------------------------------------------

    def _update_streak(self) -> None:
        self.streak_bar.value = min(self.streak, self.goal)
        if self.mastered:
            text = _n(
                "🏆 Mastered! You got {goal} right without hints.",
                "🏆 Mastered! You got {goal} right in a row without hints.",
                self.goal,
            ).format(goal=self.goal)
            if self.streak and self.streak != self.goal:
                text += " " + _("Now: {streak} in a row.").format(streak=self.streak)
            self.streak_label.value = _span(text, _GOOD)
        else:
            self.streak_label.value = _span(streak_text(self.streak, self.goal))

    def _after_check(self, result: Result) -> None:
        if result.right:
            self.next_button.disabled = False
            if self.counts:
                self.streak += 1
                if self.streak >= self.goal and not self.mastered:
                    self.mastered = True
                    self.status.value = _p(
                        _("You can keep practising: press Next puzzle, or go on with the lesson."),
                    )
                else:
                    self.status.value = _p(_("Press Enter or Next puzzle for the next one."))
            else:
                self.status.value = _p(
                    _(
                        "This one does not add to your row, but the next one can. Press Enter or "
                        "Next puzzle."
                    )
                )
        elif result.readable:  # an answer that cannot be read is a slip, not a mistake
            self._lose_row(_("That answer was not right"))
        self._update_streak()

    def _after_hint(self, text: str) -> None:
        self._lose_row(_("You used a hint, and hints are there to help"))
        self._update_streak()

    def _lose_row(self, why: str) -> None:
        """A wrong answer or a hint: the puzzle cannot count, the row starts again."""
        if not self.counts:
            return
        self.counts = False
        if self.streak:
            message = _(
                "{why}, so your row of {n} starts again. That is part of practising: you can do it!"
            )
        else:
            message = _("{why}. This puzzle will not count for your row, but the next one can.")
        self.status.value = _p(message.format(why=why, n=self.streak))
        self.streak = 0

    def _record_fields(self) -> dict[str, Any]:
        return {
            "set": _("Practice: {title}").format(title=self.title_text),
            "puzzle": self.puzzle.id,
            "kind": self.kind_name,
            "level": self.level,
            "seed": self.seed,
        }


def _span(text: str, colour: str | None = None) -> str:
    style = f"color:{colour};" if colour else ""
    return f'<span style="{style}margin-left:0.8em;font-weight:bold">{html.escape(text)}</span>'


def _read_practice(path: str | Path) -> dict[str, Any]:
    """The options of the ``[practice]`` table in the file at ``path``."""
    text, name = read_file(path)

    def problem(message: str) -> PuzzleFileError:
        return PuzzleFileError([Problem(name, None, None, message)])

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise problem(_("the file is not valid TOML: {e}").format(e=error)) from None
    table = data.get("practice")
    if not isinstance(table, dict):
        raise problem(
            _('the file has no [practice] table, like [practice] kind = "missing" level = 1')
        )
    unknown = [key for key in table if key not in _PRACTICE_KEYS]
    if unknown:
        raise problem(
            _("unknown key '{key}' in [practice]{hint}; it has {known}").format(
                key=unknown[0],
                hint=suggest(unknown[0], _PRACTICE_KEYS),
                known=", ".join(_PRACTICE_KEYS),
            )
        )
    for key in ("kind", "level"):
        if key not in table:
            raise problem(_("[practice] needs a line {key} = …").format(key=key))
    return {key: table[key] for key in _PRACTICE_KEYS if key in table}
