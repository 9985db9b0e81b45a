"""Property, over every registered game (plug-ins' too, ``docs/guide/plugins.md``): every
move the engine offers is one it accepts.

At every ply of seeded games (several option sets per game, ``OPTIONS`` in
``tools/legal_play_sweep.py``) every move ``legal_moves()`` lists is played and taken back
(a seeded sample when there are many) and must be accepted with the score it was listed
with, and every computer level (easy, greedy, strong, expert; strong only in Mixmath, as
elsewhere the expert is the strong player) must play its turn on a copy without a move
refused. Once a Summy position was one where this failed: the
easy player chose a listed sum that ``play()`` refused, and the game crashed.

The clocks of the players' searches are off (``clocks_off``), so nothing here depends on
how fast the machine is. The default run is small (about 20 s); the tool sweeps whole
games: ``python tools/legal_play_sweep.py --games 200``. Each test prints its counts
(``pytest -s``) and records them (``record_property``, in a JUnit report).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import mathplay
from mathplay import Summy
from mathplay.games.registry import game_names
from tests.ai.tools import load_tool

sweep = load_tool("legal_play_sweep")

CASES = Path(__file__).resolve().parent / "cases"
#: Plies checked in each game of the default run, and the listed moves played per ply:
#: every one in Summy and Mixmath (a play and an undo take under a millisecond), a
#: sample in Binary (thousands of moves a position).
PLIES = {"summy": 8, "mixmath": 16, "binary": 5}
SAMPLE = {"summy": 10_000, "mixmath": 10_000, "binary": 15}
#: Plies of a plug-in's game (every listed move played, as in Summy and Mixmath).
PLUGIN_PLIES = 12
BLANK_MOVES = 150
FIRST_SEED = 31


def run(name: str) -> Any:
    """One game of ``name`` for each of its option sets, ``PLIES[name]`` plies each."""
    totals = sweep.Counts()
    with sweep.clocks_off():
        for index, options in enumerate(sweep.OPTIONS[name]):
            counts = sweep.sweep_game(
                name,
                options,
                FIRST_SEED + index,
                plies=PLIES.get(name, PLUGIN_PLIES),
                sample=SAMPLE.get(name, 10_000),
                blank_moves=BLANK_MOVES,
            )
            print(f"{name} {options}: {counts.line()}")
            totals.add(counts)
    return totals


@pytest.mark.slow
@pytest.mark.parametrize("name", game_names())  # every registered game, plug-ins' too
def test_every_listed_move_and_every_levels_move_is_accepted(
    name: str, record_property: Callable[[str, object], None]
) -> None:
    counts = run(name)
    print(f"{name} in all: {counts.line()}")
    record_property("legal_play", counts.line())
    assert counts.failures == []
    sets = len(sweep.OPTIONS[name])
    assert counts.games == sets
    # The sweep did look: a position a ply, every level at each, listed moves played.
    assert counts.positions >= sets * 5
    per_position = len(sweep.LEVELS) - (name != "mixmath")  # strong is the expert there
    assert counts.player_turns == per_position * counts.positions
    if SAMPLE.get(name, 10_000) >= 10_000:
        assert counts.moves_checked == counts.listed
    else:
        assert counts.positions <= counts.moves_checked <= counts.listed


def issue31_game() -> Summy:
    game = mathplay.load((CASES / "summy-S3-illegal-seed70062.json").read_text())
    assert isinstance(game, Summy)
    return game


def test_the_issue31_endgame_is_swept_to_its_end() -> None:
    # From that position (the stock empty) to the end of the game: the
    # position the easy player crashed in, and every one after it.
    game = issue31_game()
    with sweep.clocks_off():
        counts = sweep.sweep_position(game, "whole line", 70062, sample=1000)
    print(f"whole-line endgame: {counts.line()}")
    assert counts.failures == []
    assert game.is_over and counts.positions >= 2
    assert counts.moves_checked == counts.listed  # every listed move, not a sample


def test_the_sweep_reports_a_listed_move_that_play_refuses(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The checker itself: a generator listing that sum again (a line already
    # whole on the table) is caught, as a listed move refused and as the easy player's
    # crash, and the failure names the position and the move.
    game = issue31_game()
    bad = game.parse_move("I2 down 8-0=8")
    real = Summy.legal_moves

    def with_the_old_bug(self: Summy) -> list[Any]:
        return [*real(self), bad]

    monkeypatch.setattr(Summy, "legal_moves", with_the_old_bug)
    counts = sweep.Counts()
    with sweep.clocks_off():
        sweep.check_listed(game, game.legal_moves(), counts, "whole line ply 19")
        assert any(
            "listed I2 down 8-0=8 refused" in failure and "S3" in failure
            for failure in counts.failures
        )
        monkeypatch.setattr(sweep, "LEVELS", ("easy",))
        monkeypatch.setattr(
            "mathplay.ai.search.summy_moves", lambda game, budget: game.legal_moves()
        )
        sweep.check_levels(game, 0, counts, "whole line ply 19")
    assert any("easy crashed: IllegalMoveError" in failure for failure in counts.failures)


def test_a_sample_keeps_the_ends_and_the_best_and_is_seeded() -> None:
    import random

    class Move:
        def __init__(self, score: int) -> None:
            self.score = score

    moves = [Move(score) for score in [3, 9, 1, 7, 2, 8, 5, 4, 6, 0]]
    first = sweep.sample_moves(moves, 6, random.Random(5))
    assert len(first) == 6
    assert {moves[0], moves[-1], moves[1], moves[5], moves[3]} <= set(first)
    assert first == sweep.sample_moves(moves, 6, random.Random(5))
    assert sweep.sample_moves(moves, 20, random.Random(5)) == moves
