"""The report: one row per pupil per puzzle (CSV), the grid in text and HTML, the chart."""

from __future__ import annotations

import csv
from pathlib import Path

from matplotlib.figure import Figure

from mathplay.classroom import progress
from mathplay.classroom.records import record
from tests.classroom.helpers import write_class

COLUMNS = ["who", "set", "puzzle", "attempts", "solved", "first_try", "hints", "solution_seen",
           "seconds", "wrong_answers", "skill", "question"]  # fmt: skip


def test_csv_has_exactly_the_columns_and_a_row_per_pupil_per_puzzle(tmp_path: Path) -> None:
    write_class(tmp_path / "in")
    s = progress.summary(tmp_path / "in")
    out = s.to_csv(tmp_path / "class.csv")
    with open(out, newline="") as file:
        reader = csv.DictReader(file)
        assert reader.fieldnames == COLUMNS
        rows = {(r["who"], r["puzzle"]): r for r in reader}
    assert len(rows) == 3 * 2
    assert rows[("Ana", "p1")] == {"who": "Ana", "set": "S", "puzzle": "p1", "attempts": "1",
                                   "solved": "true", "first_try": "true", "hints": "0",
                                   "solution_seen": "false", "seconds": "30.0",
                                   "wrong_answers": "", "skill": "",
                                   "question": "question of p1"}  # fmt: skip
    assert rows[("Bo", "p1")]["wrong_answers"] == "5 | 3"
    assert rows[("Bo", "p1")]["solution_seen"] == "true" and rows[("Bo", "p1")]["hints"] == "2"
    for who in ("Bo", "Cy"):  # nobody tried p2 but Ana: still a row, with 0 attempts
        assert rows[(who, "p2")]["attempts"] == "0" and rows[(who, "p2")]["solved"] == "false"


def test_the_five_statuses(tmp_path: Path) -> None:
    write_class(tmp_path / "in")
    s = progress.summary(tmp_path / "in")
    status = {(r["who"], r["puzzle"]): r["status"] for r in s.rows}
    assert status == {
        ("Ana", "p1"): "first try", ("Ana", "p2"): "with help",
        ("Bo", "p1"): "after solution", ("Bo", "p2"): "not tried",
        ("Cy", "p1"): "not solved", ("Cy", "p2"): "not tried",
    }  # fmt: skip


def test_the_terminal_report_shows_the_grid(tmp_path: Path) -> None:
    write_class(tmp_path / "in")
    text = str(progress.summary(tmp_path / "in"))
    grid = [line.split() for line in text.splitlines() if line.startswith(("Ana", "Bo", "Cy"))]
    assert grid[0][:3] == ["Ana", "✓", "+"] and grid[1][:3] == ["Bo", "S", "·"]
    assert grid[2][:3] == ["Cy", "✗", "·"]
    assert (
        "Puzzles: 1=p1, 2=p2" in text and "Key: ✓ right at the first try, without hints; +" in text
    )
    assert "p1: 1 of 3 right at the first try, 2 solved; wrong: 5, 3, 6" in text


def test_the_html_report_is_one_page_with_grid_key_and_wrong_answers(tmp_path: Path) -> None:
    write_class(tmp_path / "in")
    s = progress.summary(tmp_path / "in")
    page = s.write_html(tmp_path / "r.html", title="Class 6B").read_text()
    assert page.startswith("<!DOCTYPE html>") and "<script" not in page and "src=" not in page
    assert "<title>Class 6B</title>" in page
    for text in (
        "right at the first try, without hints",
        "solved after a hint or a wrong try",
        "solved after seeing the solution",
        "tried, not solved yet",
        "not tried",
    ):
        assert text in page  # the key, in words
    assert page.count(">✓") >= 2 and ">S" in page and ">✗" in page and ">·" in page
    assert ">Ana</th>" in page and ">Cy</th>" in page
    assert "The puzzles the class found hardest" in page and "question of p1" in page
    assert "<code>5</code> ×1" in page and "(Bo)" in page  # the wrong answers and who typed them


def test_the_html_report_says_the_language_it_is_written_in(tmp_path: Path) -> None:
    """A screen reader reads a Spanish report with Spanish voices: its page says ``es``."""
    from mathplay import i18n

    write_class(tmp_path / "in")
    s = progress.summary(tmp_path / "in")
    assert '<html lang="en">' in s.write_html(tmp_path / "en.html", title="6B").read_text()
    with i18n.speaking("es"):
        page = s.write_html(tmp_path / "es.html", title="6B").read_text()
    assert '<html lang="es">' in page and "bien a la primera" in page


def test_several_sets_and_a_class_of_thirty_chart(tmp_path: Path) -> None:
    log = tmp_path / "class.jsonl"
    for pupil in range(30):
        for set_name in ("Adding", "Binary", "Bitwise"):
            for puzzle in range(6):
                record(log, who=f"Pupil {pupil:02d}", puzzle_set=set_name,
                       puzzle=f"{set_name[:3].lower()}-{puzzle}", answer="1",
                       right=(pupil + puzzle) % 4 != 0)  # fmt: skip
    s = progress.summary(log)
    assert len(s.rows) == 30 * 3 * 6 and len(s.pupils) == 30 and len(s.sets) == 3
    figure = s.chart()
    assert isinstance(figure, Figure)
    grid, rates = figure.axes
    assert len(grid.get_yticklabels()) == 30 and len(rates.get_xticklabels()) == 18
    assert figure.get_size_inches()[1] >= 9  # taller for a big class
    only = progress.summary(log, puzzle_set="Binary")
    assert list(only.sets) == ["Binary"] and len(only.rows) == 30 * 6


def test_names_match_in_any_case(tmp_path: Path) -> None:
    log = tmp_path / "class.jsonl"
    record(log, who="Ana", puzzle_set="S", puzzle="p1", answer="1", right=False)
    record(log, who=" ana ", puzzle_set="S", puzzle="p1", answer="2", right=True)
    s = progress.summary(log)
    assert s.pupils == ["Ana"] and s.cell("ANA", "S", "p1")["attempts"] == 2
