"""Games between pupils on two machines, through the records service on a real
JupyterHub with PostgreSQL (Debian's package): two pupils, each with their own hub
token, play a Summy game the service dealt to the end; each answer holds the asking pupil's tiles
only; a reload (asking again) goes on where the game is; a board waiting for the other
pupil's move hears of it at once; hostile requests (an illegal move, another pupil's
move, a move out of turn, a board that is behind, someone else's game, a classmate who is
not one, a flood of games) are refused and change nothing."""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from mathplay import Summy
from mathplay.ai import make_player
from mathplay.classroom.shared_games import NOT_CLASSMATES
from tests.browser.axe import SERIOUS, describe, findings
from tests.browser.labserver import launch, run_all, write_notebook
from tests.hub.conftest import _cannot, _proxy
from tests.hub.hubserver import log_in
from tests.hub.postgres import Postgres, postgres_bin
from tests.hub.records_hub import CLASS, SERVICE, TEACHER, RecordsHub
from tests.screenshots import shots

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
    body = {"game": "summy", "with": ["ben"], "options": {"size": 9}}  # dealt by the service
    status, view = hub.call("POST", GAMES, tokens["ana"], body)
    assert status == 201, (status, view)
    return view


def test_two_pupils_play_a_summy_game_the_service_dealt_to_the_end(
    records_hub: RecordsHub, tokens: dict[str, str]
) -> None:
    from mathplay.hub.games import GameStore
    from mathplay.hub.store import RecordStore

    hub = records_hub
    view = _new_game(hub, tokens)
    game_id = view["id"]
    dealt = GameStore(RecordStore(hub.db_url).engine).get(game_id)
    assert dealt is not None
    local: Summy = dealt.game  # the service's own deal, to check what is shown
    assert view["hand"] == list(local.hands[0]) and view["you"] == 0
    status, ben = hub.call("GET", f"{GAMES}/{game_id}", tokens["ben"])
    assert status == 200 and ben["hand"] == list(local.hands[1])
    for seat, answer in enumerate((view, ben)):  # never the other pupil's tiles
        assert "".join(local.hands[1 - seat]) not in json.dumps(answer)
        known = json.loads(answer["position"])  # what the pupil's board plays on
        assert known["seed"] != local.seed
        assert known["start"]["hands"][seat] == "".join(answer["hand"])
        assert known["start"]["hands"][1 - seat] != "".join(local.hands[1 - seat])
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
        (tokens["ana"], {"move": "E5 across 9x9=18", "version": 0}, 409, "error"),
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
        # The pupil's kernel tells "not a classmate" apart by its kind, not its words.
        assert (answer.get("kind") == NOT_CLASSMATES) == (status == 403), answer


def test_a_pupil_cannot_flood_the_database_with_games(
    records_hub: RecordsHub, tokens: dict[str, str]
) -> None:
    hub = records_hub
    statuses = [
        hub.call("POST", GAMES, tokens["cai"], {"game": "binary", "with": ["ben"]})[0]
        for _n in range(25)
    ]
    assert statuses.count(201) == 20 and set(statuses[20:]) == {429}


# --- two pupils in two browsers: mathplay.play_with on their own JupyterLab ------------

PLAY_NOTEBOOK = "play-a-classmate.ipynb"
SHOTS = shots("hub-games")


#: ana's notebook plays ben with a line of code; ben's is a game against the computer, and
#: he plays ana from its New game panel, as a pupil who edits no code does.
ANA_CELLS = ['import mathplay\nmathplay.play_with("ben", "summy", size=9, new=True)']
BEN_CELLS = ['import mathplay\nmathplay.play("summy", size=9)']


def _play_by_panel(page: Any, board: Any, classmate: str, seen: dict[str, Any]) -> Any:
    """Open the New game panel and play ``classmate`` from it (name typed, Enter)."""
    from playwright.sync_api import expect

    board.get_by_role("button", name="New game").click()
    name_box = board.get_by_label("Your classmate's name on the hub")
    expect(name_box).to_be_visible()
    if "panel axe" not in seen:  # the panel as a pupil first sees it
        name_box.scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / "new-game-panel-classmate-1024x768.png"))
        seen["panel axe"] = findings(page)
    name_box.fill(classmate)
    name_box.press("Enter")
    expect(board.locator(".mp-score-name").filter(has_text=classmate)).to_have_count(1)
    return board


