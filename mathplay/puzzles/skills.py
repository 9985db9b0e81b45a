"""The skills a practice draws from: named streams of generated puzzles.

A **skill** is one thing a lesson teaches, practised with puzzles of one kind and level
of the generator (``docs/puzzles.md``), maybe with one of the level's choices kept
(``only``: the direction of ``convert``, the operation of ``bitwise``). Its name is
stable: a practice's records carry it (``"skill": "decimal-to-binary"``) so a teacher's
report can tell the skills apart.

>>> skill = SKILLS["decimal-to-binary"]
>>> skill.kind, skill.level, skill.only, skill.title
('convert', 2, {'to': ['binary']}, 'Decimal → binary')
>>> [p.fields["to"] for p in skill.generate(3, seed=1).puzzles]
['binary', 'binary', 'binary']
>>> level_skill("bitwise", 2).name
'bitwise-2'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from mathplay.i18n import N_, _
from mathplay.puzzles.generate import GeneratedSheet, generate, level_title
from mathplay.puzzles.spread import ANSWER_CHOICES

__all__ = ["SKILLS", "Skill", "level_skill", "skill_names"]


@dataclass(frozen=True)
class Skill:
    """A named stream of puzzles: ``kind`` at ``level``, keeping ``only`` those choices."""

    name: str
    kind: str
    level: int
    words: str | Callable[[], str]
    only: dict[str, list[Any]] = field(default_factory=dict)

    @property
    def title(self) -> str:
        """What the skill is called, in the pupil's words."""
        return self.words() if callable(self.words) else _(self.words)

    @property
    def choices(self) -> int | None:
        """How many different answers the skill has, when fewer than five."""
        return ANSWER_CHOICES.get((self.kind, self.level))

    def generate(self, n: int = 1, seed: int = 0) -> GeneratedSheet:
        """``n`` puzzles of the skill with ``seed`` (as :func:`generate` makes them)."""
        return generate(self.kind, self.level, n, seed=seed, only=self.only or None)


_CATALOGUE = [
    Skill("binary-to-decimal", "convert", 2, N_("Binary → decimal")),
    Skill("decimal-to-binary", "convert", 2, N_("Decimal → binary"), {"to": ["binary"]}),
    Skill("binary-add", "missing", 6, N_("Adding in binary"), {"op": ["+"]}),
    Skill("binary-subtract", "missing", 6, N_("Taking away in binary"), {"op": ["-"]}),
    Skill("binary-times-two", "missing", 6, N_("Times two in binary"), {"op": ["x"]}),
    Skill("binary-half", "missing", 6, N_("Divided by two in binary"), {"op": ["/"]}),
    Skill("and", "bitwise", 1, N_("AND")),
    Skill("or", "bitwise", 2, N_("OR"), {"op": ["OR"]}),
    Skill("xor", "bitwise", 2, N_("XOR"), {"op": ["XOR"]}),
    Skill("not", "bitwise", 5, N_("NOT")),
    Skill("mask", "bitwise", 6, N_("Masks: keep, set and flip bits")),
    Skill("order", "bitwise", 7, N_("Which part comes first")),
    Skill("fact-family-add", "missing", 9, N_("Fact families with + and -"), {"op": ["+"]}),
    Skill("fact-family-times", "missing", 9, N_("Fact families with x and :"), {"op": ["x"]}),
    Skill("mixmath-sign", "which-operation", 2, N_("Which sign joins three numbers")),
    Skill("times-first", "true-or-false", 3, N_("x and : come before + and -")),
    Skill("order-blank", "missing", 4, N_("A missing number, in the right order")),
    Skill("two-sides", "missing", 7, N_("Two sides with the same value")),
    Skill("left-to-right", "missing", 8, N_("The same kind of sign: from left to right")),
    Skill("true-equation", "true-or-false", 1, N_("Is the equation true?")),
    Skill("add-subtract", "missing", 2, N_("A missing number with + and -")),
    Skill("first-move", "move", 1, N_("A move on a Summy board")),
    Skill("binary-sign", "which-operation", 4, N_("Which chip makes the line true")),
    Skill("binary-bonus", "missing", 10, N_("The highest-bit bonus")),
    Skill("binary-move", "move", 6, N_("A Binary move that scores well")),
]

#: Every skill by its name.
SKILLS: dict[str, Skill] = {skill.name: skill for skill in _CATALOGUE}


def skill_names() -> list[str]:
    """The names of the catalogue's skills, in order."""
    return list(SKILLS)


def level_skill(kind: str, level: int) -> Skill:
    """The one skill of a practice written as a kind and a level (``"convert-2"``)."""
    return Skill(f"{kind}-{level}", kind, level, lambda: level_title(kind, level))
