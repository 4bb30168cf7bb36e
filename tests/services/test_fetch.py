"""The fetcher against a local HTTP server on 127.0.0.1: conditional requests, the size cap
(declared or streamed), https only unless allowed, and the name a fetched
export is parsed under.

    .venv/bin/python -m pytest tests/services/test_fetch.py -q
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator

import pytest
from aiohttp import web

from bot.errors import UserError
from bot.services.fetch import FetchConfig, FetchError, HttpFetcher, check_url, filename_for

BODY = b"x" * 5000


async def plain(request: web.Request) -> web.Response:
    if request.headers.get("If-None-Match") == '"v1"':
        return web.Response(status=304)
    if request.headers.get("If-Modified-Since") == "Wed, 02 Apr 2025 08:00:00 GMT":
        return web.Response(status=304)
    return web.Response(body=BODY, headers={"ETag": '"v1"', "Last-Modified": "Tue"})


async def streamed(request: web.Request) -> web.StreamResponse:
    """No Content-Length: the cap must hold while reading."""
    response = web.StreamResponse()
    await response.prepare(request)
    for _ in range(10):
        await response.write(BODY)
    await response.write_eof()
    return response


@pytest.fixture
async def base() -> AsyncIterator[str]:
    app = web.Application()
    app.router.add_get("/plain", plain)
    app.router.add_get("/streamed", streamed)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    yield f"http://127.0.0.1:{port}"
    await runner.cleanup()


LOCAL = FetchConfig(timeout=5, allow_http=True)


async def test_a_fetch_brings_the_body_and_its_validators(base: str) -> None:
    fetched = await HttpFetcher(LOCAL).fetch(f"{base}/plain")
    assert fetched.body == BODY
    assert (fetched.etag, fetched.last_modified) == ('"v1"', "Tue")


@pytest.mark.parametrize(
    ("etag", "modified"), [('"v1"', None), (None, "Wed, 02 Apr 2025 08:00:00 GMT")]
)
async def test_not_modified_brings_no_body(
    base: str, etag: str | None, modified: str | None
) -> None:
    fetched = await HttpFetcher(LOCAL).fetch(f"{base}/plain", etag, modified)
    assert fetched.body is None


@pytest.mark.parametrize("path", ["/plain", "/streamed"])
async def test_a_page_over_the_cap_is_refused(base: str, path: str) -> None:
    fetcher = HttpFetcher(FetchConfig(timeout=5, max_bytes=4096, allow_http=True))
    with pytest.raises(FetchError, match="is larger than 4 KiB"):
        await fetcher.fetch(f"{base}{path}")


async def test_plain_http_needs_the_setting(base: str) -> None:
    with pytest.raises(UserError, match="only https:// URLs are fetched"):
        await HttpFetcher(FetchConfig()).fetch(f"{base}/plain")


async def test_a_refused_connection_is_a_fetch_error() -> None:
    with pytest.raises(FetchError, match=re.escape("cannot fetch http://127.0.0.1:1/p")):
        await HttpFetcher(LOCAL).fetch("http://127.0.0.1:1/p")


def test_urls_and_names() -> None:
    assert check_url(" https://e.org/p ", allow_http=False) == "https://e.org/p"
    with pytest.raises(UserError, match="PROGRAM_URL: give the program's https:// address"):
        check_url("ftp://e.org/p", allow_http=True, option="PROGRAM_URL")
    assert filename_for("https://e.org/conf/schedule.json", None) == "schedule.json"
    assert filename_for("https://docs.example/export?format=csv", "text/csv; charset=utf-8") == (
        "export.csv"
    )
    assert filename_for("https://e.org/", "text/html") == "program.html"
