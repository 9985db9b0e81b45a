"""The ``target`` kind: reach the target number with the tiles and the operations given.

Its fields, reading, checking, hints and diagnoses, its generator's levels and how a
puzzle of each level is drawn.
"""

from __future__ import annotations

import functools
import itertools
import random
import re
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from mathplay.errors import ExpressionError
from mathplay.expr import EvaluationFailure, check, parse
from mathplay.expr.arithmetic import Number, apply_operator, reduce_side
from mathplay.expr.parser import render_operation
from mathplay.i18n import N_, _, _n
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
from mathplay.puzzles.kinds.drawing import NAMES, Plan, Retry
from mathplay.puzzles.kinds.mistakes import mistake
from mathplay.puzzles.kinds.numbers import number as _number
from mathplay.puzzles.kinds.reveal import say
from mathplay.puzzles.model import Puzzle

__all__ = ["MAX_TILES", "Target"]

MAX_TILES = 6
#: The most digits a number in a puzzle may have (a student's answer has at most 64).


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
    title: ClassVar[str] = N_("Reach the target")
    levels: ClassVar[dict[int, str]] = {
        1: N_("base 10, 3 tiles from 1 to 9, + and -, a target from 1 to 27 that needs every tile"),
        2: N_("base 10, 3 tiles from 1 to 10, + - x, a target from 1 to 100 that needs every tile"),
        3: N_(
            "base 10, 4 tiles from 1 to 10, + - x :, a target from 1 to 100 that needs every tile"
        ),
        4: N_(
            "base 2, 3 tiles of up to 3 bits, + - x, a target of up to 6 bits that needs every tile"
        ),
    }
    level_hints: ClassVar[dict[int, tuple[str, ...]]] = {
        1: (
            N_("You need every tile. Start with the biggest one."),
            N_("Add all the tiles and see how far you are from the target."),
        ),
        2: (
            N_("You need every tile. Is the target more than all the tiles added up? Then use x."),
            N_("Try multiplying two tiles, then add or take away the third."),
        ),
        3: (
            N_("You need every tile, and x and : are worked out before + and -."),
            N_(
                "Look for two tiles that multiply to near the target; "
                "use the others to close the gap."
            ),
        ),
        4: (
            N_("The tiles and the target are in binary: 11 is three, 110 is six."),
            N_("Change everything to decimal, find a way, then write it with the binary tiles."),
        ),
    }
    fields: ClassVar[dict[str, Field]] = {
        "tiles": Field("text", required=True, example='"2 3 7"'),
        "target": Field("text", required=True, example="23"),
        "base": BASE_FIELD,
        "order": ORDER_FIELD,
        "operations": Field("list", example='["+", "x"]'),
        "use_all": Field("bool", example="true"),
    }
    default_prompt = N_("Use the tiles to make the target number.")
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

    def draw(self, rng: random.Random, level: int, plan: Plan) -> dict[str, Any]:
        return draw(rng, level, plan)


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
            [NAMES[o] for o in ops],
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


def draw(rng: random.Random, level: int, plan: Plan) -> dict[str, Any]:
    count, top, ops, base, most = _TARGETS[level]
    tiles = [rng.randint(1, top) for _ in range(count)]
    order = rng.sample(tiles, count)
    value = _value(order, [rng.choice(ops) for _ in order[1:]], base)
    if value is None or value != int(value) or not 1 <= value <= most:
        raise Retry
    if value in _without_all(tuple(sorted(tiles)), tuple(ops), base):
        raise Retry  # some tiles are enough: the puzzle would not need them all
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
