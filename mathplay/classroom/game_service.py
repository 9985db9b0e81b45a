"""A pupil's kernel talking to the class's game service on JupyterHub.

The games between pupils live in the records service (:mod:`mathplay.hub.games`); a
pupil's kernel calls it with the pupil's own hub token, as it sends their records
(:mod:`mathplay.classroom.send`). :class:`GameService` is that conversation, in the
pupil's words when something goes wrong:

- :meth:`GameService.start`: a game with classmates (or the one already going on with
  them), answered with the pupil's view of it;
- :meth:`GameService.view`: the pupil's view now, or, with ``version``, as soon as the
  game is past that version (a board waits for the other pupil's move this way);
- :meth:`GameService.move`: a move; refused in words (:class:`MoveRefused`) when the
  service will not play it;
- :meth:`GameService.resign` and :meth:`GameService.decline`: give a game up, or say no
  to a game a classmate put the pupil in (before moving in it); refused in words too.

The service deals every game itself: no seed or start is ever sent (the service refuses
one, kind ``chosen-deal``), and what it sends never holds the seed a game was dealt from.

Anything else (no hub, the service down, a refusal) is a :class:`GameServiceError` whose
message a pupil can read: never a traceback.
"""

from __future__ import annotations

import json
import os
import time
import urllib.error
import urllib.request
from collections.abc import Sequence
from typing import Any
from urllib.parse import quote

from mathplay.classroom.send import TOKEN_VARIABLE, records_url
from mathplay.classroom.shared_games import (
    CHOSEN_DEAL,
    NOT_CLASSMATES,
    TOO_MANY_GAMES,
    TOO_MANY_REQUESTS,
    MoveRefused,
    chosen_deal_words,
)
from mathplay.errors import MathplayError
from mathplay.i18n import _, current_language

__all__ = ["GameService", "GameServiceError", "MoveRefused"]

#: Seconds to wait for an answer (a view with ``version`` waits up to 20 s for a move).
TIMEOUT = 10.0
LONG_POLL_TIMEOUT = 35.0
#: How many times a call waits when the service asks it to ask less often (429 of kind
#: ``too-many-requests``, with ``Retry-After``), and the longest such wait in seconds.
MOST_WAITS = 3
LONGEST_WAIT = 30.0


class GameServiceError(MathplayError):
    """The game service could not be used; the message says why, in a pupil's words."""

    def __init__(self, message: str, status: int = 0) -> None:
        super().__init__(message)
        #: The HTTP status (0 when the service could not be reached at all).
        self.status = status


class GameService:
    """The class's game service, as this kernel's pupil (their hub token) uses it."""

    def __init__(self, url: str | None = None, token: str | None = None) -> None:
        found = url or records_url()
        if not found:
            raise GameServiceError(
                _(
                    "Playing a classmate works on the class's JupyterHub, where the "
                    "teacher has set up mathplay's service. Here, play the computer, or a "
                    "friend on this screen, or send a game code."
                )
            )
        self.url = found if found.endswith("/") else found + "/"
        self.token = token or os.environ.get(TOKEN_VARIABLE, "")

    # --- the calls ----------------------------------------------------------------------

    def games(self) -> list[dict[str, Any]]:
        """The pupil's games, newest first (id, game, pupils, whose turn, version, over)."""
        answer = self._call("GET", "api/games")
        games = answer.get("games")
        return [g for g in games if isinstance(g, dict)] if isinstance(games, list) else []

    def start(
        self,
        game: str,
        classmates: Sequence[str],
        *,
        options: dict[str, Any] | None = None,
        resume: bool = True,
    ) -> dict[str, Any]:
        """A game of ``game`` with ``classmates`` (their hub names), dealt by the service;
        with ``resume``, the one going on with exactly them, if there is one. The pupil's
        view of it."""
        body: dict[str, Any] = {"game": game, "with": list(classmates), "resume": resume}
        if options:
            body["options"] = options
        return self._call("POST", "api/games", body)

    def view(self, game_id: str, version: int | None = None) -> dict[str, Any]:
        """The pupil's view of game ``game_id``; with ``version``, once it is past it (or
        after about 20 seconds, unchanged)."""
        path = f"api/games/{quote(game_id, safe='')}"
        if version is None:
            return self._call("GET", path)
        return self._call("GET", f"{path}?version={int(version)}", timeout=LONG_POLL_TIMEOUT)

    def move(self, game_id: str, notation: str, version: int) -> dict[str, Any]:
        """Play ``notation`` on the board showing ``version``: the pupil's new view, or
        :class:`MoveRefused` with the service's reason (the game did not change)."""
        path = f"api/games/{quote(game_id, safe='')}/moves"
        return self._call("POST", path, {"move": notation, "version": version})

    def resign(self, game_id: str) -> dict[str, Any]:
        """Give game ``game_id`` up (the others win): the pupil's view of it after, or
        :class:`MoveRefused` with the service's reason (it is over already)."""
        return self._call("POST", f"api/games/{quote(game_id, safe='')}/resign", {})

    def decline(self, game_id: str) -> dict[str, Any]:
        """Say no to game ``game_id``, which a classmate put the pupil in (before the
        pupil has moved in it): the pupil's view after, or :class:`MoveRefused` with the
        service's reason."""
        return self._call("POST", f"api/games/{quote(game_id, safe='')}/decline", {})

    # --- the conversation ---------------------------------------------------------------

    def _call(
        self, method: str, path: str, body: Any = None, timeout: float = TIMEOUT
    ) -> dict[str, Any]:
        data = json.dumps(body).encode("utf-8") if body is not None else None
        request = urllib.request.Request(
            self.url + path,
            data=data,
            method=method,
            headers={
                "Authorization": f"token {self.token}",
                "Content-Type": "application/json",
                "Accept-Language": current_language(),
            },
        )
        for tries in range(MOST_WAITS + 1):
            try:
                with urllib.request.urlopen(request, timeout=timeout) as response:
                    raw = response.read()
                break
            except urllib.error.HTTPError as error:
                said = _body_of(error)
                wait = _asked_to_wait(error, said)
                if wait is None or tries == MOST_WAITS:
                    raise _refusal(error, said) from None
                time.sleep(wait)  # the service asked this kernel to ask less often
            except (OSError, ValueError):
                raise GameServiceError(_unreachable()) from None
        try:
            answer = json.loads(raw or b"{}")
        except ValueError:
            raise GameServiceError(_unreachable()) from None
        if not isinstance(answer, dict):
            raise GameServiceError(_unreachable())
        return answer


