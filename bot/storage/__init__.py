"""Persistence: the only package that imports SQLAlchemy.

`engine` builds engines, session factories and the schema; `tables` holds the ORM rows (which
never leave this package); `programs.ProgramStore` stores and diffs conference programs and
hands `bot.model` objects back.
"""

from bot.storage.engine import create_engine_for, create_schema, make_sessionmaker, sqlite_url_for
from bot.storage.programs import ProgramNotStorable, ProgramStore

__all__ = [
    "ProgramNotStorable",
    "ProgramStore",
    "create_engine_for",
    "create_schema",
    "make_sessionmaker",
    "sqlite_url_for",
]
