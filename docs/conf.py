"""Sphinx configuration of mathplay's documentation (``python -m sphinx -W docs docs/_build``).

The pages are the Markdown files of this folder, read by myst-parser, in four parts by
reader (``index.md``); the API reference is made from the docstrings of the public API
(``api/``). Built in CI with warnings as errors. The examples these pages show are run
by pytest (``--doctest-modules`` for the docstrings, ``--doctest-glob=*.md`` for the
pages), in each module's own namespace; Sphinx's doctest builder is not needed.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import mathplay  # noqa: E402

project = "mathplay"
author = "mathplay developers"
copyright = "2026, mathplay developers"
release = mathplay.__version__
version = release

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
]
source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
root_doc = "index"
# The translations of the README (es/, el/, ms/) are read on GitHub beside the English
# one; the images folder holds the tool that makes them.
exclude_patterns = ["_build", "es", "el", "ms", "images/*.py", "Thumbs.db", ".DS_Store"]

myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3
# Links to the checkout's own files (a module, a test, a lesson) go to its source on
# GitHub, as in the README.
myst_url_schemes = {
    "http": None,
    "https": None,
    "mailto": None,
    "source": "https://github.com/mathplay/mathplay/blob/main/{{path}}",
}

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "show-inheritance": False}
autodoc_mock_imports: list[str] = []
napoleon_google_docstring = False

html_theme = "pydata_sphinx_theme"
html_title = "mathplay"
html_theme_options = {
    "navigation_depth": 2,
    "show_toc_level": 2,
    "secondary_sidebar_items": ["page-toc"],
}
html_static_path: list[str] = []
