"""A game code on the board: opened, the board says it is a friendly game nobody
checked; a game set up from a diagram has no code, and the New game panel's code box
says so in words; a forged code with a start of its own is refused and changes
nothing."""

from __future__ import annotations

import json
import zlib
from typing import Any

import mathplay
from mathplay.core.codes import _check, _encode
from mathplay.games.summy import Summy
from mathplay.widgets import SummyBoard
from tests.widgets.conftest import front_end

UNCHECKED = "This game came from a code: a friendly game, not checked by anybody."


def _sent(board: Any) -> list[Any]:
    sent: list[Any] = []
    board.send = sent.append  # what the page would get
    return sent


def test_a_game_opened_from_a_code_says_it_is_a_friendly_game_nobody_checked() -> None:
    ana = mathplay.play("summy", seats=["human", "human"], seed=4, size=9, threaded=False,
                        handover=False)  # fmt: skip
    ana.game.play(ana.game.best_moves(1)[0])
    ben = mathplay.play("summy", seats=["human", "human"], seed=5, size=9, threaded=False,
                        handover=False)  # fmt: skip
    front_end(ben, event="open_code", code=ana.game_code())
    assert ben.game.state_key() == ana.game.state_key()
    assert ben.message.startswith("Here is the game from the code.")
    assert ben.message.endswith(UNCHECKED)


def test_the_code_button_of_a_game_set_up_from_a_diagram_says_it_has_none() -> None:
    rows = [". " * 8 + "."] * 9
    rows[4] = ". . . . = . . . ."
    board = SummyBoard(Summy.from_diagram("\n".join(rows), hands=["1236+x", "45+9"]))
    sent = _sent(board)
    said = board.message
    front_end(board, event="show_code")
    reason = "This game has no code: it did not start with a new deal"
    assert sent[-1]["code"] == "" and sent[-1]["no_code"].startswith(reason)
    assert board.message == said  # the panel's code box says it, in place of a code


def test_the_code_button_of_a_new_game_gives_a_short_code() -> None:
    board = mathplay.play("binary", seed=999_999, threaded=False)
    sent = _sent(board)
    front_end(board, event="show_code")
    assert sent[-1] == {"code": board.game_code()} and len(sent[-1]["code"]) <= 20


def test_a_forged_code_with_its_own_start_is_refused_and_changes_nothing() -> None:
    """Issue 71: a first-version code with its own start (500 points, a chosen rack) and
    its check letters recomputed opened as a normal game."""
    board = mathplay.play("summy", seats=["human", "human"], seed=9, size=9, threaded=False)
    before = board.game.save()
    start = dict(board.game._start, scores=[500, 0], hands=["99x9=81+", "45+9=8x1"])
    payload = {"f": "mathplay.summy", "v": 1, "o": json.loads(before)["options"], "s": 9,
               "h": [], "t": start}  # fmt: skip
    body = _encode(zlib.compress(json.dumps(payload).encode("utf-8")))
    front_end(board, event="open_code", code="MP1-" + body + _check(body))
    assert board.game.save() == before
    assert board.message.startswith("This game code brings its own tiles and points")
