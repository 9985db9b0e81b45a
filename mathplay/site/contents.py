"""What a site holds: the lessons, their puzzles, a Play notebook per game, a teacher's own.

The site's files are laid out as the lessons folder is: ``00-welcome.ipynb`` … at the
top with ``puzzles/`` beside them (a lesson finds its puzzle file there), each
translation in a folder of its own (``es/``), the Play notebooks (``play-summy.ipynb`` …,
and in each translation's folder ``es/play-summy.ipynb`` …, in its language) and
whatever a teacher adds with ``--contents``. Every Python notebook names the site's
kernel, so that no pupil is asked which kernel to start. What must never be public is
left out and named (:mod:`mathplay.site.leftout`: pupils' records, class lists,
rosters, saved games and tokens found by their content, links, anything but ordinary
files, Python scripts, hidden files, files over the size cap), and so are the lessons'
Markdown twins (each lesson also exists as a notebook). A teacher's notebook goes
without its outputs and widget state unless the teacher names it (``--keep-outputs``).

>>> notebook = play_notebook("summy")
>>> [cell["cell_type"] for cell in notebook["cells"]]
['markdown', 'markdown', 'code']
>>> "".join(notebook["cells"][2]["source"])
'import mathplay\\n\\nmathplay.play("summy")'
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from mathplay.files import FileRefused, read_regular
from mathplay.games.registry import describe, game_names
from mathplay.i18n import LANGUAGES, _, speaking
from mathplay.site.keys import without_check_answers
from mathplay.site.leftout import (
    MOST_BYTES,
    records_reason,
    why_left_out,
    without_outputs,
    without_private,
)
from mathplay.site.onelesson import LESSON_NAME, with_start_line
from mathplay.site.tools import SiteError
from mathplay.startline import start_cell

__all__ = [
    "GAMES",
    "KERNEL",
    "MY_PROGRESS",
    "SAMPLE_RECORDS",
    "SITE_SAMPLE",
    "for_the_site",
    "gather",
    "lesson_files",
    "my_progress_notebook",
    "play_notebook",
    "write_my_progress_notebooks",
    "write_play_notebooks",
]

#: The games that get a Play notebook, in the order a pupil meets them: mathplay's own
#: (a plug-in's game is not in the site's kernel, which installs mathplay alone).
GAMES = tuple(name for name in game_names() if not describe(name).plugin)

#: The site's one kernel: a Python notebook names it, so no pupil is asked to pick one.
KERNEL = {"display_name": "Python (Pyodide)", "language": "python", "name": "python"}
#: Left out of the lessons folder without a word (build scripts, test setup, the
#: Markdown twins of the notebooks).
_NOT_LESSONS = {".py", ".pyc", ".md"}
#: The made-up records lesson 10 (for teachers) reads, in the lessons folder: the only
#: records a site may hold (no pupil's name in them is real).
SAMPLE_RECORDS = frozenset({"puzzles/sample-progress.jsonl"})
#: The name they have on the site: JupyterLite's drive does not open a ``.jsonl`` file
#: in the kernel (lesson 10 drew an empty table there), a ``.txt`` one it does; lesson
#: 10's notebooks on the site read that name.
SITE_SAMPLE = {"puzzles/sample-progress.jsonl": "puzzles/sample-progress.txt"}
#: What editors and tools leave behind: left out without a word.
_LITTER = {"__pycache__", ".ipynb_checkpoints"}


def _play_words() -> dict[str, str]:
    return {
        "summy": _(
            "# Play Summy\n\n"
            "You and the computer take turns to make sums on the board, like **3+4=7**, "
            "with the blocks in your hand. Click one of your blocks, then a square. When "
            "your sum is on the board, press **Play**. Each new sum must touch a block that "
            "is already on the board. The most points wins!\n\n"
            "**To start:** click the grey box below, then press **Shift** and **Enter** "
            "together. Do it again for a new game."
        ),
        "mixmath": _(
            "# Play Mixmath\n\n"
            "Every tile you put down must be the answer to a sum with the two tiles next to "
            "it in a line: a **3** can go next to **1** and **2**, because 1 + 2 = 3 (you "
            "may use + − × and ÷). Click one of your tiles, then a square. When you have put "
            "down all you can, press **End turn**, and the computer plays.\n\n"
            "**To start:** click the grey box below, then press **Shift** and **Enter** "
            "together. Do it again for a new game."
        ),
        "binary": _(
            "# Play Binary\n\n"
            "Make true sums in binary, where the only digits are 0 and 1: like **1+1=10** "
            "(one and one make two, and two is written 10 in binary) or **1 AND 1 = 1**. "
            "Click one of your chips, then a square. When your sum is on the board, press "
            "**Play**, and the computer plays after you.\n\n"
            "**To start:** click the grey box below, then press **Shift** and **Enter** "
            "together. Do it again for a new game."
        ),
    }


def play_notebook(game: str, language: str | None = None) -> dict[str, Any]:
    """The Play notebook of ``game``: a few plain words for a child, and the board; in
    ``language`` when given (its words, and a board that speaks it), else in English
    with a board that speaks the pupil's Jupyter's language."""
    with speaking(language):
        words = _play_words()[game]
    # The last paragraph says how to run the board: on the app page it is already
    # running, so that paragraph and the code are hidden there ("app-hide" tags).
    about, _blank, start = words.rpartition("\n\n")
    chosen = f', language="{language}"' if language else ""
    code = f'import mathplay\n\nmathplay.play("{game}"{chosen})'
    cells = [
        {
            "cell_type": "markdown",
            "id": f"play-{game}-words",
            "metadata": {},
            "source": (about or start).splitlines(keepends=True),
        },
        {
            "cell_type": "markdown",
            "id": f"play-{game}-start",
            "metadata": {"tags": ["app-hide"]},
            "source": (start if about else "").splitlines(keepends=True),
        },
        {
            "cell_type": "code",
            "id": f"play-{game}-board",
            "metadata": {"tags": ["app-hide-input"]},
            "source": code.splitlines(keepends=True),
            "execution_count": None,
            "outputs": [],
        },
    ]
    return {
        "cells": cells,
        "metadata": {
            "kernelspec": dict(KERNEL),
            "language_info": {"name": "python"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


#: The pupil's own page on the site, in each language's folder (``es/my-progress.ipynb``).
MY_PROGRESS = "my-progress"


def my_progress_notebook(language: str | None = None) -> dict[str, Any]:
    """The site's "My progress" notebook: a pupil's own page (their lessons, the skills
    due for review, what comes next), from the records kept in this browser for the
    lessons of its folder; in ``language`` when given."""
    with speaking(language):
        words = _(
            "# My progress\n\n"
            "What you have done in the lessons on this computer, which skills are due for "
            "review, and what comes next."
        )
    chosen = f'language="{language}"' if language else ""
    code = f"import mathplay\n\nmathplay.my_progress_page({chosen})"
    return {
        "cells": [
            start_cell(language),  # opened in JupyterLab: what to press
            {
                "cell_type": "markdown",
                "id": "my-progress-words",
                "metadata": {},
                "source": words.splitlines(keepends=True),
            },
            {
                "cell_type": "code",
                "id": "my-progress-page",
                # No code on a pupil's page: the cell is collapsed.
                "metadata": {"jupyter": {"source_hidden": True}, "tags": ["hide-input"]},
                "source": code.splitlines(keepends=True),
                "execution_count": None,
                "outputs": [],
            },
        ],
        "metadata": {"kernelspec": dict(KERNEL), "language_info": {"name": "python"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def write_my_progress_notebooks(folder: Path, languages: Sequence[str] = ()) -> list[Path]:
    """Write ``my-progress.ipynb`` into ``folder``, and for each of ``languages`` into its
    folder, in it."""
    written = []
    for language in (None, *languages):
        place = folder / language if language else folder
        place.mkdir(parents=True, exist_ok=True)
        path = place / f"{MY_PROGRESS}.ipynb"
        text = json.dumps(my_progress_notebook(language), indent=1, ensure_ascii=False)
        path.write_text(text + "\n", encoding="utf-8")
        written.append(path)
    return written


def write_play_notebooks(folder: Path, languages: Sequence[str] = ()) -> list[Path]:
    """Write ``play-<game>.ipynb`` for every game into ``folder``, and for each of
    ``languages`` (``"es"``) into its folder (``es/play-summy.ipynb``), in it."""
    written = []
    for language in (None, *languages):
        place = folder / language if language else folder
        place.mkdir(parents=True, exist_ok=True)
        for game in GAMES:
            path = place / f"play-{game}.ipynb"
            text = json.dumps(play_notebook(game, language), indent=1, ensure_ascii=False)
            path.write_text(text + "\n", encoding="utf-8")
            written.append(path)
    return written


def _walk(
    folder: Path,
    keep: Callable[[Path], bool],
    left_out: list[tuple[Path, str]],
    samples: Callable[[Path], bool] = lambda path: False,
) -> Iterator[Path]:
    """The ordinary files under ``folder`` (sorted) that may go on a site and that
    ``keep`` takes. Links are never followed; every file or folder left out for a reason
    of :func:`~mathplay.site.leftout.why_left_out` (or hidden) is added to ``left_out``,
    but for made-up records that ``samples`` names."""
    for path in sorted(folder.iterdir()):
        if path.name in _LITTER:
            continue
        if path.name.startswith("."):
            left_out.append((path, _("it is hidden (its name starts with a dot)")))
            continue
        if path.is_symlink():
            left_out.append((path, str(why_left_out(path))))
        elif path.is_dir():
            yield from _walk(path, keep, left_out, samples)
        elif keep(path):
            why = why_left_out(path)
            if why is None or (why == records_reason() and samples(path)):
                yield path
            else:
                left_out.append((path, why))


def lesson_files(lessons: Path, left_out: list[tuple[Path, str]] | None = None) -> list[Path]:
    """The files of the lessons folder that go on the site: the notebooks, the puzzle
    files, the translations (``lessons/es/…``) and anything else they use (what is left
    out for a reason is added to ``left_out``)."""
    if not (lessons.is_dir() and any(lessons.glob("*.ipynb"))):
        raise SiteError(
            _("there are no lessons in {folder}: build the site from a mathplay checkout").format(
                folder=lessons
            )
        )
    found = [] if left_out is None else left_out

    def sample(path: Path) -> bool:
        name = path.relative_to(lessons).as_posix()
        if name in SAMPLE_RECORDS:
            return True
        # A translation's lesson 10 reads the same made-up records, its set's title in
        # the language (and its notebook's path) the only difference.
        language, _slash, rest = name.partition("/")
        if language not in LANGUAGES or rest not in SAMPLE_RECORDS:
            return False
        return same_sample_records(path, lessons / rest)

    def keep(path: Path) -> bool:  # not the teachers' pages: the site is for pupils
        return path.suffix not in _NOT_LESSONS and "teacher" not in path.relative_to(lessons).parts

    return list(_walk(lessons, keep, found, sample))


#: What a translation's copy of the made-up records may say in its own words.
_TRANSLATED_KEYS = ("set", "set_key", "notebook")


def same_sample_records(translated: Path, english: Path) -> bool:
    """Whether ``translated`` holds the made-up records of ``english``, nothing added:
    each record the same but for its set's title (the English one kept as its
    ``set_key``) and its notebook's path."""
    try:
        theirs = translated.read_text(encoding="utf-8").splitlines()
        ours = english.read_text(encoding="utf-8").splitlines()
        pairs = [(json.loads(a), json.loads(b)) for a, b in zip(theirs, ours, strict=True)]
    except (OSError, UnicodeDecodeError, ValueError):
        return False
    for mine, original in pairs:
        if not isinstance(mine, dict) or not isinstance(original, dict):
            return False
        if mine.get("set_key", original.get("set")) != original.get("set"):
            return False
        bare = {k: v for k, v in mine.items() if k not in _TRANSLATED_KEYS}
        if bare != {k: v for k, v in original.items() if k not in _TRANSLATED_KEYS}:
            return False
    return True


