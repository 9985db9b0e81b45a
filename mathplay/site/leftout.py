"""What never goes on a website: pupils' records, links, scripts, and files too big.

A site built by ``mathplay site build`` is public: anyone with its address reads every
file on it. A teacher's folder given with ``--contents`` may hold what a class left
there, so each file is looked at, not only its name:

- a **link** (symlink) is not followed: it may point anywhere on the teacher's machine
  (``/etc``, another class's folder), or back at its own folder;
- only **ordinary files** are copied (a FIFO or a device is never opened for reading);
- a file that holds **pupils' records** is left out, whatever its name: lines of JSON
  with a pupil's name and an answer (``mathplay-progress.jsonl``, handed-in
  ``mathplay-results-ana.jsonl``, ``class.jsonl``), a class report (CSV with a ``who``
  column, or the HTML page ``mathplay progress report`` writes);
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

import csv
import io
import json
import os
import stat
from pathlib import Path

from mathplay.i18n import _

__all__ = ["MOST_BYTES", "NEVER_NAMES", "holds_records", "records_reason", "why_left_out"]

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


def _is_record(item: object) -> bool:
    return isinstance(item, dict) and "who" in item and bool(_RECORD_KEYS & item.keys())


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
    if 'class="mp-report"' in text:
        return True  # the HTML class report
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
    return "who" in names and bool(names & (_RECORD_KEYS | {"solved", "first_try", "level"}))


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
    if b"\0" in whole[:8192]:
        return None  # a picture or another binary file: not records
    if holds_records(whole.decode("utf-8", errors="replace")):
        return records_reason()
    return None
