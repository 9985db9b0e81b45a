"""``Summy.legal_moves()`` is exact: checked against hand-worked positions and against
the brute-force generator in ``reference.py`` (S2–S4)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import mathplay
from mathplay import IllegalMoveError, Summy
from mathplay.ai import make_player, search
from tests.games.summy.reference import brute_force_moves
from tests.games.summy.test_rules import EMPTY9, SUM9, table


def listed(game: Summy) -> set[str]:
    moves = game.legal_moves()
    texts = [f"{m} {m.score}" for m in moves]
    assert len(texts) == len(set(texts)), "a move is listed twice"
    return set(texts)


def test_hand_worked_first_move() -> None:
    game = Summy.from_diagram(EMPTY9, hands=["12+3"], to_move=0)
    assert listed(game) == {
        "B5 across 1+2=3 6",
        "B5 across 2+1=3 6",
        "E2 down 1+2=3 6",
        "E2 down 2+1=3 6",
    }


def test_hand_worked_sum_through_two_blocks_on_the_table() -> None:
    # Two down sums leave a 4 at C5 and a 2 at E5 in row 5, with one square between them.
    diagram = table(
        (3, ". . 1 . 1 . . . ."),
        (4, ". . x . x . . . ."),
        (5, ". . 4 . 2 . . . ."),
        (6, ". . = . = . . . ."),
        (7, ". . 4 . 2 . . . ."),
    )
    game = Summy.from_diagram(diagram, hands=["x=8"], to_move=0)
    moves = listed(game)
    assert "C6 across 4x2=8 14" in moves  # uses C6 and E6 from the table


def test_every_listed_move_is_playable_and_scores_what_it_says() -> None:
    game = Summy(players=2, seed=11, size=11)
    for move in game.legal_moves()[:20]:
        copy = game.copy()
        assert copy.play(str(move)) == move.score


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(8))
def test_matches_brute_force_on_small_tables(seed: int) -> None:
    rng = random.Random(seed)
    game = Summy(players=2, seed=seed, size=9, hand_size=5)
    compared = 0
    for _ in range(8):
        if game.is_over:
            break
        assert listed(game) == brute_force_moves(game)
        compared += 1
        moves = game.legal_moves()
        if moves:
            game.play(rng.choice(moves))
        else:
            game.play("discard " + "".join(game.hands[game.to_move][:2]))
    assert compared >= 3


@pytest.mark.slow
def test_matches_brute_force_on_a_busy_hand_worked_table() -> None:
    diagram = table(
        (2, ". . . . 6 . . . ."),
        (3, ". . . . : . . . ."),
        (4, ". . 3 + 3 = 6 . ."),
        (5, ". . . . = . . . ."),
        (6, ". . . . 2 . . . ."),
    )
    game = Summy.from_diagram(diagram, hands=["12+x=0", "5"], to_move=0)
    assert listed(game) == brute_force_moves(game)
    assert len(game.legal_moves()) > 5


def test_number_limits_read_the_squares_after_equals() -> None:
    from mathplay.games.summy.movegen import _number_limits

    # An operator just after '=': no number can follow, whatever the hand.
    assert (
        _number_limits(("x", None, None), free=7, hand_digits=5, need_table=False)
        == ((0,) * 6,) * 8
    )
    # '4', three free squares, '8': 4 alone needs no block, 4d one digit, 4dd two; 4ddd
    # would touch the 8 (not the whole line), so three digits make 4ddd8, below 49999.
    limits = _number_limits(("4", None, None, None, "8", None), 3, 3, False)
    assert limits[0] == (5, 50, 500, 49999)
    assert limits[3] == (5, 5, 5, 5)  # no block left for the number: only 4
    # A leading 0 allows only the number 0.
    assert _number_limits(("0", None, None), 2, 2, False)[0] == (1, 1, 1)
    # All blocks before '=' come from the hand: the number must cover a table block.
    assert _number_limits((None, None, None), 2, 2, True) == ((0, 0, 0),) * 3


# --- a true line already whole on the table ----------------------
CASES = Path(__file__).resolve().parent.parent / "cases"


def issue31_game() -> Summy:
    """Seed 70062 at 15×15, ``first_hand="playable"``, just before ply 19: side contacts
    have left ``8-0=8`` whole in column I (I2–I6) without anyone having made it a sum."""
    game = mathplay.load((CASES / "summy-S3-illegal-seed70062.json").read_text())
    assert isinstance(game, Summy)
    return game


def test_issue31_a_line_wholly_on_the_table_is_not_listed() -> None:
    # S3: a sum contains at least one placed block, so a true line that is already whole
    # on the table (made by side contacts, never played as a sum) is no move.
    game = issue31_game()
    column = [game.board[(row, 8)] for row in range(1, 6)]
    assert "".join(t or "." for t in column) == "8-0=8"
    assert "I2 down 8-0=8" not in {str(move) for move in game.legal_moves()}
    with pytest.raises(IllegalMoveError, match="already on the table"):
        game.copy().play("I2 down 8-0=8")
    for move in game.legal_moves():
        assert game.copy().play(move) == move.score


def test_issue31_every_listed_move_places_a_block() -> None:
    game = issue31_game()
    assert all(move.placed for move in game.legal_moves())


def test_issue31_the_easy_player_no_longer_crashes(monkeypatch: pytest.MonkeyPatch) -> None:
    # The crash as reported: the easy player, search clocks off, at ply 19.
    monkeypatch.setattr(search, "SECONDS", None)
    game = issue31_game()
    ply = game.ply
    played = make_player("easy", seed=0).play_turn(game)
    assert game.ply == ply + 1 and len(played) == 1
    assert game.legal_moves() == [] or played[0] != "I2 down 8-0=8"


def test_a_true_line_left_whole_by_side_contacts_is_not_a_move() -> None:
    # The same thing on a small hand-made table: 3+4=7 across stands on the table but is
    # not a sum (a save may say so: only the sums it lists are sums). The hand could add
    # nothing to it, and the line alone is no move.
    game = Summy.from_diagram(SUM9, hands=["12"], to_move=0)
    data = json.loads(game.save())
    data["start"]["sums"] = []
    bare = mathplay.load(json.dumps(data))
    assert isinstance(bare, Summy) and bare.sums == ()
    assert "C5 across 3+4=7" not in {str(move) for move in bare.legal_moves()}
    assert all(move.placed for move in bare.legal_moves())
