"""A class's service under every attack of issue 72 at once, through a real hub.

eve, a pupil of class 7b, does all at once what stalled the class before:

- **padding**: she posts 300 valid records a request, each with an extra 3 kB field,
  never waiting when told to;
- **sets**: she posts one-line records each naming a new set, never waiting;
- **fetching**: she asks for her own records (``GET api/records``, every page) in a loop;
- **waiting**: 300 requests of hers wait for a move in her game (``GET api/games/ID
  ?version=N``), each asked again a second after its answer;
- and what she stored on the days before is in the database: 2,500 records each naming
  a new set, and 2,000 padded ones.

Meanwhile her 30 classmates send their answers one at a time as their kernels do (waiting
when told to), one of them polls her own page, and two teachers poll their classes' pages
every half second: mrs-k's class 7b (eve's) and mr-t's class 7c, of one pupil. Measured:
each teacher request, each classmate's send and the pupil's page; counted: what was
stored. The same run without eve is the baseline.

Shared by ``tests/hub/test_records_attack.py`` and ``bench/records_attack.py``.
"""

from __future__ import annotations

import json
import os
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from mathplay.hub.store import RecordStore
from tests.hub.records_hub import SERVICE, RecordsHub
from tests.hub.records_load import LoadResult, pupils_with_tokens

CLASS, OTHER_CLASS = "7b", "7c"
TEACHERS = ("mrs-k", "mr-t")
ATTACKER, LONE_PUPIL = "eve", "zoe"
#: The classes as the hub's groups (the 30 classmates are added to 7b once they exist).
CLASSES = {
    "teachers": list(TEACHERS),
    CLASS: ["mrs-k", ATTACKER],
    OTHER_CLASS: ["mr-t", LONE_PUPIL],
}
USERS = [*TEACHERS, ATTACKER, LONE_PUPIL]
CLASSMATES = 30
ATTEMPTS = 6
WAITING = 300
#: What eve stored on the days before (within each day's limits).
OLD_SETS, OLD_PADDED = 2500, 2000


def record(pupil: str, n: int, puzzle_set: str = "Lesson 05", **extra: Any) -> str:
    return json.dumps({"who": pupil, "set": puzzle_set, "lesson": "05-binary-numbers",
                       "puzzle": f"p{n % 12}", "answer": str(n), "right": n % 3 != 0,
                       "hints": 0, "seconds": 3.0, **extra})  # fmt: skip


def ask(hub: RecordsHub, method: str, path: str, token: str, body: bytes | None = None,
        timeout: float = 60) -> tuple[int, Any, bytes]:  # fmt: skip
    """Status, headers and body of a request through the hub's proxy (never raising)."""
    request = urllib.request.Request(
        hub.url + path, data=body, method=method,
        headers={"Authorization": f"token {token}", "Content-Type": "application/json"},
    )  # fmt: skip
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()
    except OSError as error:
        return 0, {}, str(error).encode()


@dataclass
class AttackRun:
    """What one run measured (milliseconds) and counted."""

    attacker: bool
    seconds: float = 0.0
    teacher_ms: dict[str, list[float]] = field(default_factory=dict)
    teacher_errors: list[str] = field(default_factory=list)
    classmate_ms: list[float] = field(default_factory=list)
    classmate_errors: list[str] = field(default_factory=list)
    page_ms: list[float] = field(default_factory=list)
    stored: int = 0
    sent: int = 0
    eve: dict[str, int] = field(default_factory=dict)
    load: tuple[float, float, float] = (0.0, 0.0, 0.0)

    @staticmethod
    def p(values: list[float], share: float) -> float:
        return LoadResult.percentile(values, share)

    def line(self) -> str:
        who = "with eve attacking" if self.attacker else "without eve"
        parts = [f"{who}, {self.seconds:.0f} s (load {self.load[0]:.1f}):"]
        for teacher, times in self.teacher_ms.items():
            slowest = max(times, default=0)
            parts.append(f"teacher {teacher} p95 {self.p(times, 0.95):.0f} ms, "
                         f"slowest {slowest:.0f} ms ({len(times)} polls);")  # fmt: skip
        parts.append(f"classmates' sends p95 {self.p(self.classmate_ms, 0.95):.0f} ms, "
                     f"slowest {max(self.classmate_ms, default=0):.0f} ms;")  # fmt: skip
        parts.append(f"a pupil's page p95 {self.p(self.page_ms, 0.95):.0f} ms;")
        parts.append(f"stored {self.stored} of {self.sent}")
        if self.attacker:
            parts.append("; eve: " + ", ".join(f"{k} {v}" for k, v in self.eve.items()))
        return " ".join(parts)


