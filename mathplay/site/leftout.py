"""What never goes on a website: pupils' records, class lists, rosters, saved games,
tokens, links, scripts, and files too big.

A site built by ``mathplay site build`` is public: anyone with its address reads every
file on it. A teacher's folder given with ``--contents`` may hold what a class left
there, so each file is looked at, not only its name:

- a **link** (symlink) is not followed: it may point anywhere on the teacher's machine
  (``/etc``, another class's folder), or back at its own folder;
- only **ordinary files** are copied (a FIFO or a device is never opened for reading);
- a file that holds **pupils' records** is left out, whatever its name or encoding:
  lines of JSON with a pupil's name and an answer (``mathplay-progress.jsonl``,
  handed-in ``mathplay-results-ana.jsonl``, ``class.jsonl``), a class report (CSV with
  a ``who`` or ``pupil`` column, or the HTML page ``mathplay progress report`` writes),
  the xAPI statements ``progress report --xapi`` writes; and any SQLite database
  (the records service keeps the class's records in one);
- so is, found by what it says (:mod:`mathplay.site.private`), a **class list**, a
  **roster with e-mail addresses**, a **saved game** (a pupil's game that waits,
  renamed) and a **token** (the hub's API token, printed or written down);
- each of them also when compressed (gzip, bz2, xz), archived (zip, tar) or re-encoded
  (UTF-16, UTF-32); an archive is looked into to a bound (:data:`MOST_UNPACKED` bytes,
  :data:`MOST_MEMBERS` files, :data:`DEPTH` archives deep), and one that cannot be
  looked into whole (damaged, locked, too big) is left out;
- a **notebook** of the lessons goes without the outputs that show any of them (a cell
  that ran ``progress.summary()``, a class report, a chart of the class, a token) and
  without widget state that holds them (:func:`without_private`); a teacher's notebook
  goes without any output or widget state (:func:`without_outputs`) unless the teacher
  names it (``--keep-outputs``), and then as a lesson's does;
- **Python scripts** (``.py``, ``.pyc``), hidden files and what editors leave behind;
- a file bigger than :data:`MOST_BYTES` (every pupil's browser would download it whole).

:func:`why_left_out` gives the reason in words, or ``None`` for a file that may go.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "ana.jsonl").write_text('{"who": "Ana", "puzzle": "p1", "right": true}\\n')
>>> _ = (folder / "notes.txt").write_text("Bring a pencil.\\n")
>>> why_left_out(folder / "ana.jsonl")
'it holds pupils’ records'
>>> why_left_out(folder / "notes.txt") is None
True
"""

from __future__ import annotations

import codecs
import io
import json
import os
import re
import stat
from pathlib import Path
from typing import Any

from mathplay.i18n import _
from mathplay.site.private import (
    holds_class_list,
    holds_emails,
    holds_saved_game,
    holds_token,
    html_tables,
    table_header,
)

__all__ = [
    "DEPTH",
    "MOST_BYTES",
    "MOST_MEMBERS",
    "MOST_UNPACKED",
    "NEVER_NAMES",
    "class_list_reason",
    "holds_records",
    "private_reason",
    "records_reason",
    "why_left_out",
    "without_outputs",
    "without_private",
    "without_records",
]

#: The biggest file a site takes (a pupil's browser downloads what it opens whole).
MOST_BYTES = 20 * 1024 * 1024
#: Names never put on a site: records by name, and what editors and tools leave behind.
NEVER_NAMES = frozenset({"mathplay-progress.jsonl", "__pycache__", ".ipynb_checkpoints"})
#: Endings never put on a site: Python scripts (the site is lessons, not programs).
_SCRIPTS = frozenset({".py", ".pyc", ".pyo"})
#: A record names a pupil and says what they did.
_RECORD_KEYS = frozenset({"puzzle", "answer", "right", "skill", "set", "attempts"})


def records_reason() -> str:
    """Why a file that holds pupils' records is left out, in words."""
    return _("it holds pupils’ records")


#: The column that names a pupil in a CSV file of records.
_NAME_COLUMNS = frozenset({"who", "pupil", "student", "learner", "name"})


def _is_record(item: object) -> bool:
    if not isinstance(item, dict):
        return False
    if "actor" in item and "verb" in item:  # an xAPI statement (progress report --xapi)
        return True
    return "who" in item and bool(_RECORD_KEYS & item.keys())


