"""``mathplay lessons build``: stripped nbformat 4.5 notebooks, ids that stay, same bytes twice."""

from __future__ import annotations

import os
from pathlib import Path

import nbformat
import pytest

from mathplay.__main__ import main
from mathplay.lessons.notebook import (
    build_notebook,
    cell_ids,
    is_hidden,
    made_from,
    write_notebook,
)
from mathplay.lessons.source import Cell, LessonError, find_lessons, read_lesson, read_text
from mathplay.startline import STALE_CLASS, START_CELL_ID

LESSON = """\
---
jupytext:
  formats: ipynb,md:myst
  notebook_metadata_filter: mathplay
kernelspec:
  display_name: Python 3 (ipykernel)
  language: python
  name: python3
mathplay:
  base: 2
---

# Lesson 5: Binary

Some text.

```{code-cell}
:tags: [puzzle]

puzzle(1)
```

+++ {"label": "the-end"}

## Summary

```{code-cell}
game
```

```{code-cell}
game
```
"""


def test_the_cells_and_their_lines() -> None:
    lesson = read_text(LESSON, "05-binary.md")
    assert [(cell.kind, cell.source, cell.line) for cell in lesson.cells] == [
        ("markdown", "# Lesson 5: Binary\n\nSome text.", 13),
        ("code", "puzzle(1)", 20),
        ("markdown", "## Summary", 25),
        ("code", "game", 28),
        ("code", "game", 32),
    ]
    assert lesson.cells[1].tags == ("puzzle",)
    assert lesson.base == 2


def test_a_notebook_is_stripped_valid_and_says_where_its_text_is() -> None:
    notebook = build_notebook(read_text(LESSON, "lessons/05-binary.md"))
    nbformat.validate(notebook)
    assert (notebook.nbformat, notebook.nbformat_minor) == (4, 5)
    # Where the text is: in the metadata, not in a cell a pupil reads.
    assert made_from(notebook) == "05-binary.md"
    # First the line that says what to press, hidden once the lesson runs.
    assert notebook.cells[0].id == START_CELL_ID
    assert STALE_CLASS in notebook.cells[0].source and "Run All Cells" in notebook.cells[0].source
    assert notebook.cells[1].source.startswith("# Lesson 5: Binary")
    assert not any("lessons build" in cell.source for cell in notebook.cells)
    code = [cell for cell in notebook.cells if cell.cell_type == "code"]
    assert all(cell.outputs == [] and cell.execution_count is None for cell in code)
    assert code[0].metadata == {
        "tags": ["puzzle", "hide-input"],
        "jupyter": {"source_hidden": True},
    }
    assert notebook.metadata["kernelspec"]["name"] == "python3"
    assert notebook.metadata["mathplay"] == {"base": 2, "source": "05-binary.md"}
    assert "jupytext" not in notebook.metadata  # the notebook is not paired; the .md is


def _lesson(front: str, code: str, tags: str = "") -> str:
    tag_line = f":tags: [{tags}]\n\n" if tags else ""
    return f"---\nmathplay:\n{front}---\n\n# L\n\n```{{code-cell}}\n{tag_line}{code}\n```\n"


def test_a_pupil_sees_no_code_unless_the_lesson_shows_one_line_on_purpose() -> None:
    notebook = build_notebook(read_text(_lesson("  base: 10\n", "game = 1\ngame"), "a.md"))
    hidden = notebook.cells[2]  # after the start line and the title
    assert is_hidden(hidden) and hidden.metadata["tags"] == ["hide-input"]
    # A collapsed cell previews its first line: that line is empty.
    assert hidden.source == "\ngame = 1\ngame"
    shown = build_notebook(
        read_text(_lesson("  base: 10\n", 'mathplay.check("3+4=7")', "show-input"), "a.md")
    ).cells[2]
    assert not is_hidden(shown) and shown.source == 'mathplay.check("3+4=7")'
    teachers = build_notebook(read_text(_lesson("  audience: teachers\n", "game"), "a.md"))
    # A lesson for teachers has no start line: they know what to press.
    assert not is_hidden(teachers.cells[1]) and teachers.cells[1].source == "game"


def test_lessons_check_holds_shown_code_to_one_short_line(tmp_path: Path) -> None:
    from mathplay.lessons.check import MOST_SHOWN_CHARACTERS, check_lesson

    long_line = "x = " + "1" * MOST_SHOWN_CHARACTERS
    for code, problems in [
        ('mathplay.check("3+4=7")', 0),
        ("game = 1\ngame", 1),
        (long_line, 1),
    ]:
        path = tmp_path / "05-a.md"
        path.write_text(_lesson("  base: 10\n", code, "show-input"))
        write_notebook(read_lesson(path))
        found = check_lesson(path)
        assert len(found) == problems, (code, found)
        if problems:
            assert "show-input" in found[0].message and found[0].line == 11  # the code's line
    # A lesson for teachers may show what it likes.
    path.write_text(_lesson("  audience: teachers\n", "game = 1\ngame", "show-input"))
    write_notebook(read_lesson(path))
    assert check_lesson(path) == []


