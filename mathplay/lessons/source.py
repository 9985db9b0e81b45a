"""A lesson as text: a MyST Markdown file (Jupytext's ``md:myst``), read into cells.

A lesson ``lessons/NN-name.md`` has a front matter (the Jupytext pairing, the kernel and
``mathplay: {base: 2}`` for a binary lesson), then Markdown text and code cells
(```` ```{code-cell} ````). Every cell keeps the line of the file where its text starts,
so a problem can be reported as ``FILE:LINE: message``.

>>> lesson = read_text('''---
... mathplay:
...   base: 2
... ---
...
... # Lesson 5
...
... ```{code-cell}
... :tags: [puzzle]
...
... puzzle(1)
... ```
... ''', "05-binary.md")
>>> lesson.base, [(cell.kind, cell.line) for cell in lesson.cells]
(2, [('markdown', 6), ('code', 11)])
>>> lesson.cells[1].tags
('puzzle',)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mathplay.errors import MathplayError
from mathplay.files import FileRefused, read_regular
from mathplay.i18n import _

__all__ = [
    "LESSON_GLOB",
    "Cell",
    "Lesson",
    "LessonError",
    "find_lessons",
    "read_lesson",
    "read_text",
]

#: The lessons of a folder: two digits, a dash, a name (``05-binary-numbers.md``).
LESSON_GLOB = "[0-9][0-9]-*.md"
#: The bases a lesson can be written in.
BASES = (10, 2)
#: The largest lesson file read, in bytes. The biggest lesson shipped is about 21 kB; a
#: file many times that is a mistake (or a hostile file) that would fill the memory.
MAX_LESSON_BYTES = 500_000


class LessonError(MathplayError, ValueError):
    """A lesson file that cannot be read or built; ``path`` and ``line`` say where."""

    def __init__(self, message: str, *, path: str = "", line: int = 1) -> None:
        super().__init__(f"{path}:{line}: {message}" if path else message)
        self.path = path
        self.line = line
        self.message = message


@dataclass(frozen=True)
class Cell:
    """One cell of a lesson: its kind, text, metadata and the line where its text starts."""

    kind: str
    source: str
    metadata: dict[str, Any] = field(default_factory=dict)
    line: int = 1

    @property
    def tags(self) -> tuple[str, ...]:
        return tuple(str(tag) for tag in self.metadata.get("tags", ()))

    def line_at(self, offset: int) -> int:
        """The line of the file at ``offset`` in the cell's text."""
        return self.line + self.source.count("\n", 0, offset)


@dataclass(frozen=True)
class Lesson:
    """A lesson file read into cells. ``name`` is the shown path of the ``.md`` file."""

    name: str
    text: str
    cells: tuple[Cell, ...]
    metadata: dict[str, Any]

    @property
    def path(self) -> Path:
        return Path(self.name)

    @property
    def notebook_path(self) -> Path:
        """The notebook built from this lesson: the same name, ending ``.ipynb``."""
        return self.path.with_suffix(".ipynb")

    @property
    def base(self) -> int:
        """The base the lesson's equations are written in (front matter; 10 if not said)."""
        settings = self.metadata.get("mathplay") or {}
        base = settings.get("base", 10) if isinstance(settings, dict) else 10
        return base if base in BASES else 10

    @property
    def for_pupils(self) -> bool:
        """Whether pupils read this lesson (front matter ``mathplay: {audience: teachers}``
        marks one for teachers, which may show its code)."""
        settings = self.metadata.get("mathplay") or {}
        return not (isinstance(settings, dict) and settings.get("audience") == "teachers")


def read_text(text: str, name: str) -> Lesson:
    """Read a lesson from its text; ``name`` is the file name shown in messages."""
    import jupytext

    if len(text.encode("utf-8")) > MAX_LESSON_BYTES:
        raise LessonError(_too_big(len(text.encode("utf-8"))), path=name)
    _refuse_yaml_references(text, name)
    try:
        notebook = jupytext.reads(text, fmt="md:myst")
    except Exception as error:  # jupytext and its YAML reader raise many kinds
        # Their messages run over many lines (the YAML around the mistake, a JSON schema);
        # the first says what is wrong, and a YAML mark says where.
        said = (str(error).strip().splitlines() or [type(error).__name__])[0]
        problem, mark = getattr(error, "problem", None), getattr(error, "problem_mark", None)
        said = problem if isinstance(problem, str) and problem else said
        raise LessonError(
            _("cannot be read as a MyST lesson: {error}").format(error=said.rstrip(":")),
            path=name,
            line=mark.line + 1 if mark is not None else 1,
        ) from error
    metadata = dict(notebook.metadata)
    settings = metadata.get("mathplay")
    if settings is not None:
        base = settings.get("base", 10) if isinstance(settings, dict) else None
        if base not in BASES:
            line = _line_of(text, "base") or _line_of(text, "mathplay") or 1
            raise LessonError(
                _("the front matter says mathplay: {settings}; write base: 10 or base: 2").format(
                    settings=settings
                ),
                path=name,
                line=line,
            )
    lines = _cell_lines(text, notebook.cells)
    cells = tuple(
        Cell(cell.cell_type, cell.source, dict(cell.metadata), line)
        for cell, line in zip(notebook.cells, lines)
    )
    return Lesson(name, text, cells, metadata)


