"""``mathplay progress collect`` and ``mathplay progress report`` from the command line."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from mathplay.__main__ import main
from tests.classroom.helpers import ATTEMPTS, write_class


def test_collect_then_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    files = write_class(tmp_path / "home")
    out = tmp_path / "class.jsonl"
    assert main(["progress", "collect", str(tmp_path / "home"), str(files[0]), "-o", str(out)]) == 0
    said = capsys.readouterr().out
    assert f"wrote {len(ATTEMPTS)} record(s) from 3 file(s) and 3 pupil(s)" in said
    assert "skipped 3 duplicate(s) and 0 bad line(s)" in said
    csv_out, html_out = tmp_path / "r.csv", tmp_path / "r.html"
    code = main(["progress", "report", str(out), "--csv", str(csv_out), "--html", str(html_out)])
    assert code == 0
    said = capsys.readouterr().out
    assert "Set: S" in said and "Ana" in said and "✓" in said
    assert f"wrote {csv_out}" in said and f"wrote {html_out}" in said
    with open(csv_out, newline="") as file:
        assert len(list(csv.DictReader(file))) == 6
    assert "<table>" in html_out.read_text()


def test_report_of_one_set(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_class(tmp_path / "in", per_pupil=False)
    path = str(tmp_path / "in" / "class.jsonl")
    assert main(["progress", "report", path, "--set", "S"]) == 0
    assert "Set: S" in capsys.readouterr().out
    assert main(["progress", "report", path, "--set", "Nope"]) == 1
    assert "no attempts at a set called 'Nope'" in capsys.readouterr().err


def test_bad_input_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["progress", "report", str(tmp_path / "none.jsonl")]) == 2
    assert "no such file or folder" in capsys.readouterr().err
    bad = tmp_path / "bad.jsonl"
    write_class(tmp_path / "in", per_pupil=False)
    bad.write_text((tmp_path / "in" / "class.jsonl").read_text() + "oops\n")
    assert main(["progress", "report", str(bad)]) == 0
    captured = capsys.readouterr()
    assert (
        f"warning: {bad}, line 8: left out of the summary, because it is not JSON" in captured.err
    )
    assert main(["progress", "collect", str(bad), "-o", str(tmp_path / "c.jsonl")]) == 0
    captured = capsys.readouterr()
    assert "skipped 0 duplicate(s) and 1 bad line(s)" in captured.out
    assert "line 8" in captured.err
    with pytest.raises(SystemExit):
        main(["progress", "collect", str(bad)])  # no -o: argparse says what is missing
    assert "-o/--output" in capsys.readouterr().err


def test_a_folder_that_cannot_be_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write_class(tmp_path / "in")
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert main(["progress", "collect", str(tmp_path / "in"), "-o", str(blocker / "x.jsonl")]) == 2
    assert "error:" in capsys.readouterr().err
