"""Tile sets and the seeded bag (stock) they are drawn from.

Randomness is an explicit, seeded step: the bag is shuffled once from the game's seed,
and tiles returned to it later (exchanges) are mixed in with a generator seeded from the
game's seed and the ply, so every game replays exactly from its seed and history.

>>> bag = Bag.shuffled(["1", "2", "3", "4"], seed=7)
>>> hand = bag.draw(2)
>>> len(hand), len(bag)
(2, 2)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping

from mathplay.errors import IllegalMoveError
from mathplay.i18n import _

__all__ = ["Bag", "expand_tile_set", "take_from_hand"]


def expand_tile_set(counts: Mapping[str, int]) -> list[str]:
    """``{"0": 6, "+": 5}`` → the list of every tile, in a fixed order."""
    return [token for token, count in counts.items() for _ in range(count)]


class Bag:
    """The tiles not yet drawn. ``draw`` takes from the end of ``tiles``."""

    __slots__ = ("tiles",)

    def __init__(self, tiles: Iterable[str] = ()) -> None:
        self.tiles: list[str] = list(tiles)

    @classmethod
    def shuffled(cls, tiles: Iterable[str], seed: int | str) -> Bag:
        order = list(tiles)
        random.Random(f"mathplay:{seed}").shuffle(order)
        return cls(order)

    def __len__(self) -> int:
        return len(self.tiles)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Bag) and self.tiles == other.tiles

    def __repr__(self) -> str:
        return f"Bag({self.tiles!r})"

    def copy(self) -> Bag:
        return Bag(self.tiles)

    def draw(self, count: int) -> list[str]:
        """Take up to ``count`` tiles (fewer when the bag runs out)."""
        count = max(0, min(count, len(self.tiles)))
        if count == 0:
            return []
        drawn = self.tiles[-count:][::-1]
        del self.tiles[-count:]
        return drawn

    def put_back(self, tiles: Iterable[str], seed: int | str) -> None:
        """Return ``tiles`` and mix the bag with a generator seeded by ``seed``."""
        self.tiles.extend(tiles)
        random.Random(f"mathplay:{seed}").shuffle(self.tiles)


def take_from_hand(hand: list[str], tokens: Iterable[str], rule: str | None = None) -> list[str]:
    """The hand without ``tokens`` (a multiset); raises if the hand lacks any of them."""
    wanted = Counter(tokens)
    have = Counter(hand)
    missing = wanted - have
    if missing:
        shown = " ".join(sorted(missing.elements()))
        raise IllegalMoveError(
            _("your hand does not have {tokens} (your hand: {hand})").format(
                tokens=shown, hand=" ".join(hand) or _("empty")
            ),
            rule=rule,
        )
    rest = list(hand)
    for token in tokens:
        rest.remove(token)
    return rest