def _has_record(data: object, budget: list[int]) -> bool:
    """Whether JSON ``data`` holds a record anywhere (looking at ``budget[0]`` values)."""
    stack = [data]
    while stack and budget[0] > 0:
        item = stack.pop()
        budget[0] -= 1
        if _is_record(item):
            return True
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str) and item.lstrip()[:1] in ("{", "[") and '"who"' in item:
            try:  # records written as JSON inside a string (a widget's value, a save)
                stack.append(json.loads(item))
            except (ValueError, RecursionError):
                continue
    return False


def holds_records(text: str) -> bool:
    """Whether ``text`` (a whole file) holds pupils' records or a class report.

    >>> holds_records('{"who": "Ana", "answer": "5"}')
    True
    >>> holds_records("who,set,puzzle,attempts\\nAna,05,p1,2\\n")
    True
    >>> holds_records('{"pupils": [{"who": "Ana", "right": false}]}')
    True
    >>> holds_records("x,y\\n1,2\\n"), holds_records('{"cells": []}')
    (False, False)
    """
    if 'class="mp-report"' in text or 'class=\\"mp-report\\"' in text:
        return True  # the HTML class report (or it, inside a JSON string)
    stripped = text.lstrip("\ufeff \t\r\n")
    if stripped[:1] in ("[", "{"):
        try:
            whole = json.loads(stripped)
        except (ValueError, RecursionError):
            pass
        else:
            return _has_record(whole, [100_000])
    for line in stripped.splitlines():
        if '"who"' in line:
            line = line.strip().rstrip(",")
            try:
                if _has_record(json.loads(line), [1_000]):
                    return True
            except (ValueError, RecursionError):
                continue
    names = set(table_header(stripped))
    return bool(names & _NAME_COLUMNS) and bool(
        names & (_RECORD_KEYS | {"solved", "first_try", "level"})
    )


def why_left_out(path: Path) -> str | None:
    """Why ``path`` (a file found in a teacher's folder) is not put on the site, in
    words for the teacher; ``None`` when it may go."""
    try:
        info = os.lstat(path)
    except OSError as error:
        return _("it cannot be read ({error})").format(error=error.strerror or error)
    if stat.S_ISLNK(info.st_mode):
        return _("it is a link, and links are not followed (it may point outside the folder)")
    if not stat.S_ISREG(info.st_mode):
        return _("it is not an ordinary file")
    if path.name in NEVER_NAMES or path.name.startswith("mathplay-results"):
        return records_reason()
    if path.name.startswith("mathplay-game-"):  # pupils' games that wait (saved_games.py)
        return records_reason()
    if path.suffix.lower() in _SCRIPTS:
        return _("it is a Python script (the site holds lessons, not programs)")
    if info.st_size > MOST_BYTES:
        return _("it is bigger than {most} MB (every pupil would download it whole)").format(
            most=MOST_BYTES // (1024 * 1024)
        )
    try:
        # Never blocks, never follows a link put there since lstat: O_NOFOLLOW, O_NONBLOCK.
        flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
        descriptor = os.open(path, flags)
    except OSError as error:
        return _("it cannot be read ({error})").format(error=error.strerror or error)
    with os.fdopen(descriptor, "rb") as file:
        if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
            return _("it is not an ordinary file")
        whole = file.read(MOST_BYTES + 1)
    return _why_bytes(whole, path.suffix.lower() == ".ipynb", 0, _Budget())


_SQLITE = b"SQLite format 3\0"
#: How deep archives inside archives are opened (a zip of a gzip of a progress file);
#: one deeper is left out, not published unlooked at.
DEPTH = 3
#: The most files looked at in one file's archives, all of them together.
MOST_MEMBERS = 1000
#: The most bytes unpacked from one file's archives, all of them together.
MOST_UNPACKED = 5 * MOST_BYTES


class _CannotCheck(Exception):
    """An archive that cannot be looked into whole: its message says why, in words."""


