"""A real JupyterHub on 127.0.0.1 for the classroom test, with everything in a temp dir.

JupyterHub (from PyPI) runs with ``configurable-http-proxy`` (from npm), the
``DummyAuthenticator`` with a shared password and ``SimpleLocalProcessSpawner``: each
pupil's home is a folder under ``homes/``, and their single-user server is JupyterLab
from this very venv. The database, cookie secret, proxy token, PID files and logs live
in the temp dir too; every process is stopped by its PID (see :meth:`Hub.stop`).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from tests.browser.labserver import free_port

HERE = Path(__file__).resolve().parent
#: Where ``.ci/run`` (or the fixture, when npm is at hand) installs the proxy.
PROXY_PREFIX = HERE / ".proxy"
PROXY_PACKAGE = "configurable-http-proxy@4"
VENV_BIN = Path(sys.executable).parent
PASSWORD = "class-7b-password"

CONFIG = """\
# Written by tests/hub/hubserver.py: a throwaway classroom hub.
import json
settings = json.loads({settings!r})

c.JupyterHub.bind_url = settings["bind_url"]
c.JupyterHub.hub_bind_url = settings["hub_bind_url"]
c.JupyterHub.db_url = "sqlite:///" + settings["state"] + "/jupyterhub.sqlite"
c.JupyterHub.cookie_secret_file = settings["state"] + "/jupyterhub_cookie_secret"
c.JupyterHub.pid_file = settings["state"] + "/jupyterhub.pid"
c.JupyterHub.cleanup_servers = True
c.JupyterHub.cleanup_proxy = True

c.JupyterHub.proxy_class = "configurable-http-proxy"
c.ConfigurableHTTPProxy.command = [settings["proxy"]]
c.ConfigurableHTTPProxy.api_url = settings["proxy_api_url"]
c.ConfigurableHTTPProxy.auth_token = settings["proxy_token"]
c.ConfigurableHTTPProxy.pid_file = settings["state"] + "/proxy.pid"
c.ConfigurableHTTPProxy.should_start = True

c.JupyterHub.authenticator_class = "dummy"
c.DummyAuthenticator.password = settings["password"]
c.Authenticator.allowed_users = set(settings["users"])

