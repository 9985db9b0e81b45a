"""The ``move`` kind: a game position (diagram and hand) and a goal, checked by the engine.

>>> from mathplay.puzzles.format import Puzzle
>>> rows = [". " * 8 + "."] * 9
>>> rows[4] = ". . . . = . . . ."
>>> p = Puzzle("m", "move", fields={"game": "summy", "diagram": chr(10).join(rows),
...                                 "hand": "12+3", "goal": "best"})
>>> Move().check(p, "B5 across 1+2=3").right
True

Every answer key, teacher's page, end-check review and worked solution shows one move
for a puzzle, :meth:`Move.key`: the author's ``answer`` when it is right, else the best
right move, going the way the prompt asks when it asks for one ("try one that goes
down"); the kind's own hints lead to that move too.

>>> Move().key(p)
'B5 across 1+2=3'
>>> Move().key(Puzzle("m", "move", "Make one that goes down.", fields=p.fields))
'E2 down 1+2=3'
"""

from __future__ import annotations

import random
import re
from functools import lru_cache
from typing import Any, ClassVar

from mathplay.ai.hints import hint_for
from mathplay.core.grid import diagram_rows
from mathplay.errors import MathplayError, without_rule_ids
from mathplay.expr.pretty import pretty
from mathplay.games.move_words import move_said
from mathplay.games.registry import GAMES as GAMES_INFO
from mathplay.games.registry import game_names
from mathplay.i18n import N_, _, _n
from mathplay.puzzles.kinds.base import Field, Kind, KindError, Result
from mathplay.puzzles.kinds.drawing import Plan, Retry
from mathplay.puzzles.kinds.reveal import number_tokens
from mathplay.puzzles.model import Puzzle

__all__ = ["GAMES", "Move", "asked_direction", "direction_of", "game_class"]

GAMES = game_names()
_ROW = re.compile(r"row (\d+) of the diagram|^[A-Z](\d+) in the diagram")

#: The words of a prompt that ask for a move going down, or across, in the languages the
#: lessons are written in (English, Spanish, Malay, Greek; a move's notation says "down"
#: and "across" in all of them, so the translated prompts use those words too).
_WAYS = {
    "down": re.compile(
        r"\b(?:down(?:wards?)?|vertical(?:ly)?|abajo|menegak|ke bawah|κάθετ\w*|"
        r"κατακόρυφ\w*|προς τα κάτω)\b",
        re.IGNORECASE,
    ),
    "across": re.compile(
        r"\b(?:across|horizontal(?:ly)?|mendatar|melintang|οριζόντι\w*)\b", re.IGNORECASE
    ),
}
#: "Write it down" asks for no direction.
_NOT_A_WAY = re.compile(
    r"\b(?:write|writing|wrote|written|note|jot|put|set)(?: \w+)? down\b", re.IGNORECASE
)


def asked_direction(prompt: str) -> str | None:
    """The way a prompt asks the move to go, ``"down"`` or ``"across"``; ``None`` when
    it names neither way, or both ("write the first square, across or down, …").

    >>> asked_direction("This time, try one that goes down.")
    'down'
    >>> asked_direction("Esta vez, prueba con una que vaya down (en vertical).")
    'down'
    >>> asked_direction("Write the first square, across or down, and the sum.") is None
    True
    """
    text = _NOT_A_WAY.sub(" ", prompt)
    ways = [way for way, words in _WAYS.items() if words.search(text)]
    return ways[0] if len(ways) == 1 else None


def direction_of(move: str) -> str | None:
    """The way a move in notation goes (``"E2 down 7-3=4"``: ``"down"``); ``None`` for
    a move of one tile (Mixmath's ``"H6 8"``)."""
    words = move.split()
    if len(words) > 2 and words[1].lower() in _WAYS:
        return words[1].lower()
    return None


def game_class(name: str) -> Any:
    """The engine class for a game name; a clear KindError if it is not one."""
    info = GAMES_INFO.get(name)
    if info is None:
        raise KindError(
            "game",
            _(
                "the {game} game is not available in this version of mathplay yet; "
                "update mathplay, or use another game"
            ).format(game=name.capitalize()),
        )
    return info.cls


#: Column letters go from A to Z, so no board is wider (or, being square, taller).
MAX_SIZE = 26
#: The longest text of one square of a diagram, and of one word and all of a hand.
MAX_CELL = 10
MAX_HAND = 60


