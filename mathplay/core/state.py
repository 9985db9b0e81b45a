"""The game state every mathplay game shares: play, undo, history, save and load.

A game is one object holding its fixed facts (``options``: rules variants, board size,
number of players) and its changing position (board, hands, bag, scores, whose turn).
``play`` validates a move and applies it; ``undo`` restores the exact previous position;
``save`` writes JSON that ``mathplay.load`` replays move by move.

Subclasses supply the game: how to read a move, how to check it (raising
``IllegalMoveError`` with the rule it breaks), how to apply it, and when the game ends.
"""

from __future__ import annotations

import json
import threading
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass
from typing import Any, ClassVar, Generic, TypeVar, cast

from mathplay.core.bag import Bag, check_seed
from mathplay.core.grid import BoardView, Grid
from mathplay.core.hand import Hand
from mathplay.core.outcome import Outcome
from mathplay.core.services import service
from mathplay.core.squares import Special, Square
from mathplay.errors import (
    IllegalMoveError,
    MathplayError,
    NotationError,
)
from mathplay.i18n import _

__all__ = [
    "GAME_TYPES",
    "AnyGame",
    "GameState",
    "HistoryEntry",
    "PlayerView",
    "Position",
    "check_count",
    "seat_scores",
    "top_scoring",
]

#: Every game class by its save-file format name, filled in by ``GameState`` subclasses.
GAME_TYPES: dict[str, type[GameState[Any, Any]]] = {}


def seat_scores(players: int, to_move: int, scores: Sequence[int] | None) -> list[int]:
    """Check a position's seats (``to_move`` names a player, one score per player) and
    return the scores to start from (zeros when ``scores`` is ``None``)."""
    if isinstance(to_move, bool) or not isinstance(to_move, int) or not 0 <= to_move < players:
        raise NotationError(
            _("to_move must be a player from 0 to {last}, not {value}").format(
                last=players - 1, value=_short(to_move)
            )
        )
    if scores is None:
        return [0] * players
    if isinstance(scores, (str, bytes)) or not isinstance(scores, Sequence):
        raise NotationError(_("scores is a list of whole numbers, one per player"))
    if len(scores) != players:
        raise NotationError(
            _("give one score per player: {players} players, {count} scores").format(
                players=players, count=len(scores)
            )
        )
    for score in scores:
        if isinstance(score, bool) or not isinstance(score, int) or not 0 <= score <= MAX_SCORE:
            raise NotationError(
                _("a score is a whole number from {low} to {high}, not {value}").format(
                    low=0, high=MAX_SCORE, value=_short(score)
                )
            )
    return [int(score) for score in scores]


#: The largest score a position may start from: far above any real game's (a whole game
#: scores a few hundred to a few thousand), small enough to keep every number a person
#: reads short. No score is below 0 before the end of a game (points are taken away only
#: when it ends), so a start position's scores are 0 to MAX_SCORE.
MAX_SCORE = 99_999


@dataclass
class Position:
    """The changing part of a game. Games extend it with what else they track."""

    board: Grid
    hands: list[list[str]]
    bag: Bag
    scores: list[int]
    to_move: int = 0

    def copy(self) -> Position:
        return Position(
            self.board.copy(),
            [list(hand) for hand in self.hands],
            self.bag.copy(),
            list(self.scores),
            self.to_move,
        )


@dataclass(frozen=True)
class HistoryEntry:
    """One move as it was played: who, what (in notation) and for how many points."""

    player: int
    move: str
    score: int


@dataclass(frozen=True)
class PlayerView:
    """What one player may see of a game (``GameState.view``): the board, their own
    tiles, how many tiles each player holds, the bag's count and the scores; never the
    other players' tiles. Computer players and hints read the game through it, so fair
    play is a property of the API."""

    #: The player whose view it is (from 0).
    player: int
    #: The board, read-only (:class:`~mathplay.core.grid.BoardView`).
    board: BoardView
    #: This player's tiles.
    hand: tuple[str, ...]
    #: How many tiles each player holds.
    hand_sizes: tuple[int, ...]
    scores: tuple[int, ...]
    to_move: int
    bag_size: int
    #: How many moves have been played.
    ply: int


MoveT = TypeVar("MoveT")
PositionT = TypeVar("PositionT", bound=Position)


def check_where(where: object) -> None:
    """Refuse a ``where`` filter that is not a function of a move, naming it."""
    if where is not None and not callable(where):
        raise MathplayError(
            _("where is a function that takes a move and says yes or no, not {value}").format(
                value=_short(where)
            )
        )


