"""The teacher's term view by goal: for each pupil and each goal a lesson states ("What
you will learn"), how many of the skills that practise it are mastered, how many of the
end-check questions that test it were right, when it was last shown known and when its
next review is due.

A lesson's goals come from its puzzle file's goal map (``[[goal]]``: the goal's
``text``, the practice's ``skills`` that practise it, the end-check puzzles ``check``
that test it; ``docs/puzzles.md``), read from a folder of lesson puzzle files
(:func:`read_lesson_goals`, ``progress report --lessons DIR``). Skills are read by the
one rule of :mod:`mathplay.classroom.spaced`; an end check counts each question's first
answer (:func:`mathplay.classroom.roster.set_rows`).

>>> goals = {"05-binary": [{"text": "bits", "skills": ["and"], "check": ["c1", "c2"]}]}
>>> rows = goal_rows([
...     {"who": "Ana", "lesson": "05-binary", "set": "L5: end check", "puzzle": "c1",
...      "right": True, "moment": "check"}], ["Ana"], goals)
>>> [(r["goal"], r["skills_mastered"], r["check_right"]) for r in rows]
[('bits', '0/1', '1/2')]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from mathplay.classroom.roster import is_end_check
from mathplay.classroom.spaced import skills_of
from mathplay.classroom.where import name_key
from mathplay.files import FileRefused, read_regular

__all__ = ["GOAL_COLUMNS", "goal_rows", "read_lesson_goals"]

#: The columns of ``report --goals-csv``, one row per pupil per goal of each lesson.
GOAL_COLUMNS = (
    "who",
    "lesson",
    "goal",
    "skills_mastered",
    "check_right",
    "last_known",
    "review_due",
)
#: The largest lesson puzzle file read (the shipped ones are under 20 kB).
_MOST_BYTES = 512 * 1024


def read_lesson_goals(folder: str | Path) -> dict[str, list[dict[str, Any]]]:
    """The goal map of every lesson puzzle file (``NN-name.toml``) in ``folder``, by lesson
    (the file's name without ``.toml``, as the records name it); a file that cannot be
    read or has no goals is left out."""
    from mathplay.puzzles.format import read_text

    found: dict[str, list[dict[str, Any]]] = {}
    for path in sorted(Path(folder).glob("[0-9][0-9]-*.toml")):
        try:
            text = read_regular(path, _MOST_BYTES, follow_links=False).decode("utf-8")
        except (FileRefused, OSError, UnicodeDecodeError):
            continue
        sheet, _problems = read_text(text, str(path))
        if sheet is not None and sheet.goals:
            found[path.stem] = [dict(goal) for goal in sheet.goals]
    return found


def _names(value: Any) -> list[str]:
    return [str(v) for v in value] if isinstance(value, list) else []


def goal_rows(
    attempts: Iterable[dict[str, Any]],
    pupils: Sequence[str],
    goals: Mapping[str, Sequence[Mapping[str, Any]]],
) -> list[dict[str, Any]]:
    """One row per pupil (``pupils``, as shown) per goal of each lesson of ``goals`` (by
    lesson, as :func:`read_lesson_goals` gives them), with the columns of
    :data:`GOAL_COLUMNS`: ``skills_mastered`` (``1/2``), ``check_right`` (of the goal's
    end-check questions, right at their first answer), the latest ``last_known`` of its
    skills and the earliest ``review_due`` of those mastered."""
    theirs: dict[str, list[dict[str, Any]]] = {}
    for attempt in attempts:
        theirs.setdefault(name_key(str(attempt.get("who", ""))), []).append(attempt)
    rows = []
    for who in pupils:
        mine = theirs.get(name_key(who), [])
        memories = skills_of(mine)
        firsts: dict[tuple[str, str], bool] = {}
        for attempt in mine:
            if is_end_check(attempt) and not attempt.get("event"):
                key = (str(attempt.get("lesson") or ""), str(attempt.get("puzzle")))
                firsts.setdefault(key, bool(attempt.get("right")))
        for lesson, lesson_goals in goals.items():
            for goal in lesson_goals:
                skills, check = _names(goal.get("skills")), _names(goal.get("check"))
                known = [memories[s] for s in skills if s in memories]
                mastered = [m for m in known if m.level == "mastered"]
                right = sum(firsts.get((lesson, puzzle), False) for puzzle in check)
                rows.append(
                    {
                        "who": who,
                        "lesson": lesson,
                        "goal": str(goal.get("text", "")),
                        "skills_mastered": f"{len(mastered)}/{len(skills)}" if skills else "",
                        "check_right": f"{right}/{len(check)}" if check else "",
                        "last_known": max((m.last_known for m in known), default=""),
                        "review_due": min((m.due for m in mastered if m.due), default=""),
                    }
                )
    return rows
