"""What a pupil has done already: their records, read back so that a puzzle set, a
practice and an end check open where the pupil left them (a reload, a kernel restarted,
another day).

A pupil's records are the lines of their progress file
(:func:`~mathplay.classroom.where.log_path`) written under their name: on a hub, their
own file in their own folder; on the website, the file the kernel keeps in the browser;
elsewhere the lesson's ``mathplay-progress.jsonl``. A set is known by its name in every
language (``set_key``, else ``set``), a puzzle by its id.

>>> import tempfile, os
>>> from mathplay.classroom.records import record
>>> log = os.path.join(tempfile.mkdtemp(), "p.jsonl")
>>> record(log, who="Ana", puzzle_set="S", puzzle="a", answer="3", right=False)
>>> record(log, who="Ana", puzzle_set="S", puzzle="a", answer="4", right=True, hints=1)
>>> record(log, who="Bo", puzzle_set="S", puzzle="b", answer="9", right=True)
>>> done = History.of("ana", log)
>>> [(a.answer, a.right, a.hints) for a in done.tries("S", "a")]
[('3', False, 0), ('4', True, 1)]
>>> done.solved("S"), History.of("Bo", log).solved("S")
({'a': '4'}, {'b': '9'})
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mathplay.classroom import send
from mathplay.classroom.records import SET_KEY, _read
from mathplay.classroom.spaced import REVIEW
from mathplay.classroom.where import DEFAULT_LOG, hub_user, log_path, name_key

__all__ = ["RETAKE", "Attempt", "History"]

#: The record's key for the number of an end check's retake (a teacher allowed the
#: pupil to take it again; the first time is 0, and has no key).
RETAKE = "retake"


@dataclass(frozen=True)
class Attempt:
    """One recorded Check of one puzzle, as the pupil did it."""

    puzzle: str
    answer: str
    right: bool
    hints: int
    solution_seen: bool
    when: str
    skill: str | None = None
    seed: int | None = None
    retake: int = 0
    review: bool = False

    @classmethod
    def of(cls, entry: dict[str, Any]) -> Attempt:
        retake = entry.get(RETAKE)
        return cls(
            puzzle=str(entry.get("puzzle", "")),
            answer=str(entry.get("answer", "")),
            right=bool(entry.get("right")),
            hints=int(entry.get("hints") or 0),
            solution_seen=bool(entry.get("solution_seen")),
            when=str(entry.get("when", "")),
            skill=entry.get("skill") if isinstance(entry.get("skill"), str) else None,
            seed=entry.get("seed") if isinstance(entry.get("seed"), int) else None,
            retake=retake if isinstance(retake, int) and not isinstance(retake, bool) else 0,
            review=entry.get(REVIEW) is True,
        )


#: The records the hub's service gave back, by pupil: fetched once a kernel (what this
#: kernel records goes to its own file too).
_FROM_SERVICE: dict[str, list[dict[str, Any]]] = {}


def _from_service(pupil: str) -> list[dict[str, Any]]:
    """On a hub with the records service, the records it holds for the hub user — who
    is ``pupil`` — so that a pupil on another machine, or with a new home, goes on where
    they left off; ``[]`` elsewhere. Each comes once with what the file has."""
    if hub_user() is None or name_key(hub_user() or "") != name_key(pupil):
        return []
    if pupil not in _FROM_SERVICE:
        _FROM_SERVICE[pupil] = [
            {**record, "who": pupil} for record in send.fetch_mine() if "event" not in record
        ]
    return _FROM_SERVICE[pupil]


def _one_each(entries: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """``entries`` with a record found both in the file and on the service once."""
    seen: set[tuple[Any, ...]] = set()
    out = []
    for entry in entries:
        key = (entry.get("when"), entry.get("set"), entry.get("puzzle"), entry.get("answer"))
        if key not in seen:
            seen.add(key)
            out.append(entry)
    return out


@dataclass
class History:
    """A pupil's attempts, by set (its name in every language) in the order made."""

    pupil: str
    by_set: dict[str, list[Attempt]] = field(default_factory=dict)
    #: Every attempt of the pupil's, as recorded, in the order made.
    entries: list[dict[str, Any]] = field(default_factory=list)

    @classmethod
    def of(cls, pupil: str, log: str | Path | None = DEFAULT_LOG) -> History:
        """The records of ``pupil`` in the file their attempts go to (nothing when there
        is none, or it cannot be read: a pupil starts afresh rather than not at all)."""
        path = log_path(pupil, log) if pupil else None
        if path is None:
            return cls(pupil)
        try:
            entries, _bad = _read(path)
        except OSError:
            entries = []
        return cls.from_entries(pupil, [*_from_service(pupil), *entries])

    @classmethod
    def from_entries(cls, pupil: str, entries: Iterable[dict[str, Any]]) -> History:
        """The attempts among ``entries`` (records of a progress file) made by ``pupil``."""
        key = name_key(pupil)
        found = cls(pupil)
        entries = sorted(_one_each(entries), key=lambda e: str(e.get("when") or ""))
        for entry in entries:
            if "event" in entry or name_key(str(entry.get("who", ""))) != key:
                continue
            found.entries.append(entry)
            name = entry.get(SET_KEY) or entry.get("set")
            if isinstance(name, str):
                found.by_set.setdefault(name, []).append(Attempt.of(entry))
        return found

    def attempts(self, set_name: str) -> list[Attempt]:
        """Every attempt at the set called ``set_name`` (in any language: its key)."""
        return self.by_set.get(set_name, [])

    def tries(self, set_name: str, puzzle: str) -> list[Attempt]:
        """The attempts at one puzzle of the set, in order."""
        return [a for a in self.attempts(set_name) if a.puzzle == puzzle]

    def solved(self, set_name: str) -> dict[str, str]:
        """The puzzles of the set solved, each with the right answer given."""
        out: dict[str, str] = {}
        for attempt in self.attempts(set_name):
            if attempt.right and attempt.puzzle not in out:
                out[attempt.puzzle] = attempt.answer
        return out

    def retakes(self, set_name: str) -> int:
        """How many times the set (an end check) was taken again (0: once only)."""
        return max((a.retake for a in self.attempts(set_name)), default=0)

    def answered(self, set_name: str, retake: int = 0) -> dict[str, tuple[str, bool]]:
        """An end check's answers (its first answer to each question, as it keeps
        them), in the sitting ``retake``."""
        out: dict[str, tuple[str, bool]] = {}
        for attempt in self.attempts(set_name):
            if attempt.retake == retake and attempt.puzzle not in out:
                out[attempt.puzzle] = (attempt.answer, attempt.right)
        return out
