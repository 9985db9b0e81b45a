"""An obviously-correct (and slow) Mixmath move generator, for checking the real one.

It tries every square of the board with every tile of the rack (a blank with every
number of the tile set) and keeps what the game's own placement check accepts. Only for
strict mode, where that check refuses every wrong placement.
"""

from __future__ import annotations

from mathplay.errors import IllegalMoveError
from mathplay.games.mixmath import BLANK_VALUES, Mixmath, Placement


def brute_force_moves(game: Mixmath) -> set[str]:
    """Every legal placement as ``"<square> <token> <score>"``."""
    assert game.mode == "strict"
    if game.is_over:
        return set()
    rack = game.hands[game.to_move]
    tokens: set[str] = set()
    for tile in rack:
        tokens.update(f"?{v}" for v in BLANK_VALUES) if tile == "?" else tokens.add(tile)
    found: set[str] = set()
    for row in range(14):
        for column in range(14):
            for token in tokens:
                try:
                    checked, score = game._validate(Placement((row, column), token))
                except IllegalMoveError:
                    continue
                found.add(f"{checked} {score}")
    return found


def listed_moves(game: Mixmath) -> list[str]:
    """``legal_moves()`` in the same form (a list, to see duplicates)."""
    return [f"{m} {m.score}" for m in game.placements()]


def _allowed(a: int, b: int, sign: str | None) -> set[int]:
    """M4 written out plainly: what a and b allow, on a square with ``sign`` (or none)."""
    results = {
        "+": {a + b},
        "−": {abs(a - b)},
        "×": {a * b},
        "÷": {x // y for x, y in ((a, b), (b, a)) if y != 0 and x % y == 0},
    }
    if sign is None:
        return set().union(*results.values())
    return results[sign]


def independent_moves(game: Mixmath) -> set[str]:
    """M4 and M5 without the game's own code (no variants): every placement and score."""
    assert game.options == type(game.options)(players=game.players, mode=game.mode)
    if game.is_over:
        return set()
    board = game.board
    rack = game.hands[game.to_move]

    def number(square: tuple[int, int]) -> int | None:
        r, c = square
        if not (0 <= r < 14 and 0 <= c < 14) or board[square] is None:
            return None
        return int(str(board[square]).lstrip("?"))

    found: set[str] = set()
    for r in range(14):
        for c in range(14):
            if board[(r, c)] is not None:
                continue
            kind = game.square_kind((r, c))
            sign = kind.value if kind is not None and kind.is_sign else None
            premium = kind.premium if kind is not None else 1
            directions = []
            for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)):
                a, b = number((r + dr, c + dc)), number((r + 2 * dr, c + 2 * dc))
                if a is not None and b is not None:
                    directions.append(_allowed(a, b, sign))
            name = f"{'ABCDEFGHIJKLMN'[c]}{r + 1}"
            for tile in set(rack):
                for value in BLANK_VALUES if tile == "?" else (int(tile),):
                    n = sum(value in allowed for allowed in directions)
                    if n:
                        face = 0 if tile == "?" else value
                        token = f"?{value}" if tile == "?" else tile
                        found.add(f"{name} {token} {face * n * premium}")
    return found
