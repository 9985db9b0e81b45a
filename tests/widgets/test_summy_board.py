"""SummyBoard driven by simulated clicks and keys, checked against the engine."""

from __future__ import annotations

import threading

import pytest

import mathplay.widgets.computers as computers_module
from mathplay.games.summy import Summy
from mathplay.widgets import SummyBoard, play
from tests.widgets.conftest import FakePlayer, front_end, updates

EMPTY9 = "\n".join(" ".join("=" if (r, c) == (4, 4) else "." for c in range(9)) for r in range(9))


def fresh(seats: list[str] | None = None) -> SummyBoard:
    game = Summy.from_diagram(EMPTY9, hands=["3+47x12", "5+5=10-2"], seed=1)
    return SummyBoard(game, seats, threaded=False)


def hand_index(board: SummyBoard, token: str) -> int:
    hand = board.game.hands[board.game.to_move]
    used = {i for i, _t in board._tentative.values()}
    return next(i for i, t in enumerate(hand) if t == token and i not in used)


def place(board: SummyBoard, square: tuple[int, int], token: str) -> None:
    front_end(board, event="tile", index=hand_index(board, token))
    front_end(board, event="square", row=square[0], col=square[1])


def test_a_sum_played_by_clicks_scores_and_redraws() -> None:
    board = fresh()
    for col, token in [(1, "3"), (2, "+"), (3, "4"), (5, "7")]:
        place(board, (4, col), token)
    assert board.tentative == {(4, 1): "3", (4, 2): "+", (4, 3): "4", (4, 5): "7"}
    assert board.game.ply == 0
    front_end(board, event="action", id="play")
    assert board.game.history[-1].move == "B5 across 3+4=7"
    assert board.game.scores == (14, 0)
    assert board.game.to_move == 1
    assert board.tentative == {}
    assert board.message == "Player 1: 3 + 4 = 7 across from B5, +14. Player 1 has 14 points."
    cells = board.view["cells"]
    assert [cells[4 * 9 + c]["t"] for c in range(1, 6)] == ["3", "+", "4", "=", "7"]
    assert sorted(board.view["last"]) == [37, 38, 39, 41]
    assert board.view["log"] == ["1. Player 1: 3 + 4 = 7 across from B5, +14"]
    assert board.view["players"][0]["score"] == 14


def test_one_state_update_per_click_and_per_move() -> None:
    board = fresh()
    start = updates(board)
    place(board, (4, 1), "3")
    assert updates(board) - start == 2  # pick the tile, put it down
    for col, token in [(2, "+"), (3, "4"), (5, "7")]:
        place(board, (4, col), token)
    before = updates(board)
    front_end(board, event="action", id="play")
    assert updates(board) - before == 1
    assert set(board.comm.updates()[-1]["state"]) == {"view"}


def test_a_refused_sum_shows_the_arithmetic_and_keeps_the_tiles() -> None:
    board = fresh()
    key = board.game.state_key()
    for col, token in [(1, "3"), (2, "+"), (3, "4"), (5, "2")]:
        place(board, (4, col), token)
    front_end(board, event="action", id="play")
    assert board.message == "Not allowed: 3 + 4 is 7, not 2."
    assert board.view["kind"] == "error"
    assert board.tentative == {(4, 1): "3", (4, 2): "+", (4, 3): "4", (4, 5): "2"}
    assert board.game.state_key() == key
    # Fix it: take the 2 back, put the 7 there, play.
    front_end(board, event="square", row=4, col=5)
    assert (4, 5) not in board.tentative
    place(board, (4, 5), "7")
    front_end(board, event="action", id="play")
    assert board.game.scores == (14, 0)