def _open_board(page: Any, user: str, reload: bool = False) -> Any:
    from playwright.sync_api import expect

    if reload:
        page.reload()
    else:
        page.wait_for_url(f"**/user/{user}/lab**", timeout=120_000)
        page.locator(".jp-DirListing-item", has_text=PLAY_NOTEBOOK).dblclick()
    run_all(page, timeout_ms=90_000)
    board = page.locator(".mp-board-widget").first
    board.locator(".mp-square").last.wait_for(timeout=90_000)
    expect(board.locator(".mp-hand .mp-tile")).not_to_have_count(0)
    return board


def _rack(board: Any) -> list[str]:
    """The tiles on the page's rack, as written on them."""
    return [str(t) for t in board.locator(".mp-hand .mp-tile .mp-tile-text").all_inner_texts()]


def _written(hand: Any) -> list[str]:
    """A Summy hand as its tiles are written (× and ÷ for x and :)."""
    from mathplay.widgets.boards import _SIGNS

    return [_SIGNS.get(token, token) for token in hand]


def _play_by_clicks(board: Any, game: Any, move: str) -> None:
    """The pupil's move on their board: each tile of the rack onto its square, Play."""
    from mathplay.core import square_name
    from mathplay.widgets.view import placed_tiles

    parsed = game.parse_move(move)
    if move.startswith("discard"):  # mark the tiles, then discard them
        board.get_by_role("button", name="Discard", exact=True).click()
        hand = list(game.hands[game.to_move])
        for token in parsed.tokens:
            index = hand.index(token)
            hand[index] = ""
            board.locator(".mp-hand .mp-tile").nth(index).click()
        board.get_by_role("button", name="Discard the marked ones").click()
        return
    if not getattr(parsed, "squares", None):  # a pass
        button = board.get_by_role("button", name="Pass", exact=True)
        button.click()
        board.page.wait_for_timeout(500)
        if "Press Pass again" in board.locator(".mp-message").inner_text():
            button.click()  # "this ends the game": yes, as a pupil would
        return
    complete, _score = game._validate(parsed)
    hand = list(game.hands[game.to_move])
    for square, token in placed_tiles(game, complete):
        index = hand.index(token)
        hand[index] = ""  # used
        board.locator(".mp-hand .mp-tile").nth(index).click()
        board.locator(f'.mp-square[data-name="{square_name(square)}"]').click()
    board.get_by_role("button", name="Play", exact=True).click()


