"""Two pupils' boards playing one game through the class's game service
(``mathplay.play_with``), here with the service's own game object in this process
(``ServiceInProcess``: the same ``SharedGame`` the hub's service keeps, the same answers;
the real hub and PostgreSQL are in tests/hub/test_play_with_hub.py).

Each board holds its pupil's tiles only (the other's are made up), sends its moves, and
hears the other's move by itself; refusals are said and change nothing; a lost
connection is said and the board goes on when it comes back; the finished game is the
whole game on both boards, with its review; with no hub, words instead of a board."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any, ClassVar

import pytest

import mathplay
from mathplay.ai import make_player
from mathplay.classroom.game_service import GameServiceError
from mathplay.classroom.shared_games import MoveRefused, SharedGame
from mathplay.widgets.play_with import play_with
from mathplay.widgets.said import SaidAloud
from tests.widgets.conftest import front_end


class ServiceInProcess:
    """``GameService`` for one pupil, answered by a ``SharedGame`` in this process."""

    kept: ClassVar[dict[str, SharedGame]] = {}
    changed: ClassVar[threading.Condition] = threading.Condition()
    #: The service's own seed for the next games (a test's choice, for a known deal; the
    #: kernel never sends one). ``None``: dealt as the real service deals, kept nowhere.
    seed: ClassVar[int | None] = None

    def __init__(self, pupil: str) -> None:
        self.pupil = pupil
        self.down = False
        self.calls = 0

    def _up(self) -> None:
        self.calls += 1
        if self.down:
            raise GameServiceError("The class's game service cannot be reached just now.")

    def start(
        self,
        game: str,
        classmates: list[str],
        *,
        options: dict[str, Any] | None = None,
        resume: bool = True,
    ) -> dict[str, Any]:
        self._up()
        pupils = [self.pupil, *classmates]
        for shared in self.kept.values():
            if resume and sorted(shared.pupils) == sorted(pupils) and not shared.is_over:
                return shared.view_for(self.pupil)
        shared = SharedGame.new(f"g{len(self.kept)}", game, pupils, self.seed, **(options or {}))
        shared.started_by = self.pupil
        self.kept[shared.id] = shared
        return shared.view_for(self.pupil)

    def games(self) -> list[dict[str, Any]]:
        self._up()
        mine = [g.watch() for g in self.kept.values() if self.pupil in g.pupils]
        return [{k: g[k] for k in ("id", "game", "over", "to_move", "tournament", "started_by")}
                | {"pupils": [p["name"] for p in g["players"]]}
                for g in reversed(mine)]  # fmt: skip

    def view(self, game_id: str, version: int | None = None) -> dict[str, Any]:
        self._up()
        shared = self.kept[game_id]
        if version is not None:
            with self.changed:
                self.changed.wait_for(lambda: shared.version != version or self.down, 5)
            self._up()
        return shared.view_for(self.pupil)

    def move(self, game_id: str, notation: str, version: int) -> dict[str, Any]:
        self._up()
        with self.changed:
            view = self.kept[game_id].play(self.pupil, notation, version)
            self.changed.notify_all()
        return view

    def resign(self, game_id: str) -> dict[str, Any]:
        self._up()
        with self.changed:
            view = self.kept[game_id].resign(self.pupil)
            self.changed.notify_all()
        return view

    def decline(self, game_id: str) -> dict[str, Any]:
        self._up()
        with self.changed:
            view = self.kept[game_id].decline(self.pupil)
            self.changed.notify_all()
        return view


def until(check: Callable[[], bool], what: str, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, f"not in {seconds} s: {what}"
        time.sleep(0.02)


@pytest.fixture
def boards() -> Any:
    ServiceInProcess.kept = {}
    ServiceInProcess.seed = 21  # a deal where ana has a move
    ana = play_with("ben", "summy", size=9, service=ServiceInProcess("ana"))
    ben = play_with("ana", "summy", service=ServiceInProcess("ben"))
    yield ana, ben
    ServiceInProcess.seed = None
    for board in (ana, ben):
        if board._classmate is not None:
            board._classmate.stop()


def play_by_clicks(board: Any, move: Any) -> None:
    """The pupil's move as clicks: each tile of the rack onto its square, then Play."""
    game = board.game
    if not getattr(move, "squares", None):
        front_end(board, event="action", id=str(move).split()[0])
        return
    free = list(range(len(game.hands[game.to_move])))
    for square, token in zip(move.squares, move.tokens):
        if game.board[square] is not None:
            continue
        index = next(i for i in free if game.hands[game.to_move][i] == token)
        free.remove(index)
        front_end(board, event="tile", index=index)
        front_end(board, event="square", row=square[0], col=square[1])
    front_end(board, event="action", id="play")


