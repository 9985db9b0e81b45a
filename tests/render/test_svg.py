from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from mathplay import MathplayError
from mathplay.core import Grid
from mathplay.games.binary import Binary
from mathplay.games.mixmath import Mixmath
from mathplay.games.summy import Summy
from mathplay.render.svg import board_svg
from tests.render.helpers import (
    FakeGame,
    LaidOutBinary,
    LaidOutMixmath,
    play_first,
    small_summy,
)

NS = {"svg": "http://www.w3.org/2000/svg"}


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def shown_texts(root: ET.Element) -> list[str]:
    return [t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text")]


def test_a_game_shows_itself_as_svg():
    game = small_summy()
    svg = game._repr_svg_()
    root = parse(svg)  # well-formed XML
    assert root.get("role") == "img"
    assert "Summy board, 9×9" in root.get("aria-label")
    assert root.find("svg:title", NS).text.startswith("Summy board, 9×9")
    texts = shown_texts(root)
    for label in ("TW", "DW", "2×"):  # specials not covered by a tile
        assert label in texts
    for value in ("1", "×", "3", "+", "4", "=", "7"):
        assert value in texts
    assert "÷" not in texts  # the divide square at C3 is under a tile now


def test_every_special_kind_is_labelled_and_coloured():
    svg = board_svg(LaidOutMixmath(players=2, seed=1))
    texts = shown_texts(parse(svg))
    for label in ("2×", "3×", "+", "−", "×", "÷"):
        assert label in texts
    assert texts.count("3×") == 12
    binary = shown_texts(parse(board_svg(LaidOutBinary(players=2, seed=1))))
    assert {"DL", "TL", "DW", "TW"} <= set(binary)


def test_tiles_and_specials_have_accessible_titles():
    root = parse(board_svg(small_summy()))
    titles = [t.text for t in root.iter("{http://www.w3.org/2000/svg}title")]
    assert "C7: tile 3, last move" in titles
    assert "A1: triple word square" in titles
    assert "E5: tile 4" in titles


def test_the_last_move_is_outlined_and_hatched():
    svg = board_svg(small_summy())
    assert svg.count('fill="url(#mathplay-last-light)"') == 4
    assert board_svg(small_summy(), last_move=False).count("url(#mathplay-last") == 0
    dark = board_svg(small_summy(), theme="dark")
    assert dark.count('fill="url(#mathplay-last-dark)"') == 4


def test_text_is_escaped():
    grid = Grid.from_diagram("< &\n. >")
    root = parse(board_svg(grid))
    assert {"<", "&", ">"} <= set(shown_texts(root))


@pytest.mark.parametrize("game_type", [Summy, Mixmath, Binary])
def test_every_game_draws_after_a_few_moves(game_type):
    game = play_first(game_type(players=2, seed=2), 2)
    root = parse(game._repr_svg_())
    texts = shown_texts(root)
    for _square, token in game.board.filled():
        shown = {"-": "−", "x": "×"}.get(token.lstrip("?"), token.lstrip("?"))
        assert shown in texts
    specials = game.special_squares
    for square, kind in specials.items():
        if game.board[square] is None:
            assert kind.label in texts


def test_a_game_like_object_and_sizes():
    svg = board_svg(FakeGame(), size_px=200)
    root = parse(svg)
    assert root.get("width") == "200"
    assert "TW" in shown_texts(root) and "÷" in shown_texts(root)
    assert 'stroke-dasharray="2 2"' in svg  # the blank ?1
    for bad in (10, 5000, 300.5, True):
        with pytest.raises(MathplayError, match="size_px"):
            board_svg(FakeGame(), size_px=bad)


def test_the_engine_and_the_svg_boards_never_import_matplotlib():
    code = (
        "import sys\n"
        "from mathplay.games.summy import Summy\n"
        "from mathplay.games.mixmath import Mixmath\n"
        "from mathplay.games.binary import Binary\n"
        "import mathplay.render\n"
        "svg = Summy(players=2, seed=1, size=9)._repr_svg_()\n"
        "assert svg.startswith('<svg'), svg[:20]\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'matplotlib'))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert done.stdout.strip() == "[]"
