"""A website of the lessons that needs no server: JupyterLite with Python in the browser.

``mathplay site build OUT`` makes a static site (lessons, their puzzles, a Play notebook
per game, a teacher's own files) that any web server, GitHub Pages or a USB stick can
hold; Python runs in the pupil's browser (Pyodide), and the site names no remote
address, so it works offline once loaded. ``mathplay site serve OUT`` tries it on this
computer. See ``docs/site.md``.

The parts: :mod:`~mathplay.site.pins` (the versions), :mod:`~mathplay.site.tools` (the
build tools and Pyodide), :mod:`~mathplay.site.contents` (the site's files),
:mod:`~mathplay.site.build`, :mod:`~mathplay.site.check` (no remote address) and
:mod:`~mathplay.site.serve`.
"""

from mathplay.site.build import SiteReport, build_site
from mathplay.site.check import check_site
from mathplay.site.serve import make_server, serve
from mathplay.site.tools import SiteError

__all__ = ["SiteError", "SiteReport", "build_site", "check_site", "make_server", "serve"]
