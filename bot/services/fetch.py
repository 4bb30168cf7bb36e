"""Fetching a program from its URL, politely: a conditional request (the ETag and
Last-Modified of the last good fetch), a timeout, a size cap, and https only unless the
operator allows plain http (PROGRAM_URL_ALLOW_HTTP, which the tests' local server needs).

Every way a fetch can go wrong becomes a `FetchError` whose message an organiser can act on;
nothing here blocks the event loop (aiohttp), and nothing here knows about the program.
"""

from __future__ import annotations

import logging
import posixpath
from dataclasses import dataclass
from typing import Protocol
from urllib.parse import unquote, urlsplit

import aiohttp

from bot.errors import UserError

log = logging.getLogger(__name__)

DEFAULT_TIMEOUT = 20.0
DEFAULT_MAX_BYTES = 20 * 1_048_576
USER_AGENT = "confbot (conference program bot; polls its program page)"
CHUNK = 65536

# A name for what an export URL without one serves, so the parser knows a spreadsheet.
EXTENSION_OF_TYPE = {
    "text/csv": ".csv",
    "text/tab-separated-values": ".tsv",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": ".xlsx",
    "application/vnd.oasis.opendocument.spreadsheet": ".ods",
    "application/json": ".json",
    "application/xml": ".xml",
    "text/xml": ".xml",
    "text/html": ".html",
    "text/plain": ".txt",
    "text/markdown": ".md",
    "text/calendar": ".ics",
}


class FetchError(UserError):
    """The program could not be fetched; the message says why."""


@dataclass(frozen=True, slots=True)
class FetchConfig:
    timeout: float = DEFAULT_TIMEOUT
    max_bytes: int = DEFAULT_MAX_BYTES
    allow_http: bool = False


@dataclass(frozen=True, slots=True)
class Fetched:
    """What a fetch brought: the body, or None when the server said "not modified"."""

    body: bytes | None
    filename: str
    etag: str | None = None
    last_modified: str | None = None


class Fetcher(Protocol):
    async def fetch(
        self, url: str, etag: str | None = None, last_modified: str | None = None
    ) -> Fetched: ...


def check_url(url: str, *, allow_http: bool, option: str = "url") -> str:
    """The URL, if the bot may fetch it; else a UserError naming `option`."""
    url = url.strip()
    parts = urlsplit(url)
    allowed = parts.scheme == "https" or (parts.scheme == "http" and allow_http)
    if allowed and parts.hostname:
        return url
    if parts.scheme == "http":
        raise UserError(
            f"{option}: only https:// URLs are fetched (the operator can allow http with "
            f"PROGRAM_URL_ALLOW_HTTP=1), not {url!r}"
        )
    raise UserError(f"{option}: give the program's https:// address, not {url!r}")


def filename_for(url: str, content_type: str | None) -> str:
    """The name the program is parsed under: the URL's last path segment, with the extension
    its content type implies when it has none (a spreadsheet export at `/export?format=csv`)."""
    name = posixpath.basename(unquote(urlsplit(url).path)) or "program"
    if "." not in name and content_type:
        name += EXTENSION_OF_TYPE.get(content_type.split(";")[0].strip().lower(), "")
    return name


class HttpFetcher:
    """Fetches with aiohttp, one short-lived client session per fetch (one every few
    minutes: nothing to keep open between them)."""

    def __init__(self, config: FetchConfig = FetchConfig()) -> None:
        self.config = config

    async def fetch(
        self, url: str, etag: str | None = None, last_modified: str | None = None
    ) -> Fetched:
        check_url(url, allow_http=self.config.allow_http)
        headers = {"User-Agent": USER_AGENT}
        if etag:
            headers["If-None-Match"] = etag
        if last_modified:
            headers["If-Modified-Since"] = last_modified
        timeout = aiohttp.ClientTimeout(total=self.config.timeout)
        try:
            async with (
                aiohttp.ClientSession(timeout=timeout) as session,
                session.get(url, headers=headers) as response,
            ):
                check_url(str(response.url), allow_http=self.config.allow_http, option="redirect")
                if response.status == 304:
                    return Fetched(None, filename_for(url, None), etag, last_modified)
                if response.status != 200:
                    raise FetchError(
                        f"{url} answered {response.status} {response.reason or ''}".rstrip()
                    )
                body = await self._read_capped(url, response)
                return Fetched(
                    body,
                    filename_for(url, response.headers.get("Content-Type")),
                    response.headers.get("ETag"),
                    response.headers.get("Last-Modified"),
                )
        except TimeoutError as error:
            raise FetchError(
                f"{url} did not answer within {self.config.timeout:g} seconds"
            ) from error
        except aiohttp.ClientError as error:
            reason = " ".join(str(error).split()) or type(error).__name__
            raise FetchError(f"cannot fetch {url}: {reason}") from error

    async def _read_capped(self, url: str, response: aiohttp.ClientResponse) -> bytes:
        cap = self.config.max_bytes
        too_big = FetchError(f"{url} is larger than {cap // 1024} KiB (PROGRAM_URL_MAX_BYTES)")
        if response.content_length is not None and response.content_length > cap:
            raise too_big
        chunks: list[bytes] = []
        size = 0
        async for chunk in response.content.iter_chunked(CHUNK):
            size += len(chunk)
            if size > cap:
                raise too_big
            chunks.append(chunk)
        return b"".join(chunks)
