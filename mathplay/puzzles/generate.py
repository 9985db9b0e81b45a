"""Generate puzzle sets of every kind at documented levels; every puzzle passes the checks.

``LEVELS[kind][level]`` says what a level means (number sizes, operations, steps, base),
and every generated puzzle keeps to it, its result and answer included. The same kind,
level and seed always give the same puzzles; a sheet has no question twice (unless the
level has fewer different questions than asked: then ``sheet.repeats`` counts the repeats
and the description says so); the answers of ``true-or-false`` and ``which-operation``
sheets, and the operations a level names, are dealt in turn like cards, so no answer is
over half a sheet; ``target`` puzzles need every tile; ids and title carry the seed.

>>> sheet = generate("missing", 1, 3, seed=1)
>>> sheet.title, len(sheet.puzzles), sheet.puzzles[0].id
('Missing numbers, level 1 (seed 1)', 3, 'missing-1-s1-01')

A shorter sheet is the start of a longer one with the same seed, so puzzle ``k`` of the
sequence for seed ``s`` is ``generate(kind, level, k, seed=s).puzzles[-1]``:

>>> generate("convert", 1, 2, seed=5).puzzles == generate("convert", 1, 4, seed=5).puzzles[:2]
True
"""

from __future__ import annotations

import functools
import itertools
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from mathplay.errors import MathplayError
from mathplay.expr import EvaluationFailure, check
from mathplay.expr.arithmetic import Number, apply_operator, reduce_side
from mathplay.i18n import _
from mathplay.puzzles.format import Puzzle, Worksheet
from mathplay.puzzles.kinds import KINDS
from mathplay.puzzles.spread import ANSWER_CHOICES, answer_key, most_of, question_key
from mathplay.puzzles.validate import validate_puzzle

__all__ = ["CHOICES", "LEVELS", "GenerateError", "GeneratedSheet", "generate"]

LEVELS: dict[str, dict[int, str]] = {
    "missing": {
        1: "base 10, + and - with every number from 0 to 10 (the result too), one number missing",
        2: "base 10, + and - with every number from 0 to 100 (the result too), one number missing",
        3: "base 10, x and : from the times tables up to 10 x 10, one number missing",
        4: "base 10, + or - with x or : (order of operations): three numbers from 1 to 12, "
        "one of them missing, and a result from 0 to 100",
        5: "base 2, + - AND OR with every number of up to 4 bits (the result too), "
        "one digit missing",
        6: "base 2, the result missing: + and - on numbers of up to 4 bits, "
        "x 10 and / 10 (times two and divided by two) on numbers of up to 6 bits",
    },
    "true-or-false": {
        1: "base 10, + and - with every number from 0 to 20 (the result too)",
        2: "base 10, x and : from the times tables up to 10 x 10",
        3: "base 10, order of operations (+ or - with x): numbers up to 20, results up to 100; "
        "a false one has reasons to pick",
        4: "base 2, + and - with every number of up to 4 bits (the result too)",
        5: "base 2, AND OR XOR on numbers of up to 4 bits",
    },
    "which-operation": {
        1: "base 10, + or - with every number from 1 to 20 (the result from 0 to 20)",
        2: "base 10, + - x : between two numbers from 1 to 12, a whole result from 0 to 144",
        3: "base 10, two operations to find (order of operations) between three numbers "
        "from 1 to 9, a whole result from 0 to 100",
        4: "base 2, AND OR XOR between two numbers of 3 to 4 bits",
    },
    "target": {
        1: "base 10, 3 tiles from 1 to 9, + and -, a target from 1 to 27 that needs every tile",
        2: "base 10, 3 tiles from 1 to 10, + - x, a target from 1 to 100 that needs every tile",
        3: "base 10, 4 tiles from 1 to 10, + - x :, a target from 1 to 100 that needs every tile",
        4: "base 2, 3 tiles of up to 3 bits, + - x, a target of up to 6 bits that needs every tile",
    },
    "convert": {
        1: "decimal to binary, 1 to 15",
        2: "binary to decimal, 4 to 5 bits (8 to 31)",
        3: "both ways, 16 to 255",
        4: "both ways, 256 to 1023",
    },
    "bitwise": {
        1: "AND of two 4-bit numbers",
        2: "OR or XOR of two 4-bit numbers",
        3: "AND OR XOR on 6- to 8-bit numbers",
        4: "NOT, then AND OR XOR, on 4-bit numbers",
        5: "NOT of a number of 3 to 5 bits, the 0s in front written",
        6: "masks on numbers of 4 to 6 bits: AND keeps bits (AND 1 tells odd from even), "
        "OR sets bits, XOR flips bits; the mask's 1s are side by side",
        7: "which part comes first: two of + AND XOR OR on numbers of 1 to 3 bits",
    },
    "move": {
        1: "Summy 9x9 table after 1 to 3 moves: any legal move",
        2: "Summy 9x9: a move scoring at least N",
        3: "Summy 9x9: the best move",
        4: "Mixmath: the best placement",
        5: "Binary: the best move",
    },
}

