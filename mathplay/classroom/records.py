"""The records of attempts: who is working, where their records go, one atomic line each.

Each line of a progress file is one attempt, as JSON: ``who``, ``when`` (local time with
its zone), ``set``, ``seed`` (of a generated set or a practice), ``lesson`` and
``notebook`` (when the kernel knows them), ``puzzle`` and its ``question``, the
``answer`` typed, ``right``, ``hints`` (used so far), ``solution_seen`` and ``seconds``,
the time on task: from the pupil's previous action in the kernel (or the puzzle being
shown, whichever is later) to this attempt, so that the seconds of a lesson add up to
the time spent on it. A gap of more than :data:`AWAY` seconds (ten minutes) with no
action counts as ten minutes: the pupil was away (a break, another lesson), not thinking.

Who is working and where their records go is :mod:`mathplay.classroom.where`; the time
on task is :mod:`mathplay.classroom.task_clock`. Their names are found here too.

>>> record_line = json.loads(json.dumps({"who": "Ana", "version": RECORD_VERSION}))
>>> record_line["version"]
1
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import stat
import warnings
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from mathplay.classroom import send
from mathplay.classroom.where import (
    current_lesson,
    current_notebook,
    lesson_of,
    name_key,
    os_user,
    progress_dir,
)
from mathplay.files import FileRefused, open_beneath
from mathplay.i18n import _, _n

try:  # pragma: no cover - there is no fcntl on Windows
    import fcntl
except ImportError:  # pragma: no cover
    fcntl = None  # type: ignore[assignment]

__all__ = [
    "GAME_EVENT",
    "MOST_FIELD_ITEMS",
    "MOST_FIELD_TEXT",
    "MOST_ITEM_TEXT",
    "MOST_LINE_BYTES",
    "MOST_RECORD_BYTES",
    "RECORD_FIELDS",
    "RECORD_VERSION",
    "SET_KEY",
    "TYPED_WHO",
    "ProgressWarning",
    "known_fields",
    "parse_line",
    "read_attempts",
    "record",
    "record_game",
    "record_next",
    "source_flags",
    "stored_line",
    "typed_flags",
    "why_not_read",
]

# --- writing --------------------------------------------------------------------------


def append_line(path: str | Path, line: str, mode: int = 0o666) -> None:
    """Append ``line`` (one whole line) to the file at ``path`` atomically: one
    ``os.write`` on a file opened with ``O_APPEND``, under an exclusive ``flock`` where
    there is one, so lines written at once by many processes never mix."""
    data = (line.rstrip("\n") + "\n").encode("utf-8")
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, mode)
    try:
        if hasattr(fcntl, "flock"):  # not on Windows, nor in Pyodide (JupyterLite)
            with contextlib.suppress(OSError):  # a file system without locks still appends
                fcntl.flock(fd, fcntl.LOCK_EX)
        written = os.write(fd, data)
        while written < len(data):  # only on a full disk or a signal; still under the lock
            written += os.write(fd, data[written:])
    finally:
        os.close(fd)  # closing releases the lock


#: The version of a progress line's format, written in every line (``"version"``): a
#: reader that meets a larger number knows the line was written by a newer mathplay.
#: Lines without it were written before it existed and read as version 1.
RECORD_VERSION = 1


def record(
    path: str | Path,
    *,
    who: str | None = None,
    puzzle_set: str,
    puzzle: str,
    answer: str,
    right: bool,
    hints: int = 0,
    seconds: float = 0.0,
    solution_seen: bool = False,
    question: str | None = None,
    seed: int | None = None,
    notebook: str | None = None,
    lesson: str | None = None,
    when: datetime | None = None,
    extra: Mapping[str, Any] | None = None,
    set_key: str | None = None,
) -> None:
    """Append one attempt to the file at ``path`` (it and its folder are made if
    missing); ``extra`` adds keys of its own (a practice's kind and level) after the
    usual ones. Without ``who``, the OS user is recorded; without ``notebook``, the one
    the kernel knows (:func:`current_notebook`). ``lesson`` is the lesson the attempt
    belongs to: a widget passes the one it was made in (``""`` when it was made in
    none), whatever the kernel opened since; ``None`` takes the lesson set up in the
    kernel now (:func:`current_lesson`); either way, else the notebook's.

    ``set_key`` is the set's name in every language (the English title of a translated
    lesson's set, :data:`SET_KEY`), written when it is not ``puzzle_set``: the report
    shows a class that worked in two languages as one set."""
    notebook = notebook or current_notebook()
    entry: dict[str, Any] = {
        "who": (who or "").strip() or os_user() or "",
        "when": (when or datetime.now().astimezone()).isoformat(timespec="milliseconds"),
        "set": puzzle_set,
        "seed": seed,
        "lesson": (current_lesson() if lesson is None else lesson) or lesson_of(notebook),
        "notebook": notebook,
        "puzzle": puzzle,
        "question": question,
        "answer": answer,
        "right": bool(right),
        "hints": int(hints),
        "solution_seen": bool(solution_seen),
        "seconds": round(float(seconds), 1),
        "version": RECORD_VERSION,
    }
    if set_key and set_key != puzzle_set:
        entry[SET_KEY] = set_key
    for key, value in (extra or {}).items():
        entry.setdefault(key, value)
    target = Path(path)
    folder = progress_dir()
    private = folder is not None and target.parent == folder
    if private:
        target.parent.mkdir(parents=True, exist_ok=True, mode=0o750)
    append_line(target, json.dumps(entry, ensure_ascii=False), 0o640 if private else 0o666)
    send.wake(target)


# --- reading --------------------------------------------------------------------------


class ProgressWarning(UserWarning):
    """A line of a progress file that was left out, and why."""


#: The largest believable ``hints`` and ``seconds`` of one attempt (about 4 months).
_MOST_HINTS, _MOST_SECONDS = 1000, 10_000_000
#: At most this many bad lines are warned about one by one; the rest are counted.
_MAX_WARNINGS = 10


#: The ``event`` of the line written when a pupil leaves an answered end-check item with
#: Next: its ``seconds`` are the time from the last try to Next (no attempt).
NEXT_EVENT = "next"

#: The record's key for its set's name in every language (see :func:`record`).
SET_KEY = "set_key"

#: The record's key for the name the line typed, when the record is counted under
#: another: the pupil whose home folder it was found in (``progress collect``), or the
#: hub name (the records service, :mod:`mathplay.hub.store`).
TYPED_WHO = "typed_who"


def _clean_set_key(out: dict[str, Any]) -> str | None:
    """What is wrong with ``out``'s set key (absent, or text, is right), or ``None``."""
    value = out.get(SET_KEY)
    if value is None or (isinstance(value, str) and value.strip()):
        return None
    return _("{key} is not text").format(key=SET_KEY)


def _clean_next(entry: dict[str, Any]) -> dict[str, Any] | str:
    missing = [key for key in ("who", "puzzle") if key not in entry]
    if missing:
        return _("it has no {keys}").format(keys=", ".join(missing))
    out = dict(entry)
    for key in ("who", "set", "puzzle"):
        if out.get(key) is None:
            out[key] = ""
        elif not isinstance(out[key], str):
            return _("{key} is not text").format(key=key)
    value = out.get("seconds") or 0
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return _("seconds is not a number from 0 to {most}").format(most=_MOST_SECONDS)
    if not 0 <= value <= _MOST_SECONDS:
        return _("seconds is not a number from 0 to {most}").format(most=_MOST_SECONDS)
    if out.get("seconds") is None:
        out["seconds"] = 0
    return _clean_set_key(out) or out


def record_next(
    path: str | Path,
    *,
    who: str,
    puzzle_set: str,
    puzzle: str,
    seconds: float,
    set_key: str | None = None,
) -> None:
    """Append the time from the last try at ``puzzle`` to the press of Next (an end
    check's item is left only by Next): not an attempt, but the report's minutes count
    it."""
    entry = {
        "who": who.strip(),
        "when": datetime.now().astimezone().isoformat(timespec="milliseconds"),
        "set": puzzle_set,
        "puzzle": puzzle,
        "event": NEXT_EVENT,
        "seconds": round(float(seconds), 1),
        "version": RECORD_VERSION,
    }
    if set_key and set_key != puzzle_set:
        entry[SET_KEY] = set_key
    append_line(Path(path), json.dumps(entry, ensure_ascii=False))
    send.wake(path)


#: The ``event`` of the line written when a pupil's game on a board ends in a lesson: the
#: game's summary from its review, not an attempt.
GAME_EVENT = "game"


def record_game(
    path: str | Path,
    *,
    who: str,
    game: str,
    score: int,
    turns: int,
    share: float,
    biggest_miss: str = "",
    lesson: str | None = None,
) -> None:
    """Append the summary of ``who``'s finished game (``game.review().summary(...)``):
    their score, turns, share of the best points taken and biggest missed chance."""
    entry = {
        "who": who.strip(),
        "when": datetime.now().astimezone().isoformat(timespec="milliseconds"),
        "set": "",
        "lesson": lesson or current_lesson(),
        "event": GAME_EVENT,
        "game": game,
        "score": int(score),
        "turns": int(turns),
        "share": round(float(share), 3),
        "biggest_miss": biggest_miss,
        "version": RECORD_VERSION,
    }
    append_line(Path(path), json.dumps(entry, ensure_ascii=False))
    send.wake(path)


def _clean_game(entry: dict[str, Any]) -> dict[str, Any] | str:
    out = dict(entry)
    for key in ("who", "game"):
        if not isinstance(out.get(key), str):
            return _("{key} is not text").format(key=key)
    for key in ("score", "turns"):
        value = out.get(key)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= _MOST_SECONDS:
            return _("{key} is not {kind} from 0 to {most}").format(
                key=key, kind=_("a whole number"), most=_MOST_SECONDS
            )
    share = out.get("share")
    if isinstance(share, bool) or not isinstance(share, (int, float)) or not 0 <= share <= 1:
        return _("share is not a number from 0 to 1")
    if not isinstance(out.get("biggest_miss", ""), str):
        return _("{key} is not text").format(key="biggest_miss")
    out["set"] = ""
    return out


def _clean(entry: Any) -> dict[str, Any] | str:
    """The attempt with its values checked (who, set, puzzle, right, hints, seconds),
    or what is wrong with it."""
    if not isinstance(entry, dict):
        return _("it is not an attempt")
    if entry.get("event") == NEXT_EVENT:
        return _clean_next(entry)
    if entry.get("event") == GAME_EVENT:
        return _clean_game(entry)
    missing = [key for key in ("who", "puzzle", "right") if key not in entry]
    if missing:
        return _("it has no {keys}").format(keys=", ".join(missing))
    out = dict(entry)
    for key in ("who", "set"):
        if out.get(key) is None:
            out[key] = ""
        elif not isinstance(out[key], str):
            return _("{key} is not text").format(key=key)
    if isinstance(out["puzzle"], int) and not isinstance(out["puzzle"], bool):
        out["puzzle"] = str(out["puzzle"])
    if not isinstance(out["puzzle"], str):
        return _("puzzle is not text")
    if not isinstance(out["right"], bool):
        return _("right is not true or false")
    for key, whole, most in (("hints", True, _MOST_HINTS), ("seconds", False, _MOST_SECONDS)):
        value = out.get(key)
        if value is None:
            out[key] = 0
            continue
        number = isinstance(value, int) or (not whole and isinstance(value, float))
        if isinstance(value, bool) or not number or not 0 <= value <= most:
            kind = _("a whole number") if whole else _("a number")
            return _("{key} is not {kind} from 0 to {most}").format(key=key, kind=kind, most=most)
    return _clean_set_key(out) or out


def parse_line(text: str) -> dict[str, Any] | str:
    """One progress line (JSON text) as a checked record, or why it is not one: the
    check :func:`read_lines` makes, for a line that comes another way (the records
    service, :mod:`mathplay.hub`)."""
    if len(text.encode("utf-8", errors="replace")) > MOST_LINE_BYTES:
        return _("the line is too long")
    try:
        raw = json.loads(text)
    except (ValueError, RecursionError):
        return _("it is not JSON")
    return _clean(raw)


#: The kinds of a record's field (:data:`RECORD_FIELDS`): text, a number, true or false,
#: and a list of texts.
TEXT, NUMBER, FLAG, TEXTS = "text", "number", "flag", "texts"

#: Every field mathplay writes in a record, and its kind: the records service keeps
#: these and no other (:func:`stored_line`). A writer that adds a field adds it here,
#: or the service leaves it out (``tests/classroom/test_record_fields.py`` drives every
#: writer and fails on a field missing here). ``source`` and ``typed_who`` are not
#: here: they are written by whoever reads the records (``progress collect``, the
#: service itself), never taken from a line.
RECORD_FIELDS: dict[str, str] = {
    # every attempt (record)
    "who": TEXT, "when": TEXT, "set": TEXT, "seed": NUMBER, "lesson": TEXT,
    "notebook": TEXT, "puzzle": TEXT, "question": TEXT, "answer": TEXT, "right": FLAG,
    "hints": NUMBER, "solution_seen": FLAG, "seconds": NUMBER, "version": NUMBER,
    SET_KEY: TEXT,
    # an end check's Next (record_next): its "event"
    "event": TEXT,
    # a game's summary (record_game; the service's games, mathplay.hub.games.end_records)
    "game": TEXT, "score": NUMBER, "turns": NUMBER, "share": NUMBER, "biggest_miss": TEXT,
    "with": TEXTS, "game_id": TEXT, "ended": TEXT, "result": TEXT, "tournament": TEXT,
    # a practice's (mathplay.widgets.practice; "review", "practice_mastered" and
    # "practice_skills" are mathplay.classroom.spaced's REVIEW, PRACTICE_MASTERED and
    # PRACTICE_SKILLS)
    "kind": TEXT, "level": NUMBER, "skill": TEXT, "review": FLAG,
    "practice_mastered": FLAG, "practice_skills": TEXTS,
    # a puzzle set's (mathplay.widgets.puzzle_set; "retake" is mathplay.classroom.resume's
    # RETAKE)
    "moment": TEXT, "questions": NUMBER, "retake": NUMBER,
    # binary cards' (mathplay.widgets.cards): the cards showing, as bits
    "cards": TEXT,
}  # fmt: skip

#: The longest text the service keeps in one field, in characters (a question, an
#: answer, a set's or a notebook's name are a few dozen); longer is cut.
MOST_FIELD_TEXT = 500
#: The most items of a list field the service keeps (a practice's skills, a game's
#: other pupils: a handful), each text of at most :data:`MOST_ITEM_TEXT` characters.
MOST_FIELD_ITEMS, MOST_ITEM_TEXT = 16, 100
#: The longest line the service stores, in bytes (a record is 200 to 600); a longer
#: record, even with its fields cut, is refused.
MOST_RECORD_BYTES = 4 * 1024
#: The largest number kept (the largest whole number every JSON reader reads exactly).
_MOST_NUMBER = 2**53

_LEFT_OUT = object()


def _bounded(kind: str, value: Any) -> Any:
    """``value`` as a field of ``kind`` keeps it (cut to its bound), or ``_LEFT_OUT``."""
    if value is None:
        return None
    if kind == TEXT:
        return value[:MOST_FIELD_TEXT] if isinstance(value, str) else _LEFT_OUT
    if kind == FLAG:
        return value if isinstance(value, bool) else _LEFT_OUT
    if kind == NUMBER:
        number = isinstance(value, (int, float)) and not isinstance(value, bool)
        if number and math.isfinite(value) and abs(value) <= _MOST_NUMBER:
            return value
        return _LEFT_OUT
    if isinstance(value, list):  # TEXTS
        texts = [item[:MOST_ITEM_TEXT] for item in value if isinstance(item, str)]
        return texts[:MOST_FIELD_ITEMS]
    return _LEFT_OUT


def known_fields(record: Mapping[str, Any]) -> dict[str, Any]:
    """``record`` with only the fields of :data:`RECORD_FIELDS`, in its order, each of its
    kind and bounded (text cut to :data:`MOST_FIELD_TEXT` characters, a list to
    :data:`MOST_FIELD_ITEMS` texts); a field of the wrong kind is left out.

    >>> known_fields({"who": "Ana", "pad": "x" * 9, "hints": "2", "with": ["ben", 3]})
    {'who': 'Ana', 'with': ['ben']}
    """
    out: dict[str, Any] = {}
    for key, value in record.items():
        kind = RECORD_FIELDS.get(key)
        if kind is not None and (kept := _bounded(kind, value)) is not _LEFT_OUT:
            out[key] = kept
    return out


def stored_line(text: str) -> tuple[dict[str, Any], str] | str:
    """What the records service stores of one progress line (JSON text): the checked
    record (:func:`parse_line`) with only its known fields (:func:`known_fields`), and
    that record's own line, at most :data:`MOST_RECORD_BYTES`; or why it is not stored.
    A line mathplay wrote comes out as it went in (the same fields, in the same order),
    so the line identifies the record however often, and however padded, it comes.

    >>> line = ('{"who": "Ana", "set": "S", "puzzle": "p1", "right": true, "hints": 0, '
    ...         '"seconds": 3.0}')
    >>> stored_line(line)[1] == line
    True
    >>> padded = line[:-1] + ', "pad": "' + "x" * 60000 + '"}'
    >>> stored_line(padded)[1] == line
    True
    """
    record = parse_line(text)
    if isinstance(record, str):
        return record
    kept = known_fields(record)
    line = json.dumps(kept, ensure_ascii=False)
    if len(line.encode("utf-8")) > MOST_RECORD_BYTES:
        return _("the record is longer than {most} bytes").format(most=MOST_RECORD_BYTES)
    return kept, line


@dataclass
class Line:
    """One line of a progress file: where it is, what it says (parsed), or why it was
    left out."""

    path: str
    number: int
    entry: dict[str, Any] | None
    raw: dict[str, Any] | None = None
    why: str = ""


#: The biggest progress file read (a class of 30 a whole year fills a few MB).
MOST_FILE_BYTES = 64 * 1024 * 1024
#: The longest line read (a record is a few hundred bytes).
MOST_LINE_BYTES = 64 * 1024


def why_not_read(path: str | Path) -> str | None:
    """Why the file at ``path`` is not read as progress records (``None``: it is).

    Only ordinary files are read: a pupil's folder may hold a link to another class's
    records or to any file of the machine, a link to ``/dev/zero`` (endless), or a pipe
    (which blocks whoever reads it). Links are never followed.
    """
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return _("there is no such file")
    except OSError as error:
        return _("it cannot be read ({error})").format(error=error.strerror or error)
    if stat.S_ISLNK(info.st_mode):
        return _("it is a link, and links are not followed (it may point anywhere)")
    if not stat.S_ISREG(info.st_mode):
        return _("it is not an ordinary file")
    if info.st_size > MOST_FILE_BYTES:
        return _("it is bigger than {most} MB, more than any class's records").format(
            most=MOST_FILE_BYTES // (1024 * 1024)
        )
    return None


def _open_regular(path: str | Path, root: str | Path | None = None) -> Any:
    """The ordinary file at ``path``, opened for reading without following a link and
    without blocking on a pipe; ``None`` for anything else. With ``root`` (a folder the
    teacher named, holding ``path``), every folder from ``root`` down is opened without
    following a link too (:func:`mathplay.files.open_beneath`)."""
    try:
        descriptor = open_beneath(root or Path(path).parent, path)
    except (FileRefused, ValueError):
        return None
    return os.fdopen(descriptor, "rb")


def read_lines(path: str | Path, root: str | Path | None = None) -> Iterator[Line]:
    """Every non-blank line of the file, parsed and checked (a missing file has none, and
    so has anything :func:`why_not_read` refuses).

    Bad bytes become U+FFFD; a BOM (also one in the middle of joined files) goes. A line
    longer than :data:`MOST_LINE_BYTES` is left out as a bad line, without holding it in
    memory; reading stops after :data:`MOST_FILE_BYTES`.
    """
    if why_not_read(path) is not None:
        return
    file = _open_regular(path, root)
    if file is None:  # it changed since it was looked at: a folder on the way is a link now
        yield Line(str(path), 0, None, None, _("it could not be opened as an ordinary file"))
        return
    with file:
        number, total = 0, 0
        while total <= MOST_FILE_BYTES:
            data = file.readline(MOST_LINE_BYTES + 1)
            if not data:
                break
            number += 1
            total += len(data)
            if len(data) > MOST_LINE_BYTES and not data.endswith(b"\n"):
                while True:  # skip the rest of the line, a piece at a time
                    rest = file.readline(MOST_LINE_BYTES)
                    total += len(rest)
                    if not rest or rest.endswith(b"\n") or total > MOST_FILE_BYTES:
                        break
                yield Line(str(path), number, None, None, _("the line is too long"))
                continue
            line = data.decode("utf-8", errors="replace").lstrip("\ufeff")
            if not line.strip():
                continue
            try:
                raw = json.loads(line)
            except (ValueError, RecursionError):
                yield Line(str(path), number, None, None, _("it is not JSON"))
                continue
            cleaned = _clean(raw)
            if isinstance(cleaned, str):
                yield Line(str(path), number, None, None, cleaned)
            else:
                yield Line(str(path), number, cleaned, raw)


def _read(
    path: str | Path, events: bool = False
) -> tuple[list[dict[str, Any]], list[tuple[int, str]]]:
    """The attempts in the file (with ``events``, the Next lines too, marked by their
    ``event``), and the lines left out (line number, why)."""
    attempts: list[dict[str, Any]] = []
    bad: list[tuple[int, str]] = []
    for line in read_lines(path):
        if line.entry is None:
            bad.append((line.number, line.why))
        elif events or "event" not in line.entry:
            attempts.append(line.entry)
    return attempts, bad


def _warn(path: str | Path, bad: list[tuple[int, str]], what: str | None = None) -> None:
    what = what or _("the summary")
    for number, why in bad[:_MAX_WARNINGS]:
        message = _("{path}, line {line}: left out of {what}, because {why}")
        warnings.warn(
            message.format(path=path, line=number, what=what, why=why),
            ProgressWarning,
            stacklevel=3,
        )
    if len(bad) > _MAX_WARNINGS:
        warnings.warn(
            _("{path}: {n} more line(s) left out of {what}").format(
                path=path, n=len(bad) - _MAX_WARNINGS, what=what
            ),
            ProgressWarning,
            stacklevel=3,
        )


def read_attempts(path: str | Path) -> tuple[list[dict[str, Any]], int]:
    """The attempts in the file, and how many lines could not be read (and were skipped).

    Each skipped line is named in a :class:`ProgressWarning`. The file is read line by
    line, so one bad line (not JSON, a value of the wrong type, bytes that are not
    UTF-8) loses only itself.
    """
    attempts, bad = _read(path)
    _warn(path, bad)
    return attempts, len(bad)


def progress_files(paths: Iterable[str | Path]) -> tuple[list[Path], list[str]]:
    """The ``*.jsonl`` files of ``paths`` (files as given; folders searched through,
    leaving out hidden folders and checkpoints, never following a link), and what could
    not be read or was left out, each with the reason (:func:`why_not_read`)."""
    files: list[Path] = []
    unreadable: list[str] = []
    for given in paths:
        path = Path(given)
        if os.path.islink(path) or not path.is_dir():
            why = why_not_read(path)
            if why is None:
                files.append(path)
            else:
                unreadable.append(f"{path}: {why}")
            continue

        def failed(error: OSError) -> None:
            unreadable.append(f"{error.filename}: {error.strerror or error}")

        found = []
        for folder, subfolders, names in os.walk(path, onerror=failed):
            links = [d for d in subfolders if os.path.islink(os.path.join(folder, d))]
            unreadable.extend(f"{Path(folder, d)}: {why_not_read(Path(folder, d))}" for d in links)
            subfolders[:] = sorted(
                d
                for d in subfolders
                if not d.startswith(".") and d != "__pycache__" and d not in links
            )
            for name in names:
                if not name.endswith(".jsonl"):
                    continue
                why = why_not_read(Path(folder, name))
                if why is None:
                    found.append(Path(folder, name))
                else:
                    unreadable.append(f"{Path(folder, name)}: {why}")
        files += sorted(found)
    return files, unreadable


def _handed_in(source: str) -> bool:
    return Path(source).name.startswith("mathplay-results")


def source_flags(attempts: Iterable[dict[str, Any]]) -> list[str]:
    """What a teacher should look at in where the records came from (each record's
    ``source``): a pupil whose records come from more than one file, and a handed-in
    file ("Save my results", ``mathplay-results-*.jsonl``) that names several pupils
    (a pupil may have edited it to add records under another name)."""
    files_of: dict[str, set[str]] = {}
    pupils_of: dict[str, set[str]] = {}
    shown: dict[str, str] = {}
    for attempt in attempts:
        source = attempt.get("source")
        if not isinstance(source, str) or not source:
            continue
        key = name_key(str(attempt.get("who", "")))
        shown.setdefault(key, str(attempt.get("who", "")))
        files_of.setdefault(key, set()).add(source)
        pupils_of.setdefault(source, set()).add(key)
    flags = []
    for key, sources in sorted(files_of.items()):
        if len(sources) > 1:
            flags.append(
                _("{who}: records come from {n} files ({files}); check that they are all theirs")
                .format(who=shown[key] or "?", n=len(sources), files=", ".join(sorted(sources)))
            )  # fmt: skip
    for source, keys in sorted(pupils_of.items()):
        if _handed_in(source) and len(keys) > 1:
            names = ", ".join(sorted(shown[k] or "?" for k in keys))
            flags.append(
                _("{file}: a handed-in file names {n} pupils ({names}); it may have been edited")
                .format(file=source, n=len(keys), names=names)
            )  # fmt: skip
    return flags


def typed_flags(attempts: Iterable[dict[str, Any]]) -> list[str]:
    """The records counted under another name than the one they typed (``typed_who``:
    :func:`mathplay.classroom.collect.collect` found them in that pupil's home folder),
    one line per pupil: how many, the names typed and the files they came from.

    >>> typed_flags([{"who": "p13", "typed_who": "p14", "source": "/home/p13/a.jsonl"},
    ...              {"who": "p14", "typed_who": "P14 "}])
    ["p13: 1 record found in p13's home folder names p14; counted as p13's (the name typed is kept as typed_who): /home/p13/a.jsonl"]
    """  # noqa: E501
    typed_of: dict[str, dict[str, str]] = {}
    files_of: dict[str, set[str]] = {}
    count: dict[str, int] = {}
    shown: dict[str, str] = {}
    for attempt in attempts:
        typed, who = attempt.get(TYPED_WHO), str(attempt.get("who", ""))
        if not isinstance(typed, str) or name_key(typed) == name_key(who):
            continue
        key = name_key(who)
        shown.setdefault(key, who)
        typed_of.setdefault(key, {}).setdefault(name_key(typed), typed.strip() or _("(no name)"))
        count[key] = count.get(key, 0) + 1
        if isinstance(attempt.get("source"), str) and attempt["source"]:
            files_of.setdefault(key, set()).add(attempt["source"])
    flags = []
    for key in sorted(count):
        message = _n(
            "{who}: {n} record found in {who}'s home folder names {names}; counted as "
            "{who}'s (the name typed is kept as typed_who)",
            "{who}: {n} records found in {who}'s home folder name {names}; counted as "
            "{who}'s (the name typed is kept as typed_who)",
            count[key],
        ).format(
            who=shown[key] or "?", n=count[key], names=", ".join(sorted(typed_of[key].values()))
        )
        files = sorted(files_of.get(key, ()))
        flags.append(message + (": " + ", ".join(files) if files else ""))
    return flags
