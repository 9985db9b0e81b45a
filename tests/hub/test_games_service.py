"""Games between pupils on two machines, through the records service on a real
JupyterHub with PostgreSQL (Debian's package): two pupils, each with their own hub
token, play a seeded Summy game to the end; each answer holds the asking pupil's tiles
only; a reload (asking again) goes on where the game is; a board waiting for the other
pupil's move hears of it at once; hostile requests (an illegal move, another pupil's
move, a move out of turn, a board that is behind, someone else's game, a classmate who is
not one, a flood of games) are refused and change nothing."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from mathplay import Summy
from mathplay.ai import make_player
from tests.hub.conftest import _cannot, _proxy
from tests.hub.postgres import Postgres, postgres_bin
from tests.hub.records_hub import SERVICE, RecordsHub

pytestmark = pytest.mark.hub

GAMES = SERVICE + "api/games"


@pytest.fixture(scope="module")
def records_hub() -> Iterator[RecordsHub]:
    try:
        import jupyterhub  # noqa: F401
    except ImportError:
        _cannot("the jupyterhub package is not installed (pip install -e '.[test]')")
    if postgres_bin() is None:
        _cannot("PostgreSQL is not installed (apt-get install postgresql)")
    with Postgres() as server, RecordsHub(server.url, _proxy()) as hub:
        hub.add_users(["zed"])  # on the hub, in no class
        yield hub


@pytest.fixture(scope="module")
def tokens(records_hub: RecordsHub) -> dict[str, str]:
    return {who: records_hub.token_for(who) for who in ("ana", "ben", "cai", "zed")}


def _new_game(hub: RecordsHub, tokens: dict[str, str]) -> dict[str, Any]:
    body = {"game": "summy", "with": ["ben"], "seed": 21, "options": {"size": 9}}
    status, view = hub.call("POST", GAMES, tokens["ana"], body)
    assert status == 201, (status, view)
    return view


def test_two_pupils_play_a_seeded_summy_game_to_the_end(
    records_hub: RecordsHub, tokens: dict[str, str]
) -> None:
    hub = records_hub
    view = _new_game(hub, tokens)
    game_id = view["id"]
    local = Summy(players=2, seed=21, size=9)  # the same deal, to check what is shown
    assert view["hand"] == list(local.hands[0]) and view["you"] == 0
    status, ben = hub.call("GET", f"{GAMES}/{game_id}", tokens["ben"])
    assert status == 200 and ben["hand"] == list(local.hands[1])
    for answer in (view, ben):  # never the other pupil's tiles
        assert "hands" not in json.dumps(answer)
    players = {"ana": make_player("medium", 1), "ben": make_player("easy", 2)}
    turns = 0
    while True:
        status, now = hub.call("GET", f"{GAMES}/{game_id}", tokens["ana"])
        assert status == 200
        if now["over"]:
            break
        who = now["to_move"]
        status, mine = hub.call("GET", f"{GAMES}/{game_id}", tokens[who])  # a reload
        assert mine["hand"] == list(local.hands[mine["you"]])
        move = players[who].play_turn(local.copy())[0]  # what that pupil's board sends
        status, after = hub.call("POST", f"{GAMES}/{game_id}/moves", tokens[who],
                                 {"move": move, "version": mine["version"]})  # fmt: skip
        assert status == 200, (status, after)
        local.play(move)
        assert after["version"] == local.ply and after["hand"] == list(local.hands[after["you"]])
        turns += 1
    assert local.is_over and turns == local.ply
    status, listed = hub.call("GET", GAMES, tokens["ben"])
    assert any(g["id"] == game_id and g["over"] for g in listed["games"])


def test_a_board_waiting_for_the_other_move_hears_of_it_at_once(
    records_hub: RecordsHub, tokens: dict[str, str]
) -> None:
    hub = records_hub
    game_id = _new_game(hub, tokens)["id"]
    heard: list[tuple[float, Any]] = []

    def ben_waits() -> None:
        status, view = hub.call("GET", f"{GAMES}/{game_id}?version=0", tokens["ben"])
        heard.append((time.monotonic(), (status, view)))

    waiting = threading.Thread(target=ben_waits)
    waiting.start()
    time.sleep(1.5)  # ben's board is waiting
    assert heard == []  # nothing to hear yet: the answer waits for a move
    status, _view = hub.call("POST", f"{GAMES}/{game_id}/moves", tokens["ana"],
                             {"move": "pass", "version": 0})  # fmt: skip
    played = time.monotonic()
    assert status == 200
    waiting.join(30)
    answered, (status, view) = heard[0]
    assert status == 200 and view["version"] == 1 and view["to_move"] == "ben"
    assert answered - played < 1.0  # ben's board hears of the move within a second


def test_hostile_requests_are_refused_and_change_nothing(
    records_hub: RecordsHub, tokens: dict[str, str]
) -> None:
    hub = records_hub
    game_id = _new_game(hub, tokens)["id"]
    moves = f"{GAMES}/{game_id}/moves"
    refused = [
        (tokens["ben"], {"move": "pass", "version": 0}, 409, "It is ana's turn"),
        (tokens["ana"], {"move": "E5 across 9x9=18", "version": 0}, 409, "not allowed"),
        (tokens["ana"], {"move": "pass", "version": 3}, 409, "moved on"),
        (tokens["ana"], {"move": 42, "version": 0}, 409, "not a move"),
        (tokens["cai"], {"move": "pass", "version": 0}, 404, "no such game"),
        (tokens["ana"], [1, 2], 400, ""),
        ("not-a-token", {"move": "pass", "version": 0}, 401, ""),
    ]
    for token, body, status, words in refused:
        got, answer = hub.call("POST", moves, token, body)
        assert got == status, (body, got, answer)
        assert words in json.dumps(answer), answer
    status, view = hub.call("GET", f"{GAMES}/{game_id}", tokens["ana"])
    assert view["version"] == 0 and view["moves"] == []
    assert hub.call("GET", f"{GAMES}/{game_id}", tokens["cai"])[0] == 404
    assert hub.call("GET", f"{GAMES}/{game_id}?version={'9' * 5000}", tokens["ana"])[0] == 200
    assert hub.call("GET", f"{GAMES}/{'0' * 24}", tokens["ana"])[0] == 404
    assert hub.call("GET", f"{GAMES}/../records", tokens["ana"])[0] in (404, 405)
    # Only classmates can be invited; not yourself; not a game that does not exist.
    for body, status in (
        ({"game": "summy", "with": ["zed"]}, 403),
        ({"game": "summy", "with": ["ana"]}, 400),
        ({"game": "chess", "with": ["ben"]}, 400),
        ({"game": "summy", "with": ["ben"], "options": {"size": 4}}, 400),
    ):
        got, answer = hub.call("POST", GAMES, tokens["ana"], body)
        assert got == status, (body, got, answer)


def test_a_pupil_cannot_flood_the_database_with_games(
    records_hub: RecordsHub, tokens: dict[str, str]
) -> None:
    hub = records_hub
    statuses = [
        hub.call("POST", GAMES, tokens["cai"], {"game": "binary", "with": ["ben"]})[0]
        for _n in range(25)
    ]
    assert statuses.count(201) == 20 and set(statuses[20:]) == {429}
