"""What a practice is, without its widget: the pupil's own seed, the order in which a
lesson's skills are dealt, how far a row is in words, the ``[practice]`` table of a
file, and the limits that keep it from repeating itself.

The widget that shows it is :class:`mathplay.widgets.practice.Practice`.
"""

from __future__ import annotations

import hashlib
import random
import sys
from pathlib import Path
from typing import Any

from mathplay.errors import MathplayError
from mathplay.i18n import _, _n
from mathplay.puzzles.format import read_file
from mathplay.puzzles.model import Problem, PuzzleFileError, suggest
from mathplay.puzzles.sections import PRACTICE_KEYS as _PRACTICE_KEYS

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib


__all__ = [
    "DRAWS",
    "MEMORY",
    "RECENT",
    "WINDOWS",
    "PracticeError",
    "pupil_seed",
    "read_practice",
    "schedule",
    "skill_text",
    "streak_text",
]

#: A puzzle is drawn again when it is the same as one of the last few shown (when the
#: skill has no other question left).
RECENT = 5
#: How many questions a practice remembers, never to ask them (or their twins) again.
MEMORY = 200
#: The windows of puzzles in a row in which one answer may come only its share of times.
WINDOWS = (5, 20)
#: How many draws a puzzle may take before the practice takes the best of them.
DRAWS = 40


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


def skill_text(title: str, row: int, each: int) -> str:
    """How far one skill's row is, in words.

    >>> skill_text("Binary → decimal", 2, 2), skill_text("Decimal → binary", 1, 2)
    ('Binary → decimal: 2 of 2 in a row ✓ done', 'Decimal → binary: 1 of 2 in a row')
    """
    if row >= each:
        return _("{skill}: {each} of {each} in a row ✓ done").format(skill=title, each=each)
    return _("{skill}: {row} of {each} in a row").format(skill=title, row=row, each=each)


def schedule(seed: int, skills: int, count: int) -> list[int]:
    """Which skill (an index) each of the first ``count`` puzzles practises: rounds in
    which every skill comes once, shuffled with ``seed``, never one twice in a row.

    >>> order = schedule(7, 3, 9)
    >>> sorted(order[:3]) == sorted(order[3:6]) == [0, 1, 2]
    True
    >>> any(a == b for a, b in zip(order, order[1:]))
    False
    """
    rng = random.Random(f"skills:{seed}")
    order: list[int] = []
    while len(order) < count:
        round_ = rng.sample(range(skills), skills)
        if order and skills > 1 and round_[0] == order[-1]:
            round_[0], round_[-1] = round_[-1], round_[0]
        order.extend(round_)
    return order[:count]


def read_practice(path: str | Path) -> dict[str, Any]:
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
    if "skills" not in table:
        for key in ("kind", "level"):
            if key not in table:
                raise problem(_("[practice] needs a line {key} = …").format(key=key))
    return {key: table[key] for key in _PRACTICE_KEYS if key in table}
