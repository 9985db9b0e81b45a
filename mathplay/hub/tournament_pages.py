"""The teacher's pages of a class tournament: the form that starts one, the live table,
and a game to watch (on the projector). Plain HTML, words translated, a few lines of
script that ask the service for the new table every few seconds (no reload).

>>> "Start a tournament" in tournament_form("7b", "/p/", "x")
True
"""

from __future__ import annotations

from html import escape
from typing import Any
from urllib.parse import quote

from mathplay.classroom.shared_games import SharedGame
from mathplay.hub.dashboard import _page
from mathplay.hub.tournaments import CHOICES, SECONDS, Settings
from mathplay.i18n import _

__all__ = ["LIVE_SECONDS", "tournament_form", "tournament_live", "tournament_page",
           "tournaments_list", "watch_live", "watch_page"]  # fmt: skip

#: How often a tournament's page and a watched game ask for news.
LIVE_SECONDS = 2

_SCRIPT = """
(function () {
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
          live.innerHTML = data.html;
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
""".replace("__SECONDS__", str(LIVE_SECONDS))

_CSS = """<style>
.mp-table { border-collapse: collapse; margin: 0.5em 0 1em; }
.mp-table th, .mp-table td { border: 1px solid #999; padding: 4px 10px; text-align: left; }
.mp-table td.mp-n { text-align: right; }
.mp-form fieldset { border: 1px solid #bbb; margin: 0.5em 0; }
.mp-form label { display: block; margin: 0.3em 0; }
.mp-form button { font: inherit; padding: 0.3em 1em; }
.mp-watch svg { width: min(90vw, 66vh); height: auto; }
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
        f'<option value="{seconds}">{escape(_time_words(seconds))}</option>' for seconds in SECONDS
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
    live = _live_part(source, xsrf, tournament_live(table, prefix))
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


def tournament_live(table: dict[str, Any], prefix: str) -> str:
    """The table and the rounds (what the page puts in place as games go on)."""
    settings: Settings = table["settings"]
    base = _class_base(prefix, table["group"])
    heads = (_("Place"), _("Pupil"), _("Played"), _("Won"), _("Drawn"), _("Lost"),
             _("Points"), _("Game points"))  # fmt: skip
    head = "".join(f'<th scope="col">{escape(h)}</th>' for h in heads)
    lines = []
    for place, row in enumerate(table["rows"], start=1):
        points = row.points
        shown = str(int(points)) if points.denominator == 1 else f"{float(points):g}"
        cells = [row.played, row.won, row.drawn, row.lost, shown, row.scored]
        lines.append(
            f'<tr><td class="mp-n">{place}</td><th scope="row">{escape(row.pupil)}</th>'
            + "".join(f'<td class="mp-n">{escape(str(c))}</td>' for c in cells)
            + "</tr>"
        )
    state = (
        _("The tournament is over.")
        if table["finished"]
        else _("Round {n} of {total} is being played.").format(
            n=len(table["rounds"]), total=settings.rounds
        )
    )
    parts = [
        f"<p><strong>{escape(state)}</strong></p>",
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
            items.append(
                f"<li>{escape(' – '.join(names))}: {escape(scores)}, {escape(where)} "
                f'<a href="{escape(link)}" aria-label="{escape(_("Watch"))} '
                f'{escape(" – ".join(names))}">{escape(_("Watch"))}</a></li>'
            )
        for pupil in played["byes"]:
            resting = _("{name} has no game this round").format(name=pupil)
            items.append(f"<li>{escape(resting)}</li>")
        title = _("Round {n}").format(n=played["number"])
        parts.append(f"<h2>{escape(title)}</h2><ul>{''.join(items)}</ul>")
    return "".join(parts)


def watch_page(shared: SharedGame, group: str, prefix: str, xsrf: str) -> str:
    """A game of the class to watch (on the projector): the board, scores and moves, as
    they come, and nobody's tiles."""
    names = " – ".join(shared.pupils)
    title = _("Watching {names}").format(names=names)
    source = f"{_class_base(prefix, group)}/games/{shared.id}.json"
    return _live_page(title, _live_part(source, xsrf, watch_live(shared), "mp-watch"), prefix)


def watch_live(shared: SharedGame) -> str:
    """The watched game now: scores, whose turn, the board (SVG), the last moves."""
    from mathplay.render.svg import board_svg
    from mathplay.widgets.board_words import log_line

    view = shared.watch()
    scores = ", ".join(f"{p['name']}: {p['score']}" for p in view["players"])
    if view["over"]:
        state = view["over"]
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
