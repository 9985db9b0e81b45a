"""``mathplay lessons release DIR``: the pupils' folder holds the lessons and no answers.

Searched for every end-check answer of every lesson, in every language, the released
folder finds none where the teacher's folder gives it (an ``answer`` line, the teacher's
page); every puzzle still checks (``tests/puzzles/test_answer_hashes.py`` compares each
one with the teacher's), a released lesson runs in a kernel, and the records it makes go
to the computer account's data folder, not beside the lessons.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from mathplay.__main__ import main
from mathplay.lessons.release import MANIFEST, ReleaseError, release
from mathplay.puzzles.answer_hashes import answer_form
from mathplay.puzzles.answer_lines import replace_answer_lines
from mathplay.puzzles.format import read_text
from mathplay.puzzles.kinds import get_kind

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ROOT / "lessons"
LANGUAGE_FOLDERS = ["", "es", "ms", "el"]


@pytest.fixture(scope="module")
def released(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("release") / "pupils"
    done = release(LESSONS, folder)
    assert done.problems == [] and done.kept == []
    return folder


def _text(path: Path) -> str:
    return path.read_bytes().decode("utf-8", errors="replace")


def end_check_answers() -> list[tuple[str, str, str]]:
    """Every end-check answer of every lesson in every language, as the teacher's file
    writes it and as the checker writes it: (puzzle file, puzzle id, answer)."""
    found = []
    for language in LANGUAGE_FOLDERS:
        for path in sorted((LESSONS / language / "puzzles").glob("[0-9][0-9]-*.toml")):
            sheet, problems = read_text(_text(path), str(path))
            assert sheet is not None and not problems
            for pid in sheet.check:
                puzzle = sheet.puzzle(pid)
                assert puzzle.answer, f"{path}: {pid} has no answer to look for"
                forms = {puzzle.answer, answer_form(puzzle, puzzle.answer) or puzzle.answer}
                if puzzle.kind == "move":
                    forms.add(get_kind("move").key(puzzle))  # the move the review shows
                name = path.relative_to(LESSONS).as_posix()
                found += [(name, pid, form) for form in sorted(forms) if form]
    return found


def _token(answer: str) -> re.Pattern[str]:
    return re.compile(r"(?<![\w])" + re.escape(answer) + r"(?![\w])")


def _pupil_view(relative: str) -> str:
    """What the teacher's folder shows a pupil anyway, for a released file: the lesson's
    notebook, or its puzzle file without its answers (the questions, hints, feedback)."""
    source = LESSONS / relative
    if source.suffix == ".toml":
        text, _count = replace_answer_lines(_text(source), relative, lambda s, p: None)
        return text
    return _text(source)


def test_the_released_folder_holds_the_pupils_lessons_and_nothing_else(released: Path) -> None:
    files = sorted(p.relative_to(released).as_posix() for p in released.rglob("*") if p.is_file())
    notebooks = [f for f in files if f.endswith(".ipynb")]
    puzzles = [f for f in files if f.endswith(".toml")]
    for language in LANGUAGE_FOLDERS:
        teacher = LESSONS / language
        pupils = sorted(p.stem for p in teacher.glob("[0-9][0-9]-*.md") if p.stem[:2] != "10")
        prefix = f"{language}/" if language else ""
        assert [f for f in notebooks if f.count("/") == prefix.count("/") and
                f.startswith(prefix)] == [f"{prefix}{n}.ipynb" for n in pupils]  # fmt: skip
        assert [f for f in puzzles if f.startswith(f"{prefix}puzzles/")] == [
            f"{prefix}puzzles/{n}.toml" for n in pupils
        ]
    assert set(files) == {*notebooks, *puzzles, MANIFEST}
    # No teachers' pages, no lesson texts, no teachers' lesson, no records.
    assert not any("teacher" in f or f.endswith((".md", ".jsonl")) for f in files)
    assert not any("10-for-teachers" in f for f in files)
    assert not [f for f in notebooks if "10-for-teachers" in _text(released / f)]


def test_no_end_check_answer_of_any_lesson_is_found_in_the_released_folder(
    released: Path,
) -> None:
    answers = end_check_answers()
    items = {(f, pid) for f, pid, _a in answers}
    assert len(items) >= 4 * 35  # every lesson's end check, in four languages
    files = [p for p in released.rglob("*") if p.is_file() and p.name != MANIFEST]
    texts = {p.relative_to(released).as_posix(): _text(p) for p in files}
    listed = json.loads(_text(released / MANIFEST))["files"]  # names, and digests in letters
    assert sorted(listed) == sorted(texts) and all(
        re.fullmatch("[a-p]{64}", v) for v in listed.values()
    )
    # No puzzle keeps a plain answer, and no line says answer = … anywhere.
    for name, text in texts.items():
        assert not re.search(r"(?m)^\s*answer\s*=", text), name
        if name.endswith(".toml"):
            sheet, problems = read_text(text, name)
            assert sheet is not None and not problems
            assert all(p.answer is None and p.answer_hash for p in sheet.puzzles), name
    views = {name: _pupil_view(name) for name in texts}
    found, added, unseen = [], [], []
    for source, pid, answer in answers:
        token = _token(answer)
        keyed = re.compile(r"answer\"?\s*[=:]\s*[\"']?" + re.escape(answer) + r"(?!\w)", re.I)
        bold = f"**{answer}**"  # as the teacher's page shows it
        in_view = 0
        for name, text in texts.items():
            if keyed.search(text):
                found.append((source, pid, answer, name))  # written as an answer key
            here, there = len(token.findall(text)), len(token.findall(views[name]))
            in_view += there
            if here > there or text.count(bold) > views[name].count(bold):
                added.append((source, pid, answer, name, here, there))
        if in_view == 0:
            unseen.append(answer)
    assert found == []  # not as a key (answer = "1001")
    assert added == []  # and nowhere more often than the questions and lessons show it
    # The answers the lessons show nowhere ("11100", "E2 down 7-3=4"), looked for as a
    # plain search (grep) would: in no file, not even inside a longer word or a hash.
    assert len(unseen) >= 20
    assert [(a, n) for a in unseen for n, text in texts.items() if a in text] == []


def test_the_same_search_finds_every_answer_in_the_teachers_folder() -> None:
    """The search can find an answer: in the teacher's folder it finds every one, as its
    ``answer`` line, and on the teacher's pages (English) as the bold answer."""
    missed = []
    for language in LANGUAGE_FOLDERS:
        for path in sorted((LESSONS / language / "puzzles").glob("[0-9][0-9]-*.toml")):
            text = _text(path)
            sheet, _problems = read_text(text, str(path))
            assert sheet is not None
            for pid in sheet.check:
                answer = str(sheet.puzzle(pid).answer)
                keyed = re.compile(r"answer\"?\s*[=:]\s*[\"']?" + re.escape(answer) + r"(?!\w)")
                if not keyed.search(text):
                    missed.append((path.name, pid, answer))
    assert missed == []
    pages = "\n".join(_text(p) for p in (LESSONS / "teacher").glob("*.md"))
    english = [a for s, _p, a in end_check_answers() if "/" not in s.removeprefix("puzzles/")]
    assert sum(f"**{a}**" in pages for a in english) >= len(english) // 2


