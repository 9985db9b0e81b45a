"""Sweep seeded games of all three games: is every move the engine offers one it accepts?

    python tools/legal_play_sweep.py --games 200 --seed 1
    python tools/legal_play_sweep.py --games 50 --seed 7 --game summy --plies 60 --out bad/
    python tools/legal_play_sweep.py --games 300 --seed 1000 --minutes 40

Once a Summy position was one where ``legal_moves()`` listed a sum that
``play()`` refused, so a computer player crashed the game. This sweep plays seeded games
(Summy, Mixmath and Binary, several option sets each: ``OPTIONS``) and at every ply
checks that

- every move ``legal_moves()`` lists is accepted by ``play()`` and scores what the list
  says (played, then undone; with very many moves a seeded sample of ``--sample`` of
  them, always with the best-scoring ones, the first and the last);
- the move every computer level chooses (``LEVELS``: easy, greedy (medium), strong and
  expert (hard), each on a copy of the game) is accepted too. In Summy and Binary the
  expert plays as the strong player, with the same seeded choices, so strong is run
  only in Mixmath.

The random player is not run: it plays a move of ``legal_moves()``, all of which are
checked already. A Binary hand holding a blank can have millions of moves, so there the
list is the first ``--blank-moves`` moves the generator finds.

The game goes on by a seeded choice: mostly the first move of a computer level's turn,
sometimes a random listed move, and now and then a random discard, exchange or pass (a
wrong placement in Mixmath's challenge mode), so that late and odd positions are reached
too. Nothing depends on the clock: the players' clock budgets are off while the sweep runs
(``clocks_off``), and their step budgets are kept, so the same seed sweeps the same
positions. The counts and every failure are printed; ``--out`` saves each failing
position (the game just before the failing move) as a save file.

``tests/games/test_legal_play.py`` runs a small sweep of a few games with this module.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path
from typing import Any

import mathplay
from mathplay.ai import make_player, search
from mathplay.ai.players import ExpertPlayer
from mathplay.errors import MathplayError
from mathplay.games.registry import GAMES

#: The computer players whose choices are checked at every ply (the levels people choose
#: are easy, medium = greedy and hard = expert; strong is kept for measurements).
LEVELS = ("easy", "greedy", "strong", "expert")

#: The option sets swept for each game: table sizes, players, first hands and hand size
#: for Summy (S1, D-S6); modes and the M10 variants for Mixmath; XOR chips, order of
#: operations, banned identities and bonus kinds for Binary (B1–B4). Binary's blanks are
#: part of every set (B1).
OPTIONS: dict[str, list[dict[str, Any]]] = {
    "summy": [
        {"size": 9},
        {"size": 15, "first_hand": "playable"},
        {"size": 25, "first_hand": "playable", "players": 3},
        {"size": 11, "players": 1, "hand_size": 6},
        {"size": 13, "players": 4, "first_hand": "playable"},
    ],
    "mixmath": [
        {},
        {"mode": "challenge", "players": 3},
        {"sequences": True, "powers": True, "modulo": True, "logarithms": True},
        {"players": 2, "mode": "challenge", "powers": True, "modulo": True},
        {"players": 1},
    ],
    "binary": [
        {},
        {"xor": True},
        {"order": "left-to-right", "players": 3},
        {"banned_identities": ("x1", "+0", "AND 1"), "bonus": "log2", "players": 4},
    ],
}

MAKERS: dict[str, Callable[..., Any]] = {
    "summy": mathplay.Summy,
    "mixmath": mathplay.Mixmath,
    "binary": mathplay.Binary,
}
# The games of installed plug-ins (docs/guide/plugins.md), with their default options.
for _name, _info in GAMES.items():
    MAKERS.setdefault(_name, _info.cls)
    OPTIONS.setdefault(_name, [{}])


@dataclass
class Counts:
    """What a sweep checked, and what it found wrong."""

    games: int = 0
    positions: int = 0
    #: Positions whose list was only partly made (a Binary hand with a blank).
    partial: int = 0
    #: Moves ``legal_moves()`` listed, and how many of them were played and undone.
    listed: int = 0
    moves_checked: int = 0
    #: Computer turns played on a copy, and the moves (plies) they made.
    player_turns: int = 0
    player_moves: int = 0
    failures: list[str] = field(default_factory=list)

    def add(self, other: Counts) -> None:
        """Add ``other``'s counts and failures to these."""
        self.games += other.games
        self.positions += other.positions
        self.partial += other.partial
        self.listed += other.listed
        self.moves_checked += other.moves_checked
        self.player_turns += other.player_turns
        self.player_moves += other.player_moves
        self.failures.extend(other.failures)

    def line(self) -> str:
        """The counts in one line, as the sweep and the test print them."""
        return (
            f"{self.games} games, {self.positions} positions ({self.partial} with a partial "
            f"list), {self.listed} moves listed, "
            f"{self.moves_checked} listed moves played, {self.player_turns} computer turns "
            f"({self.player_moves} moves), {len(self.failures)} failures"
        )


