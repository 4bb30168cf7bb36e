"""tenancy: guild bindings, the admin audit trail, kept program versions

Revision ID: 0003_tenancy
Revises: 0001
Create Date: 2026-12-01
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import bot.storage.tables

revision: str = "0003_tenancy"
down_revision: str | None = "0002_dm_channels"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

UTC_DATETIME = bot.storage.tables.UTCDateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "guild_bindings",
        sa.Column("guild_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("conference_id", sa.Integer(), nullable=False),
        sa.Column("origin", sa.String(length=16), nullable=False),
        sa.Column("bound_by", sa.BigInteger(), nullable=True),
        sa.Column("bound_at", UTC_DATETIME, nullable=False),
        sa.ForeignKeyConstraint(
            ["conference_id"],
            ["conferences.id"],
            name=op.f("fk_guild_bindings_conference_id_conferences"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("guild_id", name=op.f("pk_guild_bindings")),
    )
    with op.batch_alter_table("guild_bindings", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_guild_bindings_conference_id"), ["conference_id"], unique=False
        )
    op.create_table(
        "admin_actions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=True),
        sa.Column("conference_id", sa.Integer(), nullable=True),
        sa.Column("user_id", sa.BigInteger(), nullable=True),
        sa.Column("action", sa.String(length=32), nullable=False),
        sa.Column("outcome", sa.String(length=16), nullable=False),
        sa.Column("detail", sa.Text(), nullable=False),
        sa.Column("hash_before", sa.String(length=64), nullable=True),
        sa.Column("hash_after", sa.String(length=64), nullable=True),
        sa.Column("at", UTC_DATETIME, nullable=False),
        sa.ForeignKeyConstraint(
            ["conference_id"],
            ["conferences.id"],
            name=op.f("fk_admin_actions_conference_id_conferences"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_admin_actions")),
    )
    with op.batch_alter_table("admin_actions", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_admin_actions_guild_id_at"), ["guild_id", "at"], unique=False
        )
    op.create_table(
        "program_versions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("conference_id", sa.Integer(), nullable=False),
        sa.Column("program_hash", sa.String(length=64), nullable=False),
        sa.Column("body", sa.Text(), nullable=False),
        sa.Column("saved_at", UTC_DATETIME, nullable=False),
        sa.ForeignKeyConstraint(
            ["conference_id"],
            ["conferences.id"],
            name=op.f("fk_program_versions_conference_id_conferences"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_program_versions")),
    )
    with op.batch_alter_table("program_versions", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_program_versions_conference_id_saved_at"),
            ["conference_id", "saved_at"],
            unique=False,
        )


def downgrade() -> None:
    with op.batch_alter_table("program_versions", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_program_versions_conference_id_saved_at"))
    op.drop_table("program_versions")
    with op.batch_alter_table("admin_actions", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_admin_actions_guild_id_at"))
    op.drop_table("admin_actions")
    with op.batch_alter_table("guild_bindings", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_guild_bindings_conference_id"))
    op.drop_table("guild_bindings")
