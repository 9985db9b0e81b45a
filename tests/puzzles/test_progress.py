"""The progress file and the teacher's summary."""

from __future__ import annotations

from pathlib import Path

from matplotlib.figure import Figure

from mathplay.puzzles import progress


def write_log(path: Path) -> None:
    for who, puzzle, right, hints in [
        ("Ana", "p1", False, 0),
        ("Ana", "p1", True, 1),
        ("Ana", "p2", True, 0),
        ("Bo", "p1", True, 0),
        ("Bo", "p2", False, 2),
    ]:
        progress.record(path, who=who, puzzle_set="S", puzzle=puzzle, answer="x", right=right,
                        hints=hints, seconds=30)  # fmt: skip


def test_summary_by_puzzle_and_student(tmp_path: Path) -> None:
    path = tmp_path / "log.jsonl"
    write_log(path)
    s = progress.summary(path)
    assert s.attempts == 5 and s.skipped == 0 and s.note == ""
    rows = {r["puzzle"]: r for r in s.by_puzzle}
    assert rows["p1"] == {"puzzle": "p1", "tried by": 2, "solved": 2, "first try": 1,
                          "attempts": 3, "most hints": 1}  # fmt: skip
    assert rows["p2"]["solved"] == 1 and rows["p2"]["first try"] == 1
    students = {r["student"]: r for r in s.by_student}
    assert students["Ana"] == {"student": "Ana", "tried": 2, "solved": 2, "attempts": 3,
                               "hints": 1, "minutes": 1.5}  # fmt: skip
    assert students["Bo"]["solved"] == 1
    text = str(s)
    assert "By puzzle:" in text and "Ana" in text
    assert "<table>" in s._repr_html_() and "<td>Bo</td>" in s._repr_html_()


def test_chart_is_a_figure_by_puzzle_and_by_student(tmp_path: Path) -> None:
    path = tmp_path / "log.jsonl"
    write_log(path)
    figure = progress.chart(path)
    assert isinstance(figure, Figure)
    left, right = figure.axes
    assert [t.get_text() for t in left.get_xticklabels()] == ["p1", "p2"]
    assert [t.get_text() for t in right.get_xticklabels()] == ["Ana", "Bo"]
    solved_bars = [p.get_height() for p in left.containers[1]]
    assert solved_bars == [2, 1]


def test_bad_lines_are_skipped_and_counted(tmp_path: Path) -> None:
    path = tmp_path / "log.jsonl"
    write_log(path)
    with open(path, "a") as file:
        file.write("not json\n[1, 2]\n\n")
    s = progress.summary(path)
    assert s.attempts == 5 and s.skipped == 2 and "2 line(s)" in s.note


def test_missing_file_gives_an_empty_summary(tmp_path: Path) -> None:
    s = progress.summary(tmp_path / "none.jsonl")
    assert s.attempts == 0 and len(s.by_puzzle) == 0 and "No attempts" in s.note
    assert isinstance(s.chart(), Figure)


def test_filter_by_set_and_names_with_several_sets(tmp_path: Path) -> None:
    path = tmp_path / "log.jsonl"
    write_log(path)
    progress.record(path, who="Cy", puzzle_set="T", puzzle="p1", answer="1", right=True)
    both = progress.summary(path)
    assert {r["puzzle"] for r in both.by_puzzle} == {"S: p1", "S: p2", "T: p1"}
    only = progress.summary(path, puzzle_set="T")
    assert [r["puzzle"] for r in only.by_puzzle] == ["p1"]
