"""A teacher's report of a class's attempts: tables, a pupil × puzzle grid, CSV, HTML, chart.

A puzzle of a set asks every pupil the same question: it is one column of the grid, one
row of ``by_puzzle``. A practice draws each pupil their own questions (its records carry
a ``skill``), so its puzzles' ids (``binary-to-decimal-3``, the 3rd of the pupil's stream)
name different questions for different pupils: the class-wide tables and the grid show
the practice by skill (one column, :class:`SkillColumn`), and only the pupil's own rows
(the CSV, one row per pupil per question) name the questions, each pupil's own.

>>> import tempfile, os
>>> from mathplay.classroom.records import record
>>> path = os.path.join(tempfile.mkdtemp(), "class.jsonl")
>>> record(path, who="Ana", puzzle_set="Adding", puzzle="add-1", answer="5", right=False)
>>> record(path, who="Ana", puzzle_set="Adding", puzzle="add-1", answer="4", right=True)
>>> record(path, who="Bo", puzzle_set="Adding", puzzle="add-2", answer="7", right=True)
>>> s = summary(path)
>>> [(r["who"], r["puzzle"], r["attempts"], r["status"]) for r in s.rows]
[('Ana', 'add-1', 2, 'with help'), ('Ana', 'add-2', 0, 'not tried'), ('Bo', 'add-1', 0, 'not tried'), ('Bo', 'add-2', 1, 'first try')]
"""  # noqa: E501

from __future__ import annotations

import csv
import html
import io
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from mathplay.classroom.cells import as_text
from mathplay.classroom.records import (
    _MAX_WARNINGS,
    GAME_EVENT,
    _read,
    _warn,
    progress_files,
    source_flags,
    typed_flags,
)
from mathplay.classroom.roster import practice_skill, skill_title
from mathplay.classroom.set_names import one_name_per_set, only_set
from mathplay.classroom.statuses import STATUS_BY_NAME, STATUSES
from mathplay.classroom.where import default_log, name_key, progress_dir
from mathplay.i18n import _, clauses

__all__ = [
    "CSV_COLUMNS",
    "STATUSES",
    "Mark",
    "SkillColumn",
    "Summary",
    "Table",
    "as_text",
    "chart",
    "summary",
    "summary_of",
]

#: The columns of :meth:`Summary.to_csv`, one row per pupil per puzzle: ``skill`` is a
#: practice's skill (empty for a puzzle of a set), ``question`` the question as the pupil
#: saw it (in a practice, their own). Columns are only ever added, at the end: other
#: tools read them.
CSV_COLUMNS = (
    "who",
    "set",
    "puzzle",
    "attempts",
    "solved",
    "first_try",
    "hints",
    "solution_seen",
    "seconds",
    "wrong_answers",
    "skill",
    "question",
)
#: How wrong answers are joined in one cell of the CSV.
WRONG_SEPARATOR = " | "


@dataclass
class Table:
    """A small table: ``columns`` and ``rows`` (dicts); prints as text and as HTML."""

    columns: list[str]
    rows: list[dict[str, Any]] = field(default_factory=list)

    def __iter__(self) -> Iterator[dict[str, Any]]:
        return iter(self.rows)

    def __len__(self) -> int:
        return len(self.rows)

    def __str__(self) -> str:
        cells = [[_text(row.get(c, "")) for c in self.columns] for row in self.rows]
        widths = [max([len(c)] + [len(r[i]) for r in cells]) for i, c in enumerate(self.columns)]
        lines = ["  ".join(c.ljust(w) for c, w in zip(self.columns, widths)).rstrip()]
        lines.append("  ".join("-" * w for w in widths))
        lines += ["  ".join(v.ljust(w) for v, w in zip(r, widths)).rstrip() for r in cells]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        head = "".join(f"<th>{html.escape(c)}</th>" for c in self.columns)
        body = "".join(
            "<tr>"
            + "".join(f"<td>{html.escape(_text(r.get(c, '')))}</td>" for c in self.columns)
            + "</tr>"
            for r in self.rows
        )
        return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, list):
        return WRONG_SEPARATOR.join(map(str, value))
    return str(value)


