"""Fair play between pupils through the records service, on a real JupyterHub with
PostgreSQL (issue 71, points 1 and 2).

- **Deals no pupil can know.** A pupil who finished a tournament game, and a pupil who
  tried to start a game with a seed of their own, try to deal the other games with every
  number the service ever sent them (and with the tournament's old rule, ``seed =
  tournament seed × 100 + round × 10 + game``): none of their deals is a rack of any
  other game, checked against the service's own deals in its database. The finished
  game's review holds the dealt start, not the seed that dealt it.
- **Limits that hold under a burst.** 200 new games sent at once store at most the limit;
  the classmates put in them can still start games, decline one, resign one.
- **Decline and resign** change the game for both pupils and are refused for anyone else.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from mathplay import Summy
from mathplay.ai import make_player
from mathplay.classroom.shared_games import CHOSEN_DEAL, TOO_MANY_GAMES, TOO_MANY_REQUESTS
from mathplay.core import load
from mathplay.hub.games import MOST_OPEN_GAMES, GameStore
from mathplay.hub.store import RecordStore
from mathplay.hub.tournaments import TournamentStore, read_settings
from tests.hub.conftest import _cannot, _proxy
from tests.hub.postgres import Postgres, postgres_bin
from tests.hub.records_hub import CLASS, SERVICE, TEACHER, RecordsHub

pytestmark = pytest.mark.hub

GAMES = SERVICE + "api/games"
#: The tournament's pupils (all on the hub, so each can play through the service).
SIX = ["ana", "ben", "cai", "dan", "eve", "fay"]


@pytest.fixture(scope="module")
def records_hub() -> Iterator[RecordsHub]:
    try:
        import jupyterhub  # noqa: F401
    except ImportError:
        _cannot("the jupyterhub package is not installed (pip install -e '.[test]')")
    if postgres_bin() is None:
        _cannot("PostgreSQL is not installed (apt-get install postgresql)")
    with Postgres() as server, RecordsHub(server.url, _proxy()) as hub:
        hub.add_users(["dan", "eve", "fay", "zed"])  # zed: in no game at all
        yield hub


@pytest.fixture(scope="module")
def tokens(records_hub: RecordsHub) -> dict[str, str]:
    return {who: records_hub.token_for(who) for who in [*SIX, "zed"]}


@pytest.fixture(scope="module")
def games(records_hub: RecordsHub) -> GameStore:
    """The service's own games (its database), to check what pupils were sent against."""
    return GameStore(RecordStore(records_hub.db_url).engine)


class Pupil:
    """A pupil's kernel: calls the service with their token and keeps every answer."""

    def __init__(self, hub: RecordsHub, name: str, token: str) -> None:
        self.hub, self.name, self.token = hub, name, token
        self.received: list[Any] = []

    def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        status, answer = self.hub.call(method, path, self.token, body)
        self.received.append(answer)
        return status, answer


def numbers_in(value: Any) -> set[int]:
    """Every whole number in ``value``, looking into texts that are JSON (a save)."""
    if isinstance(value, bool):
        return set()
    if isinstance(value, int):
        return {value}
    if isinstance(value, dict):
        return set().union(*(numbers_in(v) for v in value.values()), set())
    if isinstance(value, list):
        return set().union(*(numbers_in(v) for v in value), set())
    if isinstance(value, str) and value[:1] in "{[":
        try:
            return numbers_in(json.loads(value))
        except ValueError:
            return set()
    return set()


def seeds_to_try(known: set[int]) -> set[int]:
    """Every seed a pupil could try from ``known``: each number itself and, for each,
    the tournament seed it would give by the old rule and every game of every round from
    it (round 1 to 9, game 0 to 9)."""
    seeds = {n for n in known if n >= 0}
    for n in list(seeds):
        if n % 100 >= 10:  # round n // 10 % 10, game n % 10
            tournament = n // 100
            seeds |= {(tournament * 100 + r * 10 + g) % 2**32 for r in range(1, 10)
                      for g in range(10)}  # fmt: skip
    return seeds


