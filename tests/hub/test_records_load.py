"""The load test of the records service, on SQLite and on PostgreSQL.

300 simulated pupils, each a hub user with their own hub token, send 10 attempts each
(``bench/records_service.py`` sends 20), all at once: half through a real JupyterHub's
proxy to the service the hub started, half to a second copy of the service on the same
database (and a fifth sent again to the other copy, as a retry landing on another copy):
every record is stored, none twice, no request fails. The figures (p50/p95 of a record
against the hub's own lightest request) are printed; ``bench/records_service.py`` prints
them with the dashboard's time for a class of 300 and a school of 3,000.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.hub.conftest import _cannot, _proxy
from tests.hub.postgres import Postgres, postgres_bin
from tests.hub.records_hub import RecordsHub, second_copy
from tests.hub.records_load import pupils_with_tokens, run_load

pytestmark = [pytest.mark.hub, pytest.mark.load]

PUPILS, ATTEMPTS = 300, 10


@pytest.fixture(params=["sqlite", "postgresql"])
def database(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path_factory.mktemp('records') / 'records.sqlite'}"
        return
    if postgres_bin() is None:
        _cannot("PostgreSQL is not installed (apt-get install postgresql)")
    with Postgres() as server:
        yield server.url


def test_300_pupils_at_once_lose_nothing(database: str) -> None:
    try:
        import jupyterhub  # noqa: F401
    except ImportError:
        _cannot("the jupyterhub package is not installed (pip install -e '.[test]')")
    with RecordsHub(database, _proxy(), users=["mrs-k"]) as hub, second_copy(hub) as other:
        tokens = pupils_with_tokens(hub, PUPILS)
        result = run_load(hub, tokens, ATTEMPTS, other)
        print(result.line(database.split(":")[0]))
    assert result.failures == [], result.failures[:5]
    assert result.stored == PUPILS * ATTEMPTS
    assert result.distinct == result.stored
    assert result.resent == PUPILS * ATTEMPTS // 5  # stored once all the same
