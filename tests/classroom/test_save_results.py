"""**Save my results**: the downloaded file holds the pupil's records as written, and the
teacher's ``mathplay progress collect`` reads it; the button shows where it should."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from mathplay import Practice, PuzzleSet
from mathplay.__main__ import main
from mathplay.classroom import records
from mathplay.classroom.save_results import results_file_name, results_text, wanted
from mathplay.widgets.save_results import SaveResults


def answer(ps: Any, text: str) -> None:
    ps.answer_box.value = text
    ps.check_button.click()


def downloads(button: SaveResults) -> list[dict[str, Any]]:
    """What ``button`` sends to the browser, recorded instead of sent."""
    sent: list[dict[str, Any]] = []
    button.send = lambda content, buffers=None: sent.append(content)  # type: ignore[method-assign]
    return sent


def test_the_file_round_trips_through_collect(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "mathplay-progress.jsonl"
    for who in ("Ana", "Ben"):  # a browser shared by a class keeps both
        ps = PuzzleSet("arithmetic", who=who, log=log, save_button=True)
        answer(ps, "5")
        answer(ps, "4")
        ps.next_button.click()
        answer(ps, "12")
    button = SaveResults(who=" ana ", log=log)
    sent = downloads(button)
    text = button.save()
    assert sent == [{"event": "download", "name": "mathplay-results-ana.jsonl", "text": text}]
    assert text is not None
    lines = text.splitlines()
    ana = [line for line in log.read_text().splitlines() if json.loads(line)["who"] == "Ana"]
    assert lines == ana and len(lines) == 3  # Ana's lines exactly as written, Ben's left out
    assert "Saved 3 answers as mathplay-results-ana.jsonl" in button.note

    handed_in = tmp_path / "pupils" / "mathplay-results-ana.jsonl"
    handed_in.parent.mkdir()
    handed_in.write_text(text, encoding="utf-8")
    (tmp_path / "pupils" / "again.jsonl").write_text(text, encoding="utf-8")  # saved twice
    out = tmp_path / "class.jsonl"
    assert main(["progress", "collect", str(tmp_path / "pupils"), "-o", str(out)]) == 0
    assert "wrote 3 record(s) from 2 file(s) and 1 pupil(s)" in capsys.readouterr().out
    collected, bad = records.read_attempts(out)
    original, _bad = records.read_attempts(log)
    assert bad == 0
    # Each record once, as written, with the first file it was found in.
    assert {e.pop("source") for e in collected} == {str(tmp_path / "pupils" / "again.jsonl")}
    assert collected == [entry for entry in original if entry["who"] == "Ana"]
    assert [(e["puzzle"], e["answer"], e["right"]) for e in collected] == [
        (collected[0]["puzzle"], "5", False),
        (collected[0]["puzzle"], "4", True),
        (collected[2]["puzzle"], "12", collected[2]["right"]),
    ]


def test_nothing_to_save_says_so(tmp_path: Path) -> None:
    button = SaveResults(who="Ana", log=tmp_path / "none.jsonl")
    sent = downloads(button)
    assert button.save() is None
    assert sent == []
    assert button.note == "There is nothing to save yet: check an answer first."


def test_a_press_in_the_browser_saves(tmp_path: Path) -> None:
    log = tmp_path / "p.jsonl"
    records.record(log, who="Zoë", puzzle_set="s", puzzle="1", answer="2", right=False)
    button = SaveResults(who=lambda: "Zoë", log=log)
    sent = downloads(button)
    button._from_front_end(button, {"event": "save"}, [])
    assert len(sent) == 1 and sent[0]["name"] == results_file_name("Zoë")
    assert sent[0]["name"].startswith("mathplay-results-zoe_")
    assert json.loads(sent[0]["text"])["answer"] == "2"


def test_without_a_name_every_line_is_saved(tmp_path: Path) -> None:
    log = tmp_path / "p.jsonl"
    for who in ("Ana", "Ben"):
        records.record(log, who=who, puzzle_set="s", puzzle="1", answer="2", right=False)
    with log.open("a") as file:
        file.write("\n")
    assert results_text("", log) == log.read_text().replace("\n\n", "\n")
    assert results_file_name(None) == "mathplay-results.jsonl"
    assert results_text("Ana", None) == ""


def test_shown_in_jupyterlite_only_unless_asked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = tmp_path / "p.jsonl"
    assert not wanted(None) and wanted(True) and not wanted(False)
    assert PuzzleSet("arithmetic", who="Ana", log=log).save_results is None
    assert Practice("missing", 1, who="Ana", log=log).save_results is None
    monkeypatch.setattr(sys, "platform", "emscripten")
    assert wanted(None)
    assert PuzzleSet("arithmetic", who="Ana", log=log, save_button=False).save_results is None
    assert PuzzleSet("arithmetic", who="Ana", log=None).save_results is None  # nothing kept
    practice = Practice("missing", 1, who="Ana", log=log)
    assert practice.save_results is not None and practice.save_results in practice.children


def test_at_the_end_of_a_set(tmp_path: Path) -> None:
    ps = PuzzleSet("arithmetic", who="Ana", log=tmp_path / "p.jsonl", save_button=True)
    assert ps.save_results is not None
    assert ps.save_results not in ps.children  # not while there are puzzles to do
    answer(ps, "4")
    while not ps.finished:
        ps.next_button.click()
    assert ps.children[-1] is ps.save_results
    ps.next_button.click()  # nothing more happens at the end
    assert list(ps.children).count(ps.save_results) == 1
    sent = downloads(ps.save_results)
    ps.save_results.save()
    assert len(sent[0]["text"].splitlines()) == 1
