"""B3: checking one line move against the board and the hand (B1, B2 and B4 help).

``check_line`` is a pure function of the position: it raises ``IllegalMoveError``
naming the rule, or returns the completed move (canonical text, placed squares, score).
"""

from __future__ import annotations

from mathplay.core import Grid, LineMove, Square, line_squares, square_name, take_from_hand
from mathplay.errors import IllegalMoveError
from mathplay.games.binary.rules import (
    BLANK,
    CENTRE,
    BinaryOptions,
    added_fragment,
    chip_set,
    chip_value,
    expression_problem,
    line_text,
)
from mathplay.games.binary.scoring import move_score
from mathplay.games.move_words import direction_word, move_said
from mathplay.i18n import _

__all__ = ["check_line"]


def _chip(token: str) -> str:
    return BLANK if token.startswith(BLANK) else token


def check_line(board: Grid, hand: list[str], move: LineMove, options: BinaryOptions) -> LineMove:
    """The move completed and scored, or ``IllegalMoveError`` saying which rule it breaks."""
    shown = move_said(f"{square_name(move.start)} {move.direction} {move.text}")

    def refuse(reason: str, rule: str) -> IllegalMoveError:
        return IllegalMoveError(
            _("{move} is not allowed: {reason} ({rule})").format(
                move=shown, reason=reason, rule=rule
            ),
            rule=rule,
            reason=reason,
        )

    squares = line_squares(move.start, move.direction, len(move.tokens))
    if not squares or not board.on_board(squares[-1]):
        raise refuse(_("the line runs off the board"), "B3")
    chips = chip_set(options.xor)
    tokens: list[str] = []
    new: list[bool] = []
    placed: list[Square] = []
    for square, token in zip(squares, move.tokens):
        chip = chip_value(token)
        if chip not in chips or chip == BLANK:
            raise refuse(_("{token} is not a chip of this game").format(token=token or "''"), "B1")
        there = board[square]
        if there is None:
            tokens.append(token)
            new.append(True)
            placed.append(square)
        elif token == there or (not token.startswith(BLANK) and chip_value(there) == chip):
            tokens.append(there)
            new.append(False)
        else:
            raise refuse(
                _("{square} already holds {there}, not {token}").format(
                    square=square_name(square), there=there, token=token
                ),
                "B3",
            )
    if not placed:
        raise refuse(_("every chip of this line is already on the board"), "B3")
    dr, dc = move.direction.step
    first, last = squares[0], squares[-1]
    for end in ((first[0] - dr, first[1] - dc), (last[0] + dr, last[1] + dc)):
        if not board.is_free(end):
            whole = board.copy()
            for square, token in zip(squares, tokens):
                whole[square] = token
            run_start, run = whole.run(move.start, move.direction)
            raise refuse(
                _(
                    "the line goes on at {square}: a move names the whole unbroken line, "
                    "here {start} {direction} {whole}"
                ).format(
                    square=square_name(end),
                    start=square_name(run_start),
                    direction=direction_word(move.direction),
                    whole=line_text(run, [False] * len(run)),
                ),
                "B3",
            )
    if len(placed) == len(squares):
        if not board.is_blank():
            raise refuse(_("the line must include at least one chip already on the board"), "B3")
        if CENTRE not in squares:
            raise refuse(_("the first move must cover the centre square H8"), "B3")
    values = [chip_value(token) for token in tokens]
    new_equals = sum(1 for chip, is_new in zip(values, new) if is_new and chip == "=")
    if new_equals > 1:
        raise refuse(
            _("a move adds at most one new =, and this one adds {n}").format(n=new_equals), "B3"
        )
    placed_tokens = [t for t, is_new in zip(tokens, new) if is_new]
    try:
        take_from_hand(hand, [_chip(t) for t in placed_tokens], rule="B3")
    except IllegalMoveError as error:
        raise refuse(str(error), "B3") from None
    problem, value = expression_problem(values, options)
    if problem is not None:
        raise refuse(
            _("{line} is not a correct expression: {reason}").format(
                line=line_text(values, [False] * len(values)), reason=problem
            ),
            "B2",
        )
    fragment = added_fragment(values, new, options.banned_pairs)
    if fragment is not None:
        raise refuse(
            _("it adds the identity fragment {fragment}, which this game bans").format(
                fragment=fragment
            ),
            "B3",
        )
    score = move_score(placed, placed_tokens, value, options)
    text = line_text(tokens, new)
    return LineMove(move.start, move.direction, tuple(tokens), text, tuple(placed), score)
