"""Benchmark: ``mathplay.check`` against sympy's ``parse_expr`` on the same equations.

Generates decimal equations such as ``12x3+4=40`` (2–5 operands, operators ``+ - x :``,
about half of them true) from a fixed seed, checks them all with ``mathplay.check``, then
evaluates both sides of each with sympy's ``parse_expr`` (``x`` → ``*``, ``:`` → ``/``) and
compares them with ``Eq``. Prints the time per equation of each, the ratio, and how many
equations the two disagree on (it must be 0). The target is a ratio of at least 50.

Run it with ``python bench/checker.py`` (``--n 2000`` for fewer equations). The baseline
calls ``parse_expr`` on text this script generates itself, never on user text.

Exit status: 0 when the two agree on every equation, 1 otherwise.
"""

from __future__ import annotations

import argparse
import random
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
    rng = random.Random(seed)
    equations: list[str] = []
    while len(equations) < count:
        left, value = _left_side(rng)
        whole = value is not None and value.denominator == 1 and value >= 0
        if rng.random() < 0.5:  # a true equation: its value must be writable as a number
            while not whole:
                left, value = _left_side(rng)
                whole = value is not None and value.denominator == 1 and value >= 0
            right = int(value)  # type: ignore[arg-type]
        elif whole:  # near miss
            right = int(value) + rng.choice((1, 2, 10))  # type: ignore[arg-type]
        else:  # a fraction, a negative value or a division by zero
            right = rng.randint(0, 200)
        equations.append(f"{left}={right}")
    return equations


def run_mathplay(equations: list[str]) -> tuple[float, list[bool]]:
    check = mathplay.check
    start = time.perf_counter()
    results = [check(text).holds for text in equations]
    return time.perf_counter() - start, results


def run_sympy(equations: list[str]) -> tuple[float, list[bool]]:
    # Translating to Python syntax is done before the clock starts, to favour the baseline.
    sides = [text.replace("x", "*").replace(":", "/").split("=") for text in equations]
    start = time.perf_counter()
    results = [sympy.Eq(parse_expr(left), parse_expr(right)) is sympy.true for left, right in sides]
    return time.perf_counter() - start, results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=10_000, help="number of equations")
    parser.add_argument("--seed", type=int, default=SEED, help="random seed")
    args = parser.parse_args(argv)

    equations = generate(args.n, args.seed)
    run_mathplay(equations[:200])  # warm up both (imports, caches)
    run_sympy(equations[:20])
    ours, our_results = run_mathplay(equations)
    theirs, their_results = run_sympy(equations)

    true_count = sum(our_results)
    disagreements = [text for text, a, b in zip(equations, our_results, their_results) if a != b]
    per_ours = ours / len(equations) * 1e6
    per_theirs = theirs / len(equations) * 1e6
    ratio = theirs / ours
    print(
        f"equations: {len(equations)} ({true_count} true, {len(equations) - true_count} "
        f"false), seed {args.seed}"
    )
    print(f"mathplay.check:   {per_ours:9.1f} µs per equation")
    print(f"sympy parse_expr: {per_theirs:9.1f} µs per equation")
    verdict = "meets" if ratio >= TARGET else "BELOW"
    print(f"ratio: {ratio:.1f}x faster ({verdict} the {TARGET:.0f}x target)")
    print(f"disagreements: {len(disagreements)}")
    for text in disagreements[:10]:
        print(f"  {text}")
    return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
