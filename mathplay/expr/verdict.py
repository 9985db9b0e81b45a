"""``check`` and ``evaluate``: the checker's public entry points, and the ``Verdict``.

A verdict is cheap to make (the tokenizer, parser and exact integer arithmetic only);
its sympy values, its step-by-step explanation and its LaTeX are computed when asked.

>>> v = check("8x15=120")
>>> v.holds, bool(v), v.value
(True, True, 120)
>>> check("3+4=8").reason
'3+4 is 7, not 8'
>>> check("101 AND 1 = 1", base=2).holds
True
>>> evaluate("1:2")
1/2
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import cached_property
from typing import Any, TypeVar

from mathplay.errors import ExpressionError, OptionsError
from mathplay.expr.arithmetic import (
    ORDERS,
    EvaluationFailure,
    NotPlain,
    Number,
    evaluate_plain,
    evaluate_plain_bits,
    evaluate_side,
    format_number,
)
from mathplay.expr.parser import (
    Side,
    binary_side_name,
    parse,
    plain_binary_sides,
    plain_decimal_sides,
)
from mathplay.expr.pretty import read_words
from mathplay.expr.tree import Node, build_tree, negated_leaves, operations, render_with
from mathplay.i18n import _

__all__ = ["Verdict", "check", "evaluate", "to_sympy_number"]

T = TypeVar("T")


def _check_options(base: int, order: str) -> None:
    if not isinstance(base, int) or base not in (2, 10):  # 10.0 too
        raise OptionsError(
            f"base must be 10 (decimal) or 2 (binary), not {base!r}: other bases are not "
            "part of mathplay's games"
        )
    if not isinstance(order, str) or order not in ORDERS:
        raise OptionsError(f"order must be 'math' or 'left-to-right', not {order!r}")


def to_sympy_number(value: Number) -> Any:
    """An exact sympy number (``Integer`` or ``Rational``) for a checker value."""
    import sympy

    if isinstance(value, Fraction):
        return sympy.Rational(value.numerator, value.denominator)
    return sympy.Integer(value)


class Verdict:
    """The checker's answer about one equation.

    ``holds`` says whether every side has the same exact value; ``reason`` is one sentence
    a student can act on when it does not (``None`` when it holds); ``values`` has one
    exact sympy number per side (``None`` where a side has no value); ``value`` is the
    common value when the equation holds. ``steps`` and ``latex`` explain it.
    """

    __slots__ = ("__dict__", "_raw", "_reason", "_sides", "base", "holds", "order", "text")

    def __init__(
        self,
        text: str,
        sides: tuple[Side, ...] | None,
        raw: list[Number | None],
        holds: bool,
        reason: str | Callable[[], str] | None,
        base: int,
        order: str,
    ) -> None:
        self.text = text
        self._sides = sides
        self._raw = raw
        self.holds = holds
        # A false equation's reason is written when it is first read: a game's move search
        # checks many false equations and reads none of their reasons.
        self._reason = reason
        self.base = base
        self.order = order

    def __bool__(self) -> bool:
        return self.holds

    @cached_property
    def reason(self) -> str | None:
        """One sentence a pupil can act on when the equation does not hold, in their
        language's words (ΚΑΙ for a Greek pupil); ``None`` when it holds."""
        reason = self._reason
        if callable(reason):
            reason = reason()
        return read_words(reason) if reason else reason

    @property
    def sides(self) -> tuple[Side, ...]:
        """The parsed sides (parsed on first use when the fast path skipped parsing)."""
        if self._sides is None:
            self._sides = parse(self.text, base=self.base)
        return self._sides

    def __repr__(self) -> str:
        if self.holds:
            # The checker's own exact value, written as sympy writes it ("3/4"): a repr
            # never imports sympy (3 s in the browser, on every lesson's first check).
            shown = f"{self._raw[0]}"
            if self.base == 2:
                shown += f" (binary {format_number(self._raw[0] or 0, 2)})"
            return f"Verdict({self.text!r}, holds=True, value={shown})"
        return f"Verdict({self.text!r}, holds=False, reason={self.reason!r})"

    @property
    def exact_values(self) -> tuple[Number | None, ...]:
        """One value per side in the checker's own exact numbers (``None`` where a side
        has no value): comparable, and quick — no sympy, which takes seconds to import
        in the browser."""
        return tuple(self._raw)

    @cached_property
    def values(self) -> tuple[Any, ...]:
        """One exact sympy number per side, ``None`` where a side cannot be evaluated."""
        return tuple(None if v is None else to_sympy_number(v) for v in self._raw)

    @cached_property
    def value(self) -> Any:
        """The common exact value of all sides when the equation holds, else ``None``."""
        return self.values[0] if self.holds else None

    @property
    def canonical(self) -> str:
        """The equation written the canonical way (``8x15=120``, ``101 AND 1 = 1``)."""
        joiner = " = " if self.base == 2 else "="
        return joiner.join(str(side) for side in self.sides)

    @cached_property
    def trees(self) -> tuple[Node, ...]:
        """The full tree of every side, each node with its value."""
        return tuple(build_tree(side, self.order) for side in self.sides)

    @cached_property
    def steps(self) -> str:
        """The evaluation step by step, one line per operation, and the conclusion."""
        lines: list[str] = []
        count = len(self.sides)
        for index, tree in enumerate(self.trees):
            lines.append(_side_name(index, count).capitalize() + ": " + tree.plain())
            done: dict[int, Number] = {}
            for leaf in negated_leaves(tree):
                assert leaf.value is not None
                done[id(leaf)] = leaf.value
                lines.append(f"  {leaf.plain()} = {format_number(leaf.value, self.base)}")
            for operation in operations(tree):
                if operation.value is None:
                    if operation.failure:
                        lines.append("  " + operation.failure + ": " + _("this side has no value"))
                    break
                done[id(operation)] = operation.value
                left_value = operation.left.value
                right_value = operation.right.value
                assert left_value is not None and right_value is not None
                done_text = (
                    f"{format_number(left_value, self.base)} {operation.symbol} "
                    f"{format_number(right_value, self.base)} = "
                    f"{format_number(operation.value, self.base)}"
                )
                rest = render_with(tree, done)
                if rest == format_number(operation.value, self.base):
                    lines.append("  " + done_text)
                else:
                    lines.append(
                        "  "
                        + _("{operation}, so it becomes {rest}").format(
                            operation=done_text, rest=rest
                        )
                    )
        if self.holds:
            first = self._raw[0]
            assert first is not None
            template = (
                _("Both sides are {value}, so {text} holds.")
                if count == 2
                else _("Every side is {value}, so {text} holds.")
            )
            lines.append(
                template.format(value=format_number(first, self.base), text=self.canonical)
            )
        else:
            lines.append(
                _("{reason}, so {text} does not hold.").format(
                    reason=_capitalize(self.reason or ""), text=self.canonical
                )
            )
        return read_words("\n".join(lines))

    @cached_property
    def latex(self) -> str:
        """The equation as LaTeX, built from the trees through sympy."""
        from mathplay.expr.latex import tree_to_latex

        return " = ".join(tree_to_latex(tree) for tree in self.trees)

    def _repr_markdown_(self) -> str:
        if self.holds:
            count = len(self._raw)
            head = (
                _("✅ True: **{text}** is true, both sides are {value}.")
                if count == 2
                else _("✅ True: **{text}** is true, all {n} sides are {value}.")
            ).format(
                text=_escape(read_words(self.canonical)),
                value=format_number(self._raw[0] or 0, self.base),
                n=count,
            )
        else:
            head = _("❌ Not true: **{text}** is not true, because {reason}.").format(
                text=_escape(read_words(self.canonical)), reason=_escape(self.reason or "")
            )
        body = "\n".join("    " + line for line in self.steps.splitlines())
        return f"{head}\n\n{body}\n"


