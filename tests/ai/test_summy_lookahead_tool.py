"""tools/summy_lookahead.py: what looking one turn ahead is worth against greedy (#6)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from mathplay.ai import make_player
from mathplay.tournament import new_game
from tests.ai.tools import load_tool


@pytest.fixture(scope="module")
def position() -> Any:
    game = new_game("summy", 3001, size=13)
    players = [make_player("greedy", seed=k) for k in range(2)]
    for _ in range(3):
        players[game.to_move].play_turn(game)
    assert game.legal_moves()
    return game


@pytest.mark.slow
@pytest.mark.parametrize("opponent", [False, True])
def test_the_gain_is_measured_against_greedys_own_sum(position: Any, opponent: bool) -> None:
    tool = load_tool("summy_lookahead")
    before = position.state_key()
    record = tool.measure_position(position, random.Random(0), fills=2, opponent=opponent)
    assert position.state_key() == before  # the position is only copied
    rows = record["rows"]
    assert 2 <= len(rows) <= tool.CANDIDATES
    assert rows[0][0] == max(move.score for move in position.legal_moves())  # greedy first
    picked = max(range(len(rows)), key=lambda i: rows[i][0] + rows[i][1])
    assert record["changed"] == (picked != 0)
    assert record["gain"] == pytest.approx(
        rows[picked][0] + rows[picked][2] - rows[0][0] - rows[0][2]
    )
    if opponent:  # the opponent's best replies count against the sum
        assert all(row[1] <= 0 and row[2] <= 0 for row in rows)
    else:
        assert all(row[1] >= 0 and row[2] >= 0 for row in rows)
