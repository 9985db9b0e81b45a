"""Benchmark: Binary's ``legal_moves()`` against a naive generator, on mid-game positions.

The positions come from seeded games (fixed seeds) played for a few turns by picking one
of the best five moves at random (seeded), so every hand holds nine chips and the bag is
not empty. For each position the script times ``legal_moves()`` (the best of a few runs)
and prints the median over all positions; the target is under 200 ms.

The naive generator is the straightforward way: every start square, direction and
length, every way to put hand chips on the empty squares left to right (the same chip
once per kind, a blank as every chip), keeping to the grammar of B2 while filling (no
leading zeros, no two operators in a row, one new ``=`` at most) and checking every
complete line with the game's own move check (``mathplay.check`` underneath). It is much
slower, so it runs on the first few positions only (``--naive``); the ratio compares the
two medians over those same positions, and the script checks that both find exactly the
same moves.

Run it with ``python bench/binary_moves.py`` (``--positions 15 --naive 3``).
Exit status: 0 when the two generators agree and the median is under target, else 1.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

try:
    import mathplay  # noqa: F401
except ImportError:  # run from a checkout without installing: use the repository's copy
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mathplay.core import Direction, LineMove
from mathplay.errors import IllegalMoveError
from mathplay.games.binary import Binary, chip_set
from mathplay.games.binary.checks import check_line
from mathplay.games.binary.movegen import generate_moves
from mathplay.games.binary.rules import BINARY_OPERATORS, chip_value

T = TypeVar("T")
TARGET_SECONDS = 0.200
FIRST_SEED = 20261129


def mid_game(seed: int, turns: int) -> Binary:
    """A position after ``turns`` turns of a seeded game (moves from the best five)."""
    g = Binary(players=2, seed=seed)
    rng = random.Random(seed)
    for _ in range(turns):
        moves = sorted(generate_moves(g), key=lambda m: -(m.score or 0))
        if moves:
            g.play(moves[rng.randrange(min(5, len(moves)))])
        elif g.bag_size >= 9:
            g.play("exchange " + " ".join(g.hands[g.to_move][:3]))
        else:
            g.play("pass")
    return g


def naive_moves(game: Binary) -> set[str]:
    """Every legal line move as ``"<move> <score>"``, found the straightforward way."""
    board = game._pos.board
    hand = game._pos.hands[game._pos.to_move]
    found: set[str] = set()
    for direction in Direction:
        dr, dc = direction.step
        for row in range(15):
            for col in range(15):
                for length in range(1, 16):
                    squares = [(row + dr * i, col + dc * i) for i in range(length)]
                    if not board.on_board(squares[-1]):
                        break
                    cells = [board[sq] for sq in squares]
                    if sum(cell is None for cell in cells) > len(hand):
                        break
                    move = LineMove((row, col), direction, ())
                    _naive_fill(game, move, cells, found)
    return found


def _naive_fill(game: Binary, move: LineMove, cells: list[str | None], found: set[str]) -> None:
    """Fill the empty ``cells`` of one line from the hand, left to right, keeping to the
    grammar, and keep every complete line the game's own move check accepts."""
    board = game._pos.board
    hand = game._pos.hands[game._pos.to_move]
    have = Counter(hand)
    stand_ins = [chip for chip in chip_set(game.options.xor) if chip != "?"]
    tokens: list[str] = []
    length = len(cells)

    def fill(i: int, state: int, equals: int, new_equals: int) -> None:
        # state 0: a number must start, 1: after NOT, 2: the number 0, 3: inside a number
        if i == length:
            if state < 2 or equals == 0:
                return
            line = LineMove(move.start, move.direction, tuple(tokens))
            try:
                checked = check_line(board, hand, line, game.options)
            except IllegalMoveError:
                return
            found.add(f"{checked} {checked.score}")
            return
        here = cells[i]
        if here is not None:
            options = [here]
        else:
            options = [c for c in have if have[c] > 0 and c != "?"]
            if have["?"] > 0:
                options += ["?" + c for c in stand_ins]
        for token in options:
            chip = chip_value(token)
            new = here is None
            if chip in ("0", "1"):
                if state == 2:
                    continue
                after = (3 if chip == "1" else 2) if state == 0 else 3
            elif chip == "NOT":
                if state != 0:
                    continue
                after = 1
            elif chip in BINARY_OPERATORS or chip == "=":
                if state < 2:
                    continue
                after = 0
            else:
                continue
            placed_equals = new_equals + (new and chip == "=")
            if placed_equals > 1:
                continue
            kind = "?" if token.startswith("?") else token
            if new:
                have[kind] -= 1
            tokens.append(token)
            fill(i + 1, after, equals + (chip == "="), placed_equals)
            tokens.pop()
            if new:
                have[kind] += 1

    fill(0, 0, 0, 0)


def best_time(function: Callable[[Binary], T], game: Binary, repeat: int) -> tuple[float, T]:
    """The best time of ``repeat`` calls (at least one) of ``function(game)``, and its
    result."""
    best = float("inf")
    for _ in range(max(1, repeat)):
        start = time.perf_counter()
        result = function(game)
        best = min(best, time.perf_counter() - start)
    return best, result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=15)
    parser.add_argument("--turns", type=int, default=6, help="turns played before timing")
    parser.add_argument("--naive", type=int, default=3, help="positions for the naive run")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    games = [mid_game(FIRST_SEED + i, args.turns) for i in range(args.positions)]
    fast_times = []
    for index, g in enumerate(games):
        seconds, moves = best_time(lambda game: game.legal_moves(), g, args.repeat)
        fast_times.append(seconds)
        hand = " ".join(g.hands[g.to_move])
        print(
            f"position {index:2}: {len(moves):6} moves in {seconds * 1000:7.1f} ms"
            f"  hand {hand}  bag {g.bag_size}"
        )
    median = statistics.median(fast_times)
    print(
        f"legal_moves(): median {median * 1000:.1f} ms over {len(games)} positions "
        f"(target < {TARGET_SECONDS * 1000:.0f} ms)"
    )

    agree = True
    naive_times = []
    for index, g in enumerate(games[: args.naive]):
        seconds, slow = best_time(naive_moves, g, 1)
        naive_times.append(seconds)
        fast = {f"{m} {m.score}" for m in generate_moves(g)}
        same = fast == slow
        agree &= same
        print(
            f"naive position {index:2}: {len(slow):6} moves in {seconds:7.2f} s  "
            f"{'same moves' if same else 'DIFFERENT MOVES'}"
        )
    if naive_times:
        fast_median = statistics.median(fast_times[: len(naive_times)])
        naive_median = statistics.median(naive_times)
        print(
            f"naive median {naive_median * 1000:.0f} ms, legal_moves() median "
            f"{fast_median * 1000:.1f} ms on the same {len(naive_times)} positions: "
            f"ratio {naive_median / fast_median:.0f}"
        )
    return 0 if agree and median < TARGET_SECONDS else 1


if __name__ == "__main__":
    sys.exit(main())