@pytest.mark.parametrize(
    ("clicks", "message"),
    [
        ([("square", 4, 4)], "E5 is taken."),
        ([("action", "play")], "Place a tile on the board first."),
        ([("tile", 12)], "There is no tile 13 in your hand."),
        ([("tile", 0), ("square", 4, 4)], "E5 is taken."),
        ([("square", 9, 0)], "That square is not on the board."),
        ([("action", "draw")], "draw is not a button of this game."),
        ([("action", "undo")], "There is no move to undo."),
    ],
)
def test_bad_clicks_say_why_and_change_nothing(clicks: list[tuple], message: str) -> None:
    board = fresh()
    key = board.game.state_key()
    for click in clicks:
        if click[0] == "square":
            front_end(board, event="square", row=click[1], col=click[2])
        elif click[0] == "tile":
            front_end(board, event="tile", index=click[1])
        else:
            front_end(board, event="action", id=click[1])
    assert board.message == message
    assert board.view["kind"] == "error"
    assert board.game.state_key() == key
    assert board.tentative == {}


def test_messages_the_widget_does_not_understand_change_nothing() -> None:
    board = fresh()
    key = board.game.state_key()
    front_end(board, event="square", row="x", col=None)
    assert "not understood" in board.message
    front_end(board, event="__import__('os')")
    assert board.game.state_key() == key


def test_a_tile_on_the_board_cannot_be_picked_twice() -> None:
    board = fresh()
    index = hand_index(board, "3")
    place(board, (4, 1), "3")
    front_end(board, event="tile", index=index)
    assert board.message == "That tile is on B5: click the square to take it back."
    assert board.view["hand"][index]["state"] == "used"


def test_keyboard_play_and_backspace() -> None:
    board = fresh()
    for col, key in [(1, "3"), (2, "+"), (3, "4"), (5, "8")]:
        front_end(board, event="key", key=key, row=4, col=col)
    assert board.message == "There is no 8 in your hand."
    front_end(board, event="key", key="Backspace", row=4, col=3)
    assert board.tentative == {(4, 1): "3", (4, 2): "+"}
    front_end(board, event="key", key="4", row=4, col=3)
    front_end(board, event="key", key="7", row=4, col=5)
    front_end(board, event="key", key="Enter", row=4, col=5)
    assert board.game.scores == (14, 0)


def test_typed_aliases_and_single_tile_direction() -> None:
    game = Summy.from_diagram(EMPTY9, hands=["3+47x12", "12x=6"], seed=1)
    board = SummyBoard(game, threaded=False)
    for col, key in [(1, "3"), (2, "+"), (3, "4"), (5, "7")]:
        front_end(board, event="key", key=key, row=4, col=col)
    front_end(board, event="key", key="Enter", row=0, col=0)
    # Player 2 writes 12 x 1 = 12 ... using the 4 on D5 downwards is not a sum; try *.
    front_end(board, event="key", key="*", row=3, col=3)
    assert board.tentative == {(3, 3): "x"}
    front_end(board, event="action", id="play")
    assert board.view["kind"] == "error"  # the engine refuses; the tile stays
    assert board.tentative == {(3, 3): "x"}
    front_end(board, event="action", id="direction")
    assert board.view["direction"] == "down"


def test_discard_marks_tiles_then_confirms() -> None:
    board = fresh()
    front_end(board, event="action", id="discard")
    labels = {b["id"]: b for b in board.view["buttons"]}
    assert labels["discard"]["label"] == "Discard the marked ones"
    assert "they leave the game" in board.message
    assert not labels["play"]["enabled"] and not labels["pass"]["enabled"]
    front_end(board, event="action", id="discard")
    assert board.message == "Mark at least one tile first, or press Cancel."
    front_end(board, event="tile", index=0)
    front_end(board, event="tile", index=1)
    front_end(board, event="tile", index=1)
    front_end(board, event="square", row=0, col=0)
    assert board.message == "Finish the exchange first, or press Cancel."
    front_end(board, event="action", id="discard")
    assert board.game.history[-1].move == "discard 3"
    assert board.game.to_move == 1


def test_pass_undo_and_cancel() -> None:
    board = fresh()
    front_end(board, event="action", id="pass")
    assert board.game.history[-1].move == "pass"
    front_end(board, event="action", id="undo")
    assert board.game.ply == 0
    assert board.message == "Took back 1 move."
    place(board, (4, 1), "3")
    front_end(board, event="action", id="pass")
    assert board.message == "Take back the tiles you placed first, or press Play."
    front_end(board, event="action", id="cancel")
    assert board.tentative == {}


