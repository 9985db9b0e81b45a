"""``mathplay-records``: the class's records service on JupyterHub, and the teacher's dashboard.

Run by the hub (a hub-managed service, ``c.JupyterHub.services`` in
``jupyterhub_config.py``; docs/classroom.md has the whole config) or beside it (an
external service, with its own ``JUPYTERHUB_*`` variables). It reads the hub's variables
(``JUPYTERHUB_SERVICE_URL``, ``JUPYTERHUB_SERVICE_PREFIX``, ``JUPYTERHUB_API_TOKEN``,
``JUPYTERHUB_API_URL``) and its own:

- ``--db URL`` (or ``MATHPLAY_RECORDS_DB``): the database, SQLAlchemy's URL form;
  ``sqlite:///mathplay-records.sqlite`` (a file beside the service) if not given, or
  ``postgresql+psycopg://user:password@host/db`` for a school;
- ``--teachers GROUP`` (or ``MATHPLAY_TEACHERS_GROUP``): the hub group of the teachers
  (``teachers``). A teacher's classes are the other hub groups they are in.

What it answers, under its prefix (``/services/mathplay-records/``):

- ``POST api/records`` with ``{"lines": [...]}``: a pupil's kernel sends the lines of
  their progress file, with their own hub token (``Authorization: token …``). The hub
  says whose token it is; the records are stored under that name, whatever they say.
  The answer: ``{"stored": n, "duplicates": n, "refused": [...]}``. Only the fields
  mathplay writes are kept, each bounded (:func:`mathplay.classroom.records.stored_line`).
- ``GET api/records`` (``?after=ROW``): the pupil's own records, a page of at most
  ``RECORDS_PAGE`` at a time, written out in pieces: ``{"pupil": name, "next": ROW or
  null, "records": [...]}``; ``next`` is the ``after`` of the next page (``null``: the
  last page).
- The dashboard (a browser, logged in through the hub's OAuth): a teacher sees their
  classes, and in each the pupil × puzzle grid, updating while the pupils work; a pupil
  sees their own answers. A pupil asking for a class's page gets 403.
- ``class/GROUP/report.csv``, ``skills.csv``, ``sets.csv`` and ``gradebook.csv``: the
  files of ``mathplay progress report --csv``, ``--skills-csv``, ``--sets-csv`` and
  ``--gradebook``, for the class (and ``?lesson=``; the gradebook is the whole term's).
- ``api/games``, ``api/games/ID``, ``api/games/ID/moves``, ``api/games/ID/resign`` and
  ``api/games/ID/decline``: games between pupils on their own machines, each dealt by the
  service, each pupil seeing only their own tiles, every move checked by the engine
  (:mod:`mathplay.hub.games`).
- A class tournament's pages (:mod:`mathplay.hub.tournament_pages`), and the teacher's
  forms there (with the service's XSRF protection): ``POST class/GROUP/games/ID/end``
  ends a game of the class (``result``: ``score`` to score it as it stands, or the hub
  name of the pupil it is given to), ``POST class/GROUP/tournaments/ID/ACTION`` with
  ``pause``, ``resume``, ``stop`` or ``withdraw`` (``pupil``: who is taken out).

The service's clock (:func:`keep_time`, every ``CLOCK_SECONDS``) passes for a pupil of a
tournament game whose time per move is up, and forfeits their game when they miss
``MISSED_TURNS`` in a row, with every board closed (:mod:`mathplay.hub.tournaments`).

The service keeps nothing but its database (and a few seconds' copy of the hub's
groups): several copies can share one database, which it upgrades when it starts
(:mod:`mathplay.hub.migrations`). Every answer, errors included, carries
:data:`SECURITY_HEADERS` (a Content-Security-Policy that runs only the pages' own
scripts, among them).
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import hashlib
import json
import logging
import os
import re
import signal
import sys
import time
from collections.abc import Sequence
from typing import Any
from urllib.parse import quote, urlparse

from jupyterhub.services.auth import (
    HubOAuth,
    HubOAuthCallbackHandler,
    HubOAuthenticated,
    check_scopes,
)
from jupyterhub.utils import url_path_join
from tornado import web
from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from tornado.httpserver import HTTPServer
from tornado.ioloop import IOLoop
from tornado.log import app_log, enable_pretty_logging

from mathplay.classroom.shared_games import (
    CHOSEN_DEAL,
    NOT_CLASSMATES,
    TOO_MANY_GAMES,
    TOO_MANY_REQUESTS,
    MoveRefused,
    SharedGame,
)
from mathplay.errors import MathplayError
from mathplay.hub import dashboard, tournament_pages
from mathplay.hub.game_watch import GameWatch
from mathplay.hub.games import (
    MOST_OPEN_GAMES,
    WAIT_SECONDS,
    ChosenDeal,
    GameStore,
    end_records,
    new_game_id,
    read_new_game,
    refusal_words,
)
from mathplay.hub.limits import Limits
from mathplay.hub.reports import Reports
from mathplay.hub.store import MOST_LINES, RecordStore
from mathplay.hub.tournaments import CLOCK_SECONDS, TournamentStore, read_settings
from mathplay.i18n import LANGUAGES, _, speaking

__all__ = [
    "CONTENT_SECURITY_POLICY",
    "DEFAULT_DB",
    "NAME",
    "RECORDS_PAGE",
    "SECURITY_HEADERS",
    "Classes",
    "keep_time",
    "main",
    "make_app",
    "security_headers",
]

#: The service's name on the hub (its address is ``/services/NAME/``).
NAME = "mathplay-records"
#: The database when none is named: a file beside the service.
DEFAULT_DB = "sqlite:///mathplay-records.sqlite"
#: The biggest request a kernel may send (it sends at most 256 kB).
_MOST_BODY = 2 * 1024 * 1024
#: The most records one answer of ``GET api/records`` holds (at most 4 MB: records are at
#: most 4 kB, mostly 400 bytes); ``?after=ROW`` asks for the page after it.
RECORDS_PAGE = 1000
#: The records written to the connection at a time, while a page is answered.
_RECORDS_CHUNK = 100
#: The most bytes of a request read to say it is too big (413), rather than cutting the
#: connection (which a proxy turns into its own error page).
_MOST_READ = 64 * 1024 * 1024
#: The biggest request about a game (a move is a few dozen bytes).
_MOST_GAME_BODY = 10_000
#: Seconds a board that asks to wait for a move while its pupil holds as many waits as
#: they may (``game_watch.MOST_WAITING_PER_PUPIL``: a pupil with many boards open) is
#: asked to wait before it asks again (answered at once, it asked again in a loop).
WAIT_AGAIN = 3
#: What a game's id looks like (``mathplay.hub.games.new_game_id``).
_GAME_ID = re.compile(r"[0-9a-f]{24}")
#: The longest value of ``?lesson=`` (a lesson's name).
_MOST_LESSON = 255
#: How long the hub's groups are kept before they are asked for again.
_GROUPS_SECONDS = 5.0


class Classes:
    """The hub's groups (name → members), asked for with the service's own token and kept
    a few seconds; who teaches and which classes."""

    def __init__(self, hub_auth: HubOAuth, teachers: str) -> None:
        self.hub_auth = hub_auth
        self.teachers = teachers
        self._groups: dict[str, list[str]] = {}
        self._when = 0.0
        self._lock = asyncio.Lock()

    async def groups(self) -> dict[str, list[str]]:
        async with self._lock:
            if time.monotonic() - self._when > _GROUPS_SECONDS:
                url = url_path_join(self.hub_auth.api_url, "groups")
                request = HTTPRequest(
                    url, headers={"Authorization": f"token {self.hub_auth.api_token}"}
                )
                response = await AsyncHTTPClient().fetch(request)
                found = json.loads(response.body)
                items = found.get("items", []) if isinstance(found, dict) else found
                self._groups = {
                    g["name"]: sorted(g.get("users") or []) for g in items if "name" in g
                }
                self._when = time.monotonic()
            return self._groups

    async def is_teacher(self, user: str) -> bool:
        return user in (await self.groups()).get(self.teachers, [])

    async def taught_by(self, user: str) -> list[str]:
        """The classes ``user`` teaches: the groups they are in, but the teachers'."""
        if not await self.is_teacher(user):
            return []
        groups = await self.groups()
        return sorted(name for name, members in groups.items()
                      if user in members and name != self.teachers)  # fmt: skip

    async def pupils(self, group: str) -> list[str]:
        """The pupils of the class ``group``: its members who are not teachers."""
        groups = await self.groups()
        teachers = set(groups.get(self.teachers, []))
        return [member for member in groups.get(group, []) if member not in teachers]


