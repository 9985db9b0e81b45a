"""The ``mathplay`` command (also ``python -m mathplay``).

``mathplay demo`` prints checked equations with their explanations, with no Jupyter
needed; ``mathplay check TEXT`` checks one equation; ``mathplay puzzles …`` checks and
makes puzzle sets; ``mathplay progress collect|report`` gathers and reports a class's
records; ``mathplay lessons build|check|new`` builds, checks and starts lessons;
``mathplay site build|serve`` makes the lessons' website and tries it.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from mathplay.errors import MathplayError
from mathplay.expr import check
from mathplay.i18n import _

DEMO_EQUATIONS: tuple[tuple[str, int], ...] = (
    ("8x15=120", 10),
    ("3+4=8", 10),
    ("1:2x4=2", 10),
    ("1+1=10", 2),
    ("101 AND 1 = 1", 2),
    ("100 AND 1 = 101", 2),
    ("NOT 001 = 110", 2),
)


def _print_verdict(text: str, base: int, order: str) -> bool:
    verdict = check(text, base=base, order=order)
    label = _("true") if verdict.holds else _("not true")
    where = _(" (binary)") if base == 2 else ""
    print(f"{verdict.canonical}{where}: {label}")
    for line in verdict.steps.splitlines():
        print("    " + line)
    return verdict.holds


def _demo(args: argparse.Namespace) -> int:
    from mathplay.core import LineMove
    from mathplay.games.summy import Summy

    try:  # refuse a bad size or seed before printing anything
        game = Summy(players=2, seed=args.seed, size=args.size)
    except MathplayError as error:
        print(_("mathplay demo: {error}").format(error=error), file=sys.stderr)
        return 2
    print(_("mathplay checks equations the way the games do, and explains them.\n"))
    for text, base in DEMO_EQUATIONS:
        _print_verdict(text, base, "math")
        print()
    print(
        _("A demo game of Summy between two greedy players (seed {seed}):\n").format(seed=args.seed)
    )
    while not game.is_over:
        moves = [move for move in game.legal_moves() if isinstance(move, LineMove)]
        if moves:
            best = max(moves, key=lambda m: (m.score or 0, str(m)))
            player = game.to_move
            game.play(best)
            print(
                _("Player {n} plays {move} for {score}").format(
                    n=player + 1, move=best, score=best.score
                )
            )
        else:
            game.play("pass")
    print()
    print(game.board)
    print(_("Scores: {scores}").format(scores=", ".join(str(s) for s in game.scores)))
    if game.outcome is not None:
        print(game.outcome.describe())
    return 0


def _check(args: argparse.Namespace) -> int:
    return 0 if _print_verdict(args.text, args.base, args.order) else 1


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="mathplay",
        description=_("Equation-crossword games and lessons: Mixmath, Summy and Binary."),
    )
    commands = parser.add_subparsers(dest="command", required=True)
    demo = commands.add_parser("demo", help=_("check some equations and play a demo game"))
    demo.add_argument("--seed", type=int, default=1)
    demo.add_argument("--size", type=int, default=15, help=_("Summy table size (odd, >= 9)"))
    demo.set_defaults(run=_demo)
    checker = commands.add_parser("check", help=_("check one equation and explain it"))
    checker.add_argument("text")
    checker.add_argument("--base", type=int, default=10, choices=(10, 2))
    checker.add_argument("--order", default="math", choices=("math", "left-to-right"))
    checker.set_defaults(run=_check)
    from mathplay.puzzles.cli import add_parser as add_puzzles_parser

    add_puzzles_parser(commands)
    from mathplay.classroom.progress_cli import add_parser as add_progress_parser

    add_progress_parser(commands)
    from mathplay.lessons.cli import add_parser as add_lessons_parser

    add_lessons_parser(commands)
    from mathplay.site.cli import add_parser as add_site_parser

    add_site_parser(commands)
    args = parser.parse_args(argv)
    try:
        return int(args.run(args))
    except MathplayError as error:
        print(_("error: {message}").format(message=error), file=sys.stderr)
        return 2
    except OSError as error:
        where = f"{error.filename}: " if error.filename else ""
        print(_("error: {message}").format(message=where + (error.strerror or str(error))),
              file=sys.stderr)  # fmt: skip
        return 2


if __name__ == "__main__":
    sys.exit(main())
