"""``site build --contents``: a public site gets no pupil records and nothing from outside
the folder.

Seen before: handed-in ``mathplay-results-*.jsonl``, a per-pupil ``ana.jsonl`` and a
``class.jsonl`` were published; a link to ``/etc/passwd`` came out as a file of the site,
a link to ``/etc`` added 1,187 files, two ``x -> .`` links made the walk hang, and
``.py`` files were published though the docs say scripts are not. Each hostile file here
is left out, and named with the reason.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from mathplay.site.contents import GAMES, gather
from mathplay.site.leftout import MOST_BYTES, holds_records, why_left_out

RECORD = {"who": "Ana", "set": "05", "puzzle": "binary-six", "answer": "110", "right": True}


@pytest.fixture
def lessons(tmp_path: Path) -> Path:
    folder = tmp_path / "lessons"
    (folder / "puzzles").mkdir(parents=True)
    (folder / "00-welcome.ipynb").write_text(json.dumps({"cells": [], "metadata": {}}))
    (folder / "puzzles" / "00-welcome.toml").write_text('title = "Welcome"\n')
    return folder


def _hostile_folder(root: Path) -> tuple[Path, set[str], set[str]]:
    """A teacher's folder as a class may leave it: what may be published, and what not."""
    mine = root / "mine"
    (mine / "sheets").mkdir(parents=True)
    kept = {"worksheet.ipynb", "sheets/numbers.txt", "picture.png", "notes.csv"}
    (mine / "worksheet.ipynb").write_text(json.dumps({"cells": [], "metadata": {}}))
    (mine / "sheets" / "numbers.txt").write_text("1 2 3\nwho knows?\n")
    (mine / "picture.png").write_bytes(b"\x89PNG\r\n\x1a\n\0\0\0" + b"who" * 10)
    (mine / "notes.csv").write_text("name,colour\nAna,blue\n")
    line = json.dumps(RECORD) + "\n"
    left = {
        "mathplay-progress.jsonl",
        "mathplay-results-ana.jsonl",
        "ana.jsonl",
        "class.jsonl",
        "sheets/records.txt",
        "pretty.json",
        "report.csv",
        "report.html",
        "build.py",
        "passwd",
        "etc",
        "loop",
        "loop2",
        "pipe",
        "zero",
        "huge.bin",
        ".secret",
    }
    for name in ("mathplay-progress.jsonl", "mathplay-results-ana.jsonl", "ana.jsonl"):
        (mine / name).write_text(line)
    (mine / "class.jsonl").write_text("not json\n" * 3 + line.replace("Ana", "=cmd|x"))
    (mine / "sheets" / "records.txt").write_text("x" * 300_000 + "\n" + line)  # late in it
    (mine / "pretty.json").write_text(json.dumps({"pupils": [RECORD]}, indent=2))
    (mine / "report.csv").write_text("who,set,puzzle,attempts,solved\nAna,05,p,2,yes\n")
    (mine / "report.html").write_text('<html><body><div class="mp-report">Ana</div></body></html>')
    (mine / "build.py").write_text("print('a script')\n")
    (mine / "passwd").symlink_to("/etc/passwd")
    (mine / "etc").symlink_to("/etc")
    (mine / "loop").symlink_to(".")
    (mine / "loop2").symlink_to(mine)
    os.mkfifo(mine / "pipe")
    (mine / "zero").symlink_to("/dev/zero")
    with open(mine / "huge.bin", "wb") as file:
        file.truncate(MOST_BYTES + 1)  # sparse: costs no disk
    (mine / ".secret").write_text("hidden")
    return mine, kept, left


def test_a_hostile_folder_publishes_nothing_it_must_not(lessons: Path, tmp_path: Path) -> None:
    mine, kept, left = _hostile_folder(tmp_path)
    said: list[str] = []
    files = gather(lessons, [mine], tmp_path / "site", said.append)
    site_own = ("00-welcome", "play-", "my-progress", "puzzles/")  # the site's own pages
    own = {name for name in files if not name.startswith(site_own)}
    assert own == kept
    assert {f"play-{game}.ipynb" for game in GAMES} | {"my-progress.ipynb"} <= set(files)
    # Nothing of the machine came in, and no file of the site holds a record.
    site_files = [path for path in (tmp_path / "site").rglob("*")]
    assert all(not path.is_symlink() for path in site_files)
    for path in site_files:
        if path.is_file():
            assert why_left_out(path) is None, path
    # Each file left out is named once, with its reason, under one heading.
    assert said[0] == f"Left out of the site ({len(left)}), because it must not be public:"
    named = {line.split(": ", 1)[0].strip(): line.split(": ", 1)[1] for line in said[1:]}
    assert set(named) == {str(mine / name) for name in left}
    why = {name: named[str(mine / name)] for name in left}
    records = ["mathplay-results-ana.jsonl", "ana.jsonl", "class.jsonl", "sheets/records.txt"]
    records += ["pretty.json", "report.csv", "report.html", "mathplay-progress.jsonl"]
    for name in records:
        assert why[name] == "it holds pupils’ records", name
    for name in ("passwd", "etc", "loop", "loop2", "zero"):
        assert why[name].startswith("it is a link, and links are not followed"), name
    assert why["pipe"] == "it is not an ordinary file"
    assert why["build.py"].startswith("it is a Python script")
    assert why["huge.bin"].startswith("it is bigger than 20 MB")
    assert why[".secret"].startswith("it is hidden")


