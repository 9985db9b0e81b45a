"""A closed widget is freed in the kernel: before, anywidget kept every board
(its ``_esm`` given as a path connects each widget to the file's change signal: about
0.8 MiB for a Mixmath board with computers), and a closed puzzle set left its eleven
parts open."""

from __future__ import annotations

import gc
import threading
import weakref
from pathlib import Path
from typing import Any

import pytest

from mathplay.widgets import play
from mathplay.widgets.boards import BOARDS
from mathplay.widgets.closing import parts_of
from mathplay.widgets.practice import Practice
from mathplay.widgets.puzzle_set import PuzzleSet


def _freed(reference: weakref.ref[Any]) -> bool:
    for thread in threading.enumerate():  # a computer thinking holds its board until done
        if thread.name in ("mathplay-computer", "mathplay-search"):
            thread.join(60)
    gc.collect()
    return reference() is None


@pytest.mark.parametrize("game", list(BOARDS))  # every board, plug-ins' too
def test_a_closed_board_is_freed(game: str) -> None:
    board = play(game)
    reference = weakref.ref(board)
    board.close()
    del board
    assert _freed(reference)


@pytest.mark.parametrize("make", [
    lambda log: PuzzleSet("arithmetic", only=[1, 2], log=log),
    lambda log: Practice("convert", 1, log=log),
])  # fmt: skip
def test_a_closed_page_closes_its_parts_and_is_freed(make: Any, tmp_path: Path) -> None:
    page = make(tmp_path / "ana.jsonl")
    parts = list(parts_of(page))
    assert len(parts) > 5 and all(part.comm is not None for part in parts)
    reference = weakref.ref(page)
    page.close()
    assert [type(part).__name__ for part in parts if part.comm is not None] == []
    del page, parts
    assert _freed(reference)
