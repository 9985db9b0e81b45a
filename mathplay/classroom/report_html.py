"""The class report as one self-contained HTML page: the pupil × puzzle grid (colour and
symbol, with a key), the puzzles the class found hardest, and the wrong answers typed.

A practice is shown by skill (each pupil had their own questions): one column, whose
square names the pupil's own questions when you point at it; the hardest puzzles name no
question for it, and its wrong answers are each beside the question it answered."""

from __future__ import annotations

from collections import Counter
from datetime import datetime
from html import escape
from typing import TYPE_CHECKING, Any

from mathplay.i18n import _, clauses, current_language

if TYPE_CHECKING:
    from mathplay.classroom.report import Summary

__all__ = ["MOST_SETS", "body", "drawn_attempts", "drawn_sets", "own_body", "page", "skills_note"]

_PAGE_CSS = "body { font-family: system-ui, sans-serif; margin: 1.5em; color: #111; }"
_CSS = """
.mp-report h2 { margin: 0 0 0.2em; }
.mp-report h3 { margin: 1.2em 0 0.4em; }
.mp-report table { border-collapse: collapse; font-size: 14px; }
.mp-report th, .mp-report td { border: 1px solid #bbb; padding: 2px 6px; }
.mp-report th { background: #f4f4f4; font-weight: 600; }
.mp-report td.mp-c { text-align: center; min-width: 1.8em; font-weight: 700; }
.mp-report td.mp-n { text-align: right; }
.mp-report .mp-small { font-size: 11px; font-weight: 400; }
.mp-report .mp-key span { display: inline-block; margin: 0 1em 0.3em 0; }
.mp-report .mp-key b { display: inline-block; width: 1.6em; text-align: center;
  border: 1px solid #999; margin-right: 0.3em; }
.mp-report .mp-muted { color: #555; }
"""


def _cell_style(colour: str) -> str:
    return f' style="background:{colour};color:#111"'


def skills_note() -> str:
    """What a practice's column means (under the key, when the report has one)."""
    return _(
        "A practice is shown by skill: each pupil had questions of their own, and the "
        "square stands for all of them (✓ every one right at the first try, ✗ one not "
        "solved yet)."
    )


def _key(s: Summary) -> str:
    from mathplay.classroom.statuses import STATUSES

    items = "".join(
        f"<span><b{_cell_style(t.colour)}>{escape(t.symbol)}</b>{escape(_(t.meaning))}</span>"
        for t in STATUSES
    )
    numbers = _("In such a square, the numbers are the questions right at the first try / tried.")
    note = f'<p class="mp-muted">{escape(skills_note() + " " + numbers)}</p>' if s.skills else ""
    return f'<p class="mp-key">{items}</p>{note}'


def _tip(who: str, label: str, mark: Any, skill: bool) -> str:
    """What pointing at a pupil's square says: the status, the tries and wrong answers,
    and in a practice's skill each of the pupil's own questions, how it went."""
    from mathplay.classroom.statuses import STATUS_BY_NAME

    tip = f"{who}, {label}: {_(STATUS_BY_NAME[mark.status].meaning)}"
    if not skill:
        (r,) = mark.rows
        if r["attempts"]:
            tip += clauses() + _("{n} attempt(s)").format(n=r["attempts"])
        if r["wrong_answers"]:
            tip += clauses() + _("wrong: {answers}").format(answers=", ".join(r["wrong_answers"]))
        return tip
    for r in mark.rows:
        if not r["attempts"]:
            continue
        said = r["question"] or r["puzzle"]
        tip += f"; {said} {_(STATUS_BY_NAME[r['status']].meaning)}"
        if r["wrong_answers"]:
            tip += " (" + _("wrong: {answers}").format(answers=", ".join(r["wrong_answers"])) + ")"
    return tip


