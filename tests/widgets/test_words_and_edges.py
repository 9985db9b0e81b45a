"""What a child reads on a board: plain sentences, one symbol per operation,
no rule ids; and the rough edges of a turn (direction, discard, blanks, New game, hints).
"""

from __future__ import annotations

import random
import re

import pytest

from mathplay.games.binary import Binary
from mathplay.games.binary.game import EMPTY_DIAGRAM
from mathplay.games.mixmath import EMPTY_BOARD, Mixmath
from mathplay.games.summy import Summy
from mathplay.widgets import BinaryBoard, MixmathBoard, SummyBoard, play
from tests.widgets.conftest import front_end

EMPTY9 = "\n".join(" ".join("=" if (r, c) == (4, 4) else "." for c in range(9)) for r in range(9))
RULE_ID = re.compile(r"\((?:rules?\s+)?[SMB]\d")


def summy_board() -> SummyBoard:
    game = Summy.from_diagram(EMPTY9, hands=["3+47x12", "5+5=10-2"], seed=1)
    return SummyBoard(game, threaded=False)


def place(board: SummyBoard, square: tuple[int, int], token: str) -> None:
    hand = board.game.hands[board.game.to_move]
    used = {i for i, _t in board._tentative.values()}
    index = next(i for i, t in enumerate(hand) if t == token and i not in used)
    front_end(board, event="tile", index=index)
    front_end(board, event="square", row=square[0], col=square[1])


def messages_of_random_play(board: object, seed: int, actions: int = 120) -> list[str]:
    """Every message a board shows while random clicks, keys and buttons hit it."""
    rng = random.Random(seed)
    seen: list[str] = []
    size = board.game.board.size  # type: ignore[attr-defined]
    for _step in range(actions):
        hand = board.game.hands[board.game.to_move]  # type: ignore[attr-defined]
        choice = rng.random()
        if choice < 0.35 and hand:
            front_end(board, event="tile", index=rng.randrange(len(hand) + 1))
        elif choice < 0.7:
            front_end(board, event="square", row=rng.randrange(size), col=rng.randrange(size))
        elif choice < 0.8 and board.view["blank"]:  # type: ignore[attr-defined]
            values = board.view["blank"]["choices"]  # type: ignore[attr-defined]
            front_end(board, event="blank", value=rng.choice(values)[0])
        else:
            ids = [b["id"] for b in board.view["buttons"] if b["id"] != "new"]  # type: ignore[attr-defined]
            front_end(board, event="action", id=rng.choice(ids))
        seen.append(board.message)  # type: ignore[attr-defined]
        seen.extend(board.view["log"][-2:])  # type: ignore[attr-defined]
    return seen


@pytest.mark.parametrize(
    "make",
    [
        lambda: SummyBoard(Summy(players=2, seed=4, size=9), ["human", "human"], threaded=False),
        lambda: MixmathBoard(Mixmath(players=2, seed=4), ["human", "human"], threaded=False),
        lambda: MixmathBoard(
            Mixmath(players=2, seed=5, mode="challenge"), ["human", "human"], threaded=False
        ),
        lambda: BinaryBoard(Binary(players=2, seed=4), ["human", "human"], threaded=False),
    ],
)
def test_no_message_a_board_shows_contains_a_rule_id(make: object) -> None:
    board = make()  # type: ignore[operator]
    seen = messages_of_random_play(board, seed=11)
    assert any(text.startswith("Not allowed: ") for text in seen)  # refusals were seen
    leaks = [text for text in seen if RULE_ID.search(text)]
    assert leaks == []
    assert not [text for text in seen if "is not allowed:" in text]


def test_a_refused_sum_says_the_arithmetic_once_with_symbols() -> None:
    board = summy_board()
    for col, token in [(1, "3"), (2, "x"), (3, "4"), (5, "7")]:
        place(board, (4, col), token)
    front_end(board, event="action", id="play")
    assert board.message == "Not allowed: 3 × 4 is 12, not 7."
    assert board.view["kind"] == "error"


