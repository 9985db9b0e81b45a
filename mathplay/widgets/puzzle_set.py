"""``PuzzleSet``: a set of puzzles in Jupyter, one at a time, with hints and progress.

>>> import tempfile, os
>>> log = os.path.join(tempfile.mkdtemp(), "progress.jsonl")
>>> ps = PuzzleSet("arithmetic", who="Ana", log=log)
>>> ps.answer_box.value = "4"
>>> ps.check_button.click()
>>> "Right" in ps.feedback.value, ps.progress_bar.value
(True, 1)
"""

from __future__ import annotations

import dataclasses
import html
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import ipywidgets as w

from mathplay.classroom.records import SET_KEY
from mathplay.classroom.resume import RETAKE, History
from mathplay.classroom.where import DEFAULT_LOG, name_key
from mathplay.errors import MathplayError
from mathplay.games.move_words import move_said
from mathplay.i18n import _, _n, set_language
from mathplay.puzzles.kinds import KINDS, KindError, Result
from mathplay.puzzles.kinds.move import Move
from mathplay.puzzles.model import Problem, Puzzle, PuzzleFileError, Worksheet
from mathplay.puzzles.moments import CHECK, GUIDED
from mathplay.puzzles.moments import feedback as moment_feedback
from mathplay.puzzles.validate import load, validate
from mathplay.widgets.feedback_html import BAD, GOOD, paragraph
from mathplay.widgets.puzzle_view import PuzzleView
from mathplay.widgets.save_results import SaveResults
from mathplay.widgets.shown import set_shown

__all__ = ["PuzzleSet"]