def _check_sizes(diagram: str, hand: str) -> None:
    """KindError for a diagram or hand too big for any game, before the engine reads it."""
    rows = diagram_rows(diagram)
    if len(rows) > MAX_SIZE:
        raise KindError(
            "diagram",
            _("the diagram has {n} rows; a board has at most {most} (columns A to Z)").format(
                n=len(rows), most=MAX_SIZE
            ),
        )
    for number, row in enumerate(rows, start=1):
        if len(row) > MAX_SIZE:
            raise KindError(
                "diagram",
                _(
                    "row {row} of the diagram has {n} cells; a board has at most {most} "
                    "columns (A to Z)"
                ).format(row=number, n=len(row), most=MAX_SIZE),
                number,
            )
        for cell in row:
            if len(cell) > MAX_CELL:
                raise KindError(
                    "diagram",
                    _("row {row} of the diagram: '{cell}…' is too long for one square").format(
                        row=number, cell=cell[:MAX_CELL]
                    ),
                    number,
                )
    if len(hand) > MAX_HAND or any(len(word) > 2 * MAX_CELL for word in hand.split()):
        raise KindError(
            "hand",
            _('the hand is too long: it holds a few tiles, like "5 7 12 2" or "12+3"'),
        )


def build_game(name: str, diagram: str, hand: str) -> Any:
    """The position of a puzzle: one player, to move, holding ``hand``."""
    cls = game_class(name)
    _check_sizes(diagram, hand)
    try:
        return cls.from_diagram(diagram, hands=[hand])
    except MathplayError as error:
        refused = error
    # Whose fault: the diagram's (it cannot be read even with an empty hand), or the hand's.
    try:
        cls.from_diagram(diagram, hands=[""])
    except MathplayError as error:
        match = _ROW.search(str(error))
        row = int(match.group(1) or match.group(2)) if match else None
        raise KindError(
            "diagram",
            _("the diagram is not a {game} position: {e}").format(game=name, e=error),
            row,
        ) from None
    raise KindError("hand", _("the hand cannot be used: {e}").format(e=refused)) from None


def _buildable(name: str, diagram: str, hand: str) -> None:
    """Raises KindError as :func:`build_game` does; a position found buildable with a
    game's engine is not built again to be checked (a practice checks one puzzle's
    answers many times)."""
    _built(name, game_class(name), diagram, hand)


@lru_cache(maxsize=256)
def _built(name: str, engine: Any, diagram: str, hand: str) -> None:
    build_game(name, diagram, hand)


@lru_cache(maxsize=64)
def _ranked(name: str, diagram: str, hand: str) -> tuple[tuple[str, int], ...]:
    game = build_game(name, diagram, hand)
    moves = [(str(m), int(m.score or 0)) for m in game.legal_moves()]
    return tuple(sorted(moves, key=lambda ms: -ms[1]))


def _places_tiles(move: Any) -> bool:
    return hasattr(move, "squares") or hasattr(move, "square")