def test_each_board_holds_its_pupils_tiles_and_hears_the_other_move(boards: Any) -> None:
    ana, ben = boards
    shared = next(iter(ServiceInProcess.kept.values()))
    assert len(ServiceInProcess.kept) == 1  # ben joined the game going on with ana
    real = shared.game
    assert [t["token"] for t in ana.view["hand"]] == list(real.hands[0])
    assert [t["token"] for t in ben.view["hand"]] == list(real.hands[1])
    assert list(ana.game.hands[1]) != list(real.hands[1])  # ben's tiles are made up
    assert [p["name"] for p in ana.view["players"]] == ["You", "ben"]
    assert [p["name"] for p in ben.view["players"]] == ["ana", "You"]
    for board in (ana, ben):
        shown = [b["id"] for b in board.view["buttons"]]
        assert "undo" not in shown and "new" not in shown and "review" not in shown
    assert ana.message == "It is your turn."
    assert ben.message == "ana is thinking: their move appears here as soon as it is made."
    front_end(ben, event="action", id="pass")  # not ben's turn: said, nothing sent
    assert ben.message == "It is not your turn." and shared.version == 0
    move = ana.game.best_moves(1)[0]
    play_by_clicks(ana, move)
    assert shared.version == 1 and ana.view["log"][0].startswith("1. You: ")
    until(lambda: ben.game.to_move == 1, "ben's board hears of ana's move")
    assert ben.view["log"][0].startswith("1. ana: ") and "It is your turn." in ben.message
    assert ben.view["players"][0]["score"] == real.scores[0] > 0
    # The cell run again: a new board of the same game; the old one stops listening.
    again = play_with("ben", "summy", service=ServiceInProcess("ana"))
    assert again.game.ply == 0 and len(again.view["log"]) == 1  # type: ignore[union-attr]
    assert ana._classmate.stopped and not again._classmate.stopped  # type: ignore[union-attr]
    again._classmate.stop()  # type: ignore[union-attr]


def test_refusals_are_said_and_change_nothing(boards: Any) -> None:
    ana, _ben = boards
    shared = next(iter(ServiceInProcess.kept.values()))
    for action in ("undo", "new", "review"):
        front_end(ana, event="action", id=action)
        assert "Not while you play a classmate" in ana.message
    assert shared.version == 0
    # A board that is behind (the service moved on): refused in words, drawn again.
    assert ana._classmate is not None
    ana._classmate.version = 5
    front_end(ana, event="action", id="pass")
    assert "moved on since your board was drawn" in ana.message and shared.version == 0
    assert ana._classmate.version == 0  # drawn again from the service: it may play now
    # A hostile board sends ben's turn as ana: the service refuses it.
    with pytest.raises(MoveRefused, match=r"It is ana's turn, not yours\."):
        ServiceInProcess("ben").move(shared.id, "pass", 0)


