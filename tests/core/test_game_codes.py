"""A game as a code two pupils send each other (no server): only the game, its options,
its seed and its moves; it round-trips, every move is replayed through the engine on
opening, a code is short enough to read out, and a code that was changed (its check
letters recomputed or not) is refused in words, never a crash or a hang."""

from __future__ import annotations

import contextlib
import json
import random
import time
import zlib
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mathplay
from mathplay.ai import make_player
from mathplay.core.codes import (
    ALPHABET,
    CODECS,
    MAX_MOVES,
    BitWriter,
    _check,
    _encode,
    _write_option,
    _write_seed,
    _written,
    from_code,
    game_code,
)
from mathplay.errors import MathplayError, SaveFileError
from mathplay.games import Binary, Mixmath, Summy

#: The games as a board deals them (``mathplay.widgets.boards``: a seed below a million,
#: Summy 15×15 with playable first hands by default).
GAMES: dict[str, Callable[[int], Any]] = {
    "summy 9": lambda seed: Summy(players=2, seed=seed, size=9, first_hand="playable"),
    "summy 15": lambda seed: Summy(players=2, seed=seed, size=15, first_hand="playable"),
    "mixmath": lambda seed: Mixmath(players=2, seed=seed),
    "binary": lambda seed: Binary(players=2, seed=seed),
}
#: The most bits one move takes (the structural bound of each game's packing):
#: Summy: 1 + square (7 or 8) + direction 1 + length 4 + 8 blocks × 3; a discard less.
#: Binary: 1 + square 8 + 1 + length 4 + 9 chips × 5 (a blank's value among them).
#: Mixmath: an exchange of 7 tiles: 4 + count 5 + 7 × 3 (a placement at most 22).
MOST_BITS = {"summy 9": 37, "summy 15": 38, "mixmath": 30, "binary": 59}
#: A new game's code, read out: MP2 and three groups of five letters at most.
NEW_GAME_LETTERS = 20


def _played(make: Callable[[int], Any], seed: int = 11, turns: int = 6) -> Any:
    game = make(seed)
    players = [make_player("easy", 1), make_player("medium", 2)]
    for _turn in range(turns):
        if game.is_over:
            break
        players[game.to_move].play_turn(game)
    return game


def _same(one: Any, other: Any) -> None:
    assert one.state_key() == other.state_key()
    assert [e.move for e in one.history] == [e.move for e in other.history]
    assert one.seed == other.seed and one.options == other.options


def _old_code(payload: dict[str, object]) -> str:
    """A first-version code (compressed JSON), its check letters right."""
    body = _encode(zlib.compress(json.dumps(payload).encode("utf-8")))
    return "MP1-" + body + _check(body)


def _header(game: Any, moves: int) -> BitWriter:
    """The bits of a code of ``game``'s deal, up to its moves: as a forger writes them."""
    codec = next(c for c in CODECS.values() if c.format_name == game.format_name)
    out = BitWriter()
    out.write(codec.number, 2)
    options = json.loads(game.save())["options"]
    for field in codec.options:
        _write_option(field, options[field.name], out)
    _write_seed(game.seed, out)
    out.count(moves)
    return out


# --- round trips ------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(GAMES))
def test_a_code_round_trips_every_game(name: str) -> None:
    game = _played(GAMES[name])
    code = game_code(game)
    assert code.startswith("MP2-")
    again = from_code(code)
    _same(again, game)
    assert mathplay.from_code(code.lower()).state_key() == again.state_key()  # any case
    assert mathplay.game_code(again) == code