def check_count(n: object) -> None:
    """Refuse a count of moves that is not a whole number of at least 0, naming it."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise MathplayError(
            _("the number of moves must be a whole number of at least 0, not {n!r}").format(n=n)
        )


def top_scoring(moves: Iterable[MoveT], n: int) -> list[MoveT]:
    """The moves scoring at least the ``n``-th best score, best first, ties in the order
    given (``GameState.best_moves``).

    >>> from collections import namedtuple
    >>> M = namedtuple("M", "name score")
    >>> [m.name for m in top_scoring([M("a", 3), M("b", 5), M("c", 3), M("d", 1)], 2)]
    ['b', 'a', 'c']
    """
    ranked = sorted(moves, key=lambda move: -(getattr(move, "score", 0) or 0))
    if n <= 0 or not ranked:
        return []
    cut = getattr(ranked[min(n, len(ranked)) - 1], "score", 0) or 0
    return [move for move in ranked if (getattr(move, "score", 0) or 0) >= cut]


class GameState(ABC, Generic[MoveT, PositionT]):
    """Base class of Summy, Mixmath and Binary games."""

    #: Save-file format name, such as ``"mathplay.summy"``.
    format_name: ClassVar[str] = ""
    #: Save-file version this class writes and reads.
    format_version: ClassVar[int] = 1
    #: The classes of this game's move objects (``play`` takes these or notation).
    move_types: ClassVar[Any] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.format_name:
            GAME_TYPES[cls.format_name] = cls

    @classmethod
    def _from_position(cls, position: PositionT, seed: int, options: Any, **attributes: Any) -> Any:
        """A game of this class in ``position`` (for ``from_diagram`` and loading);
        ``attributes`` are set first, as the start record may need them."""
        game = object.__new__(cls)
        game.__dict__.update(attributes)
        game._setup(position, seed, options)
        return game

    def _setup(self, position: PositionT, seed: int | str, options: Any) -> None:
        self._pos = position
        self.seed = check_seed(seed)
        self.options = options
        self._history: list[HistoryEntry] = []
        self._undo_stack: list[PositionT] = []
        self._start = self._start_record()

    # --- what each game supplies -------------------------------------------------

    @abstractmethod
    def parse_move(self, text: str) -> MoveT:
        """Read move notation; raises ``NotationError`` for text that is not a move."""

    @abstractmethod
    def _validate(self, move: MoveT) -> tuple[MoveT, int]:
        """Check ``move`` against the rules; return it (completed) and its score."""

    @abstractmethod
    def _apply(self, move: MoveT, score: int) -> None:
        """Apply a validated move to ``self._pos`` (no checks)."""

    @abstractmethod
    def legal_moves(self) -> list[MoveT]:
        """Every legal move in the current position."""

    def best_moves(self, n: int = 1, where: Callable[[MoveT], bool] | None = None) -> list[MoveT]:
        """The legal moves that can be among the ``n`` best: every move (that ``where``
        accepts, when given) scoring at least the ``n``-th best score, best first; moves of
        equal score in the order of ``legal_moves()``. More than ``n`` when scores tie,
        fewer when there are fewer moves. What hints and the greedy player need; a game
        may find them faster than by listing every move (Binary does)."""
        check_count(n)
        check_where(where)
        moves = [move for move in self.legal_moves() if where is None or where(move)]
        return top_scoring(moves, n)

    @property
    @abstractmethod
    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""

    @abstractmethod
    def _start_record(self) -> dict[str, Any]:
        """The starting position as JSON-ready data (diagram, hands, bag …)."""

    @classmethod
    @abstractmethod
    def _from_start(cls, options: dict[str, Any], seed: int, start: dict[str, Any]) -> Any:
        """A game in the recorded starting position."""

    # --- shared behaviour ----------------------------------------------------------

    def hint(self, level: int = 3, using: str | None = None) -> Any:
        """A hint for the player to move: 1 a nudge, 2 stronger, 3 the move and why.

        Never changes the game. See :mod:`mathplay.ai.hints`. Safe while another thread
        plays on this game (a board's computer): it works on a copy taken between moves.
        """
        _check_using(using)
        return service("hint")(self.snapshot(), level=level, using=using)

    def review(self) -> Any:
        """The game reviewed turn by turn: what was played, the best move there was, the
        share of the best taken, and what the better move used (a
        :class:`~mathplay.ai.review.Review`). Never changes the game; safe while another
        thread plays on it, as :meth:`hint`."""
        return service("review")(self.snapshot())

    def hints(self, n: int = 5, using: str | None = None) -> list[Any]:
        """The ``n`` best moves now, each with its explanation (on a copy, as :meth:`hint`)."""
        check_count(n)
        _check_using(using)
        return list(service("hints")(self.snapshot(), n=n, using=using))

    def snapshot(self) -> Any:
        """A :meth:`copy` taken between two changes of the game: never a position half
        changed by a move another thread is playing (a board's computer player, while a
        notebook cell asks for a hint). It shares the game's :attr:`memo`, so what a hint
        works out on it is kept for the game's next hint."""
        with self._changing():
            twin = self.copy()
            twin.__dict__["_memo"] = self.memo
            return twin

    @property
    def memo(self) -> dict[str, Any]:
        """Where services (the hints) keep what they worked out about a position, each
        entry keyed by the position it is about (:meth:`state_key`), so that asking again
        costs nothing. Shared with the game's snapshots; a :meth:`copy` starts with the
        same entries, and what it adds is its own."""
        memo = self.__dict__.get("_memo")
        if memo is None:
            memo = self.__dict__.setdefault("_memo", {})
        return cast(dict[str, Any], memo)

    def _changing(self) -> threading.RLock:
        """The lock held while the game changes (a move, an undo) and while it is copied
        for :meth:`snapshot`; each game and each copy has its own."""
        lock = self.__dict__.get("_change_lock")
        if lock is None:
            lock = self.__dict__.setdefault("_change_lock", threading.RLock())
        return cast(threading.RLock, lock)

    @property
    def special_squares(self) -> dict[Square, Special]:
        """The board's special squares (premiums, sign squares, start squares)."""
        return {}

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def board(self) -> Grid:
        """A copy of the board (changing it does not change the game)."""
        return self._pos.board.copy()

    @property
    def hands(self) -> tuple[Hand, ...]:
        """Every player's tiles; a notebook shows each :class:`Hand` as a row of tiles."""
        return tuple(Hand(hand) for hand in self._pos.hands)

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self._pos.scores)

    @property
    def to_move(self) -> int:
        """The index (from 0) of the player whose turn it is."""
        return self._pos.to_move

    @property
    def players(self) -> int:
        return len(self._pos.hands)

    @property
    def bag_size(self) -> int:
        return len(self._pos.bag)

    @property
    def history(self) -> tuple[HistoryEntry, ...]:
        return tuple(self._history)

    @property
    def ply(self) -> int:
        """How many moves have been played."""
        return len(self._history)

    def play(self, move: MoveT | str) -> int:
        """Validate ``move`` (text or a move object) and play it; return its points.

        An illegal move raises ``IllegalMoveError`` (unreadable text ``NotationError``)
        and leaves the game exactly as it was.
        """
        if isinstance(move, str):
            move = self.parse_move(move)
        elif isinstance(move, self.move_types):
            # A move object gets the checks its notation gets (squares on the board,
            # blanks of the tile set …): it is read again from its own notation.
            move = self.parse_move(str(move))
        else:
            raise NotationError(
                _("{move} is not a move: play a move of this game or its notation").format(
                    move=_short(move)
                )
            )
        if self.is_over:
            raise IllegalMoveError(
                _("the game is over: {outcome}").format(
                    outcome=self.outcome.describe() if self.outcome else ""
                )
            )
        checked, score = self._validate(move)
        self._push(checked, score)
        return score

    def push(self, move: MoveT) -> int:
        """Play ``move``, a move from :meth:`legal_moves` or :meth:`best_moves` of this
        very position, without checking it again (for search code: a listed move carries
        its score); return its points. Any other move: use :meth:`play`, which checks.
        :meth:`pop` takes it back."""
        score = getattr(move, "score", None)
        if not isinstance(score, int):
            move, score = self._validate(move)
        self._push(move, score)
        return score

    def pop(self) -> HistoryEntry:
        """Take back the last move (as :meth:`undo`): ``push`` and ``pop`` pair up."""
        return self.undo()

    def is_legal(self, move: MoveT | str) -> bool:
        """Whether ``move`` (a move object or its notation) may be played now; the game
        is left as it was."""
        if self.is_over:
            return False
        try:
            self.check_move(move)
        except MathplayError:
            return False
        return True

    def check_move(self, move: MoveT | str) -> None:
        """Raise the engine's reason (a :class:`~mathplay.errors.MathplayError`) when
        ``move`` may not be played now, without playing it and without drawing: a board
        playing a classmate checks a move so before sending it. The game is left as it
        was."""
        self._validate(self.parse_move(move if isinstance(move, str) else str(move)))

    def view(self, player: int | None = None) -> PlayerView:
        """What ``player`` (default: the player to move) may see now: the board (a
        read-only view that costs nothing), their own tiles, the others' tile counts,
        the bag's count and the scores. Take a new view after the game changes."""
        pos = self._pos
        seat = pos.to_move if player is None else player
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(pos.hands):
            raise MathplayError(
                _("player must be a seat from 0 to {last}, not {value}").format(
                    last=len(pos.hands) - 1, value=_short(player)
                )
            )
        return PlayerView(
            player=seat,
            board=BoardView(pos.board.size, pos.board.cells),
            hand=tuple(pos.hands[seat]),
            hand_sizes=tuple(len(hand) for hand in pos.hands),
            scores=tuple(pos.scores),
            to_move=pos.to_move,
            bag_size=len(pos.bag),
            ply=len(self._history),
        )

    def assume(self, player: int, hand: Sequence[str], *, to_move: bool = False) -> None:
        """For search code, on a ``copy()``: from now on ``player`` holds ``hand`` (a
        guess at tiles the searching player cannot see, or blanks given values), and
        with ``to_move`` it is ``player``'s turn. Not a move: the history does not
        record it, and the tiles are not checked against the bag."""
        pos = self._pos
        if isinstance(player, bool) or not isinstance(player, int):
            raise MathplayError(
                _("player must be a seat, not {value}").format(value=_short(player))
            )
        if not 0 <= player < len(pos.hands):
            raise MathplayError(
                _("player must be a seat from 0 to {last}, not {value}").format(
                    last=len(pos.hands) - 1, value=player
                )
            )
        pos.hands[player] = list(hand)
        if to_move:
            pos.to_move = player

    def _push(self, move: MoveT, score: int) -> None:
        """Apply a move already validated (for search code; ``play`` checks first)."""
        with self._changing():
            before = cast(PositionT, self._pos.copy())
            player = self._pos.to_move
            self._apply(move, score)
            self._undo_stack.append(before)
            self._history.append(HistoryEntry(player, str(move), score))

    def undo(self) -> HistoryEntry:
        """Take back the last move, restoring the exact previous position."""
        if not self._history:
            raise MathplayError(_("there is no move to undo"))
        # A copy: the positions on the stack are shared with any ``copy()`` of this game
        # (its stack is a shallow copy), and the position restored is changed in place by
        # the next move.
        with self._changing():
            self._pos = cast(PositionT, self._undo_stack.pop().copy())
            return self._history.pop()

    def peek(self) -> HistoryEntry | None:
        """The last move played, or ``None``."""
        return self._history[-1] if self._history else None

    def copy(self) -> Any:
        """An independent copy of the game, history included."""
        twin = object.__new__(type(self))
        twin.__dict__.update(self.__dict__)
        twin.__dict__.pop("_change_lock", None)  # a copy changes on its own
        if "_memo" in self.__dict__:  # the same entries; what the copy adds is its own
            twin.__dict__["_memo"] = dict(self.__dict__["_memo"])
        twin._pos = cast(PositionT, self._pos.copy())
        twin._history = list(self._history)
        twin._undo_stack = list(self._undo_stack)
        return twin

    def save(self) -> str:
        """The game as versioned JSON: options, seed, start position and every move."""
        data = {
            "format": self.format_name,
            "version": self.format_version,
            "options": _options_dict(self.options),
            "seed": self.seed,
            "start": self._start,
            "history": [entry.move for entry in self._history],
        }
        return json.dumps(data, indent=1, ensure_ascii=False)

    def _repr_svg_(self) -> str:
        """The board as SVG, so a game shows itself in a notebook (``mathplay.render``)."""
        return str(service("board_svg")(self))

    def _repr_html_(self) -> str:
        """The board's picture with its words (the squares, the tiles, the scores), which
        a notebook shows: an SVG output alone is an image with no text alternative."""
        return str(service("board_html")(self))

    def state_key(self) -> tuple[Any, ...]:
        """Everything that defines the position, as an immutable value to compare."""
        pos = self._pos
        extra = tuple(
            (name, repr(value))
            for name, value in sorted(vars(pos).items())
            if name not in {"board", "hands", "bag", "scores", "to_move"}
        )
        return (
            tuple(pos.board.cells),
            tuple(tuple(hand) for hand in pos.hands),
            tuple(pos.bag.tiles),
            tuple(pos.scores),
            pos.to_move,
            extra,
        )


def _check_using(using: object) -> None:
    if using is not None and not isinstance(using, str):
        raise MathplayError(
            _("using is a tile, written as text like '7' or 'x', not {value}").format(
                value=_short(using)
            )
        )


def _clip(text: str, limit: int = 160) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _short(value: object, limit: int = 40) -> str:
    """``value`` as a short text for a message (a huge or strange input stays readable)."""
    try:
        text = repr(value)
    except ValueError:  # an int too long to write out
        text = _("a number too long to show")
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _options_dict(options: Any) -> dict[str, Any]:
    data = asdict(options)
    return {key: list(value) if isinstance(value, tuple) else value for key, value in data.items()}


#: Any of the games, whatever its moves and positions: the type the computer players and
#: hints take (``mathplay.ai.strategy.is_summy`` and its kin narrow it to one game).
AnyGame = GameState[Any, Any]
