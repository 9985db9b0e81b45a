"""Skills over the weeks: one place decides a pupil's level in a skill, when it was last
shown to be known, and when it comes back for review.

A skill's attempts (a pupil's records with that ``skill``, in the order made) are read
one puzzle at a time: a puzzle counts as **right** when it was right at the first try
(no hint, no solution seen). The rule (``docs/classroom.md``, "Skills over the weeks"):

- **not started**: no attempt; **practising**: tried; **familiar**: 2 puzzles right;
- **mastered**: 3 puzzles right or more, the last 2 of them in a row. The skill is then
  *shown to be known* (``last_known``), and comes back for **review** after
  :data:`INTERVALS` days: 1 day, then 3, 7 and 21, each step after a review answered
  right (a review is a puzzle of the skill shown on its own in a later practice,
  recorded with ``"review": true``);
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
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

__all__ = [
    "INTERVALS",
    "LEVELS",
    "REVIEW",
    "SkillMemory",
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


def _first_tries(attempts: Iterable[dict[str, Any]]) -> list[tuple[bool, bool, str]]:
    """Each puzzle once, in the order first tried: whether it was right at the first
    try, whether it was a review, and when."""
    seen: dict[str, int] = {}
    out: list[list[Any]] = []
    for attempt in attempts:
        puzzle = str(attempt.get("puzzle", ""))
        hints = int(attempt.get("hints") or 0)
        if puzzle in seen:
            continue
        first = bool(attempt.get("right")) and hints == 0 and not attempt.get("solution_seen")
        seen[puzzle] = len(out)
        out.append([first, bool(attempt.get(REVIEW)), str(attempt.get("when") or "")])
    return [(a, b, c) for a, b, c in out]


def skill_memory(attempts: Iterable[dict[str, Any]], skill: str = "") -> SkillMemory:
    """Where a pupil stands in a skill, from their attempts at it, in the order made."""
    tries = _first_tries(attempts)
    memory = SkillMemory(skill, tried=len(tries))
    if tries:
        memory.level = "practising"
    right = row = 0
    for first, review, when in tries:
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
        if right >= MASTERED_RIGHT and row >= MASTERED_ROW:
            if memory.level != "mastered":
                memory.step = 0
                memory.due = _later(when, INTERVALS[0])
            memory.level = "mastered"
            memory.last_known = when
        elif memory.level != "mastered":
            memory.level = "familiar" if right >= 2 else "practising"
    return memory


def skills_of(attempts: Iterable[dict[str, Any]]) -> dict[str, SkillMemory]:
    """Every skill a pupil's attempts practised (their ``skill``), with where they stand."""
    by_skill: dict[str, list[dict[str, Any]]] = {}
    for attempt in attempts:
        skill = attempt.get("skill")
        if isinstance(skill, str) and skill.strip():
            by_skill.setdefault(skill.strip(), []).append(attempt)
    return {skill: skill_memory(tries, skill) for skill, tries in by_skill.items()}


def due_skills(attempts: Iterable[dict[str, Any]], now: datetime) -> list[SkillMemory]:
    """The skills whose review is due at ``now``, the longest overdue first."""
    due = [m for m in skills_of(attempts).values() if m.is_due(now)]
    return sorted(due, key=lambda m: (m.due, m.skill))
