"""The teacher's pages of a class tournament: the form that starts one, the live table,
and a game to watch (on the projector). Plain HTML, words translated, a few lines of
script that ask the service for the new table every few seconds (no reload). The
teacher's actions are plain forms (each with the service's XSRF token): end a game,
pause, resume or stop the tournament, take a pupil out; the log says what was done.

>>> "Start a tournament" in tournament_form("7b", "/p/", "x")
True
"""

from __future__ import annotations

import time
from html import escape
from typing import Any
from urllib.parse import quote

from mathplay.classroom.shared_games import MISSED_TURNS, SharedGame
from mathplay.hub.dashboard import _page
from mathplay.hub.live_dom import MORPH
from mathplay.hub.tournaments import CHOICES, Settings, State, seconds_choices
from mathplay.i18n import _

__all__ = ["LIVE_SECONDS", "tournament_form", "tournament_live", "tournament_page",
           "tournaments_list", "watch_live", "watch_page"]  # fmt: skip

#: How often a tournament's page and a watched game ask for news.
LIVE_SECONDS = 2

_SCRIPT = """
(function () {
__MORPH__
  const live = document.getElementById("mp-live");
  const status = document.getElementById("mp-status");
  let last = "";
  async function look() {
    try {
      const answer = await fetch(new URL(live.dataset.source, window.location.href), {
        credentials: "same-origin", headers: { "X-XSRFToken": live.dataset.xsrf } });
      if (answer.ok) {
        const data = await answer.json();
        if (data.html !== last) {
          mpMorph(live, data.html);  // a chosen pupil, a focused button stay
          last = data.html;
          if (data.news) status.textContent = data.news;
        }
        if (data.finished) return;
      }
    } catch (error) {
      status.textContent = live.dataset.offline;
    }
    setTimeout(look, __SECONDS__ * 1000);
  }
  look();
})();
""".replace("__SECONDS__", str(LIVE_SECONDS)).replace("__MORPH__", MORPH)

_CSS = """<style>
.mp-table { border-collapse: collapse; margin: 0.5em 0 1em; }
.mp-table th, .mp-table td { border: 1px solid #999; padding: 4px 10px; text-align: left; }
.mp-table td.mp-n { text-align: right; }
.mp-form fieldset { border: 1px solid #bbb; margin: 0.5em 0; }
.mp-form label { display: block; margin: 0.3em 0; }
.mp-form button { font: inherit; padding: 0.3em 1em; }
.mp-watch svg { width: min(90vw, 66vh); height: auto; }
.mp-act { display: inline-block; margin: 0.2em 0.6em 0.2em 0; }
.mp-act select, .mp-act button { font: inherit; }
</style>"""


def _class_base(prefix: str, group: str) -> str:
    return f"{prefix}class/{quote(group, safe='')}"


def game_title(choice: str) -> str:
    """A game choice in words."""
    return {
        "summy-9": _("Summy, 9 × 9 table (quick)"),
        "summy": _("Summy, 15 × 15 table"),
        "mixmath": _("Mixmath"),
        "binary": _("Binary"),
    }[choice]


