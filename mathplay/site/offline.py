"""The website with no network and no server, after one visit; a revisit and a rebuild
that download only what changed.

JupyterLite already has a service worker (``service-worker.js``, for the kernel's access
to the browser's files). The build puts a few lines in front of it. They keep each of
the site's own files (pages, JavaScript, Pyodide, the wheels, the lessons, JupyterLite's
``api/*.json`` files) in one cache of the browser, with the hash of its content, and
answer from there while the file's hash is the one ``mathplay-offline.json`` (written by
the build: every file of the site and its hash) lists: nothing is downloaded again. The
list itself is asked for each time a page opens (a few kilobytes); a file the list gives
another hash (the site was rebuilt and that file changed) is fetched again, the others
stay. Without the network the kept files answer as they are. Requests only the kernel
answers (``api/drive``, ``api/stdin``) are left to JupyterLite's own lines.

On the first visit, once a lesson is ready, the lab page fetches every file of the list
that is not kept yet, four at a time, so that a second visit works with the server
stopped, or on a laptop taken home with no network.

The lines are the same for every build: the service worker itself does not change when
the site does (a changed one would make the browser start it again).

>>> files = {"index.html": "a1", "static/pyodide/pyodide.asm.wasm": "b2"}
>>> fingerprint(files) == fingerprint(dict(files))
True
>>> fingerprint(files) != fingerprint({**files, "index.html": "a2"})
True
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from pathlib import Path

from mathplay.site.scripts import script

__all__ = [
    "LIST",
    "MARK",
    "PAGE_SCRIPT",
    "file_hash",
    "fingerprint",
    "make_offline",
    "service_worker",
]

#: The list of the site's files the first visit puts in the browser's cache.
LIST = "mathplay-offline.json"
#: The comment the service worker's mathplay lines start with.
MARK = "mathplay: the site offline"
#: Never put in the list: the service worker itself (the browser fetches it), the list.
_NOT_LISTED = {"service-worker.js", LIST}

# The lines put in front of the service worker (``mathplay/site/static/offline-worker.js``).
_PRELUDE = script("offline-worker.js")


# Once a lesson's app page is ready, the first visit puts every file of the site in the
# browser's cache (see mathplay/site/offline.py): four at a time, after the lesson's
# cells have run, so the lesson is not slowed. ``data-mathplay-offline`` says when
# it is done ("ready"), or that there is no service worker ("no").
# (``mathplay/site/static/offline-page.js``)
PAGE_SCRIPT = script("offline-page.js")


def fingerprint(files: Mapping[str, str]) -> str:
    """A short fingerprint of a build: its files and their hashes."""
    digest = hashlib.sha256(json.dumps(sorted(files.items())).encode("utf-8"))
    return digest.hexdigest()[:12]


def file_hash(path: Path) -> str:
    """A short hash of a file's content (what the service worker compares)."""
    digest = hashlib.sha256()
    with open(path, "rb") as file:
        for block in iter(lambda: file.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()[:16]


def service_worker(original: str) -> str:
    """JupyterLite's service worker with mathplay's lines in front (once)."""
    if MARK in original:
        return original
    return _PRELUDE + original


def make_offline(site: Path) -> str:
    """Write the site's list of files with their hashes and put the offline lines in its
    service worker; the build's fingerprint."""
    paths = sorted(
        path
        for path in site.rglob("*")
        if path.is_file() and path.relative_to(site).as_posix() not in _NOT_LISTED
    )
    files = {path.relative_to(site).as_posix(): file_hash(path) for path in paths}
    stamp = fingerprint(files)
    (site / LIST).write_text(
        json.dumps({"fingerprint": stamp, "files": files}, indent=0), encoding="utf-8"
    )
    worker = site / "service-worker.js"
    if worker.is_file():
        worker.write_text(service_worker(worker.read_text(encoding="utf-8")), "utf-8")
    return stamp
