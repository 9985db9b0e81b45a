"""``mathplay.lesson("05")``: one setup line finds the lesson's puzzles, asks the name
once at the top, and every record names the lesson."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import mathplay
from mathplay.classroom.names import current_pupil
from mathplay.lessons.runtime import LessonSetupError, OpenLesson

ROOT = Path(__file__).resolve().parents[2]

LESSON = """
title = "Lesson 1: adding"

[[puzzle]]
id = "add-a"
kind = "missing"
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


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "01-adding.toml").write_text(LESSON)
    return tmp_path


def rows(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_the_shipped_lessons_are_found_by_number(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    lesson = mathplay.lesson("05", show=False)
    assert lesson.name == "05-binary-numbers" and lesson.sheet.puzzles
    monkeypatch.chdir(ROOT / "lessons")
    assert mathplay.lesson("05-binary-numbers", show=False).name == "05-binary-numbers"


@pytest.mark.parametrize("name", ["99", "5", "../05", "05-binary-numbers/../x", ""])
def test_a_lesson_that_is_not_there_is_named_in_the_message(name: str) -> None:
    with pytest.raises(LessonSetupError) as caught:
        mathplay.lesson(name, show=False)
    assert repr(name.strip()) in str(caught.value) or "lesson 99" in str(caught.value)


def test_puzzles_practice_and_check_come_from_the_file(folder: Path) -> None:
    log = folder / "p.jsonl"
    lesson = OpenLesson("01", folder=folder, log=log)
    assert lesson.welcome.layout.display != "none"
    lesson.name_area.box.value = "Ana"  # given once, at the top of the lesson
    assert current_pupil() == "Ana" and "Hello Ana!" in lesson.greeting.value
    first = lesson.puzzle(1)
    by_id = lesson.puzzle("add-b")
    assert [p.id for p in first.sheet.puzzles] == ["add-a"]
    assert [p.id for p in by_id.sheet.puzzles] == ["add-b"]
    assert first.name_box.layout.display == "none"  # not asked again
    first.check("4")
    practice = lesson.practice()
    assert (practice.kind_name, practice.level, practice.goal) == ("missing", 1, 2)
    check = lesson.check()
    assert [p.id for p in check.sheet.puzzles] == ["add-b", "add-a"]
    check.check("7")
    records = rows(log)
    assert [(r["set"], r["puzzle"], r["lesson"], r["who"]) for r in records] == [
        ("Lesson 1: adding", "add-a", "01-adding", "Ana"),
        ("Lesson 1: adding: end check", "add-b", "01-adding", "Ana"),
    ]


def test_a_file_without_practice_or_check_says_what_to_add(folder: Path) -> None:
    (folder / "02-plain.toml").write_text(LESSON.split("[practice]")[0])
    lesson = OpenLesson("02", folder=folder, log=None)
    with pytest.raises(LessonSetupError, match=r"no \[practice\] table"):
        lesson.practice()
    with pytest.raises(LessonSetupError, match=r"no \[check\] table"):
        lesson.check()
    with pytest.raises(LessonSetupError, match="has 1 practice, so there is no practice 2"):
        OpenLesson("01", folder=folder, log=None).practice(2)


def test_a_broken_lesson_file_names_the_problem_and_its_line(folder: Path) -> None:
    (folder / "03-broken.toml").write_text(LESSON.replace('"add-b", "add-a"', '"add-z"'))
    with pytest.raises(LessonSetupError) as caught:
        OpenLesson("03", folder=folder, log=None)
    message = str(caught.value)
    assert "line 20" in message and "'add-z'" in message


def test_the_puzzle_checker_reads_practice_and_check(folder: Path) -> None:
    # 2 right in a row of sums up to 10: mastered by guessing most of the time.
    lucky = subprocess.run(
        [sys.executable, "-m", "mathplay", "puzzles", "check", str(folder / "01-adding.toml")],
        capture_output=True,
        text=True,
    )
    assert lucky.returncode == 1 and "line 14: a pupil who guesses masters" in lucky.stdout
    good_text = LESSON.replace("level = 1\ngoal = 2", "level = 2\ngoal = 4")
    (folder / "03-good.toml").write_text(good_text)
    good = subprocess.run(
        [sys.executable, "-m", "mathplay", "puzzles", "check", str(folder / "03-good.toml")],
        capture_output=True,
        text=True,
    )
    assert good.returncode == 0, good.stdout + good.stderr
    assert "a pupil who guesses masters it within 100 puzzles" in good.stdout
    for wrong, right, line, words in [
        ("goal = 4", "gaol = 4", 17, "did you mean 'goal'"),
        ("level = 2", "level = 99", 16, "missing puzzles have levels 1, 2, 3"),
    ]:
        bad = folder / "04-bad.toml"
        bad.write_text(good_text.replace(wrong, right))
        result = subprocess.run(
            [sys.executable, "-m", "mathplay", "puzzles", "check", str(bad)],
            capture_output=True,
            text=True,
        )
        said = result.stdout + result.stderr
        assert result.returncode == 1 and f"line {line}" in said and words in said, said


def test_on_a_hub_the_lesson_greets_the_login(
    monkeypatch: pytest.MonkeyPatch, folder: Path
) -> None:
    monkeypatch.setenv("JUPYTERHUB_USER", "pupil07")
    lesson = OpenLesson("01", folder=folder, log=None)
    assert "Hello pupil07!" in lesson.greeting.value
    assert lesson.name_area.box.layout.display == "none"


def test_a_guided_puzzle_counts_the_guided_puzzles_only(folder: Path) -> None:
    text = LESSON.replace('puzzles = ["add-b", "add-a"]', 'puzzles = ["add-b"]')
    (folder / "05-count.toml").write_text(text)
    lesson = OpenLesson("05", folder=folder, log=None)
    first = lesson.puzzle(1)
    assert "Puzzle 1 of 1." in first.heading.value  # add-b is the end check's
    check = lesson.check()
    assert check.current is None  # an end check shows no question before the name
    check.name_box.value = "Ana"
    assert "Puzzle 1 of 1." in check.heading.value
    bad = lesson.puzzle("nope")  # said on the page, in words, not raised
    assert "no puzzle &#x27;nope&#x27;" in bad.children[0].value


def test_in_a_lesson_only_the_top_asks_the_name(folder: Path) -> None:
    from mathplay.widgets.cards import BinaryCards

    log = folder / "p.jsonl"
    lesson = OpenLesson("01", folder=folder, log=log)
    assert lesson.name_area.box.layout.display != "none"  # the top asks
    guided, practice = lesson.puzzle(1), lesson.practice()
    cards = BinaryCards(log=log)
    assert guided.name_box.layout.display == "none"
    assert not cards.view["ask_name"]
    # A practice cannot start without a name, so it asks where it is.
    assert practice.name_box.layout.display != "none"
    guided.name_area.memory.offered = "Zed"  # a quiet area does not ask "Are you Zed?"
    assert guided.name_area.ask_row.layout.display == "none"
    guided.check("4")  # a Check before the name: this widget asks, nothing is recorded
    assert guided.name_area.ask_row.layout.display != "none" and not log.exists()
    lesson.name_area.box.value = "Ana"  # the answer that waited is checked and recorded
    assert [(r["who"], r["answer"]) for r in rows(log)] == [("Ana", "4")]
    assert practice.name_box.layout.display == "none"  # told at the top: it goes
