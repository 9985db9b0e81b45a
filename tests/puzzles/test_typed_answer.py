"""The answer checked is the answer typed (however fast the
pupil presses Enter), and the pupil's name never locks them out: a Check before the name
asks for it right where the pupil is, and the answer waits, then counts.

These drive the widgets as the page does (the messages the front end sends);
tests/browser/test_pupil_flow.py types into real pages.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mathplay import PuzzleSet
from mathplay.classroom import names as pupil_names
from mathplay.classroom.where import set_current_lesson
from mathplay.lessons.runtime import OpenLesson
from mathplay.widgets.answerbox import MOST_TYPED, AnswerBox
from mathplay.widgets.practice import Practice
from tests.classroom.test_lesson import LESSON

LESSONS = Path(__file__).resolve().parents[2] / "lessons"


@pytest.fixture(autouse=True)
def _nobody() -> Any:
    pupil_names.set_pupil(None)
    yield
    pupil_names.set_pupil(None)
    set_current_lesson(None)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "01-adding.toml").write_text(LESSON)
    return tmp_path


def rows(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


def enter(view: Any, shown: str) -> None:
    """Enter in the answer box, as the page sends it: with the text on the screen."""
    view.answer_box._handle_custom_msg({"event": "submit", "value": shown}, [])


# --- the answer checked is the answer typed ------------------------------------------------


@pytest.mark.parametrize("typed", ["144", "F6 10", "21", "1 0 1"])
def test_a_fast_enter_checks_the_text_on_the_screen(tmp_path: Path, typed: str) -> None:
    """The value sync held back (the kernel still has the first keystrokes): the text
    sent with Enter is what is checked and recorded."""
    log = tmp_path / "p.jsonl"
    ps = PuzzleSet("arithmetic", who="Ana", log=log)
    ps.answer_box.value = typed[: len(typed) // 2]  # what the held-back sync had
    enter(ps, typed)
    assert [r["answer"] for r in rows(log)] == [typed]
    assert ps.answer_box.value == typed


def test_the_text_sent_when_the_box_loses_focus_is_what_check_checks(tmp_path: Path) -> None:
    """A click on Check: the box loses the focus first and sends its text (the page sends
    its messages in order), then the button's click arrives."""
    log = tmp_path / "p.jsonl"
    ps = PuzzleSet("arithmetic", who="Ana", log=log)
    ps.answer_box.value = "1"
    ps.answer_box._handle_custom_msg({"event": "typed", "value": "14"}, [])
    ps.check_button.click()
    assert [r["answer"] for r in rows(log)] == ["14"]


def test_the_practice_and_the_end_check_take_the_typed_text_too(folder: Path) -> None:
    log = folder / "p.jsonl"
    lesson = OpenLesson("01", folder=folder, log=log)
    lesson.name_area.box.value = "Ana"
    practice, check = lesson.practice(), lesson.check()
    assert isinstance(practice, Practice)
    for view in (practice, check):
        view.answer_box.value = "9"
        enter(view, "999")
    assert [r["answer"] for r in rows(log)] == ["999", "999"]


def test_fifty_answers_typed_at_once_are_recorded_exactly(tmp_path: Path) -> None:
    log = tmp_path / "p.jsonl"
    ps = Practice("missing", 1, goal=20, who="Ana", seed=3, log=log)
    typed = [str(n * 7 % 23) + ("" if n % 3 else " ") for n in range(50)]
    for text in typed:
        ps.answer_box.value = text[:1]
        enter(ps, text)
        if ps.solved_now:
            ps.next()
    assert [r["answer"] for r in rows(log)] == typed


def test_a_huge_paste_is_cut_and_refused_not_recorded(tmp_path: Path) -> None:
    log = tmp_path / "p.jsonl"
    ps = PuzzleSet("arithmetic", who="Ana", log=log)
    enter(ps, "9" * 100_000)
    assert len(ps.answer_box.value) == MOST_TYPED
    assert "too long" in ps.feedback.value and not log.exists()


def test_enter_in_a_disabled_box_does_nothing() -> None:
    box = AnswerBox(disabled=True)
    seen: list[str] = []
    box.on_submit(seen.append)
    box._handle_custom_msg({"event": "submit", "value": "3"}, [])
    box._handle_custom_msg({"event": "submit", "value": 3}, [])  # not text: ignored
    assert seen == []