def racks_dealt_by(seeds: set[int], size: int = 9) -> set[str]:
    """Every first rack (its tiles written together) a Summy game of ``size`` dealt from
    one of ``seeds`` has."""
    return {"".join(hand) for s in seeds for hand in Summy(players=2, seed=s, size=size).hands}


def real_racks(games: GameStore, game_ids: list[str]) -> dict[str, list[str]]:
    """The racks each game was dealt (tiles written together), from the service's
    database."""
    found = {}
    for game_id in game_ids:
        shared = games.get(game_id)
        assert shared is not None
        hands = json.loads(shared.game.save())["start"]["hands"]
        found[game_id] = [h if isinstance(h, str) else "".join(h) for h in hands]
    return found


def play_to_the_end(pupils: dict[str, Pupil], game_id: str) -> None:
    """The game's pupils play it to the end through the service, each from their own
    view (the game as they may know it), as their kernels would."""
    computers = {name: make_player("easy", i) for i, name in enumerate(pupils)}
    for _turn in range(400):
        status, view = next(iter(pupils.values())).call("GET", f"{GAMES}/{game_id}")
        assert status == 200, view
        if view["over"]:
            return
        who = pupils[view["to_move"]]
        status, mine = who.call("GET", f"{GAMES}/{game_id}")
        move = computers[who.name].play_turn(load(mine["position"]))[0]
        status, after = who.call("POST", f"{GAMES}/{game_id}/moves",
                                 {"move": move, "version": mine["version"]})  # fmt: skip
        assert status == 200, after
    raise AssertionError(f"game {game_id} did not end in 400 turns")


def test_a_pupil_who_finished_a_tournament_game_cannot_deal_any_other_game(
    records_hub: RecordsHub, tokens: dict[str, str], games: GameStore
) -> None:
    hub = records_hub
    pupils = {name: Pupil(hub, name, tokens[name]) for name in SIX}
    tournaments = TournamentStore(games)
    settings = read_settings({"game": "summy-9", "pairing": "round-robin", "seconds": "0"}, SIX)
    tournament_id = tournaments.create(CLASS, TEACHER, settings)
    (_n, _pairs, first_round), = tournaments.rounds(tournament_id)  # fmt: skip
    assert len(first_round) == 3
    for shared in first_round:  # round 1 played to the end, through the service
        play_to_the_end({p: pupils[p] for p in shared.pupils}, shared.id)
    deadline = time.monotonic() + 60  # the service makes round 2 after the last move
    while len(tournaments.rounds(tournament_id)) < 2 and time.monotonic() < deadline:
        time.sleep(0.3)
    rounds = tournaments.rounds(tournament_id)
    assert len(rounds) == 2  # the service made round 2
    ana_game = next(g for g in first_round if "ana" in g.pupils)
    others = [g.id for _n, _p, round_games in rounds for g in round_games if g.id != ana_game.id]
    assert len(others) == 5

    # What ana was sent for her finished game's review: the dealt start, not its seed.
    status, ended = pupils["ana"].call("GET", f"{GAMES}/{ana_game.id}")
    assert status == 200 and ended["over"]
    real = games.get(ana_game.id)
    assert real is not None
    review = load(ended["save"])
    assert review.state_key() == real.game.state_key()
    dealt = json.loads(real.game.save())["start"]
    assert json.loads(ended["save"])["start"] == dealt
    sent_seed = json.loads(ended["save"])["seed"]
    start_from_seed = json.loads(Summy(players=2, seed=sent_seed, size=9).save())["start"]
    assert start_from_seed["hands"] != dealt["hands"]  # the seed sent did not deal it

    # ana tries every number she was ever sent: no rack of any other game.
    tried = racks_dealt_by(seeds_to_try(numbers_in(pupils["ana"].received)))
    assert len(tried) > 100
    for game_id, racks in real_racks(games, others).items():
        assert not tried & set(racks), f"ana can deal a rack of game {game_id}"


