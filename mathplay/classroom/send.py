"""Sending a pupil's records to the class's records service on JupyterHub, none lost, none twice.

When the hub runs the ``mathplay-records`` service (:mod:`mathplay.hub`) and tells the
pupils' servers where it is (the variable ``MATHPLAY_RECORDS_URL``), every record the
widgets write to the pupil's progress file is also sent to it, with the pupil's own hub
token (``JUPYTERHUB_API_TOKEN``, which every kernel on a hub has); the service takes the
pupil's name from the hub, never from the record.

The progress file is the queue. Beside it, ``.NAME.sent`` holds how far the file has
been sent (a byte offset, written only once the service has answered). A record written
while the service cannot be reached waits in the file and goes with the next send: a
retry a few seconds later (doubling to a minute while it fails), the pupil's next
record, or the next kernel's first. The service stores a line once however often it
comes (:mod:`mathplay.hub.store`), so a send cut off half-way and sent again stores
nothing twice.

Sending happens in one background thread: the widget never waits for the network.

>>> import tempfile, os
>>> folder = tempfile.mkdtemp()
>>> path = os.path.join(folder, "ana.jsonl")
>>> with open(path, "w") as file:
...     _ = file.write('{"a": 1}\\n{"b": 2}\\n{"c": ')
>>> pending_lines(path)
(['{"a": 1}', '{"b": 2}'], 18)
>>> mark_sent(path, 9); pending_lines(path)
(['{"b": 2}'], 18)
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from mathplay.files import read_regular

__all__ = [
    "RECORDS_URL_VARIABLE",
    "TOKEN_VARIABLE",
    "SendFailed",
    "fetch_mine",
    "flush",
    "mark_sent",
    "pending_lines",
    "records_url",
    "send_pending",
    "sent_offset",
    "wake",
]

#: Where the records service is (its address, ending in ``/services/mathplay-records/``).
RECORDS_URL_VARIABLE = "MATHPLAY_RECORDS_URL"
#: The pupil's own hub token, which JupyterHub gives every single-user server.
TOKEN_VARIABLE = "JUPYTERHUB_API_TOKEN"
#: The most bytes sent in one request (the service takes at most 500 lines a request).
_BATCH_BYTES = 256 * 1024
_BATCH_LINES = 400
#: Seconds to wait for the service's answer.
_TIMEOUT = 10.0
#: Seconds to wait for each page of the pupil's records when a lesson opens (the pupil
#: is waiting).
_FETCH_TIMEOUT = 3.0
#: The most pages of the pupil's records fetched when a lesson opens: 20 of the
#: service's pages of 1,000 records, years of lessons (a year is a few thousand).
_MOST_PAGES = 20
#: How many times a fetch waits when the service asks it to (429), the longest wait.
_FETCH_WAITS = 3
_FETCH_LONGEST_WAIT = 5.0
#: The first and the longest wait before trying again after a failed send.
_FIRST_RETRY, _LONGEST_RETRY = 2.0, 60.0


class SendFailed(OSError):
    """The service could not be reached, or refused the records (how, in the message).
    ``retry_after``: the seconds the service asked to wait before sending again (it
    answers 429 to a pupil who sent too much at once), else 0."""

    def __init__(self, message: str, retry_after: float = 0.0) -> None:
        super().__init__(message)
        self.retry_after = retry_after


def _retry_after(error: urllib.error.HTTPError) -> float:
    """The seconds of a 429's ``Retry-After`` (at most an hour; 0 if none or not a number)."""
    try:
        return min(3600.0, max(0.0, float(error.headers.get("Retry-After") or 0)))
    except (TypeError, ValueError):
        return 0.0


def records_url() -> str | None:
    """The records service's address, if this kernel runs on a hub that has one."""
    if sys.platform == "emscripten":  # the website: no hub, no threads
        return None
    url = os.environ.get(RECORDS_URL_VARIABLE, "").strip()
    token = os.environ.get(TOKEN_VARIABLE, "").strip()
    if not url or not token or not url.startswith(("http://", "https://")):
        return None
    return url if url.endswith("/") else url + "/"