def test_a_teachers_sample_named_like_lesson_10s_is_still_left_out(
    lessons: Path, tmp_path: Path
) -> None:
    mine = tmp_path / "mine"
    (mine / "puzzles").mkdir(parents=True)
    (mine / "puzzles" / "sample-progress.jsonl").write_text(json.dumps(RECORD) + "\n")
    files = gather(lessons, [mine], tmp_path / "site", lambda text: None)
    assert "puzzles/sample-progress.jsonl" not in files


def test_one_file_given_is_looked_at_too(lessons: Path, tmp_path: Path) -> None:
    records = tmp_path / "results.jsonl"
    records.write_text(json.dumps(RECORD) + "\n")
    said: list[str] = []
    files = gather(lessons, [records], tmp_path / "site", said.append)
    assert "results.jsonl" not in files
    assert said[-1] == f"  {records}: it holds pupils’ records"


def test_the_lessons_folder_is_looked_at_too(lessons: Path, tmp_path: Path) -> None:
    (lessons / "class.jsonl").write_text(json.dumps(RECORD) + "\n")
    (lessons / "conftest.py").write_text("")  # a lessons folder's own: left out quietly
    # Lesson 10's made-up records are the only ones a site holds.
    (lessons / "puzzles" / "sample-progress.jsonl").write_text(json.dumps(RECORD) + "\n")
    # A translation's lesson 10 reads the very same file; a copy that differs is records.
    # Its set's title in the language (the English one kept as set_key) is still them.
    titled = {**RECORD, "set": "Lección 1", "set_key": RECORD.get("set")}
    copies = (
        ("es", json.dumps(RECORD)),
        ("el", json.dumps({**RECORD, "x": 1})),
        ("ms", json.dumps(titled, ensure_ascii=False)),
    )
    for language, text in copies:
        (lessons / language / "puzzles").mkdir(parents=True)
        (lessons / language / "puzzles" / "sample-progress.jsonl").write_text(text + "\n")
    said: list[str] = []
    files = gather(lessons, [], tmp_path / "site", said.append)
    assert "class.jsonl" not in files and "conftest.py" not in files
    # On the site they are .txt files (JupyterLite's drive opens no .jsonl in the kernel)
    assert "puzzles/sample-progress.txt" in files
    assert "es/puzzles/sample-progress.txt" in files
    assert "ms/puzzles/sample-progress.txt" in files
    assert "el/puzzles/sample-progress.txt" not in files
    assert not [name for name in files if name.endswith("sample-progress.jsonl")]
    assert said == [
        "Left out of the site (2), because it must not be public:",
        f"  {lessons / 'class.jsonl'}: it holds pupils’ records",
        f"  {lessons / 'el' / 'puzzles' / 'sample-progress.jsonl'}: it holds pupils’ records",
    ]


@pytest.mark.parametrize(
    ("text", "records"),
    [
        (json.dumps(RECORD), True),
        (json.dumps([RECORD]), True),
        ("who;skill;level\nAna;and;mastered\n", True),
        ("who\tpuzzle\nAna\tp\n", True),
        ('{"who": "Ana"}', False),  # a name alone is no record
        ("who,colour\nAna,blue\n", False),
        ('{"cells": [], "metadata": {}}', False),
        ("[1, 2, 3]", False),
        ("[" * 100_000, False),  # nested too deeply to read: not records
    ],
)
def test_what_counts_as_records(text: str, records: bool) -> None:
    assert holds_records(text) is records


def test_pupils_games_that_wait_are_never_published(tmp_path: Path) -> None:
    """A pupil's kept game (``mathplay-game-ana-summy.json``) is theirs."""
    kept = tmp_path / "mathplay-game-ana-summy.json"
    kept.write_text('{"who": "Ana", "game": "summy", "save": "{}"}')
    assert why_left_out(kept) == "it holds pupils’ records"


def _notebook(source: str, outputs: list[dict[str, object]]) -> str:
    return json.dumps({"cells": [
        {"cell_type": "markdown", "metadata": {}, "source": "# My class"},
        {"cell_type": "code", "metadata": {}, "execution_count": 1, "source": source,
         "outputs": outputs},
        {"cell_type": "code", "metadata": {}, "execution_count": 2, "source": "1 + 1",
         "outputs": [{"output_type": "execute_result", "execution_count": 2, "metadata": {},
                      "data": {"text/plain": "2"}}]},
    ], "metadata": {}, "nbformat": 4, "nbformat_minor": 5})  # fmt: skip


