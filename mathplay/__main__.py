"""The ``mathplay`` command (also ``python -m mathplay``).

``mathplay demo`` prints checked equations with their explanations, with no Jupyter
needed; ``mathplay check TEXT`` checks one equation; ``mathplay puzzles …`` checks and
makes puzzle sets; ``mathplay progress collect|report`` gathers and reports a class's
records; ``mathplay lessons build|check|new`` builds, checks and starts lessons;
``mathplay site build|serve`` makes the lessons' website and tries it;
``mathplay records backup|restore|prune|export|erase|log`` looks after the records
service's database.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import re
import sys
from collections.abc import Iterator, Sequence
from typing import TextIO

from mathplay.core.state import AnyGame
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


def _discard_for(game: AnyGame) -> str:
    """A greedy player's move when it cannot make a sum: discard its whole hand (new
    blocks, a new chance), or pass when the rules do not let it discard."""
    hand = "".join(game.hands[game.to_move])
    if hand:
        try:
            game.copy().play(f"discard {hand}")
        except MathplayError:
            return "pass"
        return f"discard {hand}"
    return "pass"


def _demo(args: argparse.Namespace) -> int:
    from mathplay.core import LineMove
    from mathplay.games.move_words import move_said
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
                    n=player + 1, move=move_said(best), score=best.score
                )
            )
        else:  # no sum to make: the hand goes back for new blocks, as a player would do
            player = game.to_move
            discard = _discard_for(game)
            game.play(discard)
            print(_("Player {n}: {move}").format(n=player + 1, move=move_said(discard)))
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
    from mathplay.hub.records_cli import add_parser as add_records_parser

    add_records_parser(commands)
    args = parser.parse_args(argv)
    with printable_output():
        return _run(args)


#: What a terminal takes as a command rather than a letter: C0 controls but tab and
#: newline, DEL, and C1 controls (ESC [ … moves the cursor, ESC ] … sets the title).
_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


class _Printable(io.TextIOBase):
    """A text stream that writes to ``stream`` with every control character replaced by
    U+FFFD: a pupil's name such as ``"\x1b[2J"`` is shown, never obeyed by the teacher's
    terminal."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        self.stream.write(_CONTROLS.sub("\ufffd", text))
        return len(text)

    def flush(self) -> None:
        self.stream.flush()

    def isatty(self) -> bool:
        return self.stream.isatty()

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return str(getattr(self.stream, "encoding", "utf-8"))


@contextlib.contextmanager
def printable_output() -> Iterator[None]:
    """Inside the block, what mathplay prints (stdout and stderr) has no control
    characters: names and answers a pupil typed, and file names, reach the teacher's
    terminal as text."""
    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = _Printable(out), _Printable(err)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = out, err


def _run(args: argparse.Namespace) -> int:
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