class Move(Kind):
    name = "move"
    title: ClassVar[str] = N_("Game moves")
    levels: ClassVar[dict[int, str]] = {
        1: N_("Summy 9x9 table after 1 to 3 moves: any legal move"),
        2: N_("Summy 9x9: a move scoring at least N"),
        3: N_("Summy 9x9: the best move"),
        4: N_("Mixmath: the best placement"),
        5: N_("Binary: the best move"),
        6: N_("Binary: a move scoring at least N"),
    }
    #: {DW} and {TW} are the squares' labels, as the board's legend shows them (PD, 2P).
    level_hints: ClassVar[dict[int, tuple[str, ...]]] = {
        1: (N_("Any true sum that joins the table counts: start with a short one."),),
        2: (N_("Special squares raise the score: look for a move that covers one."),),
        3: (N_("Compare a few moves: long ones and ones on special squares score most."),),
        4: (N_("Look at the empty squares next to two numbers in a line."),),
        5: (N_("Look for a short true sum in binary, like 1+1=10, that joins the board."),),
        6: (
            N_("Look for a short true line in binary, like 1+1=10, that joins the board."),
            N_(
                "A line with a big value gets a big bonus, and {DW} and {TW} squares double "
                "or triple it."
            ),
        ),
    }
    fields: ClassVar[dict[str, Field]] = {
        "game": Field("text", required=True, choices=GAMES, example='"summy"'),
        "diagram": Field("text", required=True, example='"""…"""'),
        "hand": Field("text", required=True, example='"12+3x456"'),
        "goal": Field("text", choices=("any", "at-least", "best"), example='"best"'),
        "points": Field("int", example="20"),
    }
    default_prompt = N_("Find a move with the tiles in your hand.")

    def read(self, puzzle: Puzzle) -> tuple[dict[str, Any], str, int]:
        data = self.read_fields(puzzle)
        goal = data.get("goal", "any")
        points = data.get("points", 0)
        if goal == "at-least" and "points" not in data:
            raise KindError("goal", _('with goal = "at-least", say how many: points = 20'))
        if goal != "at-least" and "points" in data:
            raise KindError(
                "points", _('points is for goal = "at-least"; remove it or change the goal')
            )
        _buildable(data["game"], data["diagram"], data["hand"])
        return data, goal, points

    def game(self, puzzle: Puzzle) -> Any:
        """A fresh game in the puzzle's position."""
        data, _goal, _points = self.read(puzzle)
        return build_game(data["game"], data["diagram"], data["hand"])

    def question(self, puzzle: Puzzle) -> str:
        data, goal, points = self.read(puzzle)
        hand = " ".join(self.game(puzzle).hands[0])
        wanted = {
            "any": _("any legal move"),
            "best": _("the best move"),
            "at-least": _("a move scoring at least {n}").format(n=points),
        }[goal]
        return _("{game}: your tiles {hand}; find {wanted}").format(
            game=data["game"].capitalize(), hand=hand, wanted=wanted
        )

    def _meets(self, goal: str, points: int, score: int, best: int) -> bool:
        if goal == "best":
            return score == best
        if goal == "at-least":
            return score >= points
        return True

    def solutions(self, puzzle: Puzzle, limit: int = 2) -> list[str]:
        data, goal, points = self.read(puzzle)
        ranked = _ranked(data["game"], data["diagram"], data["hand"])
        best = ranked[0][1] if ranked else 0
        return [m for m, s in ranked if self._meets(goal, points, s, best)][:limit]

    def asked_direction(self, puzzle: Puzzle) -> str | None:
        """The way the puzzle's prompt asks the move to go (:func:`asked_direction`)."""
        return asked_direction(self.prompt(puzzle))

    def solutions_going(self, puzzle: Puzzle, way: str | None) -> list[str]:
        """Every right move that goes ``way`` (every right move for ``None``), best
        first, moves of one score by notation (as hints rank them)."""
        data, goal, points = self.read(puzzle)
        ranked = _ranked(data["game"], data["diagram"], data["hand"])
        best = ranked[0][1] if ranked else 0
        right = sorted(
            ((m, s) for m, s in ranked if self._meets(goal, points, s, best)),
            key=lambda ms: (-ms[1], ms[0]),
        )
        return [m for m, _s in right if way is None or direction_of(m) == way]

    def key(self, puzzle: Puzzle) -> str:
        """The one move shown as this puzzle's answer, wherever it is shown (answer
        keys, the teacher's page, the end check's review, the worked solution): the
        author's ``answer`` when it is right, else the best right move that goes the way
        the prompt asks (when one does), else the best right move; ``""`` if none."""
        if puzzle.answer:
            result = self._judged(puzzle, puzzle.answer)
            if result is not None and result.right:
                return str(result.answer)
        way = self.asked_direction(puzzle)
        going = self.solutions_going(puzzle, way) if way else []
        found = going or self.solutions_going(puzzle, None)
        return found[0] if found else ""

    def _judged(self, puzzle: Puzzle, answer: str) -> Result | None:
        try:
            return self.judge(puzzle, answer)
        except (KindError, MathplayError):
            return None

    def _key_move(self, puzzle: Puzzle, game: Any) -> Any | None:
        """The move of :meth:`key` in ``game`` (the puzzle's position), with its score."""
        wanted = " ".join(self.key(puzzle).split()).upper()
        if not wanted:
            return None
        found = game.best_moves(1, where=lambda move: " ".join(str(move).split()).upper() == wanted)
        return found[0] if found else None

    def prompt(self, puzzle: Puzzle) -> str:
        """The instruction; for a Mixmath hand with a blank ``?``, what the blank is."""
        text = super().prompt(puzzle)
        if self._has_blank(puzzle) and "?" not in text:
            text += " " + _BLANK_RULE()
        return text

    @staticmethod
    def _has_blank(puzzle: Puzzle) -> bool:
        hand = puzzle.fields.get("hand")
        game = puzzle.fields.get("game")
        # A blank in a game placed tile by tile (Mixmath) stands for a number typed with it.
        tile_by_tile = game in GAMES_INFO and not GAMES_INFO[str(game)].line_moves
        return tile_by_tile and isinstance(hand, str) and "?" in hand

    def placeholder(self, puzzle: Puzzle) -> str:
        """``your move, like I7 3``, with an example that is not a right answer."""
        game = str(puzzle.fields.get("game"))
        examples = EXAMPLES.get(game, EXAMPLES["binary"])
        chosen = next((e for e in examples if not self._right(puzzle, e)), examples[-1])
        return _("your move, like {e}").format(e=move_said(chosen))

    def _right(self, puzzle: Puzzle, move: str) -> bool:
        try:
            return self.judge(puzzle, move).right
        except (KindError, MathplayError):
            return False

    def answers_in(self, puzzle: Puzzle, text: str, allowed: tuple[str, ...] = ()) -> str | None:
        """A right move written in ``text`` (like ``I7 3`` or ``B5 across 1+2=3``)."""
        given = {" ".join(item.split()).upper() for item in allowed}
        for match in _MOVE_TEXT.finditer(text):
            words = match.group(0).split()
            # The longest piece that is a right move: "I7 3." or "B5 across 1+2=3 fits".
            for end in range(len(words), 1, -1):
                candidate = " ".join(words[:end]).rstrip(".,;:!?")
                if candidate.upper() in given:
                    break
                if self._right(puzzle, candidate):
                    return candidate
        return None

    def judge(self, puzzle: Puzzle, answer: str) -> Result:
        data, goal, points = self.read(puzzle)
        game = build_game(data["game"], data["diagram"], data["hand"])
        try:
            move = game.parse_move(answer)
        except MathplayError as error:
            return Result(False, _("I can't read that move: {e}.").format(e=error), answer, False)
        if not _places_tiles(move):
            return Result(
                False,
                _("Put tiles on the board: write a move like {example}.").format(
                    example=_example(data["game"])
                ),
                answer,
                False,
            )
        try:
            score = game.play(move)
        except MathplayError as error:
            # What is wrong, in plain words: the reason without the move repeated and
            # without rule ids (those stay on the exception), as the boards say it.
            reason = without_rule_ids(str(getattr(error, "reason", None) or error))
            tile_by_tile = not GAMES_INFO[data["game"]].line_moves
            fits = tile_by_tile and bool(_RESULTS_LIST.search(reason))
            return Result(
                False,
                _("That move is not allowed: {e}.").format(e=pretty(reason)),
                answer,
                mistake="fit" if fits else "not-allowed",
            )
        played = game.history[-1].move
        if goal == "any":
            return Result(
                True,
                _n(
                    "Right! {m} is a legal move, for {s} point.",
                    "Right! {m} is a legal move, for {s} points.",
                    score,
                ).format(m=move_said(played), s=score),
                played,
            )
        ranked = _ranked(data["game"], data["diagram"], data["hand"])
        best = ranked[0][1] if ranked else 0
        if self._meets(goal, points, score, best):
            return Result(
                True,
                _n("Right! {m} scores {s} point.", "Right! {m} scores {s} points.", score).format(
                    m=move_said(played), s=score
                ),
                played,
            )
        if goal == "at-least":
            return Result(
                False,
                _n(
                    "{m} is legal, but it scores {s} point: find a move that scores at least {n}.",
                    "{m} is legal, but it scores {s} points: find a move that scores at least {n}.",
                    score,
                ).format(m=move_said(played), s=score, n=points),
                played,
                mistake="too-few",
            )
        return Result(
            False,
            _n(
                "{m} is legal and scores {s} point, but a better move scores {b}.",
                "{m} is legal and scores {s} points, but a better move scores {b}.",
                score,
            ).format(m=move_said(played), s=score, b=best),
            played,
            mistake="better",
        )

    def pinpoints(self, puzzle: Puzzle, text: str, answer: str) -> bool:
        """A right move written in ``text``, or a square of ``text`` with a number of
        ``text`` or of the hand that makes a right move there ("5 at I7: 1+2 is 3 …" when
        the pupil holds a 3 that is right at I7)."""
        if super().pinpoints(puzzle, text, answer):
            return True
        data, _goal, _points = self.read(puzzle)
        if GAMES_INFO[data["game"]].line_moves:
            return False  # only a move of one tile is written as a square and a number
        squares = set(_SQUARE.findall(text))
        numbers = set(number_tokens(text)) | set(re.findall(r"[0-9]+", str(data["hand"])))
        given = " ".join(answer.split()).upper()
        for square in squares:
            for number in numbers:
                move = f"{square} {number}"
                if move.upper() != given and self._right(puzzle, move):
                    return True
        return False

    def auto_hints(self, puzzle: Puzzle) -> list[str]:
        """A nudge, then a stronger one, towards the move of :meth:`key`."""
        game = self.game(puzzle)
        blank = [_BLANK_RULE()] if self._has_blank(puzzle) else []
        move = self._key_move(puzzle, game)
        if move is None:
            return [*blank, game.hint(level=1).text, game.hint(level=2).text]
        return [*blank, hint_for(game, move, 1).text, hint_for(game, move, 2).text]

    def explain(self, puzzle: Puzzle) -> str:
        """The move of :meth:`key`, with the arithmetic that makes it right and its points."""
        game = self.game(puzzle)
        move = self._key_move(puzzle, game)
        if move is None:
            return str(game.hint(level=3).text)
        return str(hint_for(game, move, 3).text)

    def draw(self, rng: random.Random, level: int, plan: Plan) -> dict[str, Any]:
        return draw(rng, level, plan)


