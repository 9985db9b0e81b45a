"""tools/mixmath_carry.py: do the tiles a Mixmath player carries over still fit? (#6)"""

from __future__ import annotations

from tests.ai.tools import load_tool


def test_carried_tiles_are_the_rack_minus_what_was_placed_or_exchanged() -> None:
    tool = load_tool("mixmath_carry")
    assert tool.carried_after(["3", "7", "81", "?"], ["F7 3", "draw", "G9 ?16", "end"]) == [
        "7",
        "81",
    ]
    assert tool.carried_after(["3", "7", "81"], ["exchange 81 3"]) == ["7"]
    assert tool.carried_after(["5", "5"], ["pass"]) == ["5", "5"]


def test_a_short_run_counts_each_rack_tile_once() -> None:
    tool = load_tool("mixmath_carry")
    counts = tool.measure(seed=1001, games=1)
    assert set(counts) == {"greedy", "random"}
    for fit, carried, fresh_fit, fresh in counts.values():
        assert 0 <= fit <= carried and 0 <= fresh_fit <= fresh
        assert carried + fresh > 0
