"""What kind of mistake an answer is, in words that name no value, square or position.

In a practice a pupil is told *what kind* of mistake they made ("Did you forget to
carry?", "Check the order of your bits") but nothing that fixes it: no number, no list
of results, no column, no count of wrong bits, no text of the right choice (the moment
policy, :mod:`mathplay.puzzles.moments` and ``docs/puzzles.md``). Each sentence here is
one kind of mistake; the kinds pick one with the same tests that explain an answer in a
guided puzzle (:mod:`mathplay.puzzles.kinds.diagnose`).

>>> from mathplay.expr import check
>>> tree = check("6+2x5=0").trees[0]
>>> print(sum_mistake(tree, "6+2x5", 40, 10, "math"))
Check the order: × and ÷ come before + and −.
>>> import re  # no number but the bits 0 and 1 that rules are made of
>>> sorted(set(re.findall(r"[0-9]+", " ".join(m() for m in MISTAKES.values()))))
['0', '1']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mathplay.i18n import _
from mathplay.puzzles.kinds.diagnose import (
    forgot_borrow,
    forgot_carry,
    other_order,
    stopped_early,
    wrong_operation,
)

__all__ = ["MISTAKES", "mistake", "sum_mistake"]

#: Every kind of mistake, by name: a sentence with no value in it.
MISTAKES: dict[str, Callable[[], str]] = {
    "order": lambda: _("Check the order: × and ÷ come before + and −."),
    "left-to-right": lambda: _("In this puzzle you work from left to right: check the order."),
    "operation": lambda: _("Look at the signs again: one step used a different operation."),
    "carry": lambda: _("Did you forget to carry?"),
    "borrow": lambda: _("Did you forget to borrow?"),
    "early": lambda: _("You stopped too soon: there is more to work out."),
    "sides": lambda: _(
        "With your answer, the two sides are not equal. Work out each side again, step by step."
    ),
    "bits": lambda: _("Some bits are not right. Work out each bit again, one at a time."),
    "bit-order": lambda: _("Check the order of your bits: the biggest place value is on the left."),
    "read-order": lambda: _(
        "Did you read the bits from the wrong end? The bit on the right is worth 1."
    ),
    "binary-as-decimal": lambda: _(
        "That is the binary number itself. Add the place values under its 1 bits."
    ),
    "binary-value": lambda: _(
        "That binary number is worth a different amount. Add the place values of its 1 bits "
        "and compare."
    ),
    "decimal-value": lambda: _(
        "That is not what the bits are worth. Add the place values under the 1 bits again."
    ),
    "bit-rule": lambda: _(
        "You used a different rule. Check the rule of the operation for each column."
    ),
    "not": lambda: _("Some bits are not right: NOT turns every 0 into 1 and every 1 into 0."),
    "true-but-false": lambda: _("It is not true. Work out both sides and compare them."),
    "false-but-true": lambda: _("Look again: work out both sides and compare them."),
    "reason": lambda: _("It is false, but not for that reason. Read the reasons again."),
    "side": lambda: _("Work out both sides again and compare them: which one is bigger?"),
    "sign": lambda: _(
        "With that sign the two sides are not equal. Work out each side and compare."
    ),
    "target": lambda: _(
        "Your expression does not make the target number. Work it out step by step."
    ),
    "not-allowed": lambda: _(
        "That move is not allowed. Read the rules of the game again and check each tile."
    ),
    "fit": lambda: _(
        "That tile does not fit there: it must be what two neighbours in a line make with "
        "+ − × or ÷."
    ),
    "better": lambda: _("That move is allowed, but another move scores more."),
    "too-few": lambda: _("That move is allowed, but it does not score enough points."),
    "wrong": lambda: _("That is not right yet."),
}


def mistake(name: str) -> str:
    """The sentence of the mistake called ``name`` (the general one if unknown)."""
    return MISTAKES.get(name, MISTAKES["wrong"])()


def sum_mistake(tree: Any, text: str, given: Any, base: int, order: str) -> str:
    """The kind of mistake a value ``given`` for the sum ``tree`` shows (written ``text``)."""
    if other_order(tree, text, given, base, order):
        return mistake("order" if order == "math" else "left-to-right")
    if wrong_operation(tree, given, base):
        return mistake("operation")
    if forgot_carry(tree, given, base):
        return mistake("carry")
    if forgot_borrow(tree, given, base):
        return mistake("borrow")
    if stopped_early(tree, given, base):
        return mistake("early")
    return mistake("bits" if base == 2 else "sides")
