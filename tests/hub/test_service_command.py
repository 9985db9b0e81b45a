"""``mathplay-records`` started wrongly says why in one line and stops (exit 2)."""

from __future__ import annotations

import subprocess
import sys

import pytest

pytestmark = pytest.mark.hub


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mathplay.hub.service", *args],
                          capture_output=True, text=True, timeout=60, env=env)  # fmt: skip


def test_no_address_names_what_to_do() -> None:
    done = run(env={"PATH": "/usr/bin:/bin"})
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "mathplay-records: no address to listen on: run it from JupyterHub "
        "(c.JupyterHub.services) or give --url http://127.0.0.1:10101"
    ]


def test_a_database_that_cannot_be_opened_is_one_line() -> None:
    done = run("--url", "http://127.0.0.1:1", "--db", "mysql://nobody@127.0.0.1:1/x",
               env={"PATH": "/usr/bin:/bin"})  # fmt: skip
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(
        "mathplay-records: cannot open the database mysql://nobody@127.0.0.1:1/x: "
    ), done.stderr
    assert "Traceback" not in done.stderr


def test_the_password_of_a_database_is_never_printed() -> None:
    done = run("--url", "http://127.0.0.1:1", "--db",
               "postgresql+psycopg://teacher:s3cret@127.0.0.1:1/records",
               env={"PATH": "/usr/bin:/bin"})  # fmt: skip
    assert done.returncode == 2 and "s3cret" not in done.stderr + done.stdout
    assert "postgresql+psycopg://teacher:***@127.0.0.1:1/records" in done.stderr
