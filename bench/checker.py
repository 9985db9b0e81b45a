"""Benchmark: ``mathplay.check`` against sympy's ``parse_expr`` on the same equations.

Generates equations such as ``12x3+4=40`` (2–5 operands, operators ``+ - x :``, about
half of them true) from a fixed seed, and writes each the ways pupils and boards write
them, one *kind* each:

- ``plain``: ``12x3+4=40`` (ASCII, no spaces);
- ``spaced``: ``12 x 3 + 4 = 40``;
- ``symbols``: ``12 × 3 + 4 = 40``, with ``÷`` and ``−``;
- ``star-slash``: ``12 * 3 + 4 = 40``, with ``/``;
- ``three-sides``: ``12x3+4 = 40 = 36+4`` (a second side of the same or a near value);
- ``capital-X``: ``12 X 3 + 4 = 40`` (a capital X for times, as some pupils type it);
- ``false``: the ``plain`` equations that are false only;
- ``4-digit``: ``4821 + 7302 - 1999 = 10124`` (four-digit numbers, spaced);
- ``binary``: ``1100 x 11 + 100 = 101000`` in base 2 (numbers and results below 256,
  and only equations whose every value on the way is a whole number from 0 up, as base
  2's rules ask; sympy knows no such rule).

It checks them all with ``mathplay.check``, then evaluates every side of each with
sympy's ``parse_expr`` (the text translated to Python syntax and decimal numbers before
the clock starts, to favour the baseline) and compares them. Prints, per kind, the time
per equation of each, the ratio and how many equations the two disagree on (it must be
0). The target is a ratio of at least 50 for every kind.

Each kind is timed in ``--rounds`` rounds (5) that alternate the two checkers, and the
median round is shown, so a busy machine weighs on both alike. Run it with
``python bench/checker.py`` (``--n 500`` for fewer equations a kind). The
baseline calls ``parse_expr`` on text this script generates itself, never on user text.

Exit status: 0 when the two agree on every equation, 1 otherwise.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import time
from fractions import Fraction
from pathlib import Path

import sympy
from sympy.parsing.sympy_parser import parse_expr

try:
    import mathplay
except ImportError:  # run from a checkout without installing: use the repository's copy
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    import mathplay

SEED = 20261129
TARGET = 50.0


def _value(numbers: list[int], ops: list[str]) -> Fraction | None:
    """The exact value under the usual order (``x :`` first); ``None`` on division by 0."""
    terms: list[Fraction] = [Fraction(numbers[0])]
    signs: list[str] = []
    for op, number in zip(ops, numbers[1:]):
        if op == "x":
            terms[-1] *= number
        elif op == ":":
            if number == 0:
                return None
            terms[-1] /= number
        else:
            signs.append(op)
            terms.append(Fraction(number))
    total = terms[0]
    for sign, term in zip(signs, terms[1:]):
        total = total + term if sign == "+" else total - term
    return total


def _left_side(rng: random.Random) -> tuple[str, Fraction | None]:
    size = rng.randint(2, 5)
    numbers = [rng.choice((rng.randint(0, 12), rng.randint(0, 99))) for _ in range(size)]
    ops = [rng.choice("+-x:") for _ in range(size - 1)]
    text = str(numbers[0]) + "".join(op + str(n) for op, n in zip(ops, numbers[1:]))
    return text, _value(numbers, ops)


def generate(count: int, seed: int = SEED) -> list[str]:
    """``count`` equations, about half true; every right-hand side is a plain number."""
    return [f"{left}={right}" for left, right, _value in _parts(count, seed)]


def _parts(count: int, seed: int, most: int | None = None) -> list[tuple[str, int, Fraction]]:
    """``count`` (left side, right number, left value), about half true; with ``most``,
    only left sides base 2's rules give a value (see :func:`_binary_allows`), with every
    number and value from 0 to ``most``."""
    rng = random.Random(seed)

    def fits(left: str, value: Fraction | None) -> bool:
        whole = value is not None and value.denominator == 1 and value >= 0
        if most is None or not whole:
            return whole
        assert value is not None
        small = value <= most and all(int(n) <= most for n in _numbers(left))
        return small and _binary_allows(left)

    out: list[tuple[str, int, Fraction]] = []
    while len(out) < count:
        left, value = _left_side(rng)
        if most is not None and not fits(left, value):
            continue
        if rng.random() < 0.5:  # a true equation: its value must be writable as a number
            while not fits(left, value):
                left, value = _left_side(rng)
            right = int(value)  # type: ignore[arg-type]
        elif fits(left, value):  # near miss
            right = int(value) + rng.choice((1, 2, 10))  # type: ignore[arg-type]
        else:  # a fraction, a negative value or a division by zero
            right = rng.randint(0, 200)
        out.append((left, right, value if value is not None else Fraction(-1)))
    return out


def _binary_allows(side: str) -> bool:
    """Whether base 2's rules give ``side`` a value: every value on the way (each product
    or quotient, each running total, in the usual order) a whole number from 0 up."""
    parts = [p for p in _SPLIT.split(side) if p]
    total, sign = Fraction(0), "+"
    value = Fraction(int(parts[0]))
    for op, number in zip(parts[1::2], map(int, parts[2::2])):
        if op == "x":
            value *= number
        elif op == ":":
            if number == 0 or value % number:
                return False
            value /= number
        else:
            total = total + value if sign == "+" else total - value
            if total < 0:
                return False
            sign, value = op, Fraction(number)
    return (total + value if sign == "+" else total - value) >= 0


def _numbers(side: str) -> list[str]:
    return [n for n in _SPLIT.split(side) if n and n not in "+-x:"]


_SPLIT = re.compile(r"([-+x:])")
_SYMBOLS = {"x": "×", ":": "÷", "-": "−", "+": "+"}
_STAR = {"x": "*", ":": "/", "-": "-", "+": "+"}


def _spaced(side: str, names: dict[str, str]) -> str:
    return " ".join(names.get(piece, piece) for piece in _SPLIT.split(side) if piece)


def _binary(side: str) -> str:
    return " ".join(
        piece if piece in "+-x:" else format(int(piece), "b")
        for piece in _SPLIT.split(side)
        if piece
    ).replace(":", "/")


def kinds(count: int, seed: int = SEED) -> dict[str, tuple[list[str], list[str], int]]:
    """Per kind: the equations as written, the same in Python syntax for sympy (decimal),
    and the base."""
    plain = _parts(count, seed)
    out: dict[str, tuple[list[str], list[str], int]] = {}

    def python(left: str, *rights: object) -> str:
        return "=".join([left.replace("x", "*").replace(":", "/"), *map(str, rights)])

    out["plain"] = (
        [f"{left}={right}" for left, right, _v in plain],
        [python(left, right) for left, right, _v in plain],
        10,
    )
    out["spaced"] = (
        [f"{_spaced(left, {})} = {right}" for left, right, _v in plain],
        [python(left, right) for left, right, _v in plain],
        10,
    )
    out["symbols"] = (
        [f"{_spaced(left, _SYMBOLS)} = {right}" for left, right, _v in plain],
        [python(left, right) for left, right, _v in plain],
        10,
    )
    out["star-slash"] = (
        [f"{_spaced(left, _STAR)} = {right}" for left, right, _v in plain],
        [python(left, right) for left, right, _v in plain],
        10,
    )
    rng = random.Random(seed + 1)
    three = []
    for left, right, _value in plain:
        third = (
            f"{right - 4}+4"
            if right >= 4 and rng.random() < 0.7
            else f"{right}+{rng.randint(1, 3)}"
        )
        three.append((left, right, third))
    out["three-sides"] = (
        [f"{left} = {right} = {third}" for left, right, third in three],
        [python(left, right, third) for left, right, third in three],
        10,
    )
    out["capital-X"] = (
        [f"{_spaced(left, {'x': 'X'})} = {right}" for left, right, _v in plain],
        [python(left, right) for left, right, _v in plain],
        10,
    )
    false = [(left, right) for left, right, value in plain if value != right]
    out["false"] = (
        [f"{left}={right}" for left, right in false],
        [python(left, right) for left, right in false],
        10,
    )
    rng = random.Random(seed + 3)
    big = []
    for _index in range(count):
        a, b, c = (rng.randint(1000, 9999) for _n in range(3))
        left = f"{a}+{b}-{c}" if a + b >= c else f"{a}+{b}+{c}"
        value = a + b - c if a + b >= c else a + b + c
        big.append((left, value if rng.random() < 0.5 else value + rng.choice((1, 10, 100))))
    out["4-digit"] = (
        [f"{_spaced(left, {})} = {right}" for left, right in big],
        [python(left, right) for left, right in big],
        10,
    )
    small = _parts(count, seed + 2, most=255)
    out["binary"] = (
        [f"{_binary(left)} = {format(right, 'b')}" for left, right, _v in small],
        [python(left, right) for left, right, _v in small],
        2,
    )
    return out


def run_mathplay(equations: list[str], base: int = 10) -> tuple[float, list[bool]]:
    check = mathplay.check
    start = time.perf_counter()
    results = [check(text, base=base).holds for text in equations]
    return time.perf_counter() - start, results


def run_sympy(equations: list[str]) -> tuple[float, list[bool]]:
    # Translated to Python syntax and decimal before (kinds()), to favour the baseline.
    all_sides = [text.split("=") for text in equations]
    start = time.perf_counter()
    results = []
    for sides in all_sides:
        values = [parse_expr(side) for side in sides]
        results.append(all(sympy.Eq(values[0], value) is sympy.true for value in values[1:]))
    return time.perf_counter() - start, results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=1_000, help="equations of each kind")
    parser.add_argument("--rounds", type=int, default=5, help="rounds a kind (median shown)")
    parser.add_argument("--seed", type=int, default=SEED, help="random seed")
    args = parser.parse_args(argv)

    every = kinds(args.n, args.seed)
    print(f"{args.n} equations of each kind, seed {args.seed}")
    print(f"{'kind':<12} {'true':>5} {'mathplay µs':>12} {'sympy µs':>10} {'ratio':>8}  agree")
    failed = False
    for name, (written, python, base) in every.items():
        run_mathplay(written[:200], base)  # warm up both (imports, caches)
        run_sympy(python[:20])
        # Rounds that alternate the two, so that both meet the same load; the median
        # round's ratio is reported.
        rounds = []
        for _round in range(args.rounds):
            ours, our_results = run_mathplay(written, base)
            theirs, their_results = run_sympy(python)
            rounds.append((theirs / ours, ours, theirs))
        ratio, ours, theirs = sorted(rounds)[len(rounds) // 2]
        wrong = [text for text, a, b in zip(written, our_results, their_results) if a != b]
        mark = "" if ratio >= TARGET else f"  BELOW the {TARGET:.0f}x target"
        print(
            f"{name:<12} {sum(our_results):>5} {ours / len(written) * 1e6:>12.1f} "
            f"{theirs / len(written) * 1e6:>10.1f} {ratio:>7.1f}x  "
            f"{'yes' if not wrong else f'NO: {len(wrong)}'}{mark}"
        )
        for text in wrong[:5]:
            print(f"  disagree: {text}")
        failed = failed or bool(wrong)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
