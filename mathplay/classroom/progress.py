"""Attempts at puzzles: the records the widgets write, and a teacher's report of them.

Each line of a progress file is one attempt (``mathplay.classroom.records`` says what it
holds and where it goes); ``summary`` sums a file, a folder or a list of them up per
pupil and puzzle, ``collect`` gathers a class's files into one. The command line does the
same: ``mathplay progress collect`` and ``mathplay progress report``.

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "progress.jsonl")
>>> record(path, who="Ana", puzzle_set="Adding", puzzle="add-1", answer="5", right=False)
>>> record(path, who="Ana", puzzle_set="Adding", puzzle="add-1", answer="4", right=True, hints=1)
>>> s = summary(path)
>>> s.by_puzzle.rows[0]["solved"], s.by_student.rows[0]["attempts"]
(1, 2)
"""

from __future__ import annotations

from mathplay.classroom.collect import CollectResult, collect
from mathplay.classroom.records import ProgressWarning, append_line, read_attempts, record
from mathplay.classroom.report import CSV_COLUMNS, STATUSES, Summary, Table, chart, summary
from mathplay.classroom.task_clock import TaskClock, set_clock, task_clock
from mathplay.classroom.where import (
    DEFAULT_LOG,
    PROGRESS_DIR_VARIABLE,
    current_notebook,
    hub_user,
    log_path,
    name_key,
    os_user,
    progress_dir,
    safe_file_name,
)

__all__ = [
    "CSV_COLUMNS",
    "DEFAULT_LOG",
    "PROGRESS_DIR_VARIABLE",
    "STATUSES",
    "CollectResult",
    "ProgressWarning",
    "Summary",
    "Table",
    "TaskClock",
    "append_line",
    "chart",
    "collect",
    "current_notebook",
    "hub_user",
    "log_path",
    "name_key",
    "os_user",
    "progress_dir",
    "read_attempts",
    "record",
    "safe_file_name",
    "set_clock",
    "summary",
    "task_clock",
]
