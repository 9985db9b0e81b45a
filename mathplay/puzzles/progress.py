"""Attempts at puzzles: a JSON-lines file the widget appends to, and a teacher's summary.

Each line is one attempt: ``who``, ``set``, ``puzzle``, ``answer``, ``right``, ``hints``
(hints used so far), ``solution_seen`` (whether the last hint, the solution, was shown),
``time`` (UTC, ISO 8601) and ``seconds`` (since the puzzle was shown). A practice adds its
``kind``, ``level`` and ``seed``.

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "progress.jsonl")
>>> record(path, who="Ana", puzzle_set="Adding", puzzle="add-1", answer="5", right=False)
>>> record(path, who="Ana", puzzle_set="Adding", puzzle="add-1", answer="4", right=True, hints=1)
>>> s = summary(path)
>>> s.by_puzzle.rows[0]["solved"], s.by_student.rows[0]["attempts"]
(1, 2)
"""

from __future__ import annotations

import html
import json
import warnings
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from mathplay.i18n import _

__all__ = [
    "DEFAULT_LOG",
    "ProgressWarning",
    "Summary",
    "Table",
    "chart",
    "read_attempts",
    "record",
    "summary",
]

#: Where the widget writes attempts unless told otherwise.
DEFAULT_LOG = "mathplay-progress.jsonl"


def record(
    path: str | Path,
    *,
    who: str,
    puzzle_set: str,
    puzzle: str,
    answer: str,
    right: bool,
    hints: int = 0,
    seconds: float = 0.0,
    solution_seen: bool = False,
    extra: Mapping[str, Any] | None = None,
) -> None:
    """Append one attempt to the file at ``path`` (created if missing); ``extra`` adds
    keys of its own (a practice's kind, level and seed) after the usual ones."""
    entry: dict[str, Any] = {
        "who": who,
        "set": puzzle_set,
        "puzzle": puzzle,
        "answer": answer,
        "right": bool(right),
        "hints": int(hints),
        "solution_seen": bool(solution_seen),
        "time": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "seconds": round(float(seconds), 1),
    }
    for key, value in (extra or {}).items():
        entry.setdefault(key, value)
    with open(path, "a", encoding="utf-8") as file:
        file.write(json.dumps(entry, ensure_ascii=False) + "\n")


class ProgressWarning(UserWarning):
    """A line of a progress file that was left out of the summary, and why."""


#: The largest believable ``hints`` and ``seconds`` of one attempt (about 4 months).
_MOST_HINTS, _MOST_SECONDS = 1000, 10_000_000
#: At most this many bad lines are warned about one by one; the rest are counted.
_MAX_WARNINGS = 10


def _clean(entry: Any) -> dict[str, Any] | str:
    """The attempt with its values checked (who, set, puzzle, right, hints, seconds),
    or what is wrong with it."""
    if not isinstance(entry, dict):
        return _("it is not an attempt")
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
    return out


def _read(path: str | Path) -> tuple[list[dict[str, Any]], list[tuple[int, str]]]:
    """The attempts in the file, and the lines left out (line number, why)."""
    attempts: list[dict[str, Any]] = []
    bad: list[tuple[int, str]] = []
    try:
        file = open(path, "rb")  # noqa: SIM115 - closed below, read line by line
    except OSError:
        return [], []
    with file:
        for number, raw in enumerate(file, start=1):
            # Bad bytes become U+FFFD; a BOM (also one in the middle of joined files) goes.
            line = raw.decode("utf-8", errors="replace").lstrip("\ufeff")
            if not line.strip():
                continue
            try:
                entry = json.loads(line)
            except (ValueError, RecursionError):
                bad.append((number, _("it is not JSON")))
                continue
            cleaned = _clean(entry)
            if isinstance(cleaned, str):
                bad.append((number, cleaned))
            else:
                attempts.append(cleaned)
    return attempts, bad


