"""Whatever a puzzle file holds, checking it reports problems: no traceback, no hang.

The files come from a small grammar of bad TOML: puzzle tables of every kind (and
unknown ones) whose values are drawn from right ones, wrong types, huge numbers, deep
nesting and unknown keys, then cut short or given bad bytes. The checker (``check_text``,
``load``, ``mathplay puzzles check``) must only ever report problems, and each file is
checked within a bounded number of tries (every search counts its candidates).
"""

from __future__ import annotations

import contextlib
import io
from pathlib import Path
from tempfile import TemporaryDirectory
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mathplay.errors import MathplayError
from mathplay.puzzles import Problem, PuzzleFileError, check_file, check_text, load
from mathplay.puzzles.cli import main as puzzles_main
from mathplay.puzzles.kinds.base import MAX_TRIES, Budget
from mathplay.puzzles.tomlwrite import toml_string
from tests.puzzles.helpers import SUMMY_9

KINDS = ["missing", "true-or-false", "which-operation", "target", "convert", "bitwise", "move"]
KEYS = {
    "missing": ["equation", "base", "order", "largest"],
    "true-or-false": ["equation", "base", "order", "why"],
    "which-operation": ["equation", "base", "order", "operations"],
    "target": ["tiles", "target", "base", "order", "operations", "use_all"],
    "convert": ["number", "to"],
    "bitwise": ["expression", "order"],
    "move": ["game", "diagram", "hand", "goal", "points"],
}
COMMON = ["id", "kind", "prompt", "answer", "unique", "hints", "feedback", "feedback.right"]
UNKNOWN = ["equatoin", "tile", "a.b.c", '"quoted key"', "x-y_z", "hint"]

# Right-looking texts for the keys, so that many puzzles get as far as their search.
TEXTS = [
    "3 + _ = 7", "_ x _ = 12", "1_1 AND 11 = 1", "8 _ 2 = 16", "5 _ 2 _ 1 = 9", "_ + _ + _ = 1",
    "_ _ _ _ _ _ _ _ = 1", "12 AND 10", "1011 AND 0110", "NOT 101", "2 + 3 x 4 = 20", "1 2 3",
    "2 3 7 9 11 13", "13", "1101", "binary", "decimal", "summy", "mixmath", "binary", "best",
    "at-least", "any", "math", "left-to-right", "+", "x", "AND", "plus", "12+3", "5 7 12 2",
    "_", "=", "", " ", "1:0 = _", "_ : 0 = 1", "9" * 70, "1" * 70,
]  # fmt: skip
DIAGRAMS = [
    SUMMY_9,
    "\n".join([" ".join(["."] * 27)] * 3 + [" ".join(["."] * 26 + ["?"])]),
    "\n".join([" ".join(["9" * 30] * 14)] * 14),
    ". .\n. .",
    SUMMY_9.replace("=", "?"),
]
huge_int = (st.integers(60, 100) | st.integers(101, 6000)).map(lambda n: "9" * n)
atoms = st.one_of(
    st.sampled_from(TEXTS).map(toml_string),
    st.sampled_from(DIAGRAMS).map(lambda d: '"""\n' + d + '\n"""'),
    st.text(max_size=20).map(toml_string),
    st.integers(min_value=-(2**70), max_value=2**70).map(str),
    st.sampled_from(["0", "1", "2", "10", "4611686018427387904", "0x" + "f" * 4000]),
    huge_int,
    huge_int.map(toml_string),
    st.sampled_from(["1e400", "-inf", "nan", "1.5", "true", "false", "1979-05-27"]),
)


def nested(depth: int, kind: str) -> str:
    return "[" * depth + "1" + "]" * depth if kind == "[" else "{a=" * depth + "1" + "}" * depth


depths = st.one_of(*[st.integers(1, 5)] * 3, st.integers(45, 55), st.integers(56, 3000))
values = st.recursive(
    atoms,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4).map(lambda xs: "[" + ", ".join(xs) + "]"),
        st.dictionaries(st.sampled_from(["a", "b", "right", "wrong"]), inner, max_size=3).map(
            lambda d: "{" + ", ".join(f"{k} = {v}" for k, v in d.items()) + "}"
        ),
    ),
    max_leaves=6,
)
texts = st.sampled_from(TEXTS).map(toml_string)
bad_values = st.one_of(
    *[texts] * 6, *[values] * 3, st.builds(nested, depths, st.sampled_from(["[", "{"]))
)

# A right puzzle of each kind: the grammar starts from these and spoils them.
RIGHT = {
    "missing": {"equation": '"3 + _ = 7"', "answer": '"4"'},
    "true-or-false": {"equation": '"2 + 3 x 4 = 20"', "answer": '"false"'},
    "which-operation": {"equation": '"8 _ 2 = 16"', "answer": '"x"', "unique": "true"},
    "target": {"tiles": '"2 3 7"', "target": "23"},
    "convert": {"number": "13", "to": '"binary"'},
    "bitwise": {"expression": '"1011 AND 0110"'},
    "move": {"game": '"summy"', "diagram": '"""\n' + SUMMY_9 + '\n"""', "hand": '"12+3"'},
}


