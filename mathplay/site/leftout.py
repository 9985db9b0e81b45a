"""What never goes on a website: pupils' records, links, scripts, and files too big.

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
  the xAPI statements ``progress report --xapi`` writes; the same compressed (gzip,
  bz2, xz), archived (zip, tar) or re-encoded (UTF-16, UTF-32); and any SQLite database
  (the records service keeps the class's records in one);
- a **notebook** goes without the outputs that show pupils' records (a cell that ran
  ``progress.summary()``, a class report, a chart of the class): those cells' outputs
  are cleared (:func:`without_records`), and the teacher is told;
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
import csv
import io
import json
import os
import re
import stat
from pathlib import Path
from typing import Any

from mathplay.i18n import _

__all__ = [
    "MOST_BYTES",
    "NEVER_NAMES",
    "holds_records",
    "records_reason",
    "why_left_out",
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
    first = stripped.split("\n", 1)[0]
    header = next(csv.reader(io.StringIO(first)), [])
    if len(header) < 2:
        header = first.replace(";", "\t").split("\t")
    names = {cell.strip().strip('"').lower() for cell in header}
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
    if whole.startswith(_SQLITE):
        return _("it is a database (the records service keeps pupils’ records in one)")
    if _bytes_hold_records(whole, path.suffix.lower() == ".ipynb"):
        return records_reason()
    return None


_SQLITE = b"SQLite format 3\0"
#: How deep archives inside archives are opened (a zip of a gzip of a progress file).
_DEPTH = 3
#: The most members of one archive looked at.
_MOST_MEMBERS = 1000


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


def _unpacked(data: bytes) -> list[bytes] | None:
    """What a compressed file or an archive holds (each part at most ``MOST_BYTES``);
    ``None`` when ``data`` is neither."""
    import bz2
    import gzip
    import lzma
    import tarfile
    import zipfile

    try:
        if data[:2] == b"\x1f\x8b":
            return [_bounded(gzip.GzipFile(fileobj=io.BytesIO(data)))]
        if data[:3] == b"BZh":
            return [_bounded(bz2.BZ2File(io.BytesIO(data)))]
        if data[:6] == b"\xfd7zXZ\0":
            return [_bounded(lzma.LZMAFile(io.BytesIO(data)))]
        if data[:4] in (b"PK\x03\x04", b"PK\x05\x06"):
            with zipfile.ZipFile(io.BytesIO(data)) as archive:
                members = [m for m in archive.infolist() if not m.is_dir()][:_MOST_MEMBERS]
                return [_bounded(archive.open(m)) for m in members]
        if data[257:262] == b"ustar":
            with tarfile.open(fileobj=io.BytesIO(data)) as archive:
                found: list[bytes] = []
                for member in archive:
                    if len(found) >= _MOST_MEMBERS:
                        break
                    extracted = archive.extractfile(member) if member.isfile() else None
                    if extracted is not None:
                        found.append(_bounded(extracted))
                return found
    except (OSError, EOFError, ValueError, zipfile.BadZipFile, tarfile.TarError, lzma.LZMAError):
        return [b"who,puzzle\n"]  # a damaged archive is not looked into: counted as records
    return None


def _bounded(file: Any) -> bytes:
    with file:
        return bytes(file.read(MOST_BYTES))


def _bytes_hold_records(data: bytes, notebook: bool = False, depth: int = 0) -> bool:
    """Whether the bytes of a file hold pupils' records, read as a person would: unpacked,
    decoded, and (a notebook) without its outputs, which are cleared when it is copied."""
    if data.startswith(_SQLITE):
        return True
    if depth < _DEPTH:
        parts = _unpacked(data)
        if parts is not None:
            return any(_bytes_hold_records(part, False, depth + 1) for part in parts)
    text = _text_of(data)
    if text is None:
        return False  # a picture or another binary file: not records
    if notebook:
        try:
            cleaned, _cleared = without_records(json.loads(text))
        except (ValueError, RecursionError):
            return holds_records(text)
        text = json.dumps(_without_outputs(cleaned))
    return holds_records(text)


#: A code cell whose source calls these shows the class's records in its outputs.
_READS_RECORDS = re.compile(
    r"\bprogress\s*\.\s*(summary|chart|report|read|collect|records|table)\b"
    r"|\bmathplay\s+progress\b|\bread_records\b|\bsummary_of\b"
)


def _output_text(output: object) -> str:
    if not isinstance(output, dict):
        return ""
    parts: list[str] = []
    text = output.get("text")
    parts.append("".join(text) if isinstance(text, list) else str(text or ""))
    data = output.get("data")
    if isinstance(data, dict):
        for value in data.values():
            if isinstance(value, list):
                parts.append("".join(str(v) for v in value))
            elif isinstance(value, str):
                parts.append(value)
            else:
                parts.append(json.dumps(value))
    return "\n".join(parts)


def _shows_records(cell: dict[str, Any]) -> bool:
    source = cell.get("source")
    source = "".join(source) if isinstance(source, list) else str(source or "")
    if _READS_RECORDS.search(source):
        return True
    for output in cell.get("outputs") or []:
        text = _output_text(output)
        if "mp-report" in text or "Summary(by_puzzle=" in text or holds_records(text):
            return True
    return False


def _without_outputs(data: Any) -> Any:
    if isinstance(data, dict):
        data = {**data, "cells": [
            {k: v for k, v in cell.items() if k != "outputs"} if isinstance(cell, dict) else cell
            for cell in data.get("cells") or []
        ]}  # fmt: skip
    return data


def without_records(notebook: Any) -> tuple[Any, int]:
    """A notebook (parsed JSON) without the outputs that show pupils' records, and how
    many cells' outputs were cleared: the cells that read the class's records (their
    source calls ``progress.summary`` …) and any whose outputs hold records or a report.
    The notebook's saved widget state goes too if it holds records."""
    if not isinstance(notebook, dict) or not isinstance(notebook.get("cells"), list):
        return notebook, 0
    cleared = 0
    cells = []
    for cell in notebook["cells"]:
        if isinstance(cell, dict) and cell.get("outputs") and _shows_records(cell):
            cell = {**cell, "outputs": [], "execution_count": None}
            cleared += 1
        cells.append(cell)
    notebook = {**notebook, "cells": cells}
    metadata = notebook.get("metadata")
    widgets = metadata.get("widgets") if isinstance(metadata, dict) else None
    if widgets is not None and holds_records(json.dumps(widgets)):
        notebook["metadata"] = {k: v for k, v in metadata.items() if k != "widgets"}
        cleared += 1
    return notebook, cleared
