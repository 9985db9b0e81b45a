"""An obviously-correct (and slow) Summy move generator, for checking the real one.

It tries every start square, direction and length, every way to put hand blocks on the
empty squares of that line, and keeps what the game's own move check accepts.
"""

from __future__ import annotations

from itertools import permutations

from mathplay import IllegalMoveError
from mathplay.core import Direction, LineMove


def brute_force_moves(game) -> set[str]:
    pos = game._pos
    board = pos.board
    size = board.size
    hand = pos.hands[pos.to_move]
    found: set[str] = set()
    for direction in Direction:
        dr, dc = direction.step
        for row in range(size):
            for col in range(size):
                for length in range(2, size + 1):
                    squares = [(row + dr * i, col + dc * i) for i in range(length)]
                    if not board.on_board(squares[-1]):
                        break
                    empties = [i for i, sq in enumerate(squares) if board[sq] is None]
                    if not empties:
                        continue
                    if len(empties) > len(hand):
                        break
                    for chosen in set(permutations(hand, len(empties))):
                        tokens = [board[sq] for sq in squares]
                        for index, token in zip(empties, chosen):
                            tokens[index] = token
                        move = LineMove((row, col), direction, tuple(tokens), "".join(tokens))
                        try:
                            checked, _score = game._validate(move)
                        except IllegalMoveError:
                            continue
                        found.add(f"{checked} {checked.score}")
    return found
