"""A rebuild with no network: once a build has filled the cache (the build tools, Pyodide,
the browser's wheels), ``mathplay site build`` needs nothing from PyPI or npm — and gives
the same site, byte for byte (before, the wheel's dates changed the lock, the
quick start's name, its loader, the offline list and the service worker, so every pupil
downloaded the whole site again after any rebuild).

The network is cut as a school's firewall would: every proxy variable points at a port
where nothing listens (pip, uv, npm and Python's urllib all obey them).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CLOSED = "http://127.0.0.1:9"
PROXIES = ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "npm_config_proxy", "npm_config_https_proxy")


def locked(site: Path) -> dict[str, str]:
    lock = json.loads((site / "static" / "pyodide-lock" / "pyodide-lock.json").read_text())
    return {name: package["version"] for name, package in lock["packages"].items()}


def files_of(site: Path) -> dict[str, bytes]:
    return {
        path.relative_to(site).as_posix(): path.read_bytes()
        for path in sorted(site.rglob("*"))
        if path.is_file()
    }


def test_a_rebuild_with_the_network_cut_is_the_same_site(site: Path, tmp_path: Path) -> None:
    env = dict(os.environ, LANGUAGE="en", PYTHONPATH=str(ROOT), NO_PROXY="", no_proxy="")
    for name in PROXIES:
        env[name] = env[name.lower()] = CLOSED
    out = tmp_path / "site"
    done = subprocess.run(
        [sys.executable, "-m", "mathplay", "site", "build", str(out)],
        capture_output=True,
        text=True,
        env=env,
        timeout=900,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "the packages for the browser kept from the last build" in done.stdout
    # The same packages at the same versions as the site built with the network …
    assert locked(out) == locked(site)
    # … and every file the same (the site of the same checkout, built in English).
    mine, theirs = files_of(out), files_of(site)
    assert sorted(mine) == sorted(theirs)
    differ = [name for name in mine if mine[name] != theirs[name]]
    assert differ == [], differ