def _time_words(seconds: int | None) -> str:
    if not seconds:
        return _("no time limit")
    if seconds % 60 == 0:
        return _("{n} min per move").format(n=seconds // 60)
    return _("{n} s per move").format(n=seconds)


def tournament_form(group: str, prefix: str, xsrf: str) -> str:
    """The form on the class's page that starts a tournament of the class's pupils."""
    action = _class_base(prefix, group) + "/tournaments"
    games = "".join(
        f'<option value="{escape(value)}">{escape(game_title(value))}</option>' for value in CHOICES
    )
    times = "".join(
        f'<option value="{seconds}">{escape(_time_words(seconds))}</option>'
        for seconds in seconds_choices()
    )
    return (
        f'<form class="mp-form" method="post" action="{escape(action)}">'
        f'<input type="hidden" name="_xsrf" value="{escape(xsrf)}">'
        f"<h2>{escape(_('Start a tournament'))}</h2>"
        f"<p>{escape(_('Every pupil of the class plays. Each one opens their game with mathplay.play_with(), or in the New game panel under Play a classmate with no name, and goes on to the next round by itself.'))}</p>"  # noqa: E501
        f'<label>{escape(_("Game"))} <select name="game">{games}</select></label>'
        f"<fieldset><legend>{escape(_('Pairing'))}</legend>"
        f'<label><input type="radio" name="pairing" value="round-robin" checked> '
        f"{escape(_('Round robin: everybody plays everybody'))}</label>"
        f'<label><input type="radio" name="pairing" value="swiss"> '
        f"{escape(_('Swiss: pupils with the same points play each other'))}</label>"
        f"<label>{escape(_('Rounds (Swiss; empty: enough to find a winner)'))} "
        f'<input type="number" name="rounds" min="1" max="40"></label></fieldset>'
        f'<label><input type="checkbox" name="hints"> {escape(_("Hints on the boards"))}</label>'
        f'<label>{escape(_("Time per move"))} <select name="seconds">{times}</select></label>'
        f'<button type="submit">{escape(_("Start the tournament"))}</button></form>'
    )


def tournaments_list(group: str, tournaments: list[dict[str, Any]], prefix: str) -> str:
    """Links to the class's tournaments, newest first."""
    if not tournaments:
        return ""
    base = _class_base(prefix, group)
    items = "".join(
        f'<li><a href="{escape(base)}/tournaments/{escape(t["id"])}">'
        f"{escape(_describe(t['choice'], t['pairing'], len(t['pupils'])))}</a></li>"
        for t in tournaments
    )
    return f"<h2>{escape(_('Tournaments'))}</h2><ul>{items}</ul>"


def _describe(choice: str, pairing: str, pupils: int) -> str:
    kind = _("round robin") if pairing == "round-robin" else _("Swiss")
    return _("{game}, {kind}, {n} pupils").format(game=game_title(choice), kind=kind, n=pupils)


def tournament_page(table: dict[str, Any], prefix: str, xsrf: str) -> str:
    """A tournament's page: what it is, and its live table and rounds."""
    settings: Settings = table["settings"]
    group = table["group"]
    title = _("Tournament: {what}").format(
        what=_describe(settings.choice, settings.pairing, len(settings.pupils))
    )
    facts = _("Hints on the boards: {hints}. Time: {time}.").format(
        hints=_("yes") if settings.hints else _("no"), time=_time_words(settings.seconds)
    )
    source = f"{_class_base(prefix, group)}/tournaments/{table['id']}.json"
    back = f'<p><a href="{escape(_class_base(prefix, group))}">{escape(_("Class {name}").format(name=group))}</a></p>'  # noqa: E501
    live = _live_part(source, xsrf, tournament_live(table, prefix, xsrf))
    return _live_page(title, f"{back}<p>{escape(facts)}</p>{live}", prefix)


def _live_part(source: str, xsrf: str, inner: str, kind: str = "") -> str:
    """The part of a page the script puts the news in (``source``: where it asks), and
    the status line read out when news comes."""
    return (
        f'<p id="mp-status" class="mp-status" role="status" aria-live="polite"></p>'
        f'<div id="mp-live" class="{kind}" data-source="{escape(source)}"'
        f' data-xsrf="{escape(xsrf)}"'
        f' data-offline="{escape(_("The dashboard cannot reach the service: it tries again."))}">'
        f"{inner}</div>"
    )


def _live_page(title: str, content: str, prefix: str) -> str:
    page = _page(title, f"{_CSS}<h1>{escape(title)}</h1>{content}", prefix)
    return page.replace("</body>", f"<script>{_SCRIPT}</script></body>")


def _form(action: str, xsrf: str, inner: str) -> str:
    return (
        f'<form class="mp-act" method="post" action="{escape(action)}">'
        f'<input type="hidden" name="_xsrf" value="{escape(xsrf)}">{inner}</form>'
    )


def end_form(game: dict[str, Any], base: str, xsrf: str) -> str:
    """The teacher's form that ends a game going on (``game``: its watch view): scored
    as it stands, or given to one of its pupils."""
    names = [p["name"] for p in game["players"]]
    choices = f'<option value="score">{escape(_("score it as it stands"))}</option>' + "".join(
        f'<option value="{escape(name)}">{escape(_("give it to {name}").format(name=name))}'
        "</option>"
        for name in names
    )
    label = _("End the game")
    who = " – ".join(names)
    return _form(
        f"{base}/games/{game['id']}/end",
        xsrf,
        f'<select name="result" aria-label="{escape(_("How to end {names}").format(names=who))}">'
        f"{choices}</select> "
        f'<button type="submit" aria-label="{escape(label)} {escape(who)}">'
        f"{escape(label)}</button>",
    )


def _teacher_forms(table: dict[str, Any], base: str, xsrf: str) -> str:
    """Pause or resume, stop, take a pupil out (while the tournament goes on)."""
    state: State = table["state"]
    action = f"{base}/tournaments/{table['id']}"
    if state.paused:
        pause = _form(
            f"{action}/resume",
            xsrf,
            f'<button type="submit">{escape(_("Resume the tournament"))}</button>',
        )
    else:
        pause = _form(
            f"{action}/pause",
            xsrf,
            f'<button type="submit">{escape(_("Pause the tournament"))}</button>',
        )
    stop = _form(
        f"{action}/stop", xsrf, f'<button type="submit">{escape(_("Stop the tournament"))}</button>'
    )
    settings: Settings = table["settings"]
    still = [p for p in settings.pupils if p not in state.out]
    pupils = "".join(f'<option value="{escape(p)}">{escape(p)}</option>' for p in still)
    out = _form(
        f"{action}/withdraw",
        xsrf,
        f'<label>{escape(_("Pupil"))} <select name="pupil">{pupils}</select></label> '
        f'<button type="submit">{escape(_("Take out of the tournament"))}</button>',
    )
    hint = _("Stopping scores every game going on as it stands, and no round follows. A "
             "pupil taken out loses their game going on (and, in a round robin, their "
             "games to come); a Swiss pairs the others.")  # fmt: skip
    return (
        f'<section aria-labelledby="mp-teacher"><h2 id="mp-teacher">'
        f"{escape(_('The teacher'))}</h2><p>{escape(hint)}</p>{pause}{stop}{out}</section>"
    )  # fmt: skip


def _log_line(entry: dict[str, Any]) -> str:
    """One line of the tournament's log in words."""
    what, by = entry.get("what"), str(entry.get("by", ""))
    names = " – ".join(str(n) for n in entry.get("pupils", []))
    if what == "end" and entry.get("winner"):
        return _("{teacher} ended the game {names} and gave it to {winner}.").format(
            teacher=by, names=names, winner=entry["winner"])  # fmt: skip
    if what == "end":
        return _("{teacher} ended the game {names}, scored as it stands.").format(
            teacher=by, names=names)  # fmt: skip
    if what == "pause":
        return _("{teacher} paused the tournament.").format(teacher=by)
    if what == "resume":
        return _("{teacher} resumed the tournament.").format(teacher=by)
    if what == "stop":
        return _("{teacher} stopped the tournament: the games going on were scored as they "
                 "stood.").format(teacher=by)  # fmt: skip
    if what == "withdraw":
        return _("{teacher} took {name} out of the tournament.").format(
            teacher=by, name=entry.get("pupil", ""))  # fmt: skip
    return _("{name} missed {n} turns in a row and forfeited the game {names}.").format(
        name=entry.get("pupil", ""), n=MISSED_TURNS, names=names)  # fmt: skip


def _clock(seconds: float) -> str:
    whole = max(0, int(seconds + 0.5))
    return f"{whole // 60}:{whole % 60:02d}"


def tournament_live(table: dict[str, Any], prefix: str, xsrf: str = "") -> str:
    """The table and the rounds (what the page puts in place as games go on); with
    ``xsrf``, the teacher's forms while it goes on, and the log."""
    settings: Settings = table["settings"]
    state: State | None = table.get("state")
    out = state.out if state is not None else ()
    base = _class_base(prefix, table["group"])
    heads = (_("Place"), _("Pupil"), _("Played"), _("Won"), _("Drawn"), _("Lost"),
             _("Points"), _("Game points"))  # fmt: skip
    head = "".join(f'<th scope="col">{escape(h)}</th>' for h in heads)
    lines = []
    for place, row in enumerate(table["rows"], start=1):
        points = row.points
        shown = str(int(points)) if points.denominator == 1 else f"{float(points):g}"
        cells = [row.played, row.won, row.drawn, row.lost, shown, row.scored]
        name = _("{name} (taken out)").format(name=row.pupil) if row.pupil in out else row.pupil
        lines.append(
            f'<tr><td class="mp-n">{place}</td><th scope="row">{escape(name)}</th>'
            + "".join(f'<td class="mp-n">{escape(str(c))}</td>' for c in cells)
            + "</tr>"
        )
    if table["finished"]:
        words = _("The tournament is over.")
        if state is not None and state.stopped:
            words += " " + _("The teacher stopped it.")
    elif state is not None and state.paused:
        words = _("The tournament is paused: the clock has stopped and moves wait.")
    else:
        words = _("Round {n} of {total} is being played.").format(
            n=len(table["rounds"]), total=settings.rounds
        )
    parts = [
        f"<p><strong>{escape(words)}</strong></p>",
        f'<table class="mp-table"><caption>{escape(_("The table"))}</caption>'
        f"<tr>{head}</tr>{''.join(lines)}</table>",
    ]
    for played in reversed(table["rounds"]):
        items = []
        for game in played["games"]:
            names = [p["name"] for p in game["players"]]
            scores = "–".join(str(p["score"]) for p in game["players"])
            if game["over"]:
                where = _("over: {result}").format(result=game["over"])
            else:
                where = _("{name} to move").format(name=game["to_move"])
            link = f"{base}/games/{game['id']}"
            ending = "" if game["over"] or not xsrf else " " + end_form(game, base, xsrf)
            items.append(
                f"<li>{escape(' – '.join(names))}: {escape(scores)}, {escape(where)} "
                f'<a href="{escape(link)}" aria-label="{escape(_("Watch"))} '
                f'{escape(" – ".join(names))}">{escape(_("Watch"))}</a>{ending}</li>'
            )
        for pupil in played["byes"]:
            resting = _("{name} has no game this round").format(name=pupil)
            items.append(f"<li>{escape(resting)}</li>")
        title = _("Round {n}").format(n=played["number"])
        parts.append(f"<h2>{escape(title)}</h2><ul>{''.join(items)}</ul>")
    if xsrf and state is not None and not table["finished"]:
        parts.insert(2, _teacher_forms(table, base, xsrf))
    log = table.get("log") or []
    if log:
        happened = "".join(
            f"<li>{escape(time.strftime('%H:%M:%S', time.localtime(e['when'])))} "
            f"{escape(_log_line(e))}</li>"
            for e in log
        )
        parts.append(f"<h2>{escape(_('What happened'))}</h2><ul>{happened}</ul>")
    return "".join(parts)


def watch_page(
    shared: SharedGame, group: str, prefix: str, xsrf: str, left: float | None = None
) -> str:
    """A game of the class to watch (on the projector): the board, scores and moves, as
    they come, the time left for a move, and nobody's tiles; the teacher's form that
    ends it while it goes on."""
    names = " – ".join(shared.pupils)
    title = _("Watching {names}").format(names=names)
    base = _class_base(prefix, group)
    source = f"{base}/games/{shared.id}.json"
    live = _live_part(source, xsrf, watch_live(shared, left), "mp-watch")
    ending = "" if shared.is_over else f"<p>{end_form(shared.watch(), base, xsrf)}</p>"
    return _live_page(title, live + ending, prefix)


def watch_live(shared: SharedGame, left: float | None = None) -> str:
    """The watched game now: scores, whose turn (and the time left for the move, when it
    has a time per move: ``left`` seconds), the board (SVG), the last moves."""
    from mathplay.render.svg import board_svg
    from mathplay.widgets.board_words import log_line

    view = shared.watch()
    scores = ", ".join(f"{p['name']}: {p['score']}" for p in view["players"])
    if view["over"]:
        state = view["over"]
    elif left is not None:
        state = _("{name} to move, {time} left").format(name=view["to_move"], time=_clock(left))
    else:
        state = _("{name} to move").format(name=view["to_move"])
    svg = board_svg(shared.game, size_px=560)
    moves = "".join(
        f"<li>{escape(log_line(shared.name, m['by'], m['move'], m['score']))}</li>"
        for m in view["moves"][-8:]
    )
    return (
        f"<p><strong>{escape(scores)}</strong>. {escape(state)}</p>"
        f'<div role="img" aria-label="{escape(_("The board"))}">{svg}</div>'
        f'<h2>{escape(_("Last moves"))}</h2><ol start="{max(1, len(view["moves"]) - 7)}">'
        f"{moves}</ol>"
    )