def _random_move(game: Any, rng: random.Random) -> list[str]:
    """Moves of every kind the game has, in a random order: lines or placements (blanks
    with their values), passes, discards and exchanges of tiles in any order, Mixmath's
    draw, end and challenge, and in challenge mode a placement that is wrong."""
    hand = list(game.hands[game.to_move])
    picked = rng.sample(hand, rng.randint(1, len(hand))) if hand else []
    if isinstance(game, Binary):  # its best moves: listing them all can take seconds
        blank = "?" in hand and rng.random() < 0.7
        where = (lambda m: any(t[:1] == "?" for t in m.tokens)) if blank else None
        moves = [str(m) for m in game.best_moves(1, where=where)[:6]]
        moves += ["pass", "exchange " + " ".join(picked)]
    elif isinstance(game, Summy):
        moves = [str(m) for m in game.legal_moves()[:40]]
        moves += ["pass", "discard " + "".join(picked)]
    else:
        moves = [str(m) for m in game.legal_moves()]
        blanks = [m for m in moves if "?" in m]
        moves = rng.sample(moves, min(len(moves), 8)) + blanks[:3]
        for action in game.turn_actions():
            moves += ["exchange " + " ".join(picked)] if action == "exchange" else [action]
        if game.mode == "challenge" and hand and hand[0] != "?":
            row, col = rng.randrange(14), rng.randrange(14)
            moves.append(f"{chr(ord('A') + col)}{row + 1} {hand[0]}")
    rng.shuffle(moves)
    return moves


WALKS = {
    **GAMES,
    "summy 11, 3 players, text seed": lambda seed: Summy(players=3, seed=f"c-{seed}", size=11),
    "mixmath, challenge mode": lambda seed: Mixmath(players=3, seed=-seed, mode="challenge"),
    "binary, xor, banned": lambda seed: Binary(
        players=2, seed=seed * 2**200, xor=True, banned_identities=("x1", "+0"), bonus="log2"
    ),
}


def _walk(name: str, seed: int, plies: int, choices: random.Random) -> Any:
    game = WALKS[name](seed)
    for _ply in range(plies):
        if game.is_over:
            break
        for move in _random_move(game, choices):
            try:
                game.play(move)
                break
            except MathplayError:
                continue
    return game


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(sorted(WALKS)),
    seed=st.integers(0, 999_999),
    plies=st.integers(0, 12),
    choices=st.randoms(use_true_random=False),
)
def test_every_kind_of_move_round_trips_over_many_seeds(
    name: str, seed: int, plies: int, choices: random.Random
) -> None:
    game = _walk(name, seed, plies, choices)
    _same(from_code(game_code(game)), game)


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(sorted(WALKS)),
    seed=st.integers(0, 999_999),
    plies=st.integers(0, 60),
    choices=st.randoms(use_true_random=False),
)
def test_long_games_of_every_kind_round_trip(
    name: str, seed: int, plies: int, choices: random.Random
) -> None:
    game = _walk(name, seed, plies, choices)
    _same(from_code(game_code(game)), game)


def test_seeds_of_every_kind_round_trip() -> None:
    for seed in (0, 1, -1, 999_999, 2**64 - 1, -(2**329), "", "class-3a", "ñandú 🦜" * 5):
        game = Summy(players=2, seed=seed, size=9)
        game.play("pass")
        _same(from_code(game_code(game)), game)


def test_a_wrong_placement_in_challenge_mode_and_its_challenge_round_trip() -> None:
    """A placement the engine accepts in challenge mode but does not list (its sum is
    wrong) is written as its square and tile; a challenge names who challenged."""
    game = Mixmath(players=3, seed=2, mode="challenge")
    assert "A1 63" not in {str(move) for move in game.legal_moves()}
    game.play("A1 63")
    game.play("challenge by 1")
    again = from_code(game_code(game))
    _same(again, game)
    assert [entry.move for entry in again.history] == ["A1 63", "challenge by 1"]


# --- lengths ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(GAMES))
@pytest.mark.parametrize("seed", [0, 7, 123_456, 999_999])
def test_a_new_game_code_is_short_enough_to_read_out(name: str, seed: int) -> None:
    code = game_code(GAMES[name](seed))
    assert len(code) <= NEW_GAME_LETTERS, code


