"""A pupil's request too many is refused before its body is read (issue 72, point 1):
with her requests' bucket empty, a 2 MB request is answered 429 with a ``Retry-After``
and not one byte of its body is kept or parsed (its bytes are let pass, so that the
hub's proxy gives the pupil's kernel the 429 and not a broken connection); her
classmates' are read and stored.
The service in this process, its hub login stood in for (:mod:`tests.hub.test_service_headers`)."""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

pytest.importorskip("jupyterhub")

from mathplay.hub import service
from mathplay.hub.limits import REQUESTS_BURST
from mathplay.hub.store import RecordStore
from tests.hub.test_service_headers import PREFIX, Service, store  # noqa: F401  (the fixture)

pytestmark = pytest.mark.hub


def _line(who: str, n: int) -> str:
    return json.dumps({"who": who, "set": "S", "puzzle": f"p{n}", "answer": "4",
                       "right": True, "lesson": "01-equations"})  # fmt: skip


def test_a_request_too_many_is_refused_unread(
    store: RecordStore,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    read: dict[str, int] = {}  # the bytes of the bodies kept, by pupil
    real = service.RecordsHandler.data_received

    def counting(self: Any, chunk: bytes) -> None:
        real(self, chunk)
        kept = bool(self._chunks) and self._chunks[-1] is chunk
        read[self.pupil] = read.get(self.pupil, 0) + (len(chunk) if kept else 0)

    monkeypatch.setattr(service.RecordsHandler, "data_received", counting)

    async def run() -> list[Any]:
        svc = Service(store)
        await svc.start()
        try:
            for n in range(REQUESTS_BURST):  # her whole burst of requests, a line each
                sent = await svc.ask("api/records", "POST", token="eve",
                                     body={"lines": [_line("eve", n)]})  # fmt: skip
                assert sent.code == 200, sent.body
            before = read["eve"]
            big = json.dumps({"lines": [_line("eve", 99)], "pad": "x" * 2_000_000})
            refused = await svc.ask("api/records", "POST", token="eve", body=big)
            classmate = await svc.ask("api/records", "POST", token="ana",
                                      body={"lines": [_line("ana", 1)]})  # fmt: skip
            return [refused, read["eve"] - before, classmate]
        finally:
            svc.server.stop()

    with ThreadPoolExecutor(max_workers=1) as pool:
        refused, unread, classmate = pool.submit(asyncio.run, run()).result(120)
    assert refused.code == 429 and int(refused.headers["Retry-After"]) >= 1
    assert json.loads(refused.body)["error"].startswith("too many requests at once")
    assert unread == 0  # not one byte of the refused body was kept
    assert classmate.code == 200 and read["ana"] > 0
    assert len(store.records(["eve"])) == REQUESTS_BURST and len(store.records(["ana"])) == 1


def test_a_page_of_records_too_many_is_refused_and_the_kernel_waits_for_it(
    store: RecordStore,  # noqa: F811
) -> None:
    """Pages of her records asked in a loop spend eve's requests: the next is answered
    429 before the database is asked; her kernel's resume (fetch_mine) waits as asked
    and gets every record."""
    from mathplay.classroom.send import fetch_mine

    store.add("eve", [_line("eve", n) for n in range(5)])

    async def run() -> list[Any]:
        svc = Service(store)
        await svc.start()
        try:
            codes = [(await svc.ask("api/records", token="eve")).code
                     for _ in range(REQUESTS_BURST + 1)]  # fmt: skip
            url = f"http://127.0.0.1:{svc.port}{PREFIX}"
            loop = asyncio.get_running_loop()
            mine = await loop.run_in_executor(None, fetch_mine, url, "eve")
            return [codes, mine]
        finally:
            svc.server.stop()

    with ThreadPoolExecutor(max_workers=1) as pool:
        codes, mine = pool.submit(asyncio.run, run()).result(120)
    assert codes[:REQUESTS_BURST] == [200] * REQUESTS_BURST and codes[-1] == 429
    assert sorted(r["puzzle"] for r in mine) == [f"p{n}" for n in range(5)]
