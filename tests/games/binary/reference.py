"""An obviously-correct (and slow) Binary move generator, for checking the real one.

It tries every start square, direction and length, every way to put hand chips on the
empty squares of that line (a blank as every chip it may stand for), and keeps what the
game's own move check accepts. Use it with small hands only.
"""

from __future__ import annotations

from itertools import permutations, product

from mathplay.core import Direction, LineMove
from mathplay.errors import IllegalMoveError
from mathplay.games.binary import Binary, chip_set


def brute_force_moves(game: Binary) -> set[str]:
    """Every legal line move as ``"<move> <score>"``."""
    pos = game._pos
    board = pos.board
    size = board.size
    hand = pos.hands[pos.to_move]
    stand_ins = [chip for chip in chip_set(game.options.xor) if chip != "?"]
    found: set[str] = set()
    for direction in Direction:
        dr, dc = direction.step
        for row in range(size):
            for col in range(size):
                for length in range(1, size + 1):
                    squares = [(row + dr * i, col + dc * i) for i in range(length)]
                    if not board.on_board(squares[-1]):
                        break
                    empties = [i for i, sq in enumerate(squares) if board[sq] is None]
                    if len(empties) > len(hand):
                        break
                    if not empties:
                        continue
                    for chosen in set(permutations(hand, len(empties))):
                        blanks = [i for i, chip in enumerate(chosen) if chip == "?"]
                        for meanings in product(stand_ins, repeat=len(blanks)):
                            chips = list(chosen)
                            for index, meaning in zip(blanks, meanings):
                                chips[index] = "?" + meaning
                            tokens = [board[sq] for sq in squares]
                            for index, chip in zip(empties, chips):
                                tokens[index] = chip
                            move = LineMove((row, col), direction, tuple(tokens))
                            try:
                                checked, _score = game._validate(move)
                            except IllegalMoveError:
                                continue
                            found.add(f"{checked} {checked.score}")
    return found
