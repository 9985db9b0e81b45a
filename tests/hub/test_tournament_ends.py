"""A tournament that finishes (issue 71, point 3), on a real JupyterHub with PostgreSQL.

- **The service's own clock.** A 6-pupil Swiss tournament with the shortest time per
  move the service allows (``MATHPLAY_SHORTEST_SECONDS_PER_MOVE``, 5 s, given to this
  hub's service only): fay plays two moves and leaves; the others play on until her game
  is over, then shut their laptops too. Nothing asks for any game after that: the
  service's clock passes for the absent pupils, each game ends with a forfeit at a
  pupil's second missed turn in a row, the next rounds are paired and end the same way,
  and the tournament finishes within the time docs/classroom.md gives. fay's forfeit is
  a win for her opponent in the table, a line of the tournament's log, and a game in
  both pupils' records.
- **The teacher ends it.** In chromium, the teacher starts a Binary tournament with no
  time limit from the class's page, ends a game from the tournament's page (given to one
  pupil), pauses and resumes it, takes a pupil out, and stops it; a form sent without
  the service's XSRF token is refused.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from mathplay.ai import make_player
from mathplay.classroom.game_service import GameService
from mathplay.classroom.shared_games import FORFEITED, MISSED_TURNS, WITHDRAWN
from mathplay.core import load
from mathplay.hub.games import GameStore
from mathplay.hub.store import RecordStore
from mathplay.hub.tournaments import CLOCK_SECONDS, SHORTEST_ENV, Settings, TournamentStore
from tests.browser.labserver import launch
from tests.hub.conftest import _cannot, _proxy
from tests.hub.hubserver import log_in
from tests.hub.postgres import Postgres, postgres_bin
from tests.hub.records_hub import CLASS, SERVICE, TEACHER, RecordsHub
from tests.screenshots import shots

pytestmark = pytest.mark.hub

SIX = ["ana", "ben", "cai", "dan", "eve", "fay"]
#: The time per move of the clock test: the shortest the service allows here.
SHORTEST = 5
SHOTS = shots("tournament-ends")


@pytest.fixture(scope="module")
def records_hub() -> Iterator[RecordsHub]:
    try:
        import jupyterhub  # noqa: F401
    except ImportError:
        _cannot("the jupyterhub package is not installed (pip install -e '.[test]')")
    if postgres_bin() is None:
        _cannot("PostgreSQL is not installed (apt-get install postgresql)")
    with Postgres() as server:
        hub = RecordsHub(server.url, _proxy(), users=[TEACHER, *SIX],
                         classes={"teachers": [TEACHER], CLASS: [TEACHER, *SIX]})  # fmt: skip
        # This hub's service offers a time per move of 5 s (docs/classroom.md).
        hub.extra_config += (
            f'\nc.JupyterHub.services[0]["environment"][{SHORTEST_ENV!r}] = "{SHORTEST}"\n'
        )
        with hub:
            yield hub


@pytest.fixture(scope="module")
def stores(records_hub: RecordsHub) -> tuple[TournamentStore, RecordStore]:
    """The service's database, read by the test (the test changes nothing in it)."""
    records = RecordStore(records_hub.db_url)
    return TournamentStore(GameStore(records.engine)), records


def finish_bound(rounds: int, seconds: int) -> float:
    """docs/classroom.md: a round in which nobody moves ends within (2 × MISSED_TURNS − 1)
    turns of the time per move and a tick of the clock each."""
    return rounds * (2 * MISSED_TURNS - 1) * (seconds + CLOCK_SECONDS)


def game_records(records: RecordStore, pupil: str, game_id: str) -> list[dict[str, Any]]:
    return [r for r in records.records([pupil]) if r.get("game_id") == game_id]


