"""Parts of a Binary line ready to join: the fills of its sides with their text and
letter points (``movegen`` joins them into moves; ``sides`` finds the fills).

A part is worked out once and joined many times: the same fill of a side is part of
every line that shares that side, with any fill of the other sides of the same value.
"""

from __future__ import annotations

from collections.abc import Callable

from mathplay.games.binary.rules import line_text
from mathplay.games.binary.sides import Entry, Table

__all__ = ["LeftParts", "Part", "Parts", "side_parts"]

#: A part of a line ready to join: tokens, text, has an operator, letter points.
Part = tuple[tuple[str, ...], str, bool, int]
#: Parts by value, then by the chips they use.
Parts = dict[int, dict[int, list[Part]]]


def side_parts(entries: list[Entry], letters: list[int], mask: list[bool]) -> list[Part]:
    """Side fills as parts: tokens, text, has an operator, letter points."""
    return [
        (tokens, line_text(tokens, mask), has_op, sum(p * m for p, m in zip(points, letters)))
        for tokens, points, has_op in entries
    ]


class LeftParts:
    """The first side joined with the middle part (if any): the parts of a line up to
    its last ``=``, by value and chips used, worked out only when a line needs them."""

    def __init__(
        self,
        table: Table,
        letters: list[int],
        mask: list[bool],
        middle: Parts | None,
        fits: Callable[[int], bool],
    ) -> None:
        self.table = table
        self.letters = letters
        self.mask = mask
        self.middle = middle
        self.fits = fits
        self.pairs: dict[int, dict[int, list[tuple[list[Entry], list[Part] | None]]]] = {}
        self.parts: dict[tuple[int, int], list[Part]] = {}

    def encs(self, value: int) -> dict[int, list[tuple[list[Entry], list[Part] | None]]]:
        """For ``value``: chips used → the groups of first-side fills and middle parts."""
        found = self.pairs.get(value)
        if found is None:
            found = {}
            by_enc = self.table.get(value)
            if by_enc and self.middle is None:
                found = {e: [(group, None)] for e, group in by_enc.items()}
            elif by_enc and self.middle is not None:
                after = self.middle.get(value, {})
                for e1, group1 in by_enc.items():
                    for e2, group2 in after.items():
                        if self.fits(e1 + e2):
                            found.setdefault(e1 + e2, []).append((group1, group2))
            self.pairs[value] = found
        return found

    def get(self, value: int, enc: int) -> list[Part]:
        """The parts of ``value`` using the chips ``enc``, with their text and points."""
        key = (value, enc)
        found = self.parts.get(key)
        if found is None:
            found = []
            for group1, group2 in self.pairs[value][enc]:
                first = side_parts(group1, self.letters, self.mask)
                if group2 is None:
                    found += [(t, s + " ", o, ls) for t, s, o, ls in first]
                else:
                    found += [
                        (t1 + t2, f"{s1} {s2}", o1 or o2, l1 + l2)
                        for t1, s1, o1, l1 in first
                        for t2, s2, o2, l2 in group2
                    ]
            self.parts[key] = found
        return found
