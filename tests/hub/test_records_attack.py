"""Every attack of issue 72 at once, on a real JupyterHub with PostgreSQL
(:mod:`tests.hub.attack`): eve padding her records, flooding with new sets, fetching her
records in a loop and holding 300 waits for a move, with 4,500 records of hers already
stored, while 30 classmates send, one polls her page and two teachers poll theirs.

Nothing is lost or stored twice, no teacher, classmate or page is ever refused or
stalled, and eve is held to her limits. The figures (p95 and slowest of each, the
machine's load) are printed; ``bench/records_attack.py`` prints them beside a run
without eve. The bound here is a stall's (5 s), not a speed: beside another test
worker's browsers a request may take a second.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.hub.attack import CLASSES, TEACHERS, USERS, Attack
from tests.hub.conftest import _cannot, _proxy
from tests.hub.postgres import Postgres, postgres_bin
from tests.hub.records_hub import RecordsHub

pytestmark = [pytest.mark.hub, pytest.mark.load]

STALL_MS = 5000


@pytest.fixture(scope="module")
def attack() -> Iterator[Attack]:
    try:
        import jupyterhub  # noqa: F401
    except ImportError:
        _cannot("the jupyterhub package is not installed (pip install -e '.[test]')")
    if postgres_bin() is None:
        _cannot("PostgreSQL is not installed (apt-get install postgresql)")
    with (
        Postgres() as server,
        RecordsHub(server.url, _proxy(), users=USERS, classes=CLASSES) as hub,
    ):
        yield Attack(hub)


def test_every_attack_at_once_stalls_nobody_and_loses_nothing(attack: Attack) -> None:
    run = attack.run(attacker=True)
    print(run.line())
    assert run.classmate_errors == [], run.classmate_errors[:5]
    assert run.stored == run.sent  # every classmate's record, once (counted in the run)
    assert run.teacher_errors == [], run.teacher_errors[:5]
    for teacher in TEACHERS:
        times = run.teacher_ms[teacher]
        assert len(times) >= 10, (teacher, len(times))
        assert max(times) < STALL_MS, (teacher, sorted(times)[-5:])
    assert max(run.classmate_ms) < STALL_MS, sorted(run.classmate_ms)[-5:]
    assert run.page_ms and max(run.page_ms) < STALL_MS, sorted(run.page_ms)[-5:]
    eve = run.eve
    assert eve["padded posts"] and eve["set posts"] and eve["record fetches"] and eve["waits"]
    assert eve["answered 429"] > 0  # she was held to her limits
    assert eve["other"] == 0, eve  # and answered in words a kernel understands, never a 5xx