_TITLES = {
    "missing": "Missing numbers",
    "true-or-false": "True or false?",
    "which-operation": "Which operation?",
    "target": "Reach the target",
    "convert": "Decimal and binary",
    "bitwise": "Bitwise logic",
    "move": "Game moves",
}

#: Hints for every level, gentle first: the same for every puzzle, so never its answer.
_HINTS: dict[str, dict[int, tuple[str, ...]]] = {
    "missing": {
        1: (
            "Count on from the smaller number, or count back.",
            "Adding and taking away undo each other: use the two numbers you can see.",
        ),
        2: (
            "Adding and taking away undo each other: use the two numbers you can see.",
            "Work with the tens first, then the ones.",
        ),
        3: (
            "Multiplying and dividing undo each other: think of the times tables.",
            "Which times-table fact uses the two numbers you can see?",
        ),
        4: (
            "x and : come before + and -: work out that part first.",
            "Try a number in the blank, then work out the left side in the right order.",
        ),
        5: (
            "The blank is one binary digit: it can only be 0 or 1.",
            "Put each digit in, and work out both sides in binary.",
        ),
        6: (
            "Work in binary one column at a time from the right: 1 + 1 = 10, so carry 1.",
            "Times two puts a 0 on the right; divided by two takes the 0 away.",
        ),
    },
    "true-or-false": {
        1: (
            "Work out the left side first, then compare it with the right side.",
            "Count on for +, count back for -.",
        ),
        2: (
            "Work out the left side with your times tables, then compare.",
            "For a : b, ask: what times b makes a?",
        ),
        3: (
            "x comes before + and -: work out the x part first.",
            "Then add or take away, and compare with the right side.",
        ),
        4: (
            "Work out the left side in binary, one column at a time from the right.",
            "Or change the numbers to decimal, work it out, and change back.",
        ),
        5: (
            "Line the numbers up and work one column at a time.",
            "AND: 1 where both digits are 1. OR: 1 where either is. XOR: 1 where they differ.",
        ),
    },
    "which-operation": {
        1: (
            "Is the result bigger or smaller than the first number?",
            "Try each sign in turn and work it out.",
        ),
        2: (
            "Is the result bigger or smaller than the first number? Much bigger can mean x.",
            "Try each sign in turn and work it out.",
        ),
        3: (
            "There are two signs to find, and x and : come before + and -.",
            "Try each sign in the first blank; for each, find what the second must be.",
        ),
        4: (
            "Look at the columns where both numbers have a 1: what does the result show there?",
            "AND: 1 where both digits are 1. OR: 1 where either is. XOR: 1 where they differ.",
        ),
    },
    "target": {
        1: (
            "You need every tile. Start with the biggest one.",
            "Add all the tiles and see how far you are from the target.",
        ),
        2: (
            "You need every tile. Is the target more than all the tiles added up? Then use x.",
            "Try multiplying two tiles, then add or take away the third.",
        ),
        3: (
            "You need every tile, and x and : are worked out before + and -.",
            "Look for two tiles that multiply to near the target; use the others to close the gap.",
        ),
        4: (
            "The tiles and the target are in binary: 11 is three, 110 is six.",
            "Change everything to decimal, find a way, then write it with the binary tiles.",
        ),
    },
    "convert": {
        1: (
            "In binary the places are worth 1, 2, 4, 8 from the right.",
            "Take away the biggest place that fits, write 1 there, and go on with the rest.",
        ),
        2: (
            "In binary the places are worth 1, 2, 4, 8, 16 from the right.",
            "Add up the places that have a 1.",
        ),
        3: (
            "The places are worth 1, 2, 4, 8, 16, 32, 64, 128 from the right.",
            "To binary: take away the biggest place that fits. To decimal: add the places with 1.",
        ),
        4: (
            "The places are worth 1, 2, 4, 8, 16, 32, 64, 128, 256, 512 from the right.",
            "To binary: take away the biggest place that fits. To decimal: add the places with 1.",
        ),
    },
    "bitwise": {
        1: (
            "Line the numbers up and work one column at a time.",
            "AND gives 1 only where both digits are 1.",
        ),
        2: (
            "Line the numbers up and work one column at a time.",
            "OR gives 1 where either digit is 1; XOR gives 1 where the digits differ.",
        ),
        3: (
            "Long numbers: line them up and work one column at a time, from the right.",
            "AND: 1 where both digits are 1. OR: 1 where either is. XOR: 1 where they differ.",
        ),
        4: (
            "Do NOT first: it turns every 0 of the first number into 1, and every 1 into 0.",
            "Then line the numbers up and work one column at a time.",
        ),
        5: (
            "NOT turns every bit around: 0 becomes 1, and 1 becomes 0.",
            "The 0s in front are written, so they turn into 1s too.",
        ),
        6: (
            "Line the number and the mask up on the right.",
            "AND keeps the bits under the mask's 1s, OR sets them to 1, XOR flips them.",
        ),
        7: (
            "First NOT, then x and /, then + and -, then AND, then XOR, and OR last.",
            "Work out the part that comes first, then the rest, one column at a time.",
        ),
    },
    "move": {
        1: ("Any true sum that joins the table counts: start with a short one.",),
        2: ("Special squares raise the score: look for a move that covers one.",),
        3: ("Compare a few moves: long ones and ones on special squares score most.",),
        4: ("Look at the empty squares next to two numbers in a line.",),
        5: ("Look for a short true sum in binary, like 1+1=10, that joins the board.",),
    },
}

