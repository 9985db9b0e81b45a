"""A practice as a pupil meets it, without its widget: which puzzle comes next, and what
a right answer, a wrong one or a hint does to the rows.

The widget (:class:`mathplay.widgets.practice.Practice`) shows one; a simulated pupil
(:mod:`mathplay.puzzles.luck`) plays one the same way, so what is measured there is what a
pupil meets. Everything here depends only on the seed and on the answers, never on the
clock.

>>> from mathplay.puzzles.skills import SKILLS
>>> run = PracticeRun([SKILLS["binary-to-decimal"]], seed=7, goal=2)
>>> first = run.next()
>>> run.answered(right=True), run.streak, run.mastered
('counted', 1, False)
>>> second = run.next()
>>> run.answered(right=True), run.mastered
('mastered', True)
>>> PracticeRun([SKILLS["binary-to-decimal"]], seed=7, goal=2).next() == first
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from mathplay.puzzles.model import Puzzle
from mathplay.puzzles.practice_plan import DRAWS, MEMORY, RECENT, WINDOWS, schedule
from mathplay.puzzles.skills import Skill
from mathplay.puzzles.spread import answer_key, most_of, question_key

__all__ = [
    "COUNTED",
    "LOST",
    "MASTERED",
    "NOT_COUNTED",
    "REVIEWED",
    "REVIEW_EVERY",
    "REVIEW_MISSED",
    "SLIP",
    "PracticeRun",
    "Rows",
]

#: What an answer did (:meth:`PracticeRun.answered`): it added to the rows,
COUNTED = "counted"
#: it added to the rows and made them long enough for the first time,
MASTERED = "mastered"
#: it was right but came after a wrong answer or a hint at this puzzle,
NOT_COUNTED = "not-counted"
#: it was wrong, or a hint was taken: the rows start again,
LOST = "lost"
#: it could not be read: nothing changes.
SLIP = "slip"
#: A review (a puzzle of a skill known before, shown on its own) answered right at the
#: first try, or missed: the practice's rows do not change either way.
REVIEWED, REVIEW_MISSED = "reviewed", "review-missed"
#: A review comes after this many of the practice's own puzzles.
REVIEW_EVERY = 3


class Rows:
    """The rows of a practice: right answers in a row without hints, in all
    (``streak``) and in each skill (``rows``), and whether they were once long enough:
    ``goal`` in all and ``each`` in every skill (``mastered``)."""

    def __init__(self, skills: Sequence[Skill], goal: int = 4, each: int = 1) -> None:
        self.goal, self.each = goal, each
        self.streak = 0
        self.rows: dict[str, int] = {skill.name: 0 for skill in skills}
        self.mastered = False
        #: Whether the puzzle on show can still add to the rows.
        self.counts = True
        #: The skill of the puzzle on show.
        self.skill: Skill | None = None

    def start(self, skill: Skill) -> None:
        """A new puzzle of ``skill`` is on show: it can add to the rows."""
        self.skill, self.counts = skill, True

    def met(self) -> bool:
        """Whether the rows are long enough: ``goal`` in all, ``each`` in every skill."""
        return self.streak >= self.goal and all(row >= self.each for row in self.rows.values())

    def answered(self, right: bool, readable: bool = True) -> str:
        """What an answer to the puzzle on show does: :data:`COUNTED`,
        :data:`MASTERED`, :data:`NOT_COUNTED`, :data:`LOST` or :data:`SLIP`."""
        if not right:
            if not readable:  # an answer that cannot be read is a slip, not a mistake
                return SLIP
            return self.lose_row()
        if not self.counts:
            return NOT_COUNTED
        self.counts = False  # a puzzle adds to the rows once
        self.streak += 1
        if self.skill is not None:
            self.rows[self.skill.name] = self.rows.get(self.skill.name, 0) + 1
        if self.met() and not self.mastered:
            self.mastered = True
            return MASTERED
        return COUNTED

    def would_master(self, right: bool) -> bool:
        """Whether an answer (``right`` or not) to the puzzle on show would make the rows
        long enough for the first time (:data:`MASTERED`), without changing anything."""
        if not right or not self.counts or self.mastered:
            return False
        name = self.skill.name if self.skill is not None else None
        rows = {s: n + (s == name) for s, n in self.rows.items()}
        return self.streak + 1 >= self.goal and all(row >= self.each for row in rows.values())

    def lose_row(self) -> str:
        """A wrong answer or a hint: the puzzle cannot count, the rows start again."""
        if not self.counts:
            return NOT_COUNTED
        self.counts = False
        self.streak = 0
        if self.skill is not None:
            self.rows[self.skill.name] = 0
        return LOST


class PracticeRun:
    """The puzzles of ``skills``, dealt in turn (:func:`~mathplay.puzzles.practice_plan.
    schedule`) from ``seed``, until ``goal`` are right in a row without hints and
    ``each`` in a row in every skill.

    ``ids`` names the puzzles: ``"skill"`` (``binary-to-decimal-3``) or, for a practice
    written as a kind and a level, ``"level"`` (``convert-2-3``): the records keep them.
    """

    def __init__(
        self,
        skills: Sequence[Skill],
        seed: int,
        goal: int = 4,
        each: int = 1,
        *,
        ids: str = "skill",
        reviews: Sequence[Skill] = (),
    ) -> None:
        self.skills = list(skills)
        self.seed = seed
        self.goal = goal
        self.each = each
        self.ids = ids
        #: The rows: what the answers did.
        self.row_keeper = Rows(self.skills, goal, each)
        #: How many puzzles were shown, and how many drawn (a repeat is drawn again).
        self.shown = self.drawn = 0
        #: How many of the practice's own puzzles were shown (the reviews aside).
        self.regular = 0
        #: Skills known before whose review is due: each comes once, on its own, after
        #: every :data:`REVIEW_EVERY` of the practice's puzzles (mathplay.classroom.spaced).
        self.reviews: list[Skill] = [s for s in reviews if s.name not in {k.name for k in skills}]
        #: The skill of the review on show (``None``: a puzzle of the practice's own).
        self.reviewing: Skill | None = None
        self._review_count = 0
        self._review_right = True
        #: The puzzle on show.
        self.puzzle: Puzzle | None = None
        self._solved_on_show = False
        self._recent: list[tuple[Any, ...]] = []
        self._answers: list[str] = []
        self._order: list[int] = []

    # --- the puzzles -----------------------------------------------------------------

    def skill_at(self, number: int) -> Skill:
        """The skill of the ``number``-th puzzle shown (from 1)."""
        if len(self._order) < number:
            self._order = schedule(self.seed, len(self.skills), number + 20)
        return self.skills[self._order[number - 1]]

    def puzzle_number(self, number: int, skill: Skill | None = None) -> Puzzle:
        """The ``number``-th puzzle drawn for this seed (from 1), of ``skill`` (the first
        if not given): the same seed and number always give the same puzzle."""
        skill = skill or self.skills[0]
        puzzle = skill.generate(1, seed=self.seed * 100_000 + number).puzzles[0]
        if self.ids == "level":
            puzzle.id = f"{skill.kind}-{skill.level}-{number}"
        else:
            puzzle.id = f"{skill.name}-{number}"
        return puzzle

    def _crowded(self, answer: str, skill: Skill) -> bool:
        """Whether ``answer`` would come more than its share of the last puzzles."""
        for size in WINDOWS:
            window = [*self._answers[max(0, len(self._answers) - size + 1) :], answer]
            if window.count(answer) > most_of(len(window), skill.choices):
                return True
        return False

    def next(self) -> Puzzle:
        """The next puzzle: a review when one is due here, else of the next skill, a
        question not asked before (nor its twin), with an answer not over its share;
        else the best of the draws."""
        if (
            self.reviews
            and self.reviewing is None
            and self.regular
            and self.regular % REVIEW_EVERY == 0
        ):
            return self._review()
        self.reviewing = None
        skill = self.skill_at(self.regular + 1)
        best: tuple[int, Puzzle, tuple[Any, ...]] | None = None
        for _attempt in range(DRAWS):
            self.drawn += 1
            puzzle = self.puzzle_number(self.drawn, skill)
            key = question_key(puzzle.kind, puzzle.fields, puzzle.answer)
            fault = (
                (key in self._recent[-RECENT:]) * 4
                + (key in self._recent) * 2
                + self._crowded(answer_key(puzzle.answer), skill)
            )
            if best is None or fault < best[0]:
                best = fault, puzzle, key
            if not fault:
                break
        assert best is not None
        _fault, puzzle, key = best
        self.puzzle = puzzle
        self._solved_on_show = False
        self.row_keeper.start(skill)
        self._recent = [*self._recent, key][-MEMORY:]
        self._answers = [*self._answers, answer_key(puzzle.answer)][-max(WINDOWS) :]
        self.shown += 1
        self.regular += 1
        return puzzle

    def _review(self) -> Puzzle:
        """A puzzle of the first skill due for review, from a stream of its own (so the
        practice's own puzzles are the same with reviews or without)."""
        skill = self.reviews.pop(0)
        self._review_count += 1
        number = self._review_count
        puzzle = skill.generate(1, seed=self.seed * 100_000 + 90_000 + number).puzzles[0]
        puzzle.id = f"review-{skill.name}-{number}"
        self.reviewing, self.puzzle = skill, puzzle
        self._solved_on_show = False
        self._review_right = True
        self.shown += 1
        return puzzle

    @property
    def current_skill(self) -> Skill | None:
        """The skill of the puzzle on show: the review's, or the practice's."""
        return self.reviewing or self.row_keeper.skill

    # --- the rows --------------------------------------------------------------------

    @property
    def streak(self) -> int:
        """Right answers in a row without hints."""
        return self.row_keeper.streak

    @property
    def rows(self) -> dict[str, int]:
        """Right answers in a row without hints in each skill, by its name."""
        return self.row_keeper.rows

    @property
    def mastered(self) -> bool:
        """Whether the rows were once long enough."""
        return self.row_keeper.mastered

    @property
    def counts(self) -> bool:
        """Whether the puzzle on show can still add to the rows."""
        return self.row_keeper.counts

    @property
    def skill(self) -> Skill | None:
        """The skill of the puzzle on show."""
        return self.row_keeper.skill

    def met(self) -> bool:
        """Whether the rows are long enough: ``goal`` in all, ``each`` in every skill."""
        return self.row_keeper.met()

    def answered(self, right: bool, readable: bool = True) -> str:
        """What an answer to the puzzle on show does (:meth:`Rows.answered`); a review's
        answer is :data:`REVIEWED` (right at the first try) or :data:`REVIEW_MISSED`,
        and leaves the rows as they are."""
        if self.reviewing is not None:
            if not right:
                if not readable:
                    return SLIP
                self._review_right = False
                return REVIEW_MISSED
            first, self._review_right = self._review_right, False
            return REVIEWED if first else NOT_COUNTED
        return self.row_keeper.answered(right, readable)

    def would_master(self, right: bool) -> bool:
        """Whether an answer (``right`` or not) to the puzzle on show would make the
        practice mastered (:meth:`Rows.would_master`); a review's never does."""
        return self.reviewing is None and self.row_keeper.would_master(right)

    def lose_row(self) -> str:
        """A hint, or a wrong answer: the rows start again (:meth:`Rows.lose_row`); in a
        review, the review is missed, and the rows stay."""
        if self.reviewing is not None:
            self._review_right = False
            return REVIEW_MISSED
        return self.row_keeper.lose_row()

    # --- coming back ---------------------------------------------------------------------

    def replay(
        self,
        attempts: Sequence[tuple[str, str, int]],
        judge: Callable[[Puzzle, str], tuple[bool, bool]],
    ) -> int:
        """Play the pupil's recorded ``attempts`` again — each ``(puzzle id, answer,
        hints used)``, in the order made — so that the rows and the puzzle on show are
        where the pupil left them; ``judge(puzzle, answer)`` says whether an answer is
        right and whether it could be read. Attempts at puzzles this practice does not
        deal (another practice's, an older version's) end the replay. How many attempts
        were played."""
        played = 0
        for pid, answer, hints in attempts:
            if self.puzzle is None or self.puzzle.id != pid:
                # The puzzles a practice deals come in one order: find this one (a
                # puzzle left unsolved with Next has no more attempts).
                for _step in range(DRAWS + 2):
                    self.next()
                    if self.puzzle is not None and self.puzzle.id == pid:
                        break
                else:
                    return played
            assert self.puzzle is not None
            if hints:
                self.lose_row()
            right, readable = judge(self.puzzle, answer)
            self.answered(right, readable)
            self._solved_on_show = self._solved_on_show or right
            played += 1
        return played

    @property
    def solved_on_show(self) -> bool:
        """Whether the puzzle on show was solved (after :meth:`replay`)."""
        return self._solved_on_show
