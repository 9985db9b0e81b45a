"""Every answer of the records service carries its security headers (a
Content-Security-Policy that lets only the pages' own scripts run, nosniff, a referrer
policy, frames of the same site only): each route of ``make_app`` asked once or more,
pages, API, CSV files, redirects and errors alike, by a tornado server in this process
whose hub login is stood in for (no JupyterHub running: ``X-Test-User`` says who logged
in, a token is the pupil's name)."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import hashlib
import json
import re
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any, cast

import pytest

pytest.importorskip("jupyterhub")

from jupyterhub.services.auth import HubOAuth
from tornado.httpclient import AsyncHTTPClient, HTTPResponse
from tornado.httpserver import HTTPServer
from tornado.testing import bind_unused_port

from mathplay.hub import service
from mathplay.hub.service import CONTENT_SECURITY_POLICY, SECURITY_HEADERS, make_app
from mathplay.hub.store import RecordStore

pytestmark = pytest.mark.hub

PREFIX = "/services/mathplay-records/"
SCOPES = ["access:services!service=mathplay-records"]
GROUPS = {"teachers": ["tess"], "7b": ["tess", "ana", "ben", "cas"]}


class StandInAuth(HubOAuth):  # type: ignore[misc]
    """The hub's login, stood in for: a cookie login is the ``X-Test-User`` header, a
    token is the name of the pupil it belongs to."""

    async def get_user(self, handler: Any, sync: bool = True) -> dict[str, Any] | None:
        name = handler.request.headers.get("X-Test-User")
        return {"name": name, "kind": "user", "scopes": SCOPES} if name else None

    def get_token(self, handler: Any, in_cookie: bool = True) -> str | None:
        header = handler.request.headers.get("Authorization", "")
        return header.removeprefix("token ") or None

    async def user_for_token(self, token: str, use_cache: bool = True, session_id: str = "",
                             *, sync: bool = True) -> dict[str, Any] | None:  # fmt: skip
        return {"name": token, "kind": "user", "scopes": SCOPES}


def script_hashes(html: str) -> list[str]:
    """The CSP source of each inline script of ``html``."""
    return [
        "'sha256-" + base64.b64encode(hashlib.sha256(s.encode()).digest()).decode() + "'"
        for s in re.findall(r"<script>(.*?)</script>", html, flags=re.S)
    ]


class Service:
    """The service on a free port; :meth:`ask` answers one request (never raising)."""

    def __init__(self, store: RecordStore) -> None:
        auth = StandInAuth(api_token="secret-token", api_url="http://127.0.0.1:9/hub/api",
                           base_url=PREFIX, oauth_client_id="service-mathplay-records",
                           hub_prefix="/hub/", access_scopes=set(SCOPES))  # fmt: skip
        self.app = make_app(store, prefix=PREFIX, hub_auth=auth)
        self.asked: set[str] = set()

    async def start(self) -> None:
        sock, self.port = bind_unused_port()
        self.server = HTTPServer(self.app)
        self.server.add_sockets([sock])

    def patterns(self) -> set[str]:
        """The service's routes (their patterns)."""
        return {
            str(cast(Any, rule.matcher).regex.pattern) for rule in self.app.wildcard_router.rules
        }

    def rule_of(self, path: str) -> str:
        for pattern in self.patterns():
            if re.match(pattern, path):
                return pattern
        return "(no route)"

    async def ask(self, path: str, method: str = "GET", who: str | None = None,
                  token: str | None = None, body: Any = None) -> HTTPResponse:  # fmt: skip
        headers = {}
        if who:
            headers["X-Test-User"] = who
        if token:
            headers["Authorization"] = f"token {token}"
        if isinstance(body, dict) and token:
            data: str | None = json.dumps(body)
        elif isinstance(body, dict):
            data = "&".join(f"{k}={v}" for k, v in body.items())
        else:
            data = body if body is not None else ("" if method == "POST" else None)
        response = await AsyncHTTPClient().fetch(
            f"http://127.0.0.1:{self.port}{PREFIX}{path}", method=method, headers=headers,
            body=data, raise_error=False, follow_redirects=False)  # fmt: skip
        self.asked.add(self.rule_of(PREFIX + path.split("?")[0]))
        for name, value in SECURITY_HEADERS.items():
            assert response.headers.get(name) == value, (path, response.code, name)
        if response.headers.get("Content-Type", "").startswith("text/html"):
            allowed = CONTENT_SECURITY_POLICY.split("script-src ")[1].split(";")[0].split()
            assert set(script_hashes(response.body.decode())) <= set(allowed), path
        return response


