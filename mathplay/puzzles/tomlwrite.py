"""A small, strict TOML writer for the values a puzzle file holds.

Strings are escaped as TOML basic strings; text with line breaks (board diagrams) is
written as a multi-line basic string, so it reads like the diagram itself.

>>> print(toml_string('say "hi"'))
"say \\"hi\\""
>>> print(toml_value(["a", 2, True]))
["a", 2, true]
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["key_text", "toml_string", "toml_value"]

_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")
_ESCAPES = {
    "\\": "\\\\",
    '"': '\\"',
    "\b": "\\b",
    "\t": "\\t",
    "\n": "\\n",
    "\f": "\\f",
    "\r": "\\r",
}


def _escape(text: str, multiline: bool) -> str:
    out = []
    for char in text:
        if multiline and char == "\n":
            out.append("\n")
        elif char in _ESCAPES:
            out.append(_ESCAPES[char])
        elif ord(char) < 0x20 or ord(char) == 0x7F:
            out.append(f"\\u{ord(char):04x}")
        else:
            out.append(char)
    return "".join(out)


def toml_string(text: str) -> str:
    """A TOML string for ``text``: multi-line for text with line breaks."""
    if "\n" in text:
        return '"""\n' + _escape(text, multiline=True) + '"""'
    return '"' + _escape(text, multiline=False) + '"'


def toml_value(value: Any) -> str:
    """A TOML value for a bool, an int, a string or a list of them."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return toml_string(value)
    if isinstance(value, (list, tuple)):
        items = [toml_value(item) for item in value]
        one_line = "[" + ", ".join(items) + "]"
        if len(one_line) <= 80 and not any("\n" in item for item in items):
            return one_line
        return "[\n" + "".join(f"    {item},\n" for item in items) + "]"
    raise TypeError(f"cannot write {type(value).__name__} to a puzzle file")


def key_text(name: str) -> str:
    """A key, bare when it can be, quoted (on one line) otherwise."""
    return name if _BARE_KEY.match(name) else '"' + _escape(name, multiline=False) + '"'
