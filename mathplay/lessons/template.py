"""``mathplay lessons new NAME``: a lesson to start from, with its puzzles and notebook.

Every lesson follows the same path: goals, a worked example, guided puzzles, practice
(a cell tagged ``practice``), an end check that is recorded (a cell tagged ``check``),
and a summary with the next lesson. The new lesson has all of them, with text that
says what to write where; it passes ``mathplay lessons check`` as it is.

>>> lesson_name("fractions", taken=["00-welcome", "10-for-teachers"])
'11-fractions'
>>> lesson_name("12-fractions", taken=[])
'12-fractions'
>>> title_of("binary-fractions")
'Binary fractions'
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path
from string import Template

from mathplay.i18n import _
from mathplay.lessons.notebook import write_notebook
from mathplay.lessons.source import LESSON_GLOB, LessonError, read_lesson

__all__ = ["lesson_name", "new_lesson", "title_of"]

_NAME = re.compile(r"^(?:(?P<number>[0-9]{2})-)?(?P<name>[a-z][a-z0-9]*(?:-[a-z0-9]+)*)$")
_MAX_NAME = 40

LESSON = Template(
    """\
---
jupytext:
  formats: ipynb,md:myst
  notebook_metadata_filter: mathplay
kernelspec:
  display_name: Python 3 (ipykernel)
  language: python
  name: python3
mathplay:
  base: 10
---

# Lesson $number: $title

## What you will learn

- the first thing your pupils will learn (one goal a line);
- the second thing.

Say here, in two or three sentences, what this lesson is about. Write each new word in
**bold** the first time, and say what it means.

```{code-cell}
:tags: [hide-input]

import mathplay
lesson = mathplay.lesson("$lesson")
```

## A worked example

Show one example, step by step, in words and with the checker. Every equation written
here, like 3 + 4 = 7 or `8x15=120`, is checked by `mathplay lessons check`.

```{code-cell}
mathplay.check("3+4=7")
```

<!-- false on purpose: 3+4=8 -->
A mistake can be shown on purpose: `3+4=8` is not true. The comment on the line before
this paragraph tells the check so (nobody reading the lesson sees it).

```{code-cell}
mathplay.check("3+4=8")  # false on purpose
```

## Your turn

Each puzzle below shows one question. Type your answer and press **Enter** or
**Check**: the feedback tells you what your answer gives. Stuck? Press **Hint**: the
first hint is a small push, the last one shows the whole solution.

```{code-cell}
:tags: [puzzle]

lesson.puzzle(1)
```

```{code-cell}
:tags: [puzzle]

lesson.puzzle(2)
```

```{code-cell}
:tags: [puzzle]

lesson.puzzle(3)
```

## Practice until you master it

Below are new puzzles, one at a time, made for you from your name, so your neighbour
gets different ones. Get **4 right in a row without hints** and you have mastered them.
A wrong answer or a hint starts your row again, and that is fine: that is what practice
is for.

```{code-cell}
:tags: [practice]

lesson.practice()
```

## Check what you learned

Three last puzzles, to see what you have learned. Try them without hints. Your answers
are kept for your teacher, to see how the class did.

```{code-cell}
:tags: [check]

lesson.check()
```

## Summary

- the first thing to remember;
- the second thing.

**Next:** the next lesson.
"""
)

PUZZLES = Template(
    """\
# The puzzles of lessons/$lesson.md: 1 to 3 are the guided puzzles; [practice] is the
# practice and [check] the end check. The format is in docs/puzzles.md; check it with
#   mathplay puzzles check lessons/puzzles/$lesson.toml
title = "Lesson $number: $title"
level = 1

[[puzzle]]
id = "guided-missing"
kind = "missing"
equation = "3 + _ = 7"
answer = "4"
unique = true
hints = ["Count up from 3 to 7.", "3 + 1, 3 + 2, 3 + 3 … how many steps to 7?"]

[[puzzle]]
id = "guided-true-or-false"
kind = "true-or-false"
equation = "2 + 3 x 4 = 14"
answer = "true"
hints = ["Which comes first, + or x?", "3 x 4 is 12. What is 2 + 12?"]

