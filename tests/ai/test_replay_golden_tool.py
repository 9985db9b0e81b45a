"""tools/replay_golden.py plays the same seeded games every time (it is the check that a
refactor of the players changes no move)."""

from __future__ import annotations

from tests.ai.tools import load_tool


def test_a_seeded_game_with_hints_comes_out_the_same_twice() -> None:
    tool = load_tool("replay_golden")
    for name in ("summy", "mixmath", "binary"):
        options = tool.GAMES[name][0]
        first = tool.play(name, options, 1, ("medium", "hard"), 4)
        assert len(first["moves"]) >= 4 and len(first["hints"]) == 4, name
        assert tool.play(name, options, 1, ("medium", "hard"), 4) == first
