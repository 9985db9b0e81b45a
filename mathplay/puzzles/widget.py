"""``PuzzleSet``: a set of puzzles in Jupyter, one at a time, with hints and progress.

The parts every puzzle widget shares (the name box, the question, an answer box where
Enter checks, a row of choices, Check and Hint, the feedback and the hint ladder, the
record of each attempt) are :class:`PuzzleView`; ``PuzzleSet`` and
:class:`mathplay.puzzles.practice.Practice` are built on it.

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
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as w
import traitlets

from mathplay.classroom.names import NameArea, current_pupil, set_pupil
from mathplay.classroom.records import DEFAULT_LOG, log_path, record, record_next, task_clock
from mathplay.classroom.save_results import SaveResults
from mathplay.errors import MathplayError
from mathplay.games.registry import GAMES
from mathplay.i18n import _, _n
from mathplay.puzzles.answerbox import AnswerBox
from mathplay.puzzles.format import Problem, Puzzle, PuzzleFileError, Worksheet
from mathplay.puzzles.kinds import KINDS, Kind, KindError, Result
from mathplay.puzzles.kinds.moves import Move
from mathplay.puzzles.moments import CHECK, GUIDED, MOMENTS
from mathplay.puzzles.moments import feedback as moment_feedback
from mathplay.puzzles.shown import is_shown, set_shown
from mathplay.puzzles.validate import load, validate

__all__ = ["ChoiceRow", "PuzzleSet", "PuzzleView", "current_pupil", "set_pupil"]

# The marks of right and wrong are ✓ and ✗, which every common font has, rather than
# emoji (school machines often have no emoji font); words always go with them.
_GOOD = "var(--jp-success-color1, #2e7d32)"
_BAD = "var(--jp-error-color1, #c62828)"


def _p(text: str, colour: str | None = None, label: str = "") -> str:
    """A paragraph of ``text``, with a bold ``label`` in front (``✓ Right!``)."""
    style = f' style="margin:0.3em 0;color:{colour}"' if colour else ' style="margin:0.3em 0"'
    head = f"<b>{html.escape(label)}</b> " if label else ""
    return f"<p{style}>{head}{html.escape(text)}</p>"


# --- a row of choices -----------------------------------------------------------------

_CHOICES_JS = """
function render({ model, el: host }) {
  const group = document.createElement("div");
  group.className = "mp-choices";
  group.setAttribute("role", "group");
  // Arrow keys and Enter here are the row's, not JupyterLab's notebook shortcuts.
  group.dataset.lmSuppressShortcuts = "true";
  host.append(group);
  let focused = 0;
  function move(to) {
    const buttons = [...group.querySelectorAll("button")];
    if (!buttons.length) return;
    focused = (to + buttons.length) % buttons.length;
    buttons.forEach((b, i) => { b.tabIndex = i === focused ? 0 : -1; });
    buttons[focused].focus();
  }
  function draw() {
    const choices = model.get("choices");
    const picked = model.get("picked");
    const hadFocus = group.contains(document.activeElement);
    if (focused >= choices.length) focused = 0;
    group.setAttribute("aria-label", model.get("label"));
    group.replaceChildren();
    choices.forEach((text, i) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "mp-choice" + (i === picked ? " mp-choice-picked" : "");
      button.setAttribute("aria-pressed", String(i === picked));
      button.tabIndex = i === focused ? 0 : -1;
      button.disabled = model.get("disabled");
      const words = document.createElement("span");
      words.textContent = text;
      button.append(words);
      if (i === picked) {
        const mark = document.createElement("span");
        mark.className = "mp-choice-mark";
        mark.textContent = model.get("picked_text");
        button.append(mark);
      }
      button.addEventListener("click", () => {
        focused = i;
        model.send({ event: "pick", index: i });
      });
      button.addEventListener("keydown", (event) => {
        const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
        if (step) move(i + step);
        else if (event.key === "Home") move(0);
        else if (event.key === "End") move(choices.length - 1);
        else return;
        event.preventDefault();
        event.stopPropagation();
      });
      group.append(button);
    });
    if (hadFocus) move(focused);
  }
  model.on("change:choices change:picked change:disabled change:label", draw);
  draw();
}
export default { render };
"""

_CHOICES_CSS = """
.mp-choices { display: flex; flex-wrap: wrap; gap: 8px; margin: 4px 0; }
.mp-choice {
  font: inherit; font-size: var(--jp-content-font-size2, 1.1em); padding: 6px 14px;
  border: 2px solid var(--jp-border-color1, #888); border-radius: 6px; cursor: pointer;
  background: var(--jp-layout-color1, #fff); color: var(--jp-content-font-color1, #000);
}
.mp-choice:hover { background: var(--jp-layout-color2, #eee); }
.mp-choice:focus-visible {
  outline: 3px solid var(--jp-brand-color1, #1976d2); outline-offset: 2px;
}
.mp-choice-picked {
  border-width: 4px; border-color: var(--jp-brand-color1, #1976d2); font-weight: bold;
}
.mp-choice-mark { margin-left: 0.6em; font-size: 85%; font-style: italic; }
.mp-choice:disabled { cursor: default; opacity: 0.8; }
"""

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

    _esm = _CHOICES_JS
    _css = _CHOICES_CSS

    choices = traitlets.List(traitlets.Unicode()).tag(sync=True)
    #: The index of the picked choice (from 0), -1 for none.
    picked = traitlets.Int(-1).tag(sync=True)
    #: The row's name for screen readers.
    label = traitlets.Unicode("").tag(sync=True)
    #: The words shown on the picked button.
    picked_text = traitlets.Unicode("").tag(sync=True)
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

    def _from_front_end(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("event") == "pick":
            index = content.get("index")
            if isinstance(index, int) and not isinstance(index, bool):
                self.pick(index + 1)


# --- one puzzle on the screen -----------------------------------------------------------


class PuzzleView(w.VBox):  # type: ignore[misc]
    """What every puzzle widget shows and does for the puzzle in front of the pupil.

    Subclasses say which puzzle that is (``_present``), what the record of an attempt
    holds besides the answer (``_record_fields``) and what follows a check or a hint
    (``_after_check``, ``_after_hint``).
    """

    def _build(
        self,
        who: str | None,
        log: str | Path | None,
        *,
        ask_now: bool | None = None,
        moment: str = GUIDED,
    ) -> None:
        if moment not in MOMENTS:
            raise MathplayError(
                _("the moment is one of {moments}, not {moment!r}").format(
                    moments=", ".join(MOMENTS), moment=moment
                )
            )
        #: When the pupil meets the puzzles: "guided", "practice" or "check" (what the
        #: feedback says, mathplay.puzzles.moments).
        self.moment = moment
        #: In an end check: each question's answer and whether it was right, by id.
        self.answers: dict[str, tuple[str, bool]] = {}
        self.log_path = log
        self.log_error = ""
        self.who = (who or "").strip() or None
        self.current: Puzzle | None = None
        self.hints_used = 0
        self.solution_seen = False
        self.solved_now = False
        self._hints: list[str] | None = None
        self._shown_at = task_clock().mark()
        #: Whether the puzzle on show has been answered (an end check then writes down
        #: the time to Next).
        self._answered_here = False
        #: An answer checked before the pupil's name was known: it is checked (and
        #: recorded) as soon as the name is given, where the pupil is.
        self.waiting_answer: str | None = None
        #: The name box, or "Are you Ana?" when the browser remembers a name. In a lesson
        #: it stays quiet (the lesson asks once, at the top) until a Check needs it, and
        #: then asks right above the feedback, where the pupil is.
        self.name_area = NameArea(self._pupil_known, self.who or current_pupil(), ask_now=ask_now)
        self.name_in_card = self.name_area.quiet
        self.name_box = self.name_area.box
        self.heading = w.HTML()
        self.question = w.HTML()
        self.board = w.HTML()
        self.answer_box = AnswerBox(
            description=_("Your answer"),
            placeholder=_("type it, then press Enter"),
        )
        # Enter sends the text on the screen with it, so Enter checks what the pupil
        # typed, however fast (see answerbox.py).
        self.answer_box.on_submit(lambda _text: self.press_enter())
        self.choice_row = ChoiceRow()
        self.choice_row.on_pick(self._picked)
        self.check_button = w.Button(description=_("Check"), button_style="primary")
        self.hint_button = w.Button(description=_("Hint"), icon="lightbulb-o")
        self.next_button = w.Button(description=_("Next"))
        self.feedback = w.HTML()
        self.hint_area = w.HTML()
        for widget, name in (
            (self.answer_box, "answer"),
            (self.choice_row, "choices"),
            (self.check_button, "check"),
            (self.hint_button, "hint"),
            (self.next_button, "next"),
            (self.feedback, "feedback"),
            (self.hint_area, "hints"),
        ):
            widget.add_class(f"mathplay-puzzles-{name}")
        self.check_button.on_click(lambda _b: self.check())
        self.hint_button.on_click(lambda _b: self.hint())
        if moment == CHECK:
            set_shown(self.hint_button, False)  # an end check is done without help
        self.next_button.on_click(lambda _b: self.next())
        self.buttons = w.HBox([self.check_button, self.hint_button, self.next_button])

    def _card(self) -> list[Any]:
        """The widgets of the puzzle itself, in order."""
        name = [self.name_area] if self.name_in_card else []
        return [
            self.heading,
            self.question,
            self.board,
            self.answer_box,
            self.choice_row,
            self.buttons,
            *name,
            self.feedback,
            self.hint_area,
        ]

    def _top(self) -> list[Any]:
        """The name area, when it asks at the top of the widget (outside a lesson)."""
        return [] if self.name_in_card else [self.name_area]

    # --- the pupil's name ---------------------------------------------------------------

    @property
    def pupil(self) -> str:
        """The name attempts are recorded under ("" while nobody said): ``who`` if
        given, else :func:`current_pupil`, else this name box's."""
        return self.who or current_pupil() or self.name_box.value.strip() or ""

    def _pupil_known(self, name: str) -> None:
        """A name box (this one or another) told the name, or the pupil confirmed it: an
        answer that waited for the name is checked and recorded now."""
        waiting, self.waiting_answer = self.waiting_answer, None
        if waiting is not None and self.current is not None and self.pupil:
            self.check(waiting)

    # --- showing a puzzle ---------------------------------------------------------------

    @property
    def puzzle(self) -> Puzzle:
        assert self.current is not None
        return self.current

    @property
    def kind(self) -> Kind:
        return KINDS[self.puzzle.kind]

    def _present(self, puzzle: Puzzle, heading: str) -> None:
        """Show ``puzzle`` under ``heading`` ("Puzzle 2 of 4."), fresh: no hints, no answer."""
        self.current = puzzle
        self.hints_used, self._hints = 0, None
        self.solution_seen = self.solved_now = False
        self._shown_at = task_clock().mark()
        self._answered_here = False
        kind = KINDS[puzzle.kind]
        self.feedback.value = self.hint_area.value = ""
        self.answer_box.value = ""
        self.hint_button.description = _("Hint")
        self.heading.value = f"<b>{html.escape(heading)}</b> {html.escape(kind.prompt(puzzle))}"
        self.question.value = (
            '<pre style="font-size:150%;margin:0.3em 0">'
            + html.escape(kind.question(puzzle))
            + "</pre>"
        )
        self.board.value = kind.game(puzzle)._repr_svg_() if isinstance(kind, Move) else ""
        choices = kind.choices(puzzle) or []
        self.choice_row.picked = -1
        self.choice_row.choices = choices
        self.choice_row.disabled = False
        set_shown(self.answer_box, not choices)
        set_shown(self.choice_row, bool(choices))
        set_shown(self.check_button, not choices)
        for button in (self.check_button, self.hint_button):
            button.disabled = False
        self.answer_box.disabled = False
        self.answer_box.placeholder = (
            _("your move, like {e}").format(e=_move_example(puzzle))
            if puzzle.kind == "move"
            else _("type it, then press Enter")
        )

    def _stop(self, heading_html: str) -> None:
        """No puzzle any more: show ``heading_html`` and put the inputs away."""
        self.current = None
        self.heading.value = heading_html
        self.question.value = self.board.value = ""
        self.answer_box.layout.display = self.choice_row.layout.display = "none"
        for button in (self.check_button, self.hint_button, self.next_button):
            button.disabled = True

    # --- actions ------------------------------------------------------------------------

    def _picked(self, _row: ChoiceRow, choice: str) -> None:
        self.check(choice)

    def press_enter(self) -> None:
        """What Enter in the answer box does: check, or go on once the puzzle is solved."""
        if self.solved_now and self._has_next():
            self.next()
        else:
            self.check()

    def _has_next(self) -> bool:
        return is_shown(self.next_button) and not self.next_button.disabled

    def check(self, answer: str | None = None) -> Result | None:
        """Check ``answer`` (the text box's value if not given) and show the feedback."""
        if self.current is None:
            return None
        text = self.answer_box.value if answer is None else answer
        if not text.strip():
            self.feedback.value = _p(_("Type your answer first."))
            return None
        if len(text) > 300:
            self.feedback.value = _p(_("That answer is too long: write just the answer."), _BAD)
            return None
        if not self.pupil:
            # Asked here, where the pupil is; the answer waits for the name, then counts.
            self.waiting_answer = text
            self.name_area.show()
            here = self.name_in_card
            if self.name_area.asking:
                message = (
                    _("Is that your name? Press Yes or No just above, then your answer is checked.")
                    if here
                    else _(
                        "Is that your name? Press Yes or No at the top, "
                        "then your answer is checked."
                    )
                )
            else:
                message = (
                    _(
                        "Who are you? Write your name in the box just above and press Enter, "
                        "then your answer is checked."
                    )
                    if here
                    else _(
                        "Who are you? Write your name in the box at the top and press Enter, "
                        "then your answer is checked."
                    )
                )
            self.feedback.value = _p(message)
            return None
        try:
            result = self.kind.check(self.puzzle, text)
        except (MathplayError, KindError) as error:
            result = Result(False, str(error), text, False)
        if self.solved_now:
            # Already solved (or answered, in an end check): no new attempt.
            self.feedback.value = _p(
                (
                    _("Your answer to this question is kept.")
                    if self.moment == CHECK
                    else _(
                        "You have already solved this puzzle, so this answer is not counted again."
                    )
                )
                + (" " + _("Press Next for another one.") if self._has_next() else "")
            )
            return result
        if self.moment == CHECK and not result.readable:
            # How to write the answer; it is not an answer yet, so nothing is kept.
            self.feedback.value = _p(result.message, _BAD, _("Not yet."))
            return result
        self._record(text, result)
        # The teacher's words on this puzzle belong to the guided moment (docs/puzzles.md).
        extra = (
            self.puzzle.feedback.get("right" if result.right else "wrong", "")
            if self.moment == GUIDED
            else ""
        )
        words = moment_feedback(self.kind, self.puzzle, text, result, self.moment)
        if result.right:
            self.solved_now = True
            self.feedback.value = _p(words, _GOOD, "✓ " + _("Right!")) + (
                _p(extra) if extra else ""
            )
        elif self.moment == CHECK:
            self.solved_now = True  # one answer a question in an end check: right or wrong
            self.feedback.value = _p("", _BAD, "✗ " + _("Not right."))
        else:
            label = "✗ " + _("Not yet.") if result.readable else _("Not yet.")
            self.feedback.value = (
                _p(words, _BAD, label)
                + (_p(extra) if extra else "")
                + _p(_("Try again, or ask for a hint."))
            )
        if self.moment == CHECK:
            self.answers[self.puzzle.id] = (text, result.right)
            self.feedback.value += _p(
                _("Your answer is kept. Press Next for the next question.")
                if self._has_next()
                else _("Your answer is kept.")
            )
            # Enter in the box now goes on to the next question (press_enter).
            for widget in (self.choice_row, self.check_button):
                widget.disabled = True
        self._after_check(result)
        return result

    def _after_check(self, result: Result) -> None:
        """What follows a checked answer (a solved count, a streak)."""

    def _record_fields(self) -> dict[str, Any]:
        """The set's name and the puzzle's id in the record, and anything more."""
        raise NotImplementedError

    def _record(self, text: str, result: Result) -> None:
        seconds = task_clock().attempt(self._shown_at)
        self._answered_here = True
        path = log_path(self.pupil, self.log_path)
        if path is None:
            return
        fields = self._record_fields()
        try:
            question: str | None = self.kind.question(self.puzzle)
        except (MathplayError, KindError):
            question = None
        try:
            record(
                path,
                who=self.pupil,
                puzzle_set=fields.pop("set"),
                puzzle=fields.pop("puzzle"),
                seed=fields.pop("seed", None),
                question=question,
                answer=text,
                right=result.right,
                hints=self.hints_used,
                seconds=seconds,
                solution_seen=self.solution_seen,
                extra=fields,
            )
        except OSError as error:
            self.log_error = str(error)

    def _record_next(self) -> None:
        """Write down the time from the last try at this puzzle to Next."""
        seconds = task_clock().attempt(self._shown_at)
        path = log_path(self.pupil, self.log_path)
        if path is None:
            return
        fields = self._record_fields()
        try:
            record_next(
                path,
                who=self.pupil or "",
                puzzle_set=str(fields["set"]),
                puzzle=str(fields["puzzle"]),
                seconds=seconds,
            )
        except OSError as error:
            self.log_error = str(error)

    def hint(self) -> str | None:
        """Show the next hint: the teacher's, then the game's, then the solution (none in
        an end check)."""
        if self.current is None or self.moment == CHECK:
            return None
        if self._hints is None:
            try:
                self._hints = self.kind.hint_ladder(self.puzzle)
            except (MathplayError, KindError) as error:
                self._hints = [str(error)]
        if self.hints_used >= len(self._hints):
            text = _("There are no more hints: the last one shows the whole solution.")
            self.hint_area.value += _p(text)
            return text
        text = self._hints[self.hints_used]
        self.hints_used += 1
        last = self.hints_used == len(self._hints)
        if last:
            self.solution_seen = True
            shown = _p("", label="💡 " + _("Solution:")) + "<pre>" + html.escape(text) + "</pre>"
        else:
            label = "💡 " + _("Hint {n}:").format(n=self.hints_used)
            shown = (
                _p("", label=label) + "<pre>" + html.escape(text) + "</pre>"
                if "\n" in text
                else _p(text, label=label)
            )
        self.hint_area.value += shown
        if self.hints_used == len(self._hints) - 1:
            self.hint_button.description = _("Show the solution")
        elif last:
            self.hint_button.description = _("Hint")
        self._after_hint(text)
        return text

    def _after_hint(self, text: str) -> None:
        """What follows a hint (a streak starts again)."""

    def next(self) -> None:
        """Go on to the next puzzle."""


class PuzzleSet(PuzzleView):
    """A puzzle set (a ``.toml`` path, a shipped set's name, or a ``Worksheet``).

    ``who`` is the student's name; when it is not given, the name already written in
    this kernel (:func:`current_pupil`) is used, or a name box asks for it. Attempts are
    appended to ``log`` (a JSON-lines file; ``None`` keeps nothing). ``only`` shows just
    some puzzles of the set, by id or by number from 1 (a lesson shows one at a time
    this way, still numbered in the whole set: "Puzzle 2 of 4"); a single puzzle is
    shown without the set's Next button and progress. ``save_button`` shows **Save my
    results** at the end of the set (by default only in JupyterLite, where the records
    stay in the browser; ``mathplay.classroom.save_results``).
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
        #: Each shown puzzle's number in the whole set (from 1), and the set's size.
        self.numbers = list(range(1, len(self.sheet.puzzles) + 1))
        self.set_size = len(self.sheet.puzzles)
        if only is not None:
            try:
                self.sheet, self.numbers = _select(self.sheet, only)
            except MathplayError as error:
                self.sheet = None
                self.children = [w.HTML(_p(str(error), _BAD))]
                return
        self._build(who, log, moment=moment)
        single = len(self.sheet.puzzles) == 1
        #: After an end check: each question, the pupil's answer, the right one, why.
        self.review = w.HTML()
        self.review.add_class("mathplay-puzzles-review")
        self.index = 0
        self.solved: set[str] = set()
        self.title = w.HTML(f"<h3>{html.escape(self.sheet.title)}</h3>")
        self.progress_bar = w.IntProgress(
            min=0, max=len(self.sheet.puzzles), value=0, description=_("Solved")
        )
        self.progress_label = w.HTML()
        progress_row = w.HBox([self.progress_bar, self.progress_label])
        if single:
            progress_row.layout.display = "none"
            self.next_button.layout.display = "none"
        self.children = [self.title, *self._top(), progress_row, *self._card()]
        #: "Save my results", shown at the end of the set (see save_results.py).
        self.save_results = SaveResults.for_view(self, save_button)
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
            total = len(self.sheet.puzzles)
            self._stop(
                _p(
                    _("🎉 You reached the end of the set: {solved} of {total} solved.").format(
                        solved=len(self.solved), total=total
                    )
                )
            )
            self.feedback.value = self.hint_area.value = ""
            if self.moment == CHECK and self.review not in self.children:
                self.review.value = self._review_html()
                self.children = [*self.children, self.review]
            if self.save_results is not None and self.save_results not in self.children:
                self.children = [*self.children, self.save_results]
            return
        puzzle = self.sheet.puzzles[self.index]
        heading = _("Puzzle {n} of {total}.").format(
            n=self.numbers[self.index], total=self.set_size
        )
        self._present(puzzle, heading)
        self.solved_now = puzzle.id in self.solved

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
        return {
            "set": self.sheet.title,
            "puzzle": self.puzzle.id,
            "seed": _generated_seed(self.sheet),
        }

    def next(self) -> None:
        """Go to the next puzzle (solved or not). In an end check, the time from the
        answer to Next is written down too (the report's minutes count it)."""
        if self.moment == CHECK and not self.finished and self._answered_here:
            self._record_next()
        if not self.finished:
            self.index += 1
            self._show()
            if not self.finished:
                self.answer_box.focus()


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


def _move_example(puzzle: Puzzle) -> str:
    info = GAMES.get(str(puzzle.fields.get("game")), GAMES["binary"])
    return info.move_examples[0]


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
    return Worksheet(sheet.title, chosen), numbers
