"""Generate puzzle sets of every kind at documented levels; every puzzle passes the checks.

``LEVELS[kind][level]`` says what a level means (number sizes, operations, steps, base).
The same kind, level, count and seed always give the same set.

>>> sheet = generate("missing", 1, 3, seed=1)
>>> len(sheet.puzzles), sheet.puzzles[0].id
(3, 'missing-1-01')
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from mathplay.errors import MathplayError
from mathplay.i18n import _
from mathplay.puzzles.format import Puzzle, Worksheet
from mathplay.puzzles.kinds import KINDS
from mathplay.puzzles.validate import validate_puzzle

__all__ = ["LEVELS", "GenerateError", "generate"]

LEVELS: dict[str, dict[int, str]] = {
    "missing": {
        1: "base 10, + and - with numbers up to 10, one number missing",
        2: "base 10, + and - with numbers up to 100, one number missing",
        3: "base 10, x and : (times tables up to 10 x 10), one number missing",
        4: "base 10, two operations (order of operations), numbers up to 12",
        5: "base 2, + - AND OR on numbers of up to 4 bits, one digit missing",
    },
    "true-or-false": {
        1: "base 10, + and - up to 20",
        2: "base 10, x and : (times tables up to 10 x 10)",
        3: "base 10, order of operations (+ or - with x), with a reason to pick",
        4: "base 2, + and - on numbers of up to 4 bits",
        5: "base 2, AND OR XOR on 4-bit numbers",
    },
    "which-operation": {
        1: "base 10, + or - with numbers up to 20",
        2: "base 10, + - x : with numbers up to 12",
        3: "base 10, two operations to find, numbers up to 9",
        4: "base 2, AND OR XOR on numbers of 3 to 4 bits",
    },
    "target": {
        1: "base 10, 3 tiles from 1 to 9, + and -",
        2: "base 10, 3 tiles from 1 to 10, + - x",
        3: "base 10, 4 tiles from 1 to 10, + - x :",
        4: "base 2, 3 tiles of up to 3 bits, + - x",
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


class GenerateError(MathplayError, ValueError):
    """A kind or level the generator does not have."""


def _b(value: int, width: int = 0) -> str:
    return format(value, "b").rjust(width, "0")


def _missing(rng: random.Random, level: int) -> dict[str, Any]:
    if level == 5:
        op = rng.choice(["+", "-", "AND", "OR"])
        a, b = rng.randint(4, 15), rng.randint(1, 7)
        if op == "-" and b > a:
            a, b = b, a
        c = {"+": a + b, "-": a - b, "AND": a & b, "OR": a | b}[op]
        left = _b(a)
        spot = rng.randrange(1, len(left)) if len(left) > 1 else 0
        left = left[:spot] + "_" + left[spot + 1 :]
        return {"equation": f"{left} {op} {_b(b)} = {_b(c)}", "base": 2}
    if level == 4:
        a, b, c = rng.randint(1, 12), rng.randint(1, 12), rng.randint(1, 12)
        first, second = rng.choice(["+", "-"]), rng.choice(["x", ":"])
        if second == ":":
            b = b * c  # a whole quotient
        part = b * c if second == "x" else b // c
        if first == "-" and a < part:
            a = part + rng.randint(0, 10)
        total = a + part if first == "+" else a - part
        numbers = [str(a), str(b), str(c)]
        numbers[rng.randrange(3)] = "_"
        return {"equation": f"{numbers[0]} {first} {numbers[1]} {second} {numbers[2]} = {total}"}
    parts: list[Any]
    if level == 3:
        a, b = rng.randint(1, 10), rng.randint(1, 10)
        parts = [str(a), "x", str(b), a * b] if rng.random() < 0.5 else [str(a * b), ":", str(b), a]
    else:
        top = 10 if level == 1 else 100
        a, b = rng.randint(0, top), rng.randint(0, top)
        if rng.random() < 0.5:
            parts = [str(a), "+", str(b), a + b]
        else:
            a, b = max(a, b), min(a, b)
            parts = [str(a), "-", str(b), a - b]
    numbers = [parts[0], parts[2], str(parts[3])]
    numbers[rng.randrange(3)] = "_"
    return {"equation": f"{numbers[0]} {parts[1]} {numbers[1]} = {numbers[2]}"}


def _true_or_false(rng: random.Random, level: int) -> dict[str, Any]:
    true = rng.random() < 0.5
    if level == 3:
        a, b, c = rng.randint(2, 9), rng.randint(2, 9), rng.randint(2, 9)
        right, wrong = a + b * c, (a + b) * c
        shown = right if true else wrong
        data: dict[str, Any] = {"equation": f"{a} + {b} x {c} = {shown}"}
        if not true:
            data["why"] = [
                f"x comes before +: {b} x {c} = {b * c}, and {a} + {b * c} = {right}",
                f"{a} + {b} = {a + b}, and {a + b} x {c} = {wrong}, so it is true",
            ]
        return data
    if level in (4, 5):
        a, b = rng.randint(1, 15), rng.randint(1, 15)
        op = rng.choice(["+", "-"] if level == 4 else ["AND", "OR", "XOR"])
        if op == "-" and b > a:
            a, b = b, a
        value = {"+": a + b, "-": a - b, "AND": a & b, "OR": a | b, "XOR": a ^ b}[op]
        shown = value if true else value ^ (1 << rng.randrange(3))
        return {"equation": f"{_b(a)} {op} {_b(b)} = {_b(shown)}", "base": 2}
    if level == 2:
        a, b = rng.randint(2, 10), rng.randint(2, 10)
        times = rng.random() < 0.5
        left, value = (f"{a} x {b}", a * b) if times else (f"{a * b} : {b}", a)
    else:
        a, b = rng.randint(1, 20), rng.randint(1, 20)
        a, b = max(a, b), min(a, b)
        op = rng.choice(["+", "-"])
        left, value = (f"{a} + {b}", a + b) if op == "+" else (f"{a} - {b}", a - b)
    shown = value if true else value + rng.choice([-10, -2, -1, 1, 2, 10])
    return {"equation": f"{left} = {max(shown, 0) if true else abs(shown)}"}


def _which_operation(rng: random.Random, level: int) -> dict[str, Any]:
    if level == 4:
        a, b = rng.randint(4, 15), rng.randint(4, 15)
        op = rng.choice(["AND", "OR", "XOR"])
        value = {"AND": a & b, "OR": a | b, "XOR": a ^ b}[op]
        return {
            "equation": f"{_b(a)} _ {_b(b)} = {_b(value)}",
            "base": 2,
            "operations": ["AND", "OR", "XOR"],
        }
    ops = {1: ["+", "-"], 2: ["+", "-", "x", ":"], 3: ["+", "-", "x", ":"]}[level]
    top = {1: 20, 2: 12, 3: 9}[level]
    values = [rng.randint(1, top) for _ in range(3 if level == 3 else 2)]
    chosen = [rng.choice(ops) for _ in range(len(values) - 1)]
    text = " ".join(f"{v} {o}" for v, o in zip(values, [*chosen, ""])).strip()
    from mathplay.expr import check

    verdict = check(f"{text} = 0")
    value = verdict.values[0]
    if value is None or value < 0 or value != int(value):
        raise _Retry
    blanks = " ".join(f"{v} _" for v in values[:-1]) + f" {values[-1]}"
    return {"equation": f"{blanks} = {int(value)}", "operations": ops}


class _Retry(Exception):
    pass


def _target(rng: random.Random, level: int) -> dict[str, Any]:
    count, top, ops, base = {
        1: (3, 9, ["+", "-"], 10),
        2: (3, 10, ["+", "-", "x"], 10),
        3: (4, 10, ["+", "-", "x", ":"], 10),
        4: (3, 7, ["+", "-", "x"], 2),
    }[level]
    tiles = [rng.randint(1, top) for _ in range(count)]
    used = rng.sample(tiles, rng.randint(2, min(3, count)))
    chosen = [rng.choice(ops) for _ in used[1:]]
    from mathplay.expr.arithmetic import Number, apply_operator, reduce_side

    numbers: list[Number] = list(used)
    try:
        names = [{"+": "ADD", "-": "SUB", "x": "MUL", ":": "DIV"}[o] for o in chosen]
        value = reduce_side(numbers, names, "math", lambda a, o, b: apply_operator(o, a, b, base))
    except Exception:
        raise _Retry from None
    if value != int(value) or value < 1 or value in tiles:
        raise _Retry
    fmt = "b" if base == 2 else "d"
    data: dict[str, Any] = {
        "tiles": " ".join(format(t, fmt) for t in tiles),
        "target": format(int(value), fmt),
        "operations": ops,
    }
    if base == 2:
        data["base"] = 2
    return data


def _convert(rng: random.Random, level: int) -> dict[str, Any]:
    low, high = {1: (1, 15), 2: (8, 31), 3: (16, 255), 4: (256, 1023)}[level]
    value = rng.randint(low, high)
    to = {1: "binary", 2: "decimal"}.get(level) or rng.choice(["binary", "decimal"])
    return {"number": str(value) if to == "binary" else _b(value), "to": to}


def _bitwise(rng: random.Random, level: int) -> dict[str, Any]:
    width = rng.randint(6, 8) if level == 3 else 4
    a, b = rng.randrange(1 << width), rng.randrange(1 << width)
    op = {1: "AND", 2: rng.choice(["OR", "XOR"])}.get(level) or rng.choice(["AND", "OR", "XOR"])
    if level == 4:
        return {"expression": f"NOT {_b(a, width)} {op} {_b(b, width)}"}
    return {"expression": f"{_b(a, width)} {op} {_b(b, width)}"}


def _move(rng: random.Random, level: int) -> dict[str, Any]:
    from mathplay.puzzles.kinds.moves import game_class

    name = {4: "mixmath", 5: "binary"}.get(level, "summy")
    cls = game_class(name)
    seed = rng.randrange(10**6)
    game = cls(players=2, seed=seed, size=9) if name == "summy" else cls(players=2, seed=seed)
    # Binary positions with a blank in hand have too many moves to list quickly.
    turns = 1 if name == "binary" else rng.randint(1, 3)
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


_HINTS: dict[str, tuple[str, ...]] = {
    "missing": ("Try a number in the blank, then work out both sides.",),
    "true-or-false": ("Work out the left side first, then compare.",),
    "which-operation": ("Try each sign in turn and work it out.",),
    "target": ("Start with the biggest tile.",),
    "convert": ("In binary the places are worth 1, 2, 4, 8, 16 … from the right.",),
    "bitwise": ("Line the numbers up and work one column at a time.",),
    "move": (),
}

_MAKERS: dict[str, Callable[[random.Random, int], dict[str, Any]]] = {
    "missing": _missing,
    "true-or-false": _true_or_false,
    "which-operation": _which_operation,
    "target": _target,
    "convert": _convert,
    "bitwise": _bitwise,
    "move": _move,
}


def _puzzle(kind: str, level: int, rng: random.Random, number: int) -> Puzzle:
    pid = f"{kind}-{level}-{number:02d}"
    for _attempt in range(200):
        try:
            fields = _MAKERS[kind](rng, level)
        except _Retry:
            continue
        puzzle = Puzzle(pid, kind, fields=fields)
        checker = KINDS[kind]
        if validate_puzzle(puzzle, "<generated>"):
            continue
        solutions = checker.solutions(puzzle, limit=2)
        puzzle.unique = checker.supports_unique and len(solutions) == 1
        if kind in ("missing", "which-operation") and not puzzle.unique:
            continue
        puzzle.answer = solutions[0]
        puzzle.hints = _HINTS[kind]
        if kind == "true-or-false":
            puzzle.answer = solutions[0].partition(":")[0]
        return puzzle
    raise GenerateError(
        _("could not make a {kind} puzzle at level {level}").format(kind=kind, level=level)
    )


def generate(
    kind: str,
    level: int,
    n: int = 10,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
) -> Worksheet:
    """A set of ``n`` puzzles of ``kind`` at ``level``; ``progress(done, n)`` after each."""

    def whole(value: object) -> bool:
        return isinstance(value, int) and not isinstance(value, bool)

    if not isinstance(kind, str) or kind not in LEVELS:
        raise GenerateError(
            _("unknown kind '{kind}': the generator makes {kinds}").format(
                kind=kind, kinds=", ".join(LEVELS)
            )
        )
    if not whole(level) or level not in LEVELS[kind]:
        raise GenerateError(
            _("{kind} puzzles have levels {levels}, not {level}").format(
                kind=kind, levels=", ".join(map(str, LEVELS[kind])), level=level
            )
        )
    if not whole(n) or not 1 <= n <= 1000:
        raise GenerateError(_("make 1 to 1000 puzzles at a time, not {n}").format(n=n))
    if not whole(seed) or abs(seed) > 10**100:
        raise GenerateError(_("the seed is a whole number, not {seed!r}").format(seed=seed))
    rng = random.Random(f"{kind}:{level}:{seed}")
    puzzles = []
    for number in range(1, n + 1):
        puzzles.append(_puzzle(kind, level, rng, number))
        if progress is not None:
            progress(number, n)
    return Worksheet(
        f"{_TITLES[kind]}, level {level}",
        puzzles,
        level,
        f"{LEVELS[kind][level].capitalize()}. Made by: mathplay puzzles generate "
        f"--kind {kind} --level {level} -n {n} --seed {seed}",
    )
