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

import html
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import ipywidgets as w

from mathplay.errors import MathplayError
from mathplay.i18n import _
from mathplay.puzzles.format import Problem, Puzzle, PuzzleFileError, Worksheet
from mathplay.puzzles.kinds import KINDS, Kind, KindError, Result
from mathplay.puzzles.kinds.moves import Move
from mathplay.puzzles.progress import DEFAULT_LOG, record
from mathplay.puzzles.validate import load, validate

__all__ = ["PuzzleSet"]

_GOOD = "var(--jp-success-color1, #2e7d32)"
_BAD = "var(--jp-error-color1, #c62828)"


def _p(text: str, colour: str | None = None) -> str:
    style = f' style="color:{colour}"' if colour else ""
    return f"<p{style}>{html.escape(text)}</p>"


class PuzzleSet(w.VBox):  # type: ignore[misc]
    """A puzzle set (a ``.toml`` path, a shipped set's name, or a ``Worksheet``).

    ``who`` is the student's name (a name box is shown when it is not given); attempts
    are appended to ``log`` (a JSON-lines file; ``None`` keeps nothing). ``only`` shows
    just some puzzles of the set, by id or by number from 1 (a lesson shows one at a
    time this way); a single puzzle is shown without the set's Next button and progress.
    """

    def __init__(
        self,
        source: str | Path | Worksheet,
        *,
        who: str | None = None,
        log: str | Path | None = DEFAULT_LOG,
        only: Sequence[str | int] | None = None,
    ) -> None:
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
                    _p(_("This puzzle set cannot be used yet. Please tell your teacher:"), _BAD)
                    + f"<ul>{lines}</ul>"
                )
            ]
            return
        if only is not None:
            try:
                self.sheet = _select(self.sheet, only)
            except MathplayError as error:
                self.sheet = None
                self.children = [w.HTML(_p(str(error), _BAD))]
                return
        single = len(self.sheet.puzzles) == 1
        self.index = 0
        self.solved: set[str] = set()
        self.hints_used = 0
        self._hints: list[str] | None = None
        self._shown_at = time.monotonic()
        self.name_box = w.Text(description=_("Your name"), value=who or "")
        self.name_box.layout.display = "none" if who or single else None
        self.title = w.HTML(f"<h3>{html.escape(self.sheet.title)}</h3>")
        self.progress_bar = w.IntProgress(min=0, max=len(self.sheet.puzzles), value=0)
        self.progress_label = w.HTML()
        self.heading = w.HTML()
        self.question = w.HTML()
        self.board = w.HTML()
        self.answer_box = w.Text(placeholder=_("your answer"), continuous_update=False)
        self.choice_row = w.HBox()
        self.choice_buttons: list[w.Button] = []
        self.check_button = w.Button(description=_("Check"), button_style="primary")
        self.hint_button = w.Button(description=_("Hint"), icon="lightbulb-o")
        self.next_button = w.Button(description=_("Next"))
        self.feedback = w.HTML()
        self.hint_area = w.HTML()
        for widget, name in (
            (self.check_button, "check"),
            (self.hint_button, "hint"),
            (self.next_button, "next"),
            (self.feedback, "feedback"),
        ):
            widget.add_class(f"mathplay-puzzles-{name}")
        self.check_button.on_click(lambda _b: self.check())
        self.hint_button.on_click(lambda _b: self.hint())
        self.next_button.on_click(lambda _b: self.next())
        progress_row = w.HBox([self.progress_bar, self.progress_label])
        if single:
            progress_row.layout.display = "none"
            self.next_button.layout.display = "none"
        self.children = [
            self.title,
            self.name_box,
            progress_row,
            self.heading,
            self.question,
            self.board,
            self.answer_box,
            self.choice_row,
            w.HBox([self.check_button, self.hint_button, self.next_button]),
            self.feedback,
            self.hint_area,
        ]
        self._show()

    # --- state -----------------------------------------------------------------------

    @property
    def puzzle(self) -> Puzzle:
        assert self.sheet is not None
        return self.sheet.puzzles[self.index]

    @property
    def kind(self) -> Kind:
        return KINDS[self.puzzle.kind]

    @property
    def finished(self) -> bool:
        return self.sheet is not None and self.index >= len(self.sheet.puzzles)

    def _update_progress(self) -> None:
        assert self.sheet is not None
        total = len(self.sheet.puzzles)
        self.progress_bar.value = len(self.solved)
        self.progress_label.value = html.escape(
            _("{solved} of {total} solved").format(solved=len(self.solved), total=total)
        )

    def _show(self) -> None:
        assert self.sheet is not None
        self.hints_used, self._hints = 0, None
        self._shown_at = time.monotonic()
        self.feedback.value = self.hint_area.value = ""
        self.answer_box.value = ""
        self._update_progress()
        if self.finished:
            total = len(self.sheet.puzzles)
            self.heading.value = _p(
                _("🎉 You reached the end of the set: {solved} of {total} solved.").format(
                    solved=len(self.solved), total=total
                )
            )
            self.question.value = self.board.value = ""
            self.answer_box.layout.display = self.choice_row.layout.display = "none"
            for button in (self.check_button, self.hint_button, self.next_button):
                button.disabled = True
            return
        puzzle, kind = self.puzzle, self.kind
        self.heading.value = "<b>{}</b> {}".format(
            html.escape(
                _("Puzzle {n} of {total}.").format(n=self.index + 1, total=len(self.sheet.puzzles))
            ),
            html.escape(kind.prompt(puzzle)),
        )
        self.question.value = (
            '<pre style="font-size:150%;margin:0.3em 0">'
            + html.escape(kind.question(puzzle))
            + "</pre>"
        )
        self.board.value = kind.game(puzzle)._repr_svg_() if isinstance(kind, Move) else ""
        choices = kind.choices(puzzle)
        while len(self.choice_buttons) < len(choices or []):
            button = w.Button()
            button.on_click(self._choose)
            self.choice_buttons.append(button)
        for button, choice in zip(self.choice_buttons, choices or []):
            button.description = button.tooltip = choice
            button.layout.width = "auto"
        self.choice_row.children = self.choice_buttons[: len(choices or [])]
        self.answer_box.layout.display = "none" if choices else None
        self.choice_row.layout.display = None if choices else "none"
        self.check_button.layout.display = "none" if choices else None
        self.answer_box.placeholder = (
            _("your move, like {e}").format(e=_move_example(puzzle))
            if puzzle.kind == "move"
            else _("your answer")
        )

    # --- actions -----------------------------------------------------------------------

    def _choose(self, button: w.Button) -> None:
        self.check(button.description)

    def check(self, answer: str | None = None) -> Result | None:
        """Check ``answer`` (the text box's value if not given) and show the feedback."""
        if self.finished or self.sheet is None:
            return None
        text = self.answer_box.value if answer is None else answer
        if not text.strip():
            self.feedback.value = _p(_("Type your answer first."))
            return None
        if len(text) > 300:
            self.feedback.value = _p(_("That answer is too long: write just the answer."), _BAD)
            return None
        try:
            result = self.kind.check(self.puzzle, text)
        except (MathplayError, KindError) as error:
            result = Result(False, str(error), text, False)
        self._record(text, result)
        extra = self.puzzle.feedback.get("right" if result.right else "wrong", "")
        if result.right:
            self.solved.add(self.puzzle.id)
            self._update_progress()
            self.feedback.value = _p("✅ " + result.message, _GOOD) + (_p(extra) if extra else "")
        else:
            self.feedback.value = (
                _p("❌ " + result.message, _BAD)
                + (_p(extra) if extra else "")
                + _p(_("Try again, or ask for a hint."))
            )
        return result

    def _record(self, text: str, result: Result) -> None:
        if self.log_path is None or self.sheet is None:
            return
        try:
            record(
                self.log_path,
                who=self.name_box.value.strip(),
                puzzle_set=self.sheet.title,
                puzzle=self.puzzle.id,
                answer=text,
                right=result.right,
                hints=self.hints_used,
                seconds=time.monotonic() - self._shown_at,
            )
        except OSError as error:
            self.log_error = str(error)

    def hint(self) -> str | None:
        """Show the next hint: the teacher's, then the game's, then a worked solution."""
        if self.finished or self.sheet is None:
            return None
        if self._hints is None:
            try:
                self._hints = [
                    *self.puzzle.hints,
                    *self.kind.auto_hints(self.puzzle),
                    self.kind.explain(self.puzzle),
                ]
            except (MathplayError, KindError) as error:
                self._hints = [str(error)]
        if self.hints_used >= len(self._hints):
            text = _("There are no more hints: the last one shows the whole solution.")
            self.hint_area.value += _p(text)
            return text
        text = self._hints[self.hints_used]
        self.hints_used += 1
        self.hint_area.value += (
            "<pre>" + html.escape(text) + "</pre>" if "\n" in text else _p("💡 " + text)
        )
        return text

    def next(self) -> None:
        """Go to the next puzzle (solved or not)."""
        if not self.finished:
            self.index += 1
            self._show()


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


def _move_example(puzzle: Puzzle) -> str:
    return {"summy": "I5 across 8x15=120", "mixmath": "I7 3"}.get(
        str(puzzle.fields.get("game")), "H8 across 1 + 1 = 10"
    )


def _select(sheet: Worksheet, only: Sequence[str | int]) -> Worksheet:
    """The puzzles of ``sheet`` named in ``only`` (ids, or numbers counted from 1)."""
    chosen: list[Puzzle] = []
    by_id = {puzzle.id: puzzle for puzzle in sheet.puzzles}
    for key in only:
        if isinstance(key, int) and 1 <= key <= len(sheet.puzzles):
            chosen.append(sheet.puzzles[key - 1])
        elif str(key) in by_id:
            chosen.append(by_id[str(key)])
        else:
            raise MathplayError(
                _("this set has no puzzle {key!r}: it has {count} puzzles ({ids})").format(
                    key=key, count=len(sheet.puzzles), ids=", ".join(by_id)
                )
            )
    return Worksheet(sheet.title, chosen)