# --- the name never locks a pupil out --------------------------------------------------


def test_a_check_before_the_name_asks_in_the_widget_and_then_records(folder: Path) -> None:
    log = folder / "p.jsonl"
    lesson = OpenLesson("01", folder=folder, log=log)
    guided = lesson.puzzle(1)
    area = guided.name_area
    assert area in guided.children and guided.children.index(area) == (
        guided.children.index(guided.feedback) - 1
    ), "the name is asked right above the feedback, where the pupil is"
    enter(guided, "5")
    assert not log.exists()
    assert area.box.layout.display == "flex" and "Who are you?" in guided.feedback.value
    assert "at the top" not in guided.feedback.value
    area.box.value = "Zoë"  # typed in the puzzle's own box, Enter
    assert [(r["who"], r["answer"]) for r in rows(log)] == [("Zoë", "5")]
    assert "Not yet" in guided.feedback.value  # 3 + 5 is not 7: the answer was checked


def test_a_returning_pupil_is_asked_where_they_are(folder: Path) -> None:
    log = folder / "p.jsonl"
    lesson = OpenLesson("01", folder=folder, log=log)
    guided = lesson.puzzle(1)
    guided.name_area.memory.offered = "Zoë"  # the browser remembers Zoë
    lesson.name_area.memory.offered = "Zoë"
    enter(guided, "4")
    assert guided.name_area.ask_row.layout.display == "flex"
    assert "Is that your name?" in guided.feedback.value
    guided.name_area.yes_button.click()
    assert [(r["who"], r["answer"], r["right"]) for r in rows(log)] == [("Zoë", "4", True)]
    enter(guided, "4")  # solved: not counted again
    assert len(rows(log)) == 1


def test_a_pupil_who_says_no_types_their_name_and_the_answer_counts(folder: Path) -> None:
    log = folder / "p.jsonl"
    lesson = OpenLesson("01", folder=folder, log=log)
    guided = lesson.puzzle(2)
    guided.name_area.memory.offered = "Zoë"
    enter(guided, "7")
    guided.name_area.no_button.click()
    assert guided.name_area.box.layout.display == "flex"
    guided.name_area.box.value = "Ana"
    assert [(r["who"], r["answer"]) for r in rows(log)] == [("Ana", "7")]


def test_only_the_widget_that_waited_checks_when_the_name_comes(folder: Path) -> None:
    log = folder / "p.jsonl"
    lesson = OpenLesson("01", folder=folder, log=log)
    first, second = lesson.puzzle(1), lesson.puzzle(2)
    enter(second, "7")
    lesson.name_area.box.value = "Ana"  # given at the top instead
    assert [(r["puzzle"], r["answer"]) for r in rows(log)] == [("add-b", "7")]
    assert first.feedback.value == ""


# --- every un-hide is explicit ------------------------------------------------------------


def _watch(widget: Any, seen: list[Any]) -> None:
    """Record every display value set on ``widget`` and the widgets inside it."""
    layout = getattr(widget, "layout", None)
    if layout is not None:
        layout.observe(lambda change: seen.append((widget, change["new"])), "display")
    for child in getattr(widget, "children", ()):
        _watch(child, seen)


def test_no_widget_is_ever_shown_with_an_empty_display(folder: Path) -> None:
    """The website's ipywidgets did not apply ``display = None``: every un-hide gives a
    value (flows: the name asked and given, choices and text puzzles, a practice that
    starts once the name is known, the remembered name declined)."""
    log = folder / "p.jsonl"
    lesson = OpenLesson("01", folder=folder, log=log)
    guided, practice = lesson.puzzle(1), lesson.practice()
    choices = PuzzleSet("order-of-operations", log=log)
    seen: list[Any] = []
    for view in (lesson.welcome, guided, practice, choices):
        _watch(view, seen)
    for view in (guided, practice, choices):
        view.name_area.memory.offered = "Zoë"
    enter(guided, "4")
    guided.name_area.no_button.click()
    guided.name_area.box.value = "Ana"
    choices.next_button.click()
    choices.next_button.click()
    assert seen, "the flows showed and hid widgets"
    assert [type(widget).__name__ for widget, value in seen if value is None] == []
    assert practice.current is not None and practice.heading.layout.display == "flex"
