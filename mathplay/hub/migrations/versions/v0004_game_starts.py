"""Who started each game (a pupil's limit of open games counts them), and one row per
such pupil for PostgreSQL to lock while it counts.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa

from mathplay.hub.migrations import making

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

ADDS = ("mathplay_game_starts", "mathplay_game_pupils")


def upgrade() -> None:
    making.create_missing_table(
        "mathplay_game_starts",
        sa.Column("game_id", sa.String(32), primary_key=True),
        sa.Column("pupil", sa.String(255), nullable=False),
        sa.Index("starts_by_pupil", "pupil"),
    )
    making.create_missing_table(
        "mathplay_game_pupils",
        sa.Column("pupil", sa.String(255), primary_key=True),
    )


def downgrade() -> None:
    raise NotImplementedError("a school's games are never dropped by a downgrade")
