"""A game a pupil finishes on a board in a lesson is recorded as its review's summary
: the teacher's report lists it under the games, never as an attempt."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

import mathplay
from mathplay.ai.players import make_player
from mathplay.classroom import progress
from mathplay.classroom.names import set_pupil
from mathplay.classroom.where import set_current_lesson
from mathplay.tournament import play_game
from mathplay.widgets import SummyBoard


@pytest.fixture(autouse=True)
def _no_lesson_after() -> Iterator[None]:
    yield
    set_current_lesson(None)
    set_pupil(None, remember=False)


def finished() -> mathplay.Summy:
    return play_game(mathplay.Summy(seed=4), [make_player("easy", 1), make_player("medium", 2)])


def test_a_finished_game_in_a_lesson_is_in_the_report_not_an_attempt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MATHPLAY_PROGRESS_DIR", str(tmp_path))
    set_current_lesson("04-summy")
    set_pupil("Ana", remember=False)
    game = finished()
    board = SummyBoard(game, ["human", "computer"], threaded=False)
    board._refresh()  # drawn again: still recorded once
    (line,) = (tmp_path / "ana.jsonl").read_text().splitlines()
    record = json.loads(line)
    mine = game.review().summary(0)
    assert record["event"] == "game" and record["who"] == "Ana" and record["game"] == "summy"
    assert (record["score"], record["turns"]) == (mine.score, mine.turns)
    assert record["share"] == round(mine.share, 3) and record["lesson"] == "04-summy"
    assert record["biggest_miss"].startswith(f"move {mine.biggest_miss.ply + 1}, ")
    summary = progress.summary(tmp_path)
    assert summary.attempts == 0 and summary.sets == {}
    text = str(summary)
    assert "Games played in a lesson:" in text
    assert f"Ana: Summy, {mine.score} points in {mine.turns} turns, " in text
    assert "Games played in a lesson" in summary._repr_html_()


def test_outside_a_lesson_or_with_two_people_nothing_is_recorded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MATHPLAY_PROGRESS_DIR", str(tmp_path))
    set_pupil("Ana", remember=False)
    SummyBoard(finished(), ["human", "computer"], threaded=False)
    set_current_lesson("04-summy")
    SummyBoard(finished(), ["human", "human"], threaded=False)
    assert list(tmp_path.iterdir()) == []


def test_a_game_line_that_is_not_believable_is_left_out_with_a_warning(tmp_path: Path) -> None:
    good = {"who": "Bo", "event": "game", "game": "binary", "score": 90, "turns": 8,
            "share": 0.5, "biggest_miss": ""}  # fmt: skip
    lines = [good, {**good, "share": 7}, {**good, "score": "many"}]
    (tmp_path / "bo.jsonl").write_text("\n".join(json.dumps(x) for x in lines) + "\n")
    with pytest.warns(UserWarning) as caught:
        summary = progress.summary(tmp_path)
    said = " ".join(str(w.message) for w in caught)
    assert "share is not a number from 0 to 1" in said and "score is not a whole number" in said
    assert len(summary.games) == 1 and summary.games[0]["score"] == 90