def test_records_in_any_form_never_reach_the_site(lessons: Path, tmp_path: Path) -> None:
    """What was published before — a notebook that showed the class's records,
    the xAPI file, the service's database, a zipped, gzipped or UTF-16 progress file, a
    CSV whose name column is ``pupil`` — is left out, or (a notebook) published without
    those outputs, and named."""
    import gzip
    import io as _io
    import sqlite3
    import tarfile
    import zipfile

    from mathplay.classroom.report import summary_of
    from mathplay.classroom.xapi import statements

    mine = tmp_path / "mine"
    mine.mkdir()
    line = (json.dumps(RECORD) + "\n").encode()
    summary = summary_of([RECORD, {**RECORD, "who": "Ben", "right": False}])
    shown = {"output_type": "execute_result", "execution_count": 1, "metadata": {},
             "data": {"text/plain": repr(summary), "text/html": summary._repr_html_()}}  # fmt: skip
    printed = {"output_type": "stream", "name": "stdout", "text": str(summary)}
    (mine / "class-summary.ipynb").write_text(
        _notebook("from mathplay import progress\nprogress.summary()", [shown])
    )
    (mine / "printed.ipynb").write_text(_notebook("print(s)", [printed, shown]))
    (mine / "statements.json").write_text(json.dumps(statements([RECORD])))
    database = sqlite3.connect(mine / "mathplay-records.sqlite")
    database.execute("CREATE TABLE t (line TEXT)")
    database.commit()
    database.close()
    (mine / "progress.jsonl.gz").write_bytes(gzip.compress(line))
    (mine / "week.dat").write_bytes(gzip.compress(line))  # any name
    packed = _io.BytesIO()
    with zipfile.ZipFile(packed, "w") as archive:
        archive.writestr("class/ana.jsonl", line)
    (mine / "handed-in.zip").write_bytes(packed.getvalue())
    packed = _io.BytesIO()
    with tarfile.open(fileobj=packed, mode="w:gz") as archive:
        info = tarfile.TarInfo("ana.jsonl")
        info.size = len(line)
        archive.addfile(info, _io.BytesIO(line))
    (mine / "results.tar.gz").write_bytes(packed.getvalue())
    (mine / "utf16.jsonl").write_bytes(line.decode().encode("utf-16"))
    (mine / "utf16-no-mark.txt").write_bytes(line.decode().encode("utf-16-le"))
    (mine / "marks.csv").write_text("pupil,puzzle,solved\nAna,p1,yes\n")
    # What may go: a zip of worksheets, a UTF-16 note, a notebook with its own sums.
    packed = _io.BytesIO()
    with zipfile.ZipFile(packed, "w") as archive:
        archive.writestr("sheet.txt", "Add 3 and 4.\n")
    (mine / "sheets.zip").write_bytes(packed.getvalue())
    (mine / "note.txt").write_bytes("Hola, clase\n".encode("utf-16"))
    (mine / "sums.ipynb").write_text(_notebook("3 + 4", []))

    said: list[str] = []
    kept = ["class-summary.ipynb", "printed.ipynb", "sums.ipynb"]  # named: outputs kept
    files = gather(lessons, [mine], tmp_path / "site", said.append, keep_outputs=kept)
    own = {name for name in files if not name.startswith(("00-welcome", "play-", "my-progress",
                                                          "puzzles/"))}  # fmt: skip
    assert own == {"class-summary.ipynb", "printed.ipynb", "sheets.zip", "note.txt", "sums.ipynb"}
    for name in ("class-summary.ipynb", "printed.ipynb"):
        text = (tmp_path / "site" / name).read_text()
        assert "Ana" not in text and "mp-report" not in text, name
        cells = json.loads(text)["cells"]
        assert cells[1]["outputs"] == [] and cells[2]["outputs"][0]["data"] == {"text/plain": "2"}
    start = said.index(
        "Published without the outputs and widget state that must not be public (2):"
    )
    assert said[start + 1 : start + 3] == [
        f"  {mine / 'class-summary.ipynb'}: it holds pupils’ records",
        f"  {mine / 'printed.ipynb'}: it holds pupils’ records",
    ]
    named = {line.split(": ", 1)[0].strip(): line.split(": ", 1)[1]
             for line in said if ": " in line and line.startswith("  ")}  # fmt: skip
    for name in (
        "statements.json",
        "progress.jsonl.gz",
        "week.dat",
        "handed-in.zip",
        "results.tar.gz",
        "utf16.jsonl",
        "utf16-no-mark.txt",
        "marks.csv",
    ):
        assert named[str(mine / name)] == "it holds pupils’ records", name
    assert named[str(mine / "mathplay-records.sqlite")].startswith("it is a database")
