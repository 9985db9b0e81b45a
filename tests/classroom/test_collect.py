"""``collect``: a class's files into one, each record once, bad lines named and skipped."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mathplay.classroom import progress
from tests.classroom.helpers import ATTEMPTS, write_class


def test_folders_are_searched_through(tmp_path: Path) -> None:
    write_class(tmp_path / "home" / "ana" / "mathplay")
    (tmp_path / "home" / "bo").mkdir(parents=True)
    (tmp_path / "home" / "bo" / "notes.txt").write_text("not a record")
    hidden = tmp_path / "home" / "bo" / ".ipynb_checkpoints"
    write_class(hidden)
    out = tmp_path / "class.jsonl"
    result = progress.collect([tmp_path / "home"], out)
    assert (result.records, result.files, result.pupils) == (len(ATTEMPTS), 3, 3)
    assert result.duplicates == result.bad_lines == 0
    assert len(out.read_text().splitlines()) == len(ATTEMPTS)
    assert "wrote 7 record(s) from 3 file(s) and 3 pupil(s)" in str(result)


def test_the_same_record_twice_is_written_once(tmp_path: Path) -> None:
    files = write_class(tmp_path / "in")
    out = tmp_path / "class.jsonl"
    result = progress.collect([tmp_path / "in", *files, files[0]], out)
    assert result.records == len(ATTEMPTS)
    assert result.duplicates == len(ATTEMPTS) + 3  # each file twice, ana's (3) three times
    # Collecting again into the same file keeps what is there and adds nothing twice.
    again = progress.collect([tmp_path / "in"], out)
    assert again.records == len(ATTEMPTS) and again.kept == len(ATTEMPTS)
    assert len(out.read_text().splitlines()) == len(ATTEMPTS)


def test_bad_lines_are_skipped_with_file_and_line(tmp_path: Path) -> None:
    files = write_class(tmp_path / "in")
    with open(files[0], "a") as file:
        file.write('{"who": "Ana", "puzzle": "p3", "right": "yes"}\n{"who": "Ana", "puz\n')
    (tmp_path / "in" / "other-app.jsonl").write_text('{"event": 1}\n{"event": 2}\n')
    out = tmp_path / "out" / "class.jsonl"
    with pytest.warns(progress.ProgressWarning) as caught:
        result = progress.collect([tmp_path / "in"], out)
    assert result.records == len(ATTEMPTS) and result.bad_lines == 4
    messages = [str(w.message) for w in caught]
    assert messages == [
        f"{files[0]}, line 4: left out of the collected file, because right is not true or false",
        f"{files[0]}, line 5: left out of the collected file, because it is not JSON",
    ]
    assert any("other-app.jsonl: no attempts in it" in p for p in result.problems)
    kept = [json.loads(line) for line in out.read_text().splitlines()]
    assert {r["who"] for r in kept} == {"Ana", "Bo", "Cy"}


def test_records_are_written_as_they_were(tmp_path: Path) -> None:
    files = write_class(tmp_path / "in")
    out = tmp_path / "class.jsonl"
    progress.collect(files, out)
    written = {line for line in out.read_text().splitlines()}
    # As they were, with the file each came from added at the end.
    original = {json.dumps({**json.loads(line), "source": str(f)}, ensure_ascii=False)
                for f in files for line in f.read_text().splitlines()}  # fmt: skip
    assert written == original
