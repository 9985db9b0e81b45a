"""Property tests over random games (seeded): every chip is conserved, undo restores the
exact state at every ply, and save → load → save is identical at every ply."""

from __future__ import annotations

import random
from collections import Counter
from itertools import islice

import pytest

import mathplay
from mathplay.games.binary import Binary, chip_set
from mathplay.games.binary.movegen import generate_moves


def chips_in_play(g: Binary) -> Counter[str]:
    counts = Counter("?" if token.startswith("?") else token for _, token in g.board.filled())
    for hand in g.hands:
        counts.update(hand)
    counts.update(g._pos.bag.tiles)
    return counts


def random_turn(g: Binary, rng: random.Random) -> str:
    """A random legal turn: mostly a line move (from the first moves the generator
    finds, to keep the test quick), sometimes an exchange or a pass."""
    roll = rng.random()
    if roll < 0.05:
        return "pass"
    hand = g.hands[g.to_move]
    if roll < 0.12 and g.bag_size >= 9:
        return "exchange " + " ".join(rng.sample(hand, rng.randint(1, len(hand))))
    moves = list(islice(generate_moves(g), 400))
    if not moves:
        return "exchange " + hand[0] if g.bag_size >= 9 else "pass"
    best = max(moves, key=lambda m: m.score or 0)
    return str(best if rng.random() < 0.5 else rng.choice(moves))


SEEDS = list(range(10))


@pytest.mark.slow
@pytest.mark.parametrize("seed", SEEDS)
def test_b1_b5_random_games_conserve_chips_undo_and_save(seed: int) -> None:
    rng = random.Random(seed)
    options = [
        {},
        {"xor": True},
        {"order": "left-to-right"},
        {"banned_identities": ("x1", "+0", "AND 1")},
        {"players": 3, "bonus": "log2"},
    ][seed % 5]
    g = Binary(seed=seed, **options)  # type: ignore[arg-type]
    full = Counter(chip_set(g.options.xor))
    plies = 0
    while not g.is_over and plies < 60:
        assert chips_in_play(g) == full
        key, saved = g.state_key(), g.save()
        loaded = mathplay.load(saved)
        assert loaded.save() == saved and loaded.state_key() == key
        turn = random_turn(g, rng)
        score = g.play(turn)
        assert score >= 0
        assert g.history[-1].move == turn
        after = g.state_key()
        g.undo()
        assert g.state_key() == key and g.save() == saved
        assert g.play(turn) == score and g.state_key() == after
        plies += 1
    assert chips_in_play(g) == full
    saved = g.save()
    assert mathplay.load(saved).save() == saved
    if g.is_over:
        assert g.outcome is not None and g.legal_moves() == []
    # undo all the way back to the deal
    while g.history:
        g.undo()
    assert g.save() == Binary(seed=seed, **options).save()  # type: ignore[arg-type]


def test_b5_some_random_games_end() -> None:
    ended = 0
    for seed in range(100, 104):
        rng = random.Random(seed)
        g = Binary(seed=seed)
        while not g.is_over and g.ply < 120:
            g.play(random_turn(g, rng))
        ended += g.is_over
        if g.is_over:
            assert g.outcome is not None
            assert sum(g.scores) <= sum(h.score for h in g.history)
    assert ended >= 2