c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = settings["homes"] + "/{{username}}"
c.Spawner.cmd = [settings["singleuser"]]
c.Spawner.args = settings["singleuser_args"]
c.Spawner.ip = "127.0.0.1"
c.Spawner.default_url = "/lab"
c.Spawner.start_timeout = 90
c.Spawner.http_timeout = 90
# Each pupil's records in their own home (the records branch reads this variable).
c.Spawner.environment = {{
    "MATHPLAY_PROGRESS_DIR": lambda spawner: spawner.home_dir + "/mathplay-progress",
}}
"""

# JupyterLab in a pupil's home: no news and no update checks (no network here).
LAB_SETTINGS = {
    "notification.jupyterlab-settings": {"fetchNews": "false", "checkForUpdates": False},
}
SERVER_CONFIG = {"LabApp": {"check_for_updates_class": "jupyterlab.NeverCheckForUpdate"}}


def proxy_command() -> str | None:
    """The ``configurable-http-proxy`` to use: installed by ``.ci/run`` into
    ``tests/hub/.proxy``, or one on ``PATH``; ``None`` when there is none."""
    local = PROXY_PREFIX / "node_modules" / ".bin" / "configurable-http-proxy"
    if local.exists():
        return str(local)
    return shutil.which("configurable-http-proxy")


def install_proxy() -> str:
    """Install the proxy from npm into ``tests/hub/.proxy`` (a few seconds)."""
    npm = shutil.which("npm")
    if npm is None:
        raise FileNotFoundError("npm is not installed")
    subprocess.run(
        [
            npm,
            "install",
            "--prefix",
            str(PROXY_PREFIX),
            "--no-audit",
            "--no-fund",
            "--loglevel=error",
            PROXY_PACKAGE,
        ],
        check=True,
        timeout=300,
    )
    command = proxy_command()
    if command is None:
        raise FileNotFoundError(f"npm installed {PROXY_PACKAGE}, but its command is missing")
    return command


def _started(pid: int) -> float | None:
    """When process ``pid`` started (``None`` if there is none): with the PID it names
    one process, so a PID reused later by another program is never stopped."""
    import psutil

    try:
        process = psutil.Process(pid)
        if process.status() == psutil.STATUS_ZOMBIE:
            return None
        return process.create_time()
    except psutil.Error:
        return None


class Hub:
    """A JupyterHub for ``users``, each with a home under ``self.homes``; a context manager."""

    def __init__(self, users: list[str], proxy: str, extra_config: str = "") -> None:
        self.users = users
        #: More of ``jupyterhub_config.py``, after the hub's own (a service, groups).
        self.extra_config = extra_config
        self.proxy = proxy
        self.dir = Path(tempfile.mkdtemp(prefix="mathplay-hub-"))
        self.state = self.dir / "state"
        self.homes = self.dir / "homes"
        self.state.mkdir()
        self.homes.mkdir()
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None
        self.log = self.state / "jupyterhub.log"
        #: Every process of this hub ever seen: PID -> its start time.
        self.pids: dict[int, float] = {}

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def home(self, user: str) -> Path:
        """The pupil's home, made ready before they log in (JupyterLab's quiet settings)."""
        home = self.homes / user
        settings = home / ".jupyter" / "lab" / "user-settings" / "@jupyterlab"
        (settings / "apputils-extension").mkdir(parents=True, exist_ok=True)
        for name, value in LAB_SETTINGS.items():
            (settings / "apputils-extension" / name).write_text(json.dumps(value))
        (home / ".jupyter" / "jupyter_server_config.json").write_text(json.dumps(SERVER_CONFIG))
        return home

    def start(self) -> Hub:
        args = ["--ServerApp.ip=127.0.0.1"]
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            args.append("--allow-root")
        settings = {
            "bind_url": self.url,
            "hub_bind_url": f"http://127.0.0.1:{free_port()}",
            "proxy_api_url": f"http://127.0.0.1:{free_port()}",
            "proxy_token": os.urandom(16).hex(),
            "proxy": self.proxy,
            "state": str(self.state),
            "homes": str(self.homes),
            "password": PASSWORD,
            "users": self.users,
            "singleuser": str(VENV_BIN / "jupyterhub-singleuser"),
            "singleuser_args": args,
        }
        config = self.state / "jupyterhub_config.py"
        config.write_text(CONFIG.format(settings=json.dumps(settings)) + "\n" + self.extra_config)
        for user in self.users:
            self.home(user)
        env = dict(os.environ)
        env["PATH"] = f"{VENV_BIN}{os.pathsep}{env.get('PATH', '')}"
        with open(self.log, "wb") as out:
            self.process = subprocess.Popen(
                [str(VENV_BIN / "jupyterhub"), "-f", str(config)],
                cwd=self.state,
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        self._note({self.process.pid})
        self._wait(f"{self.url}/hub/api/", 60)
        self.remember_pids()
        return self

    def _wait(self, url: str, seconds: float) -> None:
        assert self.process is not None
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"JupyterHub exited:\n{self.log_tail()}")
            try:
                with urllib.request.urlopen(url, timeout=2) as response:
                    if response.status == 200:
                        return
            except OSError:
                time.sleep(0.25)
        raise RuntimeError(f"JupyterHub did not answer {url} in {seconds} s:\n{self.log_tail()}")

    def log_tail(self, chars: int = 4000) -> str:
        return self.log.read_text(errors="replace")[-chars:] if self.log.exists() else ""

    # --- the processes, by PID ---------------------------------------------------------

    def remember_pids(self) -> set[int]:
        """Note every process of this hub: the hub and all its descendants (the proxy, the
        single-user servers, their kernels), the proxy's PID file and the spawners' PIDs
        in the hub's database (in case the hub died and they were orphaned)."""
        import psutil

        found: set[int] = set()
        if self.process is not None:
            try:
                hub = psutil.Process(self.process.pid)
                found |= {child.pid for child in hub.children(recursive=True)}
            except psutil.NoSuchProcess:
                pass
        pid_file = self.state / "proxy.pid"
        if pid_file.exists() and pid_file.read_text().strip().isdigit():
            found.add(int(pid_file.read_text()))
        found |= self._spawner_pids()
        for pid in list(found):  # a server's kernels, even if it was orphaned
            with contextlib.suppress(psutil.NoSuchProcess):
                found |= {c.pid for c in psutil.Process(pid).children(recursive=True)}
        self._note(found)
        return found

    def _note(self, pids: set[int]) -> None:
        for pid in pids:
            started = _started(pid)
            if started is not None:
                self.pids.setdefault(pid, started)

    def _spawner_pids(self) -> set[int]:
        db = self.state / "jupyterhub.sqlite"
        if not db.exists():
            return set()
        try:
            with sqlite3.connect(db) as connection:
                rows = connection.execute("SELECT state FROM spawners").fetchall()
        except sqlite3.Error:
            return set()
        pids = set()
        for (state,) in rows:
            try:
                pid = json.loads(state or "{}").get("pid")
            except (TypeError, ValueError):
                continue
            if isinstance(pid, int) and pid > 0:
                pids.add(pid)
        return pids

    def names(self) -> list[str]:
        """What each process of the hub alive now is ("1234 jupyterhub-singleuser")."""
        import psutil

        self.remember_pids()
        found = []
        for pid in self.running():
            try:
                command = psutil.Process(pid).cmdline()
            except psutil.Error:
                continue
            words = [Path(word).name for word in command[:3] if not word.startswith("-")]
            found.append(f"{pid} {' '.join(words)}")
        return found

    def running(self) -> list[int]:
        """The PIDs of this hub's processes that are still alive."""
        return sorted(pid for pid, at in self.pids.items() if _started(pid) == at)

    def stop(self) -> list[int]:
        """Stop the hub (it stops the servers and the proxy), then anything of it left, by
        PID. Returns the PIDs that outlived SIGKILL (none, normally)."""
        self.remember_pids()
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()  # the hub's own cleanup: servers, then the proxy
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)
        for sig, grace in ((signal.SIGTERM, 10.0), (signal.SIGKILL, 5.0)):
            left = self.running()
            for pid in left:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, sig)
            deadline = time.monotonic() + grace
            while left and time.monotonic() < deadline:
                time.sleep(0.1)
                left = self.running()
        left = self.running()
        if not os.environ.get("MATHPLAY_KEEP_HUB"):
            shutil.rmtree(self.dir, ignore_errors=True)
        return left

    def __enter__(self) -> Hub:
        try:
            return self.start()
        except BaseException:
            self.stop()
            raise

    def __exit__(self, *exc: Any) -> None:
        self.stop()


def log_in(
    browser: Any, hub: Hub, user: str, next_url: str = "", viewport: tuple[int, int] = (1200, 800)
) -> Any:
    """Submit the hub's login form as ``user`` in a browser context of its own; the hub
    then starts their server, or goes to ``next_url`` (a service's page) when given."""
    context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    page.goto(f"{hub.url}/hub/login" + (f"?next={next_url}" if next_url else ""))
    page.locator("#username_input").fill(user)
    page.locator("#password_input").fill(PASSWORD)
    page.locator("#login_submit").click()
    return page
