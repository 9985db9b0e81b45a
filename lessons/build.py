"""Build the lesson notebooks in this folder from the text below.

Run it from anywhere:  python lessons/build.py        (needs nbformat and mathplay)
                       python lessons/build.py --out DIR   (write the notebooks elsewhere)

The lessons are written here, as data, so that they are easy to maintain and translate:
every sentence a student reads is in a Markdown cell; code cells stay short. The script

1. checks every equation written in the lesson text with mathplay's own checker
   (a code span such as `8x15=120` must be true, unless it is listed in FALSE_ON_PURPOSE),
2. checks the lesson's puzzle set, ``puzzles/NN-name.toml`` (written by hand, in the
   format of docs/puzzles.md), with mathplay's puzzle checker, and that every
   ``puzzle(n)`` cell has a puzzle n,
3. writes ``NN-name.ipynb`` without outputs (``outputs: []``, ``execution_count: null``)
   and with stable cell ids, so that building twice gives the same files.

Conventions that ``tests/lessons/test_notebooks.py`` relies on: the first Markdown cell
has a ``## What you will learn`` section; a ``## Summary`` section ends the lesson; every
guided puzzle is a code cell tagged ``puzzle``.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

HERE = Path(__file__).resolve().parent

#: Equations the lessons show on purpose although they are false (to explain a mistake).
FALSE_ON_PURPOSE = {
    "3+4=8",
    "2+3x4=20",
    "100 AND 1 = 101",
    "6:4=1",
    "1 - 10 = 0",
}
#: Text the lessons show on purpose although it is not even an equation.
MALFORMED_ON_PURPOSE = {"1 NOT 1 = 0"}
#: Binary equations quoted in a decimal lesson (and the other way round).
SPAN_BASE = {"1+1=10": 2}


# --- cell helpers -------------------------------------------------------------------


def md(text: str) -> dict:
    return new_markdown_cell(_dedent(text))


def code(text: str, *tags: str) -> dict:
    cell = new_code_cell(_dedent(text))
    if tags:
        cell.metadata["tags"] = list(tags)
    return cell


def picture(caption: str, source: str) -> list[dict]:
    """A picture: its description first (for everyone, and for screen readers), then the code."""
    return [md(f"**Picture:** {caption}"), code(source)]


def _dedent(text: str) -> str:
    import textwrap

    return textwrap.dedent(text).strip("\n")


# --- puzzles ------------------------------------------------------------------------
#
# The puzzles of lesson NN-name are in puzzles/NN-name.toml (docs/puzzles.md has the
# format). A guided puzzle is one code cell tagged "puzzle" that shows one puzzle of the
# set with mathplay's puzzle widget: Check, Hint (the teacher's hints, then the kind's
# own, then a worked solution) and feedback that explains.


def puzzle_setup(set_name: str) -> dict:
    return code(
        f"""
        your_name = ""  # ✏️
        lesson_set = mathplay.puzzles.load("puzzles/{set_name}.toml")
        def puzzle(number):
            return mathplay.PuzzleSet(lesson_set, only=[number], who=your_name or None)
        """
    )


def puzzle_cell(set_name: str, number: int) -> dict:
    return code(f"puzzle({number})", "puzzle")


def practice(kind: str, level: int, what: str) -> list[dict]:
    """A practice of generated puzzles (``mathplay.Practice``) after the guided puzzles:
    fresh puzzles for each pupil until four are right in a row without hints."""
    text = f"""
    ## Practice until you master it

    The next cell gives you new puzzles about {what}, one at a time. They are made for
    you from your name, so your neighbour gets different ones. Get **4 right in a row
    without hints** and you have mastered them. A wrong answer or a hint starts your
    row again, and that is fine: that is what practice is for. Press **Enter** to check
    your answer, and **Enter** again for the next puzzle.
    """
    return [
        md(text),
        code(f'mathplay.Practice("{kind}", {level}, who=your_name or None)', "practice"),
    ]


# --- the lessons ----------------------------------------------------------------------

LESSONS: dict[str, list[dict]] = {}


def lesson(name: str):
    def register(function):
        LESSONS[name] = function()
        return function

    return register


def start_cells(title: str, goals: list[str], intro: str, pictures: bool = True) -> list[dict]:
    """The title, the learning goals, and the cell that loads mathplay (and its pictures).

    ``%matplotlib inline`` makes Jupyter draw the figures ``mathplay.plot`` returns.
    """
    goal_lines = "\n".join(f"- {goal}" for goal in goals)
    setup = "%matplotlib inline\nimport mathplay\nfrom mathplay import plot" if pictures else (
        "import mathplay"
    )
    return [
        md(f"# {title}\n\n## What you will learn\n\n{goal_lines}\n\n{_dedent(intro)}"),
        code(setup),
    ]


def puzzles_intro(set_name: str) -> list[dict]:
    text = """
    ## Puzzles

    Now it is your turn. Run the next cell first. If your teacher asks for your name,
    write it between the quotes after `your_name =` (like `your_name = "Ana"`) before
    you run it. (If you do not, the first puzzle asks for your name, and the puzzles
    after it remember it.) Then each puzzle cell shows one puzzle. Type your answer and
    press **Enter** or **Check** (or press the button of your choice): the feedback
    tells you what your answer gives. Stuck? Press **Hint**: the first hint is a small
    push, the next ones say more, and the last one shows the whole solution.
    """
    return [md(text), puzzle_setup(set_name)]


def self_check(questions: list[tuple[str, str]]) -> dict:
    parts = ["## Check yourself", "", "Answer in your head or on paper, then open the answer."]
    for number, (question, answer) in enumerate(questions, start=1):
        parts += [
            "",
            f"{number}. {question}",
            "",
            f"   <details><summary>Answer {number}</summary>\n\n   {answer}\n\n   </details>",
        ]
    return md("\n".join(parts))


def summary(points: list[str], next_lesson: str | None) -> dict:
    text = "## Summary\n\n" + "\n".join(f"- {point}" for point in points)
    if next_lesson:
        text += f"\n\n**Next:** {next_lesson}"
    return md(text)


# --- 00 welcome -------------------------------------------------------------------------


@lesson("00-welcome")
def _welcome() -> list[dict]:
    return [
        *start_cells(
            "Lesson 0: Welcome to mathplay",
            [
                "what mathplay is, and its three games: Summy, Mixmath and Binary;",
                "how to run a cell of this notebook;",
                "how to ask the checker whether an equation is true;",
                "how to read a game board and play your first game against the computer.",
            ],
            """
            mathplay is like Scrabble, but you build **equations** (number sentences
            such as `3+4=7`) instead of words. You need no programming: you only run the
            grey boxes and change a number or two.
            """,
            pictures=False,
        ),
        md(
            """
            ## How this notebook works

            This page is a **notebook**. It is made of **cells**: boxes of text (like this
            one) and grey boxes of code. To **run** a code cell, click it and press
            **Shift + Enter**. The answer appears under the cell.

            The grey box above, with `import mathplay`, loads the games. Run it first.
            Then run the cells one by one, from top to bottom.
            """
        ),
        md(
            """
            ## Ask the checker

            An **equation** says that two things are equal. The left **side** is before
            the `=` sign, the right side is after it. The **checker** tells you whether an
            equation is true, and explains why, step by step. Run the next cell.
            """
        ),
        code('mathplay.check("3+4=7")'),
        md(
            """
            A tick (✅) and the word *true* mean the equation holds. Now a wrong one:
            `3+4=8`. The checker says it is *not true* (❌) and tells you why.
            """
        ),
        code('mathplay.check("3+4=8")'),
        md(
            """
            In mathplay, `x` means times and `:` means divided by, like on the game
            tiles. So `8x15=120` means "8 times 15 is 120".
            """
        ),
        code('mathplay.check("8x15=120")'),
        md(
            """
            ## The three games

            | Game | Tiles | You make | Example |
            | --- | --- | --- | --- |
            | **Summy** | digits 0–9, `+ - x :` and `=` | one whole sum per turn | `8x15=120` |
            | **Mixmath** | numbers 0–90 | each tile is the answer of two neighbours | 3 next to 1 and 2, because 1 + 2 = 3 |
            | **Binary** | 0 and 1, `+ - x /`, `AND OR NOT`, `=` | sums in base 2 | `1+1=10` |

            Lessons 1–4 are about Summy and Mixmath, lessons 5–8 about binary numbers and
            the Binary game.
            """
        ),
        md(
            """
            ## Reading a board

            Here is a small Summy board, 9 squares wide and 9 tall. Every game starts
            with one `=` in the middle.

            - The **columns** are named with letters, A to I from left to right.
            - The **rows** are numbered 1 to 9 from top to bottom.
            - So a square has a name like `E5`: column E, row 5. That is the middle.

            **Picture:** a 9 by 9 grid of empty squares, with an `=` block in the middle
            square E5. Letters A–I are written above the columns and numbers 1–9 beside
            the rows.
            """
        ),
        code(
            """
            game = mathplay.Summy(players=2, seed=1, size=9, first_hand="playable")
            game
            """
        ),
        md(
            """
            Each player holds a **hand** of 8 blocks. Your hand is `game.hands[0]`.
            (`first_hand="playable"` means: if a first hand could not make any sum, it is
            dealt again, so everyone can start.)
            """
        ),
        code("game.hands[0]"),
        md(
            """
            ## Your first move, with hints

            What can you build with 7, 3, 9, 9, 2, :, 6 and 1 around the `=`? Ask for a
            **hint**. Level 1 is a small push, level 2 says more, level 3 gives the move.
            """
        ),
        code("game.hint(level=1)"),
        code("game.hint(level=3)"),
        md(
            """
            The hint says: put `6 3 : 7` before the `=` and `9` after it, starting at
            square A5 and going **across** (left to right). Is `63:7=9` true? Ask the
            checker, then play the move. `play` answers with the points you scored.
            """
        ),
        code('mathplay.check("63:7=9")'),
        code('game.play("A5 across 63:7=9")'),
        md(
            """
            Now the computer makes its move. Then look at the board again: the newest
            move has a thick outline and stripes (not only a colour).
            """
        ),
        code(
            """
            from mathplay.ai import make_player
            make_player("greedy", seed=1).play_turn(game)
            game
            """
        ),
        code("game.scores"),
        md(
            """
            `game.scores` shows the points of player 1 (you) and player 2 (the computer).
            Changed your mind? `game.undo()` takes back the last move.
            """
        ),
        *puzzles_intro("00-welcome"),
        puzzle_cell("00-welcome", 1),
        puzzle_cell("00-welcome", 2),
        puzzle_cell("00-welcome", 3),
        md(
            """
            ## Play a whole game

            Run the next cell to get a board you can click. Click a block in your hand,
            then click a square to put it there. When your sum is complete, press
            **Play**. **Hint** helps you; **Undo** takes a move back; **New game** starts
            again. You play against the computer.
            """
        ),
        code('mathplay.play("summy", seats=["human", "computer"], size=9)'),
        self_check(
            [
                (
                    "How do you run a code cell?",
                    "Click it and press Shift + Enter.",
                ),
                (
                    "Which square is column C, row 4?",
                    "`C4`: the letter is the column, the number is the row.",
                ),
                (
                    "Is `9:3=3` true?",
                    "Yes: 9 divided by 3 is 3. Check it with `mathplay.check(\"9:3=3\")`.",
                ),
            ]
        ),
        summary(
            [
                "mathplay has three games where you build true equations on a board.",
                "Run a cell with Shift + Enter; run them from top to bottom.",
                "`mathplay.check(...)` says whether an equation is true and explains why.",
                "Squares are named column letter + row number, like `E5`.",
                "`game.hint(level=1)`, `game.play(...)` and `game.undo()` help you play.",
            ],
            "Lesson 1, equations and the order of operations.",
        ),
    ]


# --- 01 equations and the order of operations ------------------------------------------


@lesson("01-equations")
def _equations() -> list[dict]:
    return [
        *start_cells(
            "Lesson 1: Equations and the order of operations",
            [
                "what an equation, a side and an operator are;",
                "why `x` and `:` are done before `+` and `-`;",
                "that operations of the same kind go from left to right;",
                "that division in Summy is exact: fractions on the way are fine.",
            ],
            """
            Words in this lesson: an **operator** is a sign that does something to two
            numbers: `+` (plus), `-` (minus), `x` (times) and `:` (divided by). An
            **expression** is numbers joined by operators, like `2+3x4`.
            """,
        ),
        md(
            """
            ## Which operation comes first?

            What is `2+3x4`? If you go from left to right you get 2 + 3 = 5, then
            5 × 4 = 20. But the rule in maths, and in Summy, is different:

            > **Times and divide (`x` and `:`) come before plus and minus (`+` and `-`).**

            So first 3 x 4 = 12, then 2 + 12 = 14. This rule is called the **order of
            operations**. Watch the checker work it out step by step:
            """
        ),
        code('mathplay.check("2+3x4=14")'),
        md(
            """
            A picture can show the order. In an **expression tree**, every operation sits
            above the two numbers it works on, and the operation at the bottom is done
            first. Each box also shows its value.
            """
        ),
        *picture(
            "the tree of `2+3x4=14`. The `x` box (value 12) hangs below the `+` box "
            "(value 14), because 3 x 4 is worked out first and then added to 2. The "
            "right side is the single number 14.",
            'plot.expression_tree("2+3x4=14")',
        ),
        md(
            """
            A simple calculator that works strictly from left to right would say
            `2+3x4=20`. Summy does **not** work like that. The checker can show both
            ways: `order="left-to-right"` makes it work like that simple calculator.
            """
        ),
        code('mathplay.check("2+3x4=20", order="left-to-right")'),
        code('mathplay.check("2+3x4=20")'),
        md(
            """
            ## Same kind: from left to right

            When two operations are of the same kind (both `x` or `:`, or both `+` or
            `-`), work from left to right. `12-4-3=5`: first 12 − 4 = 8, then
            8 − 3 = 5. And `8:4:2=1`: first 8 ÷ 4 = 2, then 2 ÷ 2 = 1.
            """
        ),
        code('mathplay.check("12-4-3=5")'),
        code('mathplay.check("8:4:2=1")'),
        md(
            """
            ## Division is exact

            In Summy `:` divides **exactly**. If a division does not come out even, the
            answer is a **fraction** (a part of a whole, like one half), and nothing is
            rounded. So `6:4=1` is false: 6 ÷ 4 is one and a half. A fraction on the way
            is fine if the end result is right: in `1:2x4=2`, one half times 4 is 2.
            """
        ),
        code('mathplay.check("1:2x4=2")'),
        md(
            """
            Numbers below zero on the way are fine too: in `1-5+6=2`, 1 − 5 is −4 (four
            below zero), and −4 + 6 = 2. Only dividing by zero is never allowed.
            """
        ),
        code('mathplay.check("1-5+6=2")'),
        *picture(
            "the tree of `20-8:4=18`. The `:` box (value 2) is below the `-` box (value "
            "18): divide first, then subtract.",
            'plot.expression_tree("20-8:4=18")',
        ),
        *puzzles_intro("01-equations"),
        puzzle_cell("01-equations", 1),
        puzzle_cell("01-equations", 2),
        puzzle_cell("01-equations", 3),
        puzzle_cell("01-equations", 4),
        *practice("missing", 4, "the order of operations"),
        md(
            """
            ## Try it on a board

            A sum on a Summy board must follow the order of operations. Here is a
            board with `3+4=7` already on it. Your hand is 2, x, 5, =, 1, 0, +, 4. Which
            sum can you build that crosses `3+4=7`? Ask for a hint if you need one, then
            write your move between the quotes after `my_move =` in the cell after it,
            like `my_move = "B5 across 1+2=3"`, and run it.
            """
        ),
        code(
            """
            game = mathplay.Summy.from_diagram(
                \"\"\"
                . . . . . . . . .
                . . . . . . . . .
                . . . . . . . . .
                . . . . . . . . .
                . . 3 + 4 = 7 . .
                . . . . . . . . .
                . . . . . . . . .
                . . . . . . . . .
                . . . . . . . . .
                \"\"\",
                hands=["2x5=10+4", "1234567="],
            )
            game
            """
        ),
        code("game.hint(level=2)"),
        code(
            """
            my_move = ""  # ✏️
            if my_move:
                game.play(my_move)
            game
            """
        ),
        self_check(
            [
                ("What is `5+2x3`?", "11: first 2 × 3 = 6, then 5 + 6 = 11."),
                (
                    "Is `9:2x2=9` true in Summy?",
                    "Yes. 9 ÷ 2 is four and a half, and four and a half times 2 is 9.",
                ),
                (
                    "What is `7x2-3x4`?",
                    "2. Both times first: 14 and 12. Then 14 − 12 = 2.",
                ),
            ]
        ),
        summary(
            [
                "An equation has two sides joined by `=`; it is true when both sides have the same value.",
                "`x` and `:` come before `+` and `-`; the same kind goes from left to right.",
                "An expression tree shows which operation is done first: the lowest one.",
                "Summy divides exactly: a fraction on the way is fine, dividing by zero never is.",
            ],
            "Lesson 2, fact families.",
        ),
    ]


# --- 02 fact families ---------------------------------------------------------------------


@lesson("02-fact-families")
def _fact_families() -> list[dict]:
    return [
        *start_cells(
            "Lesson 2: Fact families",
            [
                "what a fact family is: three numbers that belong together;",
                "how one fact gives you three more (+ and − together, × and ÷ together);",
                "which numbers can go next to two numbers in Mixmath.",
            ],
            """
            Mixmath is built on one idea: three numbers in a line, where one of them is
            made from the other two. This lesson is about that idea.
            """,
        ),
        md(
            """
            ## Three numbers, four facts

            The numbers 3, 5 and 8 belong together, because 3 + 5 = 8. They make a
            **fact family**: four true facts with the same three numbers.

            | fact | in mathplay |
            | --- | --- |
            | 3 plus 5 is 8 | `3+5=8` |
            | 5 plus 3 is 8 | `5+3=8` |
            | 8 minus 5 is 3 | `8-5=3` |
            | 8 minus 3 is 5 | `8-3=5` |

            Minus **undoes** plus. If you know one fact, you know all four.
            """
        ),
        code('mathplay.check("8-5=3")'),
        md(
            """
            Times and divide make fact families too. 4, 6 and 24 go together:

            | fact | in mathplay |
            | --- | --- |
            | 4 times 6 is 24 | `4x6=24` |
            | 6 times 4 is 24 | `6x4=24` |
            | 24 divided by 6 is 4 | `24:6=4` |
            | 24 divided by 4 is 6 | `24:4=6` |

            Divide undoes times. The checker also knows the signs `×` and `÷`:
            """
        ),
        code('mathplay.check("24÷6=4")'),
        md(
            """
            ## Two numbers, which third?

            In Mixmath you put a tile **next to two numbers in a line**. Your tile is
            the **result**: the two numbers added, subtracted, multiplied or divided.
            The order of the two numbers does not matter, and you always take the bigger
            minus the smaller, so there are no numbers below zero.

            Next to 8 and 2 you may put:

            - 10, because `8+2=10`;
            - 6, because `8-2=6`;
            - 16, because `8x2=16`;
            - 4, because `8:2=4`.

            Division counts only when it comes out even (a whole number). Next to 7 and 2,
            3 and a half is not a tile, so divide gives nothing there.
            """
        ),
        code('[mathplay.check(t).holds for t in ["8+2=10", "8-2=6", "8x2=16", "8:2=4"]]'),
        md(
            """
            `True` four times: all four facts hold.

            ## On the Mixmath board

            Every Mixmath game starts with four numbers in the middle: 1 and 2 on the
            top row, 3 and 4 under them.

            **Picture:** the 14 by 14 Mixmath board. In the middle, the four start
            squares (marked with a star) hold 1, 2, 3 and 4. Other squares are marked
            `2×`, `3×`, `+`, `−`, `×` or `÷`; lesson 3 explains them.
            """
        ),
        code(
            """
            game = mathplay.Mixmath(players=2, seed=3)
            plot.board(game)
            """
        ),
        md(
            """
            The numbers 2 and 4 stand in a column (H7 and H8). A tile just above them,
            on H6, could be 6 (2 + 4), 2 (4 − 2), 8 (2 × 4) or 2 (4 ÷ 2). Your tiles are
            below. Which of them fits? The hint knows:
            """
        ),
        code("game.hands[0]"),
        code("game.hint(level=3)"),
        md(
            """
            The 8 fits on H6, because 2 × 4 = 8. Let us check that fact, and see its
            tree:
            """
        ),
        code('mathplay.check("2x4=8")'),
        *picture(
            "the tree of `2x4=8`: one `x` box with value 8 above the numbers 2 and 4, "
            "and the single number 8 on the right side.",
            'plot.expression_tree("2x4=8")',
        ),
        *puzzles_intro("02-fact-families"),
        puzzle_cell("02-fact-families", 1),
        puzzle_cell("02-fact-families", 2),
        puzzle_cell("02-fact-families", 3),
        puzzle_cell("02-fact-families", 4),
        self_check(
            [
                (
                    "Write the fact family of 2, 7 and 9.",
                    "`2+7=9`, `7+2=9`, `9-7=2`, `9-2=7`.",
                ),
                (
                    "Which tiles can go next to 6 and 3 in Mixmath?",
                    "9 (6 + 3), 3 (6 − 3), 18 (6 × 3) and 2 (6 ÷ 3).",
                ),
                (
                    "Why can nothing be made by dividing 7 and 2?",
                    "7 ÷ 2 is three and a half, and Mixmath tiles are whole numbers.",
                ),
            ]
        ),
        summary(
            [
                "Three numbers such as 3, 5, 8 make a fact family of four facts.",
                "Minus undoes plus; divide undoes times.",
                "In Mixmath a tile is the sum, difference, product or whole quotient of two numbers in a line.",
            ],
            "Lesson 3, playing Mixmath.",
        ),
    ]


MIXMATH_TWO_WAYS = """
. . . . . . . . . . . . . .
. . . . . . . . . . . . . .
. . . . . . . . . . . . . .
. . . . . . . . . . . . . .
. . . . . . . . . . . . . .
. . . . . . . . . . . . . .
. . . . . . 1 2 . . . . . .
. . . . . . 3 4 7 . . . . .
. . . . . . . . 4 . . . . .
. . . . . . . . . . . . . .
. . . . . . . . . . . . . .
. . . . . . . . . . . . . .
. . . . . . . . . . . . . .
. . . . . . . . . . . . . .
"""


def diagram_code(kind: str, diagram: str, hands: list[str], name: str = "game") -> str:
    rows = "\n".join("    " + line for line in diagram.strip("\n").splitlines())
    return f'{name} = mathplay.{kind}.from_diagram(\n    """\n{rows}\n    """,\n    hands={hands!r},\n)\n{name}'


# --- 03 playing Mixmath -------------------------------------------------------------------


@lesson("03-mixmath")
def _mixmath() -> list[dict]:
    return [
        *start_cells(
            "Lesson 3: Playing Mixmath",
            [
                "the Mixmath board: start squares, sign squares and premium squares;",
                "how a tile can make several equations at once, and how it scores;",
                "a few ideas for playing well.",
            ],
            """
            Mixmath (written mi×ma+h) is a board game from 1987. You need the idea of
            lesson 2: a tile next to two numbers in a line is their sum, difference,
            product or whole quotient.
            """,
        ),
        md(
            """
            ## The board

            The board has 14 × 14 squares: columns A to N, rows 1 to 14. Some squares
            are special, and each one carries a label, so you never need colours:

            - **★ start squares**: the numbers 1, 2, 3 and 4 in the middle. They are
              there from the beginning and score nothing.
            - **2× and 3×**: the tile placed there scores double or triple.
            - **sign squares `+`, `−`, `×`, `÷`**: only that operation counts there. After
              placing on one you may take one extra tile.

            **Picture:** the whole Mixmath board with its labelled squares and the four
            start numbers in the middle.
            """
        ),
        code(
            """
            game = mathplay.Mixmath(players=2, seed=3)
            plot.board(game)
            """
        ),
        md(
            """
            ## Rules in short

            1. Each player has 7 tiles on a **rack** (the stand for your tiles).
            2. On your turn you place tiles one at a time. Each tile must make at least
               one equation with the **two** numbers next to it in a line: left, right,
               up or down. Your tile is always at the end of the line of three, never in
               the middle.
            3. You may place as many tiles as you like in one turn, then end your turn.
            4. A tile scores **its number × the number of equations it makes × the
               premium** (2 or 3 on a 2× or 3× square, else 1).
            5. Empty your whole rack in one turn and you get 50 extra points.
            6. At the end, the numbers left on your rack are taken away from your score.
            """
        ),
        md(
            """
            ## Several equations at once

            Look at this board. There is a 7 on I8 and a 4 on I9. If you put a 3 on
            I7, it makes **two** equations:

            - across, with 2 and 1 on its left: `1+2=3`;
            - down, with 7 and 4 below it: `7-4=3`.

            So it scores 3 × 2 = 6 points.
            """
        ),
        code(diagram_code("Mixmath", MIXMATH_TWO_WAYS, ["3 9 12 5 20 6 1", "1 2 3 4 5 6 7"])),
        code('mathplay.check("1+2=3")'),
        code('mathplay.check("7-4=3")'),
        code('game.play("I7 3")'),
        md(
            """
            `play` answered with the points: 6. The newest tile is drawn with a thick
            outline and stripes. `game.undo()` takes it back, so we can compare it with
            another move:
            """
        ),
        code(
            """
            game.undo()
            for hint in game.hints(3):
                print(hint)
            """
        ),
        md(
            """
            The best move is the 12 on F8, because `3x4=12`: one equation, but 12 × 1 =
            12 points is more than 3 × 2 = 6. **A big number once can beat a small number
            twice.**

            ## Ideas for playing well

            - **Multiply** when you can: products are the biggest numbers.
            - Look for a square where your tile makes **two or more** equations.
            - Aim for the **2×** and **3×** squares.
            - A **sign square** gives you an extra tile, but only its own operation counts.
            - Think of the next player: two numbers in a line next to a 3× square are
              a gift to them.
            - Near the end, play your biggest tiles: they count against you if they are
              left on your rack.
            """
        ),
        *puzzles_intro("03-mixmath"),
        puzzle_cell("03-mixmath", 1),
        puzzle_cell("03-mixmath", 2),
        puzzle_cell("03-mixmath", 3),
        md(
            """
            ## Play a game

            Click a tile on your rack, then a square. Each tile is played at once. Press
            **End turn** when you have placed all you want. You play against the
            computer.
            """
        ),
        code('mathplay.play("mixmath", seats=["human", "computer"])'),
        self_check(
            [
                (
                    "A 6 makes `2x3=6` across and `9-3=6` down, on a plain square. How many points?",
                    "6 × 2 = 12 points: two equations.",
                ),
                (
                    "The same 6 on a 3× square?",
                    "6 × 2 × 3 = 36 points.",
                ),
                (
                    "On a `÷` square, next to 8 and 2, which tile is allowed?",
                    "Only 4, because `8:2=4`; on a sign square only its own operation counts.",
                ),
            ]
        ),
        summary(
            [
                "The board has start squares (★), premium squares (2×, 3×) and sign squares (+ − × ÷).",
                "A tile scores its number × its equations × the premium.",
                "One tile can make up to four equations at once.",
                "Multiply, use premium squares, and do not keep big tiles until the end.",
            ],
            "Lesson 4, playing Summy.",
        ),
    ]


# --- 04 playing Summy -----------------------------------------------------------------------


SUMMY_CROSS = """
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
6 3 : 7 = 9 . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
"""


@lesson("04-summy")
def _summy() -> list[dict]:
    return [
        *start_cells(
            "Lesson 4: Playing Summy",
            [
                "what a sum on a Summy board must look like;",
                "how sums cross each other, and which squares stay empty;",
                "how a sum scores: you add its digits;",
                "ideas for playing well.",
            ],
            """
            Summy is played with **blocks**: the digits 0 to 9, the operators
            `+ - x :` and `=`. Every turn you build one whole, true sum.
            """,
        ),
        md(
            """
            ## A sum

            A sum is a line of blocks, read from left to right (**across**) or from top
            to bottom (**down**), such as `8x15=120`:

            - numbers and operators before the `=`, at least one operator;
            - exactly one `=`, and after it one number only;
            - no number starts with 0 (`07` is not allowed, `0` alone is fine);
            - the order of operations of lesson 1: `x` and `:` before `+` and `-`.
            """
        ),
        code('mathplay.check("8x15=120")'),
        md(
            """
            ## How a sum scores

            A sum scores **all its digits added up**, the ones you placed and the ones
            already on the board. Operators and `=` score nothing. `8x15=120` scores
            8 + 1 + 5 + 1 + 2 + 0 = 17 points. The checker can add them for you:
            """
        ),
        code('mathplay.check("8+1+5+1+2+0=17")'),
        md(
            """
            ## Crossing sums

            Each move must use at least one block that is already on the board, so the
            sums cross like the words in a crossword. This board has `63:7=9` on row 5.
            The blocks in your hand are 3, 8, +, 6, =, 1, 0 and 7.
            """
        ),
        code(diagram_code("Summy", SUMMY_CROSS, ["38+6=107", "1234567="])),
        code("game.hint(level=1)"),
        code("game.hint(level=3)"),
        md(
            """
            The sum `38+69=107` goes **down** column F and uses the 9 that is already on
            F5. It scores 3 + 8 + 6 + 9 + 1 + 0 + 7 = 34 points: the 9 counts too.
            """
        ),
        code(
            """
            game.play("F1 down 38+69=107")
            game
            """
        ),
        md(
            """
            ## Squares that stay empty

            - The square just **before** a sum and the square just **after** it stay
              empty for the rest of the game: a sum can never be made longer.
            - A block can be in at most one sum across and one sum down.
            - Blocks that touch side by side do not have to make a sum.

            **Picture:** the same board drawn for a worksheet. The newest sum is outlined
            and striped, and the legend under the board says so: "last move".
            """
        ),
        code("plot.board(game)"),
        md(
            """
            ## Ideas for playing well

            - Big digits score more: `9` is worth 9 points, `1` only 1.
            - A long number such as 107 has many digits, and each one scores.
            - Use a block on the board that has a big digit: it counts for you again.
            - Keep an eye on the squares that must stay empty: they can block your plans.
            - `x` and `:` make big numbers quickly: `63:7=9` is a short sum with big digits.
            """
        ),
        *puzzles_intro("04-summy"),
        puzzle_cell("04-summy", 1),
        puzzle_cell("04-summy", 2),
        puzzle_cell("04-summy", 3),
        puzzle_cell("04-summy", 4),
        md(
            """
            ## Play a game

            Click a block in your hand, then a square, until your sum is complete. A
            single block can be read across or down: the **Direction** button chooses.
            Press **Play**. You play against the computer; the table is 11 × 11.
            """
        ),
        code('mathplay.play("summy", seats=["human", "computer"], size=11)'),
        md(
            """
            After a game, you can draw how the scores went. Here is a short game between
            two computer players on a 9 × 9 table.

            **Picture:** a line chart of the score of each player after every move. Each
            player has its own marker and line style.
            """
        ),
        code(
            """
            from mathplay.ai import make_player
            demo = mathplay.Summy(players=2, seed=1, size=9, first_hand="playable")
            computers = [make_player("greedy", seed=1), make_player("greedy", seed=2)]
            while not demo.is_over:
                computers[demo.to_move].play_turn(demo)
            plot.scores(demo)
            """
        ),
        self_check(
            [
                ("How many points does `12:3=4` score?", "1 + 2 + 3 + 4 = 10 points."),
                (
                    "Is `3+4=7=7` a Summy sum?",
                    "No: a sum has exactly one `=`, with one number after it.",
                ),
                (
                    "Your sum uses a 9 that was already on the board. Does the 9 score?",
                    "Yes: every digit of the sum scores, old and new.",
                ),
            ]
        ),
        summary(
            [
                "A Summy sum is one line, across or down, with one `=` and one number after it.",
                "It scores the sum of all its digits, also those already on the board.",
                "Sums cross; the squares just before and after a sum stay empty.",
                "Big digits and long numbers score most.",
            ],
            "Lesson 5, binary numbers.",
        ),
    ]


# --- 05 binary numbers ----------------------------------------------------------------------


@lesson("05-binary-numbers")
def _binary_numbers() -> list[dict]:
    return [
        *start_cells(
            "Lesson 5: Binary numbers",
            [
                "what place values are, in our usual numbers and in binary;",
                "how to count in binary;",
                "how to turn a binary number into an ordinary one, and back.",
            ],
            """
            Computers store every number with only two digits: 0 and 1. Numbers written
            with only 0 and 1 are **binary** numbers (binary means "made of two").
            A binary digit is called a **bit**.
            """,
        ),
        md(
            """
            ## Place values

            In our usual numbers (**decimal**, base 10), the place of a digit tells what
            it is worth. In 352 the 3 is worth 300, the 5 is worth 50 and the 2 is
            worth 2. Every place is worth **10 times** the place to its right: 1, 10,
            100, 1000 …

            In **binary** (base 2) every place is worth **2 times** the place to its
            right: 1, 2, 4, 8, 16, 32, 64, 128 … A bit 1 means "take this place value";
            a bit 0 means "skip it".

            So binary 1101 is 8 + 4 + 0 + 1 = 13.

            **Picture:** the number 13 as eight bits, 00001101. Under each bit is its
            place value, from 128 on the left down to 1 on the right. The bits that are 1
            (under 8, 4 and 1) are bold in a framed square; the 0 bits are plain and grey.
            """
        ),
        code("plot.place_values(13)"),
        md(
            """
            `13 = 8 + 4 + 1`: that is the whole secret of binary. The checker can check
            binary too, with `base=2`. It keeps writing numbers in binary, so 8 is
            `1000`, 4 is `100` and 1 is `1`:
            """
        ),
        code('mathplay.check("1101 = 1000 + 100 + 1", base=2)'),
        md(
            """
            ## Counting in binary

            Counting in binary works like a car's distance counter that only has the
            digits 0 and 1. When a place is full (it is 1 and you add one more), it goes
            back to 0 and the next place goes up.

            | decimal | binary | place values used |
            | --- | --- | --- |
            | 0 | 0 | none |
            | 1 | 1 | 1 |
            | 2 | 10 | 2 |
            | 3 | 11 | 2 + 1 |
            | 4 | 100 | 4 |
            | 5 | 101 | 4 + 1 |
            | 6 | 110 | 4 + 2 |
            | 7 | 111 | 4 + 2 + 1 |
            | 8 | 1000 | 8 |

            Notice: 1, 10, 100, 1000 in binary are 1, 2, 4, 8, the place values.
            """
        ),
        md(
            """
            ## From binary to decimal

            Write the place values under the bits, from the right: 1, 2, 4, 8 … Add the
            place values that have a 1 above them. Binary 1011 is 8 + 2 + 1 = 11.
            `mathplay.evaluate` gives the value of a binary number as an ordinary number:
            """
        ),
        code('mathplay.evaluate("1011", base=2)'),
        md(
            """
            ## From decimal to binary

            Start with the biggest place value that fits, and keep taking away.

            Example: 22. The place values are 1, 2, 4, 8, 16, 32. 32 is too big.

            1. 16 fits: 22 − 16 = 6 left. Bit for 16: **1**.
            2. 8 does not fit in 6. Bit for 8: **0**.
            3. 4 fits: 6 − 4 = 2 left. Bit for 4: **1**.
            4. 2 fits: 2 − 2 = 0 left. Bit for 2: **1**.
            5. Nothing left for 1. Bit for 1: **0**.

            So 22 is `10110` in binary. Python can write a number in binary with
            `format(number, "b")`:
            """
        ),
        code('format(22, "b")'),
        *picture(
            "22 as eight bits, 00010110. The bits under the place values 16, 4 and 2 are 1.",
            "plot.place_values(22)",
        ),
        md(
            """
            How big can a binary number with 8 bits be? All eight bits 1:
            128 + 64 + 32 + 16 + 8 + 4 + 2 + 1 = 255.
            """
        ),
        code('mathplay.evaluate("11111111", base=2)'),
        *puzzles_intro("05-binary-numbers"),
        puzzle_cell("05-binary-numbers", 1),
        puzzle_cell("05-binary-numbers", 2),
        puzzle_cell("05-binary-numbers", 3),
        puzzle_cell("05-binary-numbers", 4),
        puzzle_cell("05-binary-numbers", 5),
        puzzle_cell("05-binary-numbers", 6),
        *practice("convert", 1, "writing numbers in binary"),
        self_check(
            [
                ("What is binary 110 in decimal?", "4 + 2 = 6."),
                ("Write 9 in binary.", "`1001`: 8 + 1."),
                (
                    "What is the biggest number you can write with 4 bits?",
                    "`1111`, which is 8 + 4 + 2 + 1 = 15.",
                ),
            ]
        ),
        summary(
            [
                "Binary numbers use only the bits 0 and 1.",
                "The place values in binary are 1, 2, 4, 8, 16 … each one twice the one before.",
                "Binary to decimal: add the place values under the 1 bits.",
                "Decimal to binary: take away the biggest place value that fits, again and again.",
            ],
            "Lesson 6, binary arithmetic.",
        ),
    ]


# --- 06 binary arithmetic -------------------------------------------------------------------


@lesson("06-binary-arithmetic")
def _binary_arithmetic() -> list[dict]:
    return [
        *start_cells(
            "Lesson 6: Binary arithmetic",
            [
                "how to add in binary, and why `1+1=10`;",
                "how to subtract, multiply and divide in binary;",
                "why binary values in mathplay are never below zero and never fractions.",
            ],
            """
            In this lesson every number is binary. Remember the place values 1, 2, 4,
            8, 16 … from lesson 5.
            """,
        ),
        md(
            """
            ## Why 1 + 1 = 10

            One plus one is two, as always. But in binary, two is written `10`: one 2
            and no 1. So in binary `1+1=10`. Read it aloud as "one plus one is one-zero",
            not "ten".
            """
        ),
        code('mathplay.check("1+1=10", base=2)'),
        md(
            """
            ## Adding with carries

            You add binary numbers in columns, from the right, like ordinary numbers.
            There are only four cases:

            | bits | sum | write | carry to the next column |
            | --- | --- | --- | --- |
            | 0 + 0 | 0 | 0 | nothing |
            | 0 + 1 | 1 | 1 | nothing |
            | 1 + 1 | 10 | 0 | 1 |
            | 1 + 1 + carried 1 | 11 | 1 | 1 |

            Example: `101 + 11 = 1000` (5 + 3 = 8).

            ```
              carries:  1 1 1
                          1 0 1
                       +    1 1
                       --------
                        1 0 0 0
            ```

            Right column: 1 + 1 = 10, write 0, carry 1. Middle: 0 + 1 + 1 = 10, write
            0, carry 1. Left: 1 + 1 = 10, write 0, carry 1. The last carry gives the
            leading 1.
            """
        ),
        code('mathplay.check("101 + 11 = 1000", base=2)'),
        md(
            """
            ## Subtracting, multiplying, dividing

            - **Subtract**: `111 - 10 = 101` (7 − 2 = 5).
            - **Multiply** by `10` (two): put a 0 on the right, like multiplying by 10 in
              decimal. `101 x 10 = 1010` (5 × 2 = 10).
            - **Divide**: `110 / 10 = 11` (6 ÷ 2 = 3). In Binary, `/` is the divide sign.
            """
        ),
        code('mathplay.check("111 - 10 = 101", base=2)'),
        code('mathplay.check("101 x 10 = 1010", base=2)'),
        code('mathplay.check("110 / 10 = 11", base=2)'),
        md(
            """
            The order of operations is the one from lesson 1: `x` and `/` before `+` and
            `-`.

            **Picture:** the tree of `1 + 10 x 11 = 111`. The `x` box (value 110, which
            is 6) is below the `+` box (value 111, which is 7), because times comes first.
            """
        ),
        code('plot.expression_tree("1 + 10 x 11 = 111", base=2)'),
        md(
            """
            ## Only whole numbers, 0 or more

            In the Binary game every value, even one on the way, must be a whole number
            of 0 or more. A subtraction that goes below zero, or a division that does not
            come out even, makes the expression wrong. The checker tells you why:
            """
        ),
        code('mathplay.check("1 - 10 = 0", base=2)'),
        code('mathplay.check("11 / 10 = 1", base=2)'),
        *puzzles_intro("06-binary-arithmetic"),
        puzzle_cell("06-binary-arithmetic", 1),
        puzzle_cell("06-binary-arithmetic", 2),
        puzzle_cell("06-binary-arithmetic", 3),
        puzzle_cell("06-binary-arithmetic", 4),
        self_check(
            [
                ("What is `11 + 1` in binary?", "`100`: 3 + 1 = 4."),
                ("What is `1000 - 1` in binary?", "`111`: 8 − 1 = 7."),
                (
                    "How do you multiply a binary number by `100` (four)?",
                    "Put two zeros on the right: `11 x 100 = 1100` (3 × 4 = 12).",
                ),
            ]
        ),
        summary(
            [
                "In binary, 1 + 1 is two, written `10`: write 0, carry 1.",
                "Add, subtract, multiply and divide work as in decimal, with only 0 and 1.",
                "Multiplying by `10` in binary doubles a number: put a 0 on the right.",
                "In the Binary game, values are whole numbers of 0 or more.",
            ],
            "Lesson 7, bitwise logic.",
        ),
    ]


# --- 07 bitwise logic -----------------------------------------------------------------------


@lesson("07-bitwise-logic")
def _bitwise() -> list[dict]:
    return [
        *start_cells(
            "Lesson 7: Bitwise logic: AND, OR, XOR, NOT",
            [
                "what AND, OR, XOR and NOT do to single bits (truth tables);",
                "how they work on whole binary numbers, bit by bit;",
                "how a mask picks out, sets or flips some bits;",
                "why NOT depends on how many bits you write.",
            ],
            """
            Computers do not only add. They also compare bits one by one. These
            operations are called **bitwise** (bit by bit) or **logic** operations. In
            this lesson every number is binary.
            """,
        ),
        md(
            """
            ## Truth tables

            Think of 1 as "yes" and 0 as "no". A **truth table** lists every possible
            input and the answer for each.

            - **AND** says 1 only when **both** bits are 1. ("Is it sunny AND warm?")
            - **OR** says 1 when **at least one** bit is 1.
            - **XOR** ("exclusive or") says 1 when the bits are **different**.
            - **NOT** works on one bit and flips it: NOT 0 is 1, NOT 1 is 0.

            **Picture:** the AND truth table: four rows, for the inputs 0 0, 0 1, 1 0 and
            1 1. Only the row 1 1 gives 1. Every 1 is bold in a framed square.
            """
        ),
        code('plot.truth_table("AND")'),
        md(
            """
            **Picture:** the OR truth table. Only the row 0 0 gives 0; the other three
            rows give 1.
            """
        ),
        code('plot.truth_table("OR")'),
        md(
            """
            **Picture:** the XOR truth table. The rows 0 1 and 1 0 give 1; the rows 0 0
            and 1 1 give 0.
            """
        ),
        code('plot.truth_table("XOR")'),
        md(
            """
            ## Bit by bit

            On longer numbers, write them under each other, lined up on the right, and
            use the truth table on each column. If one number is shorter, put zeros in
            front of it.

            12 is `1100` and 10 is `1010`. `1100 AND 1010 = 1000`, which is 8: only the
            left column has a 1 in both.

            **Picture:** 12 AND 10 bit by bit. The bits of 12 (1100) are above the bits
            of 10 (1010); the answer row below is 1000, which is 8.
            """
        ),
        code('plot.bitwise(12, 10, "AND")'),
        code('mathplay.check("1100 AND 1010 = 1000", base=2)'),
        md(
            """
            **Picture:** 12 XOR 10 bit by bit. The answer is 0110, which is 6: a 1 in
            each column where the two bits differ.
            """
        ),
        code('plot.bitwise(12, 10, "XOR")'),
        md(
            """
            ## Masks

            A **mask** is a number you choose to work on some bits only.

            - **AND with a mask keeps** the bits where the mask has 1 and clears the
              others. `10110 AND 1111 = 110` keeps the last four bits.
            - `AND 1` keeps only the last bit. It tells you if a number is odd (1) or even
              (0): `1101 AND 1 = 1`, so 13 is odd; `1100 AND 1 = 0`, so 12 is even.
            - **OR with a mask sets** bits to 1: `1000 OR 1 = 1001`.
            - **XOR with a mask flips** bits: `1010 XOR 1111 = 101`.
            """
        ),
        code('mathplay.check("10110 AND 1111 = 110", base=2)'),
        md(
            """
            ## NOT and the width of a number

            NOT flips **every bit you wrote**, so how many bits you write matters.
            `NOT 101 = 10`: 101 becomes 010, which is written `10`. But
            `NOT 0101 = 1010`: with four bits, the first 0 flips to 1 too. This is the
            only place where a binary number may start with 0.

            **Picture:** NOT 0101 bit by bit: 0101 (5) above, 1010 (10) below, every
            bit flipped.
            """
        ),
        code('plot.bitwise("0101", None, "NOT")'),
        code('mathplay.check("NOT 101 = 10", base=2)'),
        md(
            """
            ## The order of operations

            In mathplay, NOT comes first, then `x /`, then `+ -`, then AND, then XOR,
            then OR. So in `1 OR 1 AND 0 = 1` the AND is done first (1 AND 0 is 0),
            then 1 OR 0 is 1. Watch the steps:
            """
        ),
        code('mathplay.check("1 OR 1 AND 0 = 1", base=2)'),
        md(
            """
            A famous mistake: one book printed `100 AND 1 = 101`. It is false: AND keeps
            only the bits that are 1 in both numbers, and 100 and 1 share none.
            (`100 OR 1 = 101` is what the book meant.) The checker explains:
            """
        ),
        code('mathplay.check("100 AND 1 = 101", base=2)'),
        *puzzles_intro("07-bitwise-logic"),
        puzzle_cell("07-bitwise-logic", 1),
        puzzle_cell("07-bitwise-logic", 2),
        puzzle_cell("07-bitwise-logic", 3),
        puzzle_cell("07-bitwise-logic", 4),
        puzzle_cell("07-bitwise-logic", 5),
        puzzle_cell("07-bitwise-logic", 6),
        *practice("bitwise", 2, "OR and XOR"),
        self_check(
            [
                ("What is `1 AND 0`? And `1 OR 0`?", "`1 AND 0` is 0; `1 OR 0` is 1."),
                (
                    "What is `110 XOR 110`?",
                    "0: the bits are the same in every column, so XOR gives 0 everywhere.",
                ),
                (
                    "Why is `NOT 1010 = 101` true, but NOT 01010 is not 101?",
                    "NOT 1010 flips four bits to 0101, written `101`. "
                    "NOT 01010 flips five bits to 10101.",
                ),
            ]
        ),
        summary(
            [
                "AND: 1 when both bits are 1. OR: 1 when at least one is 1. XOR: 1 when they differ. NOT: flip.",
                "On numbers they work bit by bit, lined up on the right.",
                "Masks: AND keeps bits, OR sets bits, XOR flips bits.",
                "NOT flips every bit you write, so `NOT 101` and `NOT 0101` are different.",
            ],
            "Lesson 8, the Binary game.",
        ),
    ]


# --- 08 playing Binary ----------------------------------------------------------------------

EMPTY_15 = "\n".join([" ".join(["."] * 15)] * 15)


@lesson("08-binary-game")
def _binary_game() -> list[dict]:
    return [
        *start_cells(
            "Lesson 8: Playing Binary",
            [
                "the Binary board and its chips;",
                "what a correct binary expression on the board looks like;",
                "how a move scores, with the highest-bit bonus;",
                "how to play a game against the computer.",
            ],
            """
            Binary is Scrabble with binary numbers. You need lessons 5, 6 and 7: binary
            numbers, binary arithmetic and AND, OR, NOT.
            """,
            pictures=False,
        ),
        md(
            """
            ## Board and chips

            The board is the Scrabble board: 15 × 15 squares, columns A to O and rows 1
            to 15. The bag holds 100 chips: many `0`, `1` and `=`, fewer `+`, `-`,
            `x`, `/`, `AND`, `OR` and `NOT`, and 3 blanks that can stand for any chip.
            Each player holds **9 chips**. Every chip has points: most are worth 1, `x`
            is worth 2, `/` is worth 4 and a blank 0.

            Special squares carry a label:

            - **DL** (double letter) and **TL** (triple letter): the chip placed there
              counts 2 or 3 times;
            - **DW** (double word) and **TW** (triple word): the whole move counts 2 or
              3 times. The middle square H8 is a DW.

            **Picture:** the empty Binary board with its labelled DL, TL, DW and TW
            squares. The middle square H8 is marked DW.
            """
        ),
        code(diagram_code("Binary", EMPTY_15, ["1 1 0 + = 1 x 1 AND", "0 1 1 0 = + OR NOT 1"])),
        md(
            """
            ## A correct expression

            A line of chips on the board must be a true binary expression:

            - two or more sides joined by `=`, all with the same value, such as `1+1=10`
              or `10x10=100=11+1`;
            - at least one operator somewhere (`1=1` alone does not count);
            - no number starts with 0, except right after NOT, where the width counts;
            - values are whole numbers of 0 or more (lesson 6);
            - the first move covers the middle square H8, and every later move uses a
              chip already on the board. You may also make an expression longer at
              either end: `1+1=10` can become `11+1=100`.
            """
        ),
        code('mathplay.check("10x10=100=11+1", base=2)'),
        md(
            """
            ## How a move scores

            1. Add the points of the chips you placed (a DL or TL chip counts 2 or 3
               times).
            2. Add the **highest-bit bonus**: the place value of the highest 1 bit of the
               expression's value. `1+1=10` has the value `10` (two): bonus 2.
               `11x11=1001` has the value `1001` (nine): its highest 1 bit is worth 8, so
               bonus 8.
            3. Multiply by every DW or TW square you covered.
            4. Using all 9 chips in one move gives 50 more.

            Example: you play `1+1=10` across from H8. That is six chips: 6 points. The
            `1` of `10` lands on L8, a DL, so it counts twice: 7. The bonus is 2: 9.
            H8 is a DW: 9 × 2 = **18 points**.
            """
        ),
        code('mathplay.check("1+1=10", base=2)'),
        code(
            """
            game.play("H8 across 1 + 1 = 10")
            """
        ),
        code("game"),
        md(
            """
            Now the second player's chips are 0, 1, 1, 0, =, +, OR, NOT and 1. The hints
            show what is possible. Level 1 is a small push; level 3 gives a whole move.
            """
        ),
        code("game.hint(level=1)"),
        code(
            """
            for hint in game.hints(3):
                print(hint)
            """
        ),
        md(
            """
            These moves are long: they start on the **TW** (triple word) square A8, run
            through the chips already on row 8, and use all 9 chips of the hand, which
            gives 50 more. The line of the first one has three sides. Check it:
            """
        ),
        code('mathplay.check("0 + 11 = NOT 01 + 1 = 10 OR 1", base=2)'),
        md(
            """
            All three sides are `11` (three): `0 + 11` is 11; `NOT 01 + 1` is 10 + 1,
            which is 11; and `10 OR 1` is 11. The chips of `1+1=10` are still on the
            board, but now they belong to the longer line: the first 1 ends `NOT 01`,
            and `10` begins `10 OR 1`.

            ## Ideas for playing well

            - Big values give a big bonus: `x` makes values grow fast.
            - DW and TW squares multiply everything, the bonus too.
            - `x 1`, `+ 0` and `OR 0` leave a value as it is, so they are easy ways to
              make a line longer.
            - NOT is useful to fix a value: `NOT 0 = 1`.
            """
        ),
        *puzzles_intro("08-binary-game"),
        puzzle_cell("08-binary-game", 1),
        puzzle_cell("08-binary-game", 2),
        puzzle_cell("08-binary-game", 3),
        md(
            """
            ## Play a game

            Click a chip in your hand, then a square, until your expression is complete,
            then press **Play**. You play against the computer.
            """
        ),
        code('mathplay.play("binary", seats=["human", "computer"])'),
        self_check(
            [
                (
                    "What is the highest-bit bonus of `101+1=110`?",
                    "The value is `110` (six); its highest 1 bit is worth 4: bonus 4.",
                ),
                (
                    "Is `1 NOT 1 = 0` a correct expression?",
                    "No: NOT goes before a number, never right after one.",
                ),
                (
                    "Why is `1 - 10 = 0` not allowed?",
                    "1 − 10 is one minus two, which is below zero: binary values must be 0 or more.",
                ),
            ]
        ),
        summary(
            [
                "Binary is Scrabble with 0/1 chips, operators and `=`; hands hold 9 chips.",
                "Every line on the board is a true binary expression with at least one operator.",
                "Score: chip points (with DL/TL), plus the highest-bit bonus, times DW/TW.",
                "The bonus is the place value of the highest 1 bit of the value.",
            ],
            "Lesson 9 is for teachers.",
        ),
    ]



# --- 09 for teachers ----------------------------------------------------------------------

def progress_cells() -> list[dict]:
    return [
        md(
            """
            ## Reading progress

            Every time a student checks an answer (**Check**, or Enter in the answer box),
            the puzzle widget adds one line to a progress file: the name, the time, the
            set, the puzzle and its question, the answer, right or wrong, how many hints
            were used, whether the solution was shown, and the time spent on it. On
            JupyterHub the name is the student's login, so nobody types it; elsewhere
            the student writes it once. Where the files go, and how to gather a class's
            files into one, is in `docs/classroom.md`.

            `progress.summary` sums the records up: one row per student per puzzle, and
            a grid of the class. Here is a sample file from four students working on
            lesson 1's puzzles:
            """
        ),
        code(
            """
            from mathplay.puzzles import progress
            progress.summary("puzzles/sample-progress.jsonl")
            """
        ),
        md(
            """
            How to read it: each square is one student at one puzzle. **✓** (green) is
            right at the first try, **+** (yellow) solved after a hint or a wrong try,
            **S** (orange) solved only after seeing the solution, **✗** (red) tried but
            not solved, and **·** (grey) not tried; a small number is how many tries it
            took. Under the grid come the puzzles the class found hardest, and every
            wrong answer with who typed it. Here Ben typed `40` for `6 + 2 x 5` and
            "true" at the calculator puzzle: he still works from left to right, so lesson
            1's first section is worth repeating with him.

            The same table, one row per student per puzzle, goes into a spreadsheet:
            `summary.to_csv("class.csv")` writes it. Its first lines:
            """
        ),
        code(
            """
            summary = progress.summary("puzzles/sample-progress.jsonl")
            print("\\n".join(summary.csv_text().splitlines()[:6]))
            """
        ),
        md(
            """
            **Picture:** the grid as a heat map, students down the side and puzzles
            along the bottom, each square coloured (and marked with its symbol) as above,
            with a key beside it; under it, bars of how many students in every hundred
            were right at the first try at each puzzle.
            """
        ),
        code('progress.chart("puzzles/sample-progress.jsonl")'),
        md(
            """
            For a whole class, the command line does the same in a terminal:
            `mathplay progress collect /home -o class.jsonl` gathers every student's
            file, and `mathplay progress report class.jsonl --html class.html` writes a
            page to open in the browser. Your own records, once you have worked here
            (empty until then):
            """
        ),
        code("progress.summary()"),
    ]


TEACHER_SET_WITH_MISTAKES = (
    'title = "My first set"\n'
    '[[puzzle]]\nid = "p1"\nkind = "missing"\nequation = "6 + _ = 10"\nanswer = "5"\n'
    '[[puzzle]]\nid = "p2"\nkind = "true-or-false"\nequaton = "2 + 2 = 4"\n'
)


@lesson("09-for-teachers")
def _for_teachers() -> list[dict]:
    return [
        *start_cells(
            "Lesson 9: For teachers: puzzle sets and progress",
            [
                "how a puzzle set is written (a TOML text file), and the kinds of puzzle;",
                "how to check a set, so that students never meet a wrong puzzle;",
                "how to generate a set at a chosen level;",
                "how to show a set to students, and how to read their progress.",
            ],
            """
            This lesson is for you, the teacher. It uses a little more code than the
            student lessons, but every cell is short. How to open the lessons, and how to
            show one as an app with Voilà, is in `docs/lessons.md`.
            """,
        ),
        md(
            """
            ## Puzzle sets

            A **puzzle set** is a text file in **TOML** (a simple format of `key = value`
            lines). Each puzzle starts with a line `[[puzzle]]` and has an `id`, a `kind`,
            the data of its kind, and optionally a `prompt`, the `answer`, `hints` (from a
            small push to a big one) and `feedback`. The whole format is in
            `docs/puzzles.md`.

            | kind | the student… | main keys |
            | --- | --- | --- |
            | `missing` | fills in a blank `_` | `equation` |
            | `true-or-false` | says whether an equation is true | `equation`, `why` (the right reason first) |
            | `which-operation` | picks the operation for a blank | `equation`, `operations` |
            | `target` | makes a number from tiles | `tiles`, `target` |
            | `convert` | writes a number in the other base | `number`, `to` |
            | `bitwise` | works out AND, OR, XOR, NOT | `expression` |
            | `move` | finds a move in a game position | `game`, `diagram`, `hand`, `goal` |

            Every lesson's puzzles are in the folder `lessons/puzzles/`. Here is the
            sample set of this lesson, one puzzle of several kinds:
            """
        ),
        code('print(open("puzzles/09-for-teachers.toml").read())'),
        md(
            """
            ## Try the set as a student

            `mathplay.PuzzleSet` shows a set the way students see it: one puzzle at a
            time, a box (or buttons) for the answer, **Check**, **Hint**, **Next**, and
            feedback that explains. Give it a file, or the name of a set that comes with
            mathplay. `log=None` means your own tries are not recorded.
            """
        ),
        code('mathplay.PuzzleSet("puzzles/09-for-teachers.toml", log=None)', "puzzle"),
        md(
            """
            The lessons show one puzzle per cell, next to the explanation it practises.
            The next cell makes that possible: `puzzle(2)` shows the second puzzle of
            the set on its own.
            """
        ),
        puzzle_setup("09-for-teachers"),
        puzzle_cell("09-for-teachers", 2),
        puzzle_cell("09-for-teachers", 5),
        md(
            """
            ## Check a set

            Before students see a set, check it. The checker reads the file, solves every
            puzzle, and tells you, with the line number, what to change: a wrong answer,
            a misspelt key, a puzzle with no solution or with two solutions when you said
            `unique = true`, an illegal game position.

            This small set has two mistakes. Can you spot them before you run the cell?
            """
        ),
        code('set_text = """' + TEACHER_SET_WITH_MISTAKES + '"""'),
        code(
            """
            from mathplay import puzzles
            for problem in puzzles.check_text(set_text, "my-set.toml"):
                print(problem)
            """
        ),
        md(
            """
            From a terminal, the same check for a file:
            `mathplay puzzles check lessons/puzzles/09-for-teachers.toml`. It says
            "all fine" when the set is ready. All the lesson sets pass (an empty list
            of problems for each file):
            """
        ),
        code(
            """
            from pathlib import Path
            {path.name: puzzles.check_file(path) for path in sorted(Path("puzzles").glob("*.toml"))}
            """
        ),
        md(
            """
            mathplay also ships ready-made sets. Use a name instead of a file:
            """
        ),
        code("puzzles.shipped_sets()"),
        md(
            """
            ## Generate a set

            The generator makes as many puzzles as you want of one kind, at a level.
            The same kind, level, number and seed always give the same set, so a whole
            class can get the same puzzles (or give each student their own seed). Every
            generated puzzle passes the checks.
            """
        ),
        code(
            """
            from mathplay.puzzles.generate import LEVELS, generate
            LEVELS["missing"]
            """
        ),
        code(
            """
            sheet = generate("missing", 4, 3, seed=7)
            print(puzzles.write(sheet))
            """
        ),
        md(
            """
            Save it as a file for your class with
            `Path("my-set.toml").write_text(puzzles.write(sheet))`, change what you
            like, and check it again. From a terminal, the same in one line:
            `mathplay puzzles generate --kind missing --level 4 -n 10 --seed 7 -o my-set.toml`.
            And `mathplay puzzles notebook my-set.toml` writes a notebook that shows the
            set to students.

            ## Worksheets on paper

            Every board can be drawn for print. `plot.board(game, last_move=False,
            title=False)` gives a clean board; `fig.savefig("sheet.pdf")` saves it.

            **Picture:** the Summy position of lesson 4's puzzle, `63:7=9` on row 5, as a
            clean worksheet board with no title.
            """
        ),
        code(
            """
            cross = puzzles.load("puzzles/04-summy.toml").puzzle("summy-cross")
            position = mathplay.Summy.from_diagram(cross.fields["diagram"], hands=[""])
            plot.board(position, last_move=False, title=False)
            """
        ),
        md(
            """
            ## Computer opponents for your class

            In `mathplay.play`, each seat is a person or a computer at one of three
            levels: `computer:easy`, `computer:medium` or `computer:hard` (the New game
            panel offers the same three). `mathplay.play("summy")` and every lesson play
            against `easy`.

            | level | plays | a good opponent for |
            | --- | --- | --- |
            | `easy` | a true, sensible move worth about half the best score now | a first game: pupils can beat it |
            | `medium` | the move that scores most now | pupils who know the rules |
            | `hard` | plans ahead: what it keeps, the rest of the turn | strong players (in Summy it plays about as well as medium) |

            These strengths were measured over 400 games per pair (`docs/ai.md`). Medium
            beats easy in 8 or 9 games of 10 (Summy 93%, Mixmath 85%, Binary 77%). Hard
            beats medium in about 6 games of 10 in Mixmath, and not in Summy (50%). Luck
            matters, so a pupil can beat any level. A small tournament shows it, on a 9 × 9
            Summy table:
            """
        ),
        code(
            """
            from mathplay.tournament import run_match
            print(run_match("summy", ("medium", "easy"), games=4, seed=1, size=9).report())
            """
        ),
        *progress_cells(),
        self_check(
            [
                (
                    "A puzzle says `unique = true`, but two answers are right. What happens?",
                    "The check reports it, with the line, and suggests changing the puzzle "
                    "or removing `unique = true`.",
                ),
                (
                    "How do you give every pupil different puzzles of the same level?",
                    "Generate with a different `seed` for each pupil.",
                ),
                (
                    "Where do you change the puzzles of lesson 3?",
                    "In `lessons/puzzles/03-mixmath.toml`; then check the file.",
                ),
            ]
        ),
        summary(
            [
                "A puzzle set is a TOML file: one `[[puzzle]]` per puzzle, with its kind and data.",
                "`puzzles.check_file(...)` (or `mathplay puzzles check FILE`) finds every mistake, with its line.",
                "`generate(kind, level, n, seed=...)` makes a checked set; the same seed gives the same set.",
                "`mathplay.PuzzleSet(...)` shows a set to students, one puzzle at a time, with hints and feedback.",
            ],
            None,
        ),
    ]


# --- checking the text and writing the notebooks ------------------------------------------

BINARY_LESSONS = {"05-binary-numbers", "06-binary-arithmetic", "07-bitwise-logic", "08-binary-game"}
_FENCE = re.compile(r"```.*?```", re.DOTALL)
_SPAN = re.compile(r"`([^`\n]+)`")


def equations_in(name: str, cells: list[dict]) -> list[tuple[str, int]]:
    """Every code span in the lesson's Markdown that is an equation, with its base."""
    found = []
    for cell in cells:
        if cell.cell_type != "markdown":
            continue
        text = _FENCE.sub("", cell.source)
        for span in _SPAN.findall(text):
            if "=" not in span or any(c in span for c in "?_(\"'[") or "==" in span:
                continue
            if not re.search(r"\d", span) or re.search(r"[a-wyz]", span):
                continue
            decimal = name not in BINARY_LESSONS or re.search(r"[2-9]", span)
            found.append((span, SPAN_BASE.get(span, 10 if decimal else 2)))
    return found