def test_a_swiss_tournament_finishes_with_a_forfeit_when_every_laptop_is_shut(
    records_hub: RecordsHub, stores: tuple[TournamentStore, RecordStore]
) -> None:
    hub = records_hub
    tournaments, records = stores
    links = {p: GameService(hub.service_url, hub.token_for(p)) for p in SIX}
    settings = Settings("binary", "swiss", 3, False, SHORTEST, tuple(SIX))
    tournament_id = tournaments.create(CLASS, TEACHER, settings)
    (_n, _pairs, first_round), = tournaments.rounds(tournament_id)  # fmt: skip
    fays = next(g for g in first_round if "fay" in g.pupils)
    rival = next(p for p in fays.pupils if p != "fay")
    players = {p: make_player("easy", i) for i, p in enumerate(SIX)}
    fay_moves = 0
    deadline = time.monotonic() + 60
    # Round 1: everybody plays at their turn, fay twice and no more, until her game is over.
    while not (tournaments.games.get(fays.id) or fays).is_over:
        assert time.monotonic() < deadline, "fay's game did not end in 60 s"
        for pupil, link in links.items():
            if pupil == "fay" and fay_moves >= 2:
                continue  # fay has left: her laptop is shut
            for game in first_round:
                listed = tournaments.games.get(game.id)
                if listed is None or listed.is_over or listed.pupils[listed.game.to_move] != pupil:
                    continue
                view = link.view(game.id)
                move = players[pupil].play_turn(load(view["position"]))[0]
                link.move(game.id, move, view["version"])
                fay_moves += pupil == "fay"
        time.sleep(0.2)
    assert fay_moves == 2
    # Every laptop is shut now: nobody asks the service for anything.
    shut = time.monotonic()
    bound = finish_bound(3, SHORTEST)
    table = tournaments.table(tournament_id)
    while table is not None and not table["finished"]:
        assert time.monotonic() - shut < 2 * bound + 30, (
            f"the tournament did not finish in {2 * bound + 30:.0f} s with every laptop shut"
        )
        time.sleep(0.5)
        table = tournaments.table(tournament_id)
    took = time.monotonic() - shut
    print(f"finished {took:.1f} s after every laptop was shut (docs: within {bound:.0f} s)")
    assert table is not None and len(table["rounds"]) == 3
    assert took < 2 * bound + 30

    ended = tournaments.games.get(fays.id)
    assert ended is not None and ended.ended == {"how": FORFEITED, "by": "fay"}
    assert [ended.pupils[s] for s in ended.winners()] == [rival]
    rows = {row.pupil: row for row in table["rows"]}
    assert rows["fay"].lost >= 1 and rows[rival].won >= 1
    assert all(row.played == 3 for row in rows.values())
    assert sum(row.won for row in rows.values()) == 9  # every game forfeited or won
    forfeits = [e for e in table["log"] if e["what"] == "forfeit"]
    assert {"fay"} <= {e["pupil"] for e in forfeits} and len(forfeits) >= 3
    every_game = [g for _n, _p, games in tournaments.rounds(tournament_id) for g in games]
    assert all(g.is_over for g in every_game) and len(every_game) == 9
    # The forfeit is in both pupils' records, said as the board says it.
    for pupil in ("fay", rival):
        (line,) = game_records(records, pupil, fays.id)
        assert line["ended"] == FORFEITED and line["tournament"] == tournament_id
        assert f"fay missed {MISSED_TURNS} turns in a row" in line["result"]


def test_the_teacher_ends_a_game_takes_a_pupil_out_and_stops_the_tournament(
    records_hub: RecordsHub, stores: tuple[TournamentStore, RecordStore]
) -> None:
    # In a thread of its own: Playwright's sync API refuses to run where an asyncio loop
    # is running, as one may be in this process after another test (pytest-xdist).
    with ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(_the_teacher_ends_and_stops, records_hub, stores).result()


