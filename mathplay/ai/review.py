"""Learn from a game: every turn beside the best move there was then, and why it was better.

``game.review()`` replays a game (finished or not, every player) from its start and, at
each turn, takes the best moves of the player who moved, with the tiles they held then,
from the game's own exact move generator (:mod:`mathplay.ai.best`: each position is
searched once, and a board searches them as the game goes, so the review of a game played
on a board finds them ready and the hints said the same). Each :class:`ReviewTurn`
says what was played, its points, the best moves and their score, the share of the best
the player took, and one line in a child's words of what the better move used (a premium
square, all the tiles, a crossing, more tiles). :meth:`Review.summary` sums a player's
game up for the teacher; ``mathplay.puzzles.from_review`` turns the missed chances into
move puzzles.

A turn is a line move in Summy and Binary, a pass or an exchange (``move`` is ``None``);
in Mixmath a turn is each tile placed (its best is the best tile to place then), and a
turn ended with no tile placed is a pass; the bonus for placing every tile (M7) counts
with the turn's last tile.

>>> from mathplay import Summy
>>> rows = [". " * 8 + "."] * 9
>>> rows[4] = ". . . . = . . . ."
>>> game = Summy.from_diagram(chr(10).join(rows), hands=["1236+x", "45+9"])
>>> _ = game.play("B5 across 1+2=3")
>>> turn = game.review().turns[0]
>>> turn.played, turn.points, str(turn.best[0]), turn.best_points, round(turn.share, 2)
('B5 across 1+2=3', 6, 'B5 across 3x2=6', 11, 0.55)
>>> print(turn.reason)
The digits of 3 × 2 = 6 across from B5 make 11 points: 3 + 2 + 6.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from mathplay.ai import strategy
from mathplay.ai.best import exact_best, places_tiles
from mathplay.ai.hints import _placed
from mathplay.core import Special, Square, square_name
from mathplay.core.state import AnyGame
from mathplay.expr.pretty import pretty
from mathplay.games.move_words import move_said, placed_words
from mathplay.i18n import _, _n

__all__ = ["Review", "ReviewSummary", "ReviewTurn", "places_tiles", "review", "shown"]

#: Premium squares that multiply, with how many times: a word premium multiplies the
#: whole line (Binary), a tile premium the tile on it.
_WORD_PREMIUMS = {Special.DOUBLE_WORD: 2, Special.TRIPLE_WORD: 3}
_TILE_PREMIUMS = {
    Special.DOUBLE: 2,
    Special.TRIPLE: 3,
    Special.DOUBLE_LETTER: 2,
    Special.TRIPLE_LETTER: 3,
}


@dataclass(frozen=True)
class ReviewTurn:
    """One turn of a reviewed game."""

    #: The game's ply before the turn (how many moves had been played).
    ply: int
    #: Who moved (from 0).
    player: int
    #: The move as the game's history writes it (``"G7 down 9x99=891"``, ``"pass"``).
    played: str
    #: The move as played, or ``None`` for a pass or an exchange.
    move: Any | None
    #: The points it scored.
    points: int
    #: The best moves there were (as ``best_moves()`` gives them, each with its
    #: ``score``), none when no move was possible.
    best: tuple[Any, ...]
    #: What the better move used, in a child's words ("" when none was better).
    reason: str
    #: The position before the turn, as a diagram, and the mover's tiles then.
    diagram: str = field(repr=False, default="")
    hand: tuple[str, ...] = field(repr=False, default=())

    @property
    def best_points(self) -> int:
        """The best score there was (0 when no move was possible)."""
        return int(self.best[0].score or 0) if self.best else 0

    @property
    def missed(self) -> int:
        """The points between the best move and the one played."""
        return max(0, self.best_points - self.points)

    @property
    def share(self) -> float:
        """``points`` over the best score (1.0 when nothing could score)."""
        best = self.best_points
        return 1.0 if best <= 0 else min(1.0, self.points / best)


@dataclass(frozen=True)
class ReviewSummary:
    """One player's game in a few numbers, for the pupil and the teacher."""

    player: int
    score: int
    turns: int
    #: The points taken over the best points there were, over the whole game.
    share: float
    #: The turn where the most points were missed (``None`` when none were).
    biggest_miss: ReviewTurn | None

    def __str__(self) -> str:
        text = _n(
            "{turns} turn, {score} points: {percent} % of the best points there were.",
            "{turns} turns, {score} points: {percent} % of the best points there were.",
            self.turns,
        ).format(turns=self.turns, score=self.score, percent=round(100 * self.share))
        miss = self.biggest_miss
        if miss is not None:
            text += " " + _n(
                "The biggest missed chance: move {number}, {best} for {points} point.",
                "The biggest missed chance: move {number}, {best} for {points} points.",
                miss.best_points,
            ).format(number=miss.ply + 1, best=shown(miss.best[0]), points=miss.best_points)
        return text


