"""The data log: each export and erasure of a pupil's data, who did it and when.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa

from mathplay.hub.migrations import making

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

ADDS = ("mathplay_data_log",)


def upgrade() -> None:
    making.create_missing_table(
        "mathplay_data_log",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("action", sa.String(16), nullable=False),
        sa.Column("by", sa.String(255), nullable=False),
        sa.Column("details", sa.Text, nullable=False),
    )


def downgrade() -> None:
    raise NotImplementedError("the data log is never dropped by a downgrade")
