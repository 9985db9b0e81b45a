"""Measure what looking one turn ahead is worth in Summy, compared with greedy's choice.

    python tools/summy_lookahead.py --seed 3001 --positions 30 --fills 20 --out own.jsonl
    python tools/summy_lookahead.py --opponent --seed 3001 --positions 30 --out opp.jsonl
    python tools/summy_lookahead.py --summary own.jsonl [more.jsonl ...]

From greedy games on the 25×25 table it takes one position a game (a random turn from the
3rd to the 11th, with at least 16 blocks in the stock). For greedy's sum and the five
next-best sums by score it computes

- the score now plus next turn's best score with the blocks kept and a fill of the hand
  from the unseen blocks (default), or
- the score now minus the opponent's best reply with a hand dealt from the unseen blocks
  (``--opponent``),

averaged over ``--fills`` fills (the same for every sum) to *choose* a sum, and over as
many other fills to *value* the choice, so that the choice is not judged by the noise it
was picked on. Each line of the output holds the gain of that choice over greedy's, and
of the leave values' choice (``mathplay.ai.summy_eval``) over greedy's, in points a turn.
The figures in ``docs/ai.md`` come from seeds 3001 and 4001, 30 positions each.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
from collections.abc import Sequence
from typing import Any

CANDIDATES = 6


def _best_score(position: Any, seat: int, hand: list[str]) -> int:
    world = position.copy()
    world._pos.to_move = seat
    world._pos.hands[seat] = hand
    return max((move.score for move in world.legal_moves()), default=0)


def _candidates(game: Any) -> list[Any]:
    """Greedy's sum first (its ties broken by a fixed seed), then the next-best sums by
    score, each once."""
    from mathplay.ai.summy_eval import choose_greedy

    moves = game.legal_moves()
    chosen = [choose_greedy(game, moves, random.Random(1))]
    seen = {str(chosen[0])}
    for move in sorted(moves, key=lambda move: (-move.score, str(move))):
        if len(chosen) == CANDIDATES:
            break
        if str(move) not in seen:
            seen.add(str(move))
            chosen.append(move)
    return chosen


def measure_position(game: Any, rng: random.Random, fills: int, opponent: bool) -> dict[str, Any]:
    """The gains over greedy's sum in one position (the player to move has a sum)."""
    from mathplay.ai.summy_eval import hand_after, leave_value

    seat = game.to_move
    candidates = _candidates(game)
    unseen = list(game._pos.bag.tiles) + [
        block for other, hand in enumerate(game.hands) if other != seat for block in hand
    ]
    pools = []
    for _ in range(2 * fills):
        pool = list(unseen)
        rng.shuffle(pool)
        pools.append(pool)
    rows = []
    for move in candidates:
        after = game.copy()
        after.play(move)
        kept = hand_after(game, move)
        if opponent:
            values = [-_best_score(after, 1 - seat, pool[:8]) for pool in pools]
        else:
            values = [_best_score(after, seat, kept + pool[: 8 - len(kept)]) for pool in pools]
        choose, value = statistics.mean(values[:fills]), statistics.mean(values[fills:])
        rows.append((move.score, choose, value, leave_value(kept)))
    picked = max(range(len(rows)), key=lambda i: rows[i][0] + rows[i][1])
    by_leave = max(range(len(rows)), key=lambda i: rows[i][0] + rows[i][3])
    greedy = rows[0][0] + rows[0][2]
    return {
        "gain": rows[picked][0] + rows[picked][2] - greedy,
        "leave_gain": rows[by_leave][0] + rows[by_leave][2] - greedy,
        "changed": picked != 0,
        "rows": rows,
    }


def measure(seed: int, positions: int, fills: int, opponent: bool, out_path: str) -> None:
    from mathplay.ai import make_player
    from mathplay.tournament import new_game

    done = 0
    game_seed = seed
    with open(out_path, "a", encoding="utf-8") as out:
        while done < positions:
            rng = random.Random(game_seed)
            game = new_game("summy", game_seed)
            players = [make_player("greedy", seed=game_seed + 1 + k) for k in range(2)]
            game_seed += 1
            target = rng.randint(2, 10)
            for turn in range(target + 1):
                if game.is_over:
                    break
                if turn == target and game.bag_size >= 16 and game.legal_moves():
                    record = measure_position(game, rng, fills, opponent)
                    out.write(json.dumps(record) + "\n")
                    out.flush()
                    done += 1
                    break
                players[game.to_move].play_turn(game)


def summary(paths: Sequence[str]) -> None:
    rows = []
    for path in paths:
        with open(path, encoding="utf-8") as lines:
            rows.extend(json.loads(line) for line in lines)
    if len(rows) < 2:
        print(f"{len(rows)} positions: too few to summarise")
        return
    for key in ("gain", "leave_gain"):
        values = [row[key] for row in rows]
        error = statistics.stdev(values) / len(values) ** 0.5
        print(f"{key}: {statistics.mean(values):+.2f} ± {error:.2f} points a turn")
    print(f"{len(rows)} positions, choice changed in {sum(row['changed'] for row in rows)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=3001)
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--fills", type=int, default=20)
    parser.add_argument("--opponent", action="store_true")
    parser.add_argument("--out", default="summy_lookahead.jsonl")
    parser.add_argument("--summary", nargs="+", metavar="JSONL")
    args = parser.parse_args()
    if args.summary:
        summary(args.summary)
    else:
        measure(args.seed, args.positions, args.fills, args.opponent, args.out)


if __name__ == "__main__":
    main()