#: Tries for one puzzle with its choices, and how many of them may be a question the sheet
#: already has before those choices count as used up.
_TRIES = 2000
_REPEAT_TRIES = 200
#: How many times a puzzle's balanced choices may change before a question repeats.
_DEALS = 6


class GenerateError(MathplayError, ValueError):
    """A kind or level the generator does not have."""


@dataclass(eq=False)
class GeneratedSheet(Worksheet):
    """A generated :class:`Worksheet`, with how it was made.

    ``repeats`` is how many puzzles repeat an earlier question: 0 unless the level has
    fewer different questions than the sheet asks for (then the sheet goes through them
    all before repeating any, and its description says so). It equals the worksheet it
    is written as (``parse(write(sheet)) == sheet``).
    """

    kind: str = ""
    seed: int = 0
    repeats: int = 0

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Worksheet):
            return NotImplemented
        return all(
            getattr(self, f.name) == getattr(other, f.name) for f in fields(Worksheet) if f.compare
        )


class _Retry(Exception):
    pass


@dataclass
class _Plan:
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


def _b(value: int, width: int = 0) -> str:
    return format(value, "b").rjust(width, "0")


_NAMES = {"+": "ADD", "-": "SUB", "x": "MUL", ":": "DIV", "AND": "AND", "OR": "OR", "XOR": "XOR"}
_BITS: dict[str, Callable[[int, int], int]] = {
    "+": lambda a, b: a + b,
    "-": lambda a, b: a - b,
    "AND": lambda a, b: a & b,
    "OR": lambda a, b: a | b,
    "XOR": lambda a, b: a ^ b,
}


def _pair(rng: random.Random, op: str, top: int) -> tuple[int, int]:
    """Two numbers from 0 to ``top`` whose sum (``+``) or difference (``-``) is too."""
    a, b = rng.randint(0, top), rng.randint(0, top)
    if op == "+" and a + b > top:
        return top - a, top - b
    return (max(a, b), min(a, b)) if op == "-" else (a, b)


def _blank_one(numbers: list[str], plan: _Plan) -> list[str]:
    spot = plan.pick("blank", range(len(numbers)))
    return [*numbers[:spot], "_", *numbers[spot + 1 :]]