def for_the_site(text: str, *, lesson: bool = False, speaks: str | None = None) -> str | None:
    """A Python notebook's text with the site's kernel named in it (a notebook made in
    JupyterLab names ``python3``, or none, and JupyterLite would then ask which kernel to
    start); ``None`` for a notebook of another language, or text that is not one. A
    ``lesson`` also gets the line that says what to press, as its first cell, in the
    language it ``speaks`` (a translated lesson's).

    >>> data = json.loads(for_the_site('{"cells": [], "metadata": {}}'))
    >>> data["metadata"]["kernelspec"]["name"], data["metadata"]["language_info"]
    ('python', {'name': 'python'})
    >>> for_the_site('{"metadata": {"kernelspec": {"name": "ir", "language": "R"}}}') is None
    True
    """
    try:
        data = json.loads(text)
    except ValueError:
        return None
    metadata = data.get("metadata") if isinstance(data, dict) else None
    if not isinstance(metadata, dict):
        return None
    spec = metadata.get("kernelspec")
    language = spec.get("language", "python") if isinstance(spec, dict) else "python"
    if str(language).lower() != "python":
        return None
    metadata["kernelspec"] = dict(KERNEL)
    info = metadata.get("language_info")
    metadata["language_info"] = {**(info if isinstance(info, dict) else {}), "name": "python"}
    if lesson:
        data = with_start_line(data, speaks)
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def _copy(
    source: Path,
    target: Path,
    *,
    lesson: bool = False,
    speaks: str | None = None,
    outputs: bool = True,
) -> list[str]:
    """Copy ``source`` to ``target``; a notebook goes without the outputs and widget state
    that must not be public (every one of them unless ``outputs``). Returns why each was
    cleared (a cell's outputs, or the widget state), ``[NO_OUTPUTS]`` when all were."""
    target.parent.mkdir(parents=True, exist_ok=True)
    # Read again as an ordinary file, no link, at most the cap: the file looked at may
    # have been swapped for a pipe or a link since.
    data = read_regular(source, MOST_BYTES, follow_links=False)
    if source.suffix == ".ipynb":
        raw = data.decode("utf-8", errors="replace")
        cleared: list[str] = []
        try:
            notebook = json.loads(raw)
            if outputs:
                notebook, cleared = without_private(notebook)
            else:
                notebook, had = without_outputs(notebook)
                cleared = [NO_OUTPUTS] if had else []
        except (ValueError, RecursionError):
            notebook = None
        if notebook is not None:
            raw = json.dumps(notebook, indent=1, ensure_ascii=False) + "\n"
        text = for_the_site(raw, lesson=lesson, speaks=speaks)
        target.write_text(text if text is not None else raw, encoding="utf-8")
        return cleared
    if source.suffix == ".toml":
        # The end check's answers are not published as plain text (mathplay.site.keys).
        try:
            shown, _count = without_check_answers(data.decode("utf-8"), str(source))
        except UnicodeDecodeError:
            shown = None
        if shown is not None:
            target.write_text(shown, encoding="utf-8")
            return []
    target.write_bytes(data)
    return []