def test_hints_go_from_gentle_to_strong() -> None:
    board = fresh()
    texts = []
    for _ in range(3):
        front_end(board, event="action", id="hint")
        assert board.view["kind"] == "hint"
        texts.append(board.message)
    assert len(set(texts)) == 3
    assert board.view["hint"], "the strongest hint shows where to play"
    assert board.game.ply == 0


def test_a_hint_says_it_is_looking_before_it_answers() -> None:
    board = fresh()
    seen: list[tuple[str, str]] = []
    board.observe(lambda change: seen.append((change.new["kind"], change.new["message"])), "view")
    front_end(board, event="action", id="hint")
    assert seen[0] == ("thinking", "Looking for a hint…")
    assert seen[-1][0] == "hint"


def test_computer_seat_moves_and_undo_takes_back_both() -> None:
    board = play("summy", seats=["human", "computer:greedy"], seed=5, size=9, threaded=False)
    game = board.game
    move = next(m for m in game.legal_moves())
    for square, token in zip(move.squares, move.tokens):
        if square in move.placed:
            place(board, square, token)
    front_end(board, event="action", id="play")
    assert game.ply == 2 and game.to_move == 0
    assert board.view["log"][1].startswith("2. Computer (medium): ")
    assert board.message.startswith("Computer (medium): ")
    assert " from " in board.message and "," in board.message
    front_end(board, event="action", id="undo")
    assert game.ply == 0


def test_thinking_is_shown_and_clicks_wait(monkeypatch: pytest.MonkeyPatch) -> None:
    gate = threading.Event()
    fake = FakePlayer(gate=gate)
    monkeypatch.setattr(computers_module, "make_computer", lambda seat, seed: fake)
    game = Summy.from_diagram(EMPTY9, hands=["3+47x12", "5+5=10-2"], seed=1)
    board = SummyBoard(game, ["computer", "human"], threaded=True, pause=0)
    fake.board = board
    try:
        front_end(board, event="tile", index=0)
        assert board.message == "Wait: the computer is thinking…"
        assert board.view["thinking"] is True
        assert "thinking" in board.view["turn"]
        assert game.ply == 0
    finally:
        gate.set()
        board.wait()
    assert fake.seen_thinking == [True]
    assert game.ply == 1 and board.view["thinking"] is False
    assert board.view["turn"] == "You to move"


def test_new_game_from_the_panel_and_bad_options() -> None:
    board = fresh()
    front_end(
        board,
        event="new_game",
        options={
            "players": 3,
            "seat1": "human",
            "seat2": "human",
            "seat3": "computer:easy",
            "size": 11,
        },
    )
    assert board.game.players == 3 and board.game.options.size == 11
    assert board.layout_data["size"] == 11 and len(board.view["cells"]) == 121
    assert board.seats == ["human", "human", "computer:easy"]
    game = board.game
    front_end(board, event="new_game", options={"players": 2, "size": 12})
    assert board.message == "size cannot be 12"
    assert board.game is game


def test_on_move_callbacks() -> None:
    board = fresh()
    seen = []

    def record(b: SummyBoard, entry: object) -> None:
        seen.append(entry)

    board.on_move(record)
    front_end(board, event="action", id="pass")
    board.on_move(record, remove=True)
    front_end(board, event="action", id="pass")
    assert [e.move for e in seen] == ["pass"]


