"""legal_moves() is exact (B2–B4): it equals a brute-force reference on small hands."""

from __future__ import annotations

import pytest

import mathplay
from mathplay.games.binary import Binary
from mathplay.games.binary.sides import side_value

from .helpers import EMPTY, diagram, game
from .reference import brute_force_moves

BASE = "E8 across 1 + 1 = 10"

CASES = [
    ("empty board", (), "1 + = 0", {}),
    ("empty board, NOT", (), "NOT 1 = 0", {}),
    ("extend 1+1=10", (BASE,), "1 0 = 0", {}),
    ("extend with operators", (BASE,), "+ 1 x", {}),
    ("crossing lines", (BASE, "G6 down 1 + 1 = 10"), "1 0 = -", {}),
    ("a chain with two =", ("B8 across 1 + 1 = 10 = 11 - 1",), "= 1 0 1", {}),
    ("near the edge", ("A1 across 1 = 1 + 0", "A1 down 1 = NOT 0"), "1 0 AND =", {}),
    ("left-to-right", (BASE,), "x 1 + 1", {"order": "left-to-right"}),
    ("xor", (BASE,), "XOR 1 0 =", {"xor": True}),
    ("banned fragments", (BASE,), "x 1 + 0", {"banned_identities": ("x1", "+0", "OR 0")}),
    ("blank", (BASE,), "? 1 =", {}),
    ("blank on an empty board", (), "? 1 =", {"xor": True}),
    ("two blanks", (BASE,), "? ? 0", {}),
    ("old blanks on the board", ("E8 across 1 ?+ 1 = ?10",), "1 = 0 ?", {}),
]


@pytest.mark.slow
@pytest.mark.parametrize("name, lines, hand, options", CASES, ids=[c[0] for c in CASES])
def test_b3_legal_moves_equal_the_brute_force_reference(
    name: str, lines: tuple[str, ...], hand: str, options: dict[str, object]
) -> None:
    g = game(*lines, hands=(hand,), **options)
    fast = [f"{move} {move.score}" for move in g.legal_moves()]
    assert len(fast) == len(set(fast)), "a move is listed twice"
    assert set(fast) == brute_force_moves(g)


def test_b3_a_blank_move_is_listed_once_per_chip_it_may_stand_for() -> None:
    g = Binary.from_diagram(EMPTY, hands=["1 + ? = 1 0"])
    texts = {str(move) for move in g.legal_moves()}
    # three 1s are needed and the hand has two: the blank is one of them, anywhere
    assert {"H8 across 1 + ?1 = 10", "H8 across ?1 + 1 = 10", "H8 across 1 + 1 = ?10"} <= texts
    assert "H8 across 1 + 1 = 10" not in texts
    g = game(BASE, hands=("? 0 0",))
    ends = {str(m) for m in g.legal_moves() if str(m).startswith("E8 across 1 + 1 = 10 ?")}
    # after "= 10", the blank then a 0: every operator X with 10 X 0 = 10, each listed once
    assert ends == {
        "E8 across 1 + 1 = 10 ?+ 0",
        "E8 across 1 + 1 = 10 ?- 0",
        "E8 across 1 + 1 = 10 ?OR 0",
    }


