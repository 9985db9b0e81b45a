"""Start JupyterLab (or Voilà) on localhost and drive it with Playwright + Debian's chromium.

Shared by the browser tests and ``bench/board_latency.py``. Everything Jupyter, IPython
and matplotlib write goes to a temporary folder; the server is stopped by its PID.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

CHROMIUM = "/usr/bin/chromium"
BROWSER_ARGS = [
    "--no-sandbox",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-default-apps",
    "--disable-sync",
    "--metrics-recording-only",
    "--no-first-run",
]
VENV_BIN = Path(sys.executable).parent
KERNEL_IDLE = "Python 3 (ipykernel) | Idle"


def chromium_missing() -> str | None:
    """Why the browser tests cannot run here, or ``None`` when they can."""
    if not (Path(CHROMIUM).exists() or shutil.which("chromium")):
        return "Debian's chromium is not installed (apt-get install chromium)"
    try:
        import playwright  # noqa: F401
    except ImportError:
        return "the playwright package is not installed (pip install -e '.[test]')"
    return None


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def write_notebook(path: Path, cells: list[str]) -> Path:
    """A notebook of code cells (no outputs) at ``path``."""
    notebook = {
        "cells": [
            {
                "cell_type": "code",
                "metadata": {},
                "source": src,
                "outputs": [],
                "execution_count": None,
            }
            for src in cells
        ],
        "metadata": {
            "kernelspec": {
                "display_name": "Python 3 (ipykernel)",
                "language": "python",
                "name": "python3",
            },
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path.write_text(json.dumps(notebook), encoding="utf-8")
    return path


def _env(home: Path) -> dict[str, str]:
    env = dict(os.environ)
    for name, sub in [
        ("JUPYTER_CONFIG_DIR", "config"),
        ("JUPYTER_DATA_DIR", "data"),
        ("JUPYTER_RUNTIME_DIR", "runtime"),
        ("JUPYTERLAB_SETTINGS_DIR", "settings"),
        ("JUPYTERLAB_WORKSPACES_DIR", "workspaces"),
        ("IPYTHONDIR", "ipython"),
        ("MPLCONFIGDIR", "mpl"),
    ]:
        (home / sub).mkdir(parents=True, exist_ok=True)
        env[name] = str(home / sub)
    env["PATH"] = f"{VENV_BIN}{os.pathsep}{env.get('PATH', '')}"
    # The pupils' records in the server's own folder, where the tests read them.
    env["MATHPLAY_DATA_DIR"] = str(home / "root")
    return env


def _settings(home: Path, theme: str) -> None:
    base = home / "settings" / "@jupyterlab" / "apputils-extension"
    base.mkdir(parents=True, exist_ok=True)
    name = "JupyterLab Dark" if theme == "dark" else "JupyterLab Light"
    (base / "themes.jupyterlab-settings").write_text(json.dumps({"theme": name}))
    (base / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False})
    )


def _wait(url: str, seconds: float, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited: {log.read_text()[-2000:]}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.25)
    raise RuntimeError(f"the server did not answer {url} in {seconds} s")


class Server:
    """A JupyterLab, Notebook 7 or Voilà server in a temporary home; use as a context
    manager. ``kind`` is ``"lab"``, ``"notebook"`` or ``"voila"``."""

    def __init__(self, kind: str = "lab", theme: str = "light", notebook: str = "") -> None:
        self.kind = kind
        self.theme = theme
        self.notebook = notebook
        self.home = Path(tempfile.mkdtemp(prefix=f"mathplay-{kind}-"))
        self.root = self.home / "root"
        self.root.mkdir()
        self.port = free_port()
        self.token = os.urandom(12).hex()
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> Server:
        env = _env(self.home)
        _settings(self.home, self.theme)
        log = self.home / "server.log"
        if self.kind in ("lab", "notebook"):
            command = [
                str(VENV_BIN / "jupyter"),
                self.kind,
                "--no-browser",
                f"--port={self.port}",
                "--ServerApp.ip=127.0.0.1",
                f"--IdentityProvider.token={self.token}",
                f"--ServerApp.root_dir={self.root}",
            ]
            if self.kind == "lab":
                command.append("--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate")
            if hasattr(os, "geteuid") and os.geteuid() == 0:
                command.append("--allow-root")
            probe = f"http://127.0.0.1:{self.port}/api/status?token={self.token}"
        else:
            command = [
                str(VENV_BIN / "voila"),
                str(self.root / self.notebook),
                f"--port={self.port}",
                "--no-browser",
                "--Voila.ip=127.0.0.1",
            ]
            probe = f"http://127.0.0.1:{self.port}/voila/static/favicon.ico"
        with open(log, "wb") as out:
            self.process = subprocess.Popen(
                command, cwd=self.root, env=env, stdout=out, stderr=subprocess.STDOUT
            )
        _wait(probe, 60, self.process, log)
        return self

    def url(self, notebook: str) -> str:
        if self.kind == "voila":
            return f"http://127.0.0.1:{self.port}/"
        if self.kind == "notebook":
            return f"http://127.0.0.1:{self.port}/notebooks/{notebook}?token={self.token}"
        # A fresh workspace per page, so no notebook opened earlier is restored beside it.
        workspace = "w" + os.urandom(4).hex()
        return (
            f"http://127.0.0.1:{self.port}/lab/workspaces/{workspace}/tree/{notebook}"
            f"?token={self.token}"
        )

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)
        shutil.rmtree(self.home, ignore_errors=True)

    def __enter__(self) -> Server:
        try:
            return self.start()
        except BaseException:
            self.stop()  # a server that never answered is stopped too
            raise

    def __exit__(self, *exc: Any) -> None:
        self.stop()


def launch(playwright: Any) -> Any:
    """Headless Debian chromium through Playwright (never ``playwright install``)."""
    return playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=BROWSER_ARGS)


def run_all(page: Any, timeout_ms: int = 60_000) -> float:
    """Wait for a real idle kernel (not the toolbar's early 'idle'), then Run All Cells.

    Returns ``time.perf_counter()`` at the moment Run All was clicked.
    """
    page.get_by_text(KERNEL_IDLE).first.wait_for(timeout=timeout_ms)
    page.locator(".jp-Notebook").first.click()
    page.get_by_role("menuitem", name="Run", exact=True).click()
    started = time.perf_counter()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    return started


def wait_for_idle_kernel(server: Server, notebook: str, timeout_s: float = 60.0) -> None:
    """Wait until the server has a kernel for ``notebook`` and it is idle (asked over the
    REST API, so it works for Notebook 7, which shows no kernel text in a status bar)."""
    deadline = time.monotonic() + timeout_s
    url = f"http://127.0.0.1:{server.port}/api/sessions?token={server.token}"
    while time.monotonic() < deadline:
        with urllib.request.urlopen(url, timeout=5) as response:
            sessions = json.load(response)
        for session in sessions:
            kernel = session.get("kernel") or {}
            if (
                session.get("path", "").endswith(notebook)
                and kernel.get("execution_state") == "idle"
            ):
                return
        time.sleep(0.25)
    raise RuntimeError(f"no idle kernel for {notebook} after {timeout_s} s")


def open_and_run_all(page: Any, server: Server, notebook: str) -> None:
    """Open ``notebook`` as a pupil does: Voilà runs it by itself; in JupyterLab and
    Notebook 7 the pupil presses Run → Run All Cells, once a kernel is really there
    (asked over the REST API, which works in both)."""
    page.goto(server.url(notebook))
    if server.kind == "voila":
        return
    page.locator(".jp-Notebook").first.wait_for(timeout=90_000)
    wait_for_idle_kernel(server, notebook, timeout_s=90)
    page.locator(".jp-Notebook").first.click()
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