def required_scopes(hub_auth: HubOAuth) -> set[str]:
    """The scopes a token must carry for the service to act on it: the hub's access to
    this service (``access:services!service=mathplay-records``), as the hub gives the
    service in ``JUPYTERHUB_OAUTH_ACCESS_SCOPES``. A token of the same person that lacks
    it (one another service got by OAuth, or a token made for one job) is refused."""
    return set(hub_auth.access_scopes) or {f"access:services!service={NAME}"}


def _may_use(hub_auth: HubOAuth, model: dict[str, Any]) -> bool:
    return bool(check_scopes(required_scopes(hub_auth), set(model.get("scopes") or [])))


def _language(header: str | None) -> str:
    """The first of the browser's languages (``Accept-Language``) mathplay speaks."""
    for part in (header or "").split(","):
        code = part.split(";")[0].strip().lower().split("-")[0]
        if code in LANGUAGES:
            return code
    return "en"


def _script_hash(script: str) -> str:
    digest = hashlib.sha256(script.encode("utf-8")).digest()
    return "'sha256-" + base64.b64encode(digest).decode("ascii") + "'"


#: The pages' Content-Security-Policy: nothing but the service itself. The pages' only
#: scripts are the two inline ones (the live grid's and the tournament's), each allowed
#: by its hash, so no other script runs, inline or from elsewhere; styles are inline
#: (the report's colours are ``style`` attributes); the scripts ask only the service
#: (``connect-src``), forms post only to it, and only a page of the same site (the
#: hub's, whose proxy serves the service) may show a page in a frame.
CONTENT_SECURITY_POLICY = "; ".join([
    "default-src 'none'",
    "script-src "
    + " ".join(_script_hash(s) for s in (dashboard._SCRIPT, tournament_pages._SCRIPT)),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'self'",
])  # fmt: skip
#: The headers of every answer of the service, pages, API, files and errors alike.
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "SAMEORIGIN",
    "Referrer-Policy": "same-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cache-Control": "no-store",
}


def security_headers(handler: web.RequestHandler) -> None:
    """Set :data:`SECURITY_HEADERS` on ``handler``'s answer (tornado sets them again on an
    error's answer: ``set_default_headers``)."""
    for name, value in SECURITY_HEADERS.items():
        handler.set_header(name, value)


class Refusal(web.HTTPError):
    """A refusal whose ``kind`` the API answer carries beside its words."""

    def __init__(self, status: int, kind: str, reason: str) -> None:
        super().__init__(status, reason=reason)
        self.kind = kind