def test_a_wrong_move_is_explained_by_the_board_in_plain_words_before_it_is_sent(
    boards: Any,
) -> None:
    ana, _ben = boards
    shared = next(iter(ServiceInProcess.kept.values()))
    service = ana._classmate.service  # type: ignore[union-attr]
    calls = service.calls
    front_end(ana, event="tile", index=0)
    front_end(ana, event="square", row=0, col=0)  # A1, far from the start square
    front_end(ana, event="action", id="play")
    assert ana.message.startswith("Not allowed: "), ana.message
    assert "(S" not in ana.message and "is not allowed:" not in ana.message, ana.message
    assert ana.view["kind"] == "error" and service.calls == calls  # nothing sent
    assert shared.version == 0 and ana.view["tentative"]  # the tile stays to take back


def test_a_lost_connection_is_said_and_the_game_goes_on(boards: Any) -> None:
    ana, ben = boards
    play_by_clicks(ana, ana.game.best_moves(1)[0])
    until(lambda: ben.game.to_move == 1, "ben's turn")
    link = ana._classmate.service  # type: ignore[union-attr]
    link.down = True
    with ServiceInProcess.changed:
        ServiceInProcess.changed.notify_all()
    until(lambda: "cannot be reached" in ana.message, "ana's board says the service is down")
    play_by_clicks(ben, ben.game.best_moves(1)[0])  # ben moves meanwhile
    time.sleep(0.3)
    assert ana.game.to_move == 1  # ana's board has not heard yet
    link.down = False
    until(lambda: ana.game.to_move == 0, "ana's board goes on once the service is back", 20)
    assert "It is your turn." in ana.message and len(ana.view["log"]) == 2


@pytest.mark.parametrize("game", ["summy", "mixmath", "binary"])
def test_a_game_played_to_the_end_is_the_whole_game_on_both_boards(game: str) -> None:
    ServiceInProcess.kept = {}
    options = {"size": 9} if game == "summy" else {}
    ana = play_with("ben", game, service=ServiceInProcess("ana"), **options)  # a secret deal
    ben = play_with("ana", game, service=ServiceInProcess("ben"))
    shared = next(iter(ServiceInProcess.kept.values()))
    computers = {0: make_player("medium", 1), 1: make_player("easy", 2)}
    seat_board = {0: ana, 1: ben}
    while not shared.game.is_over:
        seat = shared.game.to_move
        board = seat_board[seat]
        until(lambda b=board: b._classmate.version == shared.version, "the board is up to date")
        # The next move of the turn (Mixmath's has several: after a draw the pupil sees
        # the tile drawn), chosen from the pupil's own view.
        move = computers[seat].play_turn(board.game.copy())[0]
        assert board._turns.submit(move) or board._turns.submit(move)  # a warning: yes
    for board in (ana, ben):
        until(lambda b=board: b.game.is_over, "the board knows the game is over")
        assert board.game.state_key() == shared.game.state_key()
        shown = [b["id"] for b in board.view["buttons"]]
        assert "review" in shown
        front_end(board, event="action", id="review")
        assert board._review_mode.review is not None
    # Afterwards each pupil practises their own missed chances (every turn below the best).
    for pupil, seat in (("ana", 0), ("ben", 1)):
        practice = mathplay.my_missed_chances(1.0, service=ServiceInProcess(pupil))
        missed = shared.game.review().missed_chances(seat, 1.0)
        if missed:
            assert type(practice).__name__ == "PuzzleSet", practice
            assert len(practice.sheet.puzzles) == len(missed)  # type: ignore[union-attr]
        else:
            assert "nothing to practise" in practice.value  # type: ignore[union-attr]


def test_with_no_hub_the_pupil_gets_words_not_a_traceback(monkeypatch: Any) -> None:
    monkeypatch.delenv("MATHPLAY_RECORDS_URL", raising=False)
    said = mathplay.play_with("ben")
    assert isinstance(said, SaidAloud)
    assert "class's JupyterHub" in said.value and "Traceback" not in said.value
    assert "class's JupyterHub" in mathplay.my_missed_chances().value  # type: ignore[union-attr]
    ServiceInProcess.kept = {}
    none_yet = mathplay.my_missed_chances(service=ServiceInProcess("ana"))
    assert "no finished game with a classmate yet" in none_yet.value  # type: ignore[union-attr]
    for wrong in ("", ["ana", 3]):
        said = play_with(wrong, service=ServiceInProcess("ana"))  # type: ignore[arg-type]
        assert "hub name" in said.value  # type: ignore[union-attr]
    said = play_with("ben", "chess", service=ServiceInProcess("ana"))
    assert "there is no game 'chess'" in said.value  # type: ignore[union-attr]


