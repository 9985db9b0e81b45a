"""One lesson at a time on the website: no pile-up of kernels, and a start line.

Each JupyterLite kernel is a whole Python in the pupil's browser. JupyterLab reopens
every tab of the last visit, each with its own kernel, and keeps the kernel of every
lesson opened before: after three or four lessons a kernel took over 300 s to start on a
school laptop. So the site's JupyterLab page (``lab/index.html``) gets a short script
that

- forgets the tabs of the last visit before JupyterLab starts (the site's address opens
  the lesson it names, and only that one; a pupil's records and remembered name are kept
  elsewhere and stay), and
- when a lesson's tab becomes the one in front, closes the tabs of the other lessons and
  shuts their kernels down, so at most one lesson kernel runs (the Play notebooks and a
  teacher's own notebooks are left alone).

And every lesson on the site starts with one line that says what to press.

>>> page = lab_page('<script>(async function () {\\n  await import("../config-utils.js");'
...                 '}.call(this));</script>')
>>> page.index("mathplay: one lesson at a time") < page.index("config-utils")
True
>>> lab_page(page) == page  # once is enough
True
"""

from __future__ import annotations

import json
import re
from typing import Any

from mathplay.site.apppage import APP_SCRIPT, app_words
from mathplay.site.offline import PAGE_SCRIPT as _OFFLINE
from mathplay.site.scripts import script
from mathplay.startline import START_CELL_ID, start_cell

__all__ = [
    "LESSON_NAME",
    "MARK",
    "START_CELL_ID",
    "lab_page",
    "with_start_line",
]

#: A lesson's notebook: two digits, a dash, a name (``05-binary-numbers.ipynb``), at the
#: top of the site or in a translation's folder.
LESSON_NAME = re.compile(r"^(?:[^/]+/)?[0-9]{2}-[^/]*\.ipynb$")
#: The comment the script starts with (a built page is checked for it).
MARK = "mathplay: one lesson at a time"

# Runs in the page before JupyterLab's own code (awaited by the page's loader). The
# JupyterLite storage keeps the workspace under the key "default" of the "statedb" store
# of the database "JupyterLite Storage - <site path>", and the notebooks a visit saved
# under their path in "files" (and "checkpoints"): the workspace is forgotten, and on an
# app page the browser's copy of its lesson. JupyterLite's stores are all made here, in
# one change of the database, so that tabs opened at once do not race to make them.
# (``mathplay/site/static/one-lesson.js``)
_FORGET_TABS = script("one-lesson.js")

_LOADER = re.compile(r"(\n\s*)(await import\(\s*['\"]\.\./config-utils\.js)")


def lab_page(original: str, words: dict[str, dict[str, str]] | None = None) -> str:
    """The site's ``lab/index.html`` with the one-lesson script run before JupyterLab
    loads (unchanged if it already has it, or if its loader is not found), and the app
    pages' script, speaking ``words`` (folder → :func:`app_words`; ``""``: the site's
    own language)."""
    if MARK in original:
        return original
    words = words or {"": app_words("en", "index.html")}
    script = (
        _FORGET_TABS.strip()
        + "\n"
        + _OFFLINE.strip()
        + "\n"
        + APP_SCRIPT.strip()
        .replace("__WORDS__", json.dumps(words, ensure_ascii=False))
        .replace("__START__", START_CELL_ID)
    )
    return _LOADER.sub(lambda m: m.group(1) + script + m.group(1) + m.group(2),
                       original, count=1)  # fmt: skip


def with_start_line(notebook: dict[str, Any], language: str | None = None) -> dict[str, Any]:
    """``notebook`` (a lesson's, as JSON data) with the start line as its first cell, in
    ``language`` (a translated lesson's), else in the language spoken. A lesson built by
    ``lessons check --build`` has it already: its words are put in that language."""
    cells = notebook.get("cells")
    if not isinstance(cells, list):
        return notebook
    kept = [c for c in cells if not (isinstance(c, dict) and c.get("id") == START_CELL_ID)]
    notebook["cells"] = [start_cell(language), *kept]
    return notebook
