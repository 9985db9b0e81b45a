"""``Practice``: fresh puzzles of one kind and level, or of a lesson's skills, until the
pupil masters them.

The puzzles come from the generator, one at a time, drawn with a seed of the pupil's
own (made from the name, the kind and the level, or the skills), so two pupils side by
side get different puzzles, and one pupil gets the same ones again after a restart. The
pupil masters the practice with ``goal`` right answers in a row without hints; a wrong
answer or a hint starts the row again. A practice of several **skills**
(:mod:`mathplay.puzzles.skills`) deals them in turn, shuffled, never one twice in a row,
and also wants ``each`` right in a row in every skill. No question comes twice (nor its
swapped twin, ``4 + 3`` after ``3 + 4``), and no answer comes more than once in five
puzzles in a row, or four times in twenty (more where a skill has only a few answers).

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
>>> both = Practice(skills=["binary-to-decimal", "decimal-to-binary"], who="Ana", log=None)
>>> both.each, both.goal, both.skill.name in ("binary-to-decimal", "decimal-to-binary")
(2, 4, True)
"""

from __future__ import annotations

import html
from datetime import datetime
from pathlib import Path
from typing import Any

import ipywidgets as w

from mathplay.classroom.records import SET_KEY
from mathplay.classroom.resume import History
from mathplay.classroom.spaced import (
    PRACTICE_MASTERED,
    PRACTICE_SKILLS,
    REVIEW,
    due_skills,
)
from mathplay.classroom.where import DEFAULT_LOG
from mathplay.errors import MathplayError
from mathplay.i18n import _, _n, set_language, speaking
from mathplay.puzzles.generate import check_kind_level, level_title
from mathplay.puzzles.kinds import KINDS, KindError, Result
from mathplay.puzzles.model import Puzzle, PuzzleFileError
from mathplay.puzzles.moments import PRACTICE
from mathplay.puzzles.practice_plan import (
    PracticeError,
    pupil_seed,
    read_practice,
    schedule,
    skill_text,
    streak_text,
)
from mathplay.puzzles.practice_run import (
    LOST,
    MASTERED,
    NOT_COUNTED,
    REVIEW_MISSED,
    REVIEWED,
    PracticeRun,
)
from mathplay.puzzles.sections import MOST_GOAL
from mathplay.puzzles.skills import SKILLS, Skill, level_skill
from mathplay.widgets.feedback_html import BAD as _BAD
from mathplay.widgets.feedback_html import GOOD as _GOOD
from mathplay.widgets.feedback_html import paragraph as _p
from mathplay.widgets.puzzle_view import PuzzleView
from mathplay.widgets.said import SaidAloud
from mathplay.widgets.save_results import SaveResults
from mathplay.widgets.shown import set_shown