@contextlib.contextmanager
def clocks_off() -> Iterator[None]:
    """The players' clock budgets off (their step budgets stay), so that what they choose
    never depends on how busy the machine is; restored afterwards."""
    saved = search.SECONDS, ExpertPlayer.SECONDS
    search.SECONDS = None
    # The expert's Mixmath turn budget (``ExpertPlayer.turn_budget``) takes None too.
    setattr(ExpertPlayer, "SECONDS", None)  # noqa: B010
    try:
        yield
    finally:
        search.SECONDS, ExpertPlayer.SECONDS = saved


def listed_moves(game: Any, blank_moves: int) -> tuple[list[Any], bool]:
    """The moves ``legal_moves()`` lists, and whether that is all of them: for a Binary
    hand holding a blank, only the first ``blank_moves`` the generator finds (the exact
    best moves of such a hand take seconds; the levels' searches find the best ones, and
    their moves are checked too)."""
    if game.format_name == "mathplay.binary" and "?" in game.hands[game.to_move]:
        from mathplay.games.binary.movegen import generate_moves

        return list(islice(generate_moves(game), blank_moves)), False
    return list(game.legal_moves()), True


def sample_moves(moves: Sequence[Any], sample: int, rng: random.Random) -> list[Any]:
    """All of ``moves`` when there are at most ``sample``; otherwise the first, the last,
    the best-scoring few and a seeded random choice of the rest, ``sample`` in all."""
    if len(moves) <= sample:
        return list(moves)
    by_score = sorted(range(len(moves)), key=lambda i: -(moves[i].score or 0))
    chosen = dict.fromkeys([0, len(moves) - 1, *by_score[:3]])
    rest = [i for i in range(len(moves)) if i not in chosen]
    chosen.update(dict.fromkeys(rng.sample(rest, max(0, sample - len(chosen)))))
    return [moves[i] for i in sorted(chosen)]


def _keep(out: Path | None, label: str, game: Any) -> None:
    """Save the position of a failure as ``<out>/<label>.json``."""
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        safe = "".join(c if c.isalnum() or c in "-_" else "_" for c in label)
        (out / f"{safe[:150]}.json").write_text(game.save(), encoding="utf-8")


def check_listed(game: Any, moves: Sequence[Any], counts: Counts, where: str) -> None:
    """Play each of ``moves`` and take it back: each must be accepted and score what it
    says; the game must then be exactly as before."""
    before = game.state_key()
    for move in moves:
        counts.moves_checked += 1
        try:
            score = game.play(move)
        except Exception as error:  # any error is a failure to report, not to stop on
            counts.failures.append(f"{where}: listed {move} refused: {_named(error)}")
            continue
        game.undo()
        if move.score is not None and score != move.score:
            counts.failures.append(f"{where}: listed {move} scores {score}, listed {move.score}")
    if game.state_key() != before:
        counts.failures.append(f"{where}: playing and undoing the listed moves changed the game")


def _named(error: BaseException) -> str:
    return f"{type(error).__name__}: {error}"


def levels_for(game: Any) -> tuple[str, ...]:
    """The levels checked in ``game``: all of ``LEVELS``, but in Summy and Binary not
    strong when the expert is checked (there the expert is the strong player, move for
    move: the same candidates and the same seeded choice)."""
    if game.format_name == "mathplay.mixmath" or "expert" not in LEVELS:
        return LEVELS
    return tuple(level for level in LEVELS if level != "strong")