def test_a_whole_game_by_clicks() -> None:
    board = play("summy", seats=["human", "human"], seed=11, size=9, threaded=False, handover=False)
    game = board.game
    for _turn in range(200):
        if game.is_over:
            break
        moves = game.legal_moves()
        if moves:
            move = moves[0]
            for square, token in zip(move.squares, move.tokens):
                if square in move.placed:
                    place(board, square, token)
            front_end(board, event="action", id="play")
            assert board.view["kind"] in ("info", "over"), board.message
        else:
            front_end(board, event="action", id="pass")
    assert game.is_over
    assert board.view["kind"] == "over"
    assert board.message == game.outcome.describe()
    assert board.view["over"]["series"][-1] == list(game.scores)
    assert len(board.view["log"]) == game.ply
    front_end(board, event="tile", index=0)
    assert board.message == "The game is over: press New game to play again."
    front_end(board, event="action", id="new")
    assert not board.game.is_over and board.game.ply == 0


def test_state_updates_for_a_move_and_the_computers_reply() -> None:
    board = play("summy", seats=["human", "computer:greedy"], seed=5, size=9, threaded=False)
    front_end(board, event="action", id="pass")
    before = updates(board)
    front_end(board, event="action", id="pass")
    # your move, "thinking…", the computer's move
    assert updates(board) - before == 3
    assert board.game.ply == 4


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: play("chess"), "there is no game 'chess'"),
        (lambda: play("summy", seats=["human", "robot"]), "'robot' is not a seat"),
        (lambda: play("summy", seats=["computer:grandmaster", "human"]), "computer:easy"),
        (lambda: play("summy", seats="human"), "seats is a list"),
        (lambda: play("summy", seats=["human"], players=2), "2 players but 1 seats"),
    ],
)
def test_play_refuses_bad_arguments_with_a_reason(call, message: str) -> None:
    from mathplay import MathplayError

    with pytest.raises(MathplayError, match=message):
        call()


@pytest.mark.slow
def test_a_teacher_can_name_the_computer_by_level() -> None:
    board = play("summy", seats=["human", "computer:expert"], seed=2, size=9)
    board.wait()
    # Summy offers easy and medium: its hard was measured no stronger than medium.
    assert board.seats == ["human", "computer:medium"]
    assert board.view["players"][1]["name"] == "Computer (medium)"
    board = play("summy", seats=["computer:beginner", "computer:2"], seed=2, size=9)
    board.wait()
    assert board.seats == ["computer:easy", "computer:medium"]
    assert [p["name"] for p in board.view["players"]] == [
        "Computer 1 (easy)",
        "Computer 2 (medium)",
    ]


def test_play_defaults_to_you_against_the_computer() -> None:
    board = play("summy", seed=2, size=9)
    board.wait()
    assert board.seats == ["human", "computer:easy"]
    assert board.view["players"][0]["name"] == "You"
    assert board.view["players"][1]["name"] == "Computer (easy)"


def test_a_single_tile_at_a_crossing_plays_the_way_the_engine_accepts() -> None:
    rows = [["."] * 9 for _ in range(9)]
    for row, token in zip(range(3, 7), "2x3="):
        rows[row][4] = token
    rows[7][3] = "5"
    game = Summy.from_diagram("\n".join(" ".join(r) for r in rows), hands=["6+12", "1"])
    board = SummyBoard(game, threaded=False)
    assert board.view["direction"] == "across"  # across reads 56, not a sum
    place(board, (7, 4), "6")
    front_end(board, event="action", id="play")
    assert game.history[-1].move == "E4 down 2x3=6"
    assert game.scores == (11, 0)


@pytest.mark.slow
@pytest.mark.parametrize("size", [None, 9])
def test_play_always_deals_a_first_hand_that_can_make_a_sum(size: int | None) -> None:
    options = {} if size is None else {"size": size}
    for seed in range(200):
        board = play("summy", seed=seed, threaded=False, **options)
        assert board.game.options.first_hand == "playable"
        assert board.game.legal_moves(), seed


def test_a_new_game_from_the_board_is_playable_too() -> None:
    board = play("summy", seed=0, threaded=False, size=9)
    board.new_game(size=9, seed=0)
    assert board.game.options.first_hand == "playable"
    assert board.game.legal_moves()
    board.new_game(size=9, seed=0, first_hand="strict")
    assert not board.game.legal_moves()  # seed 0's strict first hand is stuck
