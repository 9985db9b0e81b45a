"""Nothing of a pupil on the site (issue 72, point 3).

Seen before: ``site build --contents`` with a teacher's folder published a notebook
showing the records as a table, mathplay's own class list, a saved game renamed or
zipped, widget state with names and results, an output printing the teacher's hub API
token, and a roster with e-mails. Each form is here (``private_folder.py``); the site's
files are searched for the strings each one carries, and every file left out or notebook
stripped is named with its reason in plain words, in every language.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mathplay.i18n import LANGUAGES, speaking
from mathplay.site.contents import gather
from mathplay.site.leftout import private_reason, why_left_out, without_outputs, without_private
from mathplay.site.private import holds_class_list, holds_emails, holds_saved_game, holds_token
from tests.site.private_folder import EMAIL, PUPIL, Folder, make_folder

#: The reasons, as the build says them in English (each file left out has one).
RECORDS = "it holds pupils’ records"
CLASS_LIST = "it is a class list (pupils’ names)"
GAME = "it holds a saved game (a pupil’s game that waits)"
EMAILS = "it holds e-mail addresses (a roster)"
TOKEN = "it holds a token or password (a key to your hub account)"
TOO_MANY = "it is an archive of more than 1000 files, too many to look into"
TOO_BIG = "it is an archive too big to look into (more than 100 MB unpacked)"
TOO_DEEP = "it is an archive packed inside 3 others, too deep to look into"
CANNOT_OPEN = "it is an archive that cannot be opened (damaged, or locked with a password)"
ZIPPED_OUTPUTS = "it holds a notebook with outputs, which cannot be taken out of an archive"

WHY = {
    "week3.txt": CLASS_LIST,
    "group.txt": CLASS_LIST,
    "tournament.json": CLASS_LIST,
    "marks.csv": CLASS_LIST,
    "game.json": GAME,
    "start.json": GAME,
    "games.zip": GAME,
    "deep.zip": GAME,
    "answers.log": RECORDS,
    "roster.csv": EMAILS,
    "kelas.csv": EMAILS,
    "contacts.txt": EMAILS,
    "hub-settings.txt": TOKEN,
    "config.json": TOKEN,
    "token.ipynb": TOKEN,
    "bomb.zip": TOO_BIG,
    "many.zip": TOO_MANY,
    "nested.zip": TOO_DEEP,
    "locked.zip": CANNOT_OPEN,
    "broken.zip": CANNOT_OPEN,
    "notebooks.zip": ZIPPED_OUTPUTS,
}


@pytest.fixture
def lessons(tmp_path: Path) -> Path:
    folder = tmp_path / "lessons"
    (folder / "puzzles").mkdir(parents=True)
    (folder / "00-welcome.ipynb").write_text(json.dumps({"cells": [], "metadata": {}}))
    return folder


@pytest.fixture
def folder(tmp_path: Path) -> Folder:
    return make_folder(tmp_path)


def _site_bytes(site: Path) -> bytes:
    return b"\n".join(path.read_bytes() for path in sorted(site.rglob("*")) if path.is_file())


def test_each_form_is_left_out_by_its_content_with_its_reason(folder: Folder) -> None:
    assert set(WHY) == folder.left_out
    for name, why in WHY.items():
        assert why_left_out(folder.path / name) == why, name
    for name in folder.published:
        assert why_left_out(folder.path / name) is None, name


def test_a_teachers_folder_publishes_nothing_of_a_pupil(
    lessons: Path, folder: Folder, tmp_path: Path
) -> None:
    said: list[str] = []
    site = tmp_path / "site"
    files = gather(lessons, [folder.path], site, said.append, keep_outputs=[folder.keep])
    own = {name for name in files if not name.startswith(("00-welcome", "play-", "my-progress"))}
    assert own == folder.published
    every = _site_bytes(site)
    for secret in folder.secrets:
        assert secret.encode() not in every, secret
        assert json.dumps(secret)[1:-1].encode() not in every, secret
    # Each thing left out is named with its reason, under one heading.
    heading = f"Left out of the site ({len(WHY)}), because it must not be public:"
    at = said.index(heading)
    assert sorted(said[at + 1 : at + 1 + len(WHY)]) == sorted(
        f"  {folder.path / name}: {why}" for name, why in WHY.items()
    )
    # The notebook not named: published, but with no output and no widget state, and said.
    heading = (
        f"Published without their outputs and widget state ({len(folder.bare)}), as every "
        "notebook of --contents is unless named with --keep-outputs:"
    )
    at = said.index(heading)
    assert sorted(said[at + 1 : at + 1 + len(folder.bare)]) == sorted(
        f"  {folder.path / name}" for name in folder.bare
    )
    bare = json.loads((site / "worksheet.ipynb").read_text())
    assert "widgets" not in bare["metadata"]
    code = [cell for cell in bare["cells"] if cell["cell_type"] == "code"]
    assert code and all(c["outputs"] == [] and c["execution_count"] is None for c in code)
    assert code[0]["source"] == "print(name, score)"  # the teacher's code stays
    # The notebook named: its harmless output kept; the token, the roster, the saved game
    # and the widget state holding a record taken out, each said.
    kept = json.loads((site / "kept.ipynb").read_text())
    outputs = [cell["outputs"] for cell in kept["cells"] if cell["cell_type"] == "code"]
    assert outputs[:3] == [[], [], []]
    assert outputs[3][0]["data"] == {"text/plain": "7"}
    assert "widgets" not in kept["metadata"]
    heading = "Published without the outputs and widget state that must not be public (1):"
    at = said.index(heading)
    assert said[at + 1] == f"  {folder.path / 'kept.ipynb'}: " + "; ".join(
        [TOKEN, EMAILS, GAME, RECORDS]
    )


def test_a_named_notebook_may_be_named_by_its_path_in_the_folder(
    lessons: Path, tmp_path: Path
) -> None:
    folder = make_folder(tmp_path)
    (folder.path / "week").mkdir()
    (folder.path / "kept.ipynb").rename(folder.path / "week" / "kept.ipynb")
    said: list[str] = []
    site = tmp_path / "site"
    gather(lessons, [folder.path], site, said.append, keep_outputs=["week/kept.ipynb", "nope"])
    kept = json.loads((site / "week" / "kept.ipynb").read_text())
    assert kept["cells"][-1]["outputs"][0]["data"] == {"text/plain": "7"}
    # A name that names no notebook is said, so a typing mistake is seen.
    assert "--keep-outputs nope: no notebook of --contents has that name" in said
    # Not named: all outputs go, though nothing in them is private.
    gather(lessons, [folder.path], tmp_path / "other", lambda text: None)
    other = json.loads((tmp_path / "other" / "week" / "kept.ipynb").read_text())
    assert other["cells"][-1]["outputs"] == []


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("name,folder\nAna,/home/ana\n", True),
        ("name\nAna\nBo\n", True),
        ("Nombre;Clase\nAna;6B\n", True),
        ("student\nAna\n", True),
        ("Ana María\nBo Chen\nJ. O'Neil\n", True),
        ('{"students": ["Ana", "Bo"]}', True),
        ("name,colour\nAna,blue\n", False),
        ("Ana\n", False),
        ("Add 3 and 4.\nThen add 5.\nWrite it down.\n", False),
        ('{"cells": [], "metadata": {}}', False),
    ],
)
def test_what_counts_as_a_class_list(text: str, found: bool) -> None:
    assert holds_class_list(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Name,E-mail\nAna,ana@school.example\n", True),
        ("name;Correo electrónico\nAna;ana@school.example\n", True),
        ("nama\temel\nAna\tana@school.example\n", True),
        ("Ask ana@school.example and bo@school.example.\n", True),
        ("Write to me at teacher@school.example.\n", False),  # a teacher's own, once
        ("email\n", False),  # a heading and no one
        ("icon@2x.png and logo@3x.png\n", False),
    ],
)
def test_what_counts_as_a_roster(text: str, found: bool) -> None:
    assert holds_emails(text) is found


@pytest.mark.parametrize(
    ("text", "found", "bare"),
    [
        ("JUPYTERHUB_API_TOKEN=0123456789abcdef0123456789abcdef", True, False),
        ('{"api_token": "0123456789abcdef0123456789abcdef"}', True, False),
        ("Authorization: token 0123456789abcdef0123456789abcdef", True, False),
        ("https://hub.example/hub/api/users?token=0123456789abcdef01234567", True, False),
        ('token = os.environ["JUPYTERHUB_API_TOKEN"]', False, False),
        ("0123456789abcdef0123456789abcdef\n", True, True),  # printed by a cell
        ("0123456789abcdef0123456789abcdef  sheet.pdf\n", False, False),  # a checksum
        ("The tokenizer reads tokens one by one.", False, False),
    ],
)
def test_what_counts_as_a_token(text: str, found: bool, bare: bool) -> None:
    assert holds_token(text, bare=bare) is found


def test_a_saved_game_is_found_however_it_is_quoted() -> None:
    from mathplay import Binary

    save = Binary(players=2, seed=4).save()
    assert holds_saved_game(save)
    assert holds_saved_game(json.dumps({"save": save}))
    assert holds_saved_game(json.dumps([json.dumps({"save": save})]))
    assert not holds_saved_game('{"format": "png"}')


def test_widget_state_and_outputs_go_unless_named() -> None:
    notebook: dict[str, Any] = {
        "cells": [
            {"cell_type": "code", "source": "w", "execution_count": 3, "metadata": {},
             "outputs": [{"output_type": "display_data", "metadata": {},
                          "data": {"application/vnd.jupyter.widget-view+json":
                                   {"model_id": "0123456789abcdef0123456789abcdef"}}}]},
            {"cell_type": "markdown", "source": f"Well done, {PUPIL}!", "metadata": {}},
        ],
        "metadata": {"widgets": {"state": {"m": {"state": {"value": PUPIL}}}}},
    }  # fmt: skip
    bare, had = without_outputs(notebook)
    assert had and "widgets" not in bare["metadata"]
    assert bare["cells"][0]["outputs"] == [] and bare["cells"][0]["execution_count"] is None
    assert bare["cells"][1] == notebook["cells"][1]  # the teacher's words stay
    assert without_outputs(bare) == (bare, False)
    # Named: a widget's place (its model's 32 hex digits) is no token; a name alone in
    # the widget state is the teacher's to publish.
    kept, reasons = without_private(notebook)
    assert (kept, reasons) == (notebook, [])
    kept, reasons = without_private(
        {**notebook, "metadata": {"widgets": {"state": {"m": {"state": {"value": EMAIL + " "
                                                                        + "bo@school.example"}}}}}}
    )  # fmt: skip
    assert reasons == [EMAILS] and "widgets" not in kept["metadata"]


def test_a_table_of_records_goes_even_from_a_named_notebook() -> None:
    """pandas' table of the class's records (``pd.read_json("class.jsonl", lines=True)``),
    and a page holding one, are records as the JSON lines are."""
    table = (
        '<table border="1" class="dataframe"><thead><tr style="text-align: right;"><th></th>'
        "<th>who</th><th>puzzle</th><th>right</th></tr></thead><tbody><tr><th>0</th>"
        f"<td>{PUPIL}</td><td>binary-six</td><td>True</td></tr></tbody></table>"
    )
    cell = {"cell_type": "code", "source": "df", "execution_count": 1, "metadata": {},
            "outputs": [{"output_type": "execute_result", "execution_count": 1, "metadata": {},
                         "data": {"text/html": table, "text/plain": "table"}}]}  # fmt: skip
    kept, reasons = without_private({"cells": [cell], "metadata": {}})
    assert reasons == [RECORDS] and kept["cells"][0]["outputs"] == []
    assert private_reason(f"<html><body>{table}</body></html>") == RECORDS
    emails = f"<table><tr><th>Name</th><th>E-mail</th></tr><tr><td>{PUPIL}</td><td>{EMAIL}</td>"
    assert private_reason(emails) == EMAILS
    assert private_reason("<table><tr><th>x</th><th>y</th></tr></table>") is None


def test_a_file_of_one_long_line_is_read(tmp_path: Path) -> None:
    """A first line past the csv module's field limit (131,072 characters) raised
    ``_csv.Error`` and stopped the build; it is read, and judged by what it holds."""
    long = tmp_path / "picture.b64"
    long.write_text("QUJD" * 50_000 + "\n")
    assert why_left_out(long) is None
    long.write_text("QUJD" * 50_000 + f"\n{EMAIL} bo@school.example\n")
    assert why_left_out(long) == EMAILS


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != "en"])
def test_the_reasons_are_said_in_the_teachers_language(language: str, folder: Folder) -> None:
    texts = {
        "name,folder\nAna,/home/ana\n": CLASS_LIST,
        f"pupil,email\nAna,{EMAIL}\n": EMAILS,
        "JUPYTERHUB_API_TOKEN=0123456789abcdef0123456789abcdef": TOKEN,
        json.dumps({"save": '{"format": "mathplay.summy"}'}): GAME,
    }
    with speaking(language):
        said = {private_reason(text) for text in texts}
        archives = {why_left_out(folder.path / name) for name in ("many.zip", "locked.zip")}
    assert None not in said and not said & set(texts.values())
    assert None not in archives and not archives & {TOO_MANY, CANNOT_OPEN}
