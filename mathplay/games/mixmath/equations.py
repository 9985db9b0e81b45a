"""Which numbers a tile may be in one direction (M4), with the variants of M10.

A *run* is the numbers next to the placed tile in one direction, nearest first; M4 uses
its first two (``a`` nearer, ``b`` farther): ``t = a + b``, ``|a − b|``, ``a × b``,
``a ÷ b`` or ``b ÷ a`` (whole, never by 0). The variants (options, off by default) add:

- ``powers``: ``t = a^b`` or ``b^a`` (``0^0`` is not defined);
- ``modulo``: ``t = larger mod smaller`` (never mod 0; ``3 mod 8 = 3`` does not count);
- ``logarithms``: ``t = log_a(b)`` or ``log_b(a)`` when whole (base ≥ 2, argument ≥ 1);
- ``sequences``: ``t`` = the first 3 to ``MAX_SEQUENCE`` (5) numbers of the run combined
  with + − × ÷ in their order along the line, read either way, × ÷ before + −, computed
  exactly, with a whole result.

On a sign square only its operation counts: no powers, modulo or logarithms, and a
sequence only when every operator in it is that sign. Results above 90 (the largest
tile) are left out.

>>> sorted(direction_values((8, 2), None, MixmathOptions()))
[4, 6, 10, 16]
>>> sorted(direction_values((8, 2), Kind.SUB, MixmathOptions()))
[6]
>>> sorted(direction_values((2, 3), None, MixmathOptions(powers=True)))
[1, 5, 6, 8, 9]
>>> 10 in direction_values((2, 2, 4), None, MixmathOptions(sequences=True))
True
>>> facts((2, 1), False, None, MixmathOptions(), 5)
['1+2 is 3', '2−1 is 1', '1×2 is 2', '2÷1 is 2']
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from mathplay.games.mixmath.rules import BLANK_VALUES, Kind, MixmathOptions
from mathplay.i18n import _

__all__ = ["MAX_SEQUENCE", "direction_values", "facts", "sequence_values"]

#: M10 sequences: at most this many numbers in one sequence (a decision, see
#: docs/rules/mixmath-decisions.md: the search grows as 4 to the power of the length).
MAX_SEQUENCE = 5
#: No tile is larger, so larger results never matter.
_TOP = max(BLANK_VALUES)

_BASIC = (Kind.ADD, Kind.SUB, Kind.MUL, Kind.DIV)


def _quotients(a: int, b: int) -> set[int]:
    """Whole-number a ÷ b and b ÷ a, never by zero."""
    found = set()
    if b and a % b == 0:
        found.add(a // b)
    if a and b % a == 0:
        found.add(b // a)
    return found


def _powers(a: int, b: int) -> set[int]:
    """a^b and b^a up to the largest tile (0^0 is not defined)."""
    found = set()
    for base, exponent in ((a, b), (b, a)):
        if base == 0 and exponent == 0:
            continue
        if base >= 2 and exponent > 7:  # 2^7 = 128 is more than any tile already
            continue
        value = base**exponent
        if value <= _TOP:
            found.add(value)
    return found


def _modulo(a: int, b: int) -> set[int]:
    """The larger mod the smaller (never mod 0)."""
    big, small = max(a, b), min(a, b)
    return {big % small} if small else set()


def _logarithm(base: int, value: int) -> int | None:
    """Whole t with base^t = value (base ≥ 2, value ≥ 1), else None."""
    if base < 2 or value < 1:
        return None
    t, power = 0, 1
    while power < value:
        power *= base
        t += 1
    return t if power == value else None


def _logarithms(a: int, b: int) -> set[int]:
    return {t for t in (_logarithm(a, b), _logarithm(b, a)) if t is not None}


@lru_cache(maxsize=65536)
def pair_values(a: int, b: int, sign: Kind | None, options: MixmathOptions) -> frozenset[int]:
    """M4 (and M10 extra operations): every t that a and b allow; on a sign square only
    that operation counts, and the extra operations count on other squares only."""
    found: set[int] = set()
    if sign in (None, Kind.ADD):
        found.add(a + b)
    if sign in (None, Kind.SUB):
        found.add(abs(a - b))
    if sign in (None, Kind.MUL):
        found.add(a * b)
    if sign in (None, Kind.DIV):
        found |= _quotients(a, b)
    if sign is None:
        if options.powers:
            found |= _powers(a, b)
        if options.modulo:
            found |= _modulo(a, b)
        if options.logarithms:
            found |= _logarithms(a, b)
    return frozenset(found)


Number = int | Fraction


@lru_cache(maxsize=65536)
def _expression_values(numbers: tuple[int, ...], ops: tuple[Kind, ...]) -> frozenset[int]:
    """Whole values ≥ 0 of ``n1 ∘ n2 ∘ … ∘ nk`` in this order, × ÷ before + −, exactly.

    Values stay ``int`` while they are whole and become ``Fraction`` only when a division
    is not (``Fraction(2) == 2`` with the same hash, so the sets still merge them).
    """
    # A state is (sum of the finished terms, the current term).
    states: set[tuple[Number, Number]] = {(0, numbers[0])}
    for number in numbers[1:]:
        following: set[tuple[Number, Number]] = set()
        for done, term in states:
            for op in ops:
                if op is Kind.ADD:
                    following.add((done + term, number))
                elif op is Kind.SUB:
                    following.add((done + term, -number))
                elif op is Kind.MUL:
                    following.add((done, term * number))
                elif number:
                    if isinstance(term, int) and term % number == 0:
                        following.add((done, term // number))
                    else:
                        following.add((done, Fraction(term) / number))
        states = following
    found = set()
    for done, term in states:
        value = done + term
        if 0 <= value <= _TOP and (isinstance(value, int) or value.denominator == 1):
            found.add(int(value))
    return frozenset(found)


@lru_cache(maxsize=65536)
def sequence_values(run: tuple[int, ...], sign: Kind | None) -> frozenset[int]:
    """M10 sequences: every t equal to 3 to ``MAX_SEQUENCE`` numbers of the run (nearest
    first) combined with + − × ÷ in their order along the line, read either way."""
    ops = _BASIC if sign is None else (sign,)
    found: set[int] = set()
    for length in range(3, min(len(run), MAX_SEQUENCE) + 1):
        numbers = run[:length]
        found |= _expression_values(numbers, ops)
        found |= _expression_values(numbers[::-1], ops)
    return frozenset(found)


def direction_values(
    run: tuple[int, ...], sign: Kind | None, options: MixmathOptions
) -> frozenset[int]:
    """Every t that makes an equation with ``run`` (nearest first, at least two numbers)."""
    values = pair_values(run[0], run[1], sign, options)
    if options.sequences and len(run) > 2:
        values = values | sequence_values(run, sign)
    return values


def facts(
    run: tuple[int, ...],
    nearest_first: bool,
    sign: Kind | None,
    options: MixmathOptions,
    tile: int,
) -> list[str]:
    """The arithmetic of one direction for an error message, e.g. ``1+2 is 3``.

    ``nearest_first`` tells whether the line reads from the tile outwards (right or down),
    so the numbers are shown in the order a person reads them on the board.
    """
    a, b = run[0], run[1]
    x, y = (a, b) if nearest_first else (b, a)
    big, small = max(a, b), min(a, b)
    shown: list[str] = []
    if sign in (None, Kind.ADD):
        shown.append(_is(f"{x}+{y}", x + y))
    if sign in (None, Kind.SUB):
        shown.append(_is(f"{big}−{small}", big - small))
    if sign in (None, Kind.MUL):
        shown.append(_is(f"{x}×{y}", x * y))
    if sign in (None, Kind.DIV):
        quotients = [(p, q) for p, q in ((big, small), (small, big)) if q and p % q == 0]
        for p, q in dict.fromkeys(quotients):
            shown.append(_is(f"{p}÷{q}", p // q))
        if not quotients:
            if small == 0:
                shown.append(_("dividing by 0 is not allowed"))
            else:
                shown.append(
                    _("{expression} is not a whole number").format(expression=f"{big}÷{small}")
                )
    if sign is None:
        shown.extend(_variant_facts(a, b, options))
        if options.sequences and len(run) > 2:
            longest = run[: min(len(run), MAX_SEQUENCE)]
            shown.append(
                _("no sequence of {numbers} makes {tile}").format(
                    numbers=" ".join(map(str, longest if nearest_first else longest[::-1])),
                    tile=tile,
                )
            )
    elif options.sequences and len(run) > 2:
        shown.append(
            _("no sequence with {sign} alone makes {tile}").format(sign=sign.value, tile=tile)
        )
    return shown


def _is(expression: str, value: int) -> str:
    return _("{expression} is {value}").format(expression=expression, value=value)


def _variant_facts(a: int, b: int, options: MixmathOptions) -> list[str]:
    shown: list[str] = []
    if options.powers:
        for base, exponent in dict.fromkeys(((a, b), (b, a))):
            if base == 0 and exponent == 0:
                shown.append(_("0^0 is not defined"))
            elif (base >= 2 and exponent > 7) or base**exponent > _TOP:
                shown.append(
                    _("{expression} is more than {top}").format(
                        expression=f"{base}^{exponent}", top=_TOP
                    )
                )
            else:
                shown.append(_is(f"{base}^{exponent}", base**exponent))
    if options.modulo:
        big, small = max(a, b), min(a, b)
        if small:
            shown.append(_is(f"{big} mod {small}", big % small))
        else:
            shown.append(_("mod 0 is not defined"))
    if options.logarithms:
        logs = [(p, q) for p, q in dict.fromkeys(((a, b), (b, a))) if _logarithm(p, q) is not None]
        for base, value in logs:
            shown.append(
                _("log base {base} of {value} is {t}").format(
                    base=base, value=value, t=_logarithm(base, value)
                )
            )
        if not logs:
            shown.append(_("neither {a} nor {b} is a whole power of the other").format(a=a, b=b))
    return shown