class _Budget:
    """What is left to unpack of one file: files and bytes."""

    def __init__(self) -> None:
        self.members = MOST_MEMBERS
        self.bytes = MOST_UNPACKED

    def take(self, members: int = 0, size: int = 0) -> None:
        self.members -= members
        self.bytes -= size
        if self.members < 0:
            raise _CannotCheck(
                _("it is an archive of more than {most} files, too many to look into").format(
                    most=MOST_MEMBERS
                )
            )
        if self.bytes < 0:
            raise _CannotCheck(
                _("it is an archive too big to look into (more than {most} MB unpacked)").format(
                    most=MOST_UNPACKED // (1024 * 1024)
                )
            )


def _damaged() -> _CannotCheck:
    return _CannotCheck(
        _("it is an archive that cannot be opened (damaged, or locked with a password)")
    )


def _text_of(data: bytes) -> str | None:
    """``data`` as text, whatever Unicode encoding it is in (by its byte-order mark, or
    by the zero bytes UTF-16 puts beside each letter); ``None`` for other binary data."""
    for mark, encoding in ((codecs.BOM_UTF32_LE, "utf-32"), (codecs.BOM_UTF32_BE, "utf-32"),
                           (codecs.BOM_UTF8, "utf-8-sig"), (codecs.BOM_UTF16_LE, "utf-16"),
                           (codecs.BOM_UTF16_BE, "utf-16")):  # fmt: skip
        if data.startswith(mark):
            return data.decode(encoding, errors="replace")
    head = data[:4096]
    if b"\0" not in head:
        return data.decode("utf-8", errors="replace")
    even, odd = head[0::2], head[1::2]
    if odd and odd.count(0) > 0.9 * len(odd) and even.count(0) < 0.1 * len(even):
        return data.decode("utf-16-le", errors="replace")
    if even and even.count(0) > 0.9 * len(even) and odd.count(0) < 0.1 * len(odd):
        return data.decode("utf-16-be", errors="replace")
    return None


def _is_packed(data: bytes) -> bool:
    """Whether ``data`` is a compressed file or an archive that :func:`_unpacked` opens."""
    return (
        data[:2] == b"\x1f\x8b"
        or data[:3] == b"BZh"
        or data[:6] == b"\xfd7zXZ\0"
        or data[:4] in (b"PK\x03\x04", b"PK\x05\x06")
        or data[257:262] == b"ustar"
    )


def _unpacked(data: bytes, budget: _Budget) -> list[tuple[str, bytes]]:
    """What a compressed file or an archive holds (name and bytes of each part), within
    ``budget``; raises :class:`_CannotCheck` for one that cannot be looked into whole."""
    import bz2
    import gzip
    import lzma
    import tarfile
    import zipfile

    try:
        if data[:2] == b"\x1f\x8b":
            return [("", _bounded(gzip.GzipFile(fileobj=io.BytesIO(data)), budget))]
        if data[:3] == b"BZh":
            return [("", _bounded(bz2.BZ2File(io.BytesIO(data)), budget))]
        if data[:6] == b"\xfd7zXZ\0":
            return [("", _bounded(lzma.LZMAFile(io.BytesIO(data)), budget))]
        if data[:4] in (b"PK\x03\x04", b"PK\x05\x06"):
            with zipfile.ZipFile(io.BytesIO(data)) as archive:
                members = [m for m in archive.infolist() if not m.is_dir()]
                budget.take(members=len(members))
                if any(m.flag_bits & 0x1 for m in members):  # locked with a password
                    raise _damaged()
                budget.take(size=sum(m.file_size for m in members))
                budget.bytes += sum(m.file_size for m in members)  # counted as read
                return [(m.filename, _bounded(archive.open(m), budget)) for m in members]
        if data[257:262] == b"ustar":
            with tarfile.open(fileobj=io.BytesIO(data)) as archive:
                found: list[tuple[str, bytes]] = []
                for member in archive:
                    budget.take(members=1)
                    extracted = archive.extractfile(member) if member.isfile() else None
                    if extracted is not None:
                        found.append((member.name, _bounded(extracted, budget)))
                return found
    except (OSError, EOFError, ValueError, zipfile.BadZipFile, tarfile.TarError, lzma.LZMAError):
        raise _damaged() from None
    raise _damaged()