class Attack:
    """The class of :data:`CLASSES` on ``hub``, made once, and its runs."""

    def __init__(self, hub: RecordsHub) -> None:
        self.hub = hub
        self.classmates = pupils_with_tokens(hub, CLASSMATES)
        status, answer = hub.call("POST", f"/hub/api/groups/{CLASS}/users", hub.admin_token,
                                  {"users": list(self.classmates)})  # fmt: skip
        assert status == 200, (status, answer)
        self.tokens = {name: hub.token_for(name) for name in USERS}
        store = RecordStore(hub.db_url)
        store.add(ATTACKER, [record(ATTACKER, n, f"Made up {n}") for n in range(OLD_SETS)])
        store.add(ATTACKER, [record(ATTACKER, n, pad="x" * 3000) for n in range(OLD_PADDED)])
        store.add(LONE_PUPIL, [record(LONE_PUPIL, n) for n in range(5)])
        store.engine.dispose()
        self.runs = 0
        time.sleep(6)  # the service asks the hub for the classes again after 5 s

    def game_of_eve(self) -> tuple[str, int]:
        """A game of eve's with a classmate (its id and version), for her waits."""
        body = json.dumps({"game": "binary", "with": [next(iter(self.classmates))]}).encode()
        status, _headers, raw = ask(self.hub, "POST", SERVICE + "api/games",
                                    self.tokens[ATTACKER], body)  # fmt: skip
        assert status in (200, 201), (status, raw[:300])
        view = json.loads(raw)
        return str(view["id"]), int(view["version"])

    def run(self, attacker: bool) -> AttackRun:
        self.runs += 1
        result = AttackRun(attacker)
        stop = threading.Event()
        eve = self.tokens[ATTACKER]
        counts: dict[str, int] = {"padded posts": 0, "set posts": 0, "record fetches": 0,
                                  "waits": 0, "answered 429": 0, "other": 0}  # fmt: skip
        lock = threading.Lock()

        def count(kind: str, status: int) -> None:
            with lock:
                counts[kind] += 1
                if status == 429:
                    counts["answered 429"] += 1
                elif status not in (200, 201):
                    counts["other"] += 1

        def padder() -> None:
            n = 0
            while not stop.is_set():
                lines = [record(ATTACKER, 10_000 + n + i, pad="x" * 3000) for i in range(300)]
                status, _h, _b = ask(self.hub, "POST", SERVICE + "api/records", eve,
                                     json.dumps({"lines": lines}).encode())  # fmt: skip
                count("padded posts", status)
                n += 300

        def sets() -> None:
            n = 0
            while not stop.is_set():
                line = record(ATTACKER, n, f"Run {self.runs} set {n}")
                status, _h, _b = ask(self.hub, "POST", SERVICE + "api/records", eve,
                                     json.dumps({"lines": [line]}).encode())  # fmt: skip
                count("set posts", status)
                n += 1

        def fetcher() -> None:
            while not stop.is_set():
                after = 0
                while not stop.is_set():
                    status, _h, raw = ask(self.hub, "GET",
                                          f"{SERVICE}api/records?after={after}", eve)  # fmt: skip
                    count("record fetches", status)
                    following = json.loads(raw).get("next") if status == 200 else None
                    if not following:
                        break
                    after = int(following)

        def waiter(game: tuple[str, int]) -> None:
            game_id, version = game
            path = f"{SERVICE}api/games/{game_id}?version={version}"
            while not stop.is_set():
                status, _h, _b = ask(self.hub, "GET", path, eve)
                count("waits", status)
                stop.wait(1.0)

        def teacher(name: str, group: str) -> Callable[[], None]:
            def poll() -> None:
                row = -1
                times = result.teacher_ms.setdefault(name, [])
                while not stop.is_set():
                    started = time.perf_counter()
                    status, _h, raw = ask(self.hub, "GET",
                                          f"{SERVICE}class/{group}/report.json?row={row}",
                                          self.tokens[name])  # fmt: skip
                    times.append((time.perf_counter() - started) * 1000)
                    if status != 200:
                        result.teacher_errors.append(f"{name} {status}: {raw[:200]!r}")
                    else:
                        row = json.loads(raw)["row"]
                    stop.wait(0.5)

            return poll

        def own_page() -> None:
            token = next(iter(self.classmates.values()))
            while not stop.is_set():
                started = time.perf_counter()
                status, _h, raw = ask(self.hub, "GET", f"{SERVICE}me/report.json?row=-1", token)
                result.page_ms.append((time.perf_counter() - started) * 1000)
                if status != 200:
                    result.teacher_errors.append(f"own page {status}: {raw[:200]!r}")
                stop.wait(1.0)

        def classmate(item: tuple[str, str]) -> list[float]:
            name, token = item
            times = []
            for n in range(ATTEMPTS):
                body = json.dumps({"lines": [record(name, 100 * self.runs + n)]}).encode()
                while True:  # as the kernel's sender does: wait when told to, send again
                    started = time.perf_counter()
                    status, headers, raw = ask(self.hub, "POST", SERVICE + "api/records",
                                               token, body)  # fmt: skip
                    times.append((time.perf_counter() - started) * 1000)
                    if status == 200:
                        break
                    if status != 429:
                        result.classmate_errors.append(f"{name} #{n}: {status} {raw[:100]!r}")
                        break
                    time.sleep(float(headers.get("Retry-After", "1")))
                time.sleep(2.0)  # a child thinks between answers
            return times

        store = RecordStore(self.hub.db_url)
        before = len(store.records(list(self.classmates)))
        threads = [threading.Thread(target=teacher(t, g))
                   for t, g in zip(TEACHERS, (CLASS, OTHER_CLASS), strict=True)]  # fmt: skip
        threads.append(threading.Thread(target=own_page))
        if attacker:
            game = self.game_of_eve()
            threads += [threading.Thread(target=f) for f in (padder, sets, fetcher)]
            threads += [threading.Thread(target=waiter, args=(game,)) for _ in range(WAITING)]
        started = time.perf_counter()
        for thread in threads:
            thread.start()
        time.sleep(3)  # the attack is under way
        with ThreadPoolExecutor(max_workers=CLASSMATES) as pool:
            sent = pool.map(classmate, self.classmates.items())
            result.classmate_ms = [t for times in sent for t in times]
        stop.set()
        for thread in threads:
            thread.join(120)
        result.seconds = time.perf_counter() - started
        result.load = os.getloadavg()
        result.sent = CLASSMATES * ATTEMPTS
        rows = store.records(list(self.classmates))
        result.stored = len(rows) - before
        distinct = {(r["who"], r["answer"]) for r in rows}
        assert len(distinct) == len(rows), "a classmate's record was stored twice"
        store.engine.dispose()
        result.eve = counts
        return result
