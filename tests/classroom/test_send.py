"""Records sent to the class's records service: none lost while it is down, none twice.

The service here is a small HTTP server in a thread that takes one token, as the real
service takes a pupil's hub token, and stores what it gets in a real
:class:`~mathplay.hub.store.RecordStore` (SQLite). The whole path through a real
JupyterHub is ``tests/hub/test_records_service.py``.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest

from mathplay.classroom import send
from mathplay.classroom.records import record
from mathplay.hub.store import RecordStore
from tests.browser.labserver import free_port

TOKEN = "ana-token"


class Service:
    """A records service on 127.0.0.1 that can be stopped and started again on its port."""

    def __init__(self, folder: Path) -> None:
        self.store = RecordStore(f"sqlite:///{folder / 'records.sqlite'}")
        self.port = free_port()
        self.requests = 0
        #: How many requests to answer 429 (too many at once) with ``Retry-After: 1``.
        self.busy = 0
        self.asked_at: list[float] = []
        self.server: ThreadingHTTPServer | None = None
        #: ``GET api/records``: the records a page holds, the pages asked for, and
        #: whether a next page is always said to come (a service gone wrong).
        self.page = 2
        self.pages_asked: list[int] = []
        self.endless = False

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/services/mathplay-records/"

    def start(self) -> None:
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                service.requests += 1
                service.asked_at.append(time.monotonic())
                if service.busy > 0:
                    service.busy -= 1
                    self.send_response(429, "Too Many Requests")
                    self.send_header("Retry-After", "1")
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                if self.headers.get("Authorization") != f"token {TOKEN}":
                    self.send_error(403)
                    return
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                added = service.store.add("ana", body["lines"])
                answer = json.dumps({"stored": added.stored}).encode()
                self.send_response(200)
                self.send_header("Content-Length", str(len(answer)))
                self.end_headers()
                self.wfile.write(answer)

            def do_GET(self) -> None:  # as mathplay.hub.service answers it, in pages
                after = int(parse_qs(urlparse(self.path).query).get("after", ["0"])[0])
                service.pages_asked.append(after)
                rows = service.store.records(["ana"], None, after, service.page + 1)
                following = rows[service.page - 1]["row"] if len(rows) > service.page else None
                if service.endless:
                    following = after + 1
                answer = json.dumps({"pupil": "ana", "next": following,
                                     "records": rows[: service.page]}).encode()  # fmt: skip
                self.send_response(200)
                self.send_header("Content-Length", str(len(answer)))
                self.end_headers()
                self.wfile.write(answer)

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self) -> None:
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()
            self.server = None


@pytest.fixture
def service(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Service]:
    running = Service(tmp_path)
    monkeypatch.setenv(send.RECORDS_URL_VARIABLE, running.url)
    monkeypatch.setenv(send.TOKEN_VARIABLE, TOKEN)
    monkeypatch.setattr(send, "_FIRST_RETRY", 0.2)
    with send._SENDER.lock:  # nothing left from another test's files, no wait asked
        send._SENDER.pending.clear()
        send._SENDER.not_before = 0.0
    yield running
    running.stop()


def answer(path: Path, n: int) -> None:
    record(path, who="Ana", puzzle_set="S", puzzle=f"p{n}", answer=str(n), right=n % 2 == 0)


def test_every_record_is_sent_once(service: Service, tmp_path: Path) -> None:
    service.start()
    path = tmp_path / "ana.jsonl"
    for n in range(5):
        answer(path, n)
    assert send.flush(20), send.last_error()
    rows = service.store.records()
    assert [r["answer"] for r in rows] == ["0", "1", "2", "3", "4"]
    assert {r["who"] for r in rows} == {"ana"}
    assert send.sent_offset(path) == path.stat().st_size


def test_records_wait_in_the_file_while_the_service_is_down(
    service: Service, tmp_path: Path
) -> None:
    path = tmp_path / "ana.jsonl"
    answer(path, 1)
    answer(path, 2)
    assert not send.flush(1.0)  # nowhere to send them: they wait
    assert "could not be reached" in send.last_error()
    assert send.sent_offset(path) == 0 and service.store.count() == 0
    service.start()  # the service comes back: the retry sends them
    assert send.flush(20), send.last_error()
    answer(path, 3)
    assert send.flush(20), send.last_error()
    assert sorted(r["answer"] for r in service.store.records()) == ["1", "2", "3"]


def test_a_line_sent_again_is_stored_once(service: Service, tmp_path: Path) -> None:
    service.start()
    path = tmp_path / "ana.jsonl"
    for n in range(3):
        answer(path, n)
    assert send.flush(20)
    send.mark_sent(path, 0)  # as if the answer to a send was lost on the way
    assert send.send_pending(path) == 3
    assert service.store.count() == 3


def test_half_a_line_is_not_sent(service: Service, tmp_path: Path) -> None:
    service.start()
    path = tmp_path / "ana.jsonl"
    answer(path, 1)
    with open(path, "a", encoding="utf-8") as file:
        file.write('{"who": "Ana", "set": "S", "puz')  # another kernel, half-way through
    # The background sender (woken by the record) may be the one that sends: count what
    # the service has once this call is back (one send of a file at a time), not what
    # this call sent.
    send.send_pending(path)
    assert service.store.count() == 1
    with open(path, "a", encoding="utf-8") as file:
        file.write('zle": "p9", "answer": "9", "right": true}\n')
    send.send_pending(path)
    assert sorted(r["answer"] for r in service.store.records()) == ["1", "9"]


def test_a_wrong_token_sends_nothing_and_keeps_the_records(
    service: Service, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    service.start()
    monkeypatch.setenv(send.TOKEN_VARIABLE, "someone-elses")
    path = tmp_path / "ana.jsonl"
    answer(path, 1)
    with pytest.raises(send.SendFailed, match="403"):
        send.send_pending(path)
    assert send.sent_offset(path) == 0 and service.store.count() == 0


def test_told_to_wait_the_sender_waits_and_keeps_the_records(
    service: Service, tmp_path: Path
) -> None:
    """A service that answers 429 (this pupil sent too much at once) with
    ``Retry-After`` gets the same lines again, no sooner than it asked, stored once."""
    service.start()
    service.busy = 1
    with pytest.raises(send.SendFailed, match="429") as refused:
        send.send_pending(_one_line(tmp_path / "other.jsonl"), service.url, TOKEN)
    assert refused.value.retry_after == 1.0
    assert service.store.count() == 0
    service.busy, service.asked_at = 1, []
    path = tmp_path / "ana.jsonl"
    answer(path, 1)  # the sender's thread is told to wait ...
    answer(path, 2)
    assert send.flush(20), send.last_error()
    assert "429" in send.last_error()
    assert sorted(r["answer"] for r in service.store.records()) == ["1", "2"]  # ... and kept them
    first, *_, last = service.asked_at
    assert last - first >= 0.95  # it waited the second it was told to (not 0.2 s)


def _one_line(path: Path) -> Path:
    path.write_text('{"who": "Ana", "set": "S", "puzzle": "p0", "answer": "0", "right": true}\n')
    return path


def test_without_a_service_nothing_is_sent(tmp_path: Path) -> None:
    path = tmp_path / "ana.jsonl"
    answer(path, 1)
    assert send.records_url() is None
    assert send.send_pending(path) == 0
    assert not (tmp_path / ".ana.jsonl.sent").exists()


def test_the_kernel_reads_its_records_back_page_after_page(service: Service) -> None:
    service.start()
    lines = [json.dumps({"who": "ana", "set": "S", "puzzle": f"p{n}", "right": True})
             for n in range(5)]  # fmt: skip
    service.store.add("ana", lines)
    assert [r["puzzle"] for r in send.fetch_mine()] == [f"p{n}" for n in range(5)]
    assert len(service.pages_asked) == 3 and service.pages_asked[0] == 0


def test_the_pages_read_back_are_capped(service: Service) -> None:
    service.start()
    service.endless = True
    service.store.add("ana", [json.dumps({"who": "ana", "puzzle": "p", "right": True})])
    assert [r["puzzle"] for r in send.fetch_mine()] == ["p"]
    assert service.pages_asked == list(range(send._MOST_PAGES))