def test_the_log_reads_as_sentences_with_one_symbol_each() -> None:
    game = Summy.from_diagram(EMPTY9, hands=["3x4=12+5", "9-2=7"], seed=1)
    board = SummyBoard(game, ["human", "human"], threaded=False)
    for col, token in [(1, "3"), (2, "x"), (3, "4"), (5, "1"), (6, "2")]:
        place(board, (4, col), token)
    front_end(board, event="action", id="play")
    assert board.game.history[-1].move == "B5 across 3x4=12"
    assert board.view["log"][-1] == "1. Player 1: 3 × 4 = 12 across from B5, +10"
    assert board.message == "Player 1: 3 × 4 = 12 across from B5, +10. Player 1 has 10 points."
    front_end(board, event="action", id="discard")
    front_end(board, event="tile", index=0)
    front_end(board, event="action", id="discard")
    assert board.view["log"][-1] == "2. Player 2 discarded 1 block"


def test_the_players_own_points_are_announced_after_their_move() -> None:
    game = Summy.from_diagram(EMPTY9, hands=["3+47x12", "5+5=10-2"], seed=1)
    board = SummyBoard(game, ["human", "computer:easy"], threaded=False)
    for col, token in [(1, "3"), (2, "+"), (3, "4"), (5, "7")]:
        place(board, (4, col), token)
    front_end(board, event="action", id="play")
    # The computer has moved since; the person's move was announced with their points.
    log = board.view["log"]
    assert log[0] == "1. You: 3 + 4 = 7 across from B5, +14"
    assert board.view["players"][0]["you"] and not board.view["players"][1]["you"]


def test_the_direction_button_shows_only_for_a_single_tile() -> None:
    board = summy_board()

    def ids() -> list[str]:
        return [b["id"] for b in board.view["buttons"]]

    assert "direction" not in ids()
    place(board, (3, 4), "3")
    assert "direction" in ids()
    place(board, (2, 4), "+")
    assert "direction" not in ids()
    assert board.view["direction"] == "down"  # the line being built is a column


def test_discard_explains_itself_and_play_waits_meanwhile() -> None:
    board = summy_board()
    front_end(board, event="action", id="discard")
    buttons = {b["id"]: b for b in board.view["buttons"]}
    assert "leave the game" in board.message and "again" not in board.message
    assert not buttons["play"]["enabled"] and not buttons["hint"]["enabled"]
    assert buttons["discard"]["enabled"] and buttons["cancel"]["enabled"]
    front_end(board, event="tile", index=0)
    assert board.message.startswith("Marked: 3.")
    front_end(board, event="action", id="cancel")
    assert {b["id"]: b for b in board.view["buttons"]}["play"]["enabled"]


def test_exchange_in_binary_says_the_chips_go_back_to_the_bag() -> None:
    board = BinaryBoard(Binary(players=2, seed=1), threaded=False)
    front_end(board, event="action", id="exchange")
    assert "go back into the bag" in board.message


@pytest.mark.parametrize(
    ("make", "value", "shown"),
    [
        (
            lambda: BinaryBoard(
                Binary.from_diagram(EMPTY_DIAGRAM, hands=["1 + 1 = 1 0 AND 0 ?", "1 0"]),
                threaded=False,
            ),
            "x",
            "×",
        ),
        (
            lambda: MixmathBoard(
                Mixmath.from_diagram(EMPTY_BOARD, hands=["3 5 10 12 ? 7 1", "2 4"]),
                threaded=False,
            ),
            "81",
            "81",
        ),
    ],
)
def test_a_blank_offers_its_values_as_buttons(make: object, value: str, shown: str) -> None:
    board = make()  # type: ignore[operator]
    hand = board.game.hands[0]
    front_end(board, event="tile", index=hand.index("?"))
    front_end(board, event="square", row=6, col=5)
    blank = board.view["blank"]
    assert blank["prompt"].startswith("Which value does the blank on F7 stand for?")
    assert [value, shown] in blank["choices"]
    assert len(blank["choices"]) == len({v for v, _label in blank["choices"]})
    buttons = {b["id"]: b for b in board.view["buttons"]}
    assert not buttons.get("play", buttons.get("end"))["enabled"]


