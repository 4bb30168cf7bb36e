"""agenda: agenda items, agenda reminders, agenda notices, and how often each session moved

Revision ID: 0004_agenda
Revises: 0003_tenancy
Create Date: 2026-12-01
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import bot.storage.tables

revision: str = "0004_agenda"
down_revision: str | None = "0003_tenancy"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

UTC_DATETIME = bot.storage.tables.UTCDateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "agenda_items",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("conference_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("papers", sa.JSON(), nullable=False),
        sa.Column("added_at", UTC_DATETIME, nullable=False),
        sa.Column("dropped_at", UTC_DATETIME, nullable=True),
        sa.ForeignKeyConstraint(
            ["conference_id"],
            ["conferences.id"],
            name=op.f("fk_agenda_items_conference_id_conferences"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["sessions.id"],
            name=op.f("fk_agenda_items_session_id_sessions"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_agenda_items")),
        sa.UniqueConstraint(
            "conference_id",
            "user_id",
            "session_id",
            name=op.f("uq_agenda_items_conference_id_user_id_session_id"),
        ),
    )
    with op.batch_alter_table("agenda_items", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_agenda_items_session_id"), ["session_id"])
    op.create_table(
        "agenda_reminders",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("conference_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("minutes_before", sa.Integer(), nullable=False),
        sa.Column("via", sa.String(length=8), nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=True),
        sa.Column("channel_id", sa.BigInteger(), nullable=True),
        sa.ForeignKeyConstraint(
            ["conference_id"],
            ["conferences.id"],
            name=op.f("fk_agenda_reminders_conference_id_conferences"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_agenda_reminders")),
        sa.UniqueConstraint(
            "conference_id", "user_id", name=op.f("uq_agenda_reminders_conference_id_user_id")
        ),
    )
    op.create_table(
        "session_moves",
        sa.Column("session_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("moves", sa.Integer(), nullable=False),
        sa.Column("first_key", sa.String(length=64), nullable=True),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["sessions.id"],
            name=op.f("fk_session_moves_session_id_sessions"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("session_id", name=op.f("pk_session_moves")),
    )
    op.create_table(
        "agenda_notices",
        sa.Column("delivery_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("body", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(
            ["delivery_id"],
            ["deliveries.id"],
            name=op.f("fk_agenda_notices_delivery_id_deliveries"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("delivery_id", name=op.f("pk_agenda_notices")),
    )


def downgrade() -> None:
    op.drop_table("agenda_notices")
    op.drop_table("session_moves")
    op.drop_table("agenda_reminders")
    with op.batch_alter_table("agenda_items", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_agenda_items_session_id"))
    op.drop_table("agenda_items")
