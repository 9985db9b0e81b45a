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

from mathplay.errors import IllegalMoveError, NotationError, OptionsError
from mathplay.i18n import _, _n

__all__ = [
    "MAX_SEED_LENGTH",
    "Bag",
    "check_seed",
    "expand_tile_set",
    "rest_of_set",
    "take_from_hand",
]

#: The longest text seed, and the most digits of a number seed.
MAX_SEED_LENGTH = 100


def check_seed(seed: object) -> int | str:
    """A game's seed as given, once it is one: a whole number or a text (a teacher may
    seed a class's games with ``"class-3a"``), neither longer than 100 characters.

    >>> check_seed(7), check_seed("class-3a")
    (7, 'class-3a')
    >>> check_seed(True)
    Traceback (most recent call last):
    ...
    mathplay.errors.OptionsError: a seed is a whole number or a short text, not True
    """
    if isinstance(seed, str) and len(seed) <= MAX_SEED_LENGTH:
        return seed
    # A number of at most about 100 digits (3.3 bits a digit).
    if isinstance(seed, int) and not isinstance(seed, bool) and seed.bit_length() <= 330:
        return seed
    raise OptionsError(
        _("a seed is a whole number or a short text, not {value}").format(value=_shown(seed))
    )


def _shown(value: object) -> str:
    try:
        text = repr(value)
    except ValueError:  # an int too long to write out
        return _("a number too long to show")
    return text if len(text) <= 40 else text[:39] + "…"


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
        seed = check_seed(seed)
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
        # A tile the hand holds, but not as many times, is said as "another 1": the pupil
        # sees a 1 in their hand and would not understand "does not have 1".
        parts = []
        for token in sorted(missing):
            count = missing[token]
            if have[token] == 0:
                parts.extend([token] * count)
            else:
                parts.append(
                    _n("another {tile}", "{n} more {tile}", count).format(tile=token, n=count)
                )
        shown = ", ".join(parts)
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


def rest_of_set(
    full: Mapping[str, int],
    used: Counter[str],
    seed: int | str,
    bag_tiles: Iterable[str] | None = None,
    rule: str = "",
) -> Bag:
    """The bag for a position: every tile of ``full`` not in ``used`` (board and hands).

    Shuffled from ``seed``, or exactly ``bag_tiles`` (a saved game's order), which must be
    that rest. Raises ``NotationError`` when the position uses more tiles than the set
    has, naming them.
    """
    over = {t: n - full.get(t, 0) for t, n in used.items() if n > full.get(t, 0)}
    suffix = f" ({rule})" if rule else ""
    if over:
        listed = ", ".join(
            _("{count} too many '{tile}'").format(count=n, tile=t) for t, n in sorted(over.items())
        )
        raise NotationError(
            _("the board and hands use more tiles than the set has{rule}: {listed}").format(
                rule=suffix, listed=listed
            )
        )
    rest = Counter(full) - used
    if bag_tiles is None:
        return Bag.shuffled(sorted(rest.elements()), seed)
    tiles = list(bag_tiles)
    if Counter(tiles) != rest:
        raise NotationError(
            _("the bag does not hold the rest of the set{rule}").format(rule=suffix)
        )
    return Bag(tiles)
