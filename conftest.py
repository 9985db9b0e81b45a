"""Marks every test by the room it needs, so a developer can leave the heavy ones out.

The folders decide: ``tests/browser`` → ``browser``, ``tests/site`` → ``site``,
``tests/hub`` → ``hub``, and the lessons run with nbval (``lessons/*.ipynb``) →
``notebooks``; the exhaustive sweeps (brute-force references, many seeds, every
lesson's PDF: 2 s or more each on a 2-core machine) and the installs are marked ``slow``
where they are written.
``pytest --fast`` leaves all of these out: the developer's loop (see the README's
"Tests"). CI runs everything.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent
#: The marker each folder's tests get (a folder inside the repository).
FOLDER_MARKS = {
    "tests/browser": "browser",
    "tests/site": "site",
    "tests/hub": "hub",
    "lessons": "notebooks",
}
#: The data folder a run made for itself (removed when it ends).
_DATA_DIR = pytest.StashKey[str]()
#: The environment variable that names the data folder the tests made (not one the
#: developer set).
_OWN_DATA_DIR = "MATHPLAY_TESTS_OWN_DATA_DIR"
#: What ``--fast`` leaves out.
HEAVY = ("browser", "site", "hub", "notebooks", "slow")
#: The folders ``--fast`` does not collect at all (their tests are all heavy).
_ROOMS = ("tests/browser", "tests/site", "tests/hub")
#: Modules of the package that import JupyterHub (the records service's entry point).
_NEEDS_JUPYTERHUB = ("mathplay/hub/service.py",)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--fast",
        action="store_true",
        help="leave out the browser, website, JupyterHub, notebook and slow tests",
    )


def pytest_configure(config: pytest.Config) -> None:
    """The tests read English: a developer whose machine speaks Spanish (``LANG=es_ES``)
    gets the same results, and so do the kernels and servers the tests start."""
    os.environ["LANGUAGE"] = "en"
    # Records a test's widgets write with nothing said go to a data folder of the run's
    # own (mathplay.classroom.where.data_dir), never to the developer's; with pytest-xdist,
    # one for each worker (the workers inherit the first process's environment, and a
    # name or a game one worker's test keeps must not be found by the other's).
    made_here = os.environ.get(_OWN_DATA_DIR) == os.environ.get("MATHPLAY_DATA_DIR")
    if not os.environ.get("MATHPLAY_DATA_DIR") or (
        made_here and os.environ.get("PYTEST_XDIST_WORKER")
    ):
        import tempfile

        os.environ["MATHPLAY_DATA_DIR"] = tempfile.mkdtemp(prefix="mathplay-test-data-")
        os.environ[_OWN_DATA_DIR] = os.environ["MATHPLAY_DATA_DIR"]
        config.stash[_DATA_DIR] = os.environ["MATHPLAY_DATA_DIR"]
    from mathplay.i18n import set_language

    set_language("en")


def pytest_unconfigure(config: pytest.Config) -> None:
    """Remove the run's own data folder (made in :func:`pytest_configure`)."""
    folder = config.stash.get(_DATA_DIR, None)
    if folder:
        import shutil

        shutil.rmtree(folder, ignore_errors=True)
        os.environ.pop("MATHPLAY_DATA_DIR", None)
        os.environ.pop(_OWN_DATA_DIR, None)


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """With ``--fast``, the rooms of their own are not even collected (their tests would
    be left out anyway), so the fast loop needs none of their packages (the ``dev``
    extra: no browser, no JupyterHub); nor is a module of the package whose import needs
    JupyterHub when it is not installed."""
    if not config.getoption("--fast"):
        return None
    try:
        where = collection_path.resolve().relative_to(ROOT).as_posix()
    except ValueError:
        return None
    if any(where == folder or where.startswith(folder + "/") for folder in _ROOMS):
        return True
    if where in _NEEDS_JUPYTERHUB:
        import importlib.util

        return importlib.util.find_spec("jupyterhub") is None or None
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark each test by its folder; with ``--fast``, deselect the heavy ones."""
    for item in items:
        try:
            where = Path(str(item.path)).resolve().relative_to(ROOT).as_posix()
        except ValueError:
            continue
        for folder, mark in FOLDER_MARKS.items():
            if where.startswith(folder + "/"):
                item.add_marker(getattr(pytest.mark, mark))
    if config.getoption("--fast"):
        heavy = {item.nodeid for item in items if any(item.get_closest_marker(m) for m in HEAVY)}
        kept = [item for item in items if item.nodeid not in heavy]
        left_out = [item for item in items if item.nodeid in heavy]
        if left_out:
            config.hook.pytest_deselected(items=left_out)
            items[:] = kept