__all__ = ["Practice", "PracticeError", "pupil_seed", "schedule", "skill_text", "streak_text"]


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class Practice(PuzzleView):
    """Puzzles of ``kind`` at ``level`` (the generator's levels, ``docs/puzzles.md``),
    or of ``skills`` (names from :data:`~mathplay.puzzles.skills.SKILLS`, dealt in
    turn), one at a time, until ``goal`` are right in a row without hints and, with
    skills, ``each`` are right in a row in every skill (2 if not given).

    ``who`` is the pupil's name (else the name written in this kernel, else a name box
    asks before the first puzzle). ``seed`` gives every pupil the same puzzles; without
    it each pupil has a seed of their own (:func:`pupil_seed`). Every Check is recorded
    in ``log`` as ``PuzzleSet`` records it, with the puzzle's ``kind``, ``level``, the
    practice's ``seed`` and ``skill`` (the skill's name; ``"convert-2"`` for a kind and a
    level); ``save_button`` shows **Save my results** under it (as ``PuzzleSet``);
    ``language`` is the language it and the widgets after it speak.
    """

    def __init__(
        self,
        kind: str | None = None,
        level: int | None = None,
        goal: int = 4,
        who: str | None = None,
        seed: int | None = None,
        log: str | Path | None = DEFAULT_LOG,
        save_button: bool | None = None,
        *,
        skills: list[str] | None = None,
        each: int | None = None,
        language: str | None = None,
    ) -> None:
        if language is not None:
            set_language(language)
        super().__init__()
        self.add_class("mathplay-practice")
        self.kind_name, self.level, self.goal = kind, level, goal
        self.skill_names = skills
        self._each = each
        self.each: int = each if each is not None else (2 if skills and len(skills) > 1 else 1)
        self.skills: list[Skill] = []
        self.fixed_seed = seed
        self.problems: list[str] = []
        #: The practice itself (mathplay.puzzles.practice_run), once the seed is known.
        self.run: PracticeRun | None = None
        self._seed: int | None = None
        try:
            self._check_options()
            self._by_skills = skills is not None
            if skills is None:
                self.skills = [level_skill(kind, level)]  # type: ignore[arg-type]
            else:
                self.skills = [SKILLS[name] for name in skills]
            self.title_text = self._title_now()
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
        #: Each skill's row, in words (shown for a practice of several skills).
        self.skills_label = w.HTML()
        self.skills_label.add_class("mathplay-practice-skills")
        set_shown(self.skills_label, len(self.skills) > 1)
        self.status = SaidAloud()  # read out as it changes, like the feedback
        self.next_button.description = _("Next puzzle")
        self.start_note = self._start_note()
        row = w.HBox([self.streak_bar, self.streak_label])
        row.layout.align_items = "center"
        card = self._card()
        # What happened to the row is said right under the feedback on the answer.
        card.insert(card.index(self.feedback) + 1, self.status)
        self.children = [self.title, *self._top(), self.start_note, row, self.skills_label, *card]
        #: "Save my results" under the practice (see save_results.py).
        self.save_results = SaveResults.for_view(self, save_button)
        if self.save_results is not None:
            self.children = [*self.children, self.save_results]
        self._update_streak()
        if self.fixed_seed is not None or self.pupil:
            self._start()
        else:
            self._set_card_visible(False)

    @classmethod
    def from_file(
        cls, path: str | Path, *, who: str | None = None, log: str | Path | None = DEFAULT_LOG
    ) -> Practice:
        """The practice a puzzle file's ``[practice]`` table describes (``kind`` and
        ``level``, or ``skills`` and optional ``each``; optional ``goal`` and ``seed``). A
        file that cannot be used shows its problems instead, as ``PuzzleSet`` does."""
        try:
            options = read_practice(path)
        except PuzzleFileError as error:
            practice = cls.__new__(cls)
            w.VBox.__init__(practice)
            practice.problems = [str(problem) for problem in error.problems]
            practice._refuse("; ".join(practice.problems))
            return practice
        return cls(who=who, log=log, **options)

    # --- setting up ------------------------------------------------------------------

    def _check_options(self) -> None:
        from mathplay.puzzles.sections import _practice_problem

        if self.skill_names is not None or self._each is not None:
            given = {
                "kind": self.kind_name,
                "level": self.level,
                "skills": self.skill_names,
                "each": self._each,
            }
            found = _practice_problem({k: v for k, v in given.items() if v is not None})
            if found:
                raise PracticeError(found[1])
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
        if not self.pupil:
            return None
        if self.skill_names is not None:
            return pupil_seed(self.pupil, "+".join(self.skill_names), 0)
        return pupil_seed(self.pupil, str(self.kind_name), int(self.level or 0))

    def _pupil_known(self, name: str) -> None:
        super()._pupil_known(name)
        if self.current is None and not self.mastered and self.shown == 0:
            self._start()

    def _start(self) -> None:
        self._seed = self.seed
        assert self._seed is not None
        self.run = PracticeRun(
            self.skills,
            self._seed,
            self.goal,
            self.each,
            ids="skill" if self.skill_names is not None else "level",
        )
        self.start_note.layout.display = "none"
        self._set_card_visible(True)
        played = self._resume()
        # The puzzles answered before (each one shown was answered): counted before the
        # next one is shown, so 3 answered are "3 puzzles done", not 4.
        answered = self.run.shown if played else 0
        if played and self.run.puzzle is not None and not self.run.solved_on_show:
            # Back at the puzzle the pupil left unsolved.
            self._present(self.run.puzzle, self._heading() or "")
            self.next_button.disabled = True
        else:
            self.next()
        if played:
            self.status.value = _p(
                _n(
                    "Welcome back! Your practice goes on where you left it: 1 puzzle done.",
                    "Welcome back! Your practice goes on where you left it: {n} puzzles done.",
                    answered,
                ).format(n=answered)
            )
        self._update_streak()

    def _resume(self) -> int:
        """Play the pupil's records of this practice (the same seed) again, so that it
        goes on where they left it (mathplay.classroom.resume); how many attempts."""
        assert self.run is not None
        if self.fixed_seed is not None or not self.pupil:
            return 0  # the same puzzles for everyone: nobody's own row to go on with
        history = History.of(self.pupil, self.log_path)
        self.run.reviews = self._due_reviews(history)
        attempts = [
            (a.puzzle, a.answer, a.hints)
            for a in history.attempts(self._set_key())
            if a.seed == self.seed and not a.review
        ]
        if not attempts:
            return 0

        def judge(puzzle: Puzzle, answer: str) -> tuple[bool, bool]:
            try:
                result = KINDS[puzzle.kind].check(puzzle, answer)
            except (MathplayError, KindError):
                return False, False
            return result.right, result.readable

        reviews, self.run.reviews = self.run.reviews, []  # none while the past is played
        played = self.run.replay(attempts, judge)
        self.run.reviews = reviews
        return played

    def _due_reviews(self, history: History) -> list[Skill]:
        """The skills the pupil knew, from other practices, whose review is due now
        (mathplay.classroom.spaced): each comes once in this practice, on its own."""
        own = {skill.name for skill in self.skills}
        due = []
        for memory in due_skills(history.entries, datetime.now().astimezone()):
            if memory.skill in own:
                continue
            if memory.skill in SKILLS:
                due.append(SKILLS[memory.skill])
            else:
                kind, _sep, level = memory.skill.rpartition("-")
                if kind in KINDS and level.isdigit():
                    try:
                        check_kind_level(kind, int(level))
                    except MathplayError:
                        continue
                    due.append(level_skill(kind, int(level)))
        return due

    # --- the run's state, as the widget shows it ----------------------------------------

    @property
    def streak(self) -> int:
        """Right answers in a row without hints."""
        return self.run.streak if self.run else 0

    @property
    def rows(self) -> dict[str, int]:
        """Right answers in a row without hints, in each skill (by its name)."""
        return self.run.rows if self.run else {skill.name: 0 for skill in self.skills}

    @property
    def mastered(self) -> bool:
        """Whether the rows were long enough once."""
        return self.run.mastered if self.run else False

    @property
    def shown(self) -> int:
        """How many puzzles were shown."""
        return self.run.shown if self.run else 0

    @property
    def drawn(self) -> int:
        """How many puzzles were drawn (a repeat is drawn again)."""
        return self.run.drawn if self.run else 0

    @property
    def counts(self) -> bool:
        """Whether the puzzle in front of the pupil can still add to the row."""
        return self.run.counts if self.run else True

    @property
    def skill(self) -> Skill | None:
        """The skill of the puzzle in front of the pupil."""
        return self.run.skill if self.run else None

    def _set_card_visible(self, visible: bool) -> None:
        for widget in (self.heading, self.question, self.board, self.buttons):
            set_shown(widget, visible)
        if not visible:
            self.answer_box.layout.display = self.choice_row.layout.display = "none"

    # --- the puzzles -----------------------------------------------------------------

    def _running(self) -> PracticeRun:
        if self.run is None:
            if self.seed is None:
                raise PracticeError(_("the practice has no seed yet: it needs the pupil's name"))
            self._start()
        assert self.run is not None
        return self.run

    def skill_at(self, number: int) -> Skill:
        """The skill of the ``number``-th puzzle shown (from 1): see :func:`schedule`."""
        return self._running().skill_at(number)

    def puzzle_number(self, number: int, skill: Skill | None = None) -> Puzzle:
        """The ``number``-th puzzle drawn for this practice's seed (from 1), of ``skill``
        (the first one if not given): the same seed and number always give the same
        puzzle."""
        return self._running().puzzle_number(number, skill)

    def next(self) -> None:
        """Show a fresh puzzle."""
        if self.run is None:
            return
        puzzle = self.run.next()
        self._present(puzzle, self._heading() or "")
        self.next_button.disabled = True
        self.status.value = ""
        if self.shown > 1:
            self.focus_answer()

    def _heading(self) -> str | None:
        if self.shown == 0:
            return None
        if self.run is not None and self.run.reviewing is not None:
            return _("Review: {skill}, from an earlier lesson.").format(
                skill=self.run.reviewing.title
            )
        if len(self.skills) > 1 and self.skill is not None:
            return _("Puzzle {n}: {skill}.").format(n=self.shown, skill=self.skill.title)
        return _("Puzzle {n}.").format(n=self.shown)

    def _has_next(self) -> bool:
        return self.solved_now

    # --- the row ---------------------------------------------------------------------

    def _mastered_words(self) -> str:
        """ "★ Mastered! You got 6 right in a row without hints." (and every skill's row)."""
        text = _n(
            "★ Mastered! You got {goal} right without hints.",
            "★ Mastered! You got {goal} right in a row without hints.",
            self.goal,
        ).format(goal=self.goal)
        if len(self.skills) > 1:
            text += " " + (
                _("And every skill right in the row.")
                if self.each == 1
                else _("And {each} in a row in every skill.").format(each=self.each)
            )
        return text

    def _update_streak(self) -> None:
        self.streak_bar.value = min(self.streak, self.goal)
        several = len(self.skills) > 1
        if self.mastered:
            text = self._mastered_words()
            if self.streak and self.streak != self.goal:
                text += " " + _("Now: {streak} in a row.").format(streak=self.streak)
            self.streak_label.value = _span(text, _GOOD)
        elif several and self.streak >= self.goal:
            self.streak_label.value = _span(
                _("{streak} in a row! Now get every skill below right in your row.").format(
                    streak=self.streak
                )
                if self.each == 1
                else _("{streak} in a row! Now get {each} in a row in every skill below.").format(
                    streak=self.streak, each=self.each
                )
            )
        elif several and self.streak == 0:
            self.streak_label.value = _span(
                _(
                    "Get {goal} right in a row, with every skill in the row, without hints, "
                    "to master this."
                ).format(goal=self.goal)
                if self.each == 1
                else _(
                    "Get {goal} right in a row, and {each} in a row in every skill, without "
                    "hints, to master this."
                ).format(goal=self.goal, each=self.each)
            )
        else:
            self.streak_label.value = _span(streak_text(self.streak, self.goal))
        if several:
            lines = [
                skill_text(skill.title, self.rows.get(skill.name, 0), self.each)
                for skill in self.skills
            ]
            self.skills_label.value = "<br>".join(html.escape(line) for line in lines)

    def _after_check(self, result: Result) -> None:
        if self.run is None:
            return
        before = self.run.streak
        what = self.run.answered(result.right, result.readable)
        if result.right:
            self.next_button.disabled = False
        if what == REVIEWED:
            self.status.value = _p(
                _("You still know it: it comes back in a few days. Press Enter or Next puzzle.")
            )
        elif what == REVIEW_MISSED:
            self.status.value = _p(
                _(
                    "Not this time: practise this again in its lesson soon. Your row here "
                    "does not change."
                )
            )
        elif what == MASTERED:
            # Said too (the status is read out; the row's label is not): the news of all.
            self.status.value = _p(
                self._mastered_words()
                + " "
                + _("You can keep practising: press Next puzzle, or go on with the lesson."),
            )
        elif what == NOT_COUNTED and result.right:
            self.status.value = _p(
                _(
                    "This one does not add to your row, but the next one can. Press Enter or "
                    "Next puzzle."
                )
            )
        elif result.right:
            self.status.value = _p(_("Press Enter or Next puzzle for the next one."))
        elif what == LOST:
            self._said_lost(_("That answer was not right"), before)
        self._update_streak()

    def _after_hint(self, text: str) -> None:
        if self.run is None:
            return
        before = self.run.streak
        what = self.run.lose_row()
        if what == LOST:
            self._said_lost(_("You used a hint, and hints are there to help"), before)
        elif what == REVIEW_MISSED:
            self.status.value = _p(
                _("A hint is fine: this review will come back. Your row here does not change.")
            )
        self._update_streak()

    def _said_lost(self, why: str, before: int) -> None:
        """Say that the row of ``before`` starts again, or that this puzzle cannot count."""
        if before:
            message = _(
                "{why}, so your row of {n} starts again. That is part of practising: you can do it!"
            )
        else:
            message = _("{why}. This puzzle will not count for your row, but the next one can.")
        self.status.value = _p(message.format(why=why, n=before))

    def _title_now(self) -> str:
        """The practice's title, in the language spoken now."""
        if self._by_skills:
            return ", ".join(skill.title for skill in self.skills)
        return level_title(self.kind_name, self.level)  # type: ignore[arg-type]

    def _set_key(self) -> str:
        """The practice's name the same in every language (its records' ``set_key``)."""
        with speaking("en"):
            return _("Practice: {title}").format(title=self._title_now())

    def _record_fields(self) -> dict[str, Any]:
        skill = (self.run.current_skill if self.run else None) or self.skill or self.skills[0]
        fields: dict[str, Any] = {
            "set": _("Practice: {title}").format(title=self.title_text),
            SET_KEY: self._set_key(),
            "puzzle": self.puzzle.id,
            "kind": skill.kind,
            "level": skill.level,
            "skill": skill.name,
            "seed": self.seed,
        }
        if self.run is not None and self.run.reviewing is not None:
            fields[REVIEW] = True
        return fields

    def _answer_fields(self, result: Result) -> dict[str, Any]:
        """The answer that makes the practice mastered says so, with the practice's
        skills: each is then shown known (mathplay.classroom.spaced, one rule)."""
        if self.run is None or not self.run.would_master(result.right):
            return {}
        return {PRACTICE_MASTERED: True, PRACTICE_SKILLS: [s.name for s in self.skills]}


def _span(text: str, colour: str | None = None) -> str:
    style = f"color:{colour};" if colour else ""
    return f'<span style="{style}margin-left:0.8em;font-weight:bold">{html.escape(text)}</span>'
