"""Errors whose messages are safe to show to a user, on Discord or in the console."""

from __future__ import annotations


class UserError(Exception):
    """Something the user can fix; `str(error)` is the whole message shown to them."""


class ProgramParseError(UserError):
    """Input that is no program at all (empty, binary, nothing recognisable).

    `line` is 1-based, or 0 where the fault is the whole file.
    """

    def __init__(self, message: str, *, source: str | None = None, line: int = 0) -> None:
        self.source = source
        self.line = line
        self.reason = message
        where = f"{source or '<input>'}:{line}" if line else (source or "<input>")
        super().__init__(f"{where}: {message}")


class ProgramRejectedError(UserError):
    """A program that parsed but cannot be stored (e.g. a conference name too long for a slug).

    Nothing was changed: the program loaded before stays.
    """


class NotFoundError(UserError):
    """A query matched nothing; `suggestions` are the closest names, best first."""

    def __init__(self, message: str, suggestions: tuple[str, ...] = ()) -> None:
        self.suggestions = suggestions
        super().__init__(message)


class PermissionDeniedError(UserError):
    """The caller may not do this (an organiser acting beyond their own server, say)."""


class ConfigError(UserError):
    """A setting is missing or malformed; the message names the setting."""