def _two_pupils_play(hub: RecordsHub, seen: dict[str, Any]) -> None:
    from playwright.sync_api import expect, sync_playwright

    from mathplay.hub.games import GameStore
    from mathplay.hub.store import RecordStore

    expect.set_options(timeout=60_000)
    store = GameStore(RecordStore(hub.db_url).engine)
    with sync_playwright() as playwright:
        browser = launch(playwright)
        try:
            pages = {who: log_in(browser, hub, who, viewport=(1024, 768)) for who in ("ana", "ben")}
            boards = {"ana": _open_board(pages["ana"], "ana")}
            boards["ben"] = _play_by_panel(
                pages["ben"], _open_board(pages["ben"], "ben"), "ana", seen
            )
            games = [g for g in store.of_pupil("ana") if not g["over"] and g["game"] == "summy"]
            game_id = games[0]["id"]
            seen["game id"] = game_id
            computers = {"ana": make_player("easy", 1), "ben": make_player("easy", 2)}
            turns = 0
            while True:
                shared = store.get(game_id)
                assert shared is not None
                real = shared.game
                for who, board in boards.items():  # each page: its own tiles, never the other's
                    seat = shared.pupils.index(who)
                    expect(board.locator(".mp-log-line")).to_have_count(real.ply)
                    if not real.is_over:  # (at the end every rack may be shown)
                        mine = _written(real.hands[seat])
                        seen.setdefault("racks", []).append((who, _rack(board), mine))
                if real.is_over:
                    break
                who = shared.pupils[real.to_move]
                board = boards[who]
                expect(board.locator(".mp-message")).to_contain_text("It is your turn.")
                if turns == 0:
                    pages[who].screenshot(path=str(SHOTS / "your-turn-1024x768.png"))
                    other = "ben" if who == "ana" else "ana"
                    pages[other].screenshot(path=str(SHOTS / "waiting-1024x768.png"))
                    seen["axe"] = [findings(pages[p]) for p in ("ana", "ben")]
                if turns == 3:  # ben reloads his page mid-game, and plays ana again
                    again = _open_board(pages["ben"], "ben", reload=True)
                    boards["ben"] = _play_by_panel(pages["ben"], again, "ana", seen)
                    board = boards[who]
                    seen["reloaded at"] = real.ply
                move = computers[who].play_turn(real.copy())[0]
                _play_by_clicks(board, real, move)
                played = time.monotonic()
                other_board = boards["ben" if who == "ana" else "ana"]
                expect(other_board.locator(".mp-log-line")).to_have_count(real.ply + 1)
                seen.setdefault("heard after", []).append(time.monotonic() - played)
                turns += 1
            final = store.get(game_id)
            assert final is not None
            points = final.game.scores
            best = max(points)
            for who, board in boards.items():  # a win, a loss or a shared win
                mine = points[final.pupils.index(who)]
                if points.count(best) > 1:
                    said = rf"share the win with {best} points"
                elif mine == best:
                    said = rf"You win with {best} points"
                else:
                    said = rf"\w+ wins with {best} points"
                expect(board.locator(".mp-message")).to_contain_text(re.compile(said))
                seen[f"end, {who}"] = board.locator(".mp-message").inner_text()
                board.get_by_role("button", name="See what you could have played").click()
                expect(board.locator(".mp-message")).not_to_be_empty()
                pages[who].screenshot(path=str(SHOTS / f"over-{who}-1024x768.png"))
            seen["turns"] = turns
            seen["errors"] = [e for p in pages.values() for e in p.errors]
        except Exception:
            for who, page in pages.items():  # what each pupil saw when it went wrong
                page.screenshot(path=str(SHOTS / f"failed-{who}.png"))
            raise
        finally:
            browser.close()


@pytest.mark.browser
def test_two_pupils_play_each_other_in_two_browsers(records_hub: RecordsHub) -> None:
    from mathplay.hub.store import RecordStore

    hub = records_hub
    write_notebook(hub.home("ana") / PLAY_NOTEBOOK, ANA_CELLS)
    write_notebook(hub.home("ben") / PLAY_NOTEBOOK, BEN_CELLS)
    seen: dict[str, Any] = {}
    try:
        with ThreadPoolExecutor(max_workers=1) as pool:
            pool.submit(_two_pupils_play, hub, seen).result()
    except Exception as error:
        raise AssertionError(f"{error}\n--- the hub's log ---\n{hub.log_tail()}") from error
    finally:
        hub.remember_pids()
    print(f"{seen['turns']} turns; the other board heard each move after",
          [f"{s:.2f}" for s in seen["heard after"]])  # fmt: skip
    assert seen["turns"] > 4 and seen["reloaded at"] >= 3
    for who, rack, real in seen["racks"]:
        assert rack == real, f"{who}'s page shows {rack}, their tiles are {real}"
    for found in [*seen["axe"], seen["panel axe"]]:
        assert not [v for v in found if v["impact"] in SERIOUS], describe(found)
    assert seen["errors"] == []

    # The finished game is in both pupils' records, with its review's summary.
    def game_records(who: str) -> list[dict[str, Any]]:
        return [r for r in RecordStore(hub.db_url).records([who])
                if r.get("event") == "game" and r.get("game_id") == seen["game id"]]  # fmt: skip

    deadline = time.monotonic() + 60
    while not (game_records("ana") and game_records("ben")) and time.monotonic() < deadline:
        time.sleep(0.5)
    for who, other in (("ana", "ben"), ("ben", "ana")):
        (record,) = game_records(who)
        assert record["who"] == who and record["with"] == [other] and record["turns"] > 0
        assert 0 <= record["share"] <= 1


# --- a class tournament: the teacher's dashboard, ana in a browser, three kernels ----

KERNEL_PUPILS = ("ben", "cai", "dan")


