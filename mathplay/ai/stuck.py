"""What a hint says when the hand can make no move: which tiles to let go, and why.

The advice is what the computer players do in the same place: in Summy and Binary they
keep the part of the hand with the best measured *leave value* (``summy_eval.best_keep``,
``binary_eval.best_keep``) and discard or exchange the rest; in Mixmath they exchange
(``strategy.fallback``).

>>> from mathplay import Summy
>>> rows = [". " * 8 + "."] * 9
>>> rows[4] = ". . . . = . . . ."
>>> game = Summy.from_diagram(chr(10).join(rows), hands=["==x:+98="])
>>> print(no_move_advice(game).text)
No sum can be made with these blocks. Discard +, ×, ÷, = and =: keeping 8, 9 and one = \
gives you the best chance of a sum next turn.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from mathplay.ai import binary_eval, strategy, summy_eval
from mathplay.ai.tile_words import and_list, tile_name, tile_order
from mathplay.core.state import AnyGame
from mathplay.i18n import _

if TYPE_CHECKING:
    from mathplay.games import Binary, Mixmath, Summy

__all__ = ["Advice", "no_move_advice"]


@dataclass(frozen=True)
class Advice:
    """What to do with no move: ``text`` to show, and the ``tiles`` to let go."""

    text: str
    tiles: tuple[str, ...] = ()


def _split(hand: Sequence[str], kept: Sequence[str]) -> list[str]:
    out = list(hand)
    for token in kept:
        out.remove(token)
    return out


def _named(tokens: Sequence[str], other: Sequence[str]) -> str:
    """The tiles ``tokens`` in plain words, one name per tile; "one =" when the other
    list (what is kept, or what goes) holds the same tile too."""
    counts = Counter(tokens)
    names = []
    for token in tile_order(tokens):
        if counts[token] == 1 and token in other:
            names.append(_("one {tile}").format(tile=tile_name(token)))
        else:
            names.append(tile_name(token))
    return and_list(names)


def _summy(game: Summy) -> Advice:
    hand = list(game.hands[game.to_move])
    if not game.bag_size or not hand:
        return Advice(_("No sum can be made with this hand, and the stock is empty: pass."))
    kept, _value = summy_eval.best_keep(hand, most=len(hand) - 1)
    out = _split(hand, kept)
    if not kept:
        text = _(
            "No sum can be made with these blocks. Discard them all: none of them helps "
            "you make a sum next turn."
        )
    else:
        text = _(
            "No sum can be made with these blocks. Discard {out}: keeping {kept} gives you "
            "the best chance of a sum next turn."
        ).format(out=_named(out, kept), kept=_named(kept, out))
    return Advice(text, tuple(out))


def _binary(game: Binary) -> Advice:
    from mathplay.games.binary.rules import HAND_SIZE

    hand = list(game.hands[game.to_move])
    if game.bag_size < HAND_SIZE or not hand:
        return Advice(
            _(
                "No move can be made with these chips, and the bag has too few chips left "
                "to exchange: pass."
            )
        )
    kept, _value = binary_eval.best_keep(hand)
    out = _split(hand, kept)
    if not kept:
        text = _(
            "No move can be made with these chips. Exchange them all for new ones: none "
            "of them helps you make a move next turn."
        )
    else:
        text = _(
            "No move can be made with these chips. Exchange {out}: keeping {kept} gives "
            "you the best chance of a move next turn."
        ).format(out=_named(out, kept), kept=_named(kept, out))
    return Advice(text, tuple(out))


def _mixmath(game: Mixmath) -> Advice:
    if game.placed_this_turn:
        return Advice(_("No more placements are possible: end your turn."))
    hand = list(game.hands[game.to_move])
    action = strategy.fallback(game, random.Random(0), careful=True)
    if not action.startswith("exchange "):
        return Advice(
            _("No tile fits anywhere on the board, and you cannot exchange tiles now: pass.")
        )
    out = action.split()[1:]
    if sorted(out) == sorted(hand):
        text = _(
            "No tile fits anywhere on the board. Exchange all your tiles ({tiles}) for new "
            "ones from the bag."
        ).format(tiles=and_list([tile_name(t) for t in tile_order(out)]))
    else:
        text = _(
            "No tile fits anywhere, and the game ends if nobody places a tile: exchange "
            "{tiles}, the tiles that would cost you most at the end."
        ).format(tiles=and_list([tile_name(t) for t in tile_order(out)]))
    return Advice(text, tuple(out))


def no_move_advice(game: AnyGame) -> Advice:
    """What to do when the player to move can make no move (Summy, Binary, Mixmath)."""
    if strategy.is_summy(game):
        return _summy(game)
    if strategy.is_binary(game):
        return _binary(game)
    if strategy.is_mixmath(game):
        return _mixmath(game)
    return Advice(_("No move scores with these tiles: exchange some tiles, or pass."))
