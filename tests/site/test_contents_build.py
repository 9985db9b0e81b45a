"""A real ``mathplay site build --contents`` of a teacher's folder holding each form of a
pupil's data issue 72 found published (``private_folder.py``): the built site holds none
of their strings in any file, the teacher's own files are there, and the build's output
names each file left out and each notebook published without its outputs.

One build (a minute or two with the build tools cached), run as a teacher runs it.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.site.private_folder import make_folder
from tests.site.test_nothing_of_a_pupil import WHY

ROOT = Path(__file__).resolve().parents[2]


def test_a_built_site_holds_nothing_of_a_pupil(tmp_path: Path) -> None:
    folder = make_folder(tmp_path)
    out = tmp_path / "site"
    env = dict(os.environ, LANGUAGE="en", PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, "-m", "mathplay", "site", "build", str(out),
         "--contents", str(folder.path), "--keep-outputs", folder.keep],
        capture_output=True, text=True, env=env, timeout=1200,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    said = done.stdout.splitlines()
    for name, why in WHY.items():
        assert f"  {folder.path / name}: {why}" in said, name
    for name in folder.bare:
        assert f"  {folder.path / name}" in said, name
    # The teacher's files are on the site, and nothing of a pupil is in any of its files.
    for name in folder.published:
        assert (out / "files" / name).is_file(), name
    for name in folder.left_out:
        assert not list(out.rglob(name)), name
    secrets = {s.encode() for s in folder.secrets} | {s.encode("utf-16-le") for s in folder.secrets}
    found = []
    harmless = b"Bring a pencil."  # the teacher's own words: the search finds them
    seen = []
    for path in out.rglob("*"):
        if path.is_file() and not path.is_symlink():
            data = path.read_bytes()
            found += [f"{path.relative_to(out)}: {s!r}" for s in secrets if s in data]
            seen += [path.relative_to(out).as_posix()] if harmless in data else []
    assert found == []
    assert "files/notes.txt" in seen
