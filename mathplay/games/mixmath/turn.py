"""The checks of the moves that are not placements: draw, end, exchange or pass (M6, M7),
and challenge (M8). Each returns the move and its points, or raises
``IllegalMoveError`` naming the rule; none changes the position.

>>> from mathplay import Mixmath
>>> game = Mixmath(players=2, seed=3)
>>> check_turn_action(game._pos, Exchange(()), game.options)
(Exchange(tokens=()), 0)
>>> check_turn_action(game._pos, Challenge(), game.options)
Traceback (most recent call last):
...
mathplay.errors.IllegalMoveError: challenges are for challenge mode; ...
"""

from __future__ import annotations

from mathplay.errors import IllegalMoveError
from mathplay.games.mixmath.moves import Challenge, Draw, EndTurn, Exchange, MixmathMove
from mathplay.games.mixmath.position import MixmathPosition, take_from_rack
from mathplay.games.mixmath.rules import BONUS, RACK_SIZE, MixmathOptions
from mathplay.games.move_words import move_said
from mathplay.i18n import _

__all__ = ["check_challenge", "check_turn_action"]


def check_turn_action(
    pos: MixmathPosition, move: MixmathMove, options: MixmathOptions
) -> tuple[MixmathMove, int]:
    """Check a draw, end, exchange, pass or challenge in ``pos``; return it and its points
    (the rack-clear bonus for an end that empties a full rack, M7)."""
    rack = pos.hands[pos.to_move]
    if isinstance(move, Draw):
        if not pos.can_draw:
            raise IllegalMoveError(
                _("draw takes one extra tile right after a placement on a sign square (M6)"),
                rule="M6",
            )
        if not pos.bag:
            raise IllegalMoveError(_("the bag is empty: there is no tile to draw (M6)"), rule="M6")
        return move, 0
    if isinstance(move, EndTurn):
        if pos.turn_placements == 0:
            raise IllegalMoveError(
                _("you have placed no tile this turn: play pass or exchange instead (M6)"),
                rule="M6",
            )
        bonus = BONUS if pos.turn_start_rack >= RACK_SIZE and not rack else 0
        return move, bonus
    if isinstance(move, Exchange):
        word = _("exchange") if move.tokens else _("pass")
        if pos.turn_placements:
            raise IllegalMoveError(
                _(
                    "you have placed tiles this turn, so you cannot {word} now: play end (M6)"
                ).format(word=word),
                rule="M6",
            )
        take_from_rack(rack, move.tokens, rule="M6")
        if len(move.tokens) > len(pos.bag):
            raise IllegalMoveError(
                _("the bag holds {count} tiles, too few to exchange {wanted} (M6)").format(
                    count=len(pos.bag), wanted=len(move.tokens)
                ),
                rule="M6",
            )
        return move, 0
    assert isinstance(move, Challenge)
    return check_challenge(pos, options, move)


def check_challenger(pos: MixmathPosition, options: MixmathOptions, move: Challenge) -> int:
    """M8: who challenges (from 0), once it is clear that they may: challenge mode, a
    placement to challenge, and a player other than the one who placed it."""
    if options.mode != "challenge":
        raise IllegalMoveError(
            _(
                "challenges are for challenge mode; in strict mode every placement is "
                "checked as it is made (M8)"
            ),
            rule="M8",
        )
    if len(pos.hands) < 2:
        raise IllegalMoveError(
            _("a challenge is another player's: a game for one has nobody to challenge (M8)"),
            rule="M8",
        )
    challenger = move.by if move.by is not None else (pos.to_move + 1) % len(pos.hands)
    if not 0 <= challenger < len(pos.hands):
        raise IllegalMoveError(
            _("there is no player {n} in this game (M8)").format(n=challenger + 1), rule="M8"
        )
    if challenger == pos.to_move:
        raise IllegalMoveError(
            _(
                "player {n} made the last placement and cannot challenge it: another "
                "player challenges (M8)"
            ).format(n=challenger + 1),
            rule="M8",
        )
    if pos.last_placement is None:
        raise IllegalMoveError(
            _(
                "there is no placement to challenge: a challenge comes right after the "
                "placement, before the next one (M8)"
            ),
            rule="M8",
        )
    return challenger


def check_challenge(
    pos: MixmathPosition, options: MixmathOptions, move: Challenge
) -> tuple[MixmathMove, int]:
    """M8: a challenge of the last placement succeeds when that placement is wrong; it then
    takes the placement's points back. The move returned records who challenged."""
    challenger = check_challenger(pos, options, move)
    last = pos.last_placement
    assert last is not None
    if last.equations:
        raise IllegalMoveError(
            _("the challenge fails: {move} makes {n} equation(s) and stands (M8)").format(
                move=move_said(last), n=last.equations
            ),
            rule="M8",
        )
    return Challenge(by=challenger), -(last.score or 0)