class _Handler(HubOAuthenticated, web.RequestHandler):  # type: ignore[misc]
    """A page or an answer of the service: who asks is found once, without blocking."""

    #: The seconds a 429 asks to wait (its ``Retry-After``), set before it is raised.
    retry_after = 0

    def initialize(self, service: dict[str, Any]) -> None:
        self.service = service
        self.hub_auth = service["hub_auth"]
        self.store: RecordStore = service["store"]
        self.classes: Classes = service["classes"]

    async def prepare(self) -> None:
        self.language = _language(self.request.headers.get("Accept-Language"))
        model = await self.hub_auth.get_user(self, sync=False)
        if model and model.get("kind", "user") == "user" and not _may_use(self.hub_auth, model):
            with speaking(self.language):
                raise web.HTTPError(
                    403, reason=_("This login may not open the dashboard: log in again.")
                )
        self._hub_auth_user_cache = model if model and model.get("kind", "user") == "user" else None

    def set_default_headers(self) -> None:
        security_headers(self)

    def xsrf(self) -> str:
        """The page's XSRF token, for its script's requests."""
        token = self.xsrf_token
        return token.decode() if isinstance(token, bytes) else str(token)

    async def run(self, function: Any, *args: Any) -> Any:
        """``function(*args)`` in a thread: the database never blocks the service."""
        return await IOLoop.current().run_in_executor(None, function, *args)

    def lesson(self) -> str | None:
        """The lesson asked for (``?lesson=``), checked: a lesson's name has no control
        characters and is not longer than a name can be."""
        value = self.get_argument("lesson", None) or None
        if value is None:
            return None
        if len(value) > _MOST_LESSON or any(ord(c) < 32 or ord(c) == 127 for c in value):
            with speaking(self.language):
                raise web.HTTPError(400, reason=_("There is no lesson of that name."))
        return value

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        # tornado clears the headers before an error is written: the wait asked for is
        # said here (a kernel's sender waits that long, mathplay.classroom.send).
        if status_code == 429 and self.retry_after:
            self.set_header("Retry-After", str(self.retry_after))
        with speaking(getattr(self, "language", "en")):
            if self.request.path.startswith(self.service["prefix"] + "api/"):
                answer: dict[str, Any] = {"error": self._reason, "status": status_code}
                error = (kwargs.get("exc_info") or (None, None, None))[1]
                if isinstance(error, Refusal):
                    answer["kind"] = error.kind
                self.finish(answer)
                return
            self.finish(dashboard.error_page(status_code, self.service["prefix"]))

    def _teacher_only(self) -> None:
        with speaking(self.language):
            raise web.HTTPError(403, reason=_("Only the class's teacher can see this page."))


class _OAuthCallbackHandler(HubOAuthCallbackHandler):  # type: ignore[misc]
    """The hub's OAuth callback, with the service's headers."""

    def set_default_headers(self) -> None:
        security_headers(self)


class NotFoundHandler(_Handler):
    """Any other address under the service's prefix: 404, with the service's headers."""

    async def prepare(self) -> None:
        self.language = _language(self.request.headers.get("Accept-Language"))
        raise web.HTTPError(404)


@web.stream_request_body
class RecordsHandler(_Handler):
    """``POST api/records``: a pupil's kernel sends the lines of their progress file;
    ``GET api/records``: it gets back the records stored under its pupil's hub name (a
    pupil on another machine, or with a new home, goes on where they left off).

    Who sends is found before the body is read; the body is read up to ``_MOST_BODY``
    (more is counted, not kept, and answered 413); each pupil's requests and lines are
    limited (:mod:`mathplay.hub.limits`: 429 with ``Retry-After``)."""

    def check_xsrf_cookie(self) -> None:
        """Only a token is accepted here (never a cookie), so no XSRF check is needed."""

    async def prepare(self) -> None:
        self.language = "en"
        self._chunks: list[bytes] = []
        self._size = 0
        set_most = getattr(self.request.connection, "set_max_body_size", None)
        if set_most is not None:  # tornado's HTTP/1 connection
            set_most(_MOST_READ)
        token = self.hub_auth.get_token(self, in_cookie=False)
        model = None
        if token:
            model = await self.hub_auth.user_for_token(token, sync=False)
        if not model:
            raise web.HTTPError(401, reason="a pupil's hub token is needed")
        if model.get("kind", "user") != "user":
            raise web.HTTPError(403, reason="only a pupil's token can send records")
        if not _may_use(self.hub_auth, model):
            raise web.HTTPError(
                403,
                reason="this token may not use the records service (it needs the scope "
                + " or ".join(sorted(required_scopes(self.hub_auth)))
                + "; docs/classroom.md)",
            )
        self.pupil = str(model["name"])
        # A request too many (a send, or a page of the pupil's records) is refused before
        # its body is read or the database asked: a body's bytes are let pass unkept and
        # unparsed (closing the connection instead would make the hub's proxy answer 503,
        # without the Retry-After the kernel's sender waits for).
        self._refused = self.service["limits"].request(self.pupil)

    def data_received(self, chunk: bytes) -> None:
        self._size += len(chunk)
        if self._size <= _MOST_BODY and not self._refused:
            self._chunks.append(chunk)

    def _too_many(self) -> None:
        if self._refused:
            self.retry_after = int(self._refused)
            raise web.HTTPError(
                429, reason=f"too many requests at once: send them again in {self.retry_after} s"
            )

    async def post(self) -> None:
        self._too_many()
        if self._size > _MOST_BODY:
            raise web.HTTPError(
                413,
                reason=f"too many records in one request ({self._size} bytes; at most "
                f"{_MOST_BODY}): send them in smaller batches",
            )
        try:
            body = json.loads(b"".join(self._chunks))
        except (ValueError, RecursionError):
            raise web.HTTPError(400, reason="the request is not JSON") from None
        lines = body.get("lines") if isinstance(body, dict) else None
        if not isinstance(lines, list) or len(lines) > MOST_LINES:
            raise web.HTTPError(
                400, reason=f"the request needs 'lines', a list of at most {MOST_LINES}"
            )
        wait = self.service["limits"].lines(self.pupil, len(lines), self._size)
        if wait:
            self.retry_after = int(wait)  # the answer's Retry-After (write_error)
            raise web.HTTPError(
                429, reason=f"too many records at once: send them again in {int(wait)} s"
            )
        added = await self.run(self.store.add, self.pupil, lines)
        self.finish({"pupil": self.pupil, "stored": added.stored,
                     "duplicates": added.duplicates, "refused": added.refused})  # fmt: skip

    async def get(self) -> None:
        """A page of the pupil's records after the row ``?after=``, written a piece at a
        time (a pupil with many records never holds the service up)."""
        self._too_many()
        after = self.get_argument("after", "0")
        if not (after.isascii() and after.isdigit()) or len(after) > 18:
            raise web.HTTPError(400, reason="'after' is a row's number")
        rows = await self.run(self.store.records, [self.pupil], None, int(after), RECORDS_PAGE + 1)
        more = len(rows) > RECORDS_PAGE
        rows = rows[:RECORDS_PAGE]
        next_row = rows[-1]["row"] if more else None
        self.set_header("Content-Type", "application/json; charset=UTF-8")
        self.write(f'{{"pupil": {json.dumps(self.pupil)}, "next": {json.dumps(next_row)}, '
                   '"records": [')  # fmt: skip
        for start in range(0, len(rows), _RECORDS_CHUNK):
            chunk = rows[start : start + _RECORDS_CHUNK]
            for row in chunk:
                row.pop("row", None)
            pieces = (json.dumps(row, ensure_ascii=False) for row in chunk)
            self.write(("," if start else "") + ",".join(pieces))
            await self.flush()
        self.finish("]}")