@dataclass(frozen=True)
class Review:
    """A reviewed game: its ``turns`` in order (see :class:`ReviewTurn`)."""

    game: str
    players: int
    turns: tuple[ReviewTurn, ...]

    def of(self, player: int) -> list[ReviewTurn]:
        """The turns of ``player`` (from 0)."""
        return [turn for turn in self.turns if turn.player == player]

    def summary(self, player: int = 0) -> ReviewSummary:
        """``player``'s game in a few numbers: score, turns, share of the best taken,
        biggest missed chance."""
        mine = self.of(player)
        taken = sum(turn.points for turn in mine)
        best = sum(max(turn.best_points, turn.points) for turn in mine)
        misses = [turn for turn in mine if turn.missed > 0]
        biggest = max(misses, key=lambda turn: turn.missed, default=None)
        return ReviewSummary(player, taken, len(mine), taken / best if best else 1.0, biggest)

    def missed_chances(self, player: int | None = None, below: float = 0.5) -> list[ReviewTurn]:
        """The turns (of ``player``, or everyone's) that took less than ``below`` of the
        best points there were."""
        return [
            turn
            for turn in self.turns
            if (player is None or turn.player == player) and turn.best and turn.share < below
        ]

    def __str__(self) -> str:
        lines = []
        for turn in self.turns:
            best = shown(turn.best[0]) if turn.best else "—"
            lines.append(
                f"{turn.ply + 1:>3}. P{turn.player + 1} {shown(turn.played)} "
                f"({turn.points}) | {best} ({turn.best_points}) | "
                f"{round(100 * turn.share)} % | {turn.reason}"
            )
        return "\n".join(lines)


def shown(move: Any) -> str:
    """A move as a pupil reads it: one symbol per operation, the direction in their
    language, blanks said as the tile they play (``9 − 2 = 7 across from J13``)."""
    return placed_words(str(move)) or pretty(move_said(move).replace("?", ""))


def _crossings(game: AnyGame, move: Any) -> int:
    """How many other lines the move's new tiles also make (a tile with a neighbour
    across the line it is played in)."""
    count = getattr(move, "equations", None)
    if count is not None:  # a Mixmath placement knows how many equations it makes
        return max(0, int(count) - 1)
    direction = getattr(move, "direction", None)
    if direction is None:
        return 0
    board = game.board
    size = board.size
    dr, dc = direction.other.step
    crossing = 0
    for (row, col), _token in _placed(game, move):
        for r, c in ((row - dr, col - dc), (row + dr, col + dc)):
            if 0 <= r < size and 0 <= c < size and board[(r, c)] is not None:
                crossing += 1
                break
    return crossing


@dataclass(frozen=True)
class _Uses:
    """What a move uses that earns points."""

    tiles: int
    all_tiles: bool
    word: tuple[tuple[Square, Special], ...]
    tile: tuple[tuple[Square, Special], ...]
    crossings: int


def _uses(game: AnyGame, move: Any) -> _Uses:
    placed = _placed(game, move)
    specials = game.special_squares
    hand = len(game.hands[game.to_move])
    under = [(square, specials[square]) for square, _token in placed if square in specials]
    return _Uses(
        tiles=len(placed),
        all_tiles=len(placed) == hand and hand > 0 and not strategy.is_mixmath(game),
        word=tuple((sq, kind) for sq, kind in under if kind in _WORD_PREMIUMS),
        tile=tuple((sq, kind) for sq, kind in under if kind in _TILE_PREMIUMS),
        crossings=_crossings(game, move),
    )


