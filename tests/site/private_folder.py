"""A teacher's folder holding every form of a pupil's data that issue 72 found published
by ``site build --contents``, for the tests of what a site leaves out.

Each private thing carries a string found nowhere else (a pupil's unusual name, her
e-mail, a fresh hub token, a game's seed), so a test can search the site's bytes for it.
"""

from __future__ import annotations

import io
import json
import uuid
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

from mathplay import Summy
from mathplay.site.leftout import DEPTH, MOST_BYTES, MOST_MEMBERS

PUPIL = "Zoraida Quintanilla"
EMAIL = "zoraida.q@school.example"
SEED = 918_273_645


@dataclass
class Folder:
    """The folder, the strings that must not reach the site, what may be published,
    what must be left out, and the notebook named with ``--keep-outputs``."""

    path: Path
    secrets: list[str]
    published: set[str]
    left_out: set[str]
    keep: str = "kept.ipynb"
    bare: set[str] = field(default_factory=set)


def _zip(members: dict[str, bytes]) -> bytes:
    packed = io.BytesIO()
    with zipfile.ZipFile(packed, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return packed.getvalue()


def _locked(data: bytes) -> bytes:
    """A zip of one member marked as locked with a password (Python writes no locked zip)."""
    marked = bytearray(data)
    marked[6] |= 0x1  # the member's own header
    marked[data.index(b"PK\x01\x02") + 8] |= 0x1  # the archive's list of members
    return bytes(marked)


def _cell(
    source: str, outputs: list[dict[str, object]], count: int | None = 1
) -> dict[str, object]:
    return {"cell_type": "code", "metadata": {}, "execution_count": count, "source": source,
            "outputs": outputs}  # fmt: skip


def _printed(text: str) -> dict[str, object]:
    return {"output_type": "stream", "name": "stdout", "text": text}


def _notebook(cells: list[dict[str, object]], widgets: object = None) -> str:
    metadata: dict[str, object] = {"kernelspec": {"name": "python3", "language": "python"}}
    if widgets is not None:
        metadata["widgets"] = widgets
    return json.dumps({"cells": [{"cell_type": "markdown", "metadata": {}, "source": "# Sums"},
                                 *cells], "metadata": metadata, "nbformat": 4,
                       "nbformat_minor": 5})  # fmt: skip


def _widget_state(*values: str) -> dict[str, object]:
    """Widget state as JupyterLab saves it: each model with its values (names, results)."""
    state = {
        uuid.uuid4().hex: {"model_name": "TextModel", "model_module": "@jupyter-widgets/controls",
                           "model_module_version": "2.0.0",
                           "state": {"value": value, "description": "Name"}}
        for value in values
    }  # fmt: skip
    kind = "application/vnd.jupyter.widget-state+json"
    return {kind: {"version_major": 2, "version_minor": 0, "state": state}}


def make_folder(root: Path) -> Folder:
    """Write the teacher's folder under ``root``."""
    mine = root / "mine"
    mine.mkdir(parents=True)
    token = uuid.uuid4().hex  # as JupyterHub makes one
    save = Summy(players=2, seed=SEED, size=9).save()
    waiting = json.dumps({"who": PUPIL, "game": "summy", "when": "2026-12-01T16:00:00+00:00",
                          "seats": ["human", "computer"], "save": save})  # fmt: skip
    record = {"who": PUPIL, "set": "05", "puzzle": "binary-six", "answer": "110", "right": True}
    files: dict[str, str | bytes] = {
        # May be published.
        "notes.txt": "Bring a pencil.\n",
        "colours.csv": "name,colour\nAna,blue\n",
        "sheets.zip": _zip({"sheet.txt": b"Add 3 and 4.\n"}),
        # Published without its outputs and widget state: not named.
        "worksheet.ipynb": _notebook(
            [_cell("print(name, score)", [_printed(f"{PUPIL} 3 of 5\n")])],
            _widget_state(PUPIL, "3 of 5 right"),
        ),
        # The records as a table (pandas' HTML), not named: published without it.
        "class-table.ipynb": _notebook(
            [
                _cell(
                    'pandas.read_json("class.jsonl", lines=True)',
                    [
                        {
                            "output_type": "execute_result",
                            "execution_count": 1,
                            "metadata": {},
                            "data": {
                                "text/html": "<table><tr><th>who</th><th>puzzle</th>"
                                f"<th>right</th></tr><tr><td>{PUPIL}</td><td>binary-six</td>"
                                "<td>True</td></tr></table>"
                            },
                        }
                    ],
                )
            ]
        ),
        # Named with --keep-outputs: what must not be public is taken out even so.
        "kept.ipynb": _notebook(
            [
                _cell('import os\nprint(os.environ["JUPYTERHUB_API_TOKEN"])', [_printed(token)]),
                _cell("print(who)", [_printed(f"{PUPIL} <{EMAIL}>\nBo <bo@school.example>\n")]),
                _cell("print(game.save())", [_printed(save)]),
                _cell(
                    "3 + 4",
                    [
                        {
                            "output_type": "execute_result",
                            "execution_count": 4,
                            "metadata": {},
                            "data": {"text/plain": "7"},
                        }
                    ],
                    4,
                ),
            ],
            {"state": {"m": {"state": {"value": json.dumps(record)}}}},
        ),
        # Class lists: mathplay's own (name, folder), one name a line, a tournament's.
        "week3.txt": f"name,folder\n{PUPIL},/home/zq\nBo Chen,/home/bchen\n",
        "group.txt": f"{PUPIL}\nBo Chen\nCarla Ruiz\n",
        "tournament.json": json.dumps({"game": "summy", "pupils": [PUPIL, "Bo Chen"]}),
        "marks.csv": f"who,score\n{PUPIL},7\n",
        # Saved games: a pupil's game that waits, renamed; a bare save; zipped; deeper.
        "game.json": waiting,
        "start.json": save,
        "games.zip": _zip({"ana/summy.json": waiting.encode()}),
        "deep.zip": _zip({"inner.zip": _zip({"start.json": save.encode()})}),
        # Records, whatever the name.
        "answers.log": json.dumps(record) + "\n",
        # Rosters with e-mail addresses.
        "roster.csv": f"pupil,correo\n{PUPIL},{EMAIL}\n",
        "kelas.csv": f"nama,emel\n{PUPIL},{EMAIL}\n",
        "contacts.txt": f"Write to {EMAIL} or to bo@school.example.\n",
        # Tokens.
        "hub-settings.txt": f"JUPYTERHUB_API_TOKEN={token}\n",
        "config.json": json.dumps({"hub": "https://hub.example", "api_token": token}),
        "token.ipynb": _notebook([_cell(f'token = "{token}"', [], None)]),
        # Archives that cannot be looked into whole.
        "bomb.zip": _zip({"zeros.txt": bytes(MOST_BYTES + 1)}),
        "many.zip": _zip({f"sheet-{n}.txt": b"1 2 3\n" for n in range(MOST_MEMBERS + 1)}),
        "locked.zip": _locked(_zip({"sheet.txt": b"Add 3 and 4.\n"})),
        "broken.zip": _zip({"ana.jsonl": (json.dumps(record) + "\n").encode()})[:60],
        "notebooks.zip": _zip(
            {
                "worksheet.ipynb": _notebook(
                    [_cell("print(name)", [_printed(f"{PUPIL}\n")])]
                ).encode()
            }
        ),
    }
    nested = b"Add 3 and 4.\n"
    for level in range(DEPTH + 1):
        nested = _zip({f"level-{level}": nested})
    files["nested.zip"] = nested
    for name, data in files.items():
        if isinstance(data, bytes):
            (mine / name).write_bytes(data)
        else:
            (mine / name).write_text(data, encoding="utf-8")
    published = {"notes.txt", "colours.csv", "sheets.zip", "worksheet.ipynb", "kept.ipynb"}
    published.add("class-table.ipynb")
    return Folder(
        path=mine,
        secrets=[PUPIL, EMAIL, token, str(SEED), "bo@school.example"],
        published=published,
        left_out=set(files) - published,
        bare={"worksheet.ipynb", "class-table.ipynb"},
    )
