"""The games between pupils in the records service's database (SQLite here; the service
test plays on PostgreSQL): stored, read back checked, a move stored only on the version
it was played on (two copies of the service cannot both store a move there)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mathplay.classroom.shared_games import SharedGame
from mathplay.hub.games import GameStore, new_game_id, read_new_game
from mathplay.hub.store import RecordStore

pytestmark = pytest.mark.hub


@pytest.fixture
def store(tmp_path: Path) -> GameStore:
    return GameStore(RecordStore(f"sqlite:///{tmp_path / 'records.sqlite'}").engine)


def test_a_game_is_stored_and_read_back(store: GameStore) -> None:
    shared = SharedGame.new(new_game_id(), "summy", ["ana", "ben"], seed=4, size=9)
    store.create(shared)
    again = store.get(shared.id)
    assert again is not None and again.game.state_key() == shared.game.state_key()
    assert store.get("0" * 24) is None
    assert store.open_games("ana") == 1 and store.open_games("cai") == 0
    listed = store.of_pupil("ben")
    assert [(g["id"], g["pupils"], g["to_move"]) for g in listed] == [
        (shared.id, ["ana", "ben"], "ana")
    ]


def test_a_move_is_stored_only_on_the_version_it_was_played_on(store: GameStore) -> None:
    shared = SharedGame.new(new_game_id(), "binary", ["ana", "ben"], seed=4)
    store.create(shared)
    first, second = store.get(shared.id), store.get(shared.id)  # two copies of the service
    assert first is not None and second is not None
    move = str(first.game.best_moves(1)[0])
    first.play("ana", move, 0)
    second.play("ana", "pass", 0)
    assert store.save(first, 0) is True
    assert store.save(second, 0) is False  # the other copy came first: refused
    kept = store.get(shared.id)
    assert kept is not None and kept.version == 1 and kept.game.history[0].move == move


@pytest.mark.parametrize("body", [None, [], {"game": "chess", "with": ["ben"]},
    {"game": "summy"}, {"game": "summy", "with": []}, {"game": "summy", "with": [1]},
    {"game": "summy", "with": ["b", "c", "d", "e"]}, {"game": "summy", "with": ["b"], "seed": -1},
    {"game": "summy", "with": ["b"], "seed": True}, {"game": "summy", "with": ["b"], "options": []},
    {"game": "summy", "with": ["b"], "options": {"players": 4}},
    {"game": "summy", "with": ["b"], "options": {"x": "y" * 600}}])  # fmt: skip
def test_a_bad_new_game_request_is_refused_in_words(body: object) -> None:
    with pytest.raises(ValueError):
        read_new_game(body)


def test_a_new_game_request_is_read() -> None:
    body = {"game": "summy", "with": ["ben"], "seed": 7, "options": {"size": 9}}
    assert read_new_game(body) == ("summy", ["ben"], 7, {"size": 9})