#: Example moves for the answer box, per game; the first that is not a right answer is shown.
EXAMPLES = {name: info.move_examples for name, info in GAMES_INFO.items()}

#: A Mixmath refusal that lists what the neighbours make ("1+2 is 3, … — none is 5").
_RESULTS_LIST = re.compile(r"\bis [0-9]+\b.*(?:none is|not) [0-9?]+", re.DOTALL)
_SQUARE = re.compile(r"\b([A-N](?:1[0-4]|[1-9]))\b")

#: A move written in a pupil's text, its direction in any language's words (the log's).
_MOVE_TEXT = re.compile(
    r"\b[A-Z][0-9]{1,2}\s+(?:across|down|(?:en\s+)?horizontal\w*|(?:en\s+)?vertical\w*|"
    r"mendatar|menegak|οριζ[οό]ντι\w*|κ[αά]θετ\w*|\?|[0-9])[^\n]*",
    re.IGNORECASE,
)


def _BLANK_RULE() -> str:
    return _(
        "The ? tile is a blank: it can stand for any number on a tile (0 to 90) and scores 0 "
        "points. Write ? and the number, like I7 ?3."
    )


#: How many turns a generated position is played into, at random between the two, per
#: game: Binary 1 (a blank in hand comes soon, and its moves are too many to list); Mixmath
#: 4 to 12 tiles, so the best placement is not near the start numbers every time (1 to 3
#: made one answer, H6 8, 28 % of them); Summy 1 to 3.
_WARM_UP = {"summy": (1, 3), "mixmath": (4, 12), "binary": (1, 1)}


