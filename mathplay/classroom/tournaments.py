"""A class tournament's pairings and table: who plays whom in each round, who leads.

The teacher starts a tournament from the class's dashboard (:mod:`mathplay.hub`); this
module is the part with no server in it, so it is tested on its own:

- :func:`round_robin`: every pupil plays every other once (the circle method: with an
  odd number one pupil sits out each round, a *bye*).
- :func:`swiss_pairs`: the next round of a Swiss tournament: pupils with the most points
  play each other, never twice if it can be helped; with an odd number the last pupil
  who has not had a bye gets one.
- :func:`standings`: the table: games played, won, drawn, lost, points (a win 1, a draw
  ½, a bye in a Swiss round 1) and the game points scored, best first.

>>> for pairs in round_robin(["ana", "ben", "cai", "dan"]):
...     print(pairs)
[('ana', 'dan'), ('ben', 'cai')]
[('cai', 'ana'), ('dan', 'ben')]
[('ana', 'ben'), ('cai', 'dan')]
>>> swiss_pairs(["ana", "ben", "cai"], [], set())
[('ana', 'ben'), ('cai', None)]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

__all__ = [
    "PAIRINGS",
    "Pair",
    "Result",
    "Row",
    "round_robin",
    "standings",
    "swiss_pairs",
    "swiss_rounds",
]

#: How a tournament pairs its pupils.
PAIRINGS = ("round-robin", "swiss")

#: One game of a round: two pupils, or a pupil and ``None`` (a bye).
Pair = tuple[str, str | None]


@dataclass(frozen=True)
class Result:
    """A finished game of the tournament: its pupils in seat order, their game points,
    and who won (several: a draw)."""

    pupils: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[str, ...]


@dataclass
class Row:
    """A pupil's line in the table."""

    pupil: str
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    byes: int = 0
    points: Fraction = field(default_factory=Fraction)
    scored: int = 0


def round_robin(pupils: Sequence[str]) -> list[list[Pair]]:
    """Every round of a round robin between ``pupils`` (each pair meets once; who sits
    first changes from round to round)."""
    seats: list[str | None] = list(pupils)
    if len(seats) % 2:
        seats.append(None)
    count = len(seats)
    rounds: list[list[Pair]] = []
    for number in range(count - 1):
        pairs: list[Pair] = []
        for i in range(count // 2):
            first, second = seats[i], seats[count - 1 - i]
            if i == 0 and number % 2:
                first, second = second, first
            if first is None:
                first, second = second, None
            if first is not None:
                pairs.append((first, second))
        rounds.append(pairs)
        seats = [seats[0], seats[-1], *seats[1:-1]]  # all but the first move round
    return rounds


def swiss_rounds(pupils: int) -> int:
    """How many rounds a Swiss tournament of ``pupils`` has by default (enough to find
    a winner: the number of halvings, at least 1)."""
    rounds = 1
    while 2**rounds < pupils:
        rounds += 1
    return rounds


def swiss_pairs(pupils: Sequence[str], results: Iterable[Result], had_bye: set[str]) -> list[Pair]:
    """The next Swiss round: pupils by points (then game points, then their order in
    ``pupils``), each paired with the next one they have not played yet; a bye for the
    lowest pupil without one when the number is odd."""
    done = list(results)
    table = {row.pupil: row for row in standings(pupils, done, had_bye)}
    met = {frozenset(r.pupils) for r in done}
    order = sorted(pupils, key=lambda p: (-table[p].points, -table[p].scored, pupils.index(p)))
    pairs: list[Pair] = []
    if len(order) % 2:
        resting = next((p for p in reversed(order) if p not in had_bye), order[-1])
        order.remove(resting)
        bye: Pair | None = (resting, None)
    else:
        bye = None
    while order:
        first = order.pop(0)
        partner = next((p for p in order if frozenset((first, p)) not in met), order[0])
        order.remove(partner)
        pairs.append((first, partner))
    if bye is not None:
        pairs.append(bye)
    return pairs


def standings(
    pupils: Sequence[str], results: Iterable[Result], byes: Iterable[str] = ()
) -> list[Row]:
    """The table, best first: points, then game points scored, then name order."""
    rows = {pupil: Row(pupil) for pupil in pupils}
    for result in results:
        for pupil, score in zip(result.pupils, result.scores):
            row = rows.setdefault(pupil, Row(pupil))
            row.played += 1
            row.scored += score
            if pupil not in result.winners:
                row.lost += 1
            elif len(result.winners) == 1:
                row.won += 1
                row.points += 1
            else:
                row.drawn += 1
                row.points += Fraction(1, 2)
    for pupil in byes:
        row = rows.setdefault(pupil, Row(pupil))
        row.byes += 1
        row.points += 1
    order = {pupil: n for n, pupil in enumerate(pupils)}  # others (taken out): by name, last
    return sorted(
        rows.values(),
        key=lambda r: (-r.points, -r.scored, order.get(r.pupil, len(order)), r.pupil),
    )