@pytest.mark.parametrize("name", list(GAMES))
def test_each_move_takes_a_few_letters(name: str) -> None:
    game = _played(GAMES[name], seed=4321, turns=20)
    letters = len(game_code(game).replace("-", ""))
    new = len(game_code(GAMES[name](4321)).replace("-", ""))
    # The move count grows by at most 2 × log2(plies) bits, and each move by its bound.
    count_bits = 2 * (game.ply + 1).bit_length()
    assert letters <= new + -(-(count_bits + game.ply * MOST_BITS[name]) // 5)
    assert letters <= new + 8 * max(game.ply, 1)  # a few letters a move, at most


# --- what is refused --------------------------------------------------------------------


def test_a_game_set_up_from_a_diagram_has_no_code() -> None:
    rows = [". " * 8 + "."] * 9
    rows[4] = ". . . . = . . . ."
    game = Summy.from_diagram("\n".join(rows), hands=["1236+x", "45+9"])
    game.play("B5 across 1+2=3")
    with pytest.raises(MathplayError, match="has no code: it did not start with a new deal"):
        game_code(game)


def test_a_first_version_code_with_a_start_of_its_own_is_refused() -> None:
    """The forgery of issue 71: a code with its own start (500 points, a chosen rack) and
    its check letters recomputed opened as a normal game."""
    game = Summy(players=2, seed=11, size=15)
    start = dict(game._start, scores=[500, 0], hands=["99x9=81+", game._start["hands"][1]])
    payload = {"f": "mathplay.summy", "v": 1, "o": json.loads(game.save())["options"],
               "s": 11, "h": [], "t": start}  # fmt: skip
    with pytest.raises(SaveFileError, match="brings its own tiles and points"):
        from_code(_old_code(payload))


def test_a_first_version_code_without_a_start_still_opens() -> None:
    game = _played(GAMES["mixmath"])
    payload = {"f": game.format_name, "v": 1, "o": json.loads(game.save())["options"],
               "s": game.seed, "h": [entry.move for entry in game.history]}  # fmt: skip
    _same(from_code(_old_code(payload)), game)


def test_an_illegal_move_in_a_first_version_code_is_refused_naming_the_move() -> None:
    game = _played(GAMES["summy 15"])
    history = [entry.move for entry in game.history]
    history.append("H8 across 9x9=18")
    payload = {"f": "mathplay.summy", "v": 1, "o": json.loads(game.save())["options"],
               "s": 11, "h": history}  # fmt: skip
    with pytest.raises(SaveFileError, match="9x9=18"):
        from_code(_old_code(payload))


def test_a_changed_letter_is_found_and_said_in_words() -> None:
    code = game_code(_played(GAMES["binary"]))
    position = len(code) // 2
    if code[position] == "-":
        position += 1
    changed = code[:position] + ("A" if code[position] != "A" else "B") + code[position + 1 :]
    for wrong in (changed, code[:-1], code + "7", code.replace("-", "", 3)[:-6]):
        with pytest.raises(SaveFileError, match="a letter was changed, added or left out"):
            from_code(wrong)


def test_lookalike_letters_are_read_as_what_they_look_like() -> None:
    code = game_code(_played(GAMES["summy 15"]))
    body = code[4:].replace("0", "O").replace("1", "l")
    assert from_code("MP2-" + body).state_key() == from_code(code).state_key()


def test_an_illegal_move_with_good_check_letters_is_refused_naming_it() -> None:
    game = Summy(players=2, seed=5, size=9)
    out = _header(game, 1)
    out.write(0, 1)  # a line: A1 across, two blocks of the hand
    out.choice(0, 81)
    out.write(0, 1)
    out.choice(1, 9)
    out.choice(0, 8)
    out.choice(0, 8)
    with pytest.raises(SaveFileError, match="move 1 of the game code, 'A1 across"):
        from_code(_written(out))


def _refused(out: BitWriter) -> None:
    with pytest.raises(SaveFileError, match="not right"):
        from_code(_written(out))


def test_bits_that_are_no_game_are_refused_even_with_good_check_letters() -> None:
    game = Summy(players=2, seed=5, size=9)
    out = BitWriter()
    out.write(3, 2)  # no game is number 3
    _refused(out)
    out = _header(game, 1)
    out.write(0, 1)
    out.write(100, 7)  # square 100 of a board of 81
    _refused(out)
    out = _header(game, 1)
    out.write(1, 1)  # a discard of 3 blocks, the same one twice
    out.count(3)
    for place in (2, 2, 0):
        out.choice(place, 8)
    _refused(out)
    out = _header(game, 1)
    out.write(1, 1)
    out.count(9)  # more blocks than the hand holds
    _refused(out)
    _refused(_header(game, 3))  # three moves, none written
    _refused(_header(game, MAX_MOVES + 1))  # absurd lengths
    out = _header(game, 0)
    out.write(0, 80)  # a count that never ends
    _refused(out)
    out = BitWriter()
    out.write(0, 2)
    for _option in CODECS[0].options:
        out.write(1, 1)  # as its default
    out.write(1, 1)  # a text seed of a million bytes
    out.count(1_000_000)
    _refused(out)


def test_bits_left_over_after_the_last_move_are_refused() -> None:
    game = _played(GAMES["summy 9"])
    code = game_code(game)
    body = code[4:].replace("-", "")[:-4]
    for extra in ("0", "00000", "Z"):
        longer = body + extra
        with pytest.raises(SaveFileError, match="not right"):
            from_code("MP2-" + longer + _check("MP2" + longer))
    seed = next(seed for seed in range(20) if _header(Summy(seed=seed), 0).length % 5)
    code = _written(_header(Summy(seed=seed), 0))
    assert from_code(code).seed == seed
    body = code[4:].replace("-", "")[:-4]
    padded = body[:-1] + ALPHABET[ALPHABET.index(body[-1]) ^ 1]  # a padding bit set
    with pytest.raises(SaveFileError, match="not right"):
        from_code("MP2-" + padded + _check("MP2" + padded))


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=ALPHABET, min_size=1, max_size=120))
def test_any_letters_with_good_check_letters_give_a_game_or_words(body: str) -> None:
    started = time.monotonic()
    with contextlib.suppress(SaveFileError):
        from_code("MP2-" + body + _check("MP2" + body))
    assert time.monotonic() - started < 10  # never a hang