def test_a_notebook_a_pupil_changed_is_kept_when_released_again(tmp_path: Path) -> None:
    folder = tmp_path / "pupils"
    release(LESSONS, folder, only=["05"])
    notebook = folder / "05-binary-numbers.ipynb"
    puzzles = folder / "puzzles" / "05-binary-numbers.toml"
    notebook.write_text(notebook.read_text().replace("Binary numbers", "My binary numbers"))
    puzzles.write_text(puzzles.read_text() + "\n# changed\n")
    again = release(LESSONS, folder, only=["05"])
    assert again.kept == [notebook] and "My binary numbers" in notebook.read_text()
    assert "# changed" not in puzzles.read_text()  # the puzzle files are always the teacher's
    forced = release(LESSONS, folder, only=["05"], force=True)
    assert forced.kept == [] and "My binary numbers" not in notebook.read_text()
    unchanged = release(LESSONS, folder, only=["05"])  # as released: replaced without a word
    assert unchanged.kept == [] and notebook in unchanged.written


def test_the_release_refuses_the_lessons_folder_itself(tmp_path: Path) -> None:
    for into in (LESSONS, LESSONS / "pupils", ROOT):
        with pytest.raises(ReleaseError, match="overlap"):
            release(LESSONS, into)
    assert not (LESSONS / "pupils").exists()