def check_equations() -> list[str]:
    import mathplay

    problems = []
    for name, cells in LESSONS.items():
        for text, base in equations_in(name, cells):
            try:
                holds = mathplay.check(text, base=base).holds
            except mathplay.ExpressionError as error:
                if text in MALFORMED_ON_PURPOSE:
                    continue
                problems.append(f"{name}: `{text}` cannot be read: {error}")
                continue
            if holds == (text in FALSE_ON_PURPOSE):
                state = "true" if holds else "false"
                problems.append(f"{name}: `{text}` is {state} in base {base}")
    shown = {text for name, cells in LESSONS.items() for text, _base in equations_in(name, cells)}
    for text in sorted((FALSE_ON_PURPOSE | MALFORMED_ON_PURPOSE) - shown):
        problems.append(f"`{text}` is listed as shown on purpose, but no lesson shows it")
    return problems


def check_puzzles() -> list[str]:
    from mathplay.puzzles import check_file, load
    from mathplay.puzzles.generate import generate

    problems = []
    for name, cells in LESSONS.items():
        numbers = [
            int(match.group(1))
            for cell in cells
            if cell.cell_type == "code" and (match := re.fullmatch(r"puzzle\((\d+)\)", cell.source))
        ]
        for cell in cells:
            found = re.search(r'mathplay\.Practice\("([a-z-]+)", (\d+)', cell.source)
            if cell.cell_type == "code" and found:
                try:
                    generate(found.group(1), int(found.group(2)), 1)
                except ValueError as error:
                    problems.append(f"{name}: {cell.source}: {error}")
        if not numbers:
            continue
        path = HERE / "puzzles" / f"{name}.toml"
        found = check_file(path)
        if found:
            problems += [str(problem) for problem in found]
            continue
        count = len(load(path).puzzles)
        problems += [f"{name}: puzzle({n}) but the set has {count}" for n in numbers if n > count]
    return problems


def notebook(name: str, cells: list[dict]) -> nbformat.NotebookNode:
    nb = new_notebook()
    nb.metadata = {
        "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python",
                       "name": "python3"},
        "language_info": {"name": "python"},
    }
    for number, cell in enumerate(cells):
        cell.id = f"{name[:2]}-{number:03d}"
        if cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None
    nb.cells = cells
    nbformat.validate(nb)
    return nb


def main(argv: list[str]) -> int:
    out = HERE
    if "--out" in argv:
        out = Path(argv[argv.index("--out") + 1])
        out.mkdir(parents=True, exist_ok=True)
    problems = check_equations() + check_puzzles()
    if problems:
        print("\n".join(problems), file=sys.stderr)
        return 1
    for name, cells in LESSONS.items():
        path = out / f"{name}.ipynb"
        nbformat.write(notebook(name, cells), path)
        if "--quiet" not in argv:
            print(f"wrote {path.relative_to(out.parent) if out == HERE else path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