class PuzzleSet(PuzzleView):
    """A puzzle set (a ``.toml`` path, a shipped set's name, or a ``Worksheet``).

    ``who`` is the student's name; when it is not given, the name already written in
    this kernel (:func:`current_pupil`) is used, or a name box asks for it. Attempts are
    appended to ``log`` (a JSON-lines file; ``None`` keeps nothing). ``only`` shows just
    some puzzles of the set, by id or by number from 1 (a lesson shows one at a time
    this way, still numbered in the whole set: "Puzzle 2 of 4"); a single puzzle is
    shown without the set's Next button and progress. ``save_button`` shows **Save my
    results** at the end of the set (by default only in JupyterLite, where the records
    stay in the browser; ``mathplay.classroom.save_results``). ``language`` is the
    language it and the widgets after it speak (:func:`mathplay.set_language`).
    """

    def __init__(
        self,
        source: str | Path | Worksheet,
        *,
        who: str | None = None,
        log: str | Path | None = DEFAULT_LOG,
        only: Sequence[str | int] | None = None,
        save_button: bool | None = None,
        moment: str = GUIDED,
        language: str | None = None,
        retake: bool = False,
    ) -> None:
        if language is not None:
            set_language(language)
        super().__init__()
        self.add_class("mathplay-puzzles")
        self.log_path = log
        self.problems: list[Any] = []
        try:
            self.sheet: Worksheet | None = _open(source)
        except PuzzleFileError as error:
            self.sheet = None
            self.problems = error.problems
            lines = "".join(f"<li>{html.escape(str(p))}</li>" for p in error.problems)
            self.children = [
                w.HTML(
                    paragraph(
                        _("This puzzle set cannot be used yet. Please tell your teacher:"), BAD
                    )
                    + f"<ul>{lines}</ul>"
                )
            ]
            return
        #: Each shown puzzle's number in the whole set (from 1), and the set's size.
        self.numbers = list(range(1, len(self.sheet.puzzles) + 1))
        self.set_size = len(self.sheet.puzzles)
        if only is not None:
            try:
                self.sheet, self.numbers = _select(self.sheet, only)
            except MathplayError as error:
                self.sheet = None
                self.children = [w.HTML(paragraph(str(error), BAD))]
                return
        # An end check asks the name right here, as a practice does: it shows no
        # question before the pupil is known (their records say where it goes on).
        self._build(who, log, moment=moment, ask_now=True if moment == CHECK else None)
        single = len(self.sheet.puzzles) == 1
        self._single = single
        #: After an end check: each question, the pupil's answer, the right one, why.
        self.review = w.HTML()
        self.review.add_class("mathplay-puzzles-review")
        self.index = 0
        self.solved: set[str] = set()
        #: An end check a pupil may take again once finished (the teacher's switch), and
        #: which sitting this is (0: the first; the records of a retake say its number).
        self.retake = retake
        self.sitting = 0
        #: The pupil whose records the widget was last set from (mathplay.classroom.resume).
        self._resumed_for: str | None = None
        self.title = w.HTML(f"<h3>{html.escape(self.sheet.title)}</h3>")
        self.progress_bar = w.IntProgress(
            min=0, max=len(self.sheet.puzzles), value=0, description=_("Solved")
        )
        self.progress_label = w.HTML()
        self.progress_row = w.HBox([self.progress_bar, self.progress_label])
        if single:
            self.progress_row.layout.display = "none"
            self.next_button.layout.display = "none"
        #: What to do before an end check starts: write the name (hidden otherwise).
        self.start_note = self._start_note()
        set_shown(self.start_note, False)
        self.children = [
            self.title,
            *self._top(),
            self.start_note,
            self.progress_row,
            *self._card(),
        ]
        #: "Save my results", shown at the end of the set (see save_results.py).
        self.save_results = SaveResults.for_view(self, save_button)
        #: An end check waiting for the pupil's name: no question on show yet.
        self.before_name = self.moment == CHECK and not self.pupil
        if self.before_name:
            self._show_card(False)
        elif not self._resume():
            self._show()

    # --- state -----------------------------------------------------------------------

    @property
    def finished(self) -> bool:
        return self.sheet is not None and self.index >= len(self.sheet.puzzles)

    def _update_progress(self) -> None:
        assert self.sheet is not None
        total = len(self.sheet.puzzles)
        if self.moment == CHECK:
            self.progress_bar.value = len(self.answers)
            self.progress_bar.description = _("Answered")
            self.progress_label.value = html.escape(
                _("{n} of {total} answered").format(n=len(self.answers), total=total)
            )
            return
        self.progress_bar.value = len(self.solved)
        self.progress_label.value = html.escape(
            _("{solved} of {total} solved").format(solved=len(self.solved), total=total)
        )

    def _show(self) -> None:
        assert self.sheet is not None
        self._update_progress()
        if self.finished:
            done = self._end_words(len(self.solved), len(self.sheet.puzzles))
            self._stop(paragraph(done))
            self.feedback.value = self.hint_area.value = ""
            if self.moment == CHECK and self.review not in self.children:
                self.review.value = self._review_html()
                self.children = [*self.children, self.review]
            if self.save_results is not None and self.save_results not in self.children:
                self.children = [*self.children, self.save_results]
            return
        puzzle = self.sheet.puzzles[self.index]
        self._present(puzzle, self._heading() or "")
        self.solved_now = puzzle.id in self.solved

    def _end_words(self, solved: int, total: int) -> str:
        """What the set says at its end: a star only for a whole set right, and plain
        words, not a cheer, when little or nothing was solved."""
        if self.moment == CHECK:
            if total and solved == total:
                words = _("★ Well done! You finished the end check: {right} of {total} right.")
            else:
                words = _("You finished the end check: {right} of {total} right.")
            return words.format(right=solved, total=total)
        if total and solved == total:
            return _("★ Well done! You solved the whole set: {solved} of {total}.").format(
                solved=solved, total=total
            )
        if solved == 0:
            return _(
                "You reached the end of the set. No puzzle is solved yet: they are worth "
                "another try next time."
            )
        return _("You reached the end of the set: {solved} of {total} solved.").format(
            solved=solved, total=total
        )

    # --- coming back ---------------------------------------------------------------------

    def _set_name(self) -> str:
        """The set's name in every language: what its records are known by."""
        assert self.sheet is not None
        return self.sheet.key or self.sheet.title

    def _resume(self) -> bool:
        """Open where the pupil left the set, from their records: the guided puzzles
        they solved shown solved with their answer, the first unsolved one on show; an
        end check at its first question not answered, its answers kept and counted,
        finished (with its review) when every question is answered — and, when the
        teacher allows a retake, a finished one taken again. Whether anything was found."""
        if self.sheet is None or not self.pupil or self.log_path is None:
            return False
        who = name_key(self.pupil)
        if self._resumed_for == who:
            return False
        if self._resumed_for is not None:  # another pupil now: nothing of the last one's
            self.solved, self.answers, self.index, self.sitting = set(), {}, 0, 0
            self._show()
        self._resumed_for = who
        history = History.of(self.pupil, self.log_path)
        ids = [puzzle.id for puzzle in self.sheet.puzzles]
        if self.moment == CHECK:
            self.sitting = history.retakes(self._set_name())
            answers = {
                pid: given
                for pid, given in history.answered(self._set_name(), self.sitting).items()
                if pid in ids
            }
            if self.retake and answers and len(answers) == len(ids):
                self.sitting += 1  # the teacher allows it: a new sitting, recorded as such
                answers = {}
            if not answers:
                return False
            self.answers = answers
            self.solved = {pid for pid, (_given, right) in answers.items() if right}
            self.index = next((i for i, pid in enumerate(ids) if pid not in answers), len(ids))
            self._show()
            return True
        solved = {pid: answer for pid, answer in history.solved(self._set_name()).items()
                  if pid in ids}  # fmt: skip
        if not solved:
            return False
        self.solved = set(solved)
        self.index = next((i for i, pid in enumerate(ids) if pid not in solved), 0)
        self._show()
        if self.current is not None and self.current.id in solved:
            self._show_solved(solved[self.current.id])
        return True

    def _show_solved(self, answer: str) -> None:
        """The puzzle on show was solved before, with ``answer``: show it so."""
        try:
            result = self.kind.check(self.puzzle, answer)
        except (MathplayError, KindError):
            return
        if not result.right:
            return
        shown = {choice: text for text, choice in self._choice_of.items()}
        if self.choice_row.choices and shown.get(answer, answer) in self.choice_row.choices:
            self.choice_row.picked = self.choice_row.choices.index(shown.get(answer, answer))
        else:
            self.answer_box.value = answer
        self.solved_now = True
        words = moment_feedback(self.kind, self.puzzle, answer, result, self.moment)
        self.feedback.value = paragraph(words, GOOD, "✓ " + _("Right!")) + paragraph(
            _("You solved this puzzle before: your answer is kept.")
        )

    def _show_card(self, shown: bool) -> None:
        """Show the question, its count and its buttons, or (before the pupil of an end
        check is known) only the note that says to write the name."""
        for part in (self.heading, self.question, self.board, self.buttons):
            set_shown(part, shown)
        set_shown(self.progress_row, shown and not self._single)
        set_shown(self.start_note, not shown)
        if not shown:
            self.current = None  # nothing to answer, nor to check an answer against
            self.heading.value = self.question.value = self.board.value = ""
            set_shown(self.answer_box, False)
            set_shown(self.choice_row, False)

    def _pupil_known(self, name: str) -> None:
        if self.before_name:
            # The end check starts now, where the pupil's records say.
            self.before_name = False
            self._show_card(True)
            if not self._resume():
                self._show()
        if self._resume() and self.waiting_answer is not None and self.solved_now:
            self.waiting_answer = None  # solved before: the answer that waited is not new
        super()._pupil_known(name)

    def _heading(self) -> str | None:
        if self.sheet is None or self.finished:
            return None
        return _("Puzzle {n} of {total}.").format(n=self.numbers[self.index], total=self.set_size)

    def _after_check(self, result: Result) -> None:
        if result.right:
            self.solved.add(self.puzzle.id)
        self._update_progress()

    def _review_html(self) -> str:
        """Each question of a finished end check: the pupil's answer, right or not, the
        right answer and the worked solution."""
        assert self.sheet is not None
        rows = []
        for number, puzzle in zip(self.numbers, self.sheet.puzzles):
            kind = KINDS[puzzle.kind]
            given, right = self.answers.get(puzzle.id, ("", False))
            try:
                if isinstance(kind, Move):  # the move the worked solution plays
                    answer = move_said(kind.key(puzzle))  # in the board's log's words
                else:
                    answer = puzzle.answer or next(iter(kind.solutions(puzzle, 1)), "")
                why = kind.explain(puzzle)
                question = kind.question(puzzle)
            except (MathplayError, KindError) as error:
                answer, why, question = "", str(error), ""
            mark = ("✓ " + _("right")) if right else ("✗ " + _("not right"))
            yours = html.escape(given) if given else "<i>" + html.escape(_("no answer")) + "</i>"
            rows.append(
                "<li><p><b>{head}</b> {question}</p><p>{yours_label} {yours} ({mark}) · "
                "{right_label} {answer}</p><pre>{why}</pre></li>".format(
                    head=html.escape(_("Question {n}.").format(n=number)),
                    question=html.escape(question),
                    yours_label=html.escape(_("Your answer:")),
                    yours=yours,
                    mark=html.escape(mark),
                    right_label=html.escape(_("The answer:")),
                    answer=html.escape(answer),
                    why=html.escape(why),
                )
            )
        title = html.escape(_("Your answers, and how each one is worked out"))
        return f"<h4>{title}</h4><ol>{''.join(rows)}</ol>"

    def _record_fields(self) -> dict[str, Any]:
        assert self.sheet is not None
        fields: dict[str, Any] = {
            "set": self.sheet.title,
            SET_KEY: self.sheet.key or None,
            "puzzle": self.puzzle.id,
            "seed": _generated_seed(self.sheet),
            # What the teacher's term view needs to tell an end check's score from a
            # guided set's (mathplay.classroom.roster.set_rows): the moment, and how
            # many questions the set has.
            "moment": self.moment,
            "questions": len(self.sheet.puzzles),
        }
        if self.sitting:
            fields[RETAKE] = self.sitting
        return fields

    def next(self) -> None:
        """Go to the next puzzle (solved or not). In an end check, the time from the
        answer to Next is written down too (the report's minutes count it)."""
        if self.moment == CHECK and not self.finished and self._answered_here:
            self._record_next()
        if not self.finished:
            self.index += 1
            self._show()
            if not self.finished:
                self.focus_answer()


