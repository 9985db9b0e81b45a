"""Every ``mathplay.plot`` picture as SVG (``format="svg"``): well-formed, described for
screen readers, in both themes, saying what the matplotlib figure says and showing the
same numbers, and refusing bad input with the same words."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from typing import Any

import pytest
from matplotlib.figure import Figure

from mathplay import ExpressionError, MathplayError, plot
from mathplay.core import HistoryEntry
from mathplay.games.mixmath import Mixmath
from mathplay.games.summy import Summy
from mathplay.render import picture as picture_module
from mathplay.render.errors import PictureError
from mathplay.render.palette import DARK, LIGHT
from mathplay.render.picture import SvgPicture
from tests.render.helpers import FakeGame, LaidOutMixmath, gids, play_first, small_summy, texts

SVG = "{http://www.w3.org/2000/svg}"


def parse(picture: SvgPicture) -> ET.Element:
    root = ET.fromstring(picture.svg)  # well-formed XML, or this raises
    assert root.tag == f"{SVG}svg"
    return root


def words(root: ET.Element) -> list[str]:
    """The text of every ``<text>``, its lines (``<tspan>``) joined by new lines."""
    found = []
    for element in root.iter(f"{SVG}text"):
        spans = element.findall(f"{SVG}tspan")
        found.append("\n".join(s.text or "" for s in spans) if spans else element.text or "")
    return found


def flat(texts: list[str]) -> str:
    return " ".join(" ".join(texts).split())


def font_sizes(element: ET.Element, inherited: float = 16.0) -> list[float]:
    """The font size of every ``<text>`` under ``element``, as inherited from groups."""
    size = float(element.get("font-size", inherited))
    found = [size] if element.tag == f"{SVG}text" else []
    for child in element:
        found += font_sizes(child, size)
    return found


def data(root: ET.Element, prefix: str) -> list[str]:
    return [e.get("data-gid", "") for e in root.iter() if e.get("data-gid", "").startswith(prefix)]


# name, the call (taking format and theme), texts the SVG must show
PICTURES: list[tuple[str, Callable[..., Any], list[str]]] = [
    ("board", lambda **kw: plot.board(small_summy(), **kw),
     ["Summy board, 9×9", "9 tiles on the board", "TW  triple word square", "last move",
      "A", "I", "9", "×"]),
    ("sheet", lambda **kw: plot.board(small_summy(), last_move=False, title=False, **kw),
     ["TW  triple word square", "2×"]),
    ("mixmath", lambda **kw: plot.board(play_first(LaidOutMixmath(players=2, seed=1), 3), **kw),
     ["Mixmath board, 14×14", "÷  divide square", "3×"]),
    ("scores", lambda **kw: plot.scores(play_first(Summy(players=3, seed=4), 5), **kw),
     ["Summy: scores over the game", "moves played", "score", "Player 1", "Player 3"]),
    ("no moves", lambda **kw: plot.scores(Summy(players=2, seed=1), **kw), ["no moves yet"]),
    ("place values", lambda **kw: plot.place_values(13, **kw),
     ["13 = 8 + 4 + 1", "13 in 8 bits is 00001101; under each bit, its place value",
      "2⁷", "2⁰", "128", "1", "0"]),
    ("16 bits", lambda **kw: plot.place_values(40000, 16, **kw),
     ["40000 = 32768 + 4096 + 2048 + 1024 + 64", "32768", "2¹⁵"]),
    ("bitwise", lambda **kw: plot.bitwise(12, 10, "AND", **kw),
     ["12 AND 10 = 8", "AND: 1 only where both bits are 1", "AND", "12", "10", "= 8"]),
    ("not", lambda **kw: plot.bitwise("0101", None, "NOT", **kw),
     ["NOT 5 = 10", "NOT 0101 = 1010: every bit flipped", "= 10"]),
    ("truth table", lambda **kw: plot.truth_table("xor", **kw),
     ["XOR truth table", "1 where the two bits differ", "A", "B", "A XOR B"]),
    ("tree", lambda **kw: plot.expression_tree("2x3+4=5+5", **kw),
     ["2x3+4 = 5+5", "10 = 10: true; order of operations: usual (× and ÷ before + and −)",
      "+\n= 10", "×\n= 6", "="]),
    ("failing tree", lambda **kw: plot.expression_tree("8:0+1", **kw),
     [":\nfails", "+\n= ?", "8 : 0 divides by zero"]),
    ("binary tree", lambda **kw: plot.expression_tree("101 AND NOT 011 + 1", base=2, **kw),
     ["NOT 011\n= 100 (4)", "AND\n= 101 (5)"]),
]  # fmt: skip
IDS = [name for name, _draw, _texts in PICTURES]


@pytest.mark.parametrize(("name", "draw", "expected"), PICTURES, ids=IDS)
def test_every_picture_as_svg(name: str, draw: Callable[..., Any], expected: list[str]) -> None:
    picture = draw(format="svg")
    assert isinstance(picture, SvgPicture)
    root = parse(picture)
    assert root.get("role") == "img"
    assert root.find(f"{SVG}title").text == picture.description == root.get("aria-label")
    assert picture.description.strip()
    shown = words(root)
    for text in expected:  # a whole text, or words of a longer one
        assert text in shown or (len(text) > 3 and text in flat(shown)), (name, text)
    assert picture._repr_svg_() == picture.svg
    assert float(root.get("width")) > 100 and float(root.get("height")) > 100
    assert min(font_sizes(root)) >= 9  # readable


@pytest.mark.parametrize(("name", "draw", "expected"), PICTURES, ids=IDS)
def test_every_picture_in_the_dark_theme(
    name: str, draw: Callable[..., Any], expected: list[str]
) -> None:
    light, dark = draw(format="svg"), draw(format="svg", theme="dark")
    root = parse(dark)
    assert f'fill="{DARK.background}"' in dark.svg and LIGHT.background not in dark.svg
    assert f'fill="{DARK.ink}"' in dark.svg
    assert words(root) == words(parse(light))  # the same words, other colours
    assert dark.description == light.description


@pytest.mark.parametrize(("name", "draw", "expected"), PICTURES, ids=IDS)
def test_the_svg_says_what_the_figure_says(
    name: str, draw: Callable[..., Any], expected: list[str]
) -> None:
    figure = draw(format="figure")
    assert isinstance(figure, Figure)
    svg = flat(words(parse(draw(format="svg"))))
    for text in texts(figure):
        for line in text.split("\n"):
            assert " ".join(line.replace(" …", "").split()) in svg, (name, line)


def test_the_board_has_the_figures_tiles_and_last_move() -> None:
    game = small_summy()
    figure, root = plot.board(game), parse(plot.board(game, format="svg"))
    assert sorted(data(root, "tile:")) == sorted(gids(figure, "tile:"))
    assert sorted(data(root, "last:")) == sorted(gids(figure, "last:"))
    assert sorted(data(root, "last:")) == ["last:C3", "last:C4", "last:C6", "last:C7"]
    titles = [t.text for t in root.iter(f"{SVG}title")]
    assert "C7: tile 3, last move" in titles and "A1: triple word square" in titles
    assert plot.board(game, format="svg").svg.count('fill="url(#mathplay-last-light)"') == 4


def test_the_scores_are_the_figures_scores() -> None:
    game = play_first(Summy(players=3, seed=4), 5)
    figure, root = plot.scores(game), parse(plot.scores(game, format="svg"))
    lines = [line for line in figure.axes[0].lines if (line.get_gid() or "").startswith("player:")]
    groups = [e for e in root.iter(f"{SVG}g") if e.get("data-gid", "").startswith("player:")]
    assert [g.get("data-gid") for g in groups] == [line.get_gid() for line in lines]
    for group, line in zip(groups, lines):
        assert [int(v) for v in group.get("data-scores").split()] == list(line.get_ydata())
        assert group.find(f"{SVG}title").text.startswith("Player ")
    ends = sorted(t.get_text() for t in figure.axes[0].texts)
    assert ends == sorted(str(score) for score in game.scores)
    assert all(end in words(root) for end in ends)
    # each player its own marker shape and line style, not colour alone
    shapes = [
        tuple(sorted({child.tag for child in g if child.tag != f"{SVG}title"})) for g in groups
    ]
    assert len(set(shapes)) == 3
    dashes = {g.find(f"{SVG}path").get("stroke-dasharray") for g in groups}
    assert len(dashes) == 3


def test_the_winner_and_a_game_like_object() -> None:
    fake = FakeGame()
    fake.outcome = type("O", (), {"winners": (0,)})()
    picture = plot.scores(fake, format="svg")
    assert "Player 1 (winner)" in words(parse(picture))
    assert "Player 1 (winner): 5, Player 2: 3 after 2 moves" in picture.description


def test_the_bits_are_the_figures_bits() -> None:
    for draw in (
        lambda **kw: plot.place_values(13, **kw),
        lambda **kw: plot.bitwise(12, 10, "XOR", **kw),
        lambda **kw: plot.truth_table("and", **kw),
    ):
        figure, root = draw(format="figure"), parse(draw(format="svg"))
        for prefix in ("bit:", "cell:", "header:"):
            assert sorted(data(root, prefix)) == sorted(gids(figure, prefix)), prefix
    root = parse(plot.place_values(13, format="svg"))
    ones = [e.get("data-gid") for e in root.iter(f"{SVG}rect") if e.get("fill") == LIGHT.one]
    assert sorted(ones) == ["bit:0", "bit:2", "bit:3"]  # 13 = 8 + 4 + 1
    assert [t.text for t in root.iter(f"{SVG}title")][1:] == [
        f"place value {1 << p}: {b}" for p, b in zip(range(7, -1, -1), "00001101")
    ]


def test_the_tree_has_the_figures_boxes() -> None:
    figure = plot.expression_tree("2x3+4=5+5")
    root = parse(plot.expression_tree("2x3+4=5+5", format="svg"))
    assert sorted(data(root, "node:")) == sorted(gids(figure, "node:"))
    assert "stroke-dasharray" in plot.expression_tree("8:0+1", format="svg").svg  # fails: dashed


def test_text_is_escaped() -> None:
    fake = FakeGame()
    fake.history = (HistoryEntry(1, "pass", 0), HistoryEntry(0, "B1 down <b>&amp;</b>", 5))
    picture = plot.board(fake, format="svg")
    root = parse(picture)
    assert "<b>" not in picture.svg and "&lt;b&gt;&amp;amp;&lt;/b&gt;" in picture.svg
    assert "B1 down <b>&amp;</b>" in picture.description
    assert any("B1 down <b>&amp;</b>" in text for text in words(root))


BAD_INPUT = [
    (lambda **kw: plot.place_values(300, bits=8, **kw), PictureError,
     "n = 300 needs 9 bits, more than bits=8"),
    (lambda **kw: plot.place_values(-1, **kw), PictureError, "n is -1"),
    (lambda **kw: plot.place_values(3, bits=33, **kw), PictureError, "bits must be a whole"),
    (lambda **kw: plot.bitwise(12, 10, "NAND", **kw), PictureError, "unknown operator 'NAND'"),
    (lambda **kw: plot.bitwise(12, 10, "NOT", **kw), PictureError, "NOT takes one number"),
    (lambda **kw: plot.bitwise("12", 3, "OR", **kw), PictureError, "is not binary"),
    (lambda **kw: plot.truth_table("NAND", **kw), PictureError, "unknown operator 'NAND'"),
    (lambda **kw: plot.expression_tree("2x3", order="up", **kw), PictureError, "unknown order"),
    (lambda **kw: plot.expression_tree("+".join("1" * 30), **kw), PictureError, "has 30 numbers"),
    (lambda **kw: plot.expression_tree("2x(3+4)", **kw), ExpressionError, "position 3"),
    (lambda **kw: plot.board(object(), **kw), PictureError, "cannot draw object"),
    (lambda **kw: plot.scores(object(), **kw), PictureError, "it has no scores"),
    (lambda **kw: plot.board(small_summy(), theme="blue", **kw), PictureError,
     "unknown theme 'blue'"),
]  # fmt: skip


@pytest.mark.parametrize(("draw", "error", "message"), BAD_INPUT)
def test_bad_input_says_the_same_in_both_formats(
    draw: Callable[..., Any], error: type[Exception], message: str
) -> None:
    said = []
    for format in ("figure", "svg"):
        with pytest.raises(error, match=re.escape(message)) as caught:
            draw(format=format)
        said.append(str(caught.value))
    assert said[0] == said[1]


def test_the_format_keyword(monkeypatch: pytest.MonkeyPatch) -> None:
    assert isinstance(plot.truth_table("or"), Figure)  # matplotlib is installed here
    assert isinstance(plot.truth_table("or", format="figure"), Figure)
    assert isinstance(plot.truth_table("or", format="svg"), SvgPicture)
    for bad in ("png", "SVG", None, 2):
        with pytest.raises(PictureError, match="unknown format"):
            plot.truth_table("or", format=bad)
    monkeypatch.setattr(picture_module, "matplotlib_available", lambda: False)
    assert isinstance(plot.truth_table("or"), SvgPicture)  # auto: SVG without matplotlib
    with pytest.raises(PictureError, match="format='figure' needs matplotlib"):
        plot.truth_table("or", format="figure")
    with pytest.raises(MathplayError):
        plot.truth_table("or", format="figure")


def test_a_picture_saves_and_prints_short(tmp_path) -> None:
    picture = plot.place_values(13, format="svg")
    assert repr(picture) == "<SvgPicture '13 = 8 + 4 + 1'>"
    assert repr(plot.board(small_summy(), format="svg")) == "<SvgPicture 'Summy board, 9×9'>"
    path = picture.save(tmp_path / "thirteen.svg")
    assert path.read_text(encoding="utf-8") == picture.svg
    ET.parse(path)
    with pytest.raises(PictureError, match=r"ending in \.svg"):
        picture.save(tmp_path / "thirteen.png")
    assert picture == plot.place_values(13, format="svg") != plot.place_values(12, format="svg")


def test_a_mixmath_game_draws_in_every_picture() -> None:
    game = play_first(Mixmath(players=2, seed=1), 3)
    for draw in (plot.board, plot.scores):
        parse(draw(game, format="svg"))
