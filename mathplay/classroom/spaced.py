"""Skills over the weeks: one place decides a pupil's level in a skill, when it was last
shown to be known, and when it comes back for review.

A skill's attempts (a pupil's records with that ``skill``, in the order made) are read
one puzzle at a time: a puzzle counts as **right** when it was right at the first try
(no hint, no solution seen). The rule (``docs/classroom.md``, "Skills over the weeks"):

- **not started**: no attempt; **practising**: tried; **familiar**: 2 puzzles right;
- **mastered**: 3 puzzles right or more, the last 2 of them in a row; or a practice
  that takes the skill said "Mastered" (its rows: ``goal`` right in a row, ``each`` of
  them in this skill; the answer that made it so is recorded with
  ``"practice_mastered": true`` and the practice's ``"practice_skills"``, and shows every
  one of those skills known). The skill is then *shown to be known* (``last_known``),
  and comes back for **review** after :data:`INTERVALS` days: 1 day, then 3, 7 and 21,
  each step after a review answered right (a review is a puzzle of the skill shown on
  its own in a later practice, recorded with ``"review": true``). The next review is
  always counted from the last time the skill was shown known;
- a **review missed** (wrong, or with a hint) lowers the skill to *familiar*: it is
  practised again until mastered, and the reviews start again from 1 day.

A review that is due and not yet taken leaves the level as it is.

>>> from datetime import datetime, timezone
>>> day = lambda n: datetime(2026, 12, n, 10, tzinfo=timezone.utc).isoformat()
>>> tries = [{"puzzle": p, "skill": "and", "right": True, "when": day(1)} for p in "abc"]
>>> memory = skill_memory(tries)
>>> memory.level, memory.last_known[:10], memory.due[:10]
('mastered', '2026-12-01', '2026-12-02')
>>> memory = skill_memory(tries + [{"puzzle": "r1", "skill": "and", "right": True,
...     "review": True, "when": day(2)}])
>>> memory.step, memory.due[:10]
(1, '2026-12-05')
>>> skill_memory(tries + [{"puzzle": "r1", "skill": "and", "right": False,
...     "review": True, "when": day(2)}]).level
'familiar'

A practice's Mastered makes each of its skills mastered, the ones with fewer puzzles too:

>>> won = {"puzzle": "or-4", "skill": "or", "right": True, "when": day(3),
...        "practice_mastered": True, "practice_skills": ["and", "or"]}
>>> {name: m.level for name, m in skills_of([tries[0], won]).items()}
{'and': 'mastered', 'or': 'mastered'}
>>> skills_of([tries[0], won])["and"].due[:10]
'2026-12-04'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

__all__ = [
    "INTERVALS",
    "LEVELS",
    "PRACTICE_MASTERED",
    "PRACTICE_SKILLS",
    "REVIEW",
    "SkillMemory",
    "attempts_by_skill",
    "due_skills",
    "skill_memory",
    "skills_of",
]

#: The days after which a known skill comes back, one step after each review right.
INTERVALS = (1, 3, 7, 21)
#: The levels, from none to all.
LEVELS = ("not started", "practising", "familiar", "mastered")
#: The record's key that marks a review: a puzzle of a known skill, shown again.
REVIEW = "review"
#: How many puzzles right, and how many of them last in a row, make a skill mastered.
MASTERED_RIGHT, MASTERED_ROW = 3, 2
#: The record's key that marks the answer with which a practice said "Mastered", and the
#: key listing the names of that practice's skills: each is shown known by it.
PRACTICE_MASTERED, PRACTICE_SKILLS = "practice_mastered", "practice_skills"
#: The puzzle name under which a practice's Mastered stands in a skill's attempts other
#: than the one its answer practised (not a puzzle: it counts in no ``tried``).
_KNOWN_MARK = "\x00practice-mastered"


@dataclass
class SkillMemory:
    """Where a pupil stands in one skill: its ``level``, how many puzzles were tried and
    right, when it was last shown to be known (``""``: never) and, once known, the
    review ``step`` and when the next review is ``due`` (ISO times, as the records')."""

    skill: str
    level: str = "not started"
    tried: int = 0
    right: int = 0
    last_known: str = ""
    step: int = 0
    due: str = ""
    reviews: int = 0
    missed: int = 0

    def is_due(self, now: datetime) -> bool:
        """Whether the skill's review is due at ``now``."""
        if self.level != "mastered" or not self.due:
            return False
        try:
            return _time(self.due) <= now
        except ValueError:
            return False


def _time(text: str) -> datetime:
    found = datetime.fromisoformat(text)
    return found if found.tzinfo else found.astimezone()


def _later(when: str, days: int) -> str:
    try:
        return (_time(when) + timedelta(days=days)).isoformat(timespec="seconds")
    except ValueError:
        return ""


def _first_tries(attempts: Iterable[dict[str, Any]]) -> list[tuple[bool, bool, str, bool]]:
    """Each puzzle once, in the order first tried: whether it was right at the first
    try, whether it was a review, when, and whether a practice said Mastered with it (a
    mark of another skill's answer is a row of its own that is no puzzle: ``first`` and
    ``review`` false)."""
    seen: set[str] = set()
    out: list[tuple[bool, bool, str, bool]] = []
    for attempt in attempts:
        puzzle = str(attempt.get("puzzle", ""))
        when = str(attempt.get("when") or "")
        if puzzle == _KNOWN_MARK:
            out.append((False, False, when, True))
            continue
        if puzzle in seen:
            continue
        hints = int(attempt.get("hints") or 0)
        first = bool(attempt.get("right")) and hints == 0 and not attempt.get("solution_seen")
        seen.add(puzzle)
        known = first and attempt.get(PRACTICE_MASTERED) is True
        out.append((first, bool(attempt.get(REVIEW)), when, known))
    return out


def skill_memory(attempts: Iterable[dict[str, Any]], skill: str = "") -> SkillMemory:
    """Where a pupil stands in a skill, from their attempts at it, in the order made
    (with the marks of :func:`attempts_by_skill` where a practice said Mastered)."""
    tries = _first_tries(attempts)
    memory = SkillMemory(skill, tried=sum(1 for t in tries if not _is_mark(t)))
    if memory.tried:
        memory.level = "practising"
    right = row = 0
    for first, review, when, known in tries:
        if _is_mark((first, review, when, known)):
            _shown_known(memory, when)
            continue
        if review and memory.level == "mastered":
            memory.reviews += 1
            if first:
                memory.step = min(memory.step + 1, len(INTERVALS) - 1)
                memory.last_known = when
                memory.due = _later(when, INTERVALS[memory.step])
            else:  # missed: practised again until mastered, reviews from 1 day again
                memory.missed += 1
                memory.level = "familiar"
                right, row, memory.step, memory.due = MASTERED_ROW, 0, 0, ""
            continue
        if first:
            right, row = right + 1, row + 1
        else:
            row = 0
        memory.right += int(first)
        if known or (right >= MASTERED_RIGHT and row >= MASTERED_ROW):
            _shown_known(memory, when)
        elif memory.level != "mastered":
            memory.level = "familiar" if right >= 2 else "practising"
    return memory


def _is_mark(entry: tuple[bool, bool, str, bool]) -> bool:
    """Whether a row of :func:`_first_tries` is a mark of a practice's Mastered alone."""
    first, review, _when, known = entry
    return known and not first and not review


def _shown_known(memory: SkillMemory, when: str) -> None:
    """The skill was shown known at ``when``: mastered (its reviews from the first step if
    it was not before), the next review counted from now."""
    if memory.level != "mastered":
        memory.step = 0
    memory.level = "mastered"
    memory.last_known = when
    memory.due = _later(when, INTERVALS[memory.step])


def attempts_by_skill(attempts: Iterable[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """A pupil's attempts by the skill they practised (their ``skill``), in the order
    made; where a practice said Mastered, each other skill it takes gets a mark at that
    moment (a row whose ``puzzle`` is no puzzle), which :func:`skill_memory` reads as the
    skill shown known."""
    by_skill: dict[str, list[dict[str, Any]]] = {}
    for attempt in attempts:
        skill = attempt.get("skill")
        if not isinstance(skill, str) or not skill.strip():
            continue
        by_skill.setdefault(skill.strip(), []).append(attempt)
        others = attempt.get(PRACTICE_SKILLS)
        if attempt.get(PRACTICE_MASTERED) is not True or not isinstance(others, list):
            continue
        for other in others:
            if isinstance(other, str) and other.strip() and other.strip() != skill.strip():
                mark = {"puzzle": _KNOWN_MARK, "when": attempt.get("when"), "right": True}
                by_skill.setdefault(other.strip(), []).append(mark)
    return by_skill


def skills_of(attempts: Iterable[dict[str, Any]]) -> dict[str, SkillMemory]:
    """Every skill a pupil's attempts practised (their ``skill``), with where they stand."""
    return {
        skill: skill_memory(tries, skill) for skill, tries in attempts_by_skill(attempts).items()
    }


def due_skills(attempts: Iterable[dict[str, Any]], now: datetime) -> list[SkillMemory]:
    """The skills whose review is due at ``now``, the longest overdue first."""
    due = [m for m in skills_of(attempts).values() if m.is_due(now)]
    return sorted(due, key=lambda m: (m.due, m.skill))
