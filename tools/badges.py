"""Write README's badges from the repository named in pyproject.toml's [project.urls].

The repository is named in one place, ``Repository = "https://github.com/OWNER/NAME"``;
the README's badges (Binder, which opens lesson 00 in JupyterLab, and the website on
GitHub Pages, which opens it in the browser with nothing to install) are derived from it
and written between the ``<!-- badges -->`` markers. A fork changes that one line and
runs ``python tools/badges.py``; ``--check`` says whether the README is up to date (a
test runs it).

>>> owner_and_name("https://github.com/mathplay/mathplay.git")
('mathplay', 'mathplay')
>>> print(badges("ana", "lessons"))  # doctest: +ELLIPSIS
[![launch binder](https://mybinder.org/badge_logo.svg)](https://mybinder.org/v2/gh/ana/lessons/HEAD?urlpath=lab/tree/lessons/00-welcome.ipynb)
[![Try it in your browser](https://jupyterlite.rtfd.io/en/latest/_static/badge.svg)](https://ana.github.io/lessons/)
...
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]
START = "<!-- badges: written by tools/badges.py from pyproject.toml's [project.urls] -->"
END = "<!-- /badges -->"


def owner_and_name(url: str) -> tuple[str, str]:
    """The owner and name of a GitHub repository's URL."""
    found = re.fullmatch(r"https://github\.com/([\w.-]+)/([\w.-]+?)(?:\.git)?/?", url.strip())
    if not found:
        raise SystemExit(f"[project.urls] Repository is not a GitHub repository's URL: {url!r}")
    return found.group(1), found.group(2)


def repository(pyproject: Path = ROOT / "pyproject.toml") -> tuple[str, str]:
    """The owner and name of the repository pyproject.toml names."""
    data = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    return owner_and_name(data["project"]["urls"]["Repository"])


def website(owner: str, name: str) -> str:
    """Where GitHub Pages publishes the repository's website."""
    return f"https://{owner.lower()}.github.io/{name}/"


def badges(owner: str, name: str) -> str:
    """The badge lines, and a line saying what they open."""
    binder = (
        f"https://mybinder.org/v2/gh/{owner}/{name}/HEAD?urlpath=lab/tree/lessons/00-welcome.ipynb"
    )
    return "\n".join(
        [
            f"[![launch binder](https://mybinder.org/badge_logo.svg)]({binder})",
            "[![Try it in your browser](https://jupyterlite.rtfd.io/en/latest/_static/badge.svg)]"
            f"({website(owner, name)})",
            "(Binder opens lesson 00 in JupyterLab on a server; the website runs the lessons in "
            "your browser, with nothing to install: see [`docs/site.md`](docs/site.md). In a "
            "fork, change `Repository` in `pyproject.toml` and run `python tools/badges.py`.)",
        ]
    )


def rewrite(readme: str, block: str) -> str:
    """``readme`` with the text between the markers replaced by ``block``."""
    start, end = readme.find(START), readme.find(END)
    if start < 0 or end < start:
        raise SystemExit(f"README.md has no badge markers ({START} ... {END})")
    return readme[: start + len(START)] + "\n" + block + "\n" + readme[end:]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only say whether README is current")
    args = parser.parse_args(argv)
    readme_path = ROOT / "README.md"
    readme = readme_path.read_text(encoding="utf-8")
    wanted = rewrite(readme, badges(*repository()))
    if args.check:
        if wanted != readme:
            print("README.md's badges do not match [project.urls]: run python tools/badges.py")
            return 1
        print("README.md's badges match [project.urls]")
        return 0
    if wanted != readme:
        readme_path.write_text(wanted, encoding="utf-8")
        print("rewrote README.md's badges")
    return 0


if __name__ == "__main__":
    sys.exit(main())
