"""The records service's tables, made where they are missing.

Several copies of the service may start at the same moment on one database (a hub
started again while the old copy still runs, or copies sharing the class's load): each
sees a table missing and creates it, and all but one are refused. A refused copy makes
what is still missing again, and finds the others' tables there.
"""

from __future__ import annotations

import sqlalchemy as sa

__all__ = ["ATTEMPTS", "make_tables"]

#: How many times a copy tries to make the missing tables: each refusal means another
#: copy made one of them meanwhile; a database that refuses every time (no right to
#: create a table) is a real error, raised.
ATTEMPTS = 8


def make_tables(metadata: sa.MetaData, engine: sa.Engine) -> None:
    """Make the tables of ``metadata`` that ``engine``'s database does not have yet."""
    for attempt in range(1, ATTEMPTS + 1):
        try:
            metadata.create_all(engine)  # leaves the tables already there alone
            return
        except sa.exc.DBAPIError:
            if attempt == ATTEMPTS:
                raise
