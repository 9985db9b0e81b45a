"""``progress collect`` raced by a pupil who keeps swapping her progress folder for a link
to another class's folder: before, the other class's records reached the
teacher's ``class.jsonl`` (25 wins in 22,134 collects in 60 s: the paths were checked,
then opened). Now every folder below the one the teacher named is opened without
following a link, so the swap wins nothing, however often it is tried."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from mathplay.classroom.collect import collect

pytestmark = pytest.mark.slow

COLLECTS = 2000
SWAPPER = """
import os, signal, sys, time
mine, real, other, count = sys.argv[1:]
swaps = 0
def stop(*_):
    if os.path.islink(mine):
        os.unlink(mine)
    if os.path.isdir(real):
        os.rename(real, mine)
    open(count, "w").write(str(swaps))
    sys.exit(0)
signal.signal(signal.SIGTERM, stop)
while True:
    os.rename(mine, real)
    os.symlink(other, mine)
    time.sleep(0.0002)  # half the time a link, half the time her folder
    os.unlink(mine)
    os.rename(real, mine)
    time.sleep(0.0002)
    swaps += 1
"""


def _line(who: str, answer: str) -> str:
    return json.dumps({"who": who, "set": "S", "puzzle": "p1", "answer": answer,
                       "right": True}) + "\n"  # fmt: skip


def test_swapping_a_folder_for_a_link_never_brings_another_class_in(tmp_path: Path) -> None:
    homes = tmp_path / "homes"
    mine = homes / "ana" / "mathplay-progress"
    mine.mkdir(parents=True)
    (mine / "ana.jsonl").write_text(_line("ana", "4"))
    other = tmp_path / "other-class" / "mathplay-progress"
    other.mkdir(parents=True)
    (other / "ana.jsonl").write_text(_line("zed", "secret"))  # the same name, on purpose
    real = homes / "ana" / "real"
    count = tmp_path / "swaps"
    # The pupil: another process (as she would be), swapping as fast as it can.
    swapper = subprocess.Popen([sys.executable, "-c", SWAPPER, str(mine), str(real),
                                str(other), str(count)])  # fmt: skip
    leaked, collected, out = 0, 0, tmp_path / "out"
    try:
        for n in range(COLLECTS):
            target = out / f"class-{n % 2}.jsonl"
            target.unlink(missing_ok=True)
            collect([homes], target)
            text = target.read_text()
            leaked += "secret" in text
            collected += '"answer": "4"' in text
    finally:
        swapper.terminate()
        swapper.wait(10)
    swaps = [int(count.read_text() or 0)] if count.exists() else [0]
    print(f"{COLLECTS} collects while the folder was swapped {swaps[0]} times: "
          f"another class's record in {leaked}, ana's own in {collected}")  # fmt: skip
    assert swaps[0] > 200  # the swap really raced the collects
    assert leaked == 0
    assert collected > 0  # between swaps, ana's own records are collected