@pytest.mark.parametrize(
    "body",
    [
        {"game": "summy", "with": ["ben"], "seed": 4242, "options": {"size": 9}},
        {"game": "summy", "with": ["ben"], "options": {"size": 9, "seed": 4242}},
        {"game": "summy", "with": ["ben"], "start": {"hands": ["1+2=3", "4+5=9"]}},
        {"game": "summy", "with": ["ben"], "save": Summy(players=2, seed=4242, size=9).save()},
    ],
    ids=["seed", "seed-in-options", "start", "save"],
)
def test_a_seed_or_a_start_from_a_pupil_is_refused_and_tells_nothing(
    records_hub: RecordsHub, tokens: dict[str, str], games: GameStore, body: dict[str, Any]
) -> None:
    cai = Pupil(records_hub, "cai", tokens["cai"])
    before = len(games.of_pupil("cai"))
    status, answer = cai.call("POST", GAMES, body)
    assert status == 400 and answer.get("kind") == CHOSEN_DEAL, answer
    assert "seed" not in answer["error"] or "nobody" in answer["error"].lower()
    assert len(games.of_pupil("cai")) == before  # no game made
    # cai starts a game as the service allows, and tries his seed and every number sent.
    status, view = cai.call("POST", GAMES, {"game": "summy", "with": ["ben"],
                                            "options": {"size": 9}})  # fmt: skip
    assert status == 201, view
    status, _ = cai.call("GET", f"{GAMES}/{view['id']}")
    tried = racks_dealt_by(seeds_to_try({4242} | numbers_in(cai.received)))
    ((_, racks),) = real_racks(games, [view["id"]]).items()
    assert "".join(view["hand"]) == racks[0]  # his own rack, as the service dealt it
    assert not tried & {racks[1]}, "cai can deal ben's rack"
    status, _ = cai.call("POST", f"{GAMES}/{view['id']}/resign")
    assert status == 200


def _started_by(games: GameStore, pupil: str) -> int:
    return games.open_games(pupil)


def test_200_new_games_at_once_store_at_most_the_limit(
    records_hub: RecordsHub, tokens: dict[str, str], games: GameStore
) -> None:
    hub = records_hub
    before = _started_by(games, "cai")

    def new_game(_n: int) -> tuple[int, Any]:
        return hub.call("POST", GAMES, tokens["cai"], {"game": "binary", "with": ["ben"]},
                        wait_when_asked=False)  # fmt: skip

    with ThreadPoolExecutor(max_workers=100) as pool:
        answers = list(pool.map(new_game, range(200)))
    statuses = [status for status, _answer in answers]
    made = [answer["id"] for status, answer in answers if status == 201]
    assert len(made) <= MOST_OPEN_GAMES - before, statuses
    refused = [answer for status, answer in answers if status != 201]
    assert {status for status, _a in answers if status != 201} == {429}
    # Refused as too many games, or (his requests' bucket spent) asked to wait
    assert {a.get("kind") for a in refused} <= {TOO_MANY_GAMES, TOO_MANY_REQUESTS}, refused[:3]
    while True:  # as his kernel does: wait when asked, ask again, until the limit says no
        status, answer = new_game(0)
        if status == 429 and answer.get("kind") == TOO_MANY_REQUESTS:
            time.sleep(1.0)
        elif status == 201:
            made.append(answer["id"])
        else:
            assert (status, answer.get("kind")) == (429, TOO_MANY_GAMES), (status, answer)
            break
    assert len(made) == MOST_OPEN_GAMES - before, statuses
    assert _started_by(games, "cai") == MOST_OPEN_GAMES
    # ben is in 20 of cai's games: his own limit counts the games he started.
    status, own = hub.call("POST", GAMES, tokens["ben"], {"game": "binary", "with": ["ana"]})
    assert status == 201, own
    # He declines one of cai's; cai may start one more, and no more.
    status, declined = hub.call("POST", f"{GAMES}/{made[0]}/decline", tokens["ben"])
    assert status == 200 and declined["over"] and declined["to_move"] is None, declined
    assert _started_by(games, "cai") == MOST_OPEN_GAMES - 1
    status, again = hub.call("POST", GAMES, tokens["cai"], {"game": "binary", "with": ["ben"]})
    assert status == 201, again
    status, refused_one = hub.call("POST", GAMES, tokens["cai"],
                                   {"game": "binary", "with": ["ben"]})  # fmt: skip
    assert status == 429 and refused_one["kind"] == TOO_MANY_GAMES
    for game_id in [*made[1:], again["id"], own["id"]]:  # leave the other tests room
        hub.call("POST", f"{GAMES}/{game_id}/resign", tokens["ben"])
    assert _started_by(games, "cai") == 0