def _bounded(file: Any, budget: _Budget) -> bytes:
    """The bytes of ``file``, each part at most :data:`MOST_BYTES`, counted in ``budget``."""
    with file:
        data = bytes(file.read(min(MOST_BYTES, max(budget.bytes, 0)) + 1))
    if len(data) > MOST_BYTES:
        raise _CannotCheck(
            _("it is an archive too big to look into (more than {most} MB unpacked)").format(
                most=MOST_UNPACKED // (1024 * 1024)
            )
        )
    budget.take(size=len(data))
    return data


def class_list_reason() -> str:
    """Why a class list is left out, in words."""
    return _("it is a class list (pupils’ names)")


def private_reason(text: str, *, bare_tokens: bool = False) -> str | None:
    """Why ``text`` (a whole file, or one output of a notebook) must not be public, in
    words; ``None`` when nothing in it is private. ``bare_tokens``: 32 hex digits alone
    count as a hub's token (an output that printed one).

    >>> private_reason("email,name\\nana@school.example,Ana\\n")
    'it holds e-mail addresses (a roster)'
    >>> private_reason("Bring a pencil.\\n") is None
    True
    """
    if holds_records(text):
        return records_reason()
    if holds_token(text, bare=bare_tokens):
        return _("it holds a token or password (a key to your hub account)")
    if holds_saved_game(text):
        return _("it holds a saved game (a pupil’s game that waits)")
    if holds_emails(text):
        return _("it holds e-mail addresses (a roster)")
    if holds_class_list(text):
        return class_list_reason()
    for table in html_tables(text):  # a table of records or names in a page or an output
        if holds_records(table) or holds_emails(table) or holds_class_list(table):
            return records_reason() if holds_records(table) else private_reason(table)
    return None


def _why_bytes(data: bytes, notebook: bool, depth: int, budget: _Budget) -> str | None:
    """Why the bytes of a file must not be public, read as a person would: unpacked,
    decoded, and (a ``notebook`` to be published) without its outputs and widget state,
    which are cleared when it is copied; ``None`` when they may be."""
    if data.startswith(_SQLITE):
        return _("it is a database (the records service keeps pupils’ records in one)")
    if _is_packed(data):
        if depth >= DEPTH:
            return _("it is an archive packed inside {most} others, too deep to look into").format(
                most=DEPTH
            )
        try:
            parts = _unpacked(data, budget)
        except _CannotCheck as cannot:
            return str(cannot)
        for name, part in parts:
            why = _why_bytes(part, False, depth + 1, budget)
            if why is None and name.endswith(".ipynb") and _has_outputs(_text_of(part)):
                why = _("it holds a notebook with outputs, which cannot be taken out of an archive")
            if why is not None:
                return why
        return None
    text = _text_of(data)
    if text is None:
        return None  # a picture or another binary file
    if notebook:
        try:
            parsed = json.loads(text)
        except (ValueError, RecursionError):
            return private_reason(text)
        if isinstance(parsed, dict) and isinstance(parsed.get("cells"), list):
            bare, _cleared = without_outputs(parsed)
            cells = [{k: v for k, v in c.items() if k != "id"} if isinstance(c, dict) else c
                     for c in bare["cells"]]  # fmt: skip
            text = json.dumps({**bare, "cells": cells}, ensure_ascii=False)
    return private_reason(text)


def _has_outputs(text: str | None) -> bool:
    try:
        data = json.loads(text or "")
    except (ValueError, RecursionError):
        return False
    if not isinstance(data, dict) or not isinstance(data.get("cells"), list):
        return False
    _bare, cleared = without_outputs(data)
    return cleared


#: A code cell whose source calls these shows the class's records in its outputs.
_READS_RECORDS = re.compile(
    r"\bprogress\s*\.\s*(summary|chart|report|read|collect|records|table)\b"
    r"|\bmathplay\s+progress\b|\bread_records\b|\bsummary_of\b"
)
#: A code cell whose source reads a token (its outputs may show it).
_READS_TOKEN = re.compile(r"(?i)token|\bgetpass\b|password")
#: A code cell whose source reads a class list.
_READS_CLASS = re.compile(r"\bread_class_(list|folders)\b")
#: What an output shows only as a widget's place (its model's id, no words).
_WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def _output_text(output: object) -> str:
    if not isinstance(output, dict):
        return ""
    parts: list[str] = []
    text = output.get("text")
    parts.append("".join(text) if isinstance(text, list) else str(text or ""))
    for key in ("ename", "evalue"):
        parts.append(str(output.get(key) or ""))
    traceback = output.get("traceback")
    if isinstance(traceback, list):
        parts.extend(str(line) for line in traceback)
    data = output.get("data")
    if isinstance(data, dict):
        for kind, value in data.items():
            if kind == _WIDGET_VIEW:
                continue
            if isinstance(value, list):
                parts.append("".join(str(v) for v in value))
            elif isinstance(value, str):
                parts.append(value)
            else:
                parts.append(json.dumps(value))
    return "\n".join(parts)


