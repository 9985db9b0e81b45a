"""Every field mathplay writes in a record is on the records service's list
(:data:`mathplay.classroom.records.RECORD_FIELDS`), so the service, which keeps only
those, loses none: each writer is driven as a pupil drives it (a puzzle set and an end
check taken again, a practice mastered and a review in another, binary cards, a game
on a board, an end check's Next, a game between pupils ended in a tournament), and the
keys of what it wrote are compared with the list. Each writer's line comes out of the
service's cleaning as it went in.
"""

from __future__ import annotations

import json
import time
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from mathplay.classroom import names
from mathplay.classroom.records import (
    MOST_RECORD_BYTES,
    RECORD_FIELDS,
    SET_KEY,
    record,
    record_game,
    record_next,
    stored_line,
)
from mathplay.classroom.resume import RETAKE
from mathplay.classroom.shared_games import SharedGame
from mathplay.classroom.spaced import PRACTICE_MASTERED, PRACTICE_SKILLS, REVIEW
from mathplay.classroom.where import set_current_lesson
from mathplay.hub.games import end_records
from mathplay.puzzles.practice_run import REVIEW_EVERY
from mathplay.widgets.cards import BinaryCards
from mathplay.widgets.practice import Practice
from mathplay.widgets.puzzle_set import PuzzleSet
from tests.answering import answer_right

LESSON = Path(__file__).resolve().parents[2] / "lessons" / "puzzles" / "05-binary-numbers.toml"


@pytest.fixture(autouse=True)
def _nobody_known() -> Any:
    names.set_pupil(None)
    yield
    names.set_pupil(None)
    set_current_lesson(None)


def _lines(log: Path) -> list[str]:
    return [line for line in log.read_text(encoding="utf-8").splitlines() if line.strip()]


def _practice_mastered_then_reviewed(log: Path) -> None:
    set_current_lesson(LESSON.stem)
    practice = Practice.from_file(LESSON, who="Ana", log=log)
    for _ in range(60):
        answer_right(practice)
        if practice.mastered:
            break
        practice.next_button.click()
    assert practice.mastered
    entries = [json.loads(line) for line in _lines(log)]
    for entry in entries:  # a day passes: the skills are due for review
        then = datetime.fromisoformat(entry["when"]) - timedelta(hours=25)
        entry["when"] = then.isoformat(timespec="milliseconds")
    log.write_text("".join(json.dumps(e, ensure_ascii=False) + "\n" for e in entries),
                   encoding="utf-8")  # fmt: skip
    later = Practice(kind="missing", level=1, who="Ana", log=log)
    for _ in range(REVIEW_EVERY + 2):
        answer_right(later)
        later.next_button.click()


def _end_check_taken_again(log: Path) -> None:
    for _sitting in range(2):
        check = PuzzleSet("arithmetic", only=[1, 2], who="Ana", log=log, moment="check",
                          retake=True)  # fmt: skip
        while check.current is not None:
            check.check(check.puzzle.answer or "0")
            check.next()


def _cards(log: Path) -> None:
    cards = BinaryCards(who="Ana", log=log)
    cards.check()


def _writers(folder: Path) -> list[str]:
    """Every writer of records driven once, each into its own file: the lines written."""
    log = folder / "written.jsonl"
    record(log, who="Ana", puzzle_set="S", puzzle="p", answer="1", right=True, hints=1,
           seconds=2.0, solution_seen=True, question="1 + _ = 2", seed=7, notebook="n.ipynb",
           lesson="01", set_key="S in English")  # fmt: skip
    record_next(log, who="Ana", puzzle_set="S", puzzle="p", seconds=3.0, set_key="S*")
    record_game(log, who="Ana", game="summy", score=12, turns=5, share=0.5,
                biggest_miss="move 3", lesson="02")  # fmt: skip
    PuzzleSet("arithmetic", only=[1], who="Ana", log=log).check("4")
    logs = [log, folder / "check.jsonl", folder / "practice.jsonl", folder / "cards.jsonl"]
    _end_check_taken_again(logs[1])
    _practice_mastered_then_reviewed(logs[2])
    _cards(logs[3])
    return [line for path in logs for line in _lines(path)]


def test_every_field_a_writer_writes_is_on_the_list(tmp_path: Path) -> None:
    written_lines = _writers(tmp_path)
    shared = SharedGame.new("g1", "summy", ["ana", "ben"], seed=3, size=9)
    shared.tournament = "t1"
    shared.resign("ben")
    games = list(end_records(shared, time.time()).values())
    written: set[str] = set()
    for line in [*written_lines, *games]:
        written |= set(json.loads(line))
    assert written - set(RECORD_FIELDS) == set(), "written, but not on the service's list"
    # Each kind of record was written (the drive reached it), and the named fields too.
    for key in ("event", "game_id", "with", "ended", "result", "tournament", "cards", "kind",
                "level", "skill", "moment", "questions", SET_KEY, REVIEW, PRACTICE_MASTERED,
                PRACTICE_SKILLS, RETAKE):  # fmt: skip
        assert key in written, key
    # And the service keeps each line as it was written.
    for line in [*written_lines, *games]:
        kept = stored_line(line)
        assert not isinstance(kept, str), (kept, line)
        assert kept[1] == line


@pytest.mark.parametrize(
    ("field", "value", "kept"),
    [
        ("answer", "7" * 100_000, "7" * 500),
        ("seconds", float("inf"), None),
        ("hints", 2, 2),
        ("skill", ["and"], None),
        ("practice_skills", ["and", 3, "x" * 200, *["or"] * 30], ["and", "x" * 100, *["or"] * 14]),
        ("review", "yes", None),
        ("pad", "x" * 60_000, None),
        ("typed_who", "Ben", None),
        ("source", "/home/ben/b.jsonl", None),
    ],
)
def test_each_field_is_bounded(field: str, value: Any, kept: Any) -> None:
    entry = {"who": "Ana", "set": "S", "puzzle": "p", "right": True, "hints": 0, "seconds": 1.0}
    padded = {**entry, field: value}
    text = json.dumps(padded, ensure_ascii=False, allow_nan=True)
    if len(text.encode()) > 64 * 1024:
        text = json.dumps({**entry, field: value[:1000]})
    stored = stored_line(text)
    if field == "seconds":  # not a number a record may hold: the line is refused
        assert isinstance(stored, str)
        return
    assert not isinstance(stored, str), stored
    record_kept, line = stored
    assert record_kept.get(field) == kept
    assert len(line.encode()) <= MOST_RECORD_BYTES
    others = {k: v for k, v in entry.items() if k != field}
    assert {k: v for k, v in record_kept.items() if k != field} == others


def test_a_record_too_long_even_when_cut_is_refused() -> None:
    entry = {"who": "Ana", "set": "S", "puzzle": "p", "right": True}
    for key in ("question", "answer", "notebook", "lesson", "skill", "kind", "result",
                "biggest_miss", "moment"):  # fmt: skip
        entry[key] = "é" * 1000
    assert "longer than" in str(stored_line(json.dumps(entry, ensure_ascii=False)))
