"""The website's own JavaScript, kept as files under eslint (``mathplay/site/static/``).

The build puts each one into JupyterLite's pages or service worker as it is: the lab
page's scripts (one lesson at a time, the app page, the offline step) and the lines in
front of the service worker. A first line that only speaks to eslint (``/* global …``)
is left out.

>>> script("offline-worker.js").splitlines()[0]
'// mathplay: the site offline (mathplay/site/offline.py)'
>>> "/* global" in script("app-page.js")
False
"""

from __future__ import annotations

from importlib import resources

__all__ = ["script"]


def script(name: str) -> str:
    """The text of ``mathplay/site/static/<name>`` as the built pages get it."""
    text = (resources.files("mathplay.site") / "static" / name).read_text(encoding="utf-8")
    first, _, rest = text.partition("\n")
    return rest if first.startswith(("/* global", "/* eslint")) else text
