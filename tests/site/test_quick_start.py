"""Python's quick start on the website (mathplay/site/snapshot.py), tested in Node.js.

The built site's kernel starts Pyodide through ``static/pyodide/mathplay-start.mjs``.
Here Node.js loads that module as the kernel's worker does, with the browser's cache
played by a small ``caches.match`` over the site's files: with no snapshot in the cache
(a first visit), with the snapshot as served, and with it also kept unpacked (as the
first visit's page leaves it). In each, the kernel is imported and a lesson runs as on
the site. (The same start in chromium, with the server stopped, is in
``test_offline_visit.py``.)
"""

from __future__ import annotations

import gzip
import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from mathplay.site.snapshot import LEFT_OUT, START

pytestmark = pytest.mark.site

HARNESS = Path(__file__).with_name("quick_start.mjs")

# Run as the kernel does: its import first (which runs the snapshot's hook), then what a
# lesson's cells do; the answer is JSON.
KERNEL_AND_LESSON = """
import json, os, random, sys
import js
import pyodide_kernel
# The worker sends the comms' messages to the page (here there is no page).
pyodide_kernel.kernel_instance.interpreter.send_comm = lambda *args, **kwargs: None
kernel_looks = js.mathplayLooks.to_py()
js.mathplayLooks.length = 0
import comm, mathplay
lesson = mathplay.lesson("05")
lesson_looks = js.mathplayLooks.to_py()
import site
sympy_files_at_start = os.path.isdir(site.getsitepackages()[0] + "/sympy")
card = mathplay.BinaryCards(["make 5"])
sympy_at_start = "sympy" in sys.modules
json.dumps({
    "sympy_at_start": sympy_at_start,
    "quick": os.environ.get("MATHPLAY_QUICK_START"),
    "random": random.random(),
    "targets": sorted(comm.get_comm_manager().targets),
    "language": mathplay.current_language(),
    "lesson": lesson.name,
    "check": str(mathplay.check("1101 = 1000 + 100 + 1", base=2)),
    "evaluate": str(mathplay.evaluate("11010", base=2)),
    "sympy_tests": os.path.isdir(os.path.dirname(sys.modules["sympy"].__file__) + "/core/tests"),
    "sympy_files_at_start": sympy_files_at_start,
    "kernel_looks": kernel_looks,
    "lesson_looks": lesson_looks,
})
"""


def start(site: Path, cached: str, tmp_path: Path) -> dict[str, Any]:
    node = shutil.which("node")
    assert node is not None, "Node.js is needed to build the site, and to test it here"
    code = tmp_path / "kernel.py"
    code.write_text(KERNEL_AND_LESSON, encoding="utf-8")
    done = subprocess.run(
        [node, HARNESS, site, cached, code],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    found: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return found


def snapshot_file(site: Path) -> Path:
    found = sorted((site / "static" / "pyodide").glob("mathplay-start-*.bin.gz"))
    assert len(found) == 1, found
    return found[0]


def test_the_site_starts_its_kernel_through_the_quick_start(site: Path) -> None:
    config = json.loads((site / "jupyter-lite.json").read_text(encoding="utf-8"))
    kernel = config["jupyter-config-data"]["litePluginSettings"][
        "@jupyterlite/pyodide-kernel-extension:kernel"
    ]
    assert kernel["pyodideUrl"] == f"./static/pyodide/{START}"
    module = (site / "static" / "pyodide" / START).read_text(encoding="utf-8")
    assert snapshot_file(site).name in module
    # Every file of the site, the snapshot too, is kept for the next visit.
    listed = json.loads((site / "mathplay-offline.json").read_text(encoding="utf-8"))["files"]
    assert f"static/pyodide/{snapshot_file(site).name}" in listed


def test_the_snapshot_holds_the_packages_files_but_not_their_tests(site: Path) -> None:
    data = gzip.decompress(snapshot_file(site).read_bytes())
    assert data[:4] == b"MPST"
    length = int.from_bytes(data[8:12], "little")
    header = json.loads(data[12 : 12 + length])
    names = [name for name, _size in header["files"]]
    assert "mathplay/__init__.py" in names
    assert "sympy/__init__.py" in names
    assert any(name.startswith("micropip/__pycache__/") for name in names)
    # sympy is not in the memory, but compiled ahead (lesson 5's evaluate imports it).
    assert "sympy/__pycache__/__init__.cpython-314.pyc" in names
    for pattern in LEFT_OUT:
        assert not [name for name in names if re.search(pattern, name)], pattern
    lock = json.loads((site / "static" / "pyodide-lock" / "pyodide-lock.json").read_text("utf-8"))
    assert sorted(header["packages"]) == sorted(lock["packages"])
    memory = header["memory"]
    files = sum(size for _name, size in header["files"])
    assert len(data) == (12 + length + 15) // 16 * 16 + memory + files


@pytest.mark.parametrize("cached", ["none", "packed", "unpacked", "broken"])
def test_a_kernel_started_with_or_without_the_snapshot_runs_a_lesson(
    site: Path, cached: str, tmp_path: Path
) -> None:
    found = start(site, cached, tmp_path)
    python = found["python"]
    # A first visit, or a snapshot that cannot be read: Python starts as it always did.
    assert python["quick"] == (None if cached in ("none", "broken") else "snapshot")
    assert python["lesson"] == "05-binary-numbers"
    assert python["check"].startswith("Verdict(") and "holds=True" in python["check"]
    assert python["evaluate"] == "26"
    assert python["language"] == "en"
    # The widgets can be asked for their state when the page reconnects (ipywidgets
    # registers these when it is imported in a kernel: after a restore, the hook does).
    assert {"jupyter.widget", "jupyter.widget.control"} <= set(python["targets"])
    # sympy is for lesson 5's evaluate only: in the snapshot it would double its size.
    assert python["sympy_at_start"] is False
    if python["quick"]:
        assert python["sympy_tests"] is False  # left out of the snapshot's files
        # Python never looks for a module in the lesson's folder (on the website each look
        # is a round trip through the page): not while the kernel starts, and a lesson's
        # start reads only its puzzle file (no look for a file named by a note's HTML).
        assert python["kernel_looks"] == []
        # sympy's files are put in place when it is first imported (evaluate, above).
        assert python["sympy_files_at_start"] is False
        looks = python["lesson_looks"]
        assert looks and all(look.split(" ", 1)[1].startswith("puzzles") for look in looks), looks
        assert len(looks) <= 6, looks
        # Every package of the lock is counted as loaded: none is fetched again.
        lock = json.loads(
            (site / "static" / "pyodide-lock" / "pyodide-lock.json").read_text("utf-8")
        )
        assert set(lock["packages"]) <= set(found["loaded"])


def test_two_starts_from_one_snapshot_draw_different_random_numbers(
    site: Path, tmp_path: Path
) -> None:
    first = start(site, "unpacked", tmp_path)["python"]["random"]
    second = start(site, "unpacked", tmp_path)["python"]["random"]
    assert first != second