def test_b3_every_listed_move_plays_for_its_score() -> None:
    g = game(BASE, "G6 down 1 + 1 = 10", hands=("1 0 = + 1 AND NOT 0 1",))
    moves = g.legal_moves()
    assert len(moves) > 1000
    scores = [move.score or 0 for move in moves]
    assert scores == sorted(scores, reverse=True)  # best first
    for move in moves[:: max(1, len(moves) // 60)]:
        twin = g.copy()
        assert twin.play(str(move)) == move.score
        twin.undo()
        assert twin.play(move) == move.score


def test_b3_no_moves_without_an_equals_sign_to_use() -> None:
    assert Binary.from_diagram(EMPTY, hands=["1 + 1 0"]).legal_moves() == []
    g = Binary.from_diagram(diagram("H8 across 1"), hands=["1 + 1 0"])
    assert g.legal_moves() == []


@pytest.mark.parametrize("order", ["math", "left-to-right"])
def test_b2_side_value_agrees_with_the_checker(order: str) -> None:
    import random

    rng = random.Random(order)
    ops = ["+", "-", "x", "/", "AND", "OR", "XOR"]
    for _ in range(2000):
        size = rng.randint(1, 4)
        numbers = [rng.randint(0, 9) for _ in range(size)]
        chosen = [rng.choice(ops) for _ in range(size - 1)]
        text = " ".join(
            [format(numbers[0], "b")]
            + [f"{op} {format(n, 'b')}" for op, n in zip(chosen, numbers[1:])]
        )
        value = side_value(numbers, chosen, order)
        try:
            expected = int(mathplay.evaluate(text, base=2, order=order))
        except mathplay.ExpressionError:
            expected = None
        assert value == expected, text


def test_b3_the_issue_example_move_is_listed() -> None:
    g = Binary.from_diagram(EMPTY, hands=["1 0 1 AND 1 = 1 0 0"], to_move=0)
    moves = {str(move): move.score for move in g.legal_moves()}
    # 1 0 1 AND 1(L8, double letter) = 1 → 8, bonus 1, H8 double word
    assert moves["H8 across 101 AND 1 = 1"] == (8 + 1) * 2
    assert g.play("H8 across 101 AND 1 = 1") == moves["H8 across 101 AND 1 = 1"]


@pytest.mark.slow
@pytest.mark.parametrize("seed", [3, 8])
def test_b3_legal_moves_equal_the_reference_in_played_positions(seed: int) -> None:
    """Positions from seeded games (blanks on the board included), small hands."""
    import random

    rng = random.Random(seed)
    g = Binary(seed=seed)
    for _ in range(4):
        moves = g.legal_moves()
        g.play(moves[rng.randrange(min(3, len(moves)))] if moves else "pass")
    blanks_left = 3 - sum(token.startswith("?") for _, token in g.board.filled())
    for hand in ("= 1 0", "? 1 0" if blanks_left else "= NOT 1"):
        small = Binary.from_diagram(g.board.diagram(), hands=[hand], seed=seed)
        fast = {f"{move} {move.score}" for move in small.legal_moves()}
        assert fast == brute_force_moves(small)


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 3, 5, 8, 9, 15])  # seeds whose position has moves
def test_b3_legal_moves_equal_the_reference_on_random_boards(seed: int) -> None:
    """Random chips scattered on the board (old blanks too), random small hands, options."""
    import random

    rng = random.Random(seed)
    chips = ["0", "0", "1", "1", "1", "=", "=", "+", "-", "x", "AND", "OR", "NOT", "XOR", "?1"]
    rows = []
    for r in range(15):
        cells = []
        for c in range(15):
            near = abs(r - 7) <= 3 and abs(c - 7) <= 3
            cells.append(rng.choice(chips) if near and rng.random() < 0.25 else ".")
        rows.append(" ".join(cells))
    while sum(row.count("?") for row in rows) > 2:  # the set has three blanks
        index = next(i for i, row in enumerate(rows) if "?" in row)
        rows[index] = rows[index].replace("?", "", 1)
    hand = " ".join(rng.choice(["0", "1", "=", "+", "x", "NOT", "AND"]) for _ in range(2))
    hand += " ?" if seed % 2 else " 1"
    options = [{}, {"order": "left-to-right"}, {"banned_identities": ("x1", "+0")}, {}][seed % 4]
    g = Binary.from_diagram("\n".join(rows), hands=[hand], xor=True, **options)  # type: ignore[arg-type]
    fast = [f"{move} {move.score}" for move in g.legal_moves()]
    assert fast and len(fast) == len(set(fast))
    assert set(fast) == brute_force_moves(g)
