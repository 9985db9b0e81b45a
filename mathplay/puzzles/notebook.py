"""A student notebook for a puzzle set: instructions, the puzzles to read, and the widget.

The notebook is nbformat 4 JSON written directly (no extra dependency).

>>> nb = notebook_json("arithmetic")
>>> nb["nbformat"], nb["cells"][0]["cell_type"]
(4, 'markdown')
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from mathplay.i18n import _
from mathplay.puzzles.kinds import KINDS
from mathplay.puzzles.validate import load, resolve, shipped_sets

__all__ = ["notebook_json", "write_notebook"]


def _cell(kind: str, source: str, number: int) -> dict[str, Any]:
    cell: dict[str, Any] = {
        "cell_type": kind,
        "id": f"puzzles-{number}",
        "metadata": {},
        "source": source.splitlines(keepends=True),
    }
    if kind == "code":
        cell.update(execution_count=None, outputs=[])
    return cell


def notebook_json(source: str | Path, reference: str | None = None) -> dict[str, Any]:
    """The notebook for a set, as JSON-ready data.

    ``reference`` is how the notebook names the set (a path relative to the notebook, or
    a shipped set's name); by default the ``source`` as given.
    """
    sheet = load(source)
    ref = reference if reference is not None else str(source)
    intro = [f"# {sheet.title}", ""]
    if sheet.description:
        intro += [sheet.description, ""]
    intro += [
        _(
            "**How to play:** run the cell below (click it and press Shift+Enter). Type "
            "your name, then answer each puzzle and press **Check**. **Hint** gives a hint; "
            "press it again for a stronger one. **Next** goes on to the next puzzle."
        ),
    ]
    listing = [_("## The puzzles"), ""]
    for number, puzzle in enumerate(sheet.puzzles, start=1):
        kind = KINDS[puzzle.kind]
        question = kind.question(puzzle).replace("\n", " ")
        listing.append(f"{number}. {kind.prompt(puzzle)} `{question}`")
    code = f"from mathplay import PuzzleSet\n\nPuzzleSet({ref!r})"
    cells = [
        _cell("markdown", "\n".join(intro), 1),
        _cell("code", code, 2),
        _cell("markdown", "\n".join(listing), 3),
    ]
    return {
        "cells": cells,
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
            "mathplay": {"puzzle_set": sheet.title},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def write_notebook(source: str | Path, out: str | Path | None = None) -> Path:
    """Write the student notebook for a set; returns its path.

    Without ``out`` it is written next to the set file (in the current folder for a
    shipped set), named after the set. The notebook refers to the set by a path relative
    to itself, or by name for a shipped set.
    """
    name = str(source)
    shipped = name in shipped_sets() and not Path(name).exists()
    path = resolve(source)
    if out is None:
        out = Path(path.stem + ".ipynb") if shipped else path.with_suffix(".ipynb")
    out = Path(out)
    if shipped:
        reference = name
    else:
        reference = os.path.relpath(path.resolve(), out.resolve().parent).replace(os.sep, "/")
    data = notebook_json(source, reference)
    out.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return out
