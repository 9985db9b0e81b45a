"""A pupil's kernel that asks the game service in a loop is answered 429 before the
database is asked (issue 72, point 1: requests that cost, refused first), and so is a
wait for a move beyond the few a pupil may hold; the kernel's GameService waits the
``Retry-After`` and asks again, so a pupil with many boards open never sees an error.
The service in this process, its hub login stood in for (:mod:`tests.hub.test_service_headers`)."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

pytest.importorskip("jupyterhub")

from mathplay.classroom.game_service import GameService, GameServiceError
from mathplay.classroom.shared_games import TOO_MANY_GAMES, TOO_MANY_REQUESTS
from mathplay.hub.game_watch import MOST_WAITING_PER_PUPIL
from mathplay.hub.games import GameStore
from mathplay.hub.limits import GAME_REQUESTS_BURST
from mathplay.hub.store import RecordStore
from tests.hub.test_service_headers import Service, store  # noqa: F401  (the fixture)

pytestmark = pytest.mark.hub


def test_a_kernel_asking_in_a_loop_is_answered_429_without_the_database(
    store: RecordStore,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    looked: list[str] = []
    real_get = GameStore.get

    def counting(self: GameStore, game_id: str) -> Any:
        looked.append(game_id)
        return real_get(self, game_id)

    monkeypatch.setattr(GameStore, "get", counting)

    async def run() -> dict[str, Any]:
        svc = Service(store)
        await svc.start()
        try:
            new = {"game": "summy", "with": ["ben"], "options": {"size": 9}}
            made = await svc.ask("api/games", "POST", token="ana", body=new)
            game_id = json.loads(made.body)["id"]
            version = json.loads(made.body)["version"]
            codes = []
            for _ in range(GAME_REQUESTS_BURST + 5):
                codes.append((await svc.ask(f"api/games/{game_id}", token="ana")).code)
            before = len(looked)
            refused = await svc.ask(f"api/games/{game_id}", token="ana")
            after = len(looked)
            # The pupil whose turn it is not holds as many waits for a move as a pupil
            # may; one more is told to wait and ask again; the move answers the others.
            mover = json.loads(made.body)["to_move"]
            waiter = "ben" if mover == "ana" else "ana"
            waits = [
                asyncio.ensure_future(
                    svc.ask(f"api/games/{game_id}?version={version}", token=waiter)
                )
                for _ in range(MOST_WAITING_PER_PUPIL)
            ]
            await asyncio.sleep(0.5)
            one_more = await svc.ask(f"api/games/{game_id}?version={version}", token=waiter)
            await asyncio.sleep(1.0)  # the mover's bucket fills again (ana's was emptied)
            moved = await svc.ask(f"api/games/{game_id}/moves", "POST", token=mover,
                                  body={"move": "pass", "version": version})  # fmt: skip
            answered = await asyncio.gather(*waits)
            return {"codes": codes, "refused": refused, "looked": after - before,
                    "one more": one_more, "moved": moved, "waits": answered}  # fmt: skip
        finally:
            svc.server.stop()

    with ThreadPoolExecutor(max_workers=1) as pool:
        seen = pool.submit(asyncio.run, run()).result(120)
    assert seen["codes"][: GAME_REQUESTS_BURST - 2].count(200) == GAME_REQUESTS_BURST - 2
    assert 429 in seen["codes"]
    refused = seen["refused"]
    assert refused.code == 429 and int(refused.headers["Retry-After"]) >= 1
    assert json.loads(refused.body)["kind"] == TOO_MANY_REQUESTS
    assert seen["looked"] == 0  # the database was not asked for the refused request
    one_more = seen["one more"]
    assert one_more.code == 429 and json.loads(one_more.body)["kind"] == TOO_MANY_REQUESTS
    assert seen["moved"].code == 200, seen["moved"].body
    assert [w.code for w in seen["waits"]] == [200] * MOST_WAITING_PER_PUPIL
    assert all(json.loads(w.body)["version"] > 0 for w in seen["waits"])


class _Answers(BaseHTTPRequestHandler):
    """Answers each request with the next of ``server.answers`` (status, kind)."""

    def do_GET(self) -> None:
        server: Any = self.server
        status, kind = server.answers.pop(0) if server.answers else (200, "")
        server.asked += 1
        body = json.dumps({"error": "too many", "kind": kind, "status": status} if kind
                          else {"id": "g", "version": 3}).encode()  # fmt: skip
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        if status == 429:
            self.send_header("Retry-After", "1")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *_args: Any) -> None:
        pass


@pytest.fixture
def answering() -> Iterator[Any]:
    server: Any = ThreadingHTTPServer(("127.0.0.1", 0), _Answers)
    server.answers, server.asked = [], 0
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server
    server.shutdown()


def test_the_kernel_waits_when_asked_and_asks_again(answering: Any) -> None:
    link = GameService(f"http://127.0.0.1:{answering.server_port}/", token="t")
    answering.answers = [(429, TOO_MANY_REQUESTS), (429, TOO_MANY_REQUESTS)]
    assert link.view("g") == {"id": "g", "version": 3}
    assert answering.asked == 3  # waited twice, then had its answer
    answering.answers, answering.asked = [(429, TOO_MANY_GAMES)], 0
    with pytest.raises(GameServiceError, match="You have started many games"):
        link.view("g")
    assert answering.asked == 1  # another 429 is said to the pupil at once
    answering.answers, answering.asked = [(429, TOO_MANY_REQUESTS)] * 10, 0
    with pytest.raises(GameServiceError, match="cannot be reached just now"):
        link.view("g")
    assert answering.asked == 4  # it gave up after three waits, in a pupil's words
