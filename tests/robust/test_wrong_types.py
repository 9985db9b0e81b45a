"""Wrong-typed arguments, odd seeds and control characters get a clear
mathplay error naming the input, never a raw Python error, and change nothing."""

from __future__ import annotations

import subprocess
import sys

import pytest

import mathplay
from mathplay.errors import MathplayError
from mathplay.games.summy import Summy


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: mathplay.check("1+1=2", order=[]), "order must be 'math' or 'left-to-right'"),
        (lambda: mathplay.Binary(banned_identities=None), "banned_identities is a list"),
        (lambda: Summy.from_diagram(5, hands=["12"]), "a diagram is text"),
        (lambda: mathplay.play("summy", sise=9), "has no option 'sise'.*Did you mean size"),
        (lambda: mathplay.Summy(seed=1, size=9).hint(using=5), "using is a tile"),
        (lambda: mathplay.Summy(seed=1, size=9).best_moves(where=5), "where is a function"),
        (lambda: mathplay.Binary(seed=1).best_moves(where=5), "where is a function"),
        (lambda: mathplay.Summy(seed=10**5000), "a seed is a whole number or a short text"),
        (lambda: mathplay.Summy(seed=True), "a seed is a whole number or a short text, not True"),
        (lambda: mathplay.Mixmath(seed=2.5), "not 2.5"),
    ],
)
def test_wrong_typed_arguments_are_refused_by_name(call: object, message: str) -> None:
    with pytest.raises(MathplayError, match=message):
        call()  # type: ignore[operator]


def test_to_move_must_be_a_whole_number_of_a_player() -> None:
    rows = "\n".join(" ".join("=" if (r, c) == (4, 4) else "." for c in range(9)) for r in range(9))
    with pytest.raises(MathplayError, match="to_move must be a player from 0 to 1, not '0'"):
        Summy.from_diagram(rows, hands=["12", "3"], to_move="0")  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", ["class-3a", "Year 6, group B", 12, 10**90])
def test_text_and_number_seeds_play_and_load(seed: object) -> None:
    for make in (mathplay.Summy, mathplay.Mixmath, mathplay.Binary):
        game = make(seed=seed) if make is not mathplay.Summy else make(seed=seed, size=9)  # type: ignore[operator]
        again = make(seed=seed) if make is not mathplay.Summy else make(seed=seed, size=9)  # type: ignore[operator]
        assert game.state_key() == again.state_key()  # the same seed deals the same game
        loaded = mathplay.load(game.save())
        assert loaded.seed == seed and loaded.state_key() == game.state_key()


def test_a_text_seed_also_seeds_the_computer_seats() -> None:
    board = mathplay.play("summy", seed="class-3a", size=9, threaded=False)
    assert board.game.ply >= 0 and "could not move" not in board.message


def test_a_control_character_is_shown_as_an_escape() -> None:
    with pytest.raises(mathplay.ExpressionError) as caught:
        mathplay.check("1+\x00=2")
    assert "\x00" not in str(caught.value) and "\\x00" in str(caught.value)


def test_the_demo_refuses_a_bad_size_before_printing_anything() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "mathplay", "demo", "--size", "8"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert "size must be an odd whole number" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"kind": "missing", "level": True}, "have levels"),
        ({"kind": "missing", "level": "1"}, "have levels"),
        ({"kind": "missing", "level": 1, "n": "3"}, "make 1 to 1000 puzzles"),
        ({"kind": 5, "level": 1}, "unknown kind"),
        ({"kind": "missing", "level": 1, "seed": "x"}, "the seed is a whole number"),
    ],
)
def test_the_generator_refuses_wrong_types_by_name(options: dict, message: str) -> None:
    from mathplay.puzzles.generate import GenerateError, generate

    with pytest.raises(GenerateError, match=message):
        generate(**options)
