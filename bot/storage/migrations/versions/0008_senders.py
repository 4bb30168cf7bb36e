"""senders: the bot processes sharing the token's request rate, with their heartbeats

Revision ID: 0008_senders
Revises: 0007_role_pings
Create Date: 2026-12-01
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import bot.storage.tables

revision: str = "0008_senders"
down_revision: str | None = "0007_role_pings"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

UTC_DATETIME = bot.storage.tables.UTCDateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "senders",
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("started_at", UTC_DATETIME, nullable=False),
        sa.Column("seen_at", UTC_DATETIME, nullable=False),
        sa.Column("refused_at", UTC_DATETIME, nullable=True),
        sa.PrimaryKeyConstraint("name", name=op.f("pk_senders")),
    )


def downgrade() -> None:
    op.drop_table("senders")
