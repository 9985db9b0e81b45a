"""Benchmark: Summy's ``legal_moves()`` against a naive generator, side by side.

Builds mid-game positions (25×25 table, 8-block hands, at least one sum possible) from
fixed seeds by letting a greedy player move, then times ``legal_moves()`` and a naive
generator on the same positions in the same run, checks that they list the same moves,
and prints medians and the ratio.

The naive generator tries every placement: for every window of a row or column that
could be a whole line (free squares at both ends, at least one block on the table and
one empty square), every arrangement of hand blocks on its empty squares, checking
each line with the rules.

    python bench/summy_moves.py [--positions 5] [--plies 8]
"""

from __future__ import annotations

import argparse
import statistics
import time
from itertools import permutations

from mathplay import IllegalMoveError, Summy
from mathplay.core import Direction, LineMove
from mathplay.games.summy import sum_problem


def naive_moves(game: Summy) -> set[str]:
    pos = game._pos
    board = pos.board
    size = board.size
    hand = pos.hands[pos.to_move]
    found: set[str] = set()
    for direction in Direction:
        dr, dc = direction.step
        for line in range(size):
            for a in range(size):
                for b in range(a + 1, size):
                    squares = [
                        (line, i) if direction is Direction.ACROSS else (i, line)
                        for i in range(a, b + 1)
                    ]
                    first, last = squares[0], squares[-1]
                    if not board.is_free((first[0] - dr, first[1] - dc)):
                        continue
                    if not board.is_free((last[0] + dr, last[1] + dc)):
                        continue
                    cells = [board[sq] for sq in squares]
                    empties = [i for i, cell in enumerate(cells) if cell is None]
                    if not empties or len(empties) == len(cells) or len(empties) > len(hand):
                        continue
                    for chosen in set(permutations(hand, len(empties))):
                        tokens = list(cells)
                        for index, token in zip(empties, chosen):
                            tokens[index] = token
                        if sum_problem(tokens) is not None:  # type: ignore[arg-type]
                            continue
                        move = LineMove(first, direction, tuple(tokens))  # type: ignore[arg-type]
                        try:
                            checked, score = game._validate(move)
                        except IllegalMoveError:
                            continue
                        found.add(f"{checked} {score}")
    return found


def positions(count: int, plies: int) -> list[Summy]:
    result = []
    seed = 0
    while len(result) < count:
        seed += 1
        game = Summy(players=2, seed=seed)
        for _ in range(plies):
            moves = game.legal_moves()
            if game.is_over:
                break
            if moves:
                game.play(max(moves, key=lambda m: (m.score, str(m))))
            else:
                game.play("discard " + "".join(game.hands[game.to_move][:4]))
        # A position where no sum can be made is trivial for both generators: skip it.
        if not game.is_over and len(game.hands[game.to_move]) == 8 and game.legal_moves():
            result.append(game)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=5)
    parser.add_argument("--plies", type=int, default=8)
    args = parser.parse_args()
    fast_times, naive_times = [], []
    for index, game in enumerate(positions(args.positions, args.plies)):
        start = time.perf_counter()
        fast = {f"{m} {m.score}" for m in game.legal_moves()}
        fast_times.append(time.perf_counter() - start)
        start = time.perf_counter()
        slow = naive_moves(game)
        naive_times.append(time.perf_counter() - start)
        agree = "agree" if fast == slow else f"DISAGREE ({len(fast ^ slow)} moves differ)"
        print(
            f"position {index + 1}: {len(fast)} moves, legal_moves {fast_times[-1] * 1000:.1f} ms, "
            f"naive {naive_times[-1]:.1f} s, {agree}"
        )
        if fast != slow:
            raise SystemExit(1)
    fast_median = statistics.median(fast_times)
    naive_median = statistics.median(naive_times)
    print(f"median legal_moves: {fast_median * 1000:.1f} ms")
    print(f"median naive:       {naive_median * 1000:.1f} ms")
    print(f"ratio naive / legal_moves: {naive_median / fast_median:.0f}x")


if __name__ == "__main__":
    main()
