"""The progress file and the teacher's summary."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from matplotlib.figure import Figure

from mathplay.classroom import progress


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
    rows = {r["puzzle"]: {c: r[c] for c in s.by_puzzle.columns} for r in s.by_puzzle}
    assert rows["p1"] == {"puzzle": "p1", "tried by": 2, "solved": 2, "first try": 1,
                          "attempts": 3, "most hints": 1}  # fmt: skip
    assert rows["p2"]["solved"] == 1 and rows["p2"]["first try"] == 1
    students = {r["student"]: r for r in s.by_student}
    assert students["Ana"] == {"student": "Ana", "tried": 2, "solved": 2, "first try": 1,
                               "attempts": 3, "hints": 1, "minutes": 1.5}  # fmt: skip
    assert students["Bo"]["solved"] == 1
    text = str(s)
    assert "Set: S" in text and "Ana" in text and "Hardest puzzles:" in text
    assert "<table>" in s._repr_html_() and ">Bo</th>" in s._repr_html_()


def test_chart_is_a_heat_map_and_first_try_rates(tmp_path: Path) -> None:
    path = tmp_path / "log.jsonl"
    write_log(path)
    figure = progress.chart(path)
    assert isinstance(figure, Figure)
    grid, rates = figure.axes
    assert [t.get_text() for t in grid.get_yticklabels()] == ["Ana", "Bo"]
    assert [t.get_text() for t in rates.get_xticklabels()] == ["p1", "p2"]
    # Ana: p1 with help, p2 first try; Bo: p1 first try, p2 not solved.
    assert grid.images[0].get_array().tolist() == [[1, 0], [0, 3]]
    assert [p.get_height() for p in rates.containers[0]] == [50, 50]


def test_bad_lines_are_skipped_and_counted(tmp_path: Path) -> None:
    path = tmp_path / "log.jsonl"
    write_log(path)
    with open(path, "a") as file:
        file.write("not json\n[1, 2]\n\n")
    with pytest.warns(progress.ProgressWarning) as caught:
        s = progress.summary(path)
    assert s.attempts == 5 and s.skipped == 2 and "2 line(s)" in s.note
    assert "(line 6, 7)" in s.note
    assert [str(w.message) for w in caught] == [
        f"{path}, line 6: left out of the summary, because it is not JSON",
        f"{path}, line 7: left out of the summary, because it is not an attempt",
    ]


GOOD = {"who": "Ana", "set": "S", "puzzle": "p1", "answer": "4", "right": True, "hints": 0,
        "seconds": 30}  # fmt: skip


def line(**changes: object) -> str:
    return json.dumps({**GOOD, **changes})


@pytest.mark.parametrize(
    ("bad", "why"),
    [
        (line(seconds="abc"), "seconds is not a number from 0 to"),
        (line(seconds=-1), "seconds is not a number from 0 to"),
        (line(hints=[1]), "hints is not a whole number from 0 to"),
        (line(hints=1.5), "hints is not a whole number from 0 to"),
        (line(hints=True), "hints is not a whole number from 0 to"),
        (line().replace('"hints": 0', '"hints": 1e400'), "hints is not a whole number"),
        (line().replace('"seconds": 30', '"seconds": NaN'), "seconds is not a number"),
        (line(set=["x"]), "set is not text"),
        (line(who={"a": 1}), "who is not text"),
        (line(puzzle=None), "puzzle is not text"),
        (line(right="false"), "right is not true or false"),
        (line(right=1), "right is not true or false"),
        ('{"who": "Ana"}', "it has no puzzle, right"),
        ("[" * 100_000 + "]" * 100_000, "the line is too long"),  # over 64 kB: not read
        ('{"who": "Ana", "hints": ' + "9" * 5000 + "}", "it is not JSON"),
    ],
)
def test_a_wrong_typed_line_is_left_out_and_named(tmp_path: Path, bad: str, why: str) -> None:
    path = tmp_path / "log.jsonl"
    path.write_text(line() + "\n" + bad + "\n" + line(who="Bo", right=False) + "\n")
    with pytest.warns(progress.ProgressWarning, match=f"line 2: left out .*{why}"):
        s = progress.summary(path)
    assert s.attempts == 2 and s.skipped == 1 and "(line 2)" in s.note
    assert [r["solved"] for r in s.by_puzzle] == [1]
    assert {r["student"]: r["attempts"] for r in s.by_student} == {"Ana": 1, "Bo": 1}
    with pytest.warns(progress.ProgressWarning):
        assert progress.read_attempts(path)[1] == 1


def test_a_bom_and_bad_bytes_lose_no_attempt(tmp_path: Path) -> None:
    path = tmp_path / "log.jsonl"
    ana = (line() + "\n").encode()
    bo = b'{"who": "Bo\xff", "puzzle": "p1", "right": true}\n'
    path.write_bytes(b"\xef\xbb\xbf" + ana + b"\xef\xbb\xbf" + bo + b"\xff\xfe\n")
    with pytest.warns(progress.ProgressWarning, match="line 3: .*not JSON"):
        s = progress.summary(path)
    assert s.attempts == 2 and s.skipped == 1
    assert [r["student"] for r in s.by_student] == ["Ana", "Bo\ufffd"]


def test_many_bad_lines_give_ten_warnings_and_a_count(tmp_path: Path) -> None:
    path = tmp_path / "log.jsonl"
    path.write_text("\n".join(["oops"] * 25 + [line()]) + "\n")
    with pytest.warns(progress.ProgressWarning) as caught:
        s = progress.summary(path)
    assert s.attempts == 1 and s.skipped == 25 and "…" in s.note
    assert len(caught) == 11 and "15 more line(s)" in str(caught[-1].message)


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
