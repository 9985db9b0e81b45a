"""Build a lesson's notebook: stripped, nbformat 4.5, cell ids that do not move.

The notebook ``NN-name.ipynb`` is written next to ``NN-name.md``. It holds the lesson's
cells as they are, with no outputs. Where the lesson's text is lives in the notebook's
metadata (``mathplay.source``), not on the pupil's screen. A cell's id comes from its
text (or from ``label`` in its metadata), so adding a cell leaves the other ids alone;
the same text twice gets ``-2``, ``-3`` … in order. Building twice gives the same bytes.

In a lesson for pupils no Python shows: every code cell is collapsed
(``jupyter.source_hidden``, which JupyterLab, Notebook 7 and JupyterLite honour, and the
``hide-input`` tag for Jupyter Book and Voilà), and starts with an empty line, because a
collapsed cell shows its first line as a preview. A cell tagged ``show-input`` stays
open: one short line, such as ``mathplay.check("3+4=7")``, that the lesson shows on
purpose (``mathplay lessons check`` holds it to that). A lesson for teachers
(``mathplay: {audience: teachers}``) shows its code.

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

from mathplay.i18n import LANGUAGES, _, language_code
from mathplay.lessons.source import Cell, Lesson, LessonError
from mathplay.startline import start_cell

__all__ = [
    "HIDE_TAG",
    "SHOW_TAG",
    "build_notebook",
    "cell_ids",
    "is_hidden",
    "is_up_to_date",
    "made_from",
    "notebook_text",
    "write_notebook",
]

#: The tag of a code cell a pupil lesson shows on purpose (one short line).
SHOW_TAG = "show-input"
#: The tag that hides a code cell's input in Jupyter Book and Voilà.
HIDE_TAG = "hide-input"
#: What an id may be (nbformat 4.5): 1 to 64 letters, digits, ``-`` and ``_``.
_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
_KERNEL = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}


def made_from(notebook: Any) -> str | None:
    """The name of the lesson text a built notebook is made from (its metadata's
    ``mathplay.source``), or ``None`` if it does not say."""
    settings = notebook.get("metadata", {}).get("mathplay") if isinstance(notebook, dict) else None
    source = settings.get("source") if isinstance(settings, dict) else None
    return source if isinstance(source, str) else None


def is_hidden(cell: Any) -> bool:
    """Whether a notebook cell's code is collapsed (``jupyter.source_hidden``)."""
    jupyter = cell.get("metadata", {}).get("jupyter")
    return isinstance(jupyter, dict) and jupyter.get("source_hidden") is True


def cell_ids(cells: Sequence[Cell], *, source: str = "") -> list[str]:
    """Each cell's id: its ``label``, or ``c-`` (code) / ``m-`` (text) and a hash of its text.

    Raises :class:`LessonError` for a label that is not a valid id or is used twice.
    """
    taken: set[str] = set()
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


def lesson_language(lesson: Lesson) -> str:
    """The language ``lesson`` is written in: its front matter's ``mathplay: language:``,
    else its folder's name when that is a language (``lessons/es/05-….md``), else
    English."""
    settings = lesson.metadata.get("mathplay")
    said = settings.get("language") if isinstance(settings, dict) else None
    code = language_code(said) if isinstance(said, str) else None
    if code is not None:
        return code
    folder = lesson.path.parent.name
    return folder if folder in LANGUAGES else "en"


def build_notebook(lesson: Lesson) -> nbformat.NotebookNode:
    """The notebook of ``lesson``: its cells without outputs, code hidden from pupils."""
    notebook = new_notebook()
    metadata: dict[str, Any] = {
        "kernelspec": dict(lesson.metadata.get("kernelspec") or _KERNEL),
        "language_info": {"name": "python"},
    }
    settings = lesson.metadata.get("mathplay")
    settings = dict(settings) if isinstance(settings, dict) else {}
    settings["source"] = lesson.path.name
    metadata["mathplay"] = settings
    notebook.metadata = metadata
    cells = []
    if lesson.for_pupils:
        # Saved unrun: the first line says what to press (hidden once the lesson runs).
        cells.append(nbformat.from_dict(start_cell(lesson_language(lesson))))
    for cell, cell_id in zip(lesson.cells, cell_ids(lesson.cells, source=lesson.name)):
        made = _new_cell(cell, hide=lesson.for_pupils and SHOW_TAG not in cell.tags)
        made.id = cell_id
        cells.append(made)
    notebook.cells = cells
    try:
        nbformat.validate(notebook)
    except nbformat.ValidationError as error:
        # The front matter's jupyter: part is copied into the notebook as it is written.
        raise LessonError(
            _(
                "the front matter's jupyter: part is not what Jupyter expects "
                "({message}); copy it from a lesson that works"
            ).format(message=str(error.message)),
            path=lesson.name,
        ) from None
    return cast(nbformat.NotebookNode, notebook)


def notebook_text(lesson: Lesson) -> str:
    """The notebook file's text, exactly as :func:`write_notebook` writes it."""
    return str(nbformat.writes(build_notebook(lesson))) + "\n"


def write_notebook(lesson: Lesson) -> bool:
    """Write the lesson's notebook next to it; ``True`` if the file changed.

    The notebook gets the modification time of the ``.md`` file. Jupytext in JupyterLab
    then reads the ``.md`` as the newer of the pair when a teacher opens it (a notebook
    newer than its text makes Jupytext compare the two and refuse them, because the
    notebook's code cells are collapsed and start with an empty line).
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


def _new_cell(cell: Cell, *, hide: bool) -> nbformat.NotebookNode:
    metadata = dict(cell.metadata)
    if cell.kind == "code":
        source = cell.source
        if hide:
            # Collapsed, and with an empty first line: the collapsed cell's preview.
            metadata["jupyter"] = {**metadata.get("jupyter", {}), "source_hidden": True}
            tags = list(metadata.get("tags", ()))
            metadata["tags"] = tags if HIDE_TAG in tags else [*tags, HIDE_TAG]
            source = "\n" + source
        made = new_code_cell(source, metadata=metadata)
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
