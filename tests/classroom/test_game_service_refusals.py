"""What a pupil's kernel says when the class's game service refuses: told apart by the
answer's status and ``kind``, never by its words (which are in the pupil's language, or
name a classmate)."""

from __future__ import annotations

import io
import json
import urllib.error

import pytest

from mathplay.classroom.game_service import GameServiceError, _refusal
from mathplay.classroom.shared_games import NOT_CLASSMATES, MoveRefused

CLASSMATES_ONLY = "You can play only with classmates"
NOT_KNOWN = "does not know you"


def refused(status: int, answer: dict[str, object]) -> Exception:
    body = io.BytesIO(json.dumps(answer).encode("utf-8"))
    return _refusal(urllib.error.HTTPError("http://hub/api/games", status, "", {}, body))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("answer", "said"),
    [
        # The kind says it, whatever the words: Spanish words, or none at all.
        (
            {"error": "ben no está en ninguna clase contigo", "kind": NOT_CLASSMATES},
            CLASSMATES_ONLY,
        ),
        ({"kind": NOT_CLASSMATES}, CLASSMATES_ONLY),
        # A service older than the kind field: its English words.
        ({"error": "zed is not in a class with you"}, CLASSMATES_ONLY),
        # A login the service refuses, even when a name in it holds "class".
        ({"error": "this token may not use the games of the service"}, NOT_KNOWN),
        ({"error": "classy is not in a class with you", "kind": "token"}, NOT_KNOWN),
    ],
)
def test_a_403_is_told_apart_by_its_kind(answer: dict[str, object], said: str) -> None:
    error = refused(403, answer)
    assert isinstance(error, GameServiceError) and said in str(error)


def test_a_refused_move_says_the_services_words() -> None:
    error = refused(409, {"error": "Es el turno de ana, no el tuyo."})
    assert isinstance(error, MoveRefused) and str(error) == "Es el turno de ana, no el tuyo."


def test_an_answer_that_is_not_json_is_a_plain_refusal() -> None:
    body = io.BytesIO(b"<html>Forbidden</html>")
    error = _refusal(urllib.error.HTTPError("http://hub/api/games", 403, "", {}, body))  # type: ignore[arg-type]
    assert isinstance(error, GameServiceError) and NOT_KNOWN in str(error)


@pytest.mark.parametrize(
    ("status", "kind", "said"),
    [
        (400, "chosen-deal", "Nobody chooses the tiles"),
        (429, "too-many-games", "You have started many games that are not over"),
        (429, "", "You have started many games that are not over"),  # an older service
    ],
)
def test_a_chosen_deal_and_too_many_games_are_told_by_their_kind(
    status: int, kind: str, said: str
) -> None:
    from mathplay.classroom.shared_games import CHOSEN_DEAL, TOO_MANY_GAMES

    assert kind in ("", CHOSEN_DEAL, TOO_MANY_GAMES)
    error = refused(status, {"error": "palabras del servicio", "kind": kind})
    assert isinstance(error, GameServiceError) and said in str(error)
