"""A game as a code two pupils send each other (no server): it round-trips, every move
is checked on loading, and a code that was changed is refused in words."""

from __future__ import annotations

import json
import zlib

import pytest

import mathplay
from mathplay.ai import make_player
from mathplay.core.codes import _check, _encode, from_code, game_code
from mathplay.errors import SaveFileError
from mathplay.games import Binary, Mixmath, Summy

GAMES = {
    "summy": lambda: Summy(players=2, seed=11, size=15),
    "mixmath": lambda: Mixmath(players=2, seed=11),
    "binary": lambda: Binary(players=2, seed=11),
}


def _played(make: object, turns: int = 6) -> object:
    game = make()  # type: ignore[operator]
    players = [make_player("easy", 1), make_player("medium", 2)]
    for _turn in range(turns):
        if game.is_over:
            break
        players[game.to_move].play_turn(game)
    return game


def _forged(payload: dict[str, object]) -> str:
    body = _encode(zlib.compress(json.dumps(payload).encode("utf-8")))
    body += _check(body)
    return "MP1-" + body


@pytest.mark.parametrize("name", list(GAMES))
def test_a_code_round_trips_every_game(name: str) -> None:
    game = _played(GAMES[name])
    code = game_code(game)  # type: ignore[arg-type]
    again = from_code(code)
    assert again.state_key() == game.state_key()  # type: ignore[attr-defined]
    assert [e.move for e in again.history] == [e.move for e in game.history]  # type: ignore[attr-defined]
    assert mathplay.from_code(code.lower()).state_key() == again.state_key()  # any case
    assert len(code) < 700, code  # a few lines of a chat message


def test_a_position_from_a_diagram_keeps_its_start() -> None:
    rows = [". " * 8 + "."] * 9
    rows[4] = ". . . . = . . . ."
    game = Summy.from_diagram("\n".join(rows), hands=["1236+x", "45+9"])
    game.play("B5 across 1+2=3")
    assert from_code(game_code(game)).state_key() == game.state_key()


def test_a_changed_letter_is_found_and_said_in_words() -> None:
    code = game_code(_played(GAMES["binary"]))  # type: ignore[arg-type]
    position = len(code) // 2
    if code[position] == "-":
        position += 1
    changed = code[:position] + ("A" if code[position] != "A" else "B") + code[position + 1 :]
    for wrong in (changed, code[:-1], code + "7", code.replace("-", "", 3)[:-6]):
        with pytest.raises(SaveFileError, match="a letter was changed, added or left out"):
            from_code(wrong)


def test_lookalike_letters_are_read_as_what_they_look_like() -> None:
    code = game_code(_played(GAMES["summy"]))  # type: ignore[arg-type]
    body = code[4:].replace("0", "O").replace("1", "l")
    assert from_code("MP1-" + body).state_key() == from_code(code).state_key()


def test_an_illegal_move_in_a_code_with_a_good_check_is_refused_naming_the_move() -> None:
    game = _played(GAMES["summy"])
    history = [entry.move for entry in game.history]  # type: ignore[attr-defined]
    history.append("H8 across 9x9=18")
    payload = {"f": "mathplay.summy", "v": 1, "o": json.loads(game.save())["options"],  # type: ignore[attr-defined]
               "s": 11, "h": history}  # fmt: skip
    with pytest.raises(SaveFileError, match="9x9=18"):
        from_code(_forged(payload))


@pytest.mark.parametrize("text", [
    "", "hello", "MP2-ABCDE", "MP1-", "MP1-!!!!!", 42, None, "MP1-" + "Z" * 60_000,
])  # fmt: skip
def test_what_is_not_a_code_is_refused_in_words(text: object) -> None:
    with pytest.raises(SaveFileError):
        from_code(text)  # type: ignore[arg-type]


def test_a_code_that_unpacks_to_a_flood_is_refused() -> None:
    flood = zlib.compress(b"[" + b"0," * 3_000_000 + b"0]", 9)
    body = _encode(flood)
    body += _check(body)
    with pytest.raises(SaveFileError, match="not right"):
        from_code("MP1-" + body)


def test_a_code_of_json_that_is_not_a_game_is_refused() -> None:
    for payload in ({"f": "mathplay.chess"}, {"f": "mathplay.summy", "v": 1, "o": "x"}):
        with pytest.raises(SaveFileError):
            from_code(_forged(payload))
