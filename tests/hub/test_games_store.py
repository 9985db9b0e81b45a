"""The games between pupils in the records service's database (SQLite here; the service
test plays on PostgreSQL): stored, read back checked, a move stored only on the version
it was played on (two copies of the service cannot both store a move there); a pupil's
limit of games going on holds when 200 new games come at once, on SQLite and PostgreSQL
(threads against the store); a game kept by an older service (its seed the one that
dealt it) still loads."""

from __future__ import annotations

import json
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from mathplay.classroom.shared_games import SharedGame
from mathplay.hub.games import MOST_OPEN_GAMES, ChosenDeal, GameStore, new_game_id, read_new_game
from mathplay.hub.store import RecordStore
from tests.hub.postgres import Postgres, postgres_bin

pytestmark = pytest.mark.hub


@pytest.fixture
def store(tmp_path: Path) -> GameStore:
    return GameStore(RecordStore(f"sqlite:///{tmp_path / 'records.sqlite'}").engine)


def test_a_game_is_stored_and_read_back(store: GameStore) -> None:
    shared = SharedGame.new(new_game_id(), "summy", ["ana", "ben"], size=9)
    shared.started_by = "ana"
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
    body = {"game": "summy", "with": ["ben"], "options": {"size": 9}, "resume": True}
    assert read_new_game(body) == ("summy", ["ben"], {"size": 9})


@pytest.mark.parametrize("body", [{"seed": 7}, {"seed": 0}, {"options": {"seed": 7}},
    {"start": {}}, {"save": "{}"}, {"options": {"hands": ["123"]}}, {"bag": []}])  # fmt: skip
def test_a_seed_or_a_start_is_refused_in_words(body: dict[str, object]) -> None:
    with pytest.raises(ChosenDeal, match="Nobody chooses the tiles"):
        read_new_game({"game": "summy", "with": ["ben"], **body})


@pytest.fixture(scope="module")
def postgres() -> Iterator[str]:
    if postgres_bin() is None:
        pytest.fail("PostgreSQL is not installed (apt-get install postgresql)")
    with Postgres() as server:
        yield server.url


@pytest.fixture(params=["sqlite", "postgresql"])
def any_store(request: pytest.FixtureRequest, tmp_path: Path) -> GameStore:
    if request.param == "sqlite":
        return GameStore(RecordStore(f"sqlite:///{tmp_path / 'records.sqlite'}").engine)
    return GameStore(RecordStore(request.getfixturevalue("postgres")).engine)


def test_200_new_games_at_once_store_at_most_the_limit(any_store: GameStore) -> None:
    store = any_store
    pupil = f"cai-{new_game_id()[:6]}"  # a pupil of this test alone (one PostgreSQL)
    store.create(_started(pupil, "ben"), MOST_OPEN_GAMES)  # one before the burst
    tournament = _started("ben", pupil)  # a game someone else put them in: not counted
    tournament.started_by = None
    store.create(tournament, MOST_OPEN_GAMES)

    def one(_n: int) -> bool:
        return store.create(_started(pupil, "ben"), MOST_OPEN_GAMES)

    with ThreadPoolExecutor(max_workers=50) as pool:
        made = list(pool.map(one, range(200)))
    assert made.count(True) == MOST_OPEN_GAMES - 1
    assert store.open_games(pupil) == MOST_OPEN_GAMES
    assert len([g for g in store.of_pupil(pupil) if not g["over"]]) == MOST_OPEN_GAMES + 1
    # ben, put in all of them, starts his own as if none were there.
    assert store.open_games("ben") <= 1
    assert store.create(_started("ben", pupil), MOST_OPEN_GAMES)


def _started(pupil: str, other: str) -> SharedGame:
    shared = SharedGame.new(new_game_id(), "binary", [pupil, other])
    shared.started_by = pupil
    return shared


def test_a_game_an_older_service_kept_still_loads(store: GameStore) -> None:
    """A row of an older service: its save's seed dealt the game, no ``started_by``, no
    ``secret_deal``. It loads and plays on; once over, a pupil gets it without that seed."""
    shared = SharedGame.new(new_game_id(), "summy", ["ana", "ben"], seed=4242, size=9)
    old = json.loads(shared.record())
    assert set(old) == {"id", "game", "pupils", "save"}  # what an older service wrote
    store.create(shared)
    again = store.get(shared.id)
    assert again is not None and again.game.seed == 4242 and again.starter() == "ana"
    assert again.version == 0 and not again.is_over
    again.resign("ben")
    assert store.save(again, 0)
    ended = store.get(shared.id)
    assert ended is not None and ended.is_over and ended.winners() == (0,)
    sent = json.loads(ended.view_for("ana")["save"])
    assert sent["seed"] != 4242 and sent["start"] == json.loads(shared.game.save())["start"]