def test_ids_come_from_the_text_or_a_label() -> None:
    ids = [cell.id for cell in build_notebook(read_text(LESSON, "05-binary.md")).cells][1:]
    assert ids[2] == "the-end"
    assert ids[4] == ids[3] + "-2"  # the same text twice
    assert len(set(ids)) == len(ids)


def test_inserting_a_cell_keeps_the_other_ids() -> None:
    cells = [Cell("markdown", "# Title"), Cell("code", "game"), Cell("code", "x = 1")]
    before = cell_ids(cells)
    after = cell_ids([cells[0], Cell("code", "y = 2"), *cells[1:]])
    assert [after[0], *after[2:]] == before


def test_changing_a_cell_changes_only_its_id() -> None:
    cells = [Cell("markdown", "# Title"), Cell("code", "game"), Cell("code", "x = 1")]
    before = cell_ids(cells)
    after = cell_ids([cells[0], Cell("code", "game.hint()"), cells[2]])
    assert (after[0], after[2]) == (before[0], before[2]) and after[1] != before[1]


@pytest.mark.parametrize("label", ["two words", "", "x" * 65, 7])
def test_a_label_that_cannot_be_an_id(label: object) -> None:
    with pytest.raises(LessonError) as error:
        cell_ids([Cell("code", "x", {"label": label}, line=12)], source="a.md")
    assert str(error.value).startswith("a.md:12: the label")


def test_a_label_used_twice() -> None:
    cells = [Cell("code", "x", {"label": "a"}), Cell("code", "y", {"label": "a"}, line=9)]
    with pytest.raises(LessonError, match="used twice"):
        cell_ids(cells, source="a.md")


def test_building_twice_gives_the_same_bytes(tmp_path: Path) -> None:
    path = tmp_path / "05-binary.md"
    path.write_text(LESSON)
    assert write_notebook(read_lesson(path)) is True
    first = path.with_suffix(".ipynb").read_bytes()
    assert write_notebook(read_lesson(path)) is False
    assert path.with_suffix(".ipynb").read_bytes() == first
    assert first.endswith(b"}\n")


def test_the_notebook_is_no_newer_than_its_text(tmp_path: Path) -> None:
    """Jupytext in JupyterLab takes the newer file of a pair as the source."""
    path = tmp_path / "05-binary.md"
    path.write_text(LESSON)
    os.utime(path, (1_000_000_000, 1_000_000_000))
    write_notebook(read_lesson(path))
    assert path.with_suffix(".ipynb").stat().st_mtime == path.stat().st_mtime


def test_a_folder_s_lessons_are_found_by_their_names(tmp_path: Path) -> None:
    for name in ("01-b.md", "00-a.md", "notes.md", "1-c.md", "README.md"):
        (tmp_path / name).write_text("# x\n")
    assert [path.name for path in find_lessons([tmp_path])] == ["00-a.md", "01-b.md"]
    assert [path.name for path in find_lessons([tmp_path / "notes.md"])] == ["notes.md"]
    (tmp_path / "other.txt").write_text("")
    with pytest.raises(LessonError, match="not a lesson"):
        find_lessons([tmp_path / "other.txt"])
    with pytest.raises(LessonError, match="no file or folder"):
        find_lessons([tmp_path / "none"])


def test_the_command_builds_and_says_what_it_wrote(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "05-binary.md").write_text(LESSON)
    assert main(["lessons", "build", str(tmp_path)]) == 0
    assert main(["lessons", "build", str(tmp_path / "05-binary.md")]) == 0
    notebook = tmp_path / "05-binary.ipynb"
    assert capsys.readouterr().out == f"wrote {notebook}\n{notebook} is up to date\n"


def test_the_command_refuses_a_lesson_it_cannot_build(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "05-binary.md"
    path.write_text(LESSON.replace('"the-end"', '"the end"'))
    assert main(["lessons", "build", str(tmp_path)]) == 1
    assert capsys.readouterr().err.startswith(f"{path}:25: the label 'the end'")
    assert not path.with_suffix(".ipynb").exists()


def test_the_text_opens_as_a_paired_notebook_in_jupyterlab(tmp_path: Path) -> None:
    """Jupytext's contents manager (what JupyterLab uses) opens the .md with its notebook,
    even when the notebook was written later: the build gives it the text's time."""
    filemanager = pytest.importorskip("jupyter_server.services.contents.filemanager")
    from jupytext.sync_contentsmanager import build_sync_jupytext_contents_manager_class

    path = tmp_path / "05-binary.md"
    path.write_text(LESSON)
    os.utime(path, (1_000_000_000, 1_000_000_000))
    write_notebook(read_lesson(path))
    manager = build_sync_jupytext_contents_manager_class(filemanager.FileContentsManager)(
        root_dir=str(tmp_path)
    )
    notebook = manager.get("05-binary.md")["content"]
    lesson = read_lesson(path)
    assert [cell.source for cell in notebook.cells] == [cell.source for cell in lesson.cells]
    notebook.cells[0].source += "\n\nOne more line."
    manager.save({"type": "notebook", "content": notebook}, "05-binary.md")
    saved = read_lesson(path)
    assert saved.base == 2  # the front matter keeps mathplay's settings
    body = LESSON.split("\n---\n", 1)[1].replace("Some text.\n", "Some text.\n\nOne more line.\n")
    assert path.read_text().split("\n---\n", 1)[1] == body