class _PupilApiHandler(_Handler):
    """An answer to a pupil's kernel, which calls with the pupil's hub token (never a
    cookie, so no XSRF check is needed); the answer's words in the language it asks for
    (``Accept-Language``)."""

    def check_xsrf_cookie(self) -> None:
        """Only a token is accepted here (never a cookie)."""

    async def prepare(self) -> None:
        self.language = _language(self.request.headers.get("Accept-Language"))
        token = self.hub_auth.get_token(self, in_cookie=False)
        model = await self.hub_auth.user_for_token(token, sync=False) if token else None
        if not model:
            raise web.HTTPError(401, reason="a pupil's hub token is needed")
        if model.get("kind", "user") != "user" or not _may_use(self.hub_auth, model):
            raise web.HTTPError(403, reason="this token may not use the games of the service")
        self.pupil = str(model["name"])
        self.games: GameStore = self.service["games"]
        wait = self.service["limits"].game_request(self.pupil)
        if wait:  # a kernel asking in a loop: before anything is read from the database
            self.too_many(wait)

    def too_many(self, wait: float) -> None:
        """Answer 429: the pupil's kernel waits ``wait`` seconds and asks again."""
        self.retry_after = max(1, int(wait))
        raise Refusal(429, TOO_MANY_REQUESTS,
                      f"too many requests at once: ask again in {self.retry_after} s")  # fmt: skip

    def body(self) -> Any:
        if len(self.request.body) > _MOST_GAME_BODY:
            raise web.HTTPError(413, reason="the request is too big for a move")
        try:
            return json.loads(self.request.body or b"{}")
        except (ValueError, RecursionError):
            raise web.HTTPError(400, reason="the request is not JSON") from None

    async def game_of(self, game_id: str) -> SharedGame:
        """Game ``game_id``, if the pupil plays in it (404 for any other: a game of
        others is not even said to exist)."""
        shared: SharedGame | None = None
        if _GAME_ID.fullmatch(game_id):
            shared = await self.run(self.games.get, game_id)
        if shared is None or self.pupil not in shared.pupils:
            raise web.HTTPError(404, reason="there is no such game of yours")
        return shared

    def refuse(self, words: str) -> None:
        self.set_status(409)
        self.finish({"error": words, "status": 409})

    async def paused(self, shared: SharedGame) -> bool:
        """Whether the game's tournament is paused by the teacher."""
        if shared.tournament is None or shared.is_over:
            return False
        tournaments: TournamentStore = self.service["tournaments"]
        return bool((await self.run(tournaments.state, shared.tournament)).paused)


