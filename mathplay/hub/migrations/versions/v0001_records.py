"""The records table, as the first release (0.1.0) made it.

Revision ID: 0001
Revises: (none)
"""

from __future__ import annotations

import sqlalchemy as sa

from mathplay.hub.migrations import making

revision = "0001"
down_revision: str | None = None
branch_labels = None
depends_on = None

#: What a database made before migrations has when it has this revision's schema.
ADDS = ("mathplay_records",)


def upgrade() -> None:
    making.create_missing_table(
        "mathplay_records",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("pupil", sa.String(255), nullable=False),
        sa.Column("line_hash", sa.String(64), nullable=False),
        sa.Column("received", sa.Float, nullable=False),
        sa.Column("lesson", sa.String(255), nullable=True),
        sa.Column("puzzle_set", sa.String(255), nullable=True),
        sa.Column("line", sa.Text, nullable=False),
        sa.UniqueConstraint("pupil", "line_hash", name="one_line_once"),
        sa.Index("by_pupil", "pupil", "id"),
    )


def downgrade() -> None:
    raise NotImplementedError("a school's records are never dropped by a downgrade")