def test_the_new_game_panel_offers_a_classmate_where_the_hub_has_the_service(
    monkeypatch: Any,
) -> None:
    import mathplay.widgets.classmate_game as classmate_module

    ServiceInProcess.kept = {}
    monkeypatch.delenv("MATHPLAY_RECORDS_URL", raising=False)
    assert mathplay.play("summy", size=9, seed=2).layout_data["classmates"] is False
    monkeypatch.setenv("MATHPLAY_RECORDS_URL", "http://127.0.0.1:1/services/mathplay-records/")
    monkeypatch.setenv("JUPYTERHUB_API_TOKEN", "a-token")
    monkeypatch.setattr(classmate_module, "GameService", lambda: ServiceInProcess("ana"))
    board = mathplay.play("summy", size=9, seed=2, threaded=False)
    assert board.layout_data["classmates"] is True
    before = board.game
    front_end(board, event="play_with", name="  ")  # no name, no game going on: said
    assert "You have no game with a classmate going on" in board.message
    assert board.game is before
    front_end(board, event="play_with", name="ben")
    shared = next(iter(ServiceInProcess.kept.values()))
    ben = play_with(service=ServiceInProcess("ben"))  # no name: his game going on
    assert ben._classmate.id == shared.id  # type: ignore[union-attr]
    ben._classmate.stop()  # type: ignore[union-attr]
    assert shared.pupils == ("ana", "ben") and shared.game.board.size == 9
    assert [p["name"] for p in board.view["players"]] == ["You", "ben"]
    assert board.message == "It is your turn." and board.seats == ["human", "classmate"]
    front_end(board, event="action", id="new")  # not while the game goes on
    assert "Not while you play a classmate" in board.message
    board._classmate.stop()  # type: ignore[union-attr]


def test_a_timed_move_is_counted_down_on_the_pupils_own_turn_only(boards: Any) -> None:
    """A tournament's time per move: the board of the pupil to move counts down from the
    service's figure (in words a screen reader finds: role timer, said once at 10 s);
    the other pupil's board shows none, and neither does a game over."""
    ana, ben = boards
    shared = next(iter(ServiceInProcess.kept.values()))
    for board, pupil in ((ana, "ana"), (ben, "ben")):
        board._classmate.apply({**shared.view_for(pupil), "seconds_left": 45})
    countdown = ana.view["countdown"]
    assert countdown["seconds"] == 45 and countdown["label"] == "Time left for this move:"
    assert "10 seconds left" in countdown["soon"]
    assert "countdown" not in ben.view  # ben waits for ana's move
    assert "You have 45 seconds for this move." in ana.message
    # A new figure from the service (its long wait answered) starts the count again.
    ana._classmate.apply({**shared.view_for("ana"), "seconds_left": 25})
    assert ana.view["countdown"]["seconds"] == 25
    assert ana.view["countdown"]["key"] != countdown["key"]
    # No time limit: no countdown.
    ana._classmate.apply(shared.view_for("ana"))
    assert "countdown" not in ana.view


def test_the_countdown_is_in_the_pupils_language(boards: Any) -> None:
    ana, _ben = boards
    shared = next(iter(ServiceInProcess.kept.values()))
    with mathplay.i18n.speaking("es"):
        ana._classmate.apply({**shared.view_for("ana"), "seconds_left": 30})
        countdown = ana.view["countdown"]
    assert countdown["label"] == "Tiempo que te queda para esta jugada:"
    assert countdown["soon"] == "Te quedan 10 segundos para esta jugada."