def test_new_game_can_be_taken_back_with_undo() -> None:
    board = play("summy", seats=["human", "human"], seed=3, size=9, threaded=False, handover=False)
    move = next(iter(board.game.legal_moves()))
    board.game.play(move)
    board._refresh()
    old = board.game
    board.new_game(seats=["human", "human"], players=2, size=9, seed=8)
    assert board.game is not old
    assert "Press Undo" in board.message
    undo = next(b for b in board.view["buttons"] if b["id"] == "undo")
    assert undo["enabled"]
    front_end(board, event="action", id="undo")
    assert board.game is old and board.game.ply == 1
    assert board.message == "Back to the game you were playing."


def test_a_finished_or_empty_game_is_replaced_without_keeping_it() -> None:
    board = play("summy", seats=["human", "human"], seed=3, size=9, threaded=False, handover=False)
    board.new_game(seats=["human", "human"], players=2, size=9, seed=8)
    assert "Press Undo" not in board.message
    front_end(board, event="action", id="undo")
    assert board.message == "There is no move to undo."


def test_hint_level_three_shows_the_move_tile_by_tile() -> None:
    game = Summy.from_diagram(EMPTY9, hands=["12+3", "45x="], seed=1)
    board = SummyBoard(game, ["human", "human"], threaded=False)
    for _level in range(3):
        front_end(board, event="action", id="hint")
    assert board.message.startswith("Hint 3 of 3: Play ")
    tiles = board.view["hint_tiles"]
    assert [entry["t"] for _index, entry in tiles] == ["1", "+", "2", "3"]
    assert [index for index, _entry in tiles] == [4 * 9 + c for c in (1, 2, 3, 5)]
    assert board.view["hint"] == [index for index, _entry in tiles]
    front_end(board, event="action", id="pass")
    assert board.view["hint_tiles"] == []


def _position_with_a_sign_move() -> tuple[Mixmath, object]:
    """A seeded Mixmath position where the player to move can place on a sign square."""
    from mathplay.ai import make_player
    from mathplay.games.mixmath.movegen import sign_of

    for seed in range(1, 40):
        game = Mixmath(players=2, seed=seed)
        for _turn in range(6):
            moves = [m for m in game.legal_moves() if sign_of(m.square) and not m.is_blank]
            if moves and game.placed_this_turn == 0:
                return game, moves[0]
            make_player("greedy", seed=seed).play_turn(game)
    raise AssertionError("no seeded position with a placement on a sign square")


def test_a_sign_square_explains_the_extra_draw_the_first_time() -> None:
    game, move = _position_with_a_sign_move()
    board = MixmathBoard(game, ["human", "human"], threaded=False)
    hand = game.hands[game.to_move]
    front_end(board, event="tile", index=hand.index(move.token))  # type: ignore[attr-defined]
    front_end(board, event="square", row=move.square[0], col=move.square[1])  # type: ignore[attr-defined]
    assert board.view["kind"] != "error", board.message
    assert "sign square" in board.message and "Press Draw" in board.message
    assert "draw" in {b["id"] for b in board.view["buttons"] if b["enabled"]}


def test_the_outcome_names_players_as_the_scoreboard_does() -> None:
    board = play("summy", seats=["human", "computer:easy"], seed=2, size=9, threaded=False)
    game = board.game
    while not game.is_over:
        board.press("pass")
        game = board.game
    text = board.view["over"]["text"]
    names = [p["name"] for p in board.view["players"]]
    assert names == ["You", "Computer (easy)"]
    assert text.startswith(("You", "Computer (easy)")) and "player" not in text.lower()


def test_in_challenge_mode_undo_does_not_take_back_a_placement_that_may_be_challenged() -> None:
    game = Mixmath.from_diagram(EMPTY_BOARD, hands=["6 9 1", "2"], mode="challenge", seed=4)
    board = MixmathBoard(game, ["human", "human"], threaded=False)
    front_end(board, event="tile", index=game.hands[0].index("6"))
    front_end(board, event="square", row=5, col=7)  # H6 6: 2 + 4 = 6
    assert game.ply == 1
    front_end(board, event="action", id="undo")
    assert game.ply == 1 and "another player can challenge it" in board.message
    front_end(board, event="action", id="end")
    front_end(board, event="action", id="undo")  # the turn is over: undo works again
    assert game.ply == 1 and board.game.history[-1].move == "H6 6"
