"""Lessons written as text: MyST Markdown files, checked and built into notebooks.

A lesson is ``lessons/NN-name.md`` (Jupytext's ``md:myst`` format, paired with
``NN-name.ipynb``). ``mathplay lessons check`` checks what it says (its equations, its
puzzles, its notebook), ``mathplay lessons build`` writes its notebook and
``mathplay lessons new NAME`` starts one. ``docs/lessons.md`` explains them for teachers.

The names below are loaded when first used, so ``import mathplay`` stays quick.

>>> from mathplay import lessons
>>> lessons.equation_base("8 + 4 + 1 = 13", 2)
10
"""

from __future__ import annotations

from importlib import import_module

__all__ = [
    "Cell",
    "Lesson",
    "LessonError",
    "LessonProblem",
    "build_notebook",
    "check_lesson",
    "check_paths",
    "equation_base",
    "find_lessons",
    "new_lesson",
    "read_lesson",
    "write_notebook",
]

_WHERE = {
    "Cell": "source",
    "Lesson": "source",
    "LessonError": "source",
    "find_lessons": "source",
    "read_lesson": "source",
    "LessonProblem": "problem",
    "build_notebook": "notebook",
    "write_notebook": "notebook",
    "check_lesson": "check",
    "check_paths": "check",
    "equation_base": "check",
    "new_lesson": "template",
}


def __getattr__(name: str) -> object:
    if name in _WHERE:
        return getattr(import_module(f"mathplay.lessons.{_WHERE[name]}"), name)
    raise AttributeError(f"module 'mathplay.lessons' has no attribute {name!r}")