class GamesHandler(_PupilApiHandler):
    """``GET api/games``: the pupil's games; ``POST api/games``: a new game with
    classmates (see :mod:`mathplay.hub.games`)."""

    async def get(self) -> None:
        self.finish({"pupil": self.pupil, "games": await self.run(self.games.of_pupil, self.pupil)})

    async def post(self) -> None:
        try:
            with speaking(self.language):
                name, others, options = read_new_game(self.body())
        except ChosenDeal as error:
            raise Refusal(400, CHOSEN_DEAL, str(error)) from None
        except ValueError as error:
            raise web.HTTPError(400, reason=str(error)) from None
        if self.pupil in others or len(set(others)) != len(others):
            raise web.HTTPError(400, reason="'with' names each classmate once, not yourself")
        groups = await self.classes.groups()
        teachers = self.classes.teachers
        mine = {g for g, members in groups.items() if self.pupil in members and g != teachers}
        for other in others:
            if not any(other in groups[g] for g in mine):
                raise Refusal(403, NOT_CLASSMATES, f"{other} is not in a class with you")
        if self.body().get("resume"):
            going_on = await self.run(self.games.open_between, [self.pupil, *others], name)
            if going_on is not None:
                with speaking(self.language):
                    self.finish(going_on.view_for(self.pupil))
                return
        try:
            with speaking(self.language):  # dealt by the service: no seed from the pupil
                shared = SharedGame.new(new_game_id(), name, [self.pupil, *others], **options)
        except (MathplayError, TypeError, ValueError) as error:
            raise web.HTTPError(400, reason=f"the game cannot be made: {error}") from None
        shared.started_by = self.pupil
        # The count of the pupil's games and the new one in one transaction.
        if not await self.run(self.games.create, shared, MOST_OPEN_GAMES):
            with speaking(self.language):
                raise Refusal(
                    429,
                    TOO_MANY_GAMES,
                    _("You have started {n} games that are not over: finish one, or resign "
                      "one, before you start another.").format(n=MOST_OPEN_GAMES),
                )  # fmt: skip
        self.set_status(201)
        self.finish(shared.view_for(self.pupil))


class GameHandler(_PupilApiHandler):
    """``GET api/games/ID``: the pupil's view (own tiles only); ``?version=N`` waits
    until the game is past version ``N`` (a board hears of the other pupil's move)."""

    async def get(self, game_id: str) -> None:
        await self.game_of(game_id)
        shared = await self.game_of(game_id)
        paused = await self.paused(shared)
        known = self.get_argument("version", None)
        if known is not None and known.isdigit() and len(known) <= 9:
            left = None if paused else await self.run(self.games.time_left, game_id, time.time())
            # The service's clock passes at the limit: wait for it, a tick and a bit more.
            wait = WAIT_SECONDS if left is None else min(
                WAIT_SECONDS, max(0.0, left) + CLOCK_SECONDS + 0.5)  # fmt: skip
            watch: GameWatch = self.service["watch"]
            if not watch.may_wait(self.pupil):  # a few waits a pupil; the next asks again
                self.too_many(WAIT_AGAIN)
            await watch.wait(game_id, int(known), wait, self.pupil)
            shared = await self.game_of(game_id)
            paused = await self.paused(shared)
        left = None if paused else await self.run(self.games.time_left, game_id, time.time())
        with speaking(self.language):
            view = shared.view_for(self.pupil)
            if paused:
                view["paused"] = _("Your teacher has paused the tournament: wait for them to "
                                   "go on.")  # fmt: skip
        view["seconds_left"] = None if left is None else max(0, round(left))
        self.finish(view)


class MovesHandler(_PupilApiHandler):
    """``POST api/games/ID/moves`` with ``{"move": …, "version": …}``: the pupil's move,
    checked by the engine; refused in words (409) with the game unchanged."""

    async def post(self, game_id: str) -> None:
        body = self.body()
        if not isinstance(body, dict):
            raise web.HTTPError(400, reason='the request is {"move": …, "version": …}')
        shared = await self.game_of(game_id)
        played_on = shared.version
        with speaking(self.language):
            if await self.paused(shared):
                self.refuse(_("Your teacher has paused the tournament: wait for them to go on."))
                return
            try:
                view = shared.play(self.pupil, body.get("move"), body.get("version"))
            except MathplayError as error:
                self.refuse(refusal_words(error))
                return
            if not await self.run(self.games.save, shared, played_on):
                self.refuse(
                    _("The game has moved on since your board was drawn: look again and play.")
                )
                return
        if shared.seconds is not None:
            view["seconds_left"] = shared.seconds
        self.finish(view)
        await after_move(self.service, shared)


class EndHandler(_PupilApiHandler):
    """``POST api/games/ID/resign`` and ``…/decline``: a pupil of the game ends it before
    its end (resign: the others win; decline, by a classmate put in it before they
    moved: nobody wins); refused in words (409), the game unchanged."""

    async def post(self, game_id: str, action: str) -> None:
        shared = await self.game_of(game_id)
        played_on = shared.version
        with speaking(self.language):
            try:
                if action == "resign":
                    view = shared.resign(self.pupil)
                else:
                    view = shared.decline(self.pupil)
            except MoveRefused as error:
                self.refuse(str(error))
                return
            if not await self.run(self.games.save, shared, played_on):
                self.refuse(
                    _("The game has moved on since your board was drawn: look again and play.")
                )
                return
        self.finish(view)
        await after_move(self.service, shared)


async def after_move(service: dict[str, Any], shared: SharedGame) -> None:
    """What follows a move stored: a game over goes into its pupils' records, and a
    tournament whose round is over gets its next round."""
    loop = IOLoop.current()
    service["watch"].poke(shared.id)  # the boards waiting for it answer now
    if shared.is_over:
        await loop.run_in_executor(None, _record_the_end, service["store"], shared)
        if shared.tournament is not None:
            tournaments: TournamentStore = service["tournaments"]
            if await loop.run_in_executor(None, tournaments.advance, shared.tournament):
                # A round robin's new round may hold games forfeited at once (a pupil
                # taken out): they are recorded, and may end the round, like any other.
                made = await loop.run_in_executor(None, tournaments.rounds, shared.tournament)
                for forfeited in made[-1][2]:
                    if forfeited.is_over:
                        await after_move(service, forfeited)


