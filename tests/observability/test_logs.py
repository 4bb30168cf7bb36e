"""bot.observability.logs: JSON lines, text lines and token redaction."""

from __future__ import annotations

import io
import json
import logging
import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest

from bot.errors import ConfigError
from bot.observability.logs import (
    JsonFormatter,
    RedactingFilter,
    configure_logging,
)

NOW = datetime(2025, 4, 1, 9, 0, tzinfo=UTC)
# Built at run time so that no token-shaped literal sits in the repository.
FAKE_TOKEN = ".".join(["MTA" + "x1Y2z3" * 4, "G" + "AbCd" + "e", "Q" * 20 + "-_r" * 6])


@pytest.fixture
def restore_root_logger() -> Iterator[None]:
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    yield
    for handler in root.handlers:
        if handler not in handlers:
            root.removeHandler(handler)
    root.setLevel(level)


def _log_lines(fmt: str, emit: object) -> list[str]:
    stream = io.StringIO()
    configure_logging("DEBUG", fmt, stream=stream)
    assert callable(emit)
    emit(logging.getLogger("bot.test"))
    return stream.getvalue().splitlines()


@pytest.mark.usefixtures("restore_root_logger")
def test_json_lines_carry_ts_level_logger_message_extras_and_exception() -> None:
    def emit(logger: logging.Logger) -> None:
        logger.info("delivered %d reminders", 3, extra={"guild_id": 42, "at": NOW})
        try:
            raise ValueError("boom\nsecond line")
        except ValueError:
            logger.exception("scheduler pass failed")

    lines = _log_lines("json", emit)
    assert len(lines) == 2
    first, second = (json.loads(line) for line in lines)
    assert first["message"] == "delivered 3 reminders"
    assert first["level"] == "INFO"
    assert first["logger"] == "bot.test"
    assert first["guild_id"] == 42
    assert first["at"] == NOW.isoformat()
    assert datetime.fromisoformat(first["ts"]).utcoffset() == timedelta(0)
    assert second["level"] == "ERROR"
    assert "ValueError: boom" in second["exception"]
    assert "Traceback" in second["exception"]


def test_json_formatter_keeps_line_separators_inside_the_line() -> None:
    record = logging.LogRecord("bot", logging.INFO, __file__, 1, "a\u2028b\x85c\nd", None, None)
    line = JsonFormatter().format(record)
    assert len(line.splitlines()) == 1
    assert json.loads(line)["message"] == "a\u2028b\x85c\nd"


@pytest.mark.usefixtures("restore_root_logger")
@pytest.mark.parametrize("fmt", ["text", "json"])
def test_tokens_never_reach_the_output(fmt: str) -> None:
    def emit(logger: logging.Logger) -> None:
        logger.info(f"token in the message {FAKE_TOKEN}")
        logger.info("token in the args %s and %r", FAKE_TOKEN, {"token": FAKE_TOKEN})
        logger.info("header %s", {"Authorization": f"Bot {FAKE_TOKEN}"})
        logger.info("bearer: Bearer abcdefghijklmnopqrstuvwxyz012345")
        logger.warning("extra", extra={"header": f"Bot {FAKE_TOKEN}"})
        logger.info("url %s", "postgresql+asyncpg://confbot:hunter2secret@db:5432/confbot")
        try:
            raise RuntimeError(f"login failed for {FAKE_TOKEN}")
        except RuntimeError:
            logger.exception("gateway error")

    lines = _log_lines(fmt, emit)
    output = "\n".join(lines)
    assert FAKE_TOKEN not in output
    assert FAKE_TOKEN.split(".")[2] not in output
    assert "abcdefghijklmnopqrstuvwxyz012345" not in output
    assert "hunter2secret" not in output
    assert "postgresql+asyncpg://confbot:[redacted]@db:5432/confbot" in output
    assert "token in the args [redacted] and {'token': '[redacted]'}" in output
    assert "{'Authorization': 'Bot [redacted]'}" in output
    assert "RuntimeError: login failed for [redacted]" in output
    if fmt == "json":
        entries = [json.loads(line) for line in lines]
        assert [e["header"] for e in entries if "header" in e] == ["Bot [redacted]"]


def test_redacting_filter_removes_registered_secrets_and_leaves_plain_text() -> None:
    redactor = RedactingFilter(secrets=["s3cr3t-password", "short", ""])
    assert redactor.redact("pw=s3cr3t-password") == "pw=[redacted]"
    assert redactor.redact("a short note") == "a short note"  # too short to redact safely
    for harmless in (
        "bot.discord_ui.runner started 2 shards",
        "Bot ready in guild 123456789012345678",
        "loaded asplos-eurosys-2025.txt: 312 sessions",
        "https://discord.com/api/v10/gateway/bot",
    ):
        assert redactor.redact(harmless) == harmless


def test_redacting_filter_survives_a_message_that_cannot_be_formatted() -> None:
    record = logging.LogRecord(
        "bot", logging.INFO, __file__, 1, "%d items %s", ("x", FAKE_TOKEN), None
    )
    assert RedactingFilter().filter(record)
    assert FAKE_TOKEN not in record.getMessage()


@pytest.mark.usefixtures("restore_root_logger")
def test_configure_logging_is_idempotent_and_validates() -> None:
    root = logging.getLogger()
    before = len(root.handlers)
    configure_logging("info", "text")
    handler = configure_logging("WARNING", "json")
    assert len(root.handlers) == before + 1
    assert handler in root.handlers
    assert isinstance(handler.formatter, JsonFormatter)
    assert root.level == logging.WARNING
    with pytest.raises(ConfigError, match="LOG_LEVEL"):
        configure_logging("LOUD", "text")
    with pytest.raises(ConfigError, match="LOG_FORMAT"):
        configure_logging("INFO", "yaml")


@pytest.mark.usefixtures("restore_root_logger")
def test_text_format_is_one_line_with_utc_time() -> None:
    lines = _log_lines("text", lambda logger: logger.warning("hello %s", "there"))
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ WARNING bot\.test: hello there", lines[0])
