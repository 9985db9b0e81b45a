"""A tournament's log: the teacher's actions and the forfeits by the clock.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa

from mathplay.hub.migrations import making

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

ADDS = ("mathplay_tournament_log",)


def upgrade() -> None:
    making.create_missing_table(
        "mathplay_tournament_log",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("tournament_id", sa.String(32), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("entry", sa.Text, nullable=False),
        sa.Index("ix_mathplay_tournament_log_tournament_id", "tournament_id"),
    )


def downgrade() -> None:
    raise NotImplementedError("a school's tournaments are never dropped by a downgrade")
