"""The sent-mark journal: how claimed deliveries ended, kept until the database has it.

A message that went out must never be sent again because its mark could not be written (the
database was down, or the process died between the send and the mark). Each mark is appended
here the moment the outcome is known, before the database is asked; it leaves the journal
once the database has it. Before anything with a delivery id is sent, the scheduler asks the
journal; a row found here is marked, not sent.

With a path (beside the SQLite database) the journal is a file of JSON lines: a write reaches
the operating system at once, so it survives the process being killed (not a power cut: the
message nonce is the last line of defence there). Without a path it is an in-memory list that
lives as long as the process, retried until the database answers.
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Iterable
from datetime import datetime
from pathlib import Path

from bot.model import DeliveryMark, DeliveryState

log = logging.getLogger(__name__)


class MarkJournal:
    def __init__(self, path: Path | None = None) -> None:
        self._path = path
        self._marks: dict[int, DeliveryMark] = {}
        self._fd: int | None = None
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._load(path)
            # O_APPEND: each line is one write(2), so a kill never leaves half a line behind
            # another. A small append to the page cache does not block the event loop.
            self._fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
            if not self._marks:
                os.ftruncate(self._fd, 0)

    @property
    def path(self) -> Path | None:
        return self._path

    def _load(self, path: Path) -> None:
        if not path.exists():
            return
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip():
                continue
            try:
                entry = json.loads(line)
                if "settled" in entry:
                    for delivery_id in entry["settled"]:
                        self._marks.pop(int(delivery_id), None)
                    continue
                mark = DeliveryMark(
                    delivery_id=int(entry["id"]),
                    state=DeliveryState(entry["state"]),
                    reason=entry.get("reason"),
                    fallback=entry.get("fallback"),
                    not_before=(
                        datetime.fromisoformat(entry["not_before"])
                        if entry.get("not_before")
                        else None
                    ),
                )
            except (ValueError, KeyError, TypeError):
                # A torn last line (the process died inside a write) or damage: skip it.
                log.warning("sent-mark journal %s: line %d unreadable; skipped", path, number)
                continue
            self._marks[mark.delivery_id] = mark
        if self._marks:
            log.info("sent-mark journal: %d marks not yet in the database", len(self._marks))

    def record(self, mark: DeliveryMark) -> None:
        """Remember how a delivery ended, durably when there is a file, before the database."""
        self._marks[mark.delivery_id] = mark
        if self._fd is not None:
            entry: dict[str, object] = {"id": mark.delivery_id, "state": mark.state.value}
            if mark.reason is not None:
                entry["reason"] = mark.reason
            if mark.fallback is not None:
                entry["fallback"] = mark.fallback
            if mark.not_before is not None:
                entry["not_before"] = mark.not_before.isoformat()
            os.write(self._fd, (json.dumps(entry) + "\n").encode())

    def settled(self, ids: Iterable[int]) -> None:
        """The database has these marks (or the claim went to someone else): forget them."""
        gone = [i for i in ids if self._marks.pop(i, None) is not None]
        if self._fd is None or not gone:
            return
        if not self._marks:
            os.ftruncate(self._fd, 0)  # nothing outstanding: start the file afresh
        else:
            os.write(self._fd, (json.dumps({"settled": gone}) + "\n").encode())

    def get(self, delivery_id: int) -> DeliveryMark | None:
        return self._marks.get(delivery_id)

    def outstanding(self) -> list[DeliveryMark]:
        return list(self._marks.values())

    def __len__(self) -> int:
        return len(self._marks)

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None
