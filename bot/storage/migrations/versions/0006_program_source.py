"""program sources: a watched program URL per conference, its fetch state and lease

Revision ID: 0006_program_source
Revises: 0005_people
Create Date: 2026-12-01
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import bot.storage.tables

revision: str = "0006_program_source"
down_revision: str | None = "0005_people"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

UTC_DATETIME = bot.storage.tables.UTCDateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "program_sources",
        sa.Column("slug", sa.String(length=100), nullable=False),
        sa.Column("url", sa.Text(), nullable=False),
        sa.Column("every_minutes", sa.Integer(), nullable=False),
        sa.Column("etag", sa.Text(), nullable=True),
        sa.Column("last_modified", sa.String(length=64), nullable=True),
        sa.Column("body_hash", sa.String(length=64), nullable=True),
        sa.Column("checked_at", UTC_DATETIME, nullable=True),
        sa.Column("fetched_at", UTC_DATETIME, nullable=True),
        sa.Column("changed_at", UTC_DATETIME, nullable=True),
        sa.Column("failure", sa.Text(), nullable=True),
        sa.Column("failed_at", UTC_DATETIME, nullable=True),
        sa.Column("failure_notified", sa.Boolean(), nullable=False),
        sa.Column("alert_channel_id", sa.BigInteger(), nullable=True),
        sa.Column("due_at", UTC_DATETIME, nullable=True),
        sa.Column("lease_owner", sa.String(length=64), nullable=True),
        sa.Column("lease_expires_at", UTC_DATETIME, nullable=True),
        sa.PrimaryKeyConstraint("slug", name=op.f("pk_program_sources")),
    )


def downgrade() -> None:
    op.drop_table("program_sources")