def read_lesson(path: str | Path) -> Lesson:
    """Read the lesson file at ``path``."""
    name = str(path)
    size = Path(path).stat().st_size
    if size > MAX_LESSON_BYTES:
        raise LessonError(_too_big(size), path=name)
    try:  # only an ordinary file, never more than the cap (a pipe, /dev/zero: refused)
        data = read_regular(path, MAX_LESSON_BYTES)
    except FileRefused as refused:
        raise LessonError(str(refused), path=name) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise LessonError(_("is not UTF-8 text: {error}").format(error=error), path=name) from None
    return read_text(text, name)


def find_lessons(paths: Iterable[str | Path]) -> list[Path]:
    """The lesson files of ``paths``: each ``.md`` file given, and ``NN-name.md`` in folders
    and in their language folders (``es/NN-name.md``: the translations)."""
    from mathplay.i18n import LANGUAGES

    found: list[Path] = []
    for given in paths:
        path = Path(given)
        if path.is_dir():
            found += sorted(path.glob(LESSON_GLOB))
            if path.name not in LANGUAGES:
                for language in LANGUAGES:
                    found += sorted((path / language).glob(LESSON_GLOB))
        elif path.suffix == ".md" and (path.exists() or path.is_symlink()):
            found.append(path)  # a pipe or a device too: reading it says why it is not read
        elif path.is_file():
            raise LessonError(_("{path} is not a lesson: a lesson is a .md file").format(path=path))
        else:
            raise LessonError(_("there is no file or folder {path}").format(path=path))
    return list(dict.fromkeys(found))


def _too_big(size: int) -> str:
    return _(
        "is {size} kB, more than a lesson may be ({most} kB): split it into shorter lessons"
    ).format(size=size // 1000, most=MAX_LESSON_BYTES // 1000)


def _refuse_yaml_references(text: str, name: str) -> None:
    """Refuse anchors (``&a``) and aliases (``*a``) in the front matter.

    A lesson's front matter never needs them, and a few aliases of aliases make a
    kilobyte of YAML grow to gigabytes when it is read (a "billion laughs" file). The
    front matter is only scanned here (tokens, nothing built), which takes time in
    proportion to its length.
    """
    import yaml

    end = _after_front_matter(text)
    if not end:
        return
    front = text[3:end]
    try:
        for token in yaml.scan(front, Loader=yaml.SafeLoader):
            if isinstance(token, (yaml.AnchorToken, yaml.AliasToken)):
                mark = "&" if isinstance(token, yaml.AnchorToken) else "*"
                raise LessonError(
                    _(
                        "the front matter uses {mark}{label}, a YAML anchor or alias; a "
                        "lesson's front matter must write every value out"
                    ).format(mark=mark, label=token.value),
                    path=name,
                    line=token.start_mark.line + 1,
                )
    except yaml.YAMLError:
        return  # jupytext says what is wrong with it


def _line_of(text: str, key: str) -> int | None:
    match = re.search(rf"^\s*{re.escape(key)}\s*:", text, re.MULTILINE)
    return text.count("\n", 0, match.start()) + 1 if match else None


_CODE_CELL = re.compile(r"^(`{3,}|~{3,})\{code-cell\}.*$", re.MULTILINE)


def _cell_lines(text: str, cells: list[Any]) -> list[int]:
    """The line where each cell's text starts, found in order through the file.

    Jupytext keeps the text of every cell as written, so each one is found after the
    one before it; a code cell's text comes after its ```` ```{code-cell} ```` line and
    its options.
    """
    lines: list[int] = []
    cursor = _after_front_matter(text)
    for cell in cells:
        start = cursor
        if cell.cell_type == "code":
            fence = _CODE_CELL.search(text, cursor)
            if fence:
                start = fence.end() + 1
        found = text.find(cell.source, start) if cell.source else -1
        position = found if found >= 0 else start
        lines.append(text.count("\n", 0, position) + 1)
        cursor = position + len(cell.source) if found >= 0 else start
    return lines


def _after_front_matter(text: str) -> int:
    if not text.startswith("---"):
        return 0
    end = text.find("\n---", 3)
    return 0 if end < 0 else end + 4