def _the_teacher_ends_and_stops(
    hub: RecordsHub, stores: tuple[TournamentStore, RecordStore]
) -> None:
    from playwright.sync_api import expect, sync_playwright

    tournaments, records = stores
    expect.set_options(timeout=30_000)
    with sync_playwright() as playwright:
        browser = launch(playwright)
        try:
            teacher = log_in(browser, hub, TEACHER, f"{SERVICE}class/{CLASS}", (1366, 768))
            expect(teacher.get_by_role("heading", name="Start a tournament")).to_be_visible()
            teacher.get_by_label("Game").select_option(label="Binary")
            teacher.get_by_label("Swiss: pupils with the same points play each other").check()
            teacher.get_by_label("Time per move").select_option(label="no time limit")
            teacher.get_by_role("button", name="Start the tournament").click()
            expect(teacher.get_by_role("heading", name=re.compile("^Tournament: "))).to_be_visible()
            tournament_id = teacher.url.rsplit("/", 1)[1]
            live = teacher.locator("#mp-live")
            expect(live).to_contain_text("Round 1 of 3 is being played.")
            (_n, _p, first_round), = tournaments.rounds(tournament_id)  # fmt: skip
            game = first_round[0]
            given_to = game.pupils[1]
            names = " – ".join(game.pupils)

            # A form sent without the service's XSRF token changes nothing.
            refused = teacher.context.request.post(
                f"{hub.url}{SERVICE}class/{CLASS}/games/{game.id}/end",
                form={"result": "score"}, max_redirects=0,
            )  # fmt: skip
            assert refused.status == 403, refused.status
            assert not (tournaments.games.get(game.id) or game).is_over

            # End a game: given to its second pupil.
            teacher.get_by_label(f"How to end {names}").select_option(
                label=f"give it to {given_to}"
            )
            teacher.get_by_role("button", name=f"End the game {names}").click()
            expect(live).to_contain_text(f"The teacher ended the game and gave it to {given_to}.")
            expect(live).to_contain_text(f"ended the game {names} and gave it to {given_to}.")

            # Pause and resume. A board waiting in a game of it (as a kernel's does, on
            # the pupil's own turn too) hears of the pause at once, not at its next ask.
            waiting = first_round[2]
            board = GameService(hub.service_url, hub.token_for(waiting.pupils[0]))
            held = ThreadPoolExecutor(max_workers=1)
            heard = held.submit(board.view, waiting.id, waiting.version)
            time.sleep(1.0)  # the board's request is waiting in the service
            teacher.get_by_role("button", name="Pause the tournament").click()
            expect(live).to_contain_text("The tournament is paused")
            # WAIT_SECONDS (20 s) is when it would have answered by itself.
            view = heard.result(timeout=12)
            held.shutdown()
            assert "paused" in view["paused"] and view["version"] == waiting.version, view
            teacher.screenshot(path=str(SHOTS / "paused-1366x768.png"), full_page=True)
            teacher.get_by_role("button", name="Resume the tournament").click()
            expect(live).to_contain_text("Round 1 of 3 is being played.")

            # Take a pupil out: their game going on is forfeited.
            out_game = first_round[1]
            out = out_game.pupils[0]
            teacher.locator('select[name="pupil"]').select_option(out)
            # The page takes news in while the teacher chooses (here a move in another
            # game): the chosen pupil stays chosen (the list was made again, and the
            # first pupil taken out instead).
            other = tournaments.games.get(waiting.id)
            assert other is not None
            mover = other.pupils[other.game.to_move]
            GameService(hub.service_url, hub.token_for(mover)).move(other.id, "pass",
                                                                   other.version)  # fmt: skip
            expect(live).to_contain_text(
                f"{' – '.join(other.pupils)}: 0–0, {other.pupils[1 - other.game.to_move]} to move"
            )
            expect(teacher.locator('select[name="pupil"]')).to_have_value(out)
            teacher.get_by_role("button", name="Take out of the tournament").click()
            expect(live).to_contain_text(f"took {out} out of the tournament")
            expect(live).to_contain_text(f"{out} (taken out)")

            # Watch a game going on: the end form is there too.
            last = first_round[2]
            teacher.get_by_role("link", name=f"Watch {' – '.join(last.pupils)}").click()
            expect(teacher.get_by_role("heading", name=re.compile("^Watching "))).to_be_visible()
            expect(teacher.get_by_role("button", name=re.compile("^End the game"))).to_be_visible()
            teacher.go_back()

            # Stop the tournament: the game going on is scored as it stands.
            teacher.get_by_role("button", name="Stop the tournament").click()
            expect(live).to_contain_text("The tournament is over. The teacher stopped it.")
            expect(teacher.get_by_role("button", name="Stop the tournament")).to_have_count(0)
            teacher.screenshot(path=str(SHOTS / "stopped-1366x768.png"), full_page=True)
            seen_errors = list(teacher.errors)
        except Exception:
            page = locals().get("teacher")
            if page is not None:
                page.screenshot(path=str(SHOTS / "failed-teacher.png"), full_page=True)
            raise
        finally:
            browser.close()
    assert seen_errors == []
    table = tournaments.table(tournament_id)
    assert table is not None and table["finished"] and table["state"].stopped
    assert len(table["rounds"]) == 1  # no round after the stop
    assert [e["what"] for e in table["log"]] == ["end", "pause", "resume", "withdraw", "stop"]
    given = tournaments.games.get(game.id)
    taken = tournaments.games.get(out_game.id)
    stopped = tournaments.games.get(last.id)
    assert given is not None and given.winners() == (1,)
    assert taken is not None and taken.ended == {"how": WITHDRAWN, "by": out}
    assert stopped is not None and stopped.ended is not None
    assert stopped.ended["how"] == "ended" and stopped.ended["winner"] == ""
    rows = {row.pupil: row for row in table["rows"]}
    assert rows[given_to].won == 1 and rows[game.pupils[0]].lost == 1
    assert rows[out].lost == 1
    # Each end is in both pupils' records (the service writes them after the redirect).
    deadline = time.monotonic() + 30
    for shared in (given, taken, stopped):
        for pupil in shared.pupils:
            while not game_records(records, pupil, shared.id):
                assert time.monotonic() < deadline, f"no record of {shared.id} for {pupil}"
                time.sleep(0.3)
            (line,) = game_records(records, pupil, shared.id)
            assert line["ended"] == shared.ended["how"]
