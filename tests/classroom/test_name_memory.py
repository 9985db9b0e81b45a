"""A name remembered in the browser is offered as a question, never taken silently."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mathplay import PuzzleSet
from mathplay.classroom.names import current_pupil
from mathplay.widgets.names import NameMemory
from mathplay.widgets.practice import Practice


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """The messages the kernel sends to the browser's memory."""
    messages: list[dict[str, Any]] = []
    monkeypatch.setattr(
        NameMemory, "send", lambda self, content, buffers=None: messages.append(content)
    )
    return messages


def whos(path: Path) -> list[str]:
    if not path.exists():
        return []
    return [json.loads(line)["who"] for line in path.read_text().splitlines()]


def test_a_remembered_name_is_asked_about_and_yes_takes_it(tmp_path: Path, sent: list) -> None:
    log = tmp_path / "p.jsonl"
    ps = PuzzleSet("arithmetic", only=[1], log=log)
    assert ps.name_box.layout.display != "none"  # nothing remembered yet: the box asks
    ps.name_area.memory.offered = "Ana"  # what the page does when the browser remembers Ana
    assert ps.name_box.layout.display == "none"
    assert "Are you Ana?" in ps.name_area.question.value
    assert ps.name_area.yes_button.description == "Yes, I am Ana"
    ps.check("4")
    assert "Is that your name?" in ps.feedback.value and whos(log) == []
    ps.name_area.yes_button.click()  # the answer that waited is checked now
    assert current_pupil() == "Ana"
    assert ps.name_area.ask_row.layout.display == "none"
    assert whos(log) == ["Ana"]


def test_no_forgets_the_name_in_the_browser_and_asks_for_one(tmp_path: Path, sent: list) -> None:
    log = tmp_path / "p.jsonl"
    first = PuzzleSet("arithmetic", only=[1], log=log)
    second = PuzzleSet("arithmetic", only=[2], log=log)
    first.name_area.memory.offered = "Ana"
    second.name_area.memory.offered = "Ana"
    first.name_area.no_button.click()
    assert {"forget": True} in sent
    for ps in (first, second):
        assert ps.name_area.ask_row.layout.display == "none"
        assert ps.name_box.layout.display != "none" and ps.name_box.value == ""
    assert current_pupil() is None
    first.check("4")
    assert "write your name" in first.feedback.value.lower() and whos(log) == []
    first.name_box.value = "Bo"
    assert second.name_box.value == "Bo"
    first.check("4")
    assert whos(log) == ["Bo"]


def test_a_typed_name_is_kept_in_the_browser(tmp_path: Path, sent: list) -> None:
    ps = PuzzleSet("arithmetic", only=[1], log=tmp_path / "p.jsonl")
    ps.name_box.value = " Eve "
    assert {"remember": "Eve"} in sent


def test_yes_in_one_widget_answers_all_of_them(tmp_path: Path, sent: list) -> None:
    log = tmp_path / "p.jsonl"
    first = PuzzleSet("arithmetic", only=[1], log=log)
    practice = Practice("missing", 1, log=log)
    first.name_area.memory.offered = "Ana"
    practice.name_area.memory.offered = "Ana"
    assert "Answer the question above" in practice.start_note.value
    assert practice.current is None
    first.name_area.yes_button.click()
    assert practice.current is not None  # the practice started for Ana
    assert practice.pupil == "Ana" and practice.name_area.ask_row.layout.display == "none"


def test_once_a_name_is_known_an_offer_is_not_asked(tmp_path: Path, sent: list) -> None:
    ps = PuzzleSet("arithmetic", only=[1], log=tmp_path / "p.jsonl")
    ps.name_box.value = "Eve"
    ps.name_area.memory.offered = "Ana"
    assert ps.name_area.ask_row.layout.display == "none" and ps.pupil == "Eve"


def test_on_a_hub_nothing_is_asked_or_kept(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, sent: list
) -> None:
    monkeypatch.setenv("JUPYTERHUB_USER", "pupil07")
    ps = PuzzleSet("arithmetic", only=[1], log=tmp_path / "p.jsonl")
    ps.name_area.memory.offered = "Ana"
    assert ps.name_area.ask_row.layout.display == "none"
    ps.check("4")
    assert whos(tmp_path / "p.jsonl") == ["pupil07"] and sent == []


def test_a_long_offered_name_is_cut(tmp_path: Path, sent: list) -> None:
    ps = PuzzleSet("arithmetic", only=[1], log=tmp_path / "p.jsonl")
    ps.name_area.memory.offered = "A" * 500
    ps.name_area.yes_button.click()
    assert current_pupil() == "A" * 60


def test_a_long_gap_counts_as_ten_minutes(tmp_path: Path, clock: Any) -> None:
    log = tmp_path / "p.jsonl"
    ps = PuzzleSet("arithmetic", who="Ana", log=log)
    clock.wait(3 * 3600)  # the puzzle left open over lunch
    ps.check("5")
    clock.wait(20)
    ps.check("4")
    seconds = [json.loads(line)["seconds"] for line in log.read_text().splitlines()]
    assert seconds == [600.0, 20.0]
