"""What the puzzle generators of every kind share: balanced choices and small helpers.

Each kind draws its own puzzles (``Kind.draw(rng, level, plan)``, in its module);
:mod:`mathplay.puzzles.generate` assembles them into sheets. A draw that does not fit
its level raises :class:`Retry`, and the generator draws again.

>>> bin_text(5), bin_text(5, 4)
('101', '0101')
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = ["BITS", "NAMES", "Plan", "Retry", "bin_text", "blank_one", "pair"]


class Retry(Exception):
    """This draw does not fit the level: draw again."""


@dataclass
class Plan:
    """Balanced choices for a sheet: each named choice deals its options in shuffled rounds.

    In the first ``k`` puzzles of a sheet no option of a choice comes up more than once
    more often than another. A puzzle keeps its choices through all its tries; they are
    used up when it is accepted. When no new puzzle fits them, :meth:`redeal` changes them
    for other cards of the round (or, at a round's last card, for any other option).
    """

    rng: random.Random
    #: Choices restricted to some of their options (a skill's: ``{"op": ["XOR"]}``).
    only: dict[str, list[Any]] = field(default_factory=dict)
    decks: dict[str, list[Any]] = field(default_factory=dict)
    options: dict[str, list[Any]] = field(default_factory=dict)
    #: This puzzle's choices: the option, and its place in the deck (None: not dealt).
    now: dict[str, tuple[Any, int | None]] = field(default_factory=dict)

    def pick(self, name: str, options: Sequence[Any]) -> Any:
        options = self.only.get(name, options)
        if name not in self.now:
            self.options[name] = list(options)
            deck = self.decks.setdefault(name, [])
            if not deck:
                deck.extend(self.rng.sample(self.options[name], len(options)))
            self.now[name] = deck[-1], len(deck) - 1
        return self.now[name][0]

    def redeal(self) -> bool:
        """Other choices for this puzzle; False when it has none to change."""
        changed = False
        for name, (value, _place) in self.now.items():
            deck = self.decks[name]
            others = [i for i, card in enumerate(deck) if card != value]
            if others:
                place = self.rng.choice(others)
                self.now[name] = deck[place], place
            else:
                spare = [option for option in self.options[name] if option != value]
                if not spare:
                    continue
                self.now[name] = self.rng.choice(spare), None
            changed = True
        return changed

    def accept(self) -> None:
        for name, (_value, place) in self.now.items():
            if place is not None:
                self.decks[name].pop(place)
        self.now.clear()


def bin_text(value: int, width: int = 0) -> str:
    """``value`` in binary, with leading zeros to ``width`` digits."""
    return format(value, "b").rjust(width, "0")


#: The names the arithmetic module gives the signs.
NAMES = {"+": "ADD", "-": "SUB", "x": "MUL", ":": "DIV", "AND": "AND", "OR": "OR", "XOR": "XOR"}
#: What each operation does to two whole numbers (for binary puzzles).
BITS: dict[str, Callable[[int, int], int]] = {
    "+": lambda a, b: a + b,
    "-": lambda a, b: a - b,
    "AND": lambda a, b: a & b,
    "OR": lambda a, b: a | b,
    "XOR": lambda a, b: a ^ b,
}


def pair(rng: random.Random, op: str, top: int) -> tuple[int, int]:
    """Two numbers from 0 to ``top`` whose sum (``+``) or difference (``-``) is too."""
    a, b = rng.randint(0, top), rng.randint(0, top)
    if op == "+" and a + b > top:
        return top - a, top - b
    return (max(a, b), min(a, b)) if op == "-" else (a, b)


def blank_one(numbers: list[str], plan: Plan) -> list[str]:
    """``numbers`` with one of them (a balanced choice) made the blank ``_``."""
    spot = plan.pick("blank", range(len(numbers)))
    return [*numbers[:spot], "_", *numbers[spot + 1 :]]
