"""The class chart as SVG (``chart(format="svg")``, and wherever matplotlib is missing):
the same grid, key and first-try shares as the matplotlib chart, readable with 30 pupils,
a title for every square, both themes."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from itertools import pairwise
from pathlib import Path

import pytest
from matplotlib.figure import Figure

from mathplay.classroom import progress
from mathplay.classroom.records import record
from mathplay.classroom.report import STATUSES
from mathplay.render.palette import DARK
from mathplay.render.picture import SvgPicture
from tests.classroom.helpers import write_class

SVG = "{http://www.w3.org/2000/svg}"


def texts(root: ET.Element) -> list[str]:
    found = []
    for element in root.iter(f"{SVG}text"):
        spans = element.findall(f"{SVG}tspan")
        found.append("\n".join(s.text or "" for s in spans) if spans else element.text or "")
    return found


def titles(root: ET.Element) -> list[str]:
    return [t.text or "" for t in root.iter(f"{SVG}title")]


def class_of_thirty(folder: Path) -> Path:
    log = folder / "class.jsonl"
    for pupil in range(30):
        for set_name in ("Adding", "Binary", "Bitwise"):
            for puzzle in range(6):
                record(log, who=f"Pupil {pupil:02d}", puzzle_set=set_name,
                       puzzle=f"{set_name[:3].lower()}-{puzzle}", answer="1",
                       right=(pupil + puzzle) % 4 != 0)  # fmt: skip
    return log


def test_the_small_class_as_svg(tmp_path: Path) -> None:
    write_class(tmp_path / "in")
    s = progress.summary(tmp_path / "in")
    chart = s.chart(format="svg")
    assert isinstance(chart, SvgPicture)
    root = ET.fromstring(chart.svg)
    assert root.find(f"{SVG}title").text == chart.description == root.get("aria-label")
    assert chart.description == (
        "Each pupil at each puzzle: 3 pupils, 2 puzzles; % right at the first try: p1 33%, p2 0%"
    )
    shown = texts(root)
    assert "Each pupil at each puzzle" in shown and "% right at\nthe first try" in shown
    for who in ("Ana", "Bo", "Cy"):
        assert who in shown
    for status in STATUSES:  # the key, in words, with each symbol
        assert f"{status.symbol} {status.meaning}" in shown
    tips = titles(root)
    assert "Ana, p1: right at the first try, without hints" in tips
    assert "Ana, p2: solved after a hint or a wrong try" in tips
    assert "Bo, p1: solved after seeing the solution" in tips
    assert "Cy, p1: tried, not solved yet" in tips and "Cy, p2: not tried" in tips
    for symbol in ("✓", "+", "S", "✗", "·"):  # on the squares too: not colour alone
        assert symbol in shown


def test_the_svg_chart_shows_the_figures_numbers(tmp_path: Path) -> None:
    s = progress.summary(class_of_thirty(tmp_path))
    figure, chart = s.chart(), s.chart(format="svg")
    assert isinstance(figure, Figure)
    root = ET.fromstring(chart.svg)
    shown = texts(root)
    grid, rates = figure.axes
    for label in [*grid.get_yticklabels(), *rates.get_xticklabels()]:
        assert label.get_text() in shown
    for label in grid.get_legend().get_texts():
        assert label.get_text() in shown
    assert grid.get_title() in shown and rates.get_ylabel() in shown
    for name in s.sets:  # the set names above their columns
        assert name in shown
    heights = [bar.get_height() for bar in rates.containers[0]]
    puzzles = [label.get_text() for label in rates.get_xticklabels()]
    for puzzle, height in zip(puzzles, heights):  # the bars' heights, in words and on them
        assert f"{puzzle} {height:.0f}%" in chart.description
        assert f"{height:.0f}" in shown
    # every square has its title, and it says what the figure's colour says
    values = grid.images[0].get_array().tolist()
    tips = [t for t in titles(root) if t.startswith("Pupil ")]
    assert len(tips) == 30 * 18
    columns = [p for puzzles in s.sets.values() for p in puzzles]
    for r, who in enumerate(s.pupils):
        for c, puzzle in enumerate(columns):
            meaning = STATUSES[values[r][c]].meaning
            assert tips[r * len(columns) + c] == f"{who}, {puzzle}: {meaning}"


def test_thirty_pupils_stay_readable(tmp_path: Path) -> None:
    s = progress.summary(class_of_thirty(tmp_path))
    root = ET.fromstring(s.chart(format="svg").svg)
    assert float(root.get("height")) > 30 * 20  # grows with the class
    names = [e for e in root.iter(f"{SVG}text") if (e.text or "").startswith("Pupil ")]
    assert len(names) == 30 and all(float(e.get("font-size")) >= 12 for e in names)
    ys = sorted(float(e.get("y")) for e in names)
    assert min(b - a for a, b in pairwise(ys)) >= 18  # a row each, not overlapping


def test_the_dark_chart_and_escaped_names(tmp_path: Path) -> None:
    log = tmp_path / "class.jsonl"
    record(log, who="<b>Ana & Bo</b>", puzzle_set="S & T", puzzle="p<1>", answer="4", right=True)
    s = progress.summary(log)
    dark = s.chart(format="svg", theme="dark")
    root = ET.fromstring(dark.svg)
    assert f'fill="{DARK.background}"' in dark.svg and "<b>" not in dark.svg
    assert "<b>Ana & Bo</b>" in texts(root) and "p<1>" in texts(root)
    assert "<b>Ana & Bo</b>, p<1>: right at the first try, without hints" in titles(root)
    assert isinstance(s.chart(theme="dark"), Figure)
    assert isinstance(progress.chart(log, format="svg"), SvgPicture)


def test_an_empty_summary_still_draws(tmp_path: Path) -> None:
    s = progress.summary(tmp_path / "nobody.jsonl")
    chart = s.chart(format="svg")
    ET.fromstring(chart.svg)
    assert chart.description.startswith("Each pupil at each puzzle: 0 pupils, 0 puzzles")


def test_a_bad_format_or_theme(tmp_path: Path) -> None:
    write_class(tmp_path / "in")
    s = progress.summary(tmp_path / "in")
    for kwargs, message in (({"format": "png"}, "unknown format"),
                            ({"theme": "blue"}, "unknown theme")):  # fmt: skip
        with pytest.raises(ValueError, match=message):
            s.chart(**kwargs)
