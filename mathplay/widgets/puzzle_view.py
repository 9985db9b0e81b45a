"""``PuzzleView``: what every puzzle widget shows and does for the puzzle in front of the pupil.

The name box, the question, an answer box where Enter checks, a row of choices, Check
and Hint, the feedback and the hint ladder, the record of each attempt:
:class:`mathplay.widgets.puzzle_set.PuzzleSet` and
:class:`mathplay.widgets.practice.Practice` are built on it.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

import ipywidgets as w

from mathplay.classroom.names import current_pupil
from mathplay.classroom.records import SET_KEY, record, record_next
from mathplay.classroom.task_clock import task_clock
from mathplay.classroom.where import current_lesson, log_path
from mathplay.errors import MathplayError
from mathplay.expr.pretty import read_words
from mathplay.games.registry import GAMES
from mathplay.i18n import _, current_language, on_language_change
from mathplay.puzzles.kinds import KINDS, Kind, KindError, Result
from mathplay.puzzles.kinds.move import Move
from mathplay.puzzles.model import Puzzle
from mathplay.puzzles.moments import CHECK, GUIDED, MOMENTS
from mathplay.puzzles.moments import feedback as moment_feedback
from mathplay.widgets.answerbox import AnswerBox
from mathplay.widgets.choices import ChoiceRow
from mathplay.widgets.closing import ClosesItsParts
from mathplay.widgets.feedback_html import BAD, GOOD, paragraph
from mathplay.widgets.names import NameArea
from mathplay.widgets.said import SaidAloud
from mathplay.widgets.shown import is_shown, set_shown

__all__ = ["PuzzleView", "move_example"]


class PuzzleView(ClosesItsParts, w.VBox):  # type: ignore[misc]
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
        #: The lesson this widget was made in (``""``: none): its records name it,
        #: whatever lesson the kernel opens after (mathplay.classroom.records.record).
        self.lesson = current_lesson() or ""
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
        #: recorded) as soon as the name is given, where the pupil is, against the
        #: puzzle it was typed for (``_waiting_for``, its id) and never another.
        self.waiting_answer: str | None = None
        self._waiting_for: str | None = None
        #: Each button's words → the choice it stands for (the words may be ΚΑΙ for AND).
        self._choice_of: dict[str, str] = {}
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
        self.answer_box.language = self.choice_row.language = current_language()
        self.check_button = w.Button(description=_("Check"), button_style="primary")
        self.hint_button = w.Button(description=_("Hint"), icon="lightbulb-o")
        self.next_button = w.Button(description=_("Next"))
        # Live regions: a screen reader says the feedback and each hint when they come.
        self.feedback = SaidAloud()
        self.hint_area = SaidAloud()
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
        on_language_change(self._language_changed)

    def _heading(self) -> str | None:
        """The heading of the puzzle on show ("Puzzle 2 of 4."), in the language spoken
        now; ``None`` when no puzzle is on show."""
        return None

    def _untouched(self) -> bool:
        """Whether the pupil has done nothing yet with the puzzle on show."""
        return (
            self.current is not None
            and not self._answered_here
            and self.hints_used == 0
            and not self.answer_box.value
            and self.choice_row.picked == -1
            and not self.feedback.value
            and self.waiting_answer is None
        )

    def _language_changed(self, _language: str) -> None:
        """The language changed (the page's was learnt as the widget showed): the
        buttons say their words in it, and a puzzle the pupil has not started on is shown
        again in it (one they started on keeps its words until Next)."""
        self.check_button.description = _("Check")
        self.next_button.description = _("Next")
        self.answer_box.description = _("Your answer")
        self.choice_row.label = _("Choose your answer")
        self.choice_row.picked_text = _("(your choice)")
        self.answer_box.language = self.choice_row.language = current_language()
        heading = self._heading()
        if heading is not None and self.current is not None and self._untouched():
            self._present(self.current, heading)

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

    def _start_note(self) -> w.HTML:
        """The note shown instead of the puzzles while the pupil is not known (a practice,
        an end check): write the name, or answer "Are you Ana?" just above."""
        note = w.HTML(paragraph(_("Write your name in the box, then press Enter to start.")))
        note.add_class("mathplay-puzzles-start")

        def asking(change: dict[str, Any]) -> None:
            if change["new"] == "none":
                text = _("Write your name in the box, then press Enter to start.")
            else:
                text = _("Answer the question above to start.")
            note.value = paragraph(text)

        self.name_area.ask_row.layout.observe(asking, "display")
        return note

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
        typed_for, self._waiting_for = self._waiting_for, None
        if waiting is None or self.current is None or not self.pupil:
            return
        if self.current.id == typed_for:
            self.check(waiting)
        # Else the puzzle on show is another one now (the pupil's records moved the set
        # on): the answer was typed for a question no longer shown, so it is dropped.

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
        prompt = read_words(kind.prompt(puzzle))  # a teacher's AND as the chips say it
        self.heading.value = f"<b>{html.escape(heading)}</b> {html.escape(prompt)}"
        self.question.value = (
            '<pre style="font-size:150%;margin:0.3em 0">'
            + html.escape(read_words(kind.question(puzzle)))
            + "</pre>"
        )
        self.board.value = kind.game(puzzle)._repr_svg_() if isinstance(kind, Move) else ""
        choices = kind.choices(puzzle) or []
        self.choice_row.picked = -1
        self._show_choices(choices)
        self.choice_row.disabled = False
        set_shown(self.answer_box, not choices)
        set_shown(self.choice_row, bool(choices))
        set_shown(self.check_button, not choices)
        for button in (self.check_button, self.hint_button):
            button.disabled = False
        self.answer_box.disabled = False
        self.answer_box.placeholder = (
            _("your move, like {e}").format(e=move_example(puzzle))
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

    def focus_answer(self) -> None:
        """Put the keyboard's focus where the puzzle on show is answered: its row of
        choices, or its answer box."""
        if is_shown(self.choice_row):
            self.choice_row.focus()
        else:
            self.answer_box.focus()

    def _show_choices(self, choices: list[str]) -> None:
        """Put ``choices`` on the buttons with the logic words the pupil's language writes
        (ΚΑΙ, DAN); a pick is checked as the choice it shows."""
        shown = [read_words(choice) for choice in choices]
        self._choice_of = dict(zip(shown, choices, strict=True))
        self.choice_row.choices = shown

    def _picked(self, _row: ChoiceRow, choice: str) -> None:
        self.check(self._choice_of.get(choice, choice))

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
            self.feedback.value = paragraph(_("Type your answer first."))
            return None
        if len(text) > 300:
            self.feedback.value = paragraph(
                _("That answer is too long: write just the answer."), BAD
            )
            return None
        if not self.pupil:
            # Asked here, where the pupil is; the answer waits for the name, then counts
            # for this puzzle (and no other).
            self.waiting_answer = text
            self._waiting_for = self.current.id
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
            self.feedback.value = paragraph(message)
            return None
        try:
            result = self.kind.check(self.puzzle, text)
        except (MathplayError, KindError) as error:
            result = Result(False, str(error), text, False)
        if self.solved_now:
            # Already solved (or answered, in an end check): no new attempt.
            self.feedback.value = paragraph(
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
        if result.follow_up:
            # The answer so far is right and leads to a second question (why it is
            # false): its choices are the new buttons. Not an answer yet: nothing is kept.
            self.feedback.value = paragraph(result.message)
            self.choice_row.picked = -1
            self._show_choices(list(result.follow_up))
            set_shown(self.choice_row, True)
            set_shown(self.answer_box, False)
            set_shown(self.check_button, False)
            return result
        if self.moment == CHECK and not result.readable:
            # How to write the answer; it is not an answer yet, so nothing is kept.
            self.feedback.value = paragraph(result.message, BAD, _("Not yet."))
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
            self.feedback.value = paragraph(words, GOOD, "✓ " + _("Right!")) + (
                paragraph(extra) if extra else ""
            )
        elif self.moment == CHECK:
            self.solved_now = True  # one answer a question in an end check: right or wrong
            self.feedback.value = paragraph("", BAD, "✗ " + _("Not right."))
        else:
            label = "✗ " + _("Not yet.") if result.readable else _("Not yet.")
            self.feedback.value = (
                paragraph(words, BAD, label)
                + (paragraph(extra) if extra else "")
                + paragraph(_("Try again, or ask for a hint."))
            )
        if self.moment == CHECK:
            self.answers[self.puzzle.id] = (text, result.right)
            self.feedback.value += paragraph(
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
        """The set's name (``set``, and ``set_key``, its name in every language, when it
        has one) and the puzzle's id in the record, and anything more."""
        raise NotImplementedError

    def _answer_fields(self, result: Result) -> dict[str, Any]:
        """What the record of an answer with this ``result`` holds besides
        :meth:`_record_fields` (a practice's Mastered)."""
        return {}

    def _record(self, text: str, result: Result) -> None:
        seconds = task_clock().attempt(self._shown_at)
        self._answered_here = True
        path = log_path(self.pupil, self.log_path)
        if path is None:
            return
        fields = {**self._record_fields(), **self._answer_fields(result)}
        try:
            question: str | None = self.kind.question(self.puzzle)
        except (MathplayError, KindError):
            question = None
        try:
            record(
                path,
                who=self.pupil,
                puzzle_set=fields.pop("set"),
                set_key=fields.pop(SET_KEY, None),
                puzzle=fields.pop("puzzle"),
                seed=fields.pop("seed", None),
                question=question,
                answer=text,
                right=result.right,
                hints=self.hints_used,
                seconds=seconds,
                solution_seen=self.solution_seen,
                lesson=self.lesson,
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
                set_key=fields.get(SET_KEY),
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
            self.hint_area.value += paragraph(text)
            return text
        text = self._hints[self.hints_used]
        self.hints_used += 1
        last = self.hints_used == len(self._hints)
        if last:
            self.solution_seen = True
            shown = (
                paragraph("", label="💡 " + _("Solution:")) + "<pre>" + html.escape(text) + "</pre>"
            )
        else:
            label = "💡 " + _("Hint {n}:").format(n=self.hints_used)
            shown = (
                paragraph("", label=label) + "<pre>" + html.escape(text) + "</pre>"
                if "\n" in text
                else paragraph(text, label=label)
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


def move_example(puzzle: Puzzle) -> str:
    info = GAMES.get(str(puzzle.fields.get("game")), GAMES["binary"])
    return info.move_examples[0]
