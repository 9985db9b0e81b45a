"""The widgets' JavaScript and CSS, read from their files (``mathplay/widgets/static``).

anywidget takes a widget's ``_esm`` and ``_css`` as a path or as text. Given a path, it
connects every widget made to the file's change signal, with a strong reference: no
widget is ever freed, even closed (a Mixmath board with its computers holds about
0.8 MiB). Given as text, nothing holds it. So each file is read once, into text that
still knows the file it came from (``_path``: eslint lints the files, a test checks
every widget has one).

>>> text = static_file("board.js")
>>> text._path.name, len(text) > 1000
('board.js', True)
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["STATIC", "StaticFile", "static_file"]

#: The folder of the widgets' page side.
STATIC = Path(__file__).with_name("static")


class StaticFile(str):
    """The text of a file of :data:`STATIC`, which remembers the file."""

    _path: Path


def static_file(name: str) -> StaticFile:
    """The text of the file ``name`` of :data:`STATIC`."""
    path = STATIC / name
    text = StaticFile(path.read_text(encoding="utf-8"))
    text._path = path
    return text