def _missing(rng: random.Random, level: int, plan: _Plan) -> dict[str, Any]:
    if level == 6:
        op = plan.pick("op", ["+", "-", "x", "/"])
        if op in ("x", "/"):
            a = rng.randint(1, 31)
            left = f"{_b(a)} x 10" if op == "x" else f"{_b(2 * a)} / 10"
            return {"equation": f"{left} = _", "base": 2}
        a, b = rng.randint(1, 15), rng.randint(1, 15)
        if op == "-":
            a, b = max(a, b), min(a, b)
            if a == b:
                raise _Retry
        return {"equation": f"{_b(a)} {op} {_b(b)} = _", "base": 2}
    if level == 5:
        op = plan.pick("op", ["+", "-", "AND", "OR"])
        a, b = rng.randint(2, 15), rng.randint(1, 15)
        if op == "-" and b > a:
            a, b = b, a
        c = _BITS[op](a, b)
        if c > 15:
            raise _Retry
        digit = plan.pick("digit", "01")
        texts = [_b(a), _b(b), _b(c)]
        spots = [(i, j) for i, text in enumerate(texts) for j in range(1, len(text))]
        spots = [(i, j) for i, j in spots if texts[i][j] == digit]  # never the first digit
        if not spots:
            raise _Retry
        which, spot = rng.choice(spots)
        texts[which] = texts[which][:spot] + "_" + texts[which][spot + 1 :]
        return {"equation": f"{texts[0]} {op} {texts[1]} = {texts[2]}", "base": 2}
    if level == 4:
        first, second = plan.pick("first", ["+", "-"]), plan.pick("second", ["x", ":"])
        a, b, c = rng.randint(1, 12), rng.randint(1, 12), rng.randint(1, 12)
        if second == ":":
            b = c * rng.randint(1, 12 // c)  # a whole quotient, and b up to 12
        part = b * c if second == "x" else b // c
        total = a + part if first == "+" else a - part
        if not 0 <= total <= 100:
            raise _Retry
        numbers = _blank_one([str(a), str(b), str(c)], plan)
        return {
            "equation": f"{numbers[0]} {first} {numbers[1]} {second} {numbers[2]} = {total}",
            "largest": 12,
        }
    op = plan.pick("op", ["x", ":"] if level == 3 else ["+", "-"])
    if level == 3:
        a, b = rng.randint(1, 10), rng.randint(1, 10)
        parts = [a, b, a * b] if op == "x" else [a * b, b, a]
        top = 100
    else:
        top = 10 if level == 1 else 100
        a, b = _pair(rng, op, top)
        parts = [a, b, a + b if op == "+" else a - b]
    numbers = _blank_one([str(p) for p in parts], plan)
    return {"equation": f"{numbers[0]} {op} {numbers[1]} = {numbers[2]}", "largest": top}


def _true_or_false(rng: random.Random, level: int, plan: _Plan) -> dict[str, Any]:
    true = plan.pick("truth", [True, False])
    if level == 3:
        op = plan.pick("op", ["+", "-"])
        b, c = rng.randint(2, 9), rng.randint(2, 9)
        if op == "-" and b * c > 20:
            raise _Retry
        a = rng.randint(1, 20) if op == "+" else rng.randint(b * c, 20)
        right = a + b * c if op == "+" else a - b * c
        wrong = (a + b) * c if op == "+" else (a - b) * c
        if max(right, wrong) > 100 or right == wrong:
            raise _Retry
        data: dict[str, Any] = {"equation": f"{a} {op} {b} x {c} = {right if true else wrong}"}
        if not true:
            first = a + b if op == "+" else a - b
            data["why"] = [
                f"x comes before {op}: {b} x {c} = {b * c}, and {a} {op} {b * c} = {right}",
                f"{a} {op} {b} = {first}, and {first} x {c} = {wrong}, so it is true",
            ]
        return data
    if level in (4, 5):
        op = plan.pick("op", ["+", "-"] if level == 4 else ["AND", "OR", "XOR"])
        a, b = rng.randint(1, 15), rng.randint(1, 15)
        if op == "-" and b > a:
            a, b = b, a
        value = _BITS[op](a, b)
        if value > 15:
            raise _Retry
        shown = value if true else value ^ (1 << rng.randrange(3 if level == 4 else 4))
        return {"equation": f"{_b(a)} {op} {_b(b)} = {_b(shown)}", "base": 2}
    if level == 2:
        op = plan.pick("op", ["x", ":"])
        a, b = rng.randint(2, 10), rng.randint(2, 10)
        left, value, top = (f"{a} x {b}", a * b, 100) if op == "x" else (f"{a * b} : {b}", a, 10)
    else:
        op = plan.pick("op", ["+", "-"])
        a, b = _pair(rng, op, 20)
        left, value, top = (f"{a} {op} {b}", a + b if op == "+" else a - b, 20)
    shown = value if true else value + rng.choice([-10, -2, -1, 1, 2, 10])
    if not 0 <= shown <= top:
        raise _Retry
    return {"equation": f"{left} = {shown}"}


def _which_operation(rng: random.Random, level: int, plan: _Plan) -> dict[str, Any]:
    if level == 4:
        a, b = rng.randint(4, 15), rng.randint(4, 15)
        op = plan.pick("op", ["AND", "OR", "XOR"])
        return {
            "equation": f"{_b(a)} _ {_b(b)} = {_b(_BITS[op](a, b))}",
            "base": 2,
            "operations": ["AND", "OR", "XOR"],
        }
    ops = ["+", "-"] if level == 1 else ["+", "-", "x", ":"]
    if level == 3:
        chosen = [plan.pick("first", ops), plan.pick("second", ops)]
        values = [rng.randint(1, 9) for _ in range(3)]
        top = 100
    else:
        chosen = [plan.pick("op", ops)]
        top = 20 if level == 1 else 144
        if chosen == [":"]:
            b = rng.randint(1, 12)
            values = [b * rng.randint(1, 12 // b), b]
        else:
            values = [rng.randint(1, 20 if level == 1 else 12) for _ in range(2)]
    text = " ".join(f"{v} {o}" for v, o in zip(values, [*chosen, ""])).strip()
    value = check(f"{text} = 0").values[0]
    if value is None or not 0 <= value <= top or value != int(value):
        raise _Retry
    blanks = " ".join(f"{v} _" for v in values[:-1]) + f" {values[-1]}"
    return {"equation": f"{blanks} = {int(value)}", "operations": ops}


_TARGETS = {
    # tiles, largest tile, operations, base, largest target
    1: (3, 9, ["+", "-"], 10, 27),
    2: (3, 10, ["+", "-", "x"], 10, 100),
    3: (4, 10, ["+", "-", "x", ":"], 10, 100),
    4: (3, 7, ["+", "-", "x"], 2, 63),
}


def _value(numbers: Sequence[Number], ops: Sequence[str], base: int) -> Number | None:
    """What ``numbers`` joined by ``ops`` make, as the target checker works it out."""
    try:
        return reduce_side(
            list(numbers),
            [_NAMES[o] for o in ops],
            "math",
            lambda a, o, b: apply_operator(o, a, b, base),
        )
    except EvaluationFailure:
        return None


@functools.lru_cache(maxsize=4096)
def _without_all(tiles: tuple[int, ...], ops: tuple[str, ...], base: int) -> frozenset[Number]:
    """Every value some of the tiles (sorted), but not all, can make."""
    made: set[Number] = set()
    for size in range(1, len(tiles)):
        for chosen in set(itertools.permutations(tiles, size)):
            for signs in itertools.product(ops, repeat=size - 1):
                value = _value(chosen, signs, base)
                if value is not None:
                    made.add(value)
    return frozenset(made)


def _target(rng: random.Random, level: int, plan: _Plan) -> dict[str, Any]:
    count, top, ops, base, most = _TARGETS[level]
    tiles = [rng.randint(1, top) for _ in range(count)]
    order = rng.sample(tiles, count)
    value = _value(order, [rng.choice(ops) for _ in order[1:]], base)
    if value is None or value != int(value) or not 1 <= value <= most:
        raise _Retry
    if value in _without_all(tuple(sorted(tiles)), tuple(ops), base):
        raise _Retry  # some tiles are enough: the puzzle would not need them all
    fmt = "b" if base == 2 else "d"
    data: dict[str, Any] = {
        "tiles": " ".join(format(t, fmt) for t in tiles),
        "target": format(int(value), fmt),
        "operations": ops,
        "use_all": True,
    }
    if base == 2:
        data["base"] = 2
    return data


_CONVERT = {1: (1, 15), 2: (8, 31), 3: (16, 255), 4: (256, 1023)}


def _convert(rng: random.Random, level: int, plan: _Plan) -> dict[str, Any]:
    low, high = _CONVERT[level]
    value = rng.randint(low, high)
    to = {1: "binary", 2: "decimal"}.get(level)
    if to is None or "to" in plan.only:
        to = plan.pick("to", ["binary", "decimal"])
    return {"number": str(value) if to == "binary" else _b(value), "to": to}


_STRONGER = {"OR": ["+", "AND", "XOR"], "XOR": ["+", "AND"], "AND": ["+"]}


def _bitwise(rng: random.Random, level: int, plan: _Plan) -> dict[str, Any]:
    if level == 5:
        width = rng.randint(3, 5)
        return {"expression": f"NOT {_b(rng.randrange(1 << width), width)}"}
    if level == 6:
        op = plan.pick("op", ["AND", "OR", "XOR"])
        width = rng.randint(4, 6)
        number = rng.randrange(1 << (width - 1), 1 << width)
        ones = rng.randint(1, width - 1)
        mask = ((1 << ones) - 1) << rng.randint(0, width - 1 - ones)
        if op == "AND" and rng.random() < 0.25:
            mask = 1  # odd or even?
        return {"expression": f"{_b(number)} {op} {_b(mask)}"}
    if level == 7:
        first = plan.pick("op", ["OR", "XOR", "AND"])
        second = rng.choice(_STRONGER[first])
        a, b, c = (rng.randint(1, 7) for _ in range(3))
        value = _BITS[first](a, _BITS[second](b, c))
        if value == _BITS[second](_BITS[first](a, b), c):
            raise _Retry  # the order would not matter: nothing to practise
        return {"expression": f"{_b(a)} {first} {_b(b)} {second} {_b(c)}"}
    width = rng.randint(6, 8) if level == 3 else 4
    a, b = rng.randrange(1, 1 << width), rng.randrange(1, 1 << width)
    ops = {1: ["AND"], 2: ["OR", "XOR"]}.get(level, ["AND", "OR", "XOR"])
    op = plan.pick("op", ops)
    if level == 4:
        return {"expression": f"NOT {_b(a, width)} {op} {_b(b, width)}"}
    return {"expression": f"{_b(a, width)} {op} {_b(b, width)}"}


def _move(rng: random.Random, level: int, plan: _Plan) -> dict[str, Any]:
    from mathplay.puzzles.kinds.moves import game_class

    name = {4: "mixmath", 5: "binary"}.get(level, "summy")
    cls = game_class(name)
    seed = rng.randrange(10**6)
    game = cls(players=2, seed=seed, size=9) if name == "summy" else cls(players=2, seed=seed)
    # Binary positions with a blank in hand have too many moves to list quickly.
    # Mixmath plays 4 to 12 tiles first, so the best placement is not near the start
    # numbers every time (1 to 3 made one answer, H6 8, 28 % of them).
    turns = (
        1 if name == "binary" else rng.randint(4, 12) if name == "mixmath" else rng.randint(1, 3)
    )
    for _turn in range(turns):
        if "?" in game.hands[game.to_move] and name == "binary":
            raise _Retry
        moves = [m for m in game.legal_moves() if hasattr(m, "score")]
        if not moves:
            break
        game.play(rng.choice(sorted(moves, key=str)))
        if name == "mixmath":
            game.play("end")
    if "?" in game.hands[game.to_move] and name == "binary":
        raise _Retry
    board = game.board
    rows = [" ".join(board[(r, c)] or "." for c in range(board.size)) for r in range(board.size)]
    hand = game.hands[game.to_move]
    goal = {1: "any", 2: "at-least"}.get(level, "best")
    data: dict[str, Any] = {
        "game": name,
        "diagram": "\n".join(rows) + "\n",
        "hand": "".join(hand) if name == "summy" else " ".join(hand),
        "goal": goal,
    }
    if goal == "at-least":
        from mathplay.puzzles.kinds.moves import _ranked

        scores = [s for _m, s in _ranked(name, data["diagram"], data["hand"])]
        if not scores:
            raise _Retry
        data["points"] = scores[len(scores) // 4]
    return data


_MAKERS: dict[str, Callable[[random.Random, int, _Plan], dict[str, Any]]] = {
    "missing": _missing,
    "true-or-false": _true_or_false,
    "which-operation": _which_operation,
    "target": _target,
    "convert": _convert,
    "bitwise": _bitwise,
    "move": _move,
}


def _question(kind: str, data: dict[str, Any], answer: str | None = None) -> tuple[Any, ...]:
    """A puzzle's question, to tell repeats: the same for a question and its swapped twin
    (``3 + 4`` and ``4 + 3``; a which-operation's only once its sign is known)."""
    return question_key(kind, data, answer)


def _checked(kind: str, level: int, pid: str, data: dict[str, Any]) -> Puzzle | None:
    """The puzzle with its answer, or None when it fails the checks or is not unique."""
    puzzle = Puzzle(pid, kind, fields=data)
    checker = KINDS[kind]
    if validate_puzzle(puzzle, "<generated>"):
        return None
    solutions = checker.solutions(puzzle, limit=2)
    puzzle.unique = checker.supports_unique and len(solutions) == 1
    if kind in ("missing", "which-operation") and not puzzle.unique:
        return None
    puzzle.answer = solutions[0]
    if kind == "true-or-false":
        puzzle.answer = solutions[0].partition(":")[0]
    puzzle.hints = _HINTS[kind][level]
    return puzzle


def _puzzle(
    kind: str,
    level: int,
    rng: random.Random,
    plan: _Plan,
    pid: str,
    seen: set[tuple[Any, ...]],
    answers: Counter[str] | None = None,
) -> tuple[Puzzle, bool]:
    """A new puzzle, and whether it repeats a question in ``seen`` (the level is used up).

    With ``answers`` (how often each answer came so far), a puzzle whose answer would
    then be over its share (:func:`~mathplay.puzzles.spread.most_of`) is drawn again too;
    when no other fits, a new question with a crowded answer comes before a repeat."""
    again: tuple[dict[str, Any], dict[str, Any]] | None = None
    spare: tuple[Puzzle, dict[str, Any]] | None = None
    most = most_of(sum(answers.values()) + 1, ANSWER_CHOICES.get((kind, level))) if answers else 0
    for _deal in range(_DEALS):
        repeats = 0
        for _attempt in range(_TRIES):
            try:
                data = _MAKERS[kind](rng, level, plan)
            except _Retry:
                continue
            if _question(kind, data) in seen:
                again, repeats = again or (data, dict(plan.now)), repeats + 1
                if repeats >= _REPEAT_TRIES:
                    break
                continue
            puzzle = _checked(kind, level, pid, data)
            if puzzle is None:
                continue
            if kind == "which-operation" and _question(kind, data, puzzle.answer) in seen:
                again, repeats = again or (data, dict(plan.now)), repeats + 1
                if repeats >= _REPEAT_TRIES:
                    break
                continue
            if answers and answers[answer_key(puzzle.answer)] >= most:
                spare, repeats = spare or (puzzle, dict(plan.now)), repeats + 1
                if repeats >= _REPEAT_TRIES:
                    break
                continue
            plan.accept()
            return puzzle, False
        if not plan.redeal():
            break
    if spare is not None:
        puzzle, plan.now = spare
        plan.accept()
        return puzzle, False
    if again is not None:
        data, plan.now = again
        puzzle = _checked(kind, level, pid, data)
        if puzzle is not None:
            plan.accept()
            return puzzle, True
    raise GenerateError(
        _("could not make a {kind} puzzle at level {level}").format(kind=kind, level=level)
    )


def _sentence(text: str) -> str:
    """``text`` with a capital first letter, the rest as written (``OR``, ``x``, ``Summy``)."""
    return text[:1].upper() + text[1:]


def _check_kind_level(kind: object, level: object) -> None:
    """Refuse a kind or level the generator does not make, naming what it makes."""
    if not isinstance(kind, str) or kind not in LEVELS:
        raise GenerateError(
            _("unknown kind '{kind}': the generator makes {kinds}").format(
                kind=kind, kinds=", ".join(LEVELS)
            )
        )
    if isinstance(level, bool) or not isinstance(level, int) or level not in LEVELS[kind]:
        raise GenerateError(
            _("{kind} puzzles have levels {levels}, not {level}").format(
                kind=kind, levels=", ".join(map(str, LEVELS[kind])), level=level
            )
        )


#: The choices a skill may restrict (``generate(..., only={"op": ["XOR"]})``), per kind and
#: level: the choice's name and the options it may keep.
CHOICES: dict[tuple[str, int], dict[str, list[Any]]] = {
    **{("convert", level): {"to": ["binary", "decimal"]} for level in _CONVERT},
    ("bitwise", 1): {"op": ["AND"]},
    ("bitwise", 2): {"op": ["OR", "XOR"]},
    ("bitwise", 3): {"op": ["AND", "OR", "XOR"]},
    ("bitwise", 4): {"op": ["AND", "OR", "XOR"]},
    ("bitwise", 6): {"op": ["AND", "OR", "XOR"]},
    ("bitwise", 7): {"op": ["OR", "XOR", "AND"]},
    ("missing", 1): {"op": ["+", "-"]},
    ("missing", 2): {"op": ["+", "-"]},
    ("missing", 3): {"op": ["x", ":"]},
    ("missing", 5): {"op": ["+", "-", "AND", "OR"]},
    ("missing", 6): {"op": ["+", "-", "x", "/"]},
    ("true-or-false", 4): {"op": ["+", "-"]},
    ("true-or-false", 5): {"op": ["AND", "OR", "XOR"]},
    ("which-operation", 4): {"op": ["AND", "OR", "XOR"]},
}


def _check_only(kind: str, level: int, only: object) -> None:
    """Refuse a restriction the level does not have, naming the ones it has."""
    if only is None:
        return
    choices = CHOICES.get((kind, level), {})
    if not isinstance(only, dict):
        raise GenerateError(_('only is a table of choices, like {"op": ["XOR"]}'))
    for name, options in only.items():
        if name not in choices:
            raise GenerateError(
                _("{kind} level {level} has no choice '{name}' to restrict{known}").format(
                    kind=kind,
                    level=level,
                    name=name,
                    known=(": it has " + ", ".join(choices)) if choices else "",
                )
            )
        if (
            not isinstance(options, (list, tuple))
            or not options
            or any(option not in choices[name] for option in options)
        ):
            raise GenerateError(
                _("the choice '{name}' of {kind} level {level} keeps some of {options}").format(
                    name=name, kind=kind, level=level, options=", ".join(choices[name])
                )
            )


def level_title(kind: str, level: int) -> str:
    """What a kind and level are called, without a seed: ``"Missing numbers, level 1"``
    (a practice draws many seeded sheets under this one name)."""
    _check_kind_level(kind, level)
    return _("{title}, level {level}").format(title=_TITLES[kind], level=level)


def generate(
    kind: str,
    level: int,
    n: int = 10,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
    *,
    only: dict[str, list[Any]] | None = None,
) -> GeneratedSheet:
    """A set of ``n`` puzzles of ``kind`` at ``level``; ``progress(done, n)`` after each.

    Puzzle ``k`` has the id ``"{kind}-{level}-s{seed}-{k:02d}"``, and it is the same in
    every sheet of ``k`` puzzles or more with that seed.

    >>> sheet = generate("convert", 1, 20, seed=7)
    >>> sheet.repeats
    5
    >>> print(sheet.description)  # doctest: +NORMALIZE_WHITESPACE
    Decimal to binary, 1 to 15. mathplay found only 15 different puzzles at this level, so
    5 of these 20 repeat an earlier one. Made by: mathplay puzzles generate --kind convert
    --level 1 -n 20 --seed 7
    """

    def whole(value: object) -> bool:
        return isinstance(value, int) and not isinstance(value, bool)

    _check_kind_level(kind, level)
    _check_only(kind, level, only)
    if not whole(n) or not 1 <= n <= 1000:
        raise GenerateError(_("make 1 to 1000 puzzles at a time, not {n}").format(n=n))
    if not whole(seed) or abs(seed) > 10**100:
        raise GenerateError(_("the seed is a whole number, not {seed!r}").format(seed=seed))
    rng = random.Random(f"{kind}:{level}:{seed}")
    plan = _Plan(rng, only={name: list(options) for name, options in (only or {}).items()})
    answers: Counter[str] = Counter()
    puzzles: list[Puzzle] = []
    seen: set[tuple[Any, ...]] = set()  # the questions of this round
    every: set[tuple[Any, ...]] = set()
    repeats = 0
    for number in range(1, n + 1):
        pid = f"{kind}-{level}-s{seed}-{number:02d}"
        puzzle, used_up = _puzzle(kind, level, rng, plan, pid, seen, answers)
        if used_up:
            seen = set()  # a new round: every question once more before any a third time
        answers[answer_key(puzzle.answer)] += 1
        question = _question(kind, puzzle.fields, puzzle.answer)
        repeats += question in every
        seen.add(question)
        every.add(question)
        puzzles.append(puzzle)
        if progress is not None:
            progress(number, n)
    note = ""
    if repeats:
        note = " " + _(
            "mathplay found only {distinct} different puzzles at this level, so {repeats} "
            "of these {n} repeat an earlier one."
        ).format(distinct=len(every), repeats=repeats, n=n)
    return GeneratedSheet(
        _("{title} (seed {seed})").format(title=level_title(kind, level), seed=seed),
        puzzles,
        level,
        f"{_sentence(LEVELS[kind][level])}.{note} "
        + _("Made by: {command}").format(
            command=f"mathplay puzzles generate --kind {kind} --level {level} -n {n} --seed {seed}"
        ),
        kind=kind,
        seed=seed,
        repeats=repeats,
    )