def _read_site_sample(notebook: Path) -> None:
    """A lesson notebook on the site reads the made-up records by their site name
    (:data:`SITE_SAMPLE`)."""
    text = notebook.read_text(encoding="utf-8")
    changed = text
    for lessons_name, site_name in SITE_SAMPLE.items():
        changed = changed.replace(lessons_name, site_name)
    if changed != text:
        notebook.write_text(changed, encoding="utf-8")


#: What :func:`_copy` says of a notebook published with no output and no widget state.
NO_OUTPUTS = "no outputs"


def _named(path: Path, site_name: str, names: Sequence[str]) -> list[str]:
    """Which of ``names`` (given with ``--keep-outputs``) name the notebook at ``path``,
    ``site_name`` on the site: its path in its folder, its file's name, or its own path."""
    found = []
    for name in names:
        given = Path(name).expanduser()
        if given.as_posix() in (site_name, path.name) or (
            given.exists() and given.absolute() == path.absolute()
        ):
            found.append(name)
    return found


def gather(
    lessons: Path,
    extra: Sequence[Path],
    into: Path,
    say: Callable[[str], None] = print,
    keep_outputs: Sequence[str] = (),
) -> list[str]:
    """Lay out the site's files in the folder ``into``: the lessons, the Play notebooks,
    then each of ``extra`` (a teacher's folder, copied into the top; or one file), which
    may replace a file of the same name. A notebook of ``extra`` goes without its outputs
    and widget state unless ``keep_outputs`` names it (its path in its folder, its name,
    or its own path). Every file left out, and every notebook published without some or
    all of its outputs, is named with the reason (through ``say``). Returns the files'
    paths in the site."""
    into.mkdir(parents=True, exist_ok=True)
    left_out: list[tuple[Path, str]] = []
    cleared: list[tuple[Path, str]] = []
    bare: list[Path] = []
    used: set[str] = set()
    translated: set[str] = set()
    for path in lesson_files(lessons, left_out):
        name = path.relative_to(lessons).as_posix()
        folder = name.split("/")[0] if "/" in name else ""
        speaks = folder if folder in LANGUAGES else None  # a translated lesson: es/00-….ipynb
        if speaks:
            translated.add(speaks)
        inner = name.split("/", 1)[1] if speaks else name
        if inner in SITE_SAMPLE:
            name = name[: len(name) - len(inner)] + SITE_SAMPLE[inner]
        try:
            _copy(path, into / name, lesson=bool(LESSON_NAME.match(name)), speaks=speaks)
        except FileRefused as refused:  # swapped since it was looked at
            left_out.append((path, str(refused)))
            continue
        if name.endswith(".ipynb"):
            _read_site_sample(into / name)
    write_play_notebooks(into, [code for code in LANGUAGES if code in translated])
    write_my_progress_notebooks(into, [code for code in LANGUAGES if code in translated])
    for given in extra:
        source = Path(given).expanduser()
        if source.is_dir():
            pairs = [
                (p, into / p.relative_to(source)) for p in _walk(source, lambda p: True, left_out)
            ]
        elif source.exists():
            why = why_left_out(source.resolve())
            if why is not None:
                left_out.append((source, why))
            pairs = [] if why is not None else [(source, into / source.name)]
        else:
            raise SiteError(
                _("--contents {path}: there is no such folder or file").format(path=given)
            )
        for path, target in pairs:
            if target.exists():
                say(
                    _("  {name} from {folder} replaces the one of the same name").format(
                        name=target.relative_to(into).as_posix(), folder=given
                    )
                )
            named = _named(path, target.relative_to(into).as_posix(), keep_outputs)
            used.update(named)
            try:
                reasons = _copy(path, target, outputs=bool(named))
            except FileRefused as refused:  # swapped since it was looked at
                left_out.append((path, str(refused)))
                continue
            if reasons == [NO_OUTPUTS]:
                bare.append(path)
            elif reasons:
                cleared.append((path, "; ".join(dict.fromkeys(reasons))))
    for name in keep_outputs:
        if name not in used:
            say(_("--keep-outputs {name}: no notebook of --contents has that name").format(
                name=name))  # fmt: skip
    if bare:
        say(_("Published without their outputs and widget state ({count}), as every notebook "
              "of --contents is unless named with --keep-outputs:").format(
            count=len(bare)))  # fmt: skip
        for path in bare:
            say(f"  {path}")
    if cleared:
        say(_("Published without the outputs and widget state that must not be public "
              "({count}):").format(count=len(cleared)))  # fmt: skip
        for path, why in cleared:
            say(_("  {path}: {why}").format(path=path, why=why))
    if left_out:
        say(_("Left out of the site ({count}), because it must not be public:").format(
            count=len(left_out)))  # fmt: skip
        for path, why in left_out:
            say(_("  {path}: {why}").format(path=path, why=why))
    return sorted(p.relative_to(into).as_posix() for p in into.rglob("*") if p.is_file())
