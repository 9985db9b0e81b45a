"""Checking one placement (M4), its score (M5), and why a wrong one is wrong.

>>> from mathplay.games.mixmath.position import build_position, empty_board
>>> pos = build_position(empty_board(), [["5", "3"]], 0, 0, None)
>>> check_placement(pos, Placement((6, 8), "3"), MixmathOptions())
(<Placement I7 3 score=3>, 3)
>>> check_placement(pos, Placement((6, 8), "5"), MixmathOptions())
Traceback (most recent call last):
...
mathplay.errors.IllegalMoveError: 5 at I7: 1+2 is 3, 2−1 is 1, 1×2 is 2, 2÷1 is 2 — none is 5 (M4)
"""

from __future__ import annotations

from mathplay.core import square_name
from mathplay.errors import IllegalMoveError
from mathplay.games.mixmath.equations import direction_values, facts
from mathplay.games.mixmath.movegen import (
    board_values,
    count_equations,
    run_limit,
    runs_at,
    sign_of,
)
from mathplay.games.mixmath.moves import Placement
from mathplay.games.mixmath.position import MixmathPosition, take_from_rack
from mathplay.games.mixmath.rules import SQUARES, START, MixmathOptions, face_value
from mathplay.i18n import N_, _

__all__ = ["check_placement", "describe", "explain"]


def check_placement(
    pos: MixmathPosition, move: Placement, options: MixmathOptions
) -> tuple[Placement, int]:
    """M4, M5: the placement with its score; raises ``IllegalMoveError`` naming the rule
    and showing the arithmetic (in challenge mode a wrong placement passes with n = 0)."""
    square = move.square
    name = square_name(square)
    if square in START:
        raise IllegalMoveError(
            _("{square} is a start square: it holds {number} for good (M1, M4)").format(
                square=name, number=START[square]
            ),
            rule="M4",
        )
    there = pos.board[square]
    if there is not None:
        raise IllegalMoveError(
            _("{square} already holds {token} (M4)").format(square=name, token=there),
            rule="M4",
        )
    take_from_rack(pos.hands[pos.to_move], [move.rack_tile], rule="M4")
    values = board_values(pos.board.cells)
    runs = runs_at(values, square, run_limit(options))
    n = count_equations(runs, square, move.value, options)
    if n == 0 and options.mode == "strict":
        raise IllegalMoveError(explain(move, values, options) + " (M4)", rule="M4")
    kind = SQUARES.get(square)
    premium = kind.premium if kind is not None else 1
    score = face_value(move.token) * n * premium
    return Placement(square, move.token, score, n), score


def explain(move: Placement, values: list[int | None], options: MixmathOptions) -> str:
    """Why ``move`` makes no equation: the arithmetic of every direction."""
    square = move.square
    name = square_name(square)
    sign = sign_of(square)
    where = (
        name
        if sign is None
        else _("{square} (a {sign} square)").format(square=name, sign=sign.value)
    )
    runs = runs_at(values, square, run_limit(options))
    if not runs:
        return _(
            "{tile} at {square}: no direction from {name} has two numbers in a row to "
            "make an equation with"
        ).format(tile=move.token, square=where, name=name)
    groups = []
    for run, step in runs:
        shown = ", ".join(facts(run, sum(step) > 0, sign, options, move.value))
        if len(runs) > 1:
            dr, dc = step
            near = [(square[0] + dr * i, square[1] + dc * i) for i in (1, 2)]
            if dr + dc < 0:
                near.reverse()
            shown = _("with {squares}: {facts}").format(
                squares=" ".join(square_name(sq) for sq in near), facts=shown
            )
        groups.append(shown)
    count = sum(len(facts(r, sum(s) > 0, sign, options, move.value)) for r, s in runs)
    ending = _("none is {tile}") if count > 1 else _("not {tile}")
    return _("{tile} at {square}: {groups} — {ending}").format(
        tile=move.token,
        square=where,
        groups="; ".join(groups),
        ending=ending.format(tile=move.value),
    )


_PLACES = {
    (0, 1): N_("to the right"),
    (0, -1): N_("to the left"),
    (1, 0): N_("below"),
    (-1, 0): N_("above"),
}


def _equation(a: int, b: int, tile: int, sign: object) -> str | None:
    """The plain equation that makes ``tile`` from neighbours ``a`` (nearer) and ``b``."""
    candidates = [("+", a + b, f"{a}+{b}"), ("×", a * b, f"{a}×{b}")]
    candidates.append(("−", abs(a - b), f"{max(a, b)}−{min(a, b)}"))
    for p, q in ((max(a, b), min(a, b)), (min(a, b), max(a, b))):
        if q and p % q == 0:
            candidates.append(("÷", p // q, f"{p}÷{q}"))
    for symbol, value, text in candidates:
        if value == tile and (sign is None or getattr(sign, "value", None) == symbol):
            return f"{text}={tile}"
    return None


def describe(pos: MixmathPosition, move: Placement, options: MixmathOptions) -> str:
    """The equations a legal placement makes and how it scores, in words, e.g.
    ``2×3=6 with the tiles to the left and 4+2=6 with the tiles below, on a 2× square``."""
    values = board_values(pos.board.cells)
    sign = sign_of(move.square)
    parts = []
    for run, step in runs_at(values, move.square, run_limit(options)):
        if move.value not in direction_values(run, sign, options):
            continue
        shown = _equation(run[0], run[1], move.value, sign) or _(
            "an equation with {numbers}"
        ).format(numbers=" ".join(map(str, run)))
        place = _PLACES.get(step, "")
        parts.append(_("{equation} with the tiles {place}").format(equation=shown, place=_(place)))
    text = _(" and ").join(parts) if parts else _("no equation")
    kind = SQUARES.get(move.square)
    if kind is not None and kind.premium > 1:
        text += _(", on a {kind} square").format(kind=kind.value)
    if move.is_blank:
        text += _(" (a blank scores 0)")
    return text