[[puzzle]]
id = "guided-which-operation"
kind = "which-operation"
equation = "8 _ 2 = 16"
answer = "x"
unique = true
hints = ["16 is bigger than 8 + 2."]

[[puzzle]]
id = "check-missing"
kind = "missing"
equation = "6 x _ = 42"
answer = "7"
unique = true

[[puzzle]]
id = "check-true-or-false"
kind = "true-or-false"
equation = "12 - 5 = 8"
answer = "false"
why = ["12 - 5 is 7, not 8", "12 - 5 is the same as 12 - 4"]

[[puzzle]]
id = "check-which-operation"
kind = "which-operation"
equation = "9 _ 3 = 3"
answer = ":"
unique = true

[practice]
kind = "missing"
level = 2
goal = 4

[check]
puzzles = ["check-missing", "check-true-or-false", "check-which-operation"]

# The goal map: each line of What you will learn, the skills of the practice that
# practise it and the puzzles of the end check that test it (mathplay lessons check).

[[goal]]
text = "the first thing your pupils will learn (one goal a line)"
skills = ["missing-2"]
check = ["check-missing", "check-true-or-false"]

[[goal]]
text = "the second thing"
skills = ["missing-2"]
check = ["check-which-operation"]
"""
)


def title_of(name: str) -> str:
    """The lesson's title from its name: ``binary-fractions`` is "Binary fractions"."""
    words = name.split("-")
    return " ".join([words[0].capitalize(), *words[1:]])


def lesson_name(name: str, taken: Iterable[str]) -> str:
    """``NN-name`` for ``name``: its own number, or the next after the lessons ``taken``.

    Raises :class:`LessonError` for a name that is not safe as a file name, and for a
    number another lesson has.
    """
    match = _NAME.match(name)
    if not match or len(name) > _MAX_NAME:
        raise LessonError(
            _(
                "{name!r} cannot be a lesson's name: use small letters, digits and '-', "
                "starting with a letter, at most {most} characters (like fractions, or "
                "10-fractions)"
            ).format(name=name, most=_MAX_NAME)
        )
    taken = list(taken)
    same = [other for other in taken if other[3:] == match.group("name")]
    if same:
        raise LessonError(
            _("there is a lesson {other} already: nothing written").format(other=same[0])
        )
    numbers = {int(other[:2]): other for other in taken if other[:2].isdigit()}
    if match.group("number") is not None:
        number = int(match.group("number"))
        if number in numbers:
            raise LessonError(
                _(
                    "lesson {number:02d} is already {other}: choose another number; nothing written"
                ).format(number=number, other=numbers[number])
            )
    else:
        number = max(numbers, default=-1) + 1
        if number > 99:
            raise LessonError(_("there are lessons up to 99 already: give a number"))
    return f"{number:02d}-{match.group('name')}"


def new_lesson(name: str, folder: str | Path = "lessons") -> list[Path]:
    """Write ``NN-name.md``, ``puzzles/NN-name.toml`` and the notebook; refuse to overwrite.

    Returns the paths written. Nothing is written when one of them exists already.
    """
    folder = Path(folder)
    if not folder.is_dir():
        raise LessonError(_("there is no folder {folder}").format(folder=folder))
    taken = [path.stem for path in folder.glob(LESSON_GLOB)]
    taken += [path.stem for path in folder.glob(LESSON_GLOB.replace(".md", ".ipynb"))]
    lesson = lesson_name(name, taken)
    text_path = folder / f"{lesson}.md"
    puzzles_path = folder / "puzzles" / f"{lesson}.toml"
    notebook_path = text_path.with_suffix(".ipynb")
    for path in (text_path, puzzles_path, notebook_path):
        if path.exists():
            raise LessonError(_("{path} exists already: nothing written").format(path=path))
    fields = {"number": int(lesson[:2]), "title": title_of(lesson[3:]), "lesson": lesson}
    puzzles_path.parent.mkdir(exist_ok=True)
    with open(puzzles_path, "x", encoding="utf-8", newline="\n") as file:
        file.write(PUZZLES.substitute(fields))
    with open(text_path, "x", encoding="utf-8", newline="\n") as file:
        file.write(LESSON.substitute(fields))
    write_notebook(read_lesson(text_path))
    return [text_path, puzzles_path, notebook_path]