async def keep_time(service: dict[str, Any]) -> None:
    """The service's clock, every ``CLOCK_SECONDS`` until the service stops: a pupil of a
    tournament game whose time per move is up is passed for (or forfeits, at their
    ``MISSED_TURNS``-th missed turn in a row), with no board asking
    (:meth:`TournamentStore.tick`), and what follows a move follows."""
    tournaments: TournamentStore = service["tournaments"]
    loop = IOLoop.current()
    while True:
        try:
            for shared in await loop.run_in_executor(None, tournaments.tick, time.time()):
                await after_move(service, shared)
        except Exception:  # a database that went away a moment: the next tick tries again
            app_log.exception("the clock could not pass for a pupil out of time")
        await asyncio.sleep(CLOCK_SECONDS)


def _record_the_end(store: RecordStore, shared: SharedGame) -> None:
    """Each pupil's summary of the finished game into their records (in a thread: the
    review searches every turn). Only the request whose move was stored ends a game, so
    this runs once per game."""
    for pupil, line in end_records(shared, time.time()).items():
        store.add(pupil, [line])


class HomeHandler(_Handler):
    """The dashboard's first page: a teacher's classes, or a pupil's own answers."""

    @web.authenticated
    async def get(self) -> None:
        user = self.current_user["name"]
        classes = await self.classes.taught_by(user)
        with speaking(self.language):
            if await self.classes.is_teacher(user):
                self.finish(dashboard.teacher_home(user, classes, self.service["prefix"]))
            else:
                self.finish(dashboard.pupil_home(user, self.service["prefix"], self.xsrf()))


class _ReportHandler(_Handler):
    async def pupils_of(self, group: str | None) -> list[str]:
        user = self.current_user["name"]
        if group is None:
            return [user]
        if group not in await self.classes.taught_by(user):
            self._teacher_only()
        return await self.classes.pupils(group)


class ClassHandler(_ReportHandler):
    """A class's page: the lessons, the live grid, the export buttons."""

    @web.authenticated
    async def get(self, group: str) -> None:
        pupils = await self.pupils_of(group)
        lessons = await self.run(self.store.lessons, pupils)
        tournaments = await self.run(self.service["tournaments"].of_class, group)
        prefix = self.service["prefix"]
        with speaking(self.language):
            extra = tournament_pages.tournaments_list(
                group, tournaments, prefix
            ) + tournament_pages.tournament_form(group, prefix, self.xsrf())
            self.finish(
                dashboard.class_page(group, lessons, self.lesson(), prefix, self.xsrf(), extra)
            )


class ReportHandler(_ReportHandler):
    """``…/report.json?row=N``: the grid, if anything came after row ``N`` (``-1``, or
    none: the page has nothing yet)."""

    @web.authenticated
    async def get(self, group: str | None = None) -> None:
        pupils = await self.pupils_of(group)
        lesson = self.lesson()
        try:  # the last row the page has (-1: none yet)
            known = int(self.get_argument("row", "-1"))
        except ValueError:
            known = -1
        row = await self.run(self.store.last_row, pupils)
        if row == known:
            self.finish({"row": row})
            return
        reports: Reports = self.service["reports"]
        # The report as of that row, or while it is being made the copy there is (with
        # the row it is as of: the page asks again); never a wait for a long report.
        html, as_of = await reports.html_as_of(
            pupils, group is not None, lesson, self.language, row
        )
        if as_of == known:  # the page has that copy already
            self.finish({"row": known})
            return
        fresh = as_of == row
        new = await self.run(self.store.who_after, pupils, known) if fresh and known >= 0 else []
        lessons = await self.run(self.store.lessons, pupils) if group is not None else []
        answer: dict[str, Any] = {"row": as_of, "html": html}
        with speaking(self.language):
            answer["news"] = dashboard.news_of(new)
            if group is not None:
                answer["lessons"] = dashboard.lessons_list(
                    group, lessons, lesson, self.service["prefix"]
                )
        self.finish(answer)


class CsvHandler(_ReportHandler):
    """``class/GROUP/report.csv``, ``skills.csv``, ``sets.csv`` and ``gradebook.csv``: the
    CLI's files, for the class."""

    @web.authenticated
    async def get(self, group: str, kind: str) -> None:
        pupils = await self.pupils_of(group)
        lesson = None if kind == "gradebook" else self.lesson()  # the whole term's
        row = await self.run(self.store.last_row, pupils)
        reports: Reports = self.service["reports"]
        text = await reports.csv(pupils, lesson, kind, self.language, row)
        name = f"{group}-{lesson or 'all'}-{kind}.csv"
        self.set_header("Content-Type", "text/csv; charset=utf-8")
        self.set_header("Content-Disposition", content_disposition(name))
        self.finish(text)


class TournamentsHandler(_ReportHandler):
    """``POST class/GROUP/tournaments``: the teacher starts a tournament of the class (the
    dashboard's form); then its page."""

    @web.authenticated
    async def post(self, group: str) -> None:
        pupils = await self.pupils_of(group)
        form = {key: self.get_body_argument(key, "") for key in
                ("game", "pairing", "rounds", "hints", "seconds")}  # fmt: skip
        try:
            settings = read_settings(form, sorted(pupils))
        except ValueError as error:
            raise web.HTTPError(400, reason=str(error)) from None
        tournaments: TournamentStore = self.service["tournaments"]
        tournament_id = await self.run(
            tournaments.create, group, self.current_user["name"], settings
        )
        self.redirect(
            f"{self.service['prefix']}class/{quote(group, safe='')}/tournaments/{tournament_id}",
            status=303,
        )


