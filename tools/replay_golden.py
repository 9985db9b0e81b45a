"""Seeded games of every game and level, as move lists: a check that a refactor of the
computer players changes no move.

    python tools/replay_golden.py > before.json      # on the commit before
    python tools/replay_golden.py > after.json       # on the change
    cmp before.json after.json

Each game is played to the end (or ``--turns`` plies) by two seeded computer players;
hints are asked at every turn, so the hint code is covered too. The players' clocks are
a far safety net (10 s) that no position here reaches, so the lists do not depend on the
machine's speed.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

import mathplay
from mathplay.ai.hints import hint
from mathplay.ai.players import make_player

GAMES: dict[str, list[dict[str, Any]]] = {
    "summy": [{"players": 2, "size": 9}, {"players": 2, "size": 15}],
    "mixmath": [{"players": 2}, {"players": 2, "mode": "challenge"}, {"players": 3}],
    "binary": [{"players": 2}],
}
PAIRS = [("easy", "medium"), ("medium", "hard"), ("hard", "hard")]


def play(name: str, options: dict[str, Any], seed: int, pair: tuple[str, str], turns: int) -> Any:
    game = getattr(mathplay, name.capitalize())(seed=seed, **options)
    seats = [make_player(pair[i % 2], seed=seed + i) for i in range(game.players)]
    hints = []
    for _ in range(turns):
        if game.is_over:
            break
        found = hint(game, level=3)
        hints.append(str(getattr(found, "text", found)))
        seats[game.to_move].play_turn(game)
    return {"moves": [entry.move for entry in game.history], "hints": hints}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=2)
    parser.add_argument("--turns", type=int, default=30)
    args = parser.parse_args()
    out = {}
    for name, option_sets in GAMES.items():
        for options in option_sets:
            for seed in range(1, args.seeds + 1):
                for pair in PAIRS:
                    key = f"{name} {json.dumps(options, sort_keys=True)} seed {seed} {pair}"
                    out[key] = play(name, options, seed, pair, args.turns)
    print(json.dumps(out, indent=1, sort_keys=True))


if __name__ == "__main__":
    main()
