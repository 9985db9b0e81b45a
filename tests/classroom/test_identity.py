"""Who the records are of: the hub's user, else the typed name, else the name box asks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mathplay import PuzzleSet
from mathplay.classroom import records, where
from mathplay.classroom.names import current_pupil, set_pupil
from mathplay.widgets.practice import Practice


def lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_the_hub_user_comes_first(monkeypatch: pytest.MonkeyPatch) -> None:
    set_pupil("Ana")
    assert current_pupil() == "Ana"
    monkeypatch.setenv("JUPYTERHUB_USER", "pupil07")
    assert current_pupil() == "pupil07"
    monkeypatch.setenv("JUPYTERHUB_USER", "  ")
    assert current_pupil() == "Ana"


def test_on_a_hub_the_pupil_is_never_asked(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("JUPYTERHUB_USER", "pupil07")
    log = tmp_path / "p.jsonl"
    ps = PuzzleSet("arithmetic", only=[1], log=log)
    assert ps.name_box.layout.display == "none"
    ps.check("4")
    practice = Practice("missing", 1, log=log)
    assert practice.current is not None  # started without a name box
    assert [r["who"] for r in lines(log)] == ["pupil07"]


def test_without_a_hub_the_os_user_is_not_taken_as_the_name(tmp_path: Path) -> None:
    log = tmp_path / "p.jsonl"
    ps = PuzzleSet("arithmetic", only=[1], log=log)
    assert where.os_user()  # there is one, but on a lab PC everybody shares it
    assert ps.name_box.layout.display != "none"
    ps.check("4")
    assert "write your name" in ps.feedback.value.lower() and not log.exists()
    ps.name_box.value = "Eve"
    ps.check("4")
    assert [r["who"] for r in lines(log)] == ["Eve"]


def test_the_os_user_is_recorded_when_record_is_told_no_name(tmp_path: Path) -> None:
    log = tmp_path / "p.jsonl"
    records.record(log, puzzle_set="S", puzzle="p1", answer="1", right=True)
    assert lines(log)[0]["who"] == where.os_user()


@pytest.mark.parametrize("again", ["ana", " Ana ", "ANA", "ana "])
def test_the_same_name_in_another_case_is_the_same_pupil(again: str) -> None:
    set_pupil("Ana")
    set_pupil(again)
    assert current_pupil() == "Ana"  # shown as first typed
    assert where.name_key(again) == where.name_key("Ana")
    assert where.safe_file_name(again) == where.safe_file_name("Ana")


def test_a_name_typed_once_is_kept_for_the_kernel(tmp_path: Path) -> None:
    log = tmp_path / "p.jsonl"
    waiting = PuzzleSet("arithmetic", only=[2], log=log)
    first = PuzzleSet("arithmetic", only=[1], log=log)
    first.name_box.value = " Eve "
    assert current_pupil() == "Eve" and waiting.name_box.value == "Eve"
    later = PuzzleSet("arithmetic", only=[3], log=log)
    assert later.name_box.layout.display == "none" and later.pupil == "Eve"
