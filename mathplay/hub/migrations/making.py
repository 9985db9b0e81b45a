"""What the revisions share: a table made only where it is missing.

A database made before migrations (by ``create_all``) may have a later revision's table
beside an earlier one missing (a service that made only some of its stores): the
revision that adds a table leaves one already there alone.
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op

__all__ = ["create_missing_table"]


def create_missing_table(name: str, *items: Any) -> None:
    """``op.create_table(name, *items)`` (its indexes too) unless the table is there."""
    if not sa.inspect(op.get_bind()).has_table(name):
        op.create_table(name, *items)
