"""role pings: a server's burst post (threshold, channel, role) and members' opt-ins

Revision ID: 0007_role_pings
Revises: 0006_program_source
Create Date: 2026-12-01
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import bot.storage.tables

revision: str = "0007_role_pings"
down_revision: str | None = "0006_program_source"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

UTC_DATETIME = bot.storage.tables.UTCDateTime(timezone=True)


def upgrade() -> None:
    with op.batch_alter_table("guild_settings", schema=None) as batch_op:
        batch_op.add_column(sa.Column("burst_threshold", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("burst_channel_id", sa.BigInteger(), nullable=True))
        batch_op.add_column(sa.Column("burst_role_id", sa.BigInteger(), nullable=True))
    op.create_table(
        "role_pings",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("conference_id", sa.Integer(), nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("created_at", UTC_DATETIME, nullable=False),
        sa.ForeignKeyConstraint(
            ["conference_id"],
            ["conferences.id"],
            name=op.f("fk_role_pings_conference_id_conferences"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["sessions.id"],
            name=op.f("fk_role_pings_session_id_sessions"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_role_pings")),
        sa.UniqueConstraint(
            "conference_id",
            "guild_id",
            "session_id",
            "user_id",
            name=op.f("uq_role_pings_conference_id_guild_id_session_id_user_id"),
        ),
    )
    with op.batch_alter_table("role_pings", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_role_pings_session_id"), ["session_id"])


def downgrade() -> None:
    with op.batch_alter_table("role_pings", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_role_pings_session_id"))
    op.drop_table("role_pings")
    with op.batch_alter_table("guild_settings", schema=None) as batch_op:
        batch_op.drop_column("burst_role_id")
        batch_op.drop_column("burst_channel_id")
        batch_op.drop_column("burst_threshold")
