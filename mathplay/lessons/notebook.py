"""Build a lesson's notebook: stripped, nbformat 4.5, cell ids that do not move.

The notebook ``NN-name.ipynb`` is written next to ``NN-name.md``. It starts with one
short line saying where the lesson's text is, then holds the lesson's cells as they
are, with no outputs. A cell's id comes from its text (or from ``label`` in its
metadata), so adding a cell leaves the other ids alone; the same text twice gets
``-2``, ``-3`` … in order. Building twice gives the same bytes.

>>> from mathplay.lessons.source import Cell
>>> cell_ids([Cell("code", "game"), Cell("code", "game"), Cell("code", "x", {"label": "x"})])
['c-dcbc4da634', 'c-dcbc4da634-2', 'x']
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any, cast

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_raw_cell

from mathplay.i18n import _
from mathplay.lessons.source import Cell, Lesson, LessonError

__all__ = [
    "MADE_FROM_ID",
    "build_notebook",
    "cell_ids",
    "is_up_to_date",
    "made_from_text",
    "notebook_text",
    "write_notebook",
]

#: The id of the first cell, the one that says where the lesson's text is.
MADE_FROM_ID = "made-from"
#: What an id may be (nbformat 4.5): 1 to 64 letters, digits, ``-`` and ``_``.
_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
_KERNEL = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}


def made_from_text(name: str) -> str:
    """The first cell of every built notebook: one short italic line.

    It is in the lessons' language, not the builder's (so it is not translated): the
    same lesson builds into the same bytes on every machine.
    """
    return (
        f"*This notebook is made from `{name}`. To change the lesson, edit that file and "
        "run `mathplay lessons build`.*"
    )


def cell_ids(cells: Sequence[Cell], *, source: str = "") -> list[str]:
    """Each cell's id: its ``label``, or ``c-`` (code) / ``m-`` (text) and a hash of its text.

    Raises :class:`LessonError` for a label that is not a valid id or is used twice.
    """
    taken = {MADE_FROM_ID}
    labels: dict[int, str] = {}
    for number, cell in enumerate(cells):
        label = cell.metadata.get("label")
        if label is None:
            continue
        if not isinstance(label, str) or not _ID.match(label):
            raise LessonError(
                _(
                    "the label {label!r} cannot be a cell id: use 1 to 64 letters, digits, "
                    "'-' and '_'"
                ).format(label=label),
                path=source,
                line=cell.line,
            )
        if label in taken:
            raise LessonError(
                _(
                    "the label {label!r} is used twice (or is reserved); give each cell its own"
                ).format(label=label),
                path=source,
                line=cell.line,
            )
        taken.add(label)
        labels[number] = label
    ids = []
    for number, cell in enumerate(cells):
        if number in labels:
            ids.append(labels[number])
            continue
        digest = hashlib.sha256(f"{cell.kind}\0{cell.source}".encode()).hexdigest()
        base = f"{cell.kind[0]}-{digest[:10]}"
        candidate, count = base, 1
        while candidate in taken:
            count += 1
            candidate = f"{base}-{count}"
        taken.add(candidate)
        ids.append(candidate)
    return ids


def build_notebook(lesson: Lesson) -> nbformat.NotebookNode:
    """The notebook of ``lesson``: the "made from" line, then its cells, without outputs."""
    notebook = new_notebook()
    metadata: dict[str, Any] = {
        "kernelspec": dict(lesson.metadata.get("kernelspec") or _KERNEL),
        "language_info": {"name": "python"},
    }
    if "mathplay" in lesson.metadata:
        metadata["mathplay"] = lesson.metadata["mathplay"]
    notebook.metadata = metadata
    first = new_markdown_cell(made_from_text(lesson.path.name))
    first.id = MADE_FROM_ID
    cells = [first]
    for cell, cell_id in zip(lesson.cells, cell_ids(lesson.cells, source=lesson.name)):
        made = _new_cell(cell)
        made.id = cell_id
        cells.append(made)
    notebook.cells = cells
    nbformat.validate(notebook)
    return cast(nbformat.NotebookNode, notebook)


def notebook_text(lesson: Lesson) -> str:
    """The notebook file's text, exactly as :func:`write_notebook` writes it."""
    return str(nbformat.writes(build_notebook(lesson))) + "\n"


def write_notebook(lesson: Lesson) -> bool:
    """Write the lesson's notebook next to it; ``True`` if the file changed.

    The notebook gets the modification time of the ``.md`` file. Jupytext in JupyterLab
    then reads the ``.md`` as the newer of the pair when a teacher opens it (a notebook
    newer than its text makes Jupytext compare the two and refuse them, because the
    notebook has the extra first line).
    """
    path = lesson.notebook_path
    text = notebook_text(lesson)
    try:
        changed = path.read_text(encoding="utf-8") != text
    except (FileNotFoundError, UnicodeDecodeError):
        changed = True
    if changed:
        with open(path, "w", encoding="utf-8", newline="\n") as file:
            file.write(text)
    source = os.stat(lesson.path)
    os.utime(path, ns=(source.st_atime_ns, source.st_mtime_ns))
    return changed


def _new_cell(cell: Cell) -> nbformat.NotebookNode:
    metadata = dict(cell.metadata)
    if cell.kind == "code":
        made = new_code_cell(cell.source, metadata=metadata)
        made.outputs = []
        made.execution_count = None
    elif cell.kind == "raw":
        made = new_raw_cell(cell.source, metadata=metadata)
    else:
        made = new_markdown_cell(cell.source, metadata=metadata)
    return cast(nbformat.NotebookNode, made)


def is_up_to_date(lesson: Lesson) -> bool:
    """Whether the notebook next to the lesson is exactly what building it writes."""
    path = Path(lesson.notebook_path)
    try:
        return path.read_text(encoding="utf-8") == notebook_text(lesson)
    except (FileNotFoundError, UnicodeDecodeError):
        return False