@pytest.fixture
def store(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[RecordStore]:
    async def groups(_self: Any) -> dict[str, list[str]]:
        return GROUPS

    monkeypatch.setattr(service.Classes, "groups", groups)
    made = RecordStore(f"sqlite:///{tmp_path / 'records.sqlite'}")
    yield made
    made.engine.dispose()


def test_the_policy_is_strict_and_lets_the_hub_frame_the_pages() -> None:
    policy = dict(part.split(" ", 1) for part in CONTENT_SECURITY_POLICY.split("; "))
    assert policy["default-src"] == "'none'" and policy["frame-ancestors"] == "'self'"
    assert "'unsafe-inline'" not in policy["script-src"]
    assert "'unsafe-eval'" not in policy["script-src"]
    assert policy["script-src"].count("'sha256-") == 2
    assert policy["connect-src"] == "'self'" and policy["base-uri"] == "'none'"


def test_every_route_answers_with_the_headers(store: RecordStore) -> None:
    async def run() -> None:
        svc = Service(store)
        await svc.start()
        line = json.dumps({"who": "ana", "set": "S", "puzzle": "p1", "answer": "4",
                           "right": True, "lesson": "01-equations"})  # fmt: skip
        # The pupils' API (tokens).
        assert (
            await svc.ask("api/records", "POST", token="ana", body={"lines": [line]})
        ).code == 200
        assert (await svc.ask("api/records", token="ana")).code == 200
        assert (await svc.ask("api/records")).code == 401
        made = await svc.ask(
            "api/games",
            "POST",
            token="ana",
            body={"game": "summy", "with": ["ben"], "options": {"size": 9}},
        )
        assert made.code in (200, 201), made.body
        game_id = json.loads(made.body)["id"]
        assert (await svc.ask("api/games", token="ana")).code == 200
        assert (await svc.ask(f"api/games/{game_id}", token="ana")).code == 200
        moved = await svc.ask(
            f"api/games/{game_id}/moves",
            "POST",
            token="ana",
            body={"move": "nonsense", "version": 0},
        )
        assert moved.code in (400, 409)
        assert (await svc.ask(f"api/games/{game_id}/resign", "POST", token="ben")).code == 200
        assert (await svc.ask("api/games/0123/moves", "POST", token="cas", body={})).code == 404
        # The pages (a login by cookie).
        for who in ("tess", "ana"):
            home = await svc.ask("", who=who)
            assert home.code == 200 and b"<html" in home.body
        page = await svc.ask("class/7b", who="tess")
        assert page.code == 200 and b"<script>" in page.body
        assert (await svc.ask("class/7b/report.json?row=-1", who="tess")).code == 200
        assert (await svc.ask("me/report.json", who="ana")).code == 200
        for name in ("report", "skills", "sets", "gradebook"):
            assert (await svc.ask(f"class/7b/{name}.csv", who="tess")).code == 200
        assert (await svc.ask("class/7b", who="ana")).code == 403
        assert (await svc.ask("class/7b")).code == 302  # to the hub's login
        started = await svc.ask("class/7b/tournaments", "POST", who="tess",
                                body={"game": "summy-9", "pairing": "round-robin",
                                      "seconds": "0"})  # fmt: skip
        assert started.code == 303, started.body
        where = started.headers["Location"].removeprefix(PREFIX)
        tournament = await svc.ask(where, who="tess")
        assert tournament.code == 200 and b"<script>" in tournament.body
        assert (await svc.ask(where + ".json", who="tess")).code == 200
        assert (await svc.ask(where + "/pause", "POST", who="tess")).code == 303
        tournament_id = where.rsplit("/", 1)[1]
        ((_n, _pairs, games),) = svc.app.settings["mathplay"]["tournaments"].rounds(tournament_id)
        watch = f"class/7b/games/{games[0].id}"
        shown = await svc.ask(watch, who="tess")
        assert shown.code == 200 and b"<script>" in shown.body
        assert (await svc.ask(watch + ".json", who="tess")).code == 200
        assert (await svc.ask(watch + "/end", "POST", who="tess",
                              body={"result": "score"})).code == 303  # fmt: skip
        # The hub's OAuth callback (here without its state: refused) and any other address.
        assert (await svc.ask("oauth_callback?code=x&state=y")).code >= 400
        assert (await svc.ask("nothing/here", who="tess")).code == 404
        missing = await svc.ask("api/nothing", token="ana")
        assert missing.code == 404 and json.loads(missing.body)["status"] == 404
        rules = svc.patterns()
        assert rules <= svc.asked, f"routes not asked: {sorted(rules - svc.asked)}"
        svc.server.stop()

    # A loop of its own, in a thread: one may be running in this process's main thread
    # after another test (pytest-xdist worker).
    with ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(asyncio.run, run()).result()


@pytest.fixture
def serving(store: RecordStore) -> Iterator[Service]:
    """The service answering on a thread of its own (for a browser)."""
    loop = asyncio.new_event_loop()
    made: list[Service] = []
    ready = threading.Event()

    def run() -> None:
        asyncio.set_event_loop(loop)
        made.append(Service(store))
        loop.run_until_complete(made[0].start())
        ready.set()
        loop.run_forever()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    assert ready.wait(30)
    yield made[0]
    loop.call_soon_threadsafe(loop.stop)
    thread.join(30)
    made[0].server.stop()


def test_the_pages_work_under_the_policy_in_chromium(serving: Service) -> None:
    # In a thread of its own: Playwright's sync API refuses to run where an asyncio loop
    # is running, as one may be in this process after another test (pytest-xdist).
    with ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(_pages_under_the_policy, serving).result()


def _pages_under_the_policy(serving: Service) -> None:
    """The teacher's pages in Debian's chromium: their scripts run (the live grid and the
    tournament's table come), the browser reports no breach of the policy, and a script
    put in the page from elsewhere does not run."""
    from tests.browser.labserver import chromium_missing, launch
    from tests.hub.conftest import _cannot

    reason = chromium_missing()
    if reason is not None:
        _cannot(reason)
    from playwright.sync_api import Error as PlaywrightError
    from playwright.sync_api import expect, sync_playwright

    from mathplay.hub.tournaments import read_settings

    store: RecordStore = serving.app.settings["mathplay"]["store"]
    line = json.dumps({"who": "ana", "set": "Adding", "puzzle": "add-1", "answer": "4",
                       "right": True, "lesson": "01-equations"})  # fmt: skip
    store.add("ana", [line])
    tournaments = serving.app.settings["mathplay"]["tournaments"]
    settings = read_settings({"game": "summy-9", "pairing": "round-robin", "seconds": "0"},
                             ["ana", "ben", "cas"])  # fmt: skip
    tournament_id = tournaments.create("7b", "tess", settings)
    ((_n, _pairs, games),) = tournaments.rounds(tournament_id)
    base = f"http://127.0.0.1:{serving.port}{PREFIX}class/7b"
    breaches: list[str] = []
    with sync_playwright() as playwright:
        browser = launch(playwright)
        context = browser.new_context(extra_http_headers={"X-Test-User": "tess"})
        page = context.new_page()
        # Every error the console shows but the browser's own favicon.ico (the hub serves
        # it; this server, alone, answers 404).
        page.on("console", lambda m: breaches.append(m.text) if m.type == "error"
                and not m.text.startswith("Failed to load resource") else None)  # fmt: skip
        page.on("pageerror", lambda e: breaches.append(str(e)))
        page.goto(f"{base}?lesson=01-equations")
        expect(page.locator("#mp-live table").first).to_be_visible(timeout=15_000)
        page.goto(f"{base}/tournaments/{tournament_id}")
        expect(page.locator("#mp-live")).to_contain_text("ana", timeout=15_000)
        page.wait_for_timeout(2500)  # a poll of the live table
        page.goto(f"{base}/games/{games[0].id}")
        expect(page.locator("#mp-live svg").first).to_be_visible(timeout=15_000)
        assert breaches == [], breaches
        # A script from anywhere else is refused, and said to be.
        with contextlib.suppress(PlaywrightError):  # the tag may be said to fail
            page.add_script_tag(content="window.smuggled = 1")
        assert page.evaluate("window.smuggled") is None
        assert any("Content Security Policy" in b for b in breaches), breaches
        browser.close()