def _kernels_play(hub: RecordsHub, tokens: dict[str, str], tournament: list[str],
                  stop: threading.Event, moves: list[str]) -> None:  # fmt: skip
    """ben, cai and dan as kernels driven by Python: each plays their tournament games
    through the service, as ``mathplay.play_with()``'s board would (moves chosen from the
    game as they may know it)."""
    from mathplay.classroom.game_service import GameService, GameServiceError, MoveRefused
    from mathplay.core import load

    links = {p: GameService(hub.service_url, tokens[p]) for p in KERNEL_PUPILS}
    players = {p: make_player("easy", i + 5) for i, p in enumerate(KERNEL_PUPILS)}
    while not stop.is_set():
        for pupil, link in links.items():
            try:
                for listed in link.games():
                    if (not tournament or listed.get("tournament") != tournament[0]
                            or listed["over"] or listed["to_move"] != pupil):  # fmt: skip
                        continue
                    view = link.view(listed["id"])
                    move = players[pupil].play_turn(load(view["position"]))[0]
                    link.move(listed["id"], move, view["version"])
                    moves.append(f"{pupil}: {move}")
            except (GameServiceError, MoveRefused) as error:
                moves.append(f"{pupil} refused: {error}")
        time.sleep(0.2)


def _the_tournament(hub: RecordsHub, tokens: dict[str, str], seen: dict[str, Any]) -> None:
    from playwright.sync_api import expect, sync_playwright

    from mathplay.hub.games import GameStore
    from mathplay.hub.store import RecordStore

    expect.set_options(timeout=60_000)
    store = GameStore(RecordStore(hub.db_url).engine)
    tournament: list[str] = []
    stop = threading.Event()
    moves: list[str] = []
    kernels = threading.Thread(target=_kernels_play, args=(hub, tokens, tournament, stop, moves))
    kernels.start()
    with sync_playwright() as playwright:
        browser = launch(playwright)
        try:
            teacher = log_in(browser, hub, TEACHER, f"{SERVICE}class/{CLASS}", (1366, 768))
            expect(teacher.get_by_role("heading", name="Start a tournament")).to_be_visible()
            teacher.get_by_label("Game").select_option(label="Summy, 9 × 9 table (quick)")
            teacher.get_by_label("Round robin: everybody plays everybody").check()
            expect(teacher.get_by_label("Hints on the boards")).not_to_be_checked()
            teacher.get_by_role("button", name="Start the tournament").click()
            expect(teacher.get_by_role("heading", name=re.compile("^Tournament: "))).to_be_visible()
            tournament.append(teacher.url.rsplit("/", 1)[1])
            live = teacher.locator("#mp-live")
            expect(live).to_contain_text("Round 1 of 3 is being played.")
            teacher.evaluate("window.mathplayNotReloaded = true")
            # ana opens her notebook: mathplay.play_with() finds her tournament game.
            ana = log_in(browser, hub, "ana", viewport=(1024, 768))
            ana.wait_for_url("**/user/ana/lab**", timeout=120_000)
            # Only this notebook open (her workspace may hold an earlier one).
            ana.goto(f"{hub.url}/user/ana/lab/tree/{TOURNAMENT_NOTEBOOK}?reset")
            run_all(ana, timeout_ms=90_000)
            board = ana.locator(".mp-board-widget").first
            board.locator(".mp-square").last.wait_for(timeout=90_000)
            seen["ana's buttons"] = board.locator(".mp-actions button").all_inner_texts()
            player = make_player("easy", 1)
            games_seen: set[str] = set()
            shot = False
            deadline = time.monotonic() + 600
            while "The tournament is over." not in live.inner_text():
                assert time.monotonic() < deadline, "the tournament did not end in 10 min"
                going_on = [g for g in store.of_pupil("ana")
                            if g.get("tournament") == tournament[0] and not g["over"]]  # fmt: skip
                if not going_on:
                    time.sleep(0.3)
                    continue
                game_id = going_on[0]["id"]
                shared = store.get(game_id)
                assert shared is not None
                real = shared.game
                if shared.pupils[real.to_move] != "ana":
                    time.sleep(0.3)
                    continue
                games_seen.add(game_id)
                expect(board.locator(".mp-message")).to_contain_text("It is your turn.")
                expect(board.locator(".mp-log-line")).to_have_count(real.ply)
                if not shot and real.ply >= 4:
                    shot = True
                    teacher.screenshot(path=str(SHOTS / "tournament-table-1366x768.png"),
                                       full_page=True)  # fmt: skip
                    seen["teacher axe"] = findings(teacher, ["html"])
                _play_by_clicks(board, real, player.play_turn(real.copy())[0])
                expect(board.locator(".mp-log-line")).not_to_have_count(real.ply)
            seen["ana's games"] = len(games_seen)
            seen["table"] = live.inner_text()
            seen["not reloaded"] = teacher.evaluate("window.mathplayNotReloaded")
            teacher.screenshot(path=str(SHOTS / "tournament-over-1366x768.png"), full_page=True)
            # The projector: a game of the class to watch, nobody's tiles.
            teacher.get_by_role("link", name=re.compile("^Watch ana")).first.click()
            expect(teacher.get_by_role("heading", name=re.compile("^Watching "))).to_be_visible()
            expect(teacher.locator("#mp-live svg")).to_have_count(1)
            teacher.screenshot(path=str(SHOTS / "watch-1366x768.png"))
            seen["watch axe"] = findings(teacher, ["html"])
            seen["errors"] = list(teacher.errors) + list(ana.errors)
        except Exception:
            for name, page in (("teacher", locals().get("teacher")), ("ana", locals().get("ana"))):
                if page is not None:
                    page.screenshot(path=str(SHOTS / f"failed-tournament-{name}.png"))
            raise
        finally:
            stop.set()
            kernels.join(30)
            browser.close()
    seen["kernel moves"] = moves
    seen["tournament"] = tournament[0]