def test_a_seed_is_answered_with_words_and_sent_nowhere() -> None:
    ServiceInProcess.kept = {}
    said = play_with("ben", "summy", seed=4242, service=ServiceInProcess("ana"))
    assert isinstance(said, SaidAloud) and "Nobody chooses the tiles" in said.value
    assert ServiceInProcess.kept == {}  # no game asked for
    with mathplay.i18n.speaking("es"):
        said = play_with("ben", "summy", seed=4242, service=ServiceInProcess("ana"))
    assert "Nobody" not in said.value  # type: ignore[union-attr]


def test_resign_on_the_board_pressed_twice_ends_the_game_on_both_boards(boards: Any) -> None:
    ana, ben = boards
    shared = next(iter(ServiceInProcess.kept.values()))
    shown = {b["id"]: b["label"] for b in ana.view["buttons"]}
    assert shown["resign"] == "Resign" and "decline" not in shown  # ana started it
    assert {b["id"] for b in ben.view["buttons"]} >= {"resign", "decline"}
    front_end(ana, event="action", id="resign")
    assert "Press Resign again" in ana.message and not shared.is_over
    front_end(ana, event="action", id="resign")
    assert shared.is_over and shared.winners() == (1,)
    assert ana.message == "ana resigned: ben wins."
    until(lambda: ben.message == "ana resigned: ben wins.", "ben's board hears of it")
    for board in (ana, ben):
        assert "resign" not in {b["id"] for b in board.view["buttons"]}
        front_end(board, event="action", id="pass")  # nothing more to play: said
        assert board.message == "ana resigned: ben wins." and shared.version == 1


def test_decline_is_for_the_classmate_put_in_the_game_before_they_move(boards: Any) -> None:
    ana, ben = boards
    shared = next(iter(ServiceInProcess.kept.values()))
    play_by_clicks(ana, ana.game.best_moves(1)[0])
    until(lambda: ben.game.to_move == 1, "ben's turn")
    front_end(ben, event="action", id="decline")
    assert "Press Decline again" in ben.message
    front_end(ben, event="action", id="hint")  # another button: the first press forgotten
    front_end(ben, event="action", id="decline")
    assert "Press Decline again" in ben.message and not shared.is_over
    front_end(ben, event="action", id="decline")
    assert shared.is_over and shared.winners() == ()
    assert "ben declined the game" in ben.message
    until(lambda: "ben declined the game" in ana.message, "ana's board hears of it")


def test_resign_and_decline_from_the_kernel(boards: Any) -> None:
    ana, ben = boards
    for board in (ana, ben):
        board._classmate.stop()
    ServiceInProcess.kept = {}
    link = {who: ServiceInProcess(who) for who in ("ana", "ben", "cai")}
    first = link["ana"].start("summy", ["ben"], options={"size": 9})
    said = mathplay.decline_game(service=link["ana"])  # she started it: nothing to decline
    assert "no game a classmate started with you" in said.value
    said = mathplay.decline_game("ana", service=link["ben"])
    assert said.value == "<p>ben declined the game, so it was not played.</p>"
    second = link["cai"].start("binary", ["ben"])
    link["cai"].move(second["id"], "pass", 0)
    link["ben"].move(second["id"], "pass", 1)
    assert "no game a classmate" in mathplay.decline_game(service=link["ben"]).value
    said = mathplay.resign_game("cai", service=link["ben"])
    assert said.value == "<p>ben resigned: cai wins.</p>"
    assert all(g.is_over for g in ServiceInProcess.kept.values()) and first["id"] != second["id"]
    assert "no game with a classmate going on" in mathplay.resign_game(service=link["ana"]).value
    # A game over is over: the service refuses, the pupil reads why.
    with pytest.raises(MoveRefused, match="The game is over"):
        link["cai"].resign(second["id"])
