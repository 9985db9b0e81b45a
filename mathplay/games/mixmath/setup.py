"""M3: who starts, and the first racks.

Each player draws one tile; the highest number starts, blanks counting lowest. Players
tied for the highest draw one more tile each and compare those, until one is highest.
Every tile drawn stays on its player's rack; then each rack is filled to seven. If a tie
lasts until the tied racks are full (practically never), the first tied player in seat
order starts.

>>> from mathplay.core import Bag
>>> hands, starter, draws = opening_draw(Bag(["1"] * 20 + ["5", "?", "9", "9"]), 2)
>>> draws, starter
((('9', '?'), ('9', '5')), 1)
>>> [len(h) for h in hands]
[7, 7]
"""

from __future__ import annotations

from mathplay.core import Bag
from mathplay.games.mixmath.rules import BLANK, RACK_SIZE

__all__ = ["opening_draw", "rank"]


def rank(token: str) -> int:
    """M3: a drawn tile's rank: its number, a blank lowest of all."""
    return -1 if token == BLANK else int(token)


def opening_draw(
    bag: Bag, players: int
) -> tuple[list[list[str]], int, tuple[tuple[str, ...], ...]]:
    """The racks, the starting player and the tiles each player drew to decide it."""
    hands: list[list[str]] = [[] for _ in range(players)]
    contenders = list(range(players))
    while True:
        for player in contenders:
            hands[player].extend(bag.draw(1))
        drawn = {p: rank(hands[p][-1]) if hands[p] else -2 for p in contenders}
        best = max(drawn.values())
        contenders = [p for p in contenders if drawn[p] == best]
        if len(contenders) == 1 or len(hands[contenders[0]]) >= RACK_SIZE or not bag:
            break
    draws = tuple(tuple(hand) for hand in hands)
    for hand in hands:
        hand.extend(bag.draw(RACK_SIZE - len(hand)))
    return hands, contenders[0], draws
