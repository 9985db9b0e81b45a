"""**Save my results**: a pupil downloads their records, for a website with no server.

On the lessons' website (JupyterLite: Python runs in the browser) every Check is recorded
as anywhere else, but the record file is kept in that browser's own storage, where the
teacher cannot reach it. The button downloads the pupil's records as a file,
``mathplay-results-ana.jsonl``, that the pupil hands in; ``mathplay progress collect``
reads it like any progress file (each record once, however often it is saved).

The button shows in JupyterLite by itself, and elsewhere only when asked
(``PuzzleSet(..., save_button=True)``), since on JupyterHub the teacher collects the
records and a button to save them would only puzzle pupils.

>>> import os, tempfile
>>> from mathplay.classroom.records import record
>>> log = os.path.join(tempfile.mkdtemp(), "progress.jsonl")
>>> for who in ("Ana", "Ben", "ana"):
...     record(log, who=who, puzzle_set="s", puzzle="p1", answer="4", right=True)
>>> text = results_text("Ana", log)
>>> len(text.splitlines()), results_file_name("Ana")
(2, 'mathplay-results-ana.jsonl')

The button itself is a widget, :class:`mathplay.widgets.save_results.SaveResults`.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from mathplay.classroom.where import DEFAULT_LOG, log_path, name_key, safe_file_name

__all__ = ["results_file_name", "results_text", "wanted"]


def wanted(save_button: bool | None) -> bool:
    """Whether to show the button: ``save_button`` if given, else only in JupyterLite
    (Python in the browser, ``sys.platform == "emscripten"``)."""
    return sys.platform == "emscripten" if save_button is None else bool(save_button)


def results_file_name(who: str | None) -> str:
    """The name of the downloaded file: ``mathplay-results-<name>.jsonl``.

    >>> results_file_name("Zoë B")[:23], results_file_name("")
    ('mathplay-results-zoe-b_', 'mathplay-results.jsonl')
    """
    who = (who or "").strip()
    return f"mathplay-results-{safe_file_name(who)}.jsonl" if who else "mathplay-results.jsonl"


def results_text(who: str | None, log: str | Path | None = DEFAULT_LOG) -> str:
    """The lines of ``who``'s attempts in their record file, as they are written there
    (a browser shared by a class keeps other pupils' too; they are left out). With no
    ``who``, every line. Empty when there is no file or nothing of theirs in it."""
    who = (who or "").strip()
    path = log_path(who, log) if log is not None else None
    if path is None:
        return ""
    try:
        data = Path(path).read_bytes()
    except OSError:
        return ""
    key = name_key(who)
    kept = []
    for raw in data.decode("utf-8", errors="replace").splitlines():
        line = raw.lstrip("\ufeff")
        if not line.strip():
            continue
        if who:
            try:
                entry = json.loads(line)
            except ValueError:
                continue
            if not (isinstance(entry, dict) and isinstance(entry.get("who"), str)):
                continue
            if name_key(entry["who"]) != key:
                continue
        kept.append(line + "\n")
    return "".join(kept)
