"""Games between pupils through the service: the games and who sits where.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa

from mathplay.hub.migrations import making

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

ADDS = ("mathplay_games", "mathplay_game_seats")


def upgrade() -> None:
    making.create_missing_table(
        "mathplay_games",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(16), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("over", sa.Boolean, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
        sa.Column("record", sa.Text, nullable=False),
    )
    making.create_missing_table(
        "mathplay_game_seats",
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("pupil", sa.String(255), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.PrimaryKeyConstraint("game_id", "seat"),
        sa.Index("seats_by_pupil", "pupil"),
    )


def downgrade() -> None:
    raise NotImplementedError("a school's games are never dropped by a downgrade")
