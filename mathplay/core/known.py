"""A game as one player may know it: what a pupil's board plays on when the game lives on
a server.

When two pupils play on their own machines (``mathplay.play_with``), the real game is
kept by the class's service; a pupil's kernel must never hold the other pupil's tiles or
the order of the bag, yet its board needs a whole game to draw, to check a move before
sending it, and to give hints. :func:`as_known_to` makes that game:

- the board, the scores, whose turn it is and the player's own tiles are the real ones;
- the tiles the player cannot see (the others' racks and the bag) are dealt again at
  random from ``seed``, **sorted first**, so the real deal cannot be worked back from it;
  the number of tiles in each rack and in the bag is the real one;
- in Mixmath, where a turn is several moves, the moves the player has made in the turn in
  progress are replayed (its history holds those alone), so the turn goes on (the tiles
  drawn in it stay where they were drawn from);
- the game's seed is ``seed``, not the real one (the real seed would tell the whole bag).

Once the game is over every tile may be shown: the game itself (a copy) is known to all.

>>> from mathplay import Summy
>>> game = Summy(players=2, seed=21, size=9)
>>> known = as_known_to(game, 0, seed=5)
>>> known.hands[0] == game.hands[0], len(known.hands[1]) == len(game.hands[1])
(True, True)
>>> known.seed, known.bag_size == game.bag_size, known.board == game.board
(5, True, True)
"""

from __future__ import annotations

import random
from typing import Any

from mathplay.core.bag import Bag
from mathplay.core.state import AnyGame, _options_dict
from mathplay.errors import MathplayError
from mathplay.i18n import _

__all__ = ["as_known_to"]


def as_known_to(game: AnyGame, player: int, seed: int = 0) -> Any:
    """A new game at ``game``'s position as seat ``player`` may know it (see the module
    docstring); ``game`` does not change."""
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < game.players:
        raise MathplayError(
            _("player must be a seat from 0 to {last}, not {value}").format(
                last=game.players - 1, value=player
            )
        )
    if game.is_over:
        return game.copy()
    turn = _turn_in_progress(game, player)
    known = _dealt_again(game, player, seed, turn)
    if known is None and turn:  # the turn could not be replayed: from where it is now
        known = _dealt_again(game, player, seed, [])
    if known is None:  # pragma: no cover - the position itself is always a start
        raise MathplayError(_("this game cannot be shown to that player"))
    return known


def _turn_in_progress(game: AnyGame, player: int) -> list[str]:
    """The moves ``player`` has made in their turn in progress (Mixmath), oldest first."""
    if game.is_over or game.to_move != player:
        return []
    moves: list[str] = []
    for entry in reversed(game.history):
        if entry.player != player:
            break
        moves.append(entry.move)
    return moves[::-1]


def _dealt_again(game: AnyGame, player: int, seed: int, turn: list[str]) -> Any:
    """The position at the start of ``turn`` with the unseen tiles dealt again from
    ``seed``, then ``turn`` replayed; ``None`` if the replay does not give back the
    player's real rack (a turn whose tiles cannot be told apart from the bag's)."""
    twin = game.copy()
    for _move in turn:
        twin.undo()
    pos = twin._pos
    drawn = max(0, len(pos.bag) - game.bag_size) if turn else 0
    # The tiles drawn in the turn are known to the player: they stay at the bag's end.
    kept = pos.bag.tiles[len(pos.bag) - drawn :] if drawn else []
    hidden = pos.bag.tiles[: len(pos.bag) - drawn]
    unseen = sorted(
        [tile for seat, hand in enumerate(pos.hands) if seat != player for tile in hand]
        + list(hidden)
    )
    random.Random(f"mathplay-known:{seed}").shuffle(unseen)
    for seat, hand in enumerate(pos.hands):
        if seat != player:
            pos.hands[seat], unseen = unseen[: len(hand)], unseen[len(hand) :]
    pos.bag = Bag(unseen + list(kept))
    known = type(game)._from_start(_options_dict(game.options), seed, twin._start_record())
    try:
        for move in turn:
            known.play(move)
    except MathplayError:
        return None
    if list(known.hands[player]) != list(game.hands[player]) or known.board != game.board:
        return None
    return known