def _body_of(error: urllib.error.HTTPError) -> bytes:
    try:
        return error.read() or b""
    except (OSError, ValueError, AttributeError):
        return b""


def _asked_to_wait(error: urllib.error.HTTPError, said: bytes) -> float | None:
    """The seconds a 429 of kind ``too-many-requests`` (its body ``said``) asks to wait,
    at most :data:`LONGEST_WAIT`; else ``None`` (another refusal: said to the pupil)."""
    if error.code != 429:
        return None
    try:
        answer = json.loads(said or b"{}")
    except ValueError:
        return None
    if not isinstance(answer, dict) or answer.get("kind") != TOO_MANY_REQUESTS:
        return None
    try:
        wait = float(error.headers.get("Retry-After", "1") if error.headers else 1.0)
    except (TypeError, ValueError):
        wait = 1.0
    return min(max(wait, 0.5), LONGEST_WAIT)


def _unreachable() -> str:
    return _("The class's game service cannot be reached just now. It tries again by itself.")


def _refusal(error: urllib.error.HTTPError, body: bytes | None = None) -> MathplayError:
    """What an answer that is not 2xx (its ``body``, read from ``error`` if not given)
    means for the pupil."""
    try:
        answer = json.loads((_body_of(error) if body is None else body) or b"{}")
        said, kind = answer.get("error", ""), answer.get("kind", "")
    except (OSError, ValueError, AttributeError):
        said, kind = "", ""
    code = error.code
    if code == 409:  # a move refused: the service says why, in the pupil's language
        return MoveRefused(str(said) or _("That move is not allowed."))
    # A service older than the "kind" field said it in English words only.
    if code == 403 and (kind == NOT_CLASSMATES or (not kind and "in a class" in str(said))):
        return GameServiceError(
            _("You can play only with classmates: the names are their hub names."), code
        )
    if code in (401, 403):
        return GameServiceError(
            _("The class's game service does not know you: log in to the hub again."), code
        )
    if code == 404:
        return GameServiceError(_("There is no such game of yours."), code)
    if kind == TOO_MANY_REQUESTS:  # it waited as asked, and was asked to wait again
        return GameServiceError(_unreachable(), code)
    if code == 429 or kind == TOO_MANY_GAMES:
        return GameServiceError(
            _("You have started many games that are not over: finish one, or resign one, "
              "before you start another."),
            code,
        )  # fmt: skip
    if kind == CHOSEN_DEAL:
        return GameServiceError(chosen_deal_words(), code)
    if code == 400:
        return GameServiceError(
            _("The game cannot be made like that: {reason}").format(reason=said or code), code
        )
    return GameServiceError(_unreachable(), code)
