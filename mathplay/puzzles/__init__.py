"""Puzzles teachers write: the file format, its checker, a generator, the shipped sets.

This is the content: ``load("arithmetic")`` (or a path to a ``.toml`` file) reads a set,
``mathplay puzzles check FILE`` validates a file, :func:`from_review` makes a practice
file of a game's missed chances. The format is in ``docs/puzzles.md``. The widgets that
show puzzles are a layer above (``mathplay.PuzzleSet``, ``mathplay.Practice``), and the
records of the pupils' attempts and the teacher's reports are the classroom's
(:mod:`mathplay.classroom`).

>>> from mathplay.puzzles import load, shipped_sets
>>> "arithmetic" in shipped_sets()
True
>>> load("arithmetic").title
'Adding and subtracting'
"""

from __future__ import annotations

from mathplay.puzzles.format import parse, write
from mathplay.puzzles.kinds import KINDS
from mathplay.puzzles.missed import from_review
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
    "Problem",
    "Puzzle",
    "PuzzleFileError",
    "Worksheet",
    "check_file",
    "check_text",
    "from_review",
    "load",
    "parse",
    "shipped_sets",
    "shipped_translations",
    "validate",
    "write",
]
