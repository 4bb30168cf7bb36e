"""Logging set up once: text or JSON lines on stderr, with a filter that removes anything shaped
like a Discord token, an Authorization value or a URL password."""

from __future__ import annotations

import json
import logging
import re
import sys
import time
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any, Final, TextIO

from bot.errors import ConfigError

REDACTED: Final = "[redacted]"
# A bot token: base64url of the bot's id, a timestamp, an HMAC, joined by dots.
TOKEN_PATTERN: Final = re.compile(
    r"(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{20,40}\.[A-Za-z0-9_-]{5,10}\.[A-Za-z0-9_-]{25,}"
)
# An Authorization header value: "Bot <token>" or "Bearer <token>".
AUTH_PATTERN: Final = re.compile(r"\b(Bot|Bearer)(\s+)[A-Za-z0-9_.~+/=-]{20,}")
# Credentials in a URL: scheme://user:password@host.
URL_PASSWORD_PATTERN: Final = re.compile(r"(\b[a-z][a-z0-9+.-]*://[^:/@\s]*:)[^@\s/]+@")
MIN_SECRET_LENGTH: Final = 8

_RECORD_ATTRS: Final = frozenset(
    {*vars(logging.LogRecord("", 0, "", 0, "", None, None)), "message", "asctime", "taskName"}
)
_PLAIN_FORMATTER = logging.Formatter()


class RedactingFilter(logging.Filter):
    """Removes Discord tokens, Authorization values, URL passwords and the given secrets.

    Attach it to a handler (as `configure_logging` does), so it sees every record that handler
    writes, from any logger. It rewrites the record: the message with its arguments merged, the
    formatted traceback, the stack and string `extra` fields.
    """

    def __init__(self, secrets: Iterable[str] = ()) -> None:
        super().__init__()
        self._secrets = sorted(
            {secret for secret in secrets if len(secret) >= MIN_SECRET_LENGTH},
            key=len,
            reverse=True,
        )

    def redact(self, text: str) -> str:
        for secret in self._secrets:
            text = text.replace(secret, REDACTED)
        text = AUTH_PATTERN.sub(rf"\1\2{REDACTED}", text)
        text = TOKEN_PATTERN.sub(REDACTED, text)
        return URL_PASSWORD_PATTERN.sub(rf"\1{REDACTED}@", text)

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # the formatter would fail too; keep the parts, redacted
            message = f"{record.msg!s} {record.args!r}"
        redacted = self.redact(message)
        if redacted != message or not isinstance(record.msg, str):
            record.msg, record.args = redacted, None
        if record.exc_info and not record.exc_text:
            record.exc_text = _PLAIN_FORMATTER.formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = self.redact(record.exc_text)
        if record.stack_info:
            record.stack_info = self.redact(record.stack_info)
        for key, value in list(vars(record).items()):
            if key not in _RECORD_ATTRS and isinstance(value, str):
                setattr(record, key, self.redact(value))
        return True


def _json_default(value: object) -> str:
    if isinstance(value, datetime):
        return value.isoformat()
    return str(value)


class JsonFormatter(logging.Formatter):
    """One JSON object per line: ts (ISO 8601, UTC), level, logger, message, extra fields,
    and `exception` / `stack` as formatted text."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "ts": datetime.fromtimestamp(record.created, UTC)
            .isoformat(timespec="milliseconds")
            .replace("+00:00", "Z"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        for key, value in vars(record).items():
            if key not in _RECORD_ATTRS and key not in entry and not key.startswith("_"):
                entry[key] = value
        if record.exc_info and not record.exc_text:
            record.exc_text = self.formatException(record.exc_info)
        if record.exc_text:
            entry["exception"] = record.exc_text
        if record.stack_info:
            entry["stack"] = self.formatStack(record.stack_info)
        line = json.dumps(entry, ensure_ascii=False, default=_json_default)
        # Characters that some readers take for line breaks; JSON escapes the rest itself.
        return (
            line.replace("\x85", "\\u0085")
            .replace("\u2028", "\\u2028")
            .replace("\u2029", "\\u2029")
        )


TEXT_FORMAT: Final = "%(asctime)s %(levelname)s %(name)s: %(message)s"
_HANDLER_NAME: Final = "confbot"


def _text_formatter() -> logging.Formatter:
    formatter = logging.Formatter(TEXT_FORMAT, datefmt="%Y-%m-%dT%H:%M:%SZ")
    formatter.converter = time.gmtime
    return formatter


def configure_logging(
    level: str,
    fmt: str = "text",
    *,
    secrets: Iterable[str] = (),
    stream: TextIO | None = None,
) -> logging.Handler:
    """Log to stderr (or `stream`) at `level`, as "text" or "json" lines, redacting secrets.

    Idempotent: a second call replaces the handler the first one installed; handlers others
    installed on the root logger stay. Returns the handler.
    """
    numeric = logging.getLevelNamesMapping().get(level.strip().upper())
    if numeric is None:
        raise ConfigError(f"LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR, not {level!r}")
    if fmt not in {"text", "json"}:
        raise ConfigError(f"LOG_FORMAT must be text or json, not {fmt!r}")
    root = logging.getLogger()
    for existing in list(root.handlers):
        if existing.get_name() == _HANDLER_NAME:
            root.removeHandler(existing)
            existing.close()
    handler = logging.StreamHandler(stream if stream is not None else sys.stderr)
    handler.set_name(_HANDLER_NAME)
    handler.setFormatter(JsonFormatter() if fmt == "json" else _text_formatter())
    handler.addFilter(RedactingFilter(secrets))
    root.addHandler(handler)
    root.setLevel(numeric)
    return handler