def check_levels(game: Any, seed: int, counts: Counts, where: str) -> dict[str, list[str]]:
    """Each level plays its turn on a copy of ``game``; returns what each played (a
    level whose move was refused is left out and counted as a failure)."""
    turns: dict[str, list[str]] = {}
    for level in levels_for(game):
        copy = game.copy()
        counts.player_turns += 1
        player = make_player(level, seed=seed * 1000 + game.ply)
        try:
            played = player.play_turn(copy)
        except Exception as error:  # any error is a failure to report, not to stop on
            counts.failures.append(f"{where}: {level} crashed: {_named(error)}")
            continue
        counts.player_moves += len(played)
        turns[level] = played
    return turns


def random_action(game: Any, rng: random.Random) -> str | None:
    """A discard, exchange or pass (or, in Mixmath's challenge mode, any rack tile on any
    empty square, a challenge or a draw), chosen at random; it may be refused."""
    hand = list(game.hands[game.to_move])
    if game.format_name == "mathplay.summy":
        return "discard " + "".join(rng.sample(hand, rng.randint(0, len(hand))))
    if game.format_name == "mathplay.binary":
        if hand and game.bag_size and rng.random() < 0.5:
            return "exchange " + " ".join(rng.sample(hand, rng.randint(1, len(hand))))
        return "pass"
    if game.format_name != "mathplay.mixmath":  # a plug-in's game: passing is its way out
        return "pass"
    actions = game.turn_actions()
    if game.mode == "challenge" and hand and rng.random() < 0.5:
        from mathplay.core import square_name

        board = game.board
        empty = [sq for sq in ((r, c) for r in range(14) for c in range(14)) if board[sq] is None]
        tile = rng.choice(hand)
        if tile == "?":
            tile = f"?{rng.choice([0, 5, 12, 90])}"
        return f"{square_name(rng.choice(empty))} {tile}" if empty else None
    if not actions:
        return None
    action = str(rng.choice(actions))
    if action == "exchange":
        count = rng.randint(1, min(len(hand), game.bag_size))
        return "exchange " + " ".join(rng.sample(hand, count))
    return action


def sweep_game(
    name: str,
    options: dict[str, Any],
    seed: int,
    *,
    plies: int = 400,
    sample: int = 200,
    blank_moves: int = 500,
    out: Path | None = None,
) -> Counts:
    """Sweep a new seeded game of ``name`` with ``options`` for at most ``plies`` plies
    (or to its end), checking every position (see the module docstring)."""
    game = MAKERS[name](seed=seed, **options)
    label = f"{name} {options} seed {seed}"
    return sweep_position(
        game, label, seed, plies=plies, sample=sample, blank_moves=blank_moves, out=out
    )


def sweep_position(
    game: Any,
    label: str,
    seed: int,
    *,
    plies: int = 400,
    sample: int = 200,
    blank_moves: int = 500,
    out: Path | None = None,
) -> Counts:
    """Play ``game`` on from where it stands, to its end or ply ``plies``, checking every
    position; ``label`` names the game in failures, ``seed`` seeds the choices."""
    counts = Counts(games=1)
    rng = random.Random(f"legal-play:{label}:{seed}")
    while not game.is_over and game.ply < plies:
        where = f"{label} ply {game.ply}"
        counts.positions += 1
        moves, whole = listed_moves(game, blank_moves)
        counts.listed += len(moves)
        counts.partial += not whole
        failed = len(counts.failures)
        check_listed(game, sample_moves(moves, sample, rng), counts, where)
        turns = check_levels(game, seed, counts, where)
        if len(counts.failures) > failed:
            _keep(out, where, game)
        advance(game, moves, turns, rng, counts, where)
    return counts


