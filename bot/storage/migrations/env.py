"""Alembic environment: run by bot.storage.migrate with a live connection, never by itself."""

from __future__ import annotations

from alembic import context

from bot.storage.tables import Base

connection = context.config.attributes["connection"]
context.configure(
    connection=connection,
    target_metadata=Base.metadata,
    render_as_batch=connection.dialect.name == "sqlite",  # SQLite alters tables by copying
    compare_type=True,
)
with context.begin_transaction():
    context.run_migrations()