def test_the_command_releases_and_says_what_it_left_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "pupils"
    assert main(["lessons", "release", str(folder), "--folder", str(LESSONS)]) == 0
    said = capsys.readouterr().out
    assert f"released 40 lesson notebooks into {folder}" in said
    assert "left out 10-for-teachers.md: a lesson for teachers" in said
    assert main(["lessons", "release", str(LESSONS / "x"), "--folder", str(LESSONS)]) == 1
    assert "overlap" in capsys.readouterr().err


def test_a_lesson_without_answers_in_its_file_is_released_as_it_is(tmp_path: Path) -> None:
    lessons = tmp_path / "lessons"
    (lessons / "puzzles").mkdir(parents=True)
    (lessons / "01-adding.md").write_text((LESSONS / "00-welcome.md").read_text())
    text = 'title = "T"\n[[puzzle]]\nid = "a"\nkind = "missing"\nequation = "3 + _ = 7"\n'
    (lessons / "puzzles" / "01-adding.toml").write_text(text)
    done = release(lessons, tmp_path / "pupils")
    assert done.problems == [] and done.hashed == 0
    assert (tmp_path / "pupils" / "puzzles" / "01-adding.toml").read_text() == text


@pytest.mark.slow
def test_a_released_lesson_runs_in_a_kernel_and_records_outside_its_folder(
    released: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import nbformat
    from nbclient import NotebookClient

    for name in ("MATHPLAY_DATA_DIR", "MATHPLAY_PROGRESS_DIR", "JUPYTERHUB_USER"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))  # the default data folder
    sheet, _problems = read_text(_text(LESSONS / "puzzles" / "05-binary-numbers.toml"), "05")
    assert sheet is not None
    answers = {pid: sheet.puzzle(pid).answer for pid in sheet.check}
    notebook = nbformat.read(released / "05-binary-numbers.ipynb", as_version=4)
    # After the lesson: a pupil gives a name and answers the end check, each question right
    # (the teacher's answers, given here) and then a wrong answer to the next one.
    notebook.cells.append(
        nbformat.v4.new_code_cell(
            "import json\n"
            "from mathplay.puzzles.kinds import get_kind\n"
            'lesson.name_area.box.value = "Ana"\n'
            "end = lesson.check()\n"
            f"answers = {json.dumps(answers)}\n"
            "seen = {}\n"
            "for p in end.sheet.puzzles:\n"
            "    kind = get_kind(p.kind)\n"
            "    seen[p.id] = [kind.check(p, answers[p.id]).right,\n"
            "                  kind.check(p, answers[p.id] + '1').right, p.answer is not None]\n"
            "end.check(answers[end.sheet.puzzles[0].id])\n"
            "print(json.dumps(seen))"
        )
    )
    client = NotebookClient(
        notebook, timeout=120, kernel_name="python3", resources={"metadata": {"path": released}}
    )
    client.execute()
    errors = [o for c in notebook.cells for o in c.get("outputs", []) if o.output_type == "error"]
    assert errors == []
    seen = json.loads(notebook.cells[-1].outputs[-1]["text"])
    assert seen == {pid: [True, False, True] for pid in answers}
    kept = tmp_path / "xdg" / "mathplay" / "mathplay-progress.jsonl"
    rows = [json.loads(line) for line in kept.read_text().splitlines()]
    assert [(r["who"], r["lesson"], r["right"]) for r in rows if "event" not in r] == [
        ("Ana", "05-binary-numbers", True)
    ]
    assert not list(released.rglob("*.jsonl"))  # nothing beside the lessons