def _cursor(path: str | Path) -> Path:
    path = Path(path)
    return path.with_name(f".{path.name}.sent")


def sent_offset(path: str | Path) -> int:
    """How many bytes of the file at ``path`` the service has (0 if none, or if the file
    is now shorter: it was replaced, and is sent again, which stores nothing twice)."""
    try:
        offset = int(read_regular(_cursor(path), 64, follow_links=False).strip() or 0)
        size = os.path.getsize(path)
    except (OSError, ValueError):
        return 0
    return offset if 0 <= offset <= size else 0


def mark_sent(path: str | Path, offset: int) -> None:
    """Note that the service has the file at ``path`` up to byte ``offset``."""
    cursor = _cursor(path)
    # Of this process and thread: two writers never share a temporary file.
    temporary = cursor.with_name(cursor.name + f".{os.getpid()}.{threading.get_ident()}.tmp")
    temporary.write_text(str(offset))
    os.replace(temporary, cursor)


def pending_lines(path: str | Path, limit: int = _BATCH_BYTES) -> tuple[list[str], int]:
    """The whole lines of the file at ``path`` not yet sent (at most about ``limit``
    bytes of them), and the offset just after the last one."""
    start = sent_offset(path)
    try:
        # Never a pipe or a device (a prank in the pupil's folder would stop the sending
        # for good): opened without waiting, and read only when it is an ordinary file.
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(descriptor, "rb") as file:
            if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
                return [], start
            file.seek(start)
            data = file.read(limit)
    except OSError:
        return [], start
    end = data.rfind(b"\n")
    if end < 0:
        return [], start
    lines = data[: end + 1].decode("utf-8", errors="replace").splitlines()
    return [line for line in lines if line.strip()][:_BATCH_LINES], start + end + 1


def fetch_mine(url: str | None = None, token: str | None = None) -> list[dict[str, Any]]:
    """The records the service holds for this kernel's pupil (their hub name), as the
    service stored them, page after page (``?after=``, at most ``_MOST_PAGES``);
    ``[]`` when there is no service, or it cannot be reached now (a pupil then starts
    from what this machine has, rather than waiting), and the pages fetched until then
    if it stops answering half-way."""
    url = url or records_url()
    token = token or os.environ.get(TOKEN_VARIABLE, "")
    if not url or not token:
        return []
    found: list[dict[str, Any]] = []
    after = 0
    waits = 0
    page = 0
    while page < _MOST_PAGES:
        request = urllib.request.Request(
            url + f"api/records?after={after}",
            method="GET",
            headers={"Authorization": f"token {token}"},
        )
        try:
            with urllib.request.urlopen(request, timeout=_FETCH_TIMEOUT) as response:
                answer = json.loads(response.read() or b"{}")
        except urllib.error.HTTPError as error:
            # Asked to wait (the pupil's requests spent): the same page again, a few times
            if error.code == 429 and waits < _FETCH_WAITS:
                waits += 1
                time.sleep(min(_retry_after(error) or 1.0, _FETCH_LONGEST_WAIT))
                continue
            break
        except (OSError, ValueError):
            break
        page += 1
        if not isinstance(answer, dict) or not isinstance(answer.get("records"), list):
            break
        found += [r for r in answer["records"] if isinstance(r, dict)]
        following = answer.get("next")  # a service before pages sends none: one page
        if not isinstance(following, int) or isinstance(following, bool) or following <= after:
            break
        after = following
    return found