def test_decline_and_resign_change_the_game_and_only_for_its_pupils(
    records_hub: RecordsHub, tokens: dict[str, str], games: GameStore
) -> None:
    hub = records_hub

    def new() -> str:
        body = {"game": "summy", "with": ["ben"], "options": {"size": 9}}
        status, view = hub.call("POST", GAMES, tokens["ana"], body)
        assert status == 201, view
        return str(view["id"])

    # Declined by the classmate put in it, before any move: over, nobody wins.
    game_id = new()
    for who, status_wanted in (("zed", 404), ("cai", 404), ("ana", 409)):
        status, answer = hub.call("POST", f"{GAMES}/{game_id}/decline", tokens[who])
        assert status == status_wanted, (who, answer)
    status, view = hub.call("POST", f"{GAMES}/{game_id}/decline", tokens["ben"])
    assert status == 200 and "ben" in view["over"] and view["to_move"] is None
    stored = games.get(game_id)
    assert stored is not None and stored.is_over and stored.game.ply == 0
    status, seen = hub.call("GET", f"{GAMES}/{game_id}", tokens["ana"])
    assert seen["over"] == view["over"] and seen["version"] == view["version"]
    status, answer = hub.call("POST", f"{GAMES}/{game_id}/moves", tokens["ana"],
                              {"move": "pass", "version": seen["version"]})  # fmt: skip
    assert status == 409, answer

    # Resigned by either pupil, after moves: over, the other one wins; once only.
    game_id = new()
    status, answer = hub.call("POST", f"{GAMES}/{game_id}/moves", tokens["ana"],
                              {"move": "pass", "version": 0})  # fmt: skip
    assert status == 200, answer
    status, answer = hub.call("POST", f"{GAMES}/{game_id}/decline", tokens["ben"])
    assert status == 200  # ben has not moved yet: he may still decline
    game_id = new()
    hub.call("POST", f"{GAMES}/{game_id}/moves", tokens["ana"], {"move": "pass", "version": 0})
    hub.call("POST", f"{GAMES}/{game_id}/moves", tokens["ben"], {"move": "pass", "version": 1})
    status, answer = hub.call("POST", f"{GAMES}/{game_id}/decline", tokens["ben"])
    assert status == 409, answer  # he has played in it: he may resign, not decline
    for who in ("zed", "cai"):
        assert hub.call("POST", f"{GAMES}/{game_id}/resign", tokens[who])[0] == 404
    status, view = hub.call("POST", f"{GAMES}/{game_id}/resign", tokens["ana"])
    assert status == 200 and view["to_move"] is None
    assert "ana" in view["over"] and "ben" in view["over"], view["over"]
    stored = games.get(game_id)
    assert stored is not None and stored.is_over and stored.winners() == (1,)
    assert load(view["save"]).ply == 2  # the whole game, for its review
    assert hub.call("POST", f"{GAMES}/{game_id}/resign", tokens["ben"])[0] == 409
    listed = hub.call("GET", GAMES, tokens["ben"])[1]["games"]
    assert next(g for g in listed if g["id"] == game_id)["over"]
