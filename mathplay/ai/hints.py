"""Hints that teach: a nudge first, then a stronger one, then the move and why.

``level=1`` points at a place to look; ``level=2`` names the tiles to use (sorted, never
in the order they are played) and a tile on the board to build on, with the way the line
goes, but not where it starts, so the student still works out the sum; ``level=3`` gives
the move with its arithmetic and points. With no move to make, every level says which
tiles to discard or exchange and why (:mod:`mathplay.ai.stuck`). Hints never change the
game.

The move is the best there is whenever the position was searched exactly (by a hint whose
search finished within its budget, by the review, or by a board in the background:
:mod:`mathplay.ai.best`); then the hint and the review agree. When the budget ran out
first, the hint says its move is a good one that may not be the best (``exact`` is
``False``).

>>> from mathplay import Summy
>>> rows = [". " * 8 + "."] * 9
>>> rows[4] = ". . . . = . . . ."
>>> game = Summy.from_diagram(chr(10).join(rows), hands=["12+3"])
>>> print(hint(game, level=1))
Look near E5: there is a good move around the = there.
>>> print(hint(game, level=2))
Use your 1, 2, 3 and + with the = on E5, going across.
>>> print(hint(game))
Play B5 across 1+2=3: 1+2=3 is true, and its digits 1+2+3 make 6 points.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from mathplay.ai import search, strategy
from mathplay.ai.best import known_best
from mathplay.ai.stuck import no_move_advice
from mathplay.ai.tile_words import and_list, tile_name, tile_order
from mathplay.core import Special, Square, square_name
from mathplay.core.state import AnyGame
from mathplay.expr.arithmetic import apply_operator, reduce_side
from mathplay.expr.pretty import read_words
from mathplay.games.move_words import direction_word, move_said
from mathplay.i18n import _, _n

__all__ = ["Hint", "explain_move", "hint", "hint_for", "hints"]


@dataclass(frozen=True)
class Hint:
    """A suggestion: ``text`` to show, and (at level 3) the ``move`` it suggests."""

    level: int
    text: str
    move: Any | None = field(default=None, compare=False)
    score: int | None = None
    square: Square | None = None
    tiles: tuple[str, ...] = ()
    #: Whether the move it leads to is the best there is (the search saw every move);
    #: ``False`` when the search stopped at its budget: a good move, maybe not the best.
    exact: bool = True

    def __str__(self) -> str:
        return self.text

    def _repr_markdown_(self) -> str:
        return _("💡 Hint: {text}").format(text=self.text)


def _placed(game: AnyGame, move: Any) -> list[tuple[Square, str]]:
    """The squares a move fills and the tiles it puts there."""
    if hasattr(move, "square") and hasattr(move, "token"):  # a Mixmath placement
        return [(move.square, move.token)]
    board = game.view().board
    return [
        (square, token) for square, token in zip(move.squares, move.tokens) if board[square] is None
    ]


def _uses(game: AnyGame, move: Any, tile: str) -> bool:
    tile = tile.strip()
    for _square, token in _placed(game, move):
        if token == tile or token.lstrip("?") == tile or (tile == "?" and token.startswith("?")):
            return True
    return False


def explain_move(game: AnyGame, move: Any) -> str:
    """One sentence: the move, the arithmetic that makes it legal, and its points."""
    points = move.score
    if strategy.is_summy(game):
        line = "".join(move.tokens)
        digits = [t for t in move.tokens if t.isdigit()]
        return _n(
            "Play {move}: {line} is true, and its digits {digits} make {points} point.",
            "Play {move}: {line} is true, and its digits {digits} make {points} points.",
            points,
        ).format(move=move_said(move), line=line, digits="+".join(digits), points=points)
    if strategy.is_mixmath(game):
        facts = _mixmath_facts(game, move)
        return _n(
            "Play {move}: {facts}, for {points} point.",
            "Play {move}: {facts}, for {points} points.",
            points,
        ).format(move=move_said(move), facts=facts, points=points)
    if strategy.is_binary(game):
        # The line as it reads, blanks as the chips they play (``?1`` reads ``1``).
        line = read_words(str(move).split(" ", 2)[2].replace("?", ""))
        blanks = [token for _square, token in _placed(game, move) if token.startswith("?")]
        if len(blanks) == 1:
            return _n(
                "Play {move}: {line} is true in binary, with a blank as {chip}, "
                "for {points} point.",
                "Play {move}: {line} is true in binary, with a blank as {chip}, "
                "for {points} points.",
                points,
            ).format(move=move_said(move), line=line, chip=read_words(blanks[0][1:]), points=points)
        if blanks:
            return _n(
                "Play {move}: {line} is true in binary, with blanks as {chips}, "
                "for {points} point.",
                "Play {move}: {line} is true in binary, with blanks as {chips}, "
                "for {points} points.",
                points,
            ).format(
                move=move_said(move),
                line=line,
                chips=", ".join(read_words(token[1:]) for token in blanks),
                points=points,
            )
        return _n(
            "Play {move}: {line} is true in binary, for {points} point.",
            "Play {move}: {line} is true in binary, for {points} points.",
            points,
        ).format(move=move_said(move), line=line, points=points)
    return _n("Play {move} for {points} point.", "Play {move} for {points} points.", points).format(
        move=move_said(move), points=points
    )


def _mixmath_facts(game: AnyGame, move: Any) -> str:
    count = getattr(move, "equations", None) or 1
    describe = getattr(game, "describe_placement", None)
    if callable(describe):
        return str(describe(move))
    if count == 1:
        return _("it makes one equation")
    return _("it makes {n} equations at once").format(n=count)


_SIGNS = {"+": "ADD", "-": "SUB", "x": "MUL", ":": "DIV"}
_PIECES = re.compile(r"([-+x:])")


def goes_below_zero(move: Any) -> bool:
    """Whether working out a Summy line one operation at a time, in the usual order,
    passes below zero (``51-53+2=0``: 51 − 53 is −2): a pupil of 10 has not met numbers
    below zero, so a hint leads to such a line only when no other line is there (as
    Binary's rules never go below zero).

    >>> from mathplay.core import LineMove, Direction
    >>> line = lambda text: LineMove((0, 0), Direction.ACROSS, tuple(text))
    >>> goes_below_zero(line("51-53+2=0")), goes_below_zero(line("53-51+2=4"))
    (True, False)
    >>> goes_below_zero(line("2-8+3x5=9")), goes_below_zero(line("3x5-8+2=9"))
    (True, False)
    """
    tokens = getattr(move, "tokens", None)
    if not tokens:
        return False
    below = False

    def step(a: Any, op: str, b: Any) -> Any:
        nonlocal below
        if op == "DIV" and b == 0:
            return a
        result = apply_operator(op, a, b)
        below = below or result < 0
        return result

    for side in "".join(str(token) for token in tokens).split("="):
        parts = _PIECES.split(side)
        numbers, signs = parts[0::2], parts[1::2]
        if not all(number.isdigit() for number in numbers):
            return side.startswith("-")  # a number written below zero, or not a sum
        reduce_side([int(n) for n in numbers], [_SIGNS[s] for s in signs], "math", step)
    return below


def _ranked(game: AnyGame, using: str | None, n: int = 1) -> list[Any]:
    """The ``n`` best moves found (see :func:`_searched`)."""
    return _searched(game, using, n)[0]


def _searched(
    game: AnyGame, using: str | None, n: int = 1, *, above_zero: bool = False
) -> tuple[list[Any], bool]:
    """The ``n`` best moves (fewer if there are fewer), best first: highest score, then
    by notation so the same position always gives the same hint.

    Only the moves that can make the top ``n`` are asked for, within a search budget: a
    Binary hand with blanks can have millions of moves, and Binary finds its best few
    without listing them all. Ties are then broken by notation. The answers for the
    position last asked about are kept on the game (only the few moves answered, not
    every legal move), so asking for the next hint level does not generate the moves
    again. A position searched exactly already (:mod:`mathplay.ai.best`) gives its best
    move at once. The second value says whether the search was exact. ``above_zero``
    leaves out the lines that go below zero on the way (:func:`goes_below_zero`)."""
    if using is None and n == 1 and not above_zero:
        known = known_best(game)
        if known is not None:
            return top_moves(known, 1), True
    key = game.state_key()
    cache = game.memo.get("hints")
    if cache is None or cache[0] != key:
        cache = (key, {})
        game.memo["hints"] = cache
    answers: dict[tuple[str | None, int, bool], tuple[list[Any], bool]] = cache[1]
    asked = (using, n, above_zero)
    if asked not in answers:

        def where(move: Any) -> bool:
            if using is not None and not _uses(game, move, using):
                return False
            return not (above_zero and goes_below_zero(move))

        filtered = using is not None or above_zero
        moves, exact = _best_within(game, n, where if filtered else None)
        answers[asked] = (top_moves(moves, n), exact)
    moves, exact = answers[asked]
    return list(moves), exact


def _best_within(game: AnyGame, n: int, where: Any) -> tuple[list[Any], bool]:
    """The best moves, searched within a budget (``mathplay.ai.search``): a hint never
    keeps a child waiting. Mixmath's placements are quick to list whole. The second
    value is ``True`` when the search saw every move (its answer is exact)."""
    budget = search.search_budget(game)
    if strategy.is_summy(game):
        moves = search.summy_moves(game, budget)
        return [move for move in moves if where is None or where(move)], not budget.spent
    if strategy.is_binary(game):
        return search.binary_best(game, n, budget, where), not budget.spent
    return list(game.best_moves(n, where=where)), True


def hint(game: AnyGame, level: int = 3, using: str | None = None) -> Hint:
    """A hint for the player to move: ``level`` 1 (gentle) to 3 (the move).

    ``using`` limits the hint to moves that use that tile (``"7"``, ``"x"``, ``"?"``).
    """
    if level not in (1, 2, 3):
        from mathplay.errors import MathplayError

        raise MathplayError(_("a hint level is 1, 2 or 3, not {level!r}").format(level=level))
    if game.is_over:
        return Hint(level, _("The game is over."))
    moves, exact = _searched(game, using)
    if moves and strategy.is_summy(game) and goes_below_zero(moves[0]):
        # A line a pupil of 10 can work out (no step below zero), when there is one: it
        # may score less than the best, so the hint does not say it is the best.
        above, _exact = _searched(game, using, above_zero=True)
        if above:
            moves, exact = above, False
    if not moves:
        if using is not None:
            return Hint(level, _("No move uses {tile} right now.").format(tile=using))
        advice = no_move_advice(game)
        return Hint(level, advice.text, tiles=advice.tiles)
    found = hint_for(game, moves[0], level)
    if exact:
        return found
    text = found.text
    if level == 3:  # the move and its points are named: never as if it were the best
        text += " " + _("It is a good move, but there may be an even better one.")
    return replace(found, text=text, exact=False)


def hint_for(game: AnyGame, move: Any, level: int = 3) -> Hint:
    """A hint at ``level`` that leads to ``move`` (a move of ``game.legal_moves()`` or
    ``game.best_moves()``, which carries its score) rather than to the best move: the
    hints of a puzzle lead to the move its answer key shows.

    >>> from mathplay import Summy
    >>> rows = [". " * 8 + "."] * 9
    >>> rows[4] = ". . . . = . . . ."
    >>> game = Summy.from_diagram(chr(10).join(rows), hands=["12+3"])
    >>> down, = game.best_moves(1, where=lambda move: str(move) == "E2 down 2+1=3")
    >>> print(hint_for(game, down, level=2))
    Use your 1, 2, 3 and + with the = on E5, going down.
    """
    if level not in (1, 2, 3):
        from mathplay.errors import MathplayError

        raise MathplayError(_("a hint level is 1, 2 or 3, not {level!r}").format(level=level))
    best = move
    placed = _placed(game, best)
    first_square = placed[0][0]
    tiles = tuple(token for _square, token in placed)
    if level == 1:
        anchor = _anchor(game, best)
        if anchor is not None:
            text = _("Look near {square}: there is a good move around the {token} there.").format(
                square=square_name(anchor[0]), token=tile_name(anchor[1])
            )
        else:
            text = _("Look near {square}.").format(square=square_name(first_square))
        return Hint(1, text, square=anchor[0] if anchor else first_square)
    if level == 2:
        return _level_two(game, best, tiles)
    return Hint(
        3, explain_move(game, best), move=best, score=best.score, square=first_square, tiles=tiles
    )


def _level_two(game: AnyGame, move: Any, tiles: tuple[str, ...]) -> Hint:
    """The tiles to use (sorted, never in the order they are played) and one place: a
    tile on the board the move builds on and the way it goes, not where it starts."""
    names = and_list([tile_name(tile) for tile in tile_order(tiles)])
    anchor = _anchor(game, move)
    way = getattr(move, "direction", None)
    # The way the line goes in the words of the board's log (mendatar, en vertical).
    direction = None if way is None else direction_word(way)
    if anchor is None:
        # A first move on an empty board: name the start square it covers.
        square = _start_square(game, move)
        if direction is None:
            text = _("Try your {tiles} near {square}.")
        else:
            text = _("Use your {tiles} going {direction}, through {square}.")
        return Hint(
            2,
            text.format(tiles=names, square=square_name(square), direction=direction),
            square=square,
            tiles=tuple(tile_order(tiles)),
        )
    square, token = anchor
    if direction is None:  # one tile placed next to the board (Mixmath)
        text = _("Try your {tiles} next to the {token} on {square}.")
    else:
        text = _("Use your {tiles} with the {token} on {square}, going {direction}.")
    return Hint(
        2,
        text.format(
            tiles=names, token=tile_name(token), square=square_name(square), direction=direction
        ),
        square=square,
        tiles=tuple(tile_order(tiles)),
    )


def _start_square(game: AnyGame, move: Any) -> Square:
    """The start square (or the centre) a first move covers, else its middle square."""
    squares = [square for square, _token in _placed(game, move)]
    centre = game.view().board.size // 2
    starts = [sq for sq, kind in game.special_squares.items() if kind is Special.START]
    starts.append((centre, centre))
    for square in squares:
        if square in starts:
            return square
    return squares[len(squares) // 2]


def _anchor(game: AnyGame, move: Any) -> tuple[Square, str] | None:
    """A tile already on the board that the move builds on."""
    board = game.view().board
    if hasattr(move, "square"):
        row, col = move.square
        for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)):
            near = (row + dr, col + dc)
            if board.on_board(near) and board[near] is not None:
                return near, str(board[near])
        return None
    for square, token in zip(move.squares, move.tokens):
        if board[square] is not None:
            return square, token
    return None


def hints(game: AnyGame, n: int = 5, using: str | None = None) -> list[Hint]:
    """The ``n`` best moves, each with its explanation (level-3 hints)."""
    return [
        Hint(3, explain_move(game, move), move=move, score=move.score)
        for move in _ranked(game, using, n)
    ]


def top_moves(moves: Sequence[Any], n: int) -> list[Any]:
    return sorted(moves, key=lambda m: (-m.score, str(m)))[:n]