class TournamentHandler(_ReportHandler):
    """``class/GROUP/tournaments/ID``: the tournament's page; ``….json``: its table now
    (asked every few seconds by the page; a pupil out of time is passed for here too)."""

    @web.authenticated
    async def get(self, group: str, tournament_id: str, as_json: str | None) -> None:
        await self.pupils_of(group)  # the class's teacher only
        tournaments: TournamentStore = self.service["tournaments"]
        table = await self.run(tournaments.table, tournament_id)
        if table is None or table["group"] != group:
            raise web.HTTPError(404, reason="there is no such tournament in this class")
        prefix = self.service["prefix"]
        with speaking(self.language):
            if as_json:
                self.finish({"html": tournament_pages.tournament_live(table, prefix, self.xsrf()),
                             "finished": table["finished"]})  # fmt: skip
            else:
                self.finish(tournament_pages.tournament_page(table, prefix, self.xsrf()))


class TournamentActionHandler(_ReportHandler):
    """``POST class/GROUP/tournaments/ID/(pause|resume|stop|withdraw)``: the teacher's
    forms on the tournament's page; then the page again."""

    @web.authenticated
    async def post(self, group: str, tournament_id: str, action: str) -> None:
        await self.pupils_of(group)  # the class's teacher only
        tournaments: TournamentStore = self.service["tournaments"]
        known = await self.run(tournaments.settings, tournament_id)
        if known is None or known[0] != group:
            raise web.HTTPError(404, reason="there is no such tournament in this class")
        teacher = self.current_user["name"]
        ended: list[SharedGame] = []
        if action in ("pause", "resume"):
            await self.run(tournaments.pause, tournament_id, teacher, action == "pause")
            # The boards waiting in its games say so now, not at their next question.
            going_on = await self.run(tournaments.open_games, tournament_id)
            self.service["watch"].poke(*(g.id for g in going_on))
        elif action == "stop":
            ended = await self.run(tournaments.stop, tournament_id, teacher)
        else:
            pupil = self.get_body_argument("pupil", "")
            try:
                ended = await self.run(tournaments.withdraw, tournament_id, teacher, pupil)
            except MoveRefused as error:
                raise web.HTTPError(400, reason=str(error)) from None
        for shared in ended:
            await after_move(self.service, shared)
        self.redirect(f"{self.service['prefix']}class/{quote(group, safe='')}/tournaments/"
                      f"{tournament_id}", status=303)  # fmt: skip


class EndGameHandler(_ReportHandler):
    """``POST class/GROUP/games/ID/end`` with ``result`` (``score``, or a pupil's hub
    name): the teacher ends a game of the class; then its tournament's page (or the
    game's, to watch)."""

    @web.authenticated
    async def post(self, group: str, game_id: str) -> None:
        pupils = await self.pupils_of(group)
        shared = await self.run(self.service["games"].get, game_id)
        if shared is None or not set(shared.pupils) <= set(pupils):
            raise web.HTTPError(404, reason="there is no such game in this class")
        result = self.get_body_argument("result", "score")
        winner = None if result == "score" else result
        tournaments: TournamentStore = self.service["tournaments"]
        try:
            with speaking(self.language):
                shared = await self.run(tournaments.end_game, game_id,
                                        self.current_user["name"], winner)  # fmt: skip
        except MoveRefused as error:
            raise web.HTTPError(409, reason=str(error)) from None
        await after_move(self.service, shared)
        base = f"{self.service['prefix']}class/{quote(group, safe='')}"
        if shared.tournament is not None:
            self.redirect(f"{base}/tournaments/{shared.tournament}", status=303)
        else:
            self.redirect(f"{base}/games/{game_id}", status=303)


class WatchHandler(_ReportHandler):
    """``class/GROUP/games/ID``: a game of the class to watch (nobody's tiles);
    ``….json``: the game now."""

    @web.authenticated
    async def get(self, group: str, game_id: str, as_json: str | None) -> None:
        pupils = await self.pupils_of(group)
        shared = await self.run(self.service["games"].get, game_id)
        if shared is None or not set(shared.pupils) <= set(pupils):
            raise web.HTTPError(404, reason="there is no such game in this class")
        prefix = self.service["prefix"]
        left = await self.run(self.service["games"].time_left, game_id, time.time())
        if shared.tournament is not None and not shared.is_over:
            tournaments: TournamentStore = self.service["tournaments"]
            if (await self.run(tournaments.state, shared.tournament)).paused:
                left = None
        with speaking(self.language):
            if as_json:
                self.finish({"html": tournament_pages.watch_live(shared, left),
                             "finished": shared.is_over})  # fmt: skip
            else:
                self.finish(tournament_pages.watch_page(shared, group, prefix, self.xsrf(),
                                                        left))  # fmt: skip


def content_disposition(name: str) -> str:
    """The ``Content-Disposition`` of a download named ``name``: a plain ASCII name (any
    other character ``_``), and the whole name in UTF-8 for browsers that read it.

    >>> print(content_disposition('7b-"x"-ñ.csv'))
    attachment; filename="7b-_x_-_.csv"; filename*=UTF-8''7b-%22x%22-%C3%B1.csv
    """
    plain = "".join(c if c.isascii() and (c.isalnum() or c in "-_.") else "_" for c in name)
    return f"attachment; filename=\"{plain}\"; filename*=UTF-8''{quote(name, safe='')}"


