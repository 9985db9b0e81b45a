"""Measure the expert Mixmath player with other weights (bench/results/ai.md, "Expert Mixmath").

    python tools/mixmath_expert_tune.py --against strong --games 60 --seed 1000 keep=0.3
    python tools/mixmath_expert_tune.py --against self --games 30 open=0.7 threat=-0.2

Each ``NAME=VALUE`` sets a field of ``mathplay.ai.mixmath_expert.TurnValue``, each
``end.NAME=VALUE`` one of ``mathplay.ai.mixmath_endgame.EndgameSearch`` (``endgame=600
end.turns=3``); ``--steps`` and ``--seconds`` set the player's budget. Game ``i`` uses
seed ``seed + i`` and the players alternate who starts, as in ``python -m
mathplay.tournament``. Prints the
expert's wins, its mean lead, the combined score (both players, after M9's rack
penalties), the racks' penalties, and the 95th percentile and slowest turn in seconds.
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import time
from collections.abc import Sequence
from typing import TypeVar

from mathplay.ai import make_player
from mathplay.ai.mixmath_endgame import ENDGAME, EndgameSearch
from mathplay.ai.mixmath_expert import TurnValue
from mathplay.ai.players import ExpertPlayer, Player
from mathplay.games.mixmath import Mixmath
from mathplay.tournament import win_share_interval

Settings = TypeVar("Settings", TurnValue, EndgameSearch)


def weights_from(pairs: Sequence[str]) -> TurnValue:
    """``TurnValue`` with the fields named in ``pairs`` (``keep=0.3``) changed."""
    return _changed(TurnValue(), [pair for pair in pairs if not pair.startswith("end.")])


def endgame_from(pairs: Sequence[str]) -> EndgameSearch:
    """``EndgameSearch`` with the fields named ``end.NAME`` in ``pairs`` changed."""
    return _changed(ENDGAME, [pair[4:] for pair in pairs if pair.startswith("end.")])


def _changed(settings: Settings, pairs: Sequence[str]) -> Settings:
    fields = {field.name: field.type for field in dataclasses.fields(settings)}
    changes: dict[str, object] = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        if not sep or name not in fields:
            raise SystemExit(f"{pair!r}: write NAME=VALUE with NAME one of {', '.join(fields)}")
        kind = fields[name]
        if kind in ("bool", bool):
            changes[name] = text.strip().lower() in ("1", "true", "yes")
        elif text.strip().lower() == "none":
            changes[name] = None
        elif kind in ("int", int):
            changes[name] = int(text)
        else:
            changes[name] = float(text)
    return dataclasses.replace(settings, **changes)  # type: ignore[type-var]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--against", default="strong", help="a kind of player, or self")
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--steps", type=int, default=ExpertPlayer.STEPS)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("weights", nargs="*", metavar="NAME=VALUE")
    args = parser.parse_args(argv)
    weights = weights_from(args.weights)
    endgame = endgame_from(args.weights)
    ExpertPlayer.STEPS, ExpertPlayer.SECONDS = args.steps, args.seconds
    combined: list[int] = []
    leads: list[int] = []
    penalties: list[int] = []
    turns: list[float] = []
    wins = 0
    for index in range(args.games):
        seed = args.seed + index
        expert = ExpertPlayer(seed=2 * seed, weights=weights, endgame=endgame)
        other: Player = (
            ExpertPlayer(seed=2 * seed + 1, weights=weights, endgame=endgame)
            if args.against == "self"
            else make_player(args.against, seed=2 * seed + 1)
        )
        seats = [expert, other] if index % 2 == 0 else [other, expert]
        game = Mixmath(players=2, seed=seed)
        while not game.is_over:
            started = time.perf_counter()
            seats[game.to_move].play_turn(game)
            turns.append(time.perf_counter() - started)
        ours, theirs = game.scores[seats.index(expert)], game.scores[seats.index(other)]
        combined.append(ours + theirs)
        leads.append(ours - theirs)
        penalties.append(sum(game.penalties))
        wins += ours > theirs
    turns.sort()
    low, high = win_share_interval(wins, args.games)
    print(f"expert {dict(weights.__dict__)} against {args.against}, {args.games} games")
    if weights.endgame:
        print(f"  endgame search {dict(endgame.__dict__)}")
    print(
        f"  wins {wins} ({100 * wins / args.games:.1f}%, 95% interval "
        f"{100 * low:.1f}–{100 * high:.1f}%), lead {statistics.mean(leads):.1f}"
    )
    print(
        f"  combined {statistics.mean(combined):.1f}, rack penalties "
        f"{statistics.mean(penalties):.1f}; turn p95 {turns[int(0.95 * len(turns))]:.3f} s,"
        f" slowest {turns[-1]:.3f} s"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
