"""Teachers' files never bring a tool down: each hostile lesson is a problem on its own file
and line, and ``lessons check`` / ``lessons build`` go on to the next file."""

from __future__ import annotations

from pathlib import Path

import pytest

from mathplay.__main__ import main
from mathplay.lessons.source import MAX_LESSON_BYTES
from tests.lessons.test_check import FRONT, line_of

#: A small "billion laughs": harmless at three levels, but anchors and aliases all the same.
ALIASES = """\
---
a: &a [x, x, x]
b: &b [*a, *a, *a]
c: [*b, *b, *b]
---

# Aliases
"""
DEEP = "```{code-cell}\nnumber = " + "-" * 100_000 + "1\n```\n"
BAD_BASE = '```{code-cell}\nimport mathplay\nmathplay.check("1+1=10", base=7)\n```\n'
BAD_ORDER = '```{code-cell}\nimport mathplay\nmathplay.check("1+1=2", order="backwards")\n```\n'
FINE = "# Fine\n\nSo 3 + 4 = 7.\n"


def lesson(folder: Path, name: str, body: str, *, front: bool = True) -> Path:
    path = folder / name
    path.write_text((FRONT.format(extra="") if front else "") + body, encoding="utf-8")
    return path


@pytest.fixture
def hostile(tmp_path: Path) -> dict[str, Path]:
    """Five hostile lessons and a fine one after them, in one folder."""
    big = "# Big\n\n" + ("Three and four make seven: 3 + 4 = 7.\n\n" * (MAX_LESSON_BYTES // 30))
    return {
        "aliases": lesson(tmp_path, "01-aliases.md", ALIASES, front=False),
        "deep": lesson(tmp_path, "02-deep.md", "# Deep\n\n" + DEEP),
        "base": lesson(tmp_path, "03-base.md", "# Base\n\n" + BAD_BASE),
        "order": lesson(tmp_path, "04-order.md", "# Order\n\n" + BAD_ORDER),
        "big": lesson(tmp_path, "05-big.md", big),
        "fine": lesson(tmp_path, "06-fine.md", FINE),
    }


def test_check_reports_each_hostile_lesson_on_its_file_and_line_and_goes_on(
    hostile: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["lessons", "check", "--build", str(tmp_path)]) == 1
    out = capsys.readouterr().out.splitlines()
    said = {
        key: [line for line in out if line.startswith(f"{path}:")] for key, path in hostile.items()
    }
    assert said["aliases"] == [
        f"{hostile['aliases']}:2: the front matter uses &a, a YAML anchor or alias; "
        "a lesson's front matter must write every value out"
    ]
    deep = line_of(hostile["deep"], "number = ")
    assert f"{hostile['deep']}:{deep}: this code cell is not Python: it is nested too deeply " in (
        "\n".join(said["deep"]) + " "
    )
    base = line_of(hostile["base"], "base=7")
    assert said["base"] == [
        f"{hostile['base']}:{base}: 1+1=10 is checked with base=7, which mathplay cannot do: "
        "write base=10 or base=2, order='math' or order='left-to-right'"
    ]
    order = line_of(hostile["order"], "backwards")
    assert said["order"][0].startswith(f"{hostile['order']}:{order}: 1+1=2 is checked with order=")
    assert said["big"] == [
        f"{hostile['big']}:1: is {hostile['big'].stat().st_size // 1000} kB, more than a lesson "
        f"may be ({MAX_LESSON_BYTES // 1000} kB): split it into shorter lessons"
    ]
    # The fine lesson after them was built and checked: no problem with it.
    assert said["fine"] == []
    assert hostile["fine"].with_suffix(".ipynb").exists()
    assert out[-1].startswith("6 lessons checked: ")


def test_build_refuses_the_unreadable_ones_and_builds_the_rest(
    hostile: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["lessons", "build", str(tmp_path)]) == 1
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err + captured.out
    for key in ("aliases", "big"):
        assert not hostile[key].with_suffix(".ipynb").exists()
        assert str(hostile[key]) in captured.err
    for key in ("deep", "base", "order", "fine"):
        assert hostile[key].with_suffix(".ipynb").exists(), key


def test_a_front_matter_jupyter_does_not_accept_is_a_problem_not_a_crash(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "01-kernel.md"
    path.write_text("---\nkernelspec:\n  name: python3\n---\n\n# Kernel\n", encoding="utf-8")
    assert main(["lessons", "build", str(path)]) == 1
    err = capsys.readouterr().err
    assert (
        err == f"{path}:1: cannot be read as a MyST lesson: 'display_name' is a required property\n"
    )


def test_a_front_matter_that_is_not_yaml_is_a_problem_on_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "01-yaml.md"
    path.write_text("---\nkernelspec: [\n  name: python3\n---\n\n# Yaml\n", encoding="utf-8")
    assert main(["lessons", "check", str(path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"{path}:4: cannot be read as a MyST lesson: expected ','")
