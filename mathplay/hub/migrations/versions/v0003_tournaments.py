"""Class tournaments: the tournaments, their rounds and their games.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa

from mathplay.hub.migrations import making

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

ADDS = ("mathplay_tournaments", "mathplay_tournament_rounds", "mathplay_tournament_games")


def upgrade() -> None:
    making.create_missing_table(
        "mathplay_tournaments",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("class_group", sa.String(255), nullable=False),
        sa.Column("teacher", sa.String(255), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("settings", sa.Text, nullable=False),
        sa.Index("ix_mathplay_tournaments_class_group", "class_group"),
    )
    making.create_missing_table(
        "mathplay_tournament_rounds",
        sa.Column("tournament_id", sa.String(32), nullable=False),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("pairs", sa.Text, nullable=False),
        sa.PrimaryKeyConstraint("tournament_id", "number"),
    )
    making.create_missing_table(
        "mathplay_tournament_games",
        sa.Column("tournament_id", sa.String(32), nullable=False),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.PrimaryKeyConstraint("tournament_id", "game_id"),
    )


def downgrade() -> None:
    raise NotImplementedError("a school's tournaments are never dropped by a downgrade")