def _warn(path: str | Path, bad: list[tuple[int, str]]) -> None:
    for number, why in bad[:_MAX_WARNINGS]:
        message = _("{path}, line {line}: left out of the summary, because {why}")
        warnings.warn(
            message.format(path=path, line=number, why=why), ProgressWarning, stacklevel=3
        )
    if len(bad) > _MAX_WARNINGS:
        warnings.warn(
            _("{path}: {n} more line(s) left out of the summary").format(
                path=path, n=len(bad) - _MAX_WARNINGS
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


@dataclass
class Table:
    """A small table: ``columns`` and ``rows`` (dicts); prints as text and as HTML."""

    columns: list[str]
    rows: list[dict[str, Any]] = field(default_factory=list)

    def __iter__(self) -> Iterator[dict[str, Any]]:
        return iter(self.rows)

    def __len__(self) -> int:
        return len(self.rows)

    def __str__(self) -> str:
        cells = [[str(row.get(c, "")) for c in self.columns] for row in self.rows]
        widths = [max([len(c)] + [len(r[i]) for r in cells]) for i, c in enumerate(self.columns)]
        lines = ["  ".join(c.ljust(w) for c, w in zip(self.columns, widths)).rstrip()]
        lines.append("  ".join("-" * w for w in widths))
        lines += ["  ".join(v.ljust(w) for v, w in zip(r, widths)).rstrip() for r in cells]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        head = "".join(f"<th>{html.escape(c)}</th>" for c in self.columns)
        body = "".join(
            "<tr>"
            + "".join(f"<td>{html.escape(str(r.get(c, '')))}</td>" for c in self.columns)
            + "</tr>"
            for r in self.rows
        )
        return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


@dataclass
class Summary:
    """Attempts summed up ``by_puzzle`` and ``by_student``; ``chart()`` draws both."""

    by_puzzle: Table
    by_student: Table
    attempts: int
    skipped: int = 0
    note: str = ""

    def __str__(self) -> str:
        parts = [self.note] if self.note else []
        parts += [_("By puzzle:"), str(self.by_puzzle), "", _("By student:"), str(self.by_student)]
        return "\n".join(parts)

    def _repr_html_(self) -> str:
        note = f"<p>{html.escape(self.note)}</p>" if self.note else ""
        return (
            f"{note}<h4>{html.escape(_('By puzzle'))}</h4>{self.by_puzzle._repr_html_()}"
            f"<h4>{html.escape(_('By student'))}</h4>{self.by_student._repr_html_()}"
        )

    def chart(self) -> Any:
        """A matplotlib Figure: students who solved each puzzle, and puzzles each solved."""
        from matplotlib.figure import Figure

        figure = Figure(figsize=(9, 3.6), layout="constrained")
        left, right = figure.subplots(1, 2)
        names = [row["puzzle"] for row in self.by_puzzle]
        left.bar(
            names, [row["tried by"] for row in self.by_puzzle], color="#c9d6e8", label=_("tried")
        )
        left.bar(
            names, [row["solved"] for row in self.by_puzzle], color="#3a6ea5", label=_("solved")
        )
        left.set_title(_("By puzzle: students"))
        left.tick_params(axis="x", labelrotation=45)
        left.legend()
        who = [row["student"] for row in self.by_student]
        right.bar(who, [row["tried"] for row in self.by_student], color="#f2d0a9", label=_("tried"))
        right.bar(
            who, [row["solved"] for row in self.by_student], color="#c8702a", label=_("solved")
        )
        right.set_title(_("By student: puzzles"))
        right.tick_params(axis="x", labelrotation=45)
        right.legend()
        for axes in (left, right):
            axes.yaxis.get_major_locator().set_params(integer=True)
        return figure


def summary(path: str | Path = DEFAULT_LOG, puzzle_set: str | None = None) -> Summary:
    """Sum up the attempts in ``path`` (only those of the set titled ``puzzle_set``)."""
    attempts, bad = _read(path)
    _warn(path, bad)
    skipped = len(bad)
    if puzzle_set is not None:
        attempts = [a for a in attempts if a.get("set") == puzzle_set]
    sets = {a.get("set", "") for a in attempts}

    def puzzle_name(a: dict[str, Any]) -> str:
        return f"{a.get('set', '')}: {a['puzzle']}" if len(sets) > 1 else str(a["puzzle"])

    puzzles: dict[str, dict[str, Any]] = {}
    students: dict[str, dict[str, Any]] = {}
    for a in attempts:
        who = str(a.get("who") or _("(no name)"))
        name = puzzle_name(a)
        p = puzzles.setdefault(
            name, {"tried": set(), "solved": set(), "first": set(), "attempts": 0, "hints": 0}
        )
        s = students.setdefault(
            who, {"tried": set(), "solved": set(), "attempts": 0, "hints": 0, "seconds": 0.0}
        )
        if who not in p["tried"] and a.get("right"):
            p["first"].add(who)
        p["tried"].add(who)
        p["attempts"] += 1
        s["tried"].add(name)
        s["attempts"] += 1
        s["seconds"] += float(a.get("seconds") or 0)
        if a.get("right"):
            p["solved"].add(who)
            s["solved"].add(name)
        p["hints"] = max(p["hints"], int(a.get("hints") or 0))
        s["hints"] += int(a.get("hints") or 0) if a.get("right") else 0
    by_puzzle = Table(
        ["puzzle", "tried by", "solved", "first try", "attempts", "most hints"],
        [
            {
                "puzzle": k,
                "tried by": len(v["tried"]),
                "solved": len(v["solved"]),
                "first try": len(v["first"]),
                "attempts": v["attempts"],
                "most hints": v["hints"],
            }
            for k, v in puzzles.items()
        ],
    )
    by_student = Table(
        ["student", "tried", "solved", "attempts", "hints", "minutes"],
        [
            {
                "student": k,
                "tried": len(v["tried"]),
                "solved": len(v["solved"]),
                "attempts": v["attempts"],
                "hints": v["hints"],
                "minutes": round(v["seconds"] / 60, 1),
            }
            for k, v in sorted(students.items())
        ],
    )
    note = ""
    if not attempts:
        note = _("No attempts are recorded in {path} yet.").format(path=path)
    elif skipped:
        lines = ", ".join(str(number) for number, _why in bad[:_MAX_WARNINGS])
        more = "…" if skipped > _MAX_WARNINGS else ""
        note = _(
            "{n} line(s) of {path} could not be read and were left out (line {lines}{more})."
        ).format(n=skipped, path=path, lines=lines, more=more)
    return Summary(by_puzzle, by_student, len(attempts), skipped, note)


def chart(path: str | Path = DEFAULT_LOG, puzzle_set: str | None = None) -> Any:
    """The chart of :func:`summary` as a matplotlib Figure (``summary(path).chart()``)."""
    return summary(path, puzzle_set).chart()
