"""The browser's wheels kept between site builds, so that a rebuild needs no network.

The first build solves the packages the browser needs from PyPI (the lock add-on, at
the versions of :mod:`mathplay.site.pins`) and fetches their wheels; they are kept in the
cache, in a folder named after those versions. A later build gives them to the lock
add-on as files and runs uv offline (:func:`mathplay.site.build.write_lite_folder`).
A change of a version names another folder, so the next build fetches again.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

from mathplay.site.pins import EXCLUDED, IN_THE_BROWSER, LOCK_SPECS, PYODIDE, TOOLS

__all__ = ["browser_wheels", "has_browser_wheels", "keep_browser_wheels"]


def browser_wheels(cache: Path) -> Path:
    """The folder of the browser's wheels kept from the last build of these versions
    (``pins``): a rebuild takes them from there, with no network."""
    key = hashlib.sha256(
        json.dumps([PYODIDE, TOOLS, LOCK_SPECS, IN_THE_BROWSER, EXCLUDED]).encode()
    ).hexdigest()[:12]
    return cache / f"browser-wheels-{key}"


def has_browser_wheels(folder: Path) -> bool:
    done = folder / "mathplay-wheels.json"
    try:
        names = json.loads(done.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(names, list) and bool(names) and all((folder / n).is_file() for n in names)


def keep_browser_wheels(site: Path, folder: Path) -> None:
    """Keep the wheels a build solved and fetched (all but mathplay's own) for the next."""
    wheels = (site / "static" / "pyodide-lock").glob("*.whl")
    kept = [path for path in wheels if not path.name.startswith("mathplay-")]
    if not kept:
        return
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    for path in kept:
        shutil.copyfile(path, folder / path.name)
    names = sorted(path.name for path in kept)
    (folder / "mathplay-wheels.json").write_text(json.dumps(names, indent=1), encoding="utf-8")
