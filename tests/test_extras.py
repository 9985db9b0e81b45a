"""The README promises that its first command (``pip install -e ".[lab]"``) gives the
three front ends the boards are tested in: JupyterLab, Notebook 7 and Voilà."""

from __future__ import annotations

import re
import sys
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]


def _names(requirements: list[str]) -> set[str]:
    return {re.split(r"[<>=!~;\[ ]", req, maxsplit=1)[0].lower() for req in requirements}


def test_the_lab_extra_installs_every_front_end_the_readme_names() -> None:
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"
    ]
    assert {"jupyterlab", "notebook", "voila"} <= _names(extras["lab"])
    readme = (ROOT / "README.md").read_text()
    assert '.venv/bin/pip install -e ".[lab]"' in readme
    assert "voila lessons/04-summy.ipynb" in readme


def test_the_installed_metadata_has_them_too() -> None:
    """What pip reads: the installed mathplay's ``lab`` extra."""
    from importlib.metadata import requires

    lab = [r for r in requires("mathplay") or [] if re.search(r"extra\s*==\s*.lab.", r)]
    assert {"jupyterlab", "notebook", "voila"} <= _names(lab)