def _why_cell_private(cell: dict[str, Any]) -> str | None:
    """Why the outputs of a code ``cell`` must not be public; ``None`` when they may be."""
    source = cell.get("source")
    source = "".join(source) if isinstance(source, list) else str(source or "")
    if _READS_RECORDS.search(source):
        return records_reason()
    if _READS_TOKEN.search(source):
        return _("it holds a token or password (a key to your hub account)")
    if _READS_CLASS.search(source):
        return class_list_reason()
    for output in cell.get("outputs") or []:
        text = _output_text(output)
        if "mp-report" in text or "Summary(by_puzzle=" in text:
            return records_reason()
        why = private_reason(text, bare_tokens=True)
        if why is not None:
            return why
    return None


def without_outputs(notebook: Any) -> tuple[Any, bool]:
    """A notebook (parsed JSON) without any output, execution count or saved widget state
    (``metadata.widgets``), and whether it had any: a teacher's notebook is published so
    unless named with ``--keep-outputs``.

    >>> cell = {"cell_type": "code", "source": "1+1", "execution_count": 1,
    ...         "outputs": [{"output_type": "stream", "text": "2"}], "metadata": {}}
    >>> bare, had = without_outputs({"cells": [cell], "metadata": {"widgets": {}}})
    >>> bare, had
    ({'cells': [{'cell_type': 'code', 'source': '1+1', 'execution_count': None, \
'outputs': [], 'metadata': {}}], 'metadata': {}}, True)
    """
    if not isinstance(notebook, dict) or not isinstance(notebook.get("cells"), list):
        return notebook, False
    had = False
    cells = []
    for cell in notebook["cells"]:
        if isinstance(cell, dict) and cell.get("cell_type") == "code":
            had = had or bool(cell.get("outputs")) or cell.get("execution_count") is not None
            cell = {**cell, "execution_count": None, "outputs": []}
        cells.append(cell)
    notebook = {**notebook, "cells": cells}
    metadata = notebook.get("metadata")
    if isinstance(metadata, dict) and "widgets" in metadata:
        had = True
        notebook["metadata"] = {k: v for k, v in metadata.items() if k != "widgets"}
    return notebook, had


def without_private(notebook: Any) -> tuple[Any, list[str]]:
    """A notebook (parsed JSON) without the outputs and widget state that must not be
    public, and why each was cleared (one reason a cell, or the widget state): the cells
    that read the class's records, a class list or a token (their source calls
    ``progress.summary`` …, names a token) and any whose outputs hold records, a report,
    a class list, e-mail addresses, a saved game or a token; the saved widget state if it
    holds any of them."""
    if not isinstance(notebook, dict) or not isinstance(notebook.get("cells"), list):
        return notebook, []
    reasons: list[str] = []
    cells = []
    for cell in notebook["cells"]:
        why = _why_cell_private(cell) if isinstance(cell, dict) and cell.get("outputs") else None
        if why is not None:
            cell = {**cell, "outputs": [], "execution_count": None}
            reasons.append(why)
        cells.append(cell)
    notebook = {**notebook, "cells": cells}
    metadata = notebook.get("metadata")
    widgets = metadata.get("widgets") if isinstance(metadata, dict) else None
    if widgets is not None:
        why = private_reason(json.dumps(widgets, ensure_ascii=False))
        if why is not None:
            notebook["metadata"] = {k: v for k, v in metadata.items() if k != "widgets"}
            reasons.append(why)
    return notebook, reasons


def without_records(notebook: Any) -> tuple[Any, int]:
    """:func:`without_private`, with how many cells' outputs (or widget states) were
    cleared."""
    cleaned, reasons = without_private(notebook)
    return cleaned, len(reasons)