@pytest.mark.parametrize("text", [
    "", "hello", "MP2-ABCDE", "MP1-", "MP2-", "MP2-!!!!!", 42, None, "MP2-" + "Z" * 60_000,
    "MP3-ABCDE-FGHJK",
])  # fmt: skip
def test_what_is_not_a_code_is_refused_in_words(text: object) -> None:
    with pytest.raises(SaveFileError):
        from_code(text)  # type: ignore[arg-type]


def test_the_longest_code_read_is_refused_at_once() -> None:
    body = "Z" * 49_990
    started = time.monotonic()
    with pytest.raises(SaveFileError, match="not right"):
        from_code("MP2-" + body + _check("MP2" + body))
    assert time.monotonic() - started < 5


def test_a_first_version_code_that_unpacks_to_a_flood_is_refused() -> None:
    flood = zlib.compress(b"[" + b"0," * 3_000_000 + b"0]", 9)
    body = _encode(flood)
    with pytest.raises(SaveFileError, match="not right"):
        from_code("MP1-" + body + _check(body))


def test_a_first_version_code_of_json_that_is_not_a_game_is_refused() -> None:
    for payload in ({"f": "mathplay.chess"}, {"f": "mathplay.summy", "v": 1, "o": "x"}):
        with pytest.raises(SaveFileError):
            from_code(_old_code(payload))