def _post(url: str, token: str, lines: list[str]) -> dict[str, object]:
    body = json.dumps({"lines": lines}).encode("utf-8")
    request = urllib.request.Request(
        url + "api/records",
        data=body,
        method="POST",
        headers={"Authorization": f"token {token}", "Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=_TIMEOUT) as response:
            answer = json.loads(response.read() or b"{}")
    except urllib.error.HTTPError as error:
        raise SendFailed(
            f"the records service answered {error.code} {error.reason}",
            retry_after=_retry_after(error) if error.code in (429, 503) else 0.0,
        ) from None
    except (OSError, ValueError) as error:
        raise SendFailed(f"the records service could not be reached: {error}") from None
    return answer if isinstance(answer, dict) else {}


def send_pending(path: str | Path, url: str | None = None, token: str | None = None) -> int:
    """Send every line of the file at ``path`` not yet sent; how many were sent.

    Raises :class:`SendFailed` if the service could not be reached or refused them; what
    was not sent stays pending."""
    url = url or records_url()
    token = token or os.environ.get(TOKEN_VARIABLE, "")
    if not url:
        return 0
    # One send of a file at a time in this process (the background sender and a
    # "send now" could otherwise post the same lines together and race on the cursor).
    with _sending(path):
        return _send_pending(path, url, token)


_SENDING_LOCK = threading.Lock()
_SENDING: dict[str, threading.Lock] = {}


def _sending(path: str | Path) -> threading.Lock:
    with _SENDING_LOCK:
        return _SENDING.setdefault(os.path.abspath(path), threading.Lock())


def _send_pending(path: str | Path, url: str, token: str) -> int:
    sent = 0
    while True:
        lines, end = pending_lines(path)
        if not lines:
            if end != sent_offset(path):
                mark_sent(path, end)  # blank lines only
            return sent
        _post(url, token, lines)
        mark_sent(path, end)
        sent += len(lines)


class _Sender:
    """The one background thread that sends the files it is woken for."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.pending: set[str] = set()
        self.woken = threading.Event()
        self.idle = threading.Event()
        self.idle.set()
        self.thread: threading.Thread | None = None
        self.last_error = ""
        #: Not before this moment (``time.monotonic()``): the wait the service asked for.
        self.not_before = 0.0

    def wake(self, path: str | Path) -> None:
        with self.lock:
            self.pending.add(str(path))
            self.idle.clear()
            if self.thread is None or not self.thread.is_alive():
                self.thread = threading.Thread(
                    target=self._run, name="mathplay-records-sender", daemon=True
                )
                self.thread.start()
        self.woken.set()

    def _run(self) -> None:
        wait = _FIRST_RETRY
        while True:
            self.woken.wait(timeout=None if self.idle.is_set() else wait)
            self.woken.clear()
            # A new record wakes the thread, but never sooner than the service asked.
            pause = self.not_before - time.monotonic()
            if pause > 0:
                time.sleep(pause)
            with self.lock:
                paths = sorted(self.pending)
            failed = False
            asked = 0.0  # the wait the service asked for (429 Retry-After)
            for path in paths:
                try:
                    send_pending(path)
                except SendFailed as error:
                    self.last_error = str(error)
                    failed = True
                    asked = max(asked, error.retry_after)
                    continue
                except OSError as error:  # the file itself: nothing to send later
                    self.last_error = str(error)
                with self.lock:
                    if sent_offset(path) >= _size(path):
                        self.pending.discard(path)
            with self.lock:
                if not self.pending:
                    self.idle.set()
            wait = min(wait * 2, _LONGEST_RETRY) if failed else _FIRST_RETRY
            wait = max(wait, asked)
            self.not_before = time.monotonic() + asked


def _size(path: str) -> int:
    try:
        return os.path.getsize(path)
    except OSError:
        return 0


_SENDER = _Sender()


def wake(path: str | Path) -> None:
    """Send the file at ``path`` soon, in the background, if there is a records service."""
    if records_url() is None:
        return
    with contextlib.suppress(RuntimeError):  # no new threads at interpreter exit
        _SENDER.wake(path)


def flush(timeout: float = 30.0) -> bool:
    """Wait (at most ``timeout`` seconds) until every record woken for is sent; whether
    they all were. The last failure is in ``last_error()``."""
    return _SENDER.idle.wait(timeout)


def last_error() -> str:
    """Why the last send failed (``""`` if none has)."""
    return _SENDER.last_error
