"""Class tournaments in the records service's database (SQLite here; the hub test runs
one on PostgreSQL): a 4-pupil round robin and a 5-pupil Swiss tournament played to the
end, each round made once when the last one is over; hints off and the time per move
reach the games; a pupil out of time is passed for (a clock given, not waited for)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from mathplay.ai import make_player
from mathplay.classroom.shared_games import (
    FORFEITED,
    MISSED_TURNS,
    WITHDRAWN,
    MoveRefused,
    SharedGame,
)
from mathplay.core import load
from mathplay.hub.games import GameStore
from mathplay.hub.store import RecordStore
from mathplay.hub.tournament_pages import tournament_live, watch_live
from mathplay.hub.tournaments import Settings, TournamentStore, read_settings

pytestmark = pytest.mark.hub

PUPILS = ["ana", "ben", "cai", "dan"]


@pytest.fixture
def store(tmp_path: Path) -> TournamentStore:
    return TournamentStore(GameStore(RecordStore(f"sqlite:///{tmp_path / 'r.sqlite'}").engine))


def play_round(store: TournamentStore, tournament_id: str) -> None:
    """Every game of the last round played to the end, each move from the pupil's own
    view (the game as they may know it), as their kernel would."""
    players = {p: make_player("easy", i) for i, p in enumerate([*PUPILS, "eva"])}
    _number, _pairs, games = store.rounds(tournament_id)[-1]
    for shared in games:
        while not shared.game.is_over:
            who = shared.pupils[shared.game.to_move]
            known = load(shared.view_for(who)["position"])
            move = players[who].play_turn(known)[0]
            played_on = shared.version
            shared.play(who, move, played_on)
            assert store.games.save(shared, played_on)


def test_a_four_pupil_round_robin_is_played_to_the_end(store: TournamentStore) -> None:
    settings = read_settings({"game": "summy-9", "pairing": "round-robin", "seconds": "0"},
                             PUPILS)  # fmt: skip
    assert settings.rounds == 3 and settings.hints is False and settings.seconds is None
    tournament_id = store.create("7b", "mrs-k", settings)
    assert not store.advance(tournament_id)  # round 1 is not over
    for number in (1, 2, 3):
        rounds = store.rounds(tournament_id)
        assert len(rounds) == number and len(rounds[-1][2]) == 2
        view = rounds[-1][2][0].view_for(rounds[-1][2][0].pupils[0])
        assert view["hints"] is False and view["tournament"] == tournament_id
        play_round(store, tournament_id)
        assert store.advance(tournament_id) == (number < 3)
        assert not store.advance(tournament_id)  # made once
    table = store.table(tournament_id)
    assert table is not None and table["finished"]
    rows = table["rows"]
    assert sorted(r.pupil for r in rows) == PUPILS
    assert all(r.played == 3 for r in rows) and sum(r.won for r in rows) + sum(
        r.drawn for r in rows) // 2 == 6  # fmt: skip
    assert rows[0].points >= rows[-1].points
    met = {frozenset(g.pupils) for _n, _p, games in store.rounds(tournament_id) for g in games}
    assert len(met) == 6
    assert [t["id"] for t in store.of_class("7b")] == [tournament_id]


def test_a_swiss_tournament_of_five_gives_byes_in_turn(store: TournamentStore) -> None:
    pupils = [*PUPILS, "eva"]
    settings = read_settings({"game": "binary", "pairing": "swiss", "hints": "on"}, pupils)
    assert settings.rounds == 3 and settings.hints is True
    tournament_id = store.create("7b", "mrs-k", settings)
    for _number in range(3):
        play_round(store, tournament_id)
        store.advance(tournament_id)
    rounds = store.rounds(tournament_id)
    byes = [p[0] for _n, pairs, _g in rounds for p in pairs if p[1] is None]
    assert len(rounds) == 3 and len(byes) == len(set(byes)) == 3
    table = store.table(tournament_id)
    assert table is not None and table["finished"]
    assert sum(r.byes for r in table["rows"]) == 3


def test_a_pupil_out_of_time_is_passed_for(store: TournamentStore) -> None:
    settings = Settings("summy-9", "round-robin", 3, False, 30, tuple(PUPILS), 7)
    tournament_id = store.create("7b", "mrs-k", settings)
    shared = store.rounds(tournament_id)[0][2][0]
    games = store.games
    start = games.time_left(shared.id, 0.0)
    assert start is not None
    made = start - 30  # the moment the game was stored (time.time() then)
    assert games.pass_if_late(shared.id, made + 29) is None  # 1 second left: nothing
    late = games.pass_if_late(shared.id, made + 31)
    assert late is not None and late.version == 1 and late.game.history[0].move == "pass"
    assert games.pass_if_late(shared.id, made + 31) is None  # the new turn has its time


@pytest.mark.parametrize(
    ("form", "words"),
    [
        ({"game": "chess", "pairing": "swiss"}, "choose one of the games"),
        ({"game": "summy", "pairing": "knockout"}, "round robin or Swiss"),
        ({"game": "summy", "pairing": "swiss", "seconds": "7"}, "time per move"),
        ({"game": "summy", "pairing": "swiss", "rounds": "x"}, "whole number"),
        ({"game": "summy", "pairing": "swiss", "rounds": "9"}, "fewer than the pupils"),
    ],
)
def test_a_wrong_form_is_refused_in_words(form: dict[str, str], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        read_settings(form, PUPILS)
    with pytest.raises(ValueError, match="2 to 40 pupils"):
        read_settings({"game": "summy", "pairing": "swiss"}, ["ana"])


# --- a tournament that finishes (issue 71, point 3): the clock, forfeits, the teacher ---


def test_the_clock_passes_and_a_pupil_who_misses_two_turns_forfeits(
    store: TournamentStore,
) -> None:
    settings = Settings("summy-9", "swiss", 2, False, 30, tuple(PUPILS))
    tournament_id = store.create("7b", "mrs-k", settings)
    (_n, _p, games), = store.rounds(tournament_id)  # fmt: skip
    assert store.tick(time.time()) == []  # nobody is late yet
    first = games[0]
    mover, other = first.pupils
    # Both other games' pupils play at once; in the first game nobody does.
    now = time.time()
    passed = store.tick(now + 31)  # every pupil to move in round 1 is late: passed for
    assert {g.id for g in passed} == {g.id for g in games}
    again = store.tick(now + 31)  # the same moment again: nothing more (time restarted)
    assert again == []
    # the other pupil of each game misses one turn, the first one misses a second: forfeit
    store.tick(now + 62)
    ended = store.tick(now + 93)
    assert {g.id for g in ended} == {g.id for g in games}
    shared = store.games.get(first.id)
    assert shared is not None and shared.is_over and shared.ended == {"how": FORFEITED, "by": mover}
    assert [shared.pupils[s] for s in shared.winners()] == [other]
    assert f"{mover} missed {MISSED_TURNS} turns in a row" in str(shared.watch()["over"])
    log = store.log_of(tournament_id)
    assert sorted(e["pupil"] for e in log if e["what"] == "forfeit") == sorted(
        g.pupils[0] for g in games
    )
    table = store.table(tournament_id)
    assert table is not None
    rows = {r.pupil: r for r in table["rows"]}
    assert rows[other].won == 1 and rows[mover].lost == 1


def test_a_move_of_their_own_sets_a_pupils_missed_turns_back(store: TournamentStore) -> None:
    settings = Settings("summy-9", "round-robin", 1, False, 30, ("ana", "ben"))
    tournament_id = store.create("7b", "mrs-k", settings)
    (shared,) = store.rounds(tournament_id)[0][2]
    first, second = shared.pupils
    now = time.time()
    store.tick(now + 31)  # first misses one
    shared = store.games.get(shared.id)
    assert shared is not None
    shared.play(second, "pass", shared.version)  # second plays (a pass of their own)
    assert store.games.save(shared, shared.version - 1, now + 31)
    store.tick(now + 62)  # first misses a second one in a row: forfeit
    shared = store.games.get(shared.id)
    assert shared is not None and shared.ended == {"how": FORFEITED, "by": first}
    # had second played in between and first too, the count would start again:
    again = SharedGame.new("g2", "summy", ["ana", "ben"], seed=1, size=9)
    again.seconds = 30
    assert again.pass_for_time(again.version)  # ana misses one
    again.play("ben", "pass", again.version)
    again.play("ana", "pass", again.version)  # ana plays: her count is 0 again
    assert again.pass_for_time(again.version) and not again.is_over  # ben misses one
    assert again.pass_for_time(again.version) and not again.is_over  # ana misses one


def test_a_paused_tournament_has_no_clock_and_resuming_gives_the_whole_time(
    store: TournamentStore,
) -> None:
    settings = Settings("summy-9", "round-robin", 3, False, 30, tuple(PUPILS))
    tournament_id = store.create("7b", "mrs-k", settings)
    store.pause(tournament_id, "mrs-k", True)
    assert store.state(tournament_id).paused
    assert store.tick(time.time() + 1000) == []
    store.pause(tournament_id, "mrs-k", False)
    assert store.tick(time.time() + 25) == []  # the clocks started again from now
    assert len(store.tick(time.time() + 31)) == 2
    assert [e["what"] for e in store.log_of(tournament_id)] == ["pause", "resume"]


def test_the_teacher_ends_a_game_takes_a_pupil_out_and_stops_the_tournament(
    store: TournamentStore,
) -> None:
    six = ("ana", "ben", "cai", "dan", "eve", "fay")
    settings = Settings("binary", "swiss", 3, False, None, six)  # no time limit
    tournament_id = store.create("7b", "mrs-k", settings)
    games = store.rounds(tournament_id)[0][2]
    given = store.end_game(games[0].id, "mrs-k", games[0].pupils[1])
    assert given.is_over and given.winners() == (1,)
    assert "gave it to" in str(given.watch()["over"])
    with pytest.raises(MoveRefused):
        store.end_game(games[0].id, "mrs-k", None)  # over already
    scored = store.end_game(games[1].id, "mrs-k", None)  # as it stands: 0–0, a draw
    assert scored.winners() == (0, 1)
    out = games[2].pupils[0]
    ended = store.withdraw(tournament_id, "mrs-k", out)
    assert [g.id for g in ended] == [games[2].id]
    assert ended[0].ended == {"how": WITHDRAWN, "by": out}
    assert store.advance(tournament_id)  # round 2: five pupils, the one out not paired
    _n, pairs, second = store.rounds(tournament_id)[-1]
    paired = {p for pair in pairs for p in pair if p is not None}
    assert out not in paired and len(paired) == 5 and len(second) == 2
    stopped = store.stop(tournament_id, "mrs-k")
    assert {g.id for g in stopped} == {g.id for g in second}
    assert not store.advance(tournament_id)
    table = store.table(tournament_id)
    assert table is not None and table["finished"] and table["state"].stopped
    assert [e["what"] for e in table["log"]] == ["end", "end", "withdraw", "stop"]
    html = tournament_live(table, "/p/", "token")
    assert "stopped the tournament" in html and f"{out} (taken out)" in html
    assert "Stop the tournament" not in html  # no forms once it is over


def test_in_a_round_robin_the_games_to_come_of_a_pupil_taken_out_are_forfeited(
    store: TournamentStore,
) -> None:
    settings = Settings("binary", "round-robin", 3, False, None, tuple(PUPILS))
    tournament_id = store.create("7b", "mrs-k", settings)
    store.withdraw(tournament_id, "mrs-k", "ana")
    for shared in store.rounds(tournament_id)[0][2]:
        if not shared.is_over:
            store.end_game(shared.id, "mrs-k", None)
    assert store.advance(tournament_id)
    games = store.rounds(tournament_id)[-1][2]
    hers = [g for g in games if "ana" in g.pupils]
    assert len(hers) == 1 and hers[0].is_over and hers[0].ended == {"how": WITHDRAWN, "by": "ana"}
    assert next(g for g in games if "ana" not in g.pupils).is_over is False


def test_watch_shows_the_time_left_and_the_names_as_the_hub_has_them() -> None:
    shared = SharedGame.new("g3", "summy", ["p24", "P26"], seed=2, size=9)
    shared.seconds = 30
    assert "p24 to move, 0:12 left" in watch_live(shared, 12.4)
    assert "p24 to move, 0:00 left" in watch_live(shared, -3.0)  # the clock passes next tick
    assert "left" not in watch_live(shared)  # no time limit, or paused
    shared.end_by_teacher("mrs-k")  # 0–0: both win, named as the hub has them
    assert shared.watch()["over"] == "The teacher ended the game: p24 and P26 share the win."
    over = SharedGame.new("g4", "binary", ["p24", "P26"], seed=2)
    while not over.is_over:
        over.play(over.pupils[over.game.to_move], "pass", over.version)
    assert str(over.watch()["over"]).startswith(("p24", "P26"))
