"""people: chair links become person links (authors too, with a reminders opt-out), and
members' claims to be a person, waiting for an organiser

Revision ID: 0005_people
Revises: 0004_agenda
Create Date: 2026-12-01
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import bot.storage.tables

revision: str = "0005_people"
down_revision: str | None = "0004_agenda"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

UTC_DATETIME = bot.storage.tables.UTCDateTime(timezone=True)
LINK_COLUMNS = ("id", "conference_id", "guild_id", "person_name", "user_id")


def _links_table(name: str, *, person: bool) -> None:
    extra = (
        [
            sa.Column("origin", sa.String(length=16), nullable=False),
            sa.Column("reminders", sa.Boolean(), nullable=False),
        ]
        if person
        else []
    )
    op.create_table(
        name,
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("conference_id", sa.Integer(), nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("person_name", sa.Text(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        *extra,
        sa.ForeignKeyConstraint(
            ["conference_id"],
            ["conferences.id"],
            name=op.f(f"fk_{name}_conference_id_conferences"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f(f"pk_{name}")),
        sa.UniqueConstraint(
            "conference_id",
            "guild_id",
            "person_name",
            name=op.f(f"uq_{name}_conference_id_guild_id_person_name"),
        ),
    )


def upgrade() -> None:
    _links_table("person_links", person=True)
    # Every chair link an organiser made stays, as an organiser's link with reminders on.
    chair_links = sa.table("chair_links", *(sa.column(c) for c in LINK_COLUMNS))
    person_links = sa.table(
        "person_links", *(sa.column(c) for c in (*LINK_COLUMNS, "origin", "reminders"))
    )
    op.execute(
        sa.insert(person_links).from_select(
            [*LINK_COLUMNS, "origin", "reminders"],
            sa.select(
                *(chair_links.c[c] for c in LINK_COLUMNS), sa.literal("organiser"), sa.true()
            ),
        )
    )
    if op.get_bind().dialect.name == "postgresql":
        op.execute(
            "SELECT setval(pg_get_serial_sequence('person_links', 'id'), "
            "COALESCE((SELECT MAX(id) FROM person_links), 0) + 1, false)"
        )
    op.drop_table("chair_links")
    op.create_table(
        "person_claims",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("conference_id", sa.Integer(), nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("person_name", sa.Text(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("state", sa.String(length=16), nullable=False),
        sa.Column("requested_at", UTC_DATETIME, nullable=False),
        sa.Column("decided_by", sa.BigInteger(), nullable=True),
        sa.Column("decided_at", UTC_DATETIME, nullable=True),
        sa.ForeignKeyConstraint(
            ["conference_id"],
            ["conferences.id"],
            name=op.f("fk_person_claims_conference_id_conferences"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_person_claims")),
    )
    with op.batch_alter_table("person_claims", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_person_claims_conference_id_guild_id_user_id"),
            ["conference_id", "guild_id", "user_id"],
            unique=False,
        )


def downgrade() -> None:
    with op.batch_alter_table("person_claims", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_person_claims_conference_id_guild_id_user_id"))
    op.drop_table("person_claims")
    _links_table("chair_links", person=False)
    # Only the links an organiser made go back; claimed links did not exist before.
    chair_links = sa.table("chair_links", *(sa.column(c) for c in LINK_COLUMNS))
    person_links = sa.table("person_links", *(sa.column(c) for c in (*LINK_COLUMNS, "origin")))
    op.execute(
        sa.insert(chair_links).from_select(
            list(LINK_COLUMNS),
            sa.select(*(person_links.c[c] for c in LINK_COLUMNS)).where(
                person_links.c.origin == "organiser"
            ),
        )
    )
    op.drop_table("person_links")
