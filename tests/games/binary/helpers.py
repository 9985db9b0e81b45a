"""Helpers for the Binary tests: diagrams from lines, full boards, refused moves."""

from __future__ import annotations

from collections import Counter

import pytest

from mathplay.core import Grid, line_squares, split_line_move
from mathplay.errors import IllegalMoveError
from mathplay.games.binary import Binary, chip_set
from mathplay.games.binary.rules import read_hand, read_line

EMPTY = "\n".join([" ".join(["."] * 15)] * 15)


def diagram(*lines: str) -> str:
    """A 15×15 diagram with each ``"H8 across 1 + 1 = 10"`` line written on it."""
    grid = Grid(15)
    for line in lines:
        start, direction, text = split_line_move(line, 15)
        tokens = read_line(text)
        for square, token in zip(line_squares(start, direction, len(tokens)), tokens):
            grid[square] = token
    return grid.diagram()


def game(*lines: str, hands: tuple[str, ...] = ("1 0 = + 1 AND NOT 0 1",), **options) -> Binary:
    return Binary.from_diagram(diagram(*lines), hands=list(hands), **options)


def full_board_game(*lines: str, hands: tuple[str, ...], bag: int = 0, **options: object) -> Binary:
    """A position whose bag holds only ``bag`` chips: the rest of the set sits, unused,
    on rows 1–3 and 12–15 (far from row 8 where the tests play)."""
    grid = Grid.from_diagram(diagram(*lines))
    used = Counter(("?" if t.startswith("?") else t) for _, t in grid.filled())
    for hand in hands:
        used.update(read_hand(hand))
    rest = sorted((Counter(chip_set(bool(options.get("xor", False)))) - used).elements())
    spare = [(r, c) for r in (*range(0, 3), *range(11, 15)) for c in range(15)]
    keep = rest[: len(rest) - bag] if bag else rest
    assert len(keep) <= len(spare)
    for square, token in zip(spare, keep):
        grid[square] = "?0" if token == "?" else token
    return Binary.from_diagram(grid.diagram(), hands=list(hands), **options)  # type: ignore[arg-type]


def refused(g: Binary, move: str, rule: str, *words: str) -> IllegalMoveError:
    """Play ``move``, expect IllegalMoveError for ``rule``, and the game unchanged."""
    key, saved = g.state_key(), g.save()
    with pytest.raises(IllegalMoveError) as info:
        g.play(move)
    error = info.value
    assert error.rule == rule, str(error)
    assert f"({rule})" in str(error)
    for word in words:
        assert word in str(error), (word, str(error))
    assert g.state_key() == key
    assert g.save() == saved
    return error
