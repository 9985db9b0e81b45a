"""Puzzles teachers write: the file format, its checker, a generator, a widget.

``PuzzleSet("arithmetic")`` (or a path to a ``.toml`` file) shows a set one puzzle at a
time in Jupyter; ``Practice("missing", 1)`` draws fresh puzzles until four are right in
a row; ``mathplay puzzles check FILE`` validates a file. The format is in
``docs/puzzles.md``. The records of the pupils' attempts and the teacher's reports are
the classroom's (:mod:`mathplay.classroom`; ``mathplay.puzzles.progress`` still names
its ``progress`` module).

>>> from mathplay.puzzles import load, shipped_sets
>>> "arithmetic" in shipped_sets()
True
>>> load("arithmetic").title
'Adding and subtracting'
"""

from __future__ import annotations

from typing import Any

from mathplay.puzzles.format import parse, write
from mathplay.puzzles.kinds import KINDS
from mathplay.puzzles.model import Problem, Puzzle, PuzzleFileError, Worksheet
from mathplay.puzzles.validate import (
    check_file,
    check_text,
    load,
    shipped_sets,
    shipped_translations,
    validate,
)

__all__ = [
    "KINDS",
    "Practice",
    "Problem",
    "Puzzle",
    "PuzzleFileError",
    "PuzzleSet",
    "Worksheet",
    "check_file",
    "check_text",
    "load",
    "parse",
    "progress",
    "shipped_sets",
    "shipped_translations",
    "validate",
    "write",
]


def __getattr__(name: str) -> Any:
    # The widget needs ipywidgets; import it only when it is asked for.
    if name == "PuzzleSet":
        from mathplay.widgets.puzzle_set import PuzzleSet

        return PuzzleSet
    if name == "Practice":
        from mathplay.widgets.practice import Practice

        return Practice
    if name == "progress":  # where it was before the classroom had its own package
        from mathplay.classroom import progress

        return progress
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