def _escape(text: str) -> str:
    return "".join("\\" + ch if ch in "\\`*_[]<>#|" else ch for ch in text)


def _capitalize(text: str) -> str:
    return text[:1].upper() + text[1:]


def _side_name(index: int, count: int) -> str:
    if count == 2:
        return _("left side") if index == 0 else _("right side")
    return _("side {number}").format(number=index + 1)


def _mismatch_reason(
    names: Sequence[str], numbers: Sequence[bool], raw: list[Number], base: int
) -> str:
    """Why the sides differ; ``names`` are the sides as written, ``numbers`` which are bare."""
    first = raw[0]
    other = next(i for i, value in enumerate(raw) if value != first)
    a, b = names[0], names[other]
    va, vb = format_number(first, base), format_number(raw[other], base)
    if numbers[0] and numbers[other]:
        return _("{a} is not {b}").format(a=a, b=b)
    if numbers[other]:
        return _("{side} is {value}, not {target}").format(side=a, value=va, target=vb)
    if numbers[0]:
        return _("{side} is {value}, not {target}").format(side=b, value=vb, target=va)
    return _("{a} is {va}, but {b} is {vb}").format(a=a, va=va, b=b, vb=vb)


def _evaluate_all(
    items: Sequence[T], evaluate_one: Callable[[T, str], Number], order: str
) -> tuple[list[Number | None], str | None]:
    """Every side's value (``None`` where it has none) and the first failure's reason."""
    raw: list[Number | None] = []
    failure: str | None = None
    for item in items:
        try:
            raw.append(evaluate_one(item, order))
        except EvaluationFailure as problem:
            raw.append(None)
            if failure is None:
                failure = problem.reason
    return raw, failure