def _grid(s: Summary, puzzle_set: str) -> str:
    from mathplay.classroom.statuses import STATUS_BY_NAME

    puzzles = _shown_columns(s, puzzle_set)
    labels = [s.label(puzzle_set, p) for p in puzzles]
    skills = [(puzzle_set, p) in s.skills for p in puzzles]
    head = "".join(
        f'<th title="{escape(p)}">{n}<br><span class="mp-small">{escape(p)}</span></th>'
        for n, p in enumerate(labels, start=1)
    )
    totals = [_("attempts"), _("solved"), _("first try"), _("hints"), _("minutes")]
    head += "".join(f"<th>{escape(t)}</th>" for t in totals)
    lines = [f"<tr><th>{escape(_('pupil'))}</th>{head}</tr>"]
    marks = s.marks(puzzle_set)  # grouped once: a school's grid is not pupils × rows
    for who in s.pupils:
        mine = marks.get(who, {})
        cells = []
        for puzzle, label, skill in zip(puzzles, labels, skills):
            mark = mine[puzzle]  # every pupil has a row at every column
            status = STATUS_BY_NAME[mark.status]
            tip = _tip(who, label, mark, skill)
            if skill and mark.questions:  # the pupil's questions right at the first try
                small = f"{mark.right}/{mark.questions}"
            else:
                small = str(mark.attempts) if mark.attempts > 1 else ""
            tries = f'<span class="mp-small"> {small}</span>' if small else ""
            cells.append(
                f'<td class="mp-c"{_cell_style(status.colour)} title="{escape(tip)}">'
                f"{escape(status.symbol)}{tries}</td>"
            )
        rows = [r for mark in mine.values() for r in mark.rows]
        numbers = [
            sum(r["attempts"] for r in rows),
            sum(r["solved"] for r in rows),
            sum(r["first_try"] for r in rows),
            sum(r["hints"] for r in rows),
            round(sum(r["seconds"] for r in rows) / 60, 1),
        ]
        cells += [f'<td class="mp-n">{n}</td>' for n in numbers]
        lines.append(f'<tr><th style="text-align:left">{escape(who)}</th>{"".join(cells)}</tr>')
    rates = []
    for puzzle in puzzles:
        here = [mine[puzzle] for mine in marks.values() if puzzle in mine]
        tried = sum(m.attempts > 0 for m in here)
        first = sum(m.status == "first try" for m in here)
        rates.append(f'<td class="mp-c mp-small">{first}/{tried}</td>')
    label = escape(_("right at the first try"))
    lines.append(f'<tr><th style="text-align:left">{label}</th>{"".join(rates)}</tr>')
    table = "<table>" + "".join(lines) + "</table>"
    left_out = len(s.sets[puzzle_set]) - len(puzzles)
    if left_out > 0:
        note = _("This set has {n} puzzles: the grid shows the {shown} tried by the most "
                 "pupils. The CSV file has them all.").format(
            n=len(s.sets[puzzle_set]), shown=len(puzzles)
        )  # fmt: skip
        table += f"<p>{escape(note)}</p>"
    return table


#: The most columns of one set a grid shows (a lesson has a few dozen puzzles; more are
#: a script's, and a grid of thousands would fill the teacher's page).
MOST_COLUMNS = 80


def _shown_columns(s: Summary, puzzle_set: str) -> list[str]:
    """A set's columns in the grid: all, in order, unless there are more than
    ``MOST_COLUMNS``; then those tried by the most pupils (in their order)."""
    columns = s.sets[puzzle_set]
    if len(columns) <= MOST_COLUMNS:
        return columns
    marks = s.marks(puzzle_set)
    tried = {c: sum(1 for mine in marks.values() if mine[c].attempts > 0) for c in columns}
    kept = set(sorted(columns, key=lambda c: -tried[c])[:MOST_COLUMNS])
    return [c for c in columns if c in kept]


