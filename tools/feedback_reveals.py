"""How many feedbacks give a right answer away or pinpoint its fix, per moment.

Every shipped and lesson puzzle, typical wrong answers (tests/puzzles/feedback_harness.py),
and what the guided puzzle, the practice and the end check say now; ``--before`` counts
what they all said before the moment policy (the kind's whole message and the teacher's
feedback, at every moment).

    python tools/feedback_reveals.py            # now
    python tools/feedback_reveals.py --before   # the feedback of before
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.puzzles.feedback_harness import count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", action="store_true", help="the feedback of before")
    args = parser.parse_args()
    for moment, numbers in count(before=args.before).items():
        print(f"{moment:9} {numbers['answers']:5} wrong answers  {numbers['reveals']:4} reveal")


if __name__ == "__main__":
    main()
