"""Kinds about numbers: ``target``, ``convert`` and ``bitwise``.

>>> from mathplay.puzzles.format import Puzzle
>>> p = Puzzle("t", "target", fields={"tiles": "2 3 7", "target": 23})
>>> Target().check(p, "3 x 7 + 2").right
True
>>> q = Puzzle("c", "convert", fields={"number": 13, "to": "binary"})
>>> print(Convert().check(q, "1100").message)
1100 in binary is 8 + 4 = 12, not 13. Check the bit worth 1: the rightmost column.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, ClassVar

from mathplay.errors import ExpressionError
from mathplay.expr import EvaluationFailure, check, parse, tokenize
from mathplay.expr.arithmetic import Number, apply_operator, evaluate_side, reduce_side
from mathplay.expr.parser import render_operation
from mathplay.expr.tree import BinOp, Leaf
from mathplay.i18n import _, _n
from mathplay.puzzles.format import Puzzle
from mathplay.puzzles.kinds.base import (
    BASE_FIELD,
    ORDER_FIELD,
    Budget,
    Field,
    Kind,
    KindError,
    Result,
    operator_name,
    read_base,
    read_order,
    symbol,
)
from mathplay.puzzles.kinds.diagnose import column_name, wrong_bits, wrong_operation
from mathplay.puzzles.kinds.hints import BIT_RULES, bit_hints, convert_hints, place_values
from mathplay.puzzles.kinds.mistakes import mistake
from mathplay.puzzles.kinds.reveal import Secret, safe_parts, say

__all__ = ["Bitwise", "Convert", "Target", "place_values"]

MAX_TILES = 6
#: The most digits a number in a puzzle may have (a student's answer has at most 64).
MAX_DIGITS = 64


def _shown(text: str) -> str:
    """Text to quote in a message: long text cut short."""
    return text if len(text) <= 40 else text[:37] + "…"


def _number(text: str, base: int, key: str) -> int:
    digits = re.sub(r"\s+", "", text)
    allowed = "01" if base == 2 else "0123456789"
    if not digits or any(ch not in allowed for ch in digits):
        kind = _("a binary number (only 0 and 1)") if base == 2 else _("a whole number")
        raise KindError(
            key,
            _("{key} must be {kind}, not '{text}'").format(key=key, kind=kind, text=_shown(text)),
        )
    if len(digits.lstrip("0")) > MAX_DIGITS:
        raise KindError(
            key,
            _("{key} has {n} digits; a number in a puzzle has at most {most}").format(
                key=key, n=len(digits.lstrip("0")), most=MAX_DIGITS
            ),
        )
    return int(digits, base)


@dataclass(frozen=True)
class _Target:
    tiles: tuple[str, ...]
    target: int
    base: int
    order: str
    ops: tuple[str, ...]
    use_all: bool

    def expressions(self) -> Iterator[tuple[list[str], list[str]]]:
        values = list(range(len(self.tiles)))
        smallest = len(values) if self.use_all else 1
        for size in range(smallest, len(values) + 1):
            for chosen in itertools.permutations(values, size):
                items = [self.tiles[i] for i in chosen]
                for ops in itertools.product(self.ops, repeat=size - 1):
                    yield items, list(ops)


class Target(Kind):
    name = "target"
    fields: ClassVar[dict[str, Field]] = {
        "tiles": Field("text", required=True, example='"2 3 7"'),
        "target": Field("text", required=True, example="23"),
        "base": BASE_FIELD,
        "order": ORDER_FIELD,
        "operations": Field("list", example='["+", "x"]'),
        "use_all": Field("bool", example="true"),
    }
    default_prompt = "Use the tiles to make the target number."
    supports_unique = False

    def read(self, puzzle: Puzzle) -> _Target:
        data = self.read_fields(puzzle)
        base = read_base(data)
        tiles = data["tiles"].replace(",", " ").split()
        if not 1 <= len(tiles) <= MAX_TILES:
            raise KindError(
                "tiles",
                _('give 1 to {n} tiles, separated by spaces, like tiles = "2 3 7"').format(
                    n=MAX_TILES
                ),
            )
        cleaned = tuple(format(_number(t, base, "tiles"), "b" if base == 2 else "d") for t in tiles)
        default = ["+", "-", "x", ":"] if base == 10 else ["+", "-", "x", "/"]
        ops = []
        for text in data.get("operations", default):
            op = operator_name(text)
            if op is None or op == "NOT":
                raise KindError(
                    "operations",
                    _("'{op}' is not an operation: use + - x : AND OR XOR").format(op=text),
                )
            if op not in ops:
                ops.append(op)
        return _Target(
            cleaned,
            _number(data["target"], base, "target"),
            base,
            read_order(data),
            tuple(ops),
            bool(data.get("use_all", False)),
        )

    def question(self, puzzle: Puzzle) -> str:
        spec = self.read(puzzle)
        shown = format(spec.target, "b" if spec.base == 2 else "d")
        return _("tiles {tiles} → {target}").format(tiles="  ".join(spec.tiles), target=shown)

    def solutions(self, puzzle: Puzzle, limit: int = 2) -> list[str]:
        spec = self.read(puzzle)
        budget = Budget("tiles", _("use fewer tiles, or fewer operations"))
        found = []
        for items, ops in spec.expressions():
            budget.spend()
            values: list[Number] = [int(item, spec.base) for item in items]
            try:
                value = reduce_side(
                    values, ops, spec.order, lambda a, op, b: apply_operator(op, a, b, spec.base)
                )
            except EvaluationFailure:
                continue
            if value == spec.target:
                found.append(render_operation(items, ops, spec.base))
                if len(found) >= limit:
                    break
        return found

    def judge(self, puzzle: Puzzle, answer: str) -> Result:
        spec = self.read(puzzle)
        target = format(spec.target, "b" if spec.base == 2 else "d")
        text = answer.strip()
        if "=" in text:
            text, _sep, right = text.partition("=")
            if re.sub(r"\s+", "", right) != target:
                return Result(
                    False,
                    _("Make {t}: write the tiles and operations, like 3 x 7 + 2").format(t=target),
                    answer,
                    False,
                )
        try:
            sides = parse(text, base=spec.base)
        except ExpressionError as error:
            return Result(False, _("I can't read that: {e}.").format(e=error), answer, False)
        side = sides[0]
        shown = str(side)
        if any(operand.negated for operand in side.operands):
            return Result(False, _("NOT is not one of the operations here."), shown, False)
        allowed = " ".join(symbol(op, spec.base) for op in spec.ops)
        if any(op not in spec.ops for op in side.operators):
            return Result(
                False, _("Use only these operations: {ops}.").format(ops=allowed), shown, False
            )
        have = Counter(spec.tiles)
        used = Counter(operand.digits for operand in side.operands)
        tiles = ", ".join(spec.tiles)
        for number, count in used.items():
            if number not in have:
                return Result(
                    False,
                    _(
                        "{n} is not one of your tiles ({tiles}). Each tile is one "
                        "number: tiles cannot be put side by side."
                    ).format(n=number, tiles=tiles),
                    shown,
                )
            if count > have[number]:
                used_text = _n("You used {n} once", "You used {n} {count} times", count)
                have_text = _n(
                    "but you have only one tile {n}.",
                    "but you have only {have} tiles {n}.",
                    have[number],
                )
                return Result(
                    False,
                    (used_text + ", " + have_text).format(n=number, count=count, have=have[number]),
                    shown,
                )
        if spec.use_all and used != have:
            left = ", ".join(sorted((have - used).elements()))
            return Result(
                False, _("Use all the tiles: {left} is left over.").format(left=left), shown
            )
        verdict = check(f"{text} = {target}", base=spec.base, order=spec.order)
        if verdict.holds:
            return Result(True, _("Right! {eq} is true.").format(eq=say(verdict.canonical)), shown)
        return Result(
            False,
            _("Not quite: {why}.").format(why=say(verdict.reason or "")),
            shown,
            mistake="target",
        )

    def mistake(self, puzzle: Puzzle, answer: str, result: Result) -> str:
        """A wrong value is a "target" mistake; a rule about the tiles (one not in the
        hand, one used twice, one left over) is said as it is: it is about the pupil's
        own expression and the tiles the puzzle shows."""
        return mistake("target") if result.mistake == "target" else result.message

    def answers_in(self, puzzle: Puzzle, text: str, allowed: tuple[str, ...] = ()) -> str | None:
        """A right expression written in ``text`` (runs of numbers and signs are tried)."""
        self.read(puzzle)
        given = {re.sub(r"\s+", "", item) for item in allowed}
        for match in re.finditer(r"[0-9][0-9\s+\-−x×*:÷/]*[0-9]", text):
            run = match.group(0).strip()
            if re.sub(r"\s+", "", run) in given or not re.search(r"[+\-−x×*:÷/]", run):
                continue
            try:
                if self.judge(puzzle, run).right:
                    return run
            except (KindError, ExpressionError):
                continue
        return None

    def auto_hints(self, puzzle: Puzzle) -> list[str]:
        spec = self.read(puzzle)
        target = format(spec.target, "b" if spec.base == 2 else "d")
        hints = [
            _("Which tiles together come close to {t}? Start with the biggest tile.").format(
                t=target
            )
        ]
        if "MUL" in spec.ops:
            hints.append(_("Try multiplying two tiles first, then use + or − with another tile."))
        else:
            hints.append(_("Try adding two tiles first, then add or take away another tile."))
        return [hint for hint in hints if not self.answers_in(puzzle, hint)]

    def explain(self, puzzle: Puzzle) -> str:
        spec = self.read(puzzle)
        found = [puzzle.answer] if puzzle.answer else self.solutions(puzzle, 1)
        if not found:
            return _("No way of using these tiles makes the target.")
        target = format(spec.target, "b" if spec.base == 2 else "d")
        expression = found[0].partition("=")[0]
        verdict = check(f"{expression} = {target}", base=spec.base, order=spec.order)
        return _("One way:") + "\n" + say(str(verdict.steps))


class Convert(Kind):
    name = "convert"
    fields: ClassVar[dict[str, Field]] = {
        "number": Field("text", required=True, example="13"),
        "to": Field("text", required=True, choices=("binary", "decimal"), example='"binary"'),
    }
    default_prompt = "Write this number in the other base."

    def read(self, puzzle: Puzzle) -> tuple[int, str]:
        data = self.read_fields(puzzle)
        to = data["to"]
        value = _number(data["number"], 10 if to == "binary" else 2, "number")
        if value.bit_length() > MAX_DIGITS:
            raise KindError(
                "number",
                _(
                    "{n} has {b} binary digits, and an answer can have at most {most}: "
                    "use a smaller number"
                ).format(n=_shown(str(data["number"])), b=value.bit_length(), most=MAX_DIGITS),
            )
        return value, to

    def question(self, puzzle: Puzzle) -> str:
        value, to = self.read(puzzle)
        if to == "binary":
            return _("{n} in binary = ?").format(n=value)
        return _("binary {n} in decimal = ?").format(n=format(value, "b"))

    def solutions(self, puzzle: Puzzle, limit: int = 2) -> list[str]:
        value, to = self.read(puzzle)
        return [format(value, "b") if to == "binary" else str(value)]

    def judge(self, puzzle: Puzzle, answer: str) -> Result:
        value, to = self.read(puzzle)
        text = re.sub(r"[\s_]+", "", answer)
        if len(text) > 64:
            return Result(False, _("That number is too long: check it again."), answer, False)
        if to == "binary":
            if not text or any(ch not in "01" for ch in text):
                return Result(
                    False, _("Write a binary number: use only the digits 0 and 1."), answer, False
                )
            given = int(text, 2)
            shown = format(given, "b")
            if given == value:
                return Result(
                    True,
                    _("Right! {n} is {b} in binary: {parts}.").format(
                        n=value, b=shown, parts=place_values(value)
                    ),
                    shown,
                )
            sum_text = place_values(given)
            parts = [
                (
                    _("{b} in binary is {parts} = {g}, not {n}.")
                    if "+" in sum_text
                    else _("{b} in binary is {g}, not {n}.")
                ).format(b=text, parts=sum_text, g=given, n=value)
            ]
            if int(shown[::-1], 2) == value:
                parts.append(
                    _(
                        "Did you write the bits the wrong way round? The biggest place value "
                        "is on the left."
                    )
                )
            else:
                parts.append(self._column(given, value))
            kept = safe_parts(parts, self.secrets(puzzle), (self.question(puzzle), text))
            return Result(False, " ".join(kept), shown)
        if not (text.isascii() and text.isdigit()):  # "²" is a digit to isdigit, not to int
            return Result(False, _("Write a whole number, like 13."), answer, False)
        given = int(text)
        binary = format(value, "b")
        if given == value:
            return Result(
                True,
                _("Right! {b} is {parts} = {n}.").format(
                    b=binary, parts=place_values(value), n=value
                ),
                str(given),
            )
        parts = [
            _("{g} in binary is {gb}, not {b}.").format(g=given, gb=format(given, "b"), b=binary)
        ]
        if given == int(binary[::-1], 2):
            parts.append(_("You read the bits from the wrong end: the rightmost bit is worth 1."))
        elif str(given) == binary:
            parts.append(
                _("{b} is binary: its bits are worth {places}.").format(
                    b=binary,
                    places=", ".join(str(1 << i) for i in range(len(binary) - 1, -1, -1)),
                )
            )
        else:
            parts.append(self._column(given, value))
        kept = safe_parts(parts, self.secrets(puzzle), (self.question(puzzle), text))
        if not kept:
            kept = [
                _("{g} is not right: binary {b} is more than {g}.")
                if value > given
                else _("{g} is not right: binary {b} is less than {g}.")
            ]
            kept = [kept[0].format(b=binary, g=given)]
        return Result(False, " ".join(kept), str(given))

    def mistake(self, puzzle: Puzzle, answer: str, result: Result) -> str:
        """Bits the wrong way round, binary read as decimal, or a different value."""
        value, to = self.read(puzzle)
        text = re.sub(r"[\s_]+", "", answer)
        binary = format(value, "b")
        if to == "binary":
            reversed_ = text and set(text) <= {"0", "1"} and int(text[::-1], 2) == value
            return mistake("bit-order" if reversed_ else "binary-value")
        if not text.isdigit():
            return mistake("wrong")
        if int(text) == int(binary[::-1], 2):
            return mistake("read-order")
        if text == binary:
            return mistake("binary-as-decimal")
        return mistake("decimal-value")

    @staticmethod
    def _column(given: int, value: int) -> str:
        """Which bit to look at first, by its place value."""
        first = ((given ^ value) & -(given ^ value)).bit_length()
        return _("Check the bit worth {p}: {column}.").format(
            p=1 << (first - 1), column=column_name(first, 2)
        )

    def secrets(self, puzzle: Puzzle) -> list[Secret]:
        value, to = self.read(puzzle)
        return [Secret(format(value, "b"), 2) if to == "binary" else Secret(str(value), 10)]

    def auto_hints(self, puzzle: Puzzle) -> list[str]:
        value, to = self.read(puzzle)
        return safe_parts(convert_hints(value, to), self.secrets(puzzle), (self.question(puzzle),))

    def explain(self, puzzle: Puzzle) -> str:
        value, _to = self.read(puzzle)
        binary = format(value, "b")
        columns = " + ".join(
            f"{digit}×{1 << (len(binary) - 1 - i)}" for i, digit in enumerate(binary)
        )
        return _("{n} = {parts}\n{b} = {columns} = {n}").format(
            n=value, parts=place_values(value), b=binary, columns=columns
        )


_BITWISE_OPS = {"AND": "AND", "OR": "OR", "XOR": "XOR"}


class Bitwise(Kind):
    name = "bitwise"
    fields: ClassVar[dict[str, Field]] = {
        "expression": Field("text", required=True, example='"1011 AND 0110"'),
        "order": ORDER_FIELD,
    }
    default_prompt = "Work it out bit by bit. Write the answer in binary."

    def read(self, puzzle: Puzzle) -> tuple[str, str, int, list[Any]]:
        """The expression as written, without leading zeros, its value, and its tokens."""
        data = self.read_fields(puzzle)
        written = data["expression"]
        try:
            tokens = tokenize(written)
            parts, after_not = [], False
            for token in tokens:
                if token.kind == "num" and any(ch not in "01" for ch in token.text):
                    raise KindError(
                        "expression",
                        _(
                            "the expression is written in binary, but '{n}' has digits other "
                            "than 0 and 1"
                        ).format(n=_shown(token.text)),
                    )
                if token.kind == "num":
                    parts.append(token.text if after_not else format(int(token.text, 2), "b"))
                elif token.kind == "op":
                    parts.append(
                        token.text
                        if token.text in _BITWISE_OPS or token.text == "NOT"
                        else symbol(token.text, 2)
                    )
                else:
                    raise KindError(
                        "expression", _("write the expression without = and without its answer")
                    )
                after_not = token.kind == "op" and token.text == "NOT"
            plain = " ".join(parts)
            value = int(evaluate_side(parse(plain, base=2)[0], read_order(data)))
        except ExpressionError as error:
            raise KindError(
                "expression", _("the expression cannot be read: {e}").format(e=error)
            ) from None
        except EvaluationFailure as failure:
            raise KindError(
                "expression", _("the expression has no value: {e}").format(e=failure.reason)
            ) from None
        return written, plain, value, tokens

    def question(self, puzzle: Puzzle) -> str:
        return self.read(puzzle)[0] + " = ?"

    def solutions(self, puzzle: Puzzle, limit: int = 2) -> list[str]:
        return [format(self.read(puzzle)[2], "b")]

    def judge(self, puzzle: Puzzle, answer: str) -> Result:
        written, plain, value, _tokens = self.read(puzzle)
        text = re.sub(r"\s+", "", answer)
        if not text or any(ch not in "01" for ch in text):
            return Result(False, _("Write the answer in binary: use only 0 and 1."), answer, False)
        if len(text) > MAX_DIGITS:
            return Result(False, _("That number is too long: check it again."), answer, False)
        given = int(text, 2)
        shown = format(given, "b")
        if given == value:
            return Result(True, _("Right! {e} = {v}.").format(e=say(written), v=text), shown)
        tree = self._tree(puzzle, plain)
        parts = [_("{e} is not {g}.").format(e=say(written), g=text)]
        other = wrong_operation(tree, given, 2) if tree is not None else None
        if other and isinstance(tree, BinOp) and tree.op in BIT_RULES:
            parts.append(other + " " + _(BIT_RULES[tree.op]))
        else:
            parts.append(wrong_bits(tree, given, value) or "")
        kept = safe_parts(parts, self.secrets(puzzle), (self.question(puzzle), text))
        return Result(False, " ".join(kept), shown)

    def mistake(self, puzzle: Puzzle, answer: str, result: Result) -> str:
        """A NOT, a different rule of the operation, or some bits."""
        _written, plain, _value, tokens = self.read(puzzle)
        if tokens and tokens[0].kind == "op" and tokens[0].text == "NOT" and len(tokens) == 2:
            return mistake("not")
        text = re.sub(r"\s+", "", answer)
        tree = self._tree(puzzle, plain)
        readable = bool(text) and set(text) <= {"0", "1"}
        if tree is not None and readable and wrong_operation(tree, int(text, 2), 2):
            return mistake("bit-rule")
        return mistake("bits")

    def _tree(self, puzzle: Puzzle, plain: str) -> Any:
        order = read_order(self.read_fields(puzzle))
        try:
            return check(f"{plain} = 0", base=2, order=order).trees[0]
        except ExpressionError:
            return None

    def secrets(self, puzzle: Puzzle) -> list[Secret]:
        return [Secret(format(self.read(puzzle)[2], "b"), 2)]

    def auto_hints(self, puzzle: Puzzle) -> list[str]:
        _written, plain, _value, tokens = self.read(puzzle)
        tree = self._tree(puzzle, plain)
        numbers = [t.text for t in tokens if t.kind == "num"]
        ops = [t.text for t in tokens if t.kind == "op"]
        if isinstance(tree, BinOp) and len(numbers) == 2 and len(ops) == 1 and ops[0] in BIT_RULES:
            width = max(len(n) for n in numbers)
            hints = bit_hints(numbers[0].rjust(width, "0"), numbers[1].rjust(width, "0"), ops[0])
        elif isinstance(tree, Leaf) and tree.operand.negated:
            hints = [
                _("NOT turns every bit around: 0 becomes 1 and 1 becomes 0."),
                _("Keep every bit you see, also the 0s on the left: {d} has {n} bits.").format(
                    d=numbers[0], n=len(numbers[0])
                ),
            ]
        else:
            hints = [
                _("Work out one operation at a time: NOT first, then AND, then XOR, then OR."),
                _("Line up the bits on the right and go column by column."),
            ]
        return safe_parts(hints, self.secrets(puzzle), (self.question(puzzle),))

    def explain(self, puzzle: Puzzle) -> str:
        _written, plain, value, tokens = self.read(puzzle)
        numbers = [t.text for t in tokens if t.kind == "num"]
        ops = [t.text for t in tokens if t.kind == "op"]
        lines = []
        if len(numbers) == 2 and len(ops) == 1 and ops[0] in _BITWISE_OPS:
            width = max(len(numbers[0]), len(numbers[1]), value.bit_length())
            lines = [
                " " * (len(ops[0]) + 1) + numbers[0].rjust(width, "0"),
                ops[0] + " " + numbers[1].rjust(width, "0"),
                " " * (len(ops[0]) + 1) + "-" * width,
                " " * (len(ops[0]) + 1) + format(value, "b").rjust(width, "0"),
            ]
        order = read_order(self.read_fields(puzzle))
        verdict = check(f"{plain} = {format(value, 'b')}", base=2, order=order)
        return "\n".join([*lines, say(str(verdict.steps))])