def check(text: str, *, base: int = 10, order: str = "math") -> Verdict:
    """Check an equation: two or more expressions joined by ``=``.

    A false but well-formed equation gives a verdict with ``holds=False`` and a reason;
    text that is not an equation raises :class:`~mathplay.ExpressionError`.
    """
    _check_options(base, order)
    plain = plain_decimal_sides(text) if base == 10 else None
    names: list[str] | None = None
    sides: tuple[Side, ...] | None = None
    if plain is not None:
        # Fast path for plainly written decimal equations; the sides are parsed later,
        # only if an explanation needs them.
        raw, failure = _evaluate_all(plain, evaluate_plain, order)
        names = plain
    elif base == 2 and (bits := plain_binary_sides(text)) is not None:
        # The same for binary, as long as every value on the way is a whole number >= 0.
        try:
            raw = [evaluate_plain_bits(compact, order) for compact in bits]
        except NotPlain:
            bits = None
        else:
            failure, names = None, bits  # written out below, if the equation is false
    if names is None:
        sides = parse(text, base=base)
        if len(sides) < 2:
            raise ExpressionError(
                _("'{text}' has no '=': an equation needs two sides, like 3+4=7").format(
                    text=text.strip()
                ),
                text=text,
                position=len(text),
            )
        raw, failure = _evaluate_all(sides, evaluate_side, order)
    if failure is not None:
        return Verdict(text, sides, raw, False, failure, base, order)
    first = raw[0]
    if all(value == first for value in raw):
        return Verdict(text, sides, raw, True, None, base, order)
    if names is not None:
        numbers = [part.isdigit() for part in names]
        if base == 2:
            names = [binary_side_name(name) for name in names]
    else:
        assert sides is not None
        names, numbers = [str(side) for side in sides], [side.is_number for side in sides]
    return Verdict(
        text,
        sides,
        raw,
        False,
        lambda: _mismatch_reason(names, numbers, raw, base),  # type: ignore[arg-type]
        base,
        order,
    )


def evaluate(text: str, *, base: int = 10, order: str = "math") -> Any:
    """The exact value (a sympy ``Integer`` or ``Rational``) of one expression.

    Raises :class:`~mathplay.ExpressionError` for malformed text, for an ``=`` in it, and
    for an expression with no value (``1:0``).
    """
    _check_options(base, order)
    sides = parse(text, base=base)
    if len(sides) > 1:
        position = text.find("=")
        raise ExpressionError(
            _(
                "'=' at position {position}: evaluate() takes one expression; use check() "
                "for an equation"
            ).format(position=position + 1),
            text=text,
            position=position,
        )
    try:
        return to_sympy_number(evaluate_side(sides[0], order))
    except EvaluationFailure as problem:
        raise ExpressionError(problem.reason, text=text) from None
