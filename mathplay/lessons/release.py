"""``mathplay lessons release DIR``: the lessons as pupils get them, with no answers.

The lessons' folder is a teacher's: it holds the teachers' pages (``teacher/``, with the
end checks' answers), the Markdown the notebooks are built from, a lesson for teachers
(``audience: teachers``) and the puzzle files with every ``answer`` written out. A
release (nbgrader's word) is a folder of its own with only what pupils need:

- each lesson for pupils as its notebook, built afresh from its text (no outputs), in
  every language folder (``es/``, ``ms/``, ``el/``); a link to a lesson that is not
  released (lesson 9's "Next: lesson 10 is for teachers") is left as its words;
- each lesson's puzzle file, with every puzzle's ``answer`` kept as a salted hash
  (:mod:`mathplay.puzzles.answer_hashes`): loading it finds the answer again among the
  right answers, so checking, hints, feedback and the end check's review are as before;
  a file whose every answer cannot be found again from its hash is not released;
- nothing else: no ``teacher/``, no ``.md``, no records, no teacher's lesson.

Released again, a folder is brought up to date: the puzzle files are written again, and
a notebook too unless a pupil changed it since (JupyterLab saves a notebook that was
run): that one is kept, and said, unless ``force``. What each release wrote is listed in
the folder's hidden ``.mathplay-release.json``. The records never go in the folder:
without a hub they go to the computer account's data folder
(:func:`mathplay.classroom.where.data_dir`).

>>> import pathlib, tempfile
>>> lessons = pathlib.Path(__file__).resolve().parents[2] / "lessons"
>>> done = release(lessons, pathlib.Path(tempfile.mkdtemp()) / "pupils", only=["05"])
>>> sorted(path.relative_to(done.folder).as_posix() for path in done.written)[:2]
['05-binary-numbers.ipynb', 'el/05-binary-numbers.ipynb']
>>> 'answer = "1001"' in (done.folder / "puzzles" / "05-binary-numbers.toml").read_text()
False
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from mathplay.files import FileRefused, read_regular
from mathplay.i18n import _
from mathplay.lessons.notebook import notebook_text
from mathplay.lessons.source import LessonError, find_lessons, read_lesson
from mathplay.puzzles.answer_hashes import answer_form, unseal
from mathplay.puzzles.answer_lines import sealed_text
from mathplay.puzzles.format import read_text
from mathplay.puzzles.tomlscan import MAX_CHARS

__all__ = ["MANIFEST", "Release", "ReleaseError", "release", "sealed_puzzle_file"]

#: The hidden file of a released folder that lists what the release wrote.
MANIFEST = ".mathplay-release.json"
#: A link to a lesson's notebook in a lesson's text: ``[words](06-name.ipynb)``.
_LESSON_LINK = re.compile(r"\[([^\]\n]*)\]\(((?:[a-z]{2}/)?[0-9]{2}-[A-Za-z0-9_-]+\.ipynb)\)")


class ReleaseError(LessonError):
    """Lessons that cannot be released: the folder is wrong, or a puzzle file's answers
    cannot be kept as hashes."""


@dataclass
class Release:
    """What :func:`release` did: the files written, the notebooks kept (a pupil changed
    them), what was left out and why, and the problems (a lesson not released)."""

    folder: Path
    written: list[Path] = field(default_factory=list)
    kept: list[Path] = field(default_factory=list)
    left_out: list[tuple[Path, str]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    #: How many answers were kept as hashes, in all the puzzle files.
    hashed: int = 0


#: Hex digits written as letters: the list of what was released holds no number.
_LETTERS = str.maketrans("0123456789abcdef", "abcdefghijklmnop")


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest().translate(_LETTERS)


def sealed_puzzle_file(path: Path) -> tuple[str, int]:
    """The text of the puzzle file at ``path`` with every ``answer`` kept as a hash, and
    how many; raises :class:`ReleaseError` when that cannot be done so that each answer
    is found again (an answer over several lines, a file with problems)."""
    try:
        text = read_regular(path, 4 * MAX_CHARS).decode("utf-8-sig")
    except (OSError, FileRefused, UnicodeDecodeError) as error:
        raise ReleaseError(str(error), path=str(path)) from None
    before, problems = read_text(text, str(path))
    if before is None or problems:
        raise ReleaseError(
            _("the puzzle file has problems: run mathplay lessons check first"), path=str(path)
        )
    answered = {p.id: p.answer for p in before.puzzles if p.answer is not None}
    sealed, count = sealed_text(text, str(path))
    after, problems = read_text(sealed, str(path))
    if count != len(answered) or after is None or problems:
        raise ReleaseError(
            _("its answers could not be kept as hashes (write each answer on a line of its own)"),
            path=str(path),
        )
    lost = set(unseal(after))
    for puzzle in after.puzzles:
        original = answered.get(puzzle.id)
        if original is None:
            continue
        wanted = answer_form(before.puzzle(puzzle.id), original)
        found = puzzle.answer
        if puzzle.id in lost or found is None or answer_form(puzzle, found) != wanted:
            raise ReleaseError(
                _(
                    "the answer of puzzle '{id}' cannot be found again from its hash (is it "
                    "right? run mathplay lessons check)"
                ).format(id=puzzle.id),
                path=str(path),
                line=puzzle.line,
            )
    return sealed, count


def _without_dead_links(text: str, released: set[str], folder: str) -> str:
    """A notebook's text where a link to a lesson that is not released is its words."""

    def one(match: re.Match[str]) -> str:
        target = match.group(2)
        name = f"{folder}/{target}" if folder and "/" not in target else target
        return match.group(0) if name in released else match.group(1)

    return _LESSON_LINK.sub(one, text)