TOURNAMENT_NOTEBOOK = "tournament.ipynb"


@pytest.mark.browser
def test_a_teacher_runs_a_round_robin_of_four(
    records_hub: RecordsHub, tokens: dict[str, str]
) -> None:
    from mathplay.hub.store import RecordStore

    hub = records_hub
    hub.add_users(["dan"])
    status, _answer = hub.call("POST", f"/hub/api/groups/{CLASS}/users", hub.admin_token,
                               {"users": ["dan"]})  # fmt: skip
    assert status == 200, _answer
    tokens = {**tokens, "dan": hub.token_for("dan")}
    time.sleep(5.5)  # the service asks the hub for the classes every 5 s
    write_notebook(hub.home("ana") / TOURNAMENT_NOTEBOOK,
                   ["import mathplay\nmathplay.play_with()"])  # fmt: skip
    seen: dict[str, Any] = {}
    try:
        with ThreadPoolExecutor(max_workers=1) as pool:
            pool.submit(_the_tournament, hub, tokens, seen).result()
    except Exception as error:
        raise AssertionError(f"{error}\n--- the hub's log ---\n{hub.log_tail()}") from error
    finally:
        hub.remember_pids()
    print(seen["table"])
    assert "Hint" not in seen["ana's buttons"]  # hints are off in this tournament
    assert seen["ana's games"] == 3 and seen["not reloaded"] is True
    assert not [m for m in seen["kernel moves"] if "refused" in m], seen["kernel moves"]
    for found in (seen["teacher axe"], seen["watch axe"]):
        assert not [v for v in found if v["impact"] in SERIOUS], describe(found)
    assert seen["errors"] == []

    # Every pupil played 3 games, and each finished game is in both pupils' records.
    def tournament_games(who: str) -> list[dict[str, Any]]:
        return [r for r in RecordStore(hub.db_url).records([who]) if r.get("event") == "game"
                and r.get("game_id") in seen["game ids"]]  # fmt: skip

    from mathplay.hub.games import GameStore

    games = GameStore(RecordStore(hub.db_url).engine)
    seen["game ids"] = {g["id"] for p in ("ana", *KERNEL_PUPILS) for g in games.of_pupil(p)
                        if g.get("tournament") == seen["tournament"]}  # fmt: skip
    assert len(seen["game ids"]) == 6
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not all(
        len(tournament_games(p)) == 3 for p in ("ana", *KERNEL_PUPILS)
    ):
        time.sleep(0.5)
    for pupil in ("ana", *KERNEL_PUPILS):
        assert len(tournament_games(pupil)) == 3, pupil