def _example(game: str) -> str:
    return move_said(EXAMPLES.get(game, EXAMPLES["binary"])[0])


def draw(rng: random.Random, level: int, plan: Plan) -> dict[str, Any]:
    name = {4: "mixmath", 5: "binary", 6: "binary"}.get(level, "summy")
    cls = game_class(name)
    seed = rng.randrange(10**6)
    info = GAMES_INFO[name]
    game = cls(players=2, seed=seed, **dict(info.small))
    # Positions with a blank in a line game (Binary) have too many moves to list quickly.
    low, high = _WARM_UP[name]
    turns = low if low == high else rng.randint(low, high)
    for _turn in range(turns):
        if "?" in game.hands[game.to_move] and info.line_moves:
            raise Retry
        moves = [m for m in game.legal_moves() if hasattr(m, "score")]
        if not moves:
            break
        game.play(rng.choice(sorted(moves, key=str)))
        if not info.line_moves:  # a tile placed: the turn ends
            game.play("end")
    if "?" in game.hands[game.to_move] and info.line_moves:
        raise Retry
    board = game.board
    rows = [" ".join(board[(r, c)] or "." for c in range(board.size)) for r in range(board.size)]
    hand = game.hands[game.to_move]
    goal = {1: "any", 2: "at-least", 6: "at-least"}.get(level, "best")
    data: dict[str, Any] = {
        "game": name,
        "diagram": "\n".join(rows) + "\n",
        "hand": (" " if info.spaced else "").join(hand),
        "goal": goal,
    }
    if goal == "at-least":
        scores = [s for _m, s in _ranked(name, data["diagram"], data["hand"])]
        if not scores:
            raise Retry
        data["points"] = scores[len(scores) // 4]
    return data