# --- one pupil at one puzzle ----------------------------------------------------------


@dataclass
class Cell:
    """What one pupil did at one puzzle, from their attempts in order."""

    attempts: int = 0
    solved: bool = False
    first_try: bool = False
    hints: int = 0
    solution_seen: bool = False
    solved_after_solution: bool = False
    seconds: float = 0.0
    old_seconds: float = 0.0
    wrong_answers: list[str] = field(default_factory=list)

    def add(self, a: dict[str, Any]) -> None:
        if "event" in a:  # the time from the last try to Next: minutes, not an attempt
            self.seconds += float(a.get("seconds") or 0)
            return
        right = bool(a.get("right"))
        hints = int(a.get("hints") or 0)
        seen = bool(a.get("solution_seen"))
        if self.attempts == 0:
            self.first_try = right and hints == 0 and not seen
        if right and not self.solved:
            self.solved_after_solution = seen or self.solution_seen
        self.attempts += 1
        self.solved = self.solved or right
        self.hints = max(self.hints, hints)
        self.solution_seen = self.solution_seen or seen
        seconds = float(a.get("seconds") or 0)
        if "when" in a:
            self.seconds += seconds
        else:  # an older record: seconds since the puzzle was shown, so the largest counts
            self.old_seconds = max(self.old_seconds, seconds)
        if not right:
            self.wrong_answers.append(str(a.get("answer", "")).strip())

    @property
    def total_seconds(self) -> float:
        return round(self.seconds + self.old_seconds, 1)

    @property
    def status(self) -> str:
        if self.attempts == 0:
            return "not tried"
        if self.first_try:
            return "first try"
        if self.solved:
            return "after solution" if self.solved_after_solution else "with help"
        return "not solved"


def _when(a: dict[str, Any]) -> datetime | None:
    value = a.get("when")
    if not isinstance(value, str):
        return None
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        return None
    return moment if moment.tzinfo is not None else None


#: The statuses of a pupil who solved a puzzle.
_SOLVED = ("first try", "with help", "after solution")


@dataclass(frozen=True)
class SkillColumn:
    """A practice's skill as one column of its set: every pupil at their own questions.
    Its ``title`` and ``label`` are in the language spoken when they are read."""

    name: str
    kind: Any = None
    level: Any = None

    @property
    def title(self) -> str:
        """The skill's title (``"Binary → decimal"``)."""
        return skill_title(self.name, self.kind, self.level)

    @property
    def label(self) -> str:
        """The column's name in the report (``"Binary → decimal (practice)"``)."""
        return _("{skill} (practice)").format(skill=self.title)


@dataclass
class Mark:
    """One pupil at one column of the grid, from their ``rows`` in it: a puzzle of a set
    (one row), or a practice's skill (a row per question of their own). A skill's
    ``status`` is the worst of its questions': ✓ only if every one was right at the first
    try, ✗ if one is not solved yet."""

    rows: list[dict[str, Any]] = field(default_factory=list)

    @property
    def status(self) -> str:
        order = [status.name for status in STATUSES]
        tried = [r["status"] for r in self.rows if r["attempts"]]
        return max(tried, key=order.index) if tried else "not tried"

    @property
    def attempts(self) -> int:
        return sum(r["attempts"] for r in self.rows)

    @property
    def questions(self) -> int:
        """The questions tried."""
        return sum(r["attempts"] > 0 for r in self.rows)

    @property
    def right(self) -> int:
        """The questions right at the first try."""
        return sum(bool(r["first_try"]) for r in self.rows)

    @property
    def solved(self) -> int:
        """The questions solved."""
        return sum(bool(r["solved"]) for r in self.rows)

    @property
    def hints(self) -> int:
        """The most hints at one question."""
        return max([r["hints"] for r in self.rows], default=0)


