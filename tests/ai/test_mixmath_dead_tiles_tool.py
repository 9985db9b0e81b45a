"""tools/mixmath_dead_tiles.py: what a Mixmath tile that fits nowhere turns out to be worth."""

from __future__ import annotations

from mathplay.core.state import HistoryEntry
from tests.ai.tools import load_tool


def test_a_followed_tile_ends_placed_exchanged_or_left() -> None:
    tool = load_tool("mixmath_dead_tiles")
    history = [
        HistoryEntry(0, "F7 3", 3),
        HistoryEntry(1, "G9 49", 98),  # the other player's 49 is another story
        HistoryEntry(0, "end", 0),
        HistoryEntry(0, "H9 49", 49),
        HistoryEntry(0, "exchange 81 3", 0),
    ]
    assert tool.outcome(history, 0, 49, 0, []) == ("placed", 49)
    assert tool.outcome(history, 0, 81, 0, []) == ("exchanged", 0)
    assert tool.outcome(history, 0, 90, 0, ["90"]) == ("left", -90)
    assert tool.outcome(history, 0, 49, 4, []) == ("gone", 0)  # only what follows counts
    assert tool.band(49, tool.SIZES) == "41-60" and tool.band(0, tool.BAGS) == "0"


def test_a_short_run_follows_heavy_tiles_only() -> None:
    tool = load_tool("mixmath_dead_tiles")
    rows = tool.measure("greedy", games=1, seed=40000)
    assert rows and all(tile > 10 for tile, _bag, _how, _worth in rows)
    for tile, _bag, how, worth in rows:
        assert how in ("placed", "exchanged", "left", "gone")
        expected = {"left": -tile, "exchanged": 0, "gone": 0}.get(how)
        assert worth >= 0 if how == "placed" else worth == expected
    assert len(tool.table(rows)) > 1