def _reason(game: AnyGame, played: Any | None, best: Any, points: int) -> str:
    """One line: what ``best`` used that the move played did not."""
    written = shown(best)
    score = int(best.score or 0)
    if score <= points:
        return _("The best move there was: nothing scored more.")
    if played is None:
        return _n(
            "You could have played {move} for {points} point instead.",
            "You could have played {move} for {points} points instead.",
            score,
        ).format(move=written, points=score)
    mine, theirs = _uses(game, played), _uses(game, best)
    if theirs.all_tiles and not mine.all_tiles:
        return _("{move} uses all your tiles, and that earns the bonus.").format(move=written)
    if len(theirs.word) > len(mine.word):
        square, kind = theirs.word[0]
        return _("The {label} square on {square} makes the whole line count {times} times.").format(
            label=kind.label, square=square_name(square), times=_WORD_PREMIUMS[kind]
        )
    if len(theirs.tile) > len(mine.tile):
        square, kind = theirs.tile[0]
        return _(
            "The {label} square on {square} makes the tile there worth {times} times as much."
        ).format(label=kind.label, square=square_name(square), times=_TILE_PREMIUMS[kind])
    if theirs.crossings > mine.crossings:
        if strategy.is_mixmath(game):
            return _("{move} makes {n} equations at once.").format(
                move=written, n=theirs.crossings + 1
            )
        return _n(
            "{move} crosses another line, so it makes {n} sum more.",
            "{move} crosses other lines, so it makes {n} sums more.",
            theirs.crossings,
        ).format(move=written, n=theirs.crossings)
    if strategy.is_summy(game):
        digits = [token for token in best.tokens if token.isdigit()]
        return _n(
            "The digits of {move} make {points} point: {digits}.",
            "The digits of {move} make {points} points: {digits}.",
            score,
        ).format(move=written, points=score, digits=" + ".join(digits))
    if strategy.is_mixmath(game) and _value(best) > _value(played):
        return _("{move} puts a bigger number on the board: {big}, not {small}.").format(
            move=written, big=_value(best), small=_value(played)
        )
    if theirs.tiles > mine.tiles:
        return _n(
            "{move} puts down {n} tile, and you put down {mine}.",
            "{move} puts down {n} tiles, and you put down {mine}.",
            theirs.tiles,
        ).format(move=written, n=theirs.tiles, mine=mine.tiles)
    more = score - points
    return _n("{move} scores {more} point more.", "{move} scores {more} points more.", more).format(
        move=written, more=more
    )


def _value(move: Any) -> int:
    """The number a Mixmath placement puts on the board (0 for anything else)."""
    value = getattr(move, "value", 0)
    return value if isinstance(value, int) else 0


def review(game: AnyGame) -> Review:
    """The review of ``game`` (any game, finished or not; ``game.review()``)."""
    replay = game.copy()
    while replay.ply:
        replay.undo()
    mixmath = strategy.is_mixmath(replay)
    turns: list[ReviewTurn] = []
    reviewed = False  # whether the Mixmath turn going on has a reviewed turn yet
    mover = None
    for entry in game.history:
        if entry.player != mover:
            mover, reviewed = entry.player, False
        move = replay.parse_move(entry.move)
        places = places_tiles(move)
        kind = type(move).__name__
        if mixmath and kind == "Draw":  # the extra tile after a sign square: not a turn
            replay.play(entry.move)
            continue
        if mixmath and kind == "EndTurn" and reviewed:
            if entry.score and turns:  # the bonus for every tile placed (M7)
                turns[-1] = replace(turns[-1], points=turns[-1].points + int(entry.score))
            replay.play(entry.move)
            continue
        turns.append(_turn(replay, entry, move if places else None))
        reviewed = True
        replay.play(entry.move)
    name = type(game).__name__.lower()
    return Review(name, game.players, tuple(turns))


def _turn(game: AnyGame, entry: Any, move: Any | None) -> ReviewTurn:
    """The review of the move ``entry`` about to be played in ``game``."""
    best = exact_best(game)
    points = int(entry.score)
    if move is not None:
        move, _score = game._validate(move)  # its placed squares and score filled in
    reason = _reason(game, move, best[0], points) if best else ""
    return ReviewTurn(
        ply=game.ply,
        player=game.to_move,
        played=entry.move,
        move=move,
        points=points,
        best=best,
        reason=reason,
        diagram=str(game.board.diagram()),
        hand=tuple(game.hands[game.to_move]),
    )
