"""Seeded tournaments between computer players, to measure their strength.

    python -m mathplay.tournament --game summy --players greedy,strong --games 200 --seed 1

Each game is seeded (game ``i`` uses seed ``seed + i``) and the players alternate who
starts. Prints wins with a 95% confidence interval for the share won, draws, mean
scores and the first player's mean lead (each with a 95% confidence interval), and the
mean and median seconds per game. Games are noisy: two runs of 200 games of the same
players often differ by a few per cent, which the intervals show.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from mathplay.ai import make_player
from mathplay.core.state import AnyGame
from mathplay.errors import MathplayError, OptionsError
from mathplay.games.registry import GAMES, game_names
from mathplay.i18n import _, _n

__all__ = ["MatchResult", "main", "new_game", "play_game", "run_match", "win_share_interval"]


def new_game(name: str, seed: int, **options: Any) -> Any:
    """A new two-player game of the game called ``name`` (``summy``, ``mixmath``,
    ``binary``: the registry's names, :func:`mathplay.games.registry.game_names`)."""
    info = GAMES.get(name.strip().lower())
    if info is None:
        raise OptionsError(f"unknown game {name!r}: choose {', '.join(game_names())}")
    return info.cls(players=2, seed=seed, **options)


def play_game(game: AnyGame, players: Sequence[Any], max_turns: int = 2000) -> Any:
    """Let ``players`` (one per seat) play ``game`` to the end; returns the game."""
    turns = 0
    while not game.is_over:
        players[game.to_move].play_turn(game)
        turns += 1
        if turns > max_turns:
            raise RuntimeError(f"the game did not end after {max_turns} turns")
    return game


@dataclass
class MatchResult:
    """Results of a match between two kinds of player, from the first kind's side."""

    names: tuple[str, str]
    wins: list[int] = field(default_factory=lambda: [0, 0])
    draws: int = 0
    scores: list[list[int]] = field(default_factory=lambda: [[], []])
    seconds: list[float] = field(default_factory=list)

    @property
    def games(self) -> int:
        return self.draws + sum(self.wins)

    def report(self) -> str:
        lines = [
            _n("{a} vs {b}: {n} game", "{a} vs {b}: {n} games", self.games).format(
                a=self.names[0], b=self.names[1], n=self.games
            )
        ]
        for i, name in enumerate(self.names):
            share = 100.0 * self.wins[i] / self.games if self.games else 0.0
            low, high = win_share_interval(self.wins[i], self.games)
            mean, half = _mean_ci(self.scores[i])
            lines.append(
                _(
                    "  {name:>8}: {wins} wins ({share:.1f}%, 95% interval {low:.1f}–{high:.1f}%),"
                    " mean score {mean:.1f} ± {half:.1f}"
                ).format(
                    name=name,
                    wins=self.wins[i],
                    share=share,
                    low=100 * low,
                    high=100 * high,
                    mean=mean,
                    half=half,
                )
            )
        lines.append(_("  draws: {draws}").format(draws=self.draws))
        if self.scores[0]:
            lead, half = _mean_ci([a - b for a, b in zip(self.scores[0], self.scores[1])])
            lines.append(
                _("  {name} leads by {lead:.1f} ± {half:.1f} points a game").format(
                    name=self.names[0], lead=lead, half=half
                )
            )
        if self.seconds:
            lines.append(
                _("  seconds per game: mean {mean:.2f}, median {median:.2f}").format(
                    mean=statistics.mean(self.seconds), median=statistics.median(self.seconds)
                )
            )
        return "\n".join(lines)


def win_share_interval(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% confidence interval (Wilson score) of the share of ``games`` won, from
    ``wins``: how far the true share may lie from what a match of this length showed.

    >>> [round(x, 3) for x in win_share_interval(8, 10)]
    [0.49, 0.943]
    >>> win_share_interval(0, 0)
    (0.0, 1.0)
    """
    if games <= 0:
        return 0.0, 1.0
    share = wins / games
    scale = 1 + z * z / games
    centre = (share + z * z / (2 * games)) / scale
    half = z * math.sqrt(share * (1 - share) / games + z * z / (4 * games * games)) / scale
    return max(0.0, centre - half), min(1.0, centre + half)


def _mean_ci(values: Sequence[int]) -> tuple[float, float]:
    """Mean and the half-width of its 95% confidence interval (normal approximation)."""
    if not values:
        return 0.0, 0.0
    mean = statistics.mean(values)
    if len(values) < 2:
        return mean, 0.0
    return mean, 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def run_match(
    game_name: str,
    kinds: tuple[str, str],
    games: int,
    seed: int = 1,
    progress: bool = False,
    **options: Any,
) -> MatchResult:
    """Play ``games`` seeded games between two kinds of player, alternating the start."""
    result = MatchResult(kinds)
    for index in range(games):
        game_seed = seed + index
        order = (0, 1) if index % 2 == 0 else (1, 0)
        seats = [make_player(kinds[k], seed=game_seed * 2 + k) for k in order]
        started = time.perf_counter()
        game = play_game(new_game(game_name, game_seed, **options), seats)
        result.seconds.append(time.perf_counter() - started)
        scores = game.scores
        by_kind = [scores[order.index(0)], scores[order.index(1)]]
        result.scores[0].append(by_kind[0])
        result.scores[1].append(by_kind[1])
        if by_kind[0] == by_kind[1]:
            result.draws += 1
        else:
            result.wins[0 if by_kind[0] > by_kind[1] else 1] += 1
        if progress:
            print(f"game {index + 1}/{games}: {by_kind[0]}-{by_kind[1]}", file=sys.stderr)
    return result


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m mathplay.tournament", description=__doc__)
    parser.add_argument("--game", default="summy", choices=game_names())
    parser.add_argument("--players", default="greedy,strong", help="two kinds, comma-separated")
    parser.add_argument("--games", type=_positive, default=20, help="how many games (1 or more)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--progress", action="store_true")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option, such as size=15 (Summy) or order=left-to-right (Binary)",
    )
    args = parser.parse_args(argv)
    options: dict[str, Any] = {}
    for item in args.option:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            parser.error(
                _("--option takes KEY=VALUE, like size=15, not {item!r}").format(item=item)
            )
        options[key.strip()] = int(value) if value.strip().lstrip("-").isdigit() else value.strip()
    kinds = tuple(k.strip() for k in args.players.split(","))
    if len(kinds) != 2:
        parser.error(_("--players takes two kinds, like greedy,strong"))
    try:
        for kind in kinds:
            make_player(kind)
        new_game(args.game, args.seed, **options)
    except MathplayError as error:
        parser.error(str(error))
    except TypeError:
        parser.error(
            _("{game} does not take these options (check the spelling): {names}").format(
                game=args.game, names=", ".join(sorted(options))
            )
        )
    result = run_match(
        args.game, (kinds[0], kinds[1]), args.games, args.seed, args.progress, **options
    )
    print(f"{args.game}: " + result.report())
    return 0


def _positive(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(
            _("{text!r} is not a number of games (1 or more)").format(text=text)
        )
    return value


if __name__ == "__main__":
    sys.exit(main())
