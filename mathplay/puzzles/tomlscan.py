"""A first look at the raw text of a puzzle file, before the TOML parser reads it.

The standard parser has no limits: a 40 kB file with a 20,000-part dotted key takes
gigabytes, deep ``[[[…`` or ``{a={a=…`` nesting ends in a RecursionError, and a number of
over 4,300 digits in a ValueError. :func:`scan` refuses such files with a message naming
the line, and finds the lines that lie inside multi-line strings (so that keys are
looked for only outside them, even when a literal string holds three quotes).

>>> scan("a = 1\\nb = '''\\nx = 2\\n'''\\n").inside
frozenset({3, 4})
>>> found = scan("x = " + "[" * 60 + "]" * 60)
>>> found.line, found.problem
(1, 'the brackets [ and { are nested more than 50 deep here; write the data flat')
"""

from __future__ import annotations

from dataclasses import dataclass

from mathplay.i18n import _

__all__ = ["MAX_CHARS", "MAX_DEPTH", "MAX_NUMBER", "Scan", "scan"]

#: The longest puzzle file, in characters (about 200 kB).
MAX_CHARS = 200_000
#: How deep brackets may nest, and how many parts a dotted key may have.
MAX_DEPTH = 50
#: The most characters of one bare number (or date) in the file.
MAX_NUMBER = 100

_BARE = frozenset("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_-+.:")


@dataclass(frozen=True)
class Scan:
    """What the scan found: ``problem`` (with its ``line``) or ``None``, and ``inside``,
    the numbers of the lines that start inside a multi-line string."""

    problem: str | None = None
    line: int | None = None
    inside: frozenset[int] = frozenset()


def _closing(text: str, at: int, quote: str) -> int:
    """How many quotes close a multi-line string at ``at`` (0 if they do not; up to 5)."""
    run = 0
    while at + run < len(text) and text[at + run] == quote:
        run += 1
    return min(run, 5) if run >= 3 else 0


def scan(text: str) -> Scan:
    """Check the size, nesting and numbers of TOML text; see the module's docstring."""
    if len(text) > MAX_CHARS:
        return Scan(
            _(
                "the file has {n} characters; a puzzle file can have at most {most} "
                "(about 200 kB): split it into several sets"
            ).format(n=len(text), most=MAX_CHARS)
        )
    inside: set[int] = set()
    line, depth, dots, at, end = 1, 0, 0, 0, len(text)
    while at < end:
        ch = text[at]
        if ch == "\n":
            line, dots, at = line + 1, 0, at + 1
        elif ch == "#":
            stop = text.find("\n", at)
            at = end if stop < 0 else stop
        elif ch in "\"'":
            if text.startswith(ch * 3, at):
                at += 3
                while at < end:
                    if text[at] == "\\" and ch == '"':
                        at += 1
                    elif text[at] == ch and _closing(text, at, ch):
                        at += _closing(text, at, ch)
                        break
                    if at < end and text[at] == "\n":
                        line += 1
                        inside.add(line)
                    at += 1
            else:
                at += 1
                while at < end and text[at] not in (ch, "\n"):
                    at += 2 if text[at] == "\\" and ch == '"' else 1
                if at < end and text[at] == ch:
                    at += 1
        elif ch in "[{":
            depth, dots, at = depth + 1, 0, at + 1
            if depth > MAX_DEPTH:
                return Scan(
                    _(
                        "the brackets [ and {{ are nested more than {most} deep here; "
                        "write the data flat"
                    ).format(most=MAX_DEPTH),
                    line,
                )
        elif ch in "]}":
            depth, dots, at = max(depth - 1, 0), 0, at + 1
        elif ch in "=,":
            dots, at = 0, at + 1
        elif ch == ".":
            dots, at = dots + 1, at + 1
            if dots >= MAX_DEPTH:
                return Scan(
                    _(
                        "this key has more than {most} parts separated by dots; "
                        "use a short key, like feedback.right"
                    ).format(most=MAX_DEPTH),
                    line,
                )
        elif ch.isdigit() or (ch in "+-" and text[at + 1 : at + 2].isdigit()):
            start = at
            while at < end and text[at] in _BARE:
                at += 1
            if at - start > MAX_NUMBER:
                return Scan(
                    _(
                        "a number here is {n} characters long; a number in a puzzle file "
                        "has at most {most}"
                    ).format(n=at - start, most=MAX_NUMBER),
                    line,
                )
        elif ch in _BARE:
            # A bare key (letters, digits, - and _): digits in it do not start a number.
            while at < end and text[at] in _BARE and text[at] != ".":
                at += 1
        else:
            at += 1
    return Scan(None, None, frozenset(inside))
