"""``Binary.best_moves``: the best few moves found without listing every move.

The pruned search must give exactly what filtering ``legal_moves()`` gives (the same
moves, in the same order), since hints and the greedy player rely on it; it must also
actually leave moves out, or it is no faster."""

from __future__ import annotations

import random

import pytest

from mathplay import Binary, Summy
from mathplay.ai import make_player
from mathplay.core import top_scoring
from mathplay.games.binary.movegen import ScoreFloor, generate_moves


def _listed(moves: list) -> list[tuple[str, int]]:
    return [(str(move), move.score) for move in moves]


def _position(seed: int, turns: int, blanks: int = 0) -> Binary:
    """A seeded game after ``turns`` turns (a move from the best three each time), with
    the first ``blanks`` chips of the hand to move made blanks."""
    rng = random.Random(seed)
    g = Binary(seed=seed)
    for _ in range(turns):
        moves = g.legal_moves()
        g.play(moves[rng.randrange(min(3, len(moves)))] if moves else "pass")
    hand = list(g._pos.hands[g.to_move])
    hand[:blanks] = ["?"] * blanks
    return Binary.from_diagram(g.board.diagram(), hands=[" ".join(hand)], seed=seed)


# First moves on the empty board (where every line runs through the centre) and played
# positions, some with a blank in the hand.
POSITIONS = [(8, 0, 0), (11, 0, 0), (13, 0, 1), (15, 0, 0), (36, 0, 0), (3, 4, 0), (5, 3, 1)]


@pytest.mark.slow
@pytest.mark.parametrize(("seed", "turns", "blanks"), POSITIONS)
@pytest.mark.parametrize("n", [1, 3, 10])
def test_best_moves_equal_the_best_of_legal_moves(
    seed: int, turns: int, blanks: int, n: int
) -> None:
    g = _position(seed, turns, blanks)
    expected = top_scoring(g.legal_moves(), n)
    assert expected, "the position should have moves"
    assert _listed(g.best_moves(n)) == _listed(expected)


@pytest.mark.parametrize(("seed", "turns", "blanks"), POSITIONS[:4])
def test_filtered_best_moves_equal_the_filtered_best(seed: int, turns: int, blanks: int) -> None:
    g = _position(seed, turns, blanks)

    def uses_or(move) -> bool:
        return "OR" in move.tokens

    expected = top_scoring([m for m in g.legal_moves() if uses_or(m)], 2)
    assert _listed(g.best_moves(2, where=uses_or)) == _listed(expected)


def test_best_moves_of_nothing() -> None:
    g = _position(8, 0)
    assert g.best_moves(0) == []
    assert g.best_moves(3, where=lambda move: False) == []


def test_a_score_floor_leaves_out_most_moves() -> None:
    """With the floor at the best score, far fewer moves are even written out, and the
    best ones are all still there."""
    g = _position(13, 0, blanks=1)
    every = list(generate_moves(g))
    top = max(move.score for move in every)
    pruned = list(generate_moves(g, ScoreFloor(top)))
    assert len(pruned) < len(every) / 10
    assert {str(m) for m in pruned if m.score == top} == {str(m) for m in every if m.score == top}


def test_without_a_floor_the_generator_lists_every_move() -> None:
    g = _position(3, 4)
    assert len(list(generate_moves(g, ScoreFloor()))) == len(list(generate_moves(g)))


def test_summy_best_moves_filter_its_legal_moves() -> None:
    """Games without a faster search use the shared one: the same contract."""
    g = Summy(players=2, seed=1)
    make_player("greedy", seed=1).play_turn(g)
    make_player("greedy", seed=2).play_turn(g)
    assert len(g.legal_moves()) > 3
    expected = top_scoring(g.legal_moves(), 3)
    assert _listed(g.best_moves(3)) == _listed(expected)
    assert all(move.score >= expected[-1].score for move in g.best_moves(3))


@pytest.mark.parametrize("n", [-1, 1.5, "3", True])
def test_a_count_that_is_not_a_whole_number_is_refused_by_name(n: object) -> None:
    from mathplay.errors import MathplayError

    for g in (_position(8, 0), Summy(players=2, seed=1)):
        before = g.save()
        with pytest.raises(MathplayError, match=f"whole number of at least 0, not {n!r}"):
            g.best_moves(n)  # type: ignore[arg-type]
        assert g.save() == before
