"""A game between pupils on two machines, as the class's game service keeps it: each
pupil sees only their own tiles; a move from a hostile board (illegal, another pupil's,
out of turn, from a board that is behind, not a move at all) is refused in words and the
game does not change; the game is kept as text and read back checked."""

from __future__ import annotations

import json

import pytest

from mathplay import load
from mathplay.ai import make_player
from mathplay.classroom.shared_games import MoveRefused, SharedGame
from mathplay.errors import MathplayError, SaveFileError


def _new(name: str = "summy") -> SharedGame:
    options = {"size": 9} if name == "summy" else {}
    return SharedGame.new("g-1", name, ["ana", "ben"], seed=5, **options)


@pytest.mark.parametrize("name", ["summy", "mixmath", "binary"])
def test_each_pupil_sees_only_their_own_tiles(name: str) -> None:
    shared = _new(name)
    game = shared.game
    ana, ben = shared.view_for("ana"), shared.view_for("ben")
    assert ana["hand"] == list(game.hands[0]) and ben["hand"] == list(game.hands[1])
    for view, other in ((ana, game.hands[1]), (ben, game.hands[0])):
        seat = view["you"]
        assert view["players"][1 - seat]["tiles"] == len(other)
        # The game the pupil's board plays on: their own rack, the other's made up.
        known = load(view["position"])
        assert list(known.hands[seat]) == view["hand"] and known.board == game.board
        assert list(known.hands[1 - seat]) != list(other) and known.seed != game.seed
        assert "save" not in view  # the whole game only once it is over
    watched = shared.watch()
    assert "hand" not in watched and "you" not in watched


def test_a_seeded_summy_game_played_to_the_end_by_two_pupils() -> None:
    shared = _new("summy")
    players = {"ana": make_player("medium", 1), "ben": make_player("easy", 2)}
    while not shared.game.is_over:
        who = shared.view_for("ana")["to_move"]
        trial = shared.game.copy()
        move = players[who].play_turn(trial)[0]  # what that pupil's board would send
        view = shared.play(who, move, shared.version)
        assert view["moves"][-1]["by"] == who
    assert shared.watch()["over"]
    ended = shared.view_for("ben")  # now the whole game, for its review
    assert load(ended["save"]).state_key() == shared.game.state_key()
    again = SharedGame.from_record(shared.record())
    assert again.game.state_key() == shared.game.state_key() and again.pupils == ("ana", "ben")


def test_hostile_boards_change_nothing() -> None:
    shared = _new("summy")
    before = shared.game.save()
    legal = str(shared.game.best_moves(1)[0])
    cases = [
        ("ben", legal, 0, "It is ana's turn, not yours."),  # out of turn
        ("eve", legal, 0, "This is not your game."),  # a pupil who is not in it
        ("ana", legal, 7, "The game has moved on"),  # a board that is behind
        ("ana", legal, True, "The game has moved on"),
        ("ana", "H8 across 9x9=18", 0, ""),  # illegal: the engine's reason
        ("ana", "", 0, "That is not a move."),
        ("ana", "x" * 5000, 0, "That is not a move."),
        ("ana", None, 0, "That is not a move."),
    ]
    for who, move, version, words in cases:
        with pytest.raises(MoveRefused) as refused:
            shared.play(who, move, version)  # type: ignore[arg-type]
        assert words in str(refused.value)
        assert shared.game.save() == before
    shared.play("ana", legal, 0)
    with pytest.raises(MoveRefused, match=r"It is ben's turn, not yours\."):
        shared.play("ana", legal, 1)  # ana again: not her turn


@pytest.mark.parametrize("pupils", [["ana"], ["ana", "ana"], ["ana", ""], "ana,ben", [1, 2],
                                    ["a", "b", "c", "d", "e"]])  # fmt: skip
def test_a_game_needs_two_to_four_different_pupils(pupils: object) -> None:
    with pytest.raises(MathplayError):
        SharedGame.new("g", "summy", pupils, seed=1)  # type: ignore[arg-type]


FORGED = '{"id": 1, "game": "summy", "pupils": ["a", "b"], "save": "{}"}'


@pytest.mark.parametrize("text", ["", "{}", FORGED, "[1]"])
def test_a_forged_record_is_refused(text: str) -> None:
    with pytest.raises(SaveFileError):
        SharedGame.from_record(text)


def test_a_record_with_a_move_changed_is_refused_naming_the_move() -> None:
    shared = _new("summy")
    shared.play("ana", str(shared.game.best_moves(1)[0]), 0)
    data = json.loads(shared.record())
    save = json.loads(data["save"])
    save["history"][0] = "H8 across 9x9=18"
    data["save"] = json.dumps(save)
    with pytest.raises(SaveFileError):
        SharedGame.from_record(json.dumps(data))