@st.composite
def puzzle_table(draw: st.DrawFn) -> str:
    kind = draw(st.sampled_from([*KINDS, "fill-in", ""]))
    table = {"id": toml_string(draw(st.text("abc", min_size=1, max_size=3))), "kind": kind}
    table["kind"] = toml_string(kind)
    table.update(RIGHT.get(kind, {}))
    keys = [*KEYS.get(kind, KEYS["missing"]), *COMMON, *UNKNOWN]
    for _change in range(draw(st.integers(0, 3))):
        key = draw(st.sampled_from(keys))
        if draw(st.integers(0, 4)) == 0:
            table.pop(key, None)
        else:
            table[key] = draw(bad_values)
    return "[[puzzle]]\n" + "\n".join(f"{key} = {value}" for key, value in table.items())


@st.composite
def puzzle_file(draw: st.DrawFn) -> bytes:
    heads = ['title = "T"'] * 4 + ["title = 5", "", 'titel = "T"\nlevel = "x"']
    head = draw(st.sampled_from(heads))
    parts = [head, *draw(st.lists(puzzle_table(), max_size=4))]
    if draw(st.integers(0, 9)) == 0:
        dots = draw(depths)
        parts.insert(draw(st.integers(0, len(parts))), "a." * dots + "a = 1")
    text = "\n".join(parts) + "\n"
    data = text.encode("utf-8")
    mutation = draw(st.sampled_from(["none"] * 5 + ["cut", "bytes", "bom", "quotes"]))
    if mutation == "cut":
        data = data[: draw(st.integers(0, len(data)))]
    elif mutation == "bytes":
        at = draw(st.integers(0, len(data)))
        byte = draw(st.sampled_from([b"\xff", b"\xc3", b"\x00", b"\r", b"\x0c"]))
        data = data[:at] + byte + data[at:]
    elif mutation == "bom":
        data = b"\xef\xbb\xbf" + data
    elif mutation == "quotes":
        at = draw(st.integers(0, len(data)))
        quote = draw(st.sampled_from([b'"""', b"'''", b"'", b'"', b"[", b"{"]))
        data = data[:at] + quote + data[at:]
    return data


def check_one(data: bytes) -> None:
    """Check one file three ways; only problems may come out, after bounded work."""
    tries = [0]
    spend = Budget.spend

    def counted(self: Budget) -> None:
        tries[0] += 1
        spend(self)

    with TemporaryDirectory() as folder, mock.patch.object(Budget, "spend", counted):
        path = Path(folder) / "bad.toml"
        path.write_bytes(data)
        problems = check_file(path)
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = puzzles_main(["check", str(path)])
        try:
            sheet = load(path)
        except PuzzleFileError as error:
            assert error.problems == [p for p in problems if not p.warning]
            sheet = None
        text = data.decode("utf-8", errors="replace")
        problems_of_text = check_text(text, "bad.toml")
    assert all(isinstance(p, Problem) and str(p) for p in problems + problems_of_text)
    for problem in problems + problems_of_text:
        assert "could not check this puzzle" not in problem.message, problem
    # Warnings alone (a prompt that gives the answer away) neither fail the check nor
    # stop the file from loading.
    errors = [p for p in problems if not p.warning]
    assert status == (1 if errors else 0)
    assert "Traceback" not in out.getvalue() + err.getvalue()
    assert (sheet is None) == bool(errors)
    puzzles = text.count("[[puzzle]]") + 1
    assert tries[0] <= 3 * (MAX_TRIES + 1) * puzzles  # check_file, the command, load …


SETTINGS = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}


@settings(max_examples=150, **SETTINGS)
@given(data=puzzle_file())
def test_a_bad_file_only_gets_problems(data: bytes) -> None:
    check_one(data)


@pytest.mark.slow
@settings(max_examples=2000, **SETTINGS)
@given(data=puzzle_file())
def test_a_bad_file_only_gets_problems_long(data: bytes) -> None:
    check_one(data)


@pytest.mark.parametrize(
    "data",
    [
        b'title = "T"\n[[puzzle]]\nid = "b"\nkind = "bitwise"\nexpression = "12 AND 10"\n',
        b'title = "T"\nx = ' + b"[" * 3000 + b"]" * 3000 + b"\n",
        b'title = "T"\n' + b"a." * 20_000 + b"a = 1\n",
        b'title = "T"\n[[puzzle]]\nid = "t"\nkind = "target"\ntiles = "1 2"\ntarget = '
        + b"9" * 5000
        + b"\n",
        b"\xef\xbb\xbftitle = 'T'\n[[puzzle]]\nid = 'a'\nkind = 'missing'\nequation = '_+1=2'\n",
        b'title = "\xff"\n',
    ],
)
def test_known_bad_files(data: bytes) -> None:
    check_one(data)


def test_the_library_errors_are_the_ones_caught() -> None:
    assert issubclass(PuzzleFileError, MathplayError)


def test_every_problem_of_a_file_in_one_run() -> None:
    """A hint that gives the answer away was reported only once the wrong
    answer beside it was fixed. Now both come in the same run, and the hint is checked
    against the right answer, not the wrong one written in the file."""
    text = (
        'title = "Try"\n\n[[puzzle]]\nid = "one"\nkind = "missing"\n'
        'equation = "6 x _ = 72"\nanswer = "13"\nhints = ["The answer is 12."]\n'
    )
    found = check_text(text, "p.toml")
    assert [(p.line, p.warning) for p in found] == [(7, False), (8, True)]
    assert "the answer '13' is not right" in found[0].message
    assert "hint 1 gives the answer away ('12')" in found[1].message
