"""What a puzzle file holds: a set (``Worksheet``) of puzzles (``Puzzle``), and the
problems (``Problem``) a file can have.

Reading and writing the file is :mod:`mathplay.puzzles.format`; the kinds, the checker
and the generator use these classes without needing the reader.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import Any

from mathplay.errors import MathplayError
from mathplay.i18n import _

__all__ = [
    "COMMON_KEYS",
    "FORMAT_VERSION",
    "Problem",
    "Puzzle",
    "PuzzleFileError",
    "Worksheet",
    "suggest",
]

#: Keys every puzzle may have, whatever its kind.
COMMON_KEYS = ("id", "kind", "prompt", "answer", "answer_hash", "unique", "hints", "feedback")
FORMAT_VERSION = 1


@dataclass(frozen=True)
class Problem:
    """One thing wrong in a puzzle file: where (file, line, puzzle) and what to change.

    ``warning`` problems (a hint that gives the answer away …) are reported by
    ``mathplay puzzles check`` but do not stop the set from being used.
    """

    source: str
    line: int | None
    puzzle: str | None
    message: str
    #: A warning is worth a look but does not stop the set from being used.
    warning: bool = False

    def __str__(self) -> str:
        where = self.source
        if self.line is not None:
            where += _(", line {line}").format(line=self.line)
        if self.puzzle is not None:
            where += _(", puzzle '{id}'").format(id=self.puzzle)
        if self.warning:
            return _("{where}: warning: {message}").format(where=where, message=self.message)
        return f"{where}: {self.message}"


class PuzzleFileError(MathplayError, ValueError):
    """A puzzle file that cannot be used; ``problems`` lists everything wrong with it."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = problems


@dataclass
class Puzzle:
    """One puzzle: the common keys, and ``fields`` with the data its kind needs."""

    id: str
    kind: str
    prompt: str = ""
    fields: dict[str, Any] = field(default_factory=dict)
    answer: str | None = None
    unique: bool = False
    hints: tuple[str, ...] = ()
    feedback: dict[str, str] = field(default_factory=dict)
    #: ``feedback.answers``: the teacher's feedback for particular wrong answers.
    answer_feedback: dict[str, str] = field(default_factory=dict)
    #: The line of its ``[[puzzle]]`` header, and of each of its keys.
    line: int = field(default=0, compare=False)
    key_lines: dict[str, int] = field(default_factory=dict, compare=False, repr=False)
    #: The answer kept as a salted hash, in a copy handed to pupils
    #: (:mod:`mathplay.puzzles.answer_hashes`); loading it gives ``answer`` again.
    answer_hash: str | None = None

    def line_of(self, key: str) -> int:
        """The line where ``key`` is written (the puzzle's first line if it is not)."""
        return self.key_lines.get(key, self.line)


@dataclass
class Worksheet:
    """A whole puzzle set as read from a file."""

    title: str
    puzzles: list[Puzzle] = field(default_factory=list)
    level: int | None = None
    description: str = ""
    author: str = ""
    source: str = field(default="<text>", compare=False)
    #: The practices of a lesson's file (``[practice]``: kind, level, goal, seed).
    practices: list[dict[str, Any]] = field(default_factory=list)
    #: The ids of the puzzles of the lesson's end check (``[check]``).
    check: list[str] = field(default_factory=list)
    #: Whether a pupil who finished the end check may take it again (``retake = true``).
    check_retake: bool = False
    #: The goal map (``[[goal]]``): each goal of the lesson (``text``) with the skills
    #: that practise it and the end-check puzzles that test it.
    goals: list[dict[str, Any]] = field(default_factory=list)
    #: The language its texts are written in (``"es"``, ``"ms"``, ``"el"``; ``""`` when
    #: the file does not say, as in English): a lesson of this file speaks it.
    language: str = ""
    #: The set's name the same in every language, for the records: a translated
    #: lesson's set has its English title (``""``: the title is the name).
    key: str = field(default="", compare=False)

    def puzzle(self, puzzle_id: str) -> Puzzle:
        for puzzle in self.puzzles:
            if puzzle.id == puzzle_id:
                return puzzle
        raise KeyError(puzzle_id)


def suggest(word: str, known: list[str] | tuple[str, ...]) -> str:
    """`` (did you mean 'hints'?)`` when ``word`` looks like a known word, else ``""``."""
    close = difflib.get_close_matches(word, list(known), n=1, cutoff=0.6)
    return _(" (did you mean '{word}'?)").format(word=close[0]) if close else ""


# --- reading --------------------------------------------------------------------------
