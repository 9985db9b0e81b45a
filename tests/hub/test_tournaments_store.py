"""Class tournaments in the records service's database (SQLite here; the hub test runs
one on PostgreSQL): a 4-pupil round robin and a 5-pupil Swiss tournament played to the
end, each round made once when the last one is over; hints off and the time per move
reach the games; a pupil out of time is passed for (a clock given, not waited for)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mathplay.ai import make_player
from mathplay.core import load
from mathplay.hub.games import GameStore
from mathplay.hub.store import RecordStore
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