def _open(source: Any) -> Worksheet:
    """The set to show, checked; PuzzleFileError listing its problems if it has any."""
    if isinstance(source, Worksheet):
        problems = validate(source)
        if problems:
            raise PuzzleFileError(problems)
        return source
    if not isinstance(source, (str, Path)):
        message = _("give a puzzle file's path or a shipped set's name, not {what}")
        raise PuzzleFileError(
            [Problem(repr(source), None, None, message.format(what=type(source).__name__))]
        )
    return load(source)


def _generated_seed(sheet: Worksheet) -> int | None:
    """The seed a generated set was made with (its description says), else ``None``."""
    found = re.search(r"mathplay puzzles generate .*--seed (-?\d+)", sheet.description)
    return int(found.group(1)) if found else None


def _select(sheet: Worksheet, only: Sequence[str | int]) -> tuple[Worksheet, list[int]]:
    """The puzzles of ``sheet`` named in ``only`` (ids, or numbers counted from 1), and
    their numbers in the whole set."""
    chosen: list[Puzzle] = []
    numbers: list[int] = []
    by_id = {puzzle.id: number for number, puzzle in enumerate(sheet.puzzles, start=1)}
    for key in only:
        if isinstance(key, int) and 1 <= key <= len(sheet.puzzles):
            number = key
        elif str(key) in by_id:
            number = by_id[str(key)]
        else:
            count = len(sheet.puzzles)
            raise MathplayError(
                _n(
                    "this set has no puzzle {key!r}: it has {count} puzzle ({ids})",
                    "this set has no puzzle {key!r}: it has {count} puzzles ({ids})",
                    count,
                ).format(key=key, count=count, ids=", ".join(by_id))
            )
        chosen.append(sheet.puzzles[number - 1])
        numbers.append(number)
    # The selection keeps the set's title, language and name in every language.
    return dataclasses.replace(sheet, puzzles=chosen, practices=[], check=[]), numbers
