"""README's badges are the ones tools/badges.py derives from pyproject's [project.urls]."""

from __future__ import annotations

import doctest
import sys
from pathlib import Path

from tests.ai.tools import load_tool

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]
badges = load_tool("badges")


def test_the_readme_badges_match_the_repository() -> None:
    assert badges.main(["--check"]) == 0
    url = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["urls"]["Repository"]
    owner, name = badges.owner_and_name(url)
    readme = (ROOT / "README.md").read_text()
    assert f"https://mybinder.org/v2/gh/{owner}/{name}/HEAD?urlpath=lab/tree/lessons/" in readme
    assert f"](https://{owner.lower()}.github.io/{name}/)" in readme
    assert readme.count("mybinder.org/v2/gh/") == 1


def test_a_fork_gets_its_own_badges() -> None:
    readme = f"# x\n{badges.START}\nold\n{badges.END}\nrest\n"
    new = badges.rewrite(readme, badges.badges("Ana", "lessons"))
    assert "mybinder.org/v2/gh/Ana/lessons/HEAD" in new and "https://ana.github.io/lessons/" in new
    assert "old" not in new and new.endswith(f"{badges.END}\nrest\n")
    assert badges.rewrite(new, badges.badges("Ana", "lessons")) == new


def test_the_tools_examples() -> None:
    assert doctest.testmod(badges, optionflags=doctest.ELLIPSIS).failed == 0