def _hardest(s: Summary) -> str:
    rows = [r for r in s.hardest.rows if r["questions right"] < r["questions"]][:8]
    if not rows:
        text = _("Every pupil who tried a puzzle got it right at the first try.")
        return f"<p>{escape(text)}</p>"
    head = [_("puzzle"), _("question"), _("right at the first try"), _("solved"),
            _("most common wrong answers")]  # fmt: skip
    lines = ["<tr>" + "".join(f"<th>{escape(h)}</th>" for h in head) + "</tr>"]
    for r in rows:
        if r["skill"]:  # a practice: every pupil had their own questions, none stands for all
            own = _("each pupil their own questions ({n} in all)").format(n=r["questions"])
            question = f'<span class="mp-muted">{escape(own)}</span>'
            every = _("{first} / {tried} pupils at every question").format(
                first=r["first try"], tried=r["tried by"]
            )
            first = (
                escape(_("{right} / {questions} questions").format(
                    right=r["questions right"], questions=r["questions"]))
                + f'<br><span class="mp-small">{escape(every)}</span>'
            )  # fmt: skip
            solved = escape(_("{right} / {questions} questions").format(
                right=r["questions solved"], questions=r["questions"]))  # fmt: skip
        else:
            question = f"<code>{escape(s.questions.get((r['set'], r['id']), ''))}</code>"
            first = f"{r['first try']} / {r['tried by']}"
            solved = f"{r['solved']} / {r['tried by']}"
        lines.append(
            "<tr>"
            f"<td>{escape(r['puzzle'])}</td>"
            f"<td>{question}</td>"
            f'<td class="mp-n">{first}</td>'
            f'<td class="mp-n">{solved}</td>'
            f"<td>{escape(r['wrong answers'])}</td>"
            "</tr>"
        )
    return "<table>" + "".join(lines) + "</table>"


def _typed(rows: list[dict[str, Any]]) -> str:
    """The wrong answers of ``rows`` (at one question), most typed first, with who typed
    each."""
    who_typed: dict[str, list[str]] = {}
    for r in rows:
        for answer in r["wrong_answers"]:
            who_typed.setdefault(answer, [])
            if r["who"] not in who_typed[answer]:
                who_typed[answer].append(r["who"])
    counts = Counter(a for r in rows for a in r["wrong_answers"])
    return clauses().join(
        f"<code>{escape(a or '(empty)')}</code> ×{n} "
        f'<span class="mp-muted">({escape(", ".join(who_typed[a]))})</span>'
        for a, n in counts.most_common()
    )


def _wrong_answers(s: Summary, puzzle_set: str) -> str:
    items = []
    by_column: dict[str, list[dict[str, Any]]] = {}
    for r in s.rows_of(puzzle_set):  # the set's own rows: a report is linear in its sets
        if r["wrong_answers"]:
            by_column.setdefault(r["item"], []).append(r)
    for column in s.sets[puzzle_set]:
        rows = by_column.get(column, [])
        if not rows:
            continue
        if (puzzle_set, column) in s.skills:  # each wrong answer beside its own question
            by_question: dict[str, list[dict[str, Any]]] = {}
            for r in rows:
                by_question.setdefault(r["question"] or r["puzzle"], []).append(r)
            inner = "".join(
                f"<li><code>{escape(question)}</code>: {_typed(asked)}</li>"
                for question, asked in by_question.items()
            )
            label = s.label(puzzle_set, column)
            items.append(f"<li><b>{escape(label)}</b><ul>{inner}</ul></li>")
            continue
        question = s.questions.get((puzzle_set, column))
        asked = f" <code>{escape(question)}</code>" if question else ""
        items.append(f"<li><b>{escape(column)}</b>{asked}: {_typed(rows)}</li>")
    if not items:
        return f"<p>{escape(_('No wrong answers.'))}</p>"
    return "<ul>" + "".join(items) + "</ul>"


#: The most sets a page draws (a term has a few dozen: a lesson's guided puzzles, its
#: practice and its end check; more are a script's, and thousands of grids would fill
#: the teacher's page and take seconds to draw at every new answer).
MOST_SETS = 40


def drawn_sets(s: Summary) -> list[str]:
    """The sets a page draws: all, in order, unless there are more than ``MOST_SETS``;
    then those tried by the most pupils, the latest first among equals (in their order)."""
    sets = list(s.sets)
    if len(sets) <= MOST_SETS:
        return sets
    tried = {name: len({r["who"] for r in s.rows_of(name) if r["attempts"]}) for name in sets}
    order = {name: n for n, name in enumerate(sets)}
    kept = set(sorted(sets, key=lambda name: (-tried[name], -order[name]))[:MOST_SETS])
    return [name for name in sets if name in kept]