# --- the summary ----------------------------------------------------------------------


@dataclass
class Summary:
    """A class's attempts summed up: ``rows`` (one per pupil per puzzle, the CSV's
    columns and a ``status``), ``by_puzzle``, ``by_student`` and ``hardest``; it prints
    as the terminal report, shows as a grid in Jupyter, and writes ``to_csv``,
    ``to_html``; ``chart()`` draws the grid as a heat map."""

    by_puzzle: Table
    by_student: Table
    attempts: int
    skipped: int = 0
    note: str = ""
    rows: Table = field(default_factory=lambda: Table([*CSV_COLUMNS, "status"]))
    #: The sets, each with its columns in order: a puzzle's id, or a practice's skill (a
    #: column for every pupil's own questions in it, named in :attr:`skills`).
    sets: dict[str, list[str]] = field(default_factory=dict)
    #: The pupils, as first written.
    pupils: list[str] = field(default_factory=list)
    #: Each puzzle's question (when the records have it), by (set, puzzle): the puzzles
    #: of a set only, the same question for everyone (a practice's questions are each
    #: pupil's own: they are in the pupil's rows, ``question``).
    questions: dict[tuple[str, str], str] = field(default_factory=dict)
    #: The pupils of the class list with no record at all.
    not_started: list[str] = field(default_factory=list)
    #: The attempts summed up, in the order they were made.
    records: list[dict[str, Any]] = field(default_factory=list, repr=False)
    #: The games pupils finished in a lesson, each a summary of its review.
    games: list[dict[str, Any]] = field(default_factory=list)
    #: The columns that are a practice's skills, by (set, skill).
    skills: dict[tuple[str, str], SkillColumn] = field(default_factory=dict)
    _marks: dict[str, dict[str, dict[str, Mark]]] | None = field(
        default=None, repr=False, compare=False
    )
    _wrong_by_column: dict[tuple[str, str], list[str]] | None = field(
        default=None, repr=False, compare=False
    )
    _rows_by_set: dict[str, list[dict[str, Any]]] | None = field(
        default=None, repr=False, compare=False
    )

    def game_lines(self) -> list[str]:
        """One line per finished game: who, which game, the points and the share of the
        best points taken, and the biggest missed chance."""
        lines = []
        for g in self.games:
            words = _("{who}: {game}, {score} points in {turns} turns, {percent} % of the best")
            line = words.format(
                who=g["who"], game=str(g["game"]).capitalize(), score=g["score"],
                turns=g["turns"], percent=round(100 * float(g["share"])),
            )  # fmt: skip
            if g.get("biggest_miss"):
                line += clauses() + _("biggest missed chance: {miss}").format(
                    miss=g["biggest_miss"]
                )
            lines.append(line)
        return lines

    def skill_rows(self) -> list[dict[str, Any]]:
        """One row per pupil per skill, with a level (:mod:`mathplay.classroom.roster`)."""
        from mathplay.classroom.roster import skill_rows

        return skill_rows(self.records, self.pupils)

    def to_skills_csv(self, path: str | Path) -> Path:
        """Write :meth:`skill_rows` as CSV (``report --skills-csv``); the path."""
        from mathplay.classroom.roster import skills_csv

        path = Path(path)
        path.write_text(skills_csv(self.skill_rows()), encoding="utf-8")
        return path

    def set_rows(self) -> list[dict[str, Any]]:
        """One row per pupil per set of the same questions for everyone (an end check, a
        lesson's guided puzzles): a score and a date (:mod:`mathplay.classroom.roster`)."""
        from mathplay.classroom.roster import set_rows

        return set_rows(self.records, self.pupils)

    def to_sets_csv(self, path: str | Path) -> Path:
        """Write :meth:`set_rows` as CSV (``report --sets-csv``); the path."""
        from mathplay.classroom.roster import sets_csv

        path = Path(path)
        path.write_text(sets_csv(self.set_rows()), encoding="utf-8")
        return path

    def gradebook(self) -> tuple[list[str], list[dict[str, Any]]]:
        """The gradebook's columns and its row per pupil (:func:`mathplay.classroom.
        roster.gradebook_rows`)."""
        from mathplay.classroom.roster import gradebook_rows

        return gradebook_rows(self.records, self.pupils)

    def to_gradebook_csv(self, path: str | Path) -> Path:
        """Write :meth:`gradebook` as CSV (``report --gradebook``); the path."""
        from mathplay.classroom.roster import gradebook_csv

        path = Path(path)
        path.write_text(gradebook_csv(*self.gradebook()), encoding="utf-8")
        return path

    def to_goals_csv(
        self, path: str | Path, goals: Mapping[str, Sequence[Mapping[str, Any]]]
    ) -> Path:
        """Write the term view by goal (:func:`mathplay.classroom.goals.goal_rows`, the
        lessons' ``goals``) as CSV (``report --goals-csv``); the path."""
        from mathplay.classroom.goals import GOAL_COLUMNS, goal_rows
        from mathplay.classroom.roster import table_csv

        path = Path(path)
        rows = goal_rows(self.records, self.pupils, goals)
        path.write_text(table_csv(GOAL_COLUMNS, rows), encoding="utf-8")
        return path

    # --- looking things up ----------------------------------------------------------

    def cell(self, who: str, puzzle_set: str, puzzle: str) -> dict[str, Any]:
        """The row of ``who`` at ``puzzle`` of ``puzzle_set`` (names match in any case)."""
        key = name_key(who)
        for row in self.rows:
            if name_key(row["who"]) == key and (row["set"], row["puzzle"]) == (puzzle_set, puzzle):
                return row
        raise KeyError((who, puzzle_set, puzzle))

    def label(self, puzzle_set: str, column: str) -> str:
        """What a column of ``puzzle_set`` is called: a puzzle's id, or a practice's
        skill (``"Binary → decimal (practice)"``)."""
        skill = self.skills.get((puzzle_set, column))
        return skill.label if skill is not None else column

    def rows_of(self, puzzle_set: str) -> list[dict[str, Any]]:
        """The rows of ``puzzle_set``, from an index made once (a page drawing each set
        takes time in proportion to the rows, not rows × sets)."""
        if self._rows_by_set is None:
            index: dict[str, list[dict[str, Any]]] = {}
            for row in self.rows:
                index.setdefault(row["set"], []).append(row)
            self._rows_by_set = index
        return self._rows_by_set.get(puzzle_set, [])

    def marks(self, puzzle_set: str) -> dict[str, dict[str, Mark]]:
        """Each pupil's :class:`Mark` at each column of ``puzzle_set``, by the pupil (as
        shown) and the column."""
        if self._marks is None:
            self._marks = _group(self.rows)
        return self._marks.get(puzzle_set, {})

    @property
    def hardest(self) -> Table:
        """The puzzles the class found hardest first: the fewest questions right at the
        first try (of those tried), then the fewest solved. A practice's skill counts
        every pupil's own questions in it; a puzzle of a set one question a pupil."""
        rows = sorted(
            (r for r in self.by_puzzle if r["tried by"]),
            key=lambda r: (
                r["questions right"] / r["questions"], r["questions solved"] / r["questions"]
            ),
        )  # fmt: skip
        return Table([*self.by_puzzle.columns, "wrong answers"], [
            {**r, "wrong answers": _common(self._wrong(r["set"], r["id"]))} for r in rows
        ])  # fmt: skip

    def _wrong(self, puzzle_set: str, column: str) -> list[str]:
        """The wrong answers typed at one column, from an index made once: a report with
        thousands of puzzles takes time in proportion to its rows, not their square."""
        if self._wrong_by_column is None:
            index: dict[tuple[str, str], list[str]] = {}
            for row in self.rows:
                index.setdefault((row["set"], row["item"]), []).extend(row["wrong_answers"])
            self._wrong_by_column = index
        return self._wrong_by_column.get((puzzle_set, column), [])

    # --- text -----------------------------------------------------------------------

    def __str__(self) -> str:
        parts = [self.note] if self.note else []
        for puzzle_set, puzzles in self.sets.items():
            parts += [_("Set: {name}").format(name=puzzle_set or _("(no set)")), ""]
            parts += [str(self.grid(puzzle_set)), ""]
            numbered = ", ".join(
                f"{n}={self.label(puzzle_set, p)}" for n, p in enumerate(puzzles, start=1)
            )
            parts += [_("Puzzles: {list}").format(list=numbered), ""]
        if self.sets:
            parts.append(_legend_text())
            if self.skills:
                from mathplay.classroom.report_html import skills_note

                parts.append(skills_note())
            parts.append("")
            parts.append(_("Hardest puzzles:"))
            for r in self.hardest.rows[:5]:
                wrong = f"; {_('wrong')}: {r['wrong answers']}" if r["wrong answers"] else ""
                parts.append("  " + hardest_line(r) + wrong)
        if self.games:
            parts += ["", _("Games played in a lesson:")]
            parts += ["  " + line for line in self.game_lines()]
        return "\n".join(parts).rstrip() + "\n"

    def grid(self, puzzle_set: str) -> Table:
        """The pupil × puzzle grid of one set, as symbols (``✓ + S ✗ ·``; a practice's
        skill is one column, its :class:`Mark`), with each pupil's attempts, solved, first
        try, hints and minutes (their questions counted one by one)."""
        puzzles = self.sets[puzzle_set]
        numbers = [str(n) for n in range(1, len(puzzles) + 1)]
        columns = [_("pupil"), *numbers, _("attempts"), _("solved"), _("first try"),
                   _("hints"), _("minutes")]  # fmt: skip
        rows = []
        marks = self.marks(puzzle_set)
        for who in self.pupils:
            mine = marks.get(who, {})
            row: dict[str, Any] = {_("pupil"): who}
            for number, puzzle in zip(numbers, puzzles):
                row[number] = STATUS_BY_NAME[mine[puzzle].status].symbol
            cells = [r for mark in mine.values() for r in mark.rows]
            row[_("attempts")] = sum(c["attempts"] for c in cells)
            row[_("solved")] = sum(c["solved"] for c in cells)
            row[_("first try")] = sum(c["first_try"] for c in cells)
            row[_("hints")] = sum(c["hints"] for c in cells)
            row[_("minutes")] = round(sum(c["seconds"] for c in cells) / 60, 1)
            rows.append(row)
        return Table(columns, rows)

    # --- files ----------------------------------------------------------------------

    def csv_text(self) -> str:
        """The rows as CSV, with exactly the columns :data:`CSV_COLUMNS`."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(CSV_COLUMNS)
        for row in self.rows:
            writer.writerow(
                [
                    as_text(
                        WRONG_SEPARATOR.join(row[c]) if c == "wrong_answers"
                        else str(row[c]).lower() if isinstance(row[c], bool)
                        else row[c]
                    )
                    for c in CSV_COLUMNS
                ]
            )  # fmt: skip
        return out.getvalue()

    def to_csv(self, path: str | Path) -> Path:
        """Write the rows as CSV (:meth:`csv_text`) to ``path``; the path."""
        path = Path(path)
        path.write_text(self.csv_text(), encoding="utf-8")
        return path

    def to_html(self, title: str | None = None) -> str:
        """A self-contained HTML page of the report (no scripts, no files beside it)."""
        from mathplay.classroom.report_html import page

        return page(self, title or _("Class report"))

    def write_html(self, path: str | Path, title: str | None = None) -> Path:
        """Write :meth:`to_html` to ``path``; the path."""
        path = Path(path)
        path.write_text(self.to_html(title), encoding="utf-8")
        return path

    def _repr_html_(self) -> str:
        from mathplay.classroom.report_html import body

        return body(self)

    def chart(self, *, theme: str = "light", format: str = "auto") -> Any:
        """The pupil × puzzle grid as a heat map (every set, side by side), and under it
        the share of pupils right at the first try at each puzzle.

        A matplotlib Figure where matplotlib is installed; an SVG picture
        (:class:`~mathplay.render.picture.SvgPicture`) where it is not, or with
        ``format="svg"``; ``theme`` is ``"light"`` or ``"dark"``, as in ``mathplay.plot``.
        """
        from mathplay.classroom.report_chart import chart as draw

        return draw(self, theme=theme, format=format)


def _group(rows: Iterable[dict[str, Any]]) -> dict[str, dict[str, dict[str, Mark]]]:
    """The rows as marks: by set, pupil and column (grouped once: a school's report is
    not pupils × rows)."""
    marks: dict[str, dict[str, dict[str, Mark]]] = {}
    for r in rows:
        mine = marks.setdefault(r["set"], {}).setdefault(r["who"], {})
        mine.setdefault(r["item"], Mark()).rows.append(r)
    return marks


def hardest_line(r: dict[str, Any]) -> str:
    """A row of :attr:`Summary.hardest` (or ``by_puzzle``) in words, for the terminal."""
    if r.get("skill"):
        return _(
            "{skill}: {first} of {tried} pupils right at the first try at every question; "
            "{right} of {questions} questions right at the first try, {solved} solved"
        ).format(skill=r["puzzle"], first=r["first try"], tried=r["tried by"],
                 right=r["questions right"], questions=r["questions"],
                 solved=r["questions solved"])  # fmt: skip
    line = _("{puzzle}: {first} of {tried} right at the first try, {solved} solved")
    return line.format(puzzle=r["puzzle"], first=r["first try"], tried=r["tried by"],
                       solved=r["solved"])  # fmt: skip


def _common(answers: Iterable[str], most: int = 3) -> str:
    counts = Counter(a for a in answers if a)
    return ", ".join(f"{a} ×{n}" if n > 1 else a for a, n in counts.most_common(most))


def _legend_text() -> str:
    return _("Key: ") + clauses().join(f"{s.symbol} {_(s.meaning)}" for s in STATUSES)


def _gather(path: Any) -> tuple[list[dict[str, Any]], int, str]:
    """The attempts at ``path`` (a file, a folder of ``*.jsonl`` files, or a list of
    them), the number of bad lines, and the note to show."""
    given = [path] if isinstance(path, (str, Path)) else list(path)
    files, unreadable = progress_files(given)
    attempts: list[dict[str, Any]] = []
    skipped = 0
    notes = [_("Left out {what}.").format(what=u) for u in unreadable]
    for file in files:
        found, bad = _read(file, events=True)
        _warn(file, bad)
        for attempt in found:
            attempt.setdefault("source", str(file))
        attempts += found
        skipped += len(bad)
        if bad:
            lines = ", ".join(str(number) for number, _why in bad[:_MAX_WARNINGS])
            more = "…" if len(bad) > _MAX_WARNINGS else ""
            notes.append(
                _(
                    "{n} line(s) of {path} could not be read and were left out "
                    "(line {lines}{more})."
                ).format(n=len(bad), path=file, lines=lines, more=more)
            )
    flags = source_flags(attempts) + typed_flags(attempts)  # typed_who: collect's, see there
    notes += [_("Check: {flag}.").format(flag=flag) for flag in flags]
    where = ", ".join(map(str, given))
    if not attempts:
        notes.insert(0, _("No attempts are recorded in {path} yet.").format(path=where))
    return attempts, skipped, " ".join(notes)


def summary(
    path: Any = None, puzzle_set: str | None = None, class_list: Sequence[str] | None = None
) -> Summary:
    """Sum up the attempts in ``path`` (a progress file, a folder of them, or a list;
    by default the ``MATHPLAY_PROGRESS_DIR`` folder if set, else the file the widgets
    write to, :func:`~mathplay.classroom.where.default_log`), only those of the set
    titled ``puzzle_set`` (in any of its languages) if given. A set's records in several
    languages are one set.

    Pupils are matched by name in any case and spacing ("Ana", " ana "), and shown as
    they first wrote it (as the class list writes it, when one is given). Every pupil
    gets a row at every puzzle of each set anyone tried; with ``class_list`` every pupil
    on it too, those with no record listed as not started, and pupils not on it named.
    """
    if path is None:
        path = progress_dir() or default_log()
    attempts, skipped, note = _gather(path)
    return summary_of(attempts, puzzle_set, class_list, skipped=skipped, note=note)


def summary_of(
    attempts: list[dict[str, Any]],
    puzzle_set: str | None = None,
    class_list: Sequence[str] | None = None,
    *,
    skipped: int = 0,
    note: str = "",
) -> Summary:
    """:func:`summary` of ``attempts`` already read and checked (the lines of progress
    files, or the records service's database: :mod:`mathplay.hub`)."""
    games = [a for a in attempts if a.get("event") == GAME_EVENT]  # not attempts
    attempts = [a for a in attempts if a.get("event") != GAME_EVENT]
    if puzzle_set is not None:
        attempts = only_set(attempts, puzzle_set)
    attempts = one_name_per_set(attempts)  # a class in two languages: one set
    if attempts and all(_when(a) for a in attempts):
        attempts.sort(key=lambda a: _when(a))  # type: ignore[arg-type, return-value]
    shown: dict[str, str] = {}
    for name in class_list or ():
        shown.setdefault(name_key(name), name)
    listed = set(shown)
    # Each set's columns: a puzzle's id, or a practice's skill (each pupil's own questions).
    sets: dict[str, list[str]] = {}
    skills: dict[tuple[str, str], SkillColumn] = {}
    cells: dict[tuple[str, str, str], Cell] = {}
    questions: dict[tuple[str, str], str] = {}  # a set's puzzles: one question for all
    own: dict[tuple[str, str, str], list[str]] = {}  # (pupil, set, skill): their puzzles
    asked: dict[tuple[str, str, str], str] = {}  # (pupil, set, puzzle): their own question
    known: set[tuple[str, str]] = set()  # (set, column) and (pupil, …) seen: no list search
    for a in attempts:
        who = str(a.get("who") or "").strip() or _("(no name)")
        key = name_key(who)
        shown.setdefault(key, who)
        name, puzzle = str(a.get("set") or ""), str(a["puzzle"])
        skill = practice_skill(a)
        column = puzzle if skill is None else skill
        columns = sets.setdefault(name, [])
        if (name, column) not in known:
            known.add((name, column))
            columns.append(column)
        question = a.get("question")
        if skill is None:
            if isinstance(question, str):
                questions[(name, puzzle)] = question
        else:
            skills.setdefault((name, skill), SkillColumn(skill, a.get("kind"), a.get("level")))
            stream = own.setdefault((key, name, skill), [])
            if (f"{key}\0{name}\0{skill}", puzzle) not in known:
                known.add((f"{key}\0{name}\0{skill}", puzzle))
                stream.append(puzzle)
            if isinstance(question, str):
                asked[(key, name, puzzle)] = question
        cells.setdefault((key, name, puzzle), Cell()).add(a)
    pupils = sorted(shown, key=lambda k: (k, shown[k]))
    rows = Table([*CSV_COLUMNS, "status"])
    for key in pupils:
        for name, columns in sets.items():
            for column in columns:
                found: list[tuple[str | None, str, str]]
                if (name, column) not in skills:  # a puzzle of a set: a row for everyone
                    found = [(column, questions.get((name, column), ""), "")]
                else:  # a practice: a row per question of the pupil's own, else one empty
                    theirs = own.get((key, name, column), [])
                    found = [(p, asked.get((key, name, p), ""), column) for p in theirs]
                    found = found or [(None, "", column)]
                for which, question, practised in found:
                    c = Cell() if which is None else cells.get((key, name, which), Cell())
                    rows.rows.append({
                        "who": shown[key], "set": name, "puzzle": which or "",
                        "attempts": c.attempts, "solved": c.solved, "first_try": c.first_try,
                        "hints": c.hints, "solution_seen": c.solution_seen,
                        "seconds": c.total_seconds, "wrong_answers": c.wrong_answers,
                        "skill": practised, "question": question,
                        "status": c.status, "item": column,
                    })  # fmt: skip
    several = len(sets) > 1
    by_puzzle = Table(["puzzle", "tried by", "solved", "first try", "attempts", "most hints"])
    marks = _group(rows)
    rows_of_pupil: dict[str, list[dict[str, Any]]] = {}
    for r in rows:  # grouped once: a school's report is not pupils × rows
        rows_of_pupil.setdefault(r["who"], []).append(r)
    for name, columns in sets.items():
        of_set = marks.get(name, {})
        for column in columns:
            here = [of_set[who][column] for who in of_set if column in of_set[who]]
            shown_as = skills.get((name, column))
            label = shown_as.label if shown_as is not None else column
            by_puzzle.rows.append({
                "puzzle": f"{name}: {label}" if several else label,
                "tried by": sum(m.attempts > 0 for m in here),
                "solved": sum(m.status in _SOLVED for m in here),
                "first try": sum(m.status == "first try" for m in here),
                "attempts": sum(m.attempts for m in here),
                "most hints": max([m.hints for m in here], default=0),
                "set": name, "id": column, "skill": shown_as.name if shown_as else "",
                "questions": sum(m.questions for m in here),
                "questions right": sum(m.right for m in here),
                "questions solved": sum(m.solved for m in here),
            })  # fmt: skip
    by_student = Table(["student", "tried", "solved", "first try", "attempts", "hints", "minutes"])
    for key in pupils:
        mine = rows_of_pupil.get(shown[key], [])
        by_student.rows.append({
            "student": shown[key],
            "tried": sum(r["attempts"] > 0 for r in mine),
            "solved": sum(r["solved"] for r in mine),
            "first try": sum(r["first_try"] for r in mine),
            "attempts": sum(r["attempts"] for r in mine),
            "hints": sum(r["hints"] for r in mine),
            "minutes": round(sum(r["seconds"] for r in mine) / 60, 1),
        })  # fmt: skip
    attempts = [a for a in attempts if "event" not in a]  # the Next lines are counted
    tried = {name_key(str(a.get("who") or "").strip() or _("(no name)")) for a in attempts}
    not_started = [shown[k] for k in pupils if k in listed and k not in tried]
    if class_list is not None:
        extra = []
        if not_started:
            extra.append(
                _("Not started ({n}): {names}.").format(
                    n=len(not_started), names=", ".join(not_started)
                )
            )
        strangers = [shown[k] for k in pupils if k not in listed]
        if strangers:
            extra.append(
                _("Not on the class list ({n}): {names}.").format(
                    n=len(strangers), names=", ".join(strangers)
                )
            )
        note = " ".join([*extra, note]).strip()
    return Summary(
        by_puzzle, by_student, len(attempts), skipped, note, rows, sets,
        [shown[k] for k in pupils], questions, not_started, attempts, games, skills, marks,
    )  # fmt: skip


def chart(
    path: Any = None, puzzle_set: str | None = None, *, theme: str = "light", format: str = "auto"
) -> Any:
    """The chart of :func:`summary` (``summary(path).chart()``): a matplotlib Figure, or
    an SVG picture without matplotlib or with ``format="svg"``."""
    return summary(path, puzzle_set).chart(theme=theme, format=format)
