"""A throwaway PostgreSQL server (Debian's ``postgresql`` package) in a temp dir.

``initdb`` makes a cluster in a temp folder, ``pg_ctl`` starts it on a free port of
127.0.0.1 with its socket in the same folder and no password (trust, on this machine only),
and :meth:`Postgres.stop` stops it and removes the folder. PostgreSQL refuses to run as
root: run as root (CI), the cluster belongs to the ``postgres`` user the package made.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

from tests.browser.labserver import free_port


def postgres_bin() -> Path | None:
    """The folder of Debian's PostgreSQL programs (the newest), or ``None``."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(found[-1]).parent if found else None


class Postgres:
    """A PostgreSQL server for one test session; a context manager. ``url`` is its
    SQLAlchemy URL (database ``postgres``, user ``postgres``)."""

    def __init__(self) -> None:
        folder = postgres_bin()
        if folder is None:
            raise FileNotFoundError("PostgreSQL is not installed (apt-get install postgresql)")
        self.bin = folder
        self.dir = Path(tempfile.mkdtemp(prefix="mathplay-pg-"))
        self.data = self.dir / "data"
        self.port = free_port()
        self.log = self.dir / "postgres.log"
        self._as: dict[str, Any] = {}
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            user = pwd.getpwnam("postgres")
            os.chown(self.dir, user.pw_uid, user.pw_gid)
            self._as = {"user": user.pw_uid, "group": user.pw_gid, "extra_groups": []}

    @property
    def url(self) -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/postgres"

    def _run(self, *command: str) -> None:
        subprocess.run(
            [str(self.bin / command[0]), *command[1:]],
            check=True,
            capture_output=True,
            timeout=120,
            cwd=self.dir,
            **self._as,
        )

    def start(self) -> Postgres:
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust",
                  "--encoding=UTF8", "--locale=C")  # fmt: skip
        options = (
            f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 -c max_connections=200"
        )
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-o", options, "-w", "start")
        deadline = time.monotonic() + 30
        import psycopg

        while True:
            try:
                with psycopg.connect(host="127.0.0.1", port=self.port, user="postgres",
                                     dbname="postgres", connect_timeout=2):  # fmt: skip
                    return self
            except psycopg.OperationalError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)

    def stop(self) -> None:
        if self.data.exists():
            with contextlib.suppress(subprocess.SubprocessError):
                self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")
        shutil.rmtree(self.dir, ignore_errors=True)

    def __enter__(self) -> Postgres:
        try:
            return self.start()
        except BaseException:
            self.stop()
            raise

    def __exit__(self, *exc: Any) -> None:
        self.stop()
