"""A class that works a lesson in two languages gets one set in the report: the records
of a translated lesson also hold the set's English name (``set_key``)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from mathplay import i18n
from mathplay.classroom import progress
from mathplay.classroom.names import set_pupil
from mathplay.lessons.runtime import OpenLesson

ENGLISH = """
title = "Lesson 1: adding"

[[puzzle]]
id = "add-a"
kind = "missing"
prompt = "Fill in the blank."
equation = "3 + _ = 7"

[[puzzle]]
id = "add-b"
kind = "missing"
equation = "_ + 5 = 12"

[practice]
kind = "missing"
level = 1
goal = 2

[check]
puzzles = ["add-b", "add-a"]
"""

SPANISH = ENGLISH.replace(
    'title = "Lesson 1: adding"', 'title = "Lección 1: sumar"\nlanguage = "es"'
)
SPANISH = SPANISH.replace("Fill in the blank.", "Completa el hueco.")


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")
    set_pupil(None, remember=False)


@pytest.fixture
def lessons(tmp_path: Path) -> Path:
    (tmp_path / "puzzles").mkdir()
    (tmp_path / "puzzles" / "01-adding.toml").write_text(ENGLISH)
    (tmp_path / "es" / "puzzles").mkdir(parents=True)
    (tmp_path / "es" / "puzzles" / "01-adding.toml").write_text(SPANISH, encoding="utf-8")
    return tmp_path


def _work(folder: Path, who: str, log: Path) -> None:
    """A pupil's lesson: a guided puzzle, one practice answer, the end check."""
    lesson = OpenLesson("01", folder=folder, log=log)
    set_pupil(who, remember=False)
    lesson.puzzle(1).check("4")
    practice = lesson.practice()
    practice.check("999")
    lesson.check().check("7")
    i18n.set_language("en")  # the teacher's report, in English


def test_a_class_in_english_and_spanish_is_one_set_per_moment(lessons: Path) -> None:
    log = lessons / "class.jsonl"
    _work(lessons / "puzzles", "Ana", log)
    _work(lessons / "es" / "puzzles", "Bea", log)
    records = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    ana = [r for r in records if r["who"] == "Ana"]
    bea = [r for r in records if r["who"] == "Bea"]
    assert [r["set"] for r in ana] == [
        "Lesson 1: adding", "Practice: Missing numbers, level 1",
        "Lesson 1: adding: end check",
    ]  # fmt: skip
    assert all("set_key" not in r for r in ana)  # an English set's name is its title
    assert bea[0]["set"] == "Lección 1: sumar"
    assert [r["set_key"] for r in bea] == [r["set"] for r in ana]  # Bea's sets, in English

    summary = progress.summary(log)
    assert len(summary.sets) == 3  # not 6: one grid per moment, both pupils in it
    for name in summary.sets:
        rows = [r for r in summary.rows if r["set"] == name]
        assert {r["who"] for r in rows if r["attempts"]} == {"Ana", "Bea"}, name
    # The set is found by its title in either language.
    for title in (bea[-1]["set"], ana[-1]["set"]):
        picked = progress.summary(log, puzzle_set=title)
        assert len(picked.sets) == 1
        assert {r["who"] for r in picked.rows if r["attempts"]} == {"Ana", "Bea"}


def test_a_tie_is_named_by_the_first_title_and_a_bad_set_key_is_left_out(
    lessons: Path,
) -> None:
    log = lessons / "class.jsonl"
    _work(lessons / "es" / "puzzles", "Bea", log)
    _work(lessons / "puzzles", "Ana", log)
    assert next(iter(progress.summary(log).sets)) == "Lección 1: sumar"
    with log.open("a", encoding="utf-8") as file:
        file.write(json.dumps({"who": "Cy", "set": "X", "set_key": 7, "puzzle": "a",
                               "right": True}) + "\n")  # fmt: skip
    with pytest.warns(UserWarning, match="set_key is not text"):
        summary = progress.summary(log)
    assert "Cy" not in {r["who"] for r in summary.rows}
