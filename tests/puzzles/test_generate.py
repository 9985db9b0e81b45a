"""Generated sets: every kind and level passes the checks, deterministically."""

from __future__ import annotations

from pathlib import Path

import pytest

from mathplay.__main__ import main as mathplay_main
from mathplay.puzzles import check_file, check_text, parse, write
from mathplay.puzzles.generate import KIND_LEVELS, GenerateError, generate
from mathplay.puzzles.kinds import KINDS

CASES = [(kind, level) for kind, levels in KIND_LEVELS.items() for level in levels]


def test_every_kind_has_levels() -> None:
    assert set(KIND_LEVELS) == set(KINDS)
    assert all(len(levels) >= 4 for levels in KIND_LEVELS.values())


@pytest.mark.parametrize(("kind", "level"), CASES)
def test_generated_set_passes_check(kind: str, level: int) -> None:
    sheet = generate(kind, level, 4, seed=7)
    assert len(sheet.puzzles) == 4
    assert {p.kind for p in sheet.puzzles} == {kind}
    assert len({p.id for p in sheet.puzzles}) == 4
    assert sheet.level == level
    text = write(sheet)
    assert check_text(text, "generated.toml") == []
    for puzzle in parse(text).puzzles:
        assert puzzle.answer is not None
        assert KINDS[kind].check(puzzle, puzzle.answer).right


@pytest.mark.parametrize(("kind", "level"), [("missing", 5), ("which-operation", 4)])
def test_base_two_levels_are_binary(kind: str, level: int) -> None:
    sheet = generate(kind, level, 3, seed=1)
    assert all(p.fields["base"] == 2 for p in sheet.puzzles)


def test_same_seed_same_set_other_seed_other_set() -> None:
    one = write(generate("missing", 2, 5, seed=1))
    assert write(generate("missing", 2, 5, seed=1)) == one
    assert write(generate("missing", 2, 5, seed=2)) != one


@pytest.mark.parametrize(
    ("args", "words"),
    [(("nope", 1, 3), "unknown kind"), (("missing", 99, 3), "levels 1, 2, 3, 4, 5"),
     (("missing", 1, 0), "1 to 1000")],
)  # fmt: skip
def test_bad_requests(args: tuple, words: str) -> None:
    with pytest.raises(GenerateError, match=words):
        generate(*args)


def test_progress_callback() -> None:
    seen = []
    generate("convert", 1, 3, seed=0, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(1, 3), (2, 3), (3, 3)]


def test_cli_generate(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "gen.toml"
    code = mathplay_main(
        ["puzzles", "generate", "--kind", "missing", "--level", "2", "-n", "20", "--seed", "1",
         "-o", str(out), "--progress"]
    )  # fmt: skip
    assert code == 0
    captured = capsys.readouterr()
    assert "20/20" in captured.err and "[####################]" in captured.err
    assert check_file(out) == []
    assert len(parse(out.read_text()).puzzles) == 20
    assert mathplay_main(["puzzles", "generate", "--kind", "bitwise", "-n", "2"]) == 0
    captured = capsys.readouterr()
    assert captured.out.startswith('title = "Bitwise logic, level 1 (seed 0)"')
    assert captured.err == ""  # no bar for short runs
    assert mathplay_main(["puzzles", "generate", "--kind", "move", "--level", "7"]) == 2
    assert "levels 1, 2, 3, 4, 5" in capsys.readouterr().err
    assert mathplay_main(["puzzles", "generate", "--kind", "convert", "-o",
                          str(tmp_path / "no" / "dir.toml")]) == 2  # fmt: skip
    assert "cannot write" in capsys.readouterr().err


def test_cli_help_says_what_every_level_means(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        mathplay_main(["puzzles", "generate", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    for levels in KIND_LEVELS.values():
        for level, meaning in levels.items():
            assert f"{level} {meaning}" in text


def test_cli_warns_when_a_level_has_too_few_puzzles(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "gen.toml"
    args = ["puzzles", "generate", "--kind", "convert", "-n", "20", "--seed", "4", "-o", str(out)]
    assert mathplay_main(args) == 0
    err = capsys.readouterr().err
    assert "warning: mathplay found only 15 different convert puzzles at level 1, so 5" in err
    assert "only 15 different puzzles" in parse(out.read_text()).description
    assert mathplay_main([*args[:-2], "-n", "15"]) == 0
    assert "warning" not in capsys.readouterr().err