def advance(
    game: Any,
    moves: Sequence[Any],
    turns: dict[str, list[str]],
    rng: random.Random,
    counts: Counts,
    where: str,
) -> None:
    """Play one ply, chosen at random (seeded): mostly the first move of a level's turn,
    sometimes a listed move, now and then a random discard, exchange or pass."""
    roll = rng.random()
    if roll < 0.06:
        action = random_action(game, rng)
        if action is not None:
            try:
                game.play(action)
                return
            except MathplayError:
                pass  # a random action the rules refuse now: play something else
    if roll < 0.3 and moves and _played(game, rng.choice(moves), "a listed move", counts, where):
        return
    if turns:
        level = rng.choice(sorted(turns))
        # It was accepted on a copy of this very game: refused here would be a failure.
        if _played(game, turns[level][0], f"{level}'s move", counts, where):
            return
    for move in moves:
        if _played(game, move, "a listed move", counts, where):
            return
    game.play(_turn_end(game) if game.format_name == "mathplay.mixmath" else "pass")


def _played(game: Any, move: Any, what: str, counts: Counts, where: str) -> bool:
    """Play ``move`` to go on with the game; a refusal is a failure (``what`` says whose
    move it was): ``False`` then, and the game is unchanged."""
    try:
        game.play(move)
    except MathplayError as error:
        counts.failures.append(f"{where}: {what} {move} refused on the way: {error}")
        return False
    return True


def _turn_end(game: Any) -> str:
    """Mixmath's way out of a turn now: end after placements, else pass."""
    return "end" if "end" in game.turn_actions() else "pass"


def sweep(
    games: int,
    seed: int,
    names: Sequence[str] = tuple(OPTIONS),
    *,
    plies: int = 400,
    sample: int = 200,
    blank_moves: int = 500,
    out: Path | None = None,
    report: Callable[[str], None] | None = None,
    minutes: float | None = None,
) -> dict[str, Counts]:
    """``games`` games of each game in ``names``, seeds ``seed``, ``seed + 1`` …, the
    option sets taken in turn; the counts for each game. ``report`` is told each game's
    counts as it ends. With ``minutes``, no new round of games starts after that long
    (the rounds already played are whole: the counts say how many games were)."""
    totals = {name: Counts() for name in names}
    stop = None if minutes is None else time.perf_counter() + 60 * minutes
    with clocks_off():
        for index in range(games):
            if stop is not None and time.perf_counter() > stop:
                break
            for name in names:
                options = OPTIONS[name][index % len(OPTIONS[name])]
                counts = sweep_game(
                    name,
                    options,
                    seed + index,
                    plies=plies,
                    sample=sample,
                    blank_moves=blank_moves,
                    out=out,
                )
                totals[name].add(counts)
                if report is not None:
                    report(f"{name} {options} seed {seed + index}: {counts.line()}")
                    for failure in counts.failures:
                        report(f"  FAIL {failure}")
    return totals


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games of each game (20)")
    parser.add_argument("--seed", type=int, default=1, help="the first seed (1)")
    parser.add_argument(
        "--game", action="append", choices=sorted(OPTIONS), help="only this game (repeatable)"
    )
    parser.add_argument("--plies", type=int, default=400, help="at most this many plies a game")
    parser.add_argument("--sample", type=int, default=200, help="listed moves played a ply (200)")
    parser.add_argument(
        "--blank-moves", type=int, default=500, help="Binary moves listed for a blank hand"
    )
    parser.add_argument("--minutes", type=float, help="start no new round of games after this long")
    parser.add_argument("--out", type=Path, help="save each failing position here")
    parser.add_argument("--quiet", action="store_true", help="only the totals")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    report = None if args.quiet else (lambda text: print(text, flush=True))
    totals = sweep(
        args.games,
        args.seed,
        args.game or tuple(OPTIONS),
        plies=args.plies,
        sample=args.sample,
        blank_moves=args.blank_moves,
        out=args.out,
        report=report,
        minutes=args.minutes,
    )
    whole = Counts()
    for name, counts in totals.items():
        print(f"{name}: {counts.line()}")
        whole.add(counts)
    print(f"all: {whole.line()} in {time.perf_counter() - started:.0f} s")
    for failure in whole.failures:
        print(f"FAIL {failure}")
    return 1 if whole.failures else 0


if __name__ == "__main__":
    sys.exit(main())