def _read_manifest(folder: Path) -> dict[str, str]:
    try:
        data = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    files = data.get("files") if isinstance(data, dict) else None
    if not isinstance(files, dict):
        return {}
    return {str(k): str(v) for k, v in files.items()}


def _overlap(one: Path, other: Path) -> bool:
    return one == other or one in other.parents or other in one.parents


def release(
    lessons: str | Path,
    into: str | Path,
    *,
    force: bool = False,
    only: Iterable[str] = (),
) -> Release:
    """Write the lessons of the folder ``lessons`` for pupils into the folder ``into``
    (see the module's docstring). ``only`` are lesson numbers ("05") to release, all by
    default; ``force`` replaces notebooks a pupil changed. Raises :class:`ReleaseError`
    when ``into`` is the lessons' folder, inside it or around it."""
    source = Path(lessons).resolve()
    target = Path(into).resolve()
    if not source.is_dir():
        raise ReleaseError(_("there is no folder {path}").format(path=lessons))
    if _overlap(source, target):
        raise ReleaseError(
            _(
                "{into} and the lessons' folder {lessons} overlap: release the lessons into "
                "a folder of its own, like pupils/"
            ).format(into=into, lessons=lessons)
        )
    wanted = {str(number) for number in only}
    done = Release(Path(into))
    chosen: list[tuple[str, str, str, str]] = []  # folder, lesson, notebook, puzzle file
    for path in find_lessons([source]):
        relative = path.relative_to(source)
        if wanted and path.name[:2] not in wanted:
            continue
        try:
            lesson = read_lesson(path)
        except LessonError as error:
            done.problems.append(str(error))
            continue
        if not lesson.for_pupils:
            done.left_out.append((relative, _("a lesson for teachers")))
            continue
        puzzles = path.parent / "puzzles" / f"{path.stem}.toml"
        sealed = ""
        if puzzles.is_file():
            try:
                sealed, count = sealed_puzzle_file(puzzles)
            except ReleaseError as error:
                done.problems.append(str(error))
                continue
            done.hashed += count
        folder = relative.parent.as_posix() if relative.parent != Path(".") else ""
        chosen.append((folder, path.stem, notebook_text(lesson), sealed))
    names = {"/".join(filter(None, (folder, f"{stem}.ipynb"))) for folder, stem, *_ in chosen}
    before = _read_manifest(target)
    after: dict[str, str] = {}
    target.mkdir(parents=True, exist_ok=True)
    for folder, stem, text, sealed in chosen:
        place = target / folder if folder else target
        notebook = place / f"{stem}.ipynb"
        name = notebook.relative_to(target).as_posix()
        data = _without_dead_links(text, names, folder).encode("utf-8")
        current = _digest(notebook.read_bytes()) if notebook.exists() else None
        place.mkdir(parents=True, exist_ok=True)
        if force or current in (None, before.get(name), _digest(data)):
            notebook.write_bytes(data)
            done.written.append(notebook)
            after[name] = _digest(data)
        else:
            done.kept.append(notebook)  # a pupil's own copy: not replaced
        if sealed:
            puzzle_file = place / "puzzles" / f"{stem}.toml"
            puzzle_file.parent.mkdir(parents=True, exist_ok=True)
            puzzle_file.write_text(sealed, encoding="utf-8")
            done.written.append(puzzle_file)
            after[puzzle_file.relative_to(target).as_posix()] = _digest(sealed.encode("utf-8"))
    manifest = {"files": {**before, **after}}
    (target / MANIFEST).write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n")
    return done
