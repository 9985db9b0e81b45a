"""How many guessing pupils master each lesson's practice: the table behind
docs/puzzles.md, "Mastery you can believe".

For every lesson (00 to 10), 200 simulated pupils of each kind — who guess, who read
the buttons' layout, who repeat one answer — meet the lesson's practice as the widget
deals it (their own seeds), in English, Spanish, Malay and Greek, for up to 100 puzzles
each (:func:`mathplay.puzzles.luck.simulate`). The table says how many reached
"Mastered", beside the chance the rule states (:func:`mathplay.puzzles.luck.practice_luck`).
``--before`` measures the practices as they were before the mastery rules instead.

    .venv/bin/python tools/mastery_luck.py               # every lesson, 200 pupils
    .venv/bin/python tools/mastery_luck.py 00 09 --pupils 50

It takes minutes: the practices that deal game moves (lessons 00, 03, 04, 09) make each
puzzle in 20–50 ms. It uses two processes.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mathplay.lessons.runtime import OpenLesson
from mathplay.puzzles.luck import STRATEGIES, percent, practice_luck, simulate

ROOT = Path(__file__).resolve().parents[1]
LANGUAGES = ("en", "es", "ms", "el")
#: The practices of the lessons that had one unfit before the mastery rules.
BEFORE = {
    "00": {"kind": "true-or-false", "level": 1, "goal": 4},
    "01": {"kind": "true-or-false", "level": 3, "goal": 4},
    "09": {"kind": "missing", "level": 5, "goal": 4},
    "10": {"kind": "missing", "level": 1, "goal": 4},
}


def practice(number: str, before: bool) -> dict:
    if before and number in BEFORE:
        return BEFORE[number]
    folder = ROOT / "lessons" / "puzzles"
    return dict(OpenLesson(number, folder=folder, log=None).sheet.practices[0])


def measure(job: tuple[str, bool, int]) -> tuple[str, dict, float, dict, float]:
    number, before, pupils = job
    options = practice(number, before)
    started = time.perf_counter()
    stated = practice_luck(options).chance
    found = simulate(options, pupils=pupils, languages=LANGUAGES)
    return number, options, stated, found, time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("lessons", nargs="*", default=[f"{n:02d}" for n in range(11)])
    parser.add_argument("--pupils", type=int, default=200)
    parser.add_argument(
        "--before", action="store_true", help="the practices before the mastery rules"
    )
    args = parser.parse_args()
    jobs = [(number, args.before, args.pupils) for number in args.lessons]
    print(f"{args.pupils} pupils of each kind, up to 100 puzzles each; mastered / pupils")
    header = "| lesson | practice | stated chance | " + " | ".join(
        f"{language}: {' / '.join(STRATEGIES)}" for language in LANGUAGES
    )
    print(header + " | seconds |")
    print("|" + "---|" * (len(LANGUAGES) + 4))
    with ProcessPoolExecutor(max_workers=2) as pool:
        for number, options, stated, found, seconds in pool.map(measure, jobs):
            name = ", ".join(options.get("skills") or [f"{options['kind']}-{options['level']}"])
            cells = [
                " / ".join(str(found[language][s]) for s in STRATEGIES) for language in LANGUAGES
            ]
            print(
                f"| {number} | {name} (goal {options.get('goal', 4)}) | {percent(stated)} | "
                + " | ".join(cells)
                + f" | {seconds:.0f} |",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
