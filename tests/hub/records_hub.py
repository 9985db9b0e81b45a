"""A real JupyterHub with the ``mathplay-records`` service, as docs/classroom.md sets it up.

The hub of ``hubserver.py`` with the docs' service config (:mod:`tests.hub.records_config`)
and, for the tests only, a ``test-admin`` service whose token makes users and their
tokens (as a school's hub makes them when pupils log in). Shared by the hub tests, the
load test and ``bench/records_service.py``.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

from tests.browser.labserver import free_port
from tests.hub.hubserver import Hub
from tests.hub.records_config import service_config

SERVICE = "/services/mathplay-records/"
#: The classes of the docs' config: a teacher, three pupils (cai never comes).
TEACHER = "mrs-k"
CLASS = "7b"
PUPILS = ["ana", "ben", "cai"]

_TEST_ADMIN = """
# Tests only: a service whose token makes users and their tokens.
c.JupyterHub.services.append({{"name": "test-admin", "api_token": {token!r}}})
c.JupyterHub.load_roles.append({{"name": "test-admin", "services": ["test-admin"],
    "scopes": ["admin:users", "tokens", "list:users", "admin:groups"]}})
# A service that dies is started again by the hub when it notices (every few seconds).
c.Spawner.poll_interval = 2
"""


class RecordsHub(Hub):
    """A hub with the records service on the database ``db_url``."""

    def __init__(
        self,
        db_url: str,
        proxy: str,
        users: list[str] | None = None,
        classes: dict[str, list[str]] | None = None,
    ) -> None:
        super().__init__(users or [TEACHER, *PUPILS], proxy)
        self.db_url = db_url
        self.admin_token = os.urandom(16).hex()
        self.service_port = free_port()
        values: dict[str, object] = {
            "RECORDS_DB": db_url, "RECORDS_PORT": self.service_port, "HUB_URL": self.url
        }  # fmt: skip
        if classes is not None:  # else the docs' own: 7b, of ana, ben and cai
            values["CLASSES"] = classes
        self.extra_config = service_config(**values) + _TEST_ADMIN.format(token=self.admin_token)

    @property
    def service_url(self) -> str:
        return self.url + SERVICE

    def start(self) -> RecordsHub:
        super().start()
        self.wait_for_service(60)
        return self

    def wait_for_service(self, seconds: float) -> None:
        """Wait until the service answers through the proxy."""
        deadline = time.monotonic() + seconds
        while True:
            status, _ = self.call("POST", SERVICE + "api/records", "no-token", {"lines": []})
            if status == 401:  # the service itself answered
                return
            if time.monotonic() > deadline:
                raise RuntimeError(f"the records service did not answer:\n{self.log_tail()}")
            time.sleep(0.3)

    def call(self, method: str, path: str, token: str, body: Any = None,
             wait_when_asked: bool = True) -> tuple[int, Any]:  # fmt: skip
        """An HTTP request to the hub (through its proxy) with ``token``: status and answer
        (JSON when it is, else the bytes). Asked to wait (429, ``too-many-requests``), it
        waits and asks again as a pupil's kernel does, unless ``wait_when_asked`` is false."""
        for _tries in range(10):
            status, answer, wait = self._call_once(method, path, token, body)
            asked = isinstance(answer, dict) and answer.get("kind") == "too-many-requests"
            if not (status == 429 and asked and wait_when_asked):
                return status, answer
            time.sleep(min(wait, 5.0))
        return status, answer

    def _call_once(self, method: str, path: str, token: str, body: Any
                   ) -> tuple[int, Any, float]:  # fmt: skip
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(
            self.url + path,
            data=data,
            method=method,
            headers={"Authorization": f"token {token}", "Content-Type": "application/json"},
        )
        wait = 1.0
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                status, raw = response.status, response.read()
        except urllib.error.HTTPError as error:
            status, raw = error.code, error.read()
            try:
                wait = float(error.headers.get("Retry-After") or 1)
            except ValueError:
                wait = 1.0
        except OSError as error:
            return 0, str(error), wait
        try:
            return status, json.loads(raw or b"{}"), wait
        except ValueError:
            return status, raw, wait

    def token_for(self, user: str) -> str:
        """A new hub token of ``user`` (made with the test-admin service's token)."""
        status, answer = self.call(
            "POST", f"/hub/api/users/{user}/tokens", self.admin_token, {"note": "test"}
        )
        assert status == 201, (status, answer)
        return str(answer["token"])

    def add_users(self, users: list[str]) -> None:
        status, answer = self.call("POST", "/hub/api/users", self.admin_token,
                                   {"usernames": users})  # fmt: skip
        assert status in (201, 409), (status, answer)

    def service_pids(self) -> list[int]:
        """The PIDs of the records service's processes (started by the hub)."""
        import psutil

        found = []
        for pid in self.remember_pids():
            try:
                command = " ".join(psutil.Process(pid).cmdline())
            except psutil.Error:
                continue
            if "mathplay.hub.service" in command:
                found.append(pid)
        return found


@contextlib.contextmanager
def second_copy(hub: RecordsHub) -> Iterator[str]:
    """Another copy of the service on the same database, started by hand as an external
    service would be (the hub's variables given to it), outside the hub's proxy: its
    records address. Stopped at the end."""
    port = free_port()
    env = dict(os.environ)
    env.update({
        "JUPYTERHUB_API_URL": hub.url + "/hub/api",
        "JUPYTERHUB_API_TOKEN": hub.admin_token,
        "JUPYTERHUB_SERVICE_PREFIX": SERVICE,
    })  # fmt: skip
    log = hub.state / "second-copy.log"
    with open(log, "wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "mathplay.hub.service", "--url", f"http://127.0.0.1:{port}",
             "--db", hub.db_url],
            env=env, stdout=out, stderr=subprocess.STDOUT,
        )  # fmt: skip
    url = f"http://127.0.0.1:{port}{SERVICE}api/records"
    try:
        deadline = time.monotonic() + 60
        while True:
            request = urllib.request.Request(url, data=b"{}", method="POST")
            try:
                urllib.request.urlopen(request, timeout=5)
            except urllib.error.HTTPError as error:
                if error.code == 401:
                    break
            except OSError:
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the second copy did not start:\n{log.read_text()[-2000:]}")
            time.sleep(0.3)
        yield url
    finally:
        process.terminate()
        try:
            process.wait(20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(5)