def make_app(store: RecordStore, *, prefix: str, teachers: str = "teachers",
             hub_auth: HubOAuth | None = None) -> web.Application:  # fmt: skip
    """The service's tornado application, under ``prefix`` (``/services/NAME/``)."""
    # The one HubOAuth of the process: the OAuth callback handler finds it as HubOAuth.instance().
    hub_auth = hub_auth or HubOAuth.instance()
    games = GameStore(store.engine)
    service = {
        "hub_auth": hub_auth,
        "store": store,
        "games": games,
        "watch": GameWatch(games),
        "tournaments": TournamentStore(games),
        "classes": Classes(hub_auth, teachers),
        "limits": Limits(),
        "reports": Reports(store),
        "prefix": prefix,
    }
    # The same secret in every copy of the service (made from its hub token), so that a
    # teacher's login holds whichever copy answers.
    secret = (
        os.environ.get("MATHPLAY_RECORDS_COOKIE_SECRET")
        or hashlib.sha256(f"mathplay-records:{hub_auth.api_token}".encode()).hexdigest()
    )
    group = r"([^/]+)"
    game_id = r"([^/]+)"
    routes: list[Any] = [
        (prefix + "api/records", RecordsHandler, {"service": service}),
        (prefix + "api/games", GamesHandler, {"service": service}),
        (prefix + f"api/games/{game_id}", GameHandler, {"service": service}),
        (prefix + f"api/games/{game_id}/moves", MovesHandler, {"service": service}),
        (prefix + f"api/games/{game_id}/(resign|decline)", EndHandler, {"service": service}),
        (prefix + "oauth_callback", _OAuthCallbackHandler),
        (prefix, HomeHandler, {"service": service}),
        (prefix + "me/report.json", ReportHandler, {"service": service}),
        (prefix + f"class/{group}", ClassHandler, {"service": service}),
        (prefix + f"class/{group}/report.json", ReportHandler, {"service": service}),
        (
            prefix + f"class/{group}/(report|skills|sets|gradebook).csv",
            CsvHandler,
            {"service": service},
        ),
        (prefix + f"class/{group}/tournaments", TournamentsHandler, {"service": service}),
        (
            prefix + f"class/{group}/tournaments/([0-9a-f]{{24}})(\\.json)?",
            TournamentHandler,
            {"service": service},
        ),
        (
            prefix + f"class/{group}/tournaments/([0-9a-f]{{24}})/(pause|resume|stop|withdraw)",
            TournamentActionHandler,
            {"service": service},
        ),
        (
            prefix + f"class/{group}/games/([0-9a-f]{{24}})(\\.json)?",
            WatchHandler,
            {"service": service},
        ),
        (
            prefix + f"class/{group}/games/([0-9a-f]{{24}})/end",
            EndGameHandler,
            {"service": service},
        ),
    ]
    return web.Application(routes, cookie_secret=secret, hub_auth=hub_auth,
                           login_url=hub_auth.login_url, mathplay=service,
                           default_handler_class=NotFoundHandler,
                           default_handler_args={"service": service})  # fmt: skip


def _arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog=NAME, description="The class's records service and teacher's dashboard on JupyterHub."
    )
    parser.add_argument("--db", default=os.environ.get("MATHPLAY_RECORDS_DB", DEFAULT_DB),
                        help="the database's URL (default: %(default)s)")  # fmt: skip
    parser.add_argument(
        "--teachers",
        default=os.environ.get("MATHPLAY_TEACHERS_GROUP", "teachers"),
        help="the hub group of the teachers (default: %(default)s)",
    )
    parser.add_argument("--url", default=os.environ.get("JUPYTERHUB_SERVICE_URL", ""),
                        help="where to listen, http://IP:PORT (default: the hub's "
                             "JUPYTERHUB_SERVICE_URL)")  # fmt: skip
    parser.add_argument("--prefix", default=os.environ.get("JUPYTERHUB_SERVICE_PREFIX",
                                                            f"/services/{NAME}/"))  # fmt: skip
    return parser.parse_args(argv)


def _shown(url: str) -> str:
    """The database's URL without its password (``***``)."""
    try:
        from sqlalchemy.engine import make_url

        return make_url(url).render_as_string(hide_password=True)
    except Exception:  # not a URL at all: shown as given
        return url


def main(argv: Sequence[str] | None = None) -> int:
    """Run the service until it is stopped (the hub stops it with the hub)."""
    args = _arguments(argv)
    enable_pretty_logging()
    logging.getLogger().setLevel(logging.INFO)
    if not args.url:
        print(f"{NAME}: no address to listen on: run it from JupyterHub (c.JupyterHub."
              "services) or give --url http://127.0.0.1:10101", file=sys.stderr)  # fmt: skip
        return 2
    try:
        store = RecordStore(args.db)
    except Exception as error:  # a database that cannot be opened, in one line
        reason = str(error).splitlines()[0] if str(error) else type(error).__name__
        print(f"{NAME}: cannot open the database {_shown(args.db)}: {reason}", file=sys.stderr)
        return 2
    address = urlparse(args.url)
    prefix = args.prefix if args.prefix.endswith("/") else args.prefix + "/"
    app = make_app(store, prefix=prefix, teachers=args.teachers)
    server = HTTPServer(app, xheaders=True, max_body_size=_MOST_BODY + 1024)
    server.listen(address.port or 80, address.hostname or "127.0.0.1")
    print(f"{NAME}: listening on {args.url}{prefix}, records in {store.engine.url!r}",
          flush=True)  # fmt: skip
    loop = IOLoop.current()
    loop.add_callback(keep_time, app.settings["mathplay"])

    def stop(*_args: Any) -> None:
        loop.add_callback_from_signal(loop.stop)

    for number in (signal.SIGTERM, signal.SIGINT):
        signal.signal(number, stop)
    loop.start()
    server.stop()
    print(f"{NAME}: stopped", flush=True)
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