def drawn_attempts(attempts: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], int]:
    """The attempts of the sets a page draws (:func:`drawn_sets`, chosen before they are
    summed up: a pupil naming a new set in each of thousands of records costs the page
    no more than a lesson), with the games; and how many sets there are in all."""
    from mathplay.classroom.records import GAME_EVENT
    from mathplay.classroom.where import name_key

    tried: dict[str, set[str]] = {}
    latest: dict[str, int] = {}
    for n, a in enumerate(attempts):
        if a.get("event") != GAME_EVENT:
            name = str(a.get("set") or "")
            tried.setdefault(name, set()).add(name_key(str(a.get("who") or "")))
            latest[name] = n
    if len(tried) <= MOST_SETS:
        return attempts, len(tried)
    kept = set(sorted(tried, key=lambda name: (-len(tried[name]), -latest[name]))[:MOST_SETS])
    drawn = [a for a in attempts if a.get("event") == GAME_EVENT or str(a.get("set") or "") in kept]
    return drawn, len(tried)


def _sets_left_out(in_all: int, drawn: int) -> str:
    note = _(
        "There are {n} sets of puzzles: the page shows the {shown} tried by the most "
        "pupils. The CSV files have them all."
    ).format(n=in_all, shown=drawn)
    return f"<p>{escape(note)}</p>"


def _grids(s: Summary, sets_in_all: int | None = None) -> list[str]:
    """Each drawn set's heading and its pupil × puzzle grid (``sets_in_all``: the sets
    there were before :func:`drawn_attempts` chose, if it did)."""
    drawn = drawn_sets(s)
    in_all = max(len(s.sets), sets_in_all or 0)
    parts = [_sets_left_out(in_all, len(drawn))] if len(drawn) < in_all else []
    for puzzle_set in drawn:
        parts.append(f"<h3>{escape(puzzle_set or _('(no set)'))}</h3>")
        parts.append(_grid(s, puzzle_set))
    return parts


def body(s: Summary, sets_in_all: int | None = None) -> str:
    """The report's HTML without the page around it (for a notebook's output);
    ``sets_in_all`` as :func:`_grids`."""
    parts = [f'<style>{_CSS}</style><div class="mp-report">']
    if s.note:
        parts.append(f"<p>{escape(s.note)}</p>")
    if s.sets:
        parts.append(
            "<p>"
            + escape(
                _("{pupils} pupils, {attempts} attempts, {sets} set(s).").format(
                    pupils=len(s.pupils), attempts=s.attempts, sets=len(s.sets)
                )
            )
            + "</p>"
        )
        parts.append(_key(s))
    parts += _grids(s, sets_in_all)
    if s.games:
        parts.append(f"<h3>{escape(_('Games played in a lesson'))}</h3><ul>")
        parts += [f"<li>{escape(line)}</li>" for line in s.game_lines()]
        parts.append("</ul>")
    if s.sets:
        parts.append(f"<h3>{escape(_('The puzzles the class found hardest'))}</h3>")
        parts.append(_hardest(s))
        parts.append(f"<h3>{escape(_('Wrong answers typed'))}</h3>")
        for puzzle_set in drawn_sets(s):
            if len(s.sets) > 1:
                parts.append(f"<h4>{escape(puzzle_set)}</h4>")
            parts.append(_wrong_answers(s, puzzle_set))
    parts.append("</div>")
    return "\n".join(parts)


def own_body(s: Summary, sets_in_all: int | None = None) -> str:
    """One pupil's own answers (the records service's page for a pupil): the key, a grid
    per set and the wrong answers they typed; nothing about the class. ``sets_in_all``
    as :func:`_grids`."""
    parts = [f'<style>{_CSS}</style><div class="mp-report">']
    if s.sets:
        parts.append(_key(s))
    parts += _grids(s, sets_in_all)
    if s.sets:
        parts.append(f"<h3>{escape(_('Your wrong answers'))}</h3>")
        for puzzle_set in drawn_sets(s):
            parts.append(_wrong_answers(s, puzzle_set))
    parts.append("</div>")
    return "\n".join(parts)


def page(s: Summary, title: str, made: datetime | None = None) -> str:
    """The whole page: title, the time it was made, the report, its style inline."""
    made = made or datetime.now().astimezone()
    stamp = escape(_("Made {when}.").format(when=made.strftime("%Y-%m-%d %H:%M")))
    return (
        f'<!DOCTYPE html>\n<html lang="{current_language()}"><head><meta charset="utf-8">'
        f"<title>{escape(title)}</title><style>{_PAGE_CSS}</style></head><body>"
        f'<div class="mp-report"><h2>{escape(title)}</h2><p class="mp-muted">{stamp}</p></div>'
        f"{body(s)}</body></html>\n"
    )
