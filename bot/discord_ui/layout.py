"""The page layout engine: Discord's message limits, and splitting what we show into pages.

An answer renders to a list of pages; a page is the embeds of one message. Each page fits all
of Discord's limits (the constants below), whatever it holds: a session with a hundred papers
or a paper with a thousand authors is split into more pages, never cut and never rejected.
Pages are laid out for a phone: one column of short lines, about a screen and a half of text
per embed, no inline fields. What goes on the pages is built in `embeds`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import discord
from discord.utils import escape_markdown

from bot.model import UNTITLED_SESSION

# --- Discord's limits -------------------------------------------------------------------------

TITLE_MAX = 256
DESCRIPTION_MAX = 4096
FIELDS_MAX = 25
FIELD_NAME_MAX = 256
FIELD_VALUE_MAX = 1024
FOOTER_MAX = 2048
EMBED_TOTAL_MAX = 6000
"""Characters of all embeds of one message together (titles, descriptions, fields, footers)."""
EMBEDS_MAX = 10
"""Embeds in one message."""
CONTENT_MAX = 2000
URL_MAX = 2048

# --- our layout -------------------------------------------------------------------------------

PAGE_TEXT = 2400
"""Description characters per embed: about a screen and a half on a phone."""
MESSAGE_TEXT = 4500
"""Short embeds (two sessions called "LLM Serving") share a message up to this many characters."""
FOOTER_TEXT = 60
"""An embed's own footer; "Page 12 of 30" is added to it, far below FOOTER_MAX."""
ELLIPSIS = "…"

INFO = discord.Colour.blurple()
NOW = discord.Colour.green()
ADMIN = discord.Colour.gold()
WARNING = discord.Colour.orange()
ERROR = discord.Colour.red()

Page = tuple[discord.Embed, ...]
"""The embeds of one message."""


# --- text helpers -----------------------------------------------------------------------------


# Every character escape_markdown's patterns can start from (markdown marks, a quote, a link's
# bracket, a heading, a list dash). Text without any comes back unchanged, so most program
# text skips its regular expression, which is built and looked up afresh on every call.
_MARKDOWN_CHARS = re.compile(r"[_\\~|*`>\[#-]")


def esc(text: str) -> str:
    """Program or user text, shown literally: markdown escaped."""
    if _MARKDOWN_CHARS.search(text) is None:
        return text
    return escape_markdown(text)


def shorten(text: str, limit: int) -> str:
    """`text` in at most `limit` characters, visibly cut with an ellipsis when longer."""
    if len(text) <= limit:
        return text
    return _without_dangling_escape(text[: limit - 1].rstrip()) + ELLIPSIS


def _without_dangling_escape(text: str) -> str:
    """Drop a last backslash that would escape whatever follows the cut."""
    trailing = len(text) - len(text.rstrip("\\"))
    return text[:-1] if trailing % 2 else text


def _hard_cut(text: str, budget: int) -> list[str]:
    pieces: list[str] = []
    while len(text) > budget:
        piece = _without_dangling_escape(text[:budget])
        pieces.append(piece)
        text = text[len(piece) :]
    pieces.append(text)
    return pieces


_SEPARATORS = ("; ", ", ", " ")


def wrap(text: str, budget: int, separators: Sequence[str] = _SEPARATORS) -> list[str]:
    """A line too long for one page, as lines of at most `budget` characters.

    Broken after "; " (between affiliation groups), then ", " (between names), then spaces;
    only a run of `budget` characters without any of them is cut mid-word. Every character
    is kept.
    """
    if len(text) <= budget:
        return [text]
    usable = [i for i, separator in enumerate(separators) if separator in text]
    if not usable:
        return _hard_cut(text, budget)
    separator = separators[usable[0]]
    parts = text.split(separator)
    finer = separators[usable[0] + 1 :]
    lines: list[str] = []
    current = ""
    for number, part in enumerate(parts):
        piece = part + (separator.rstrip() if number < len(parts) - 1 else "")
        for sub in wrap(piece, budget, finer) if len(piece) > budget else [piece]:
            joined = f"{current} {sub}" if current else sub
            if len(joined) <= budget:
                current = joined
            else:
                lines.append(current)
                current = sub
    lines.append(current)
    return lines


def pack(blocks: Iterable[str], budget: int) -> list[str]:
    """Blocks (paragraphs) joined by blank lines into texts of at most `budget` characters.

    A block stays on one page when it fits on an empty one; a longer block is poured line by
    line, and a line longer than a page is wrapped (`wrap`). Nothing is dropped.
    """
    pages: list[str] = []
    current = ""
    for block in blocks:
        if not block:
            continue
        joined = f"{current}\n\n{block}" if current else block
        if len(joined) <= budget:
            current = joined
            continue
        if len(block) <= budget:
            pages.append(current)
            current = block
            continue
        separator = "\n\n"
        for raw_line in block.split("\n"):
            for line in wrap(raw_line, budget):
                joined = f"{current}{separator}{line}" if current else line
                if len(joined) <= budget:
                    current = joined
                else:
                    pages.append(current)
                    current = line
                separator = "\n"
    if current:
        pages.append(current)
    return pages


# --- building pages ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Item:
    """One thing to show (a session, a paper, a person): a title and paragraphs of markdown.

    `title` is plain text (escaped here); `blocks` are already escaped markdown.
    """

    title: str
    blocks: Sequence[str]
    colour: discord.Colour = INFO
    url: str | None = None
    footer: str | None = None
    fields: Sequence[tuple[str, str]] = field(default=())


def item_embeds(item: Item) -> list[discord.Embed]:
    """One item as embeds of at most PAGE_TEXT description characters each."""
    title = esc(item.title.strip() or UNTITLED_SESSION)
    blocks = list(item.blocks)
    if len(title) > TITLE_MAX:
        blocks.insert(0, f"**{title}**")  # the whole title, since the embed title is cut
        title = shorten(title, TITLE_MAX)
    footer = shorten(item.footer, FOOTER_TEXT) if item.footer else None
    fields = [
        (shorten(name, FIELD_NAME_MAX), shorten(value, FIELD_VALUE_MAX) or "-")
        for name, value in item.fields[:FIELDS_MAX]
    ]
    fixed = len(title) + (len(footer) if footer else 0) + sum(len(n) + len(v) for n, v in fields)
    budget = min(PAGE_TEXT, DESCRIPTION_MAX, EMBED_TOTAL_MAX - fixed - FOOTER_TEXT)
    texts: list[str | None] = list(pack(blocks, budget)) or [None]
    embeds = []
    for number, text in enumerate(texts):
        embed = discord.Embed(title=title, description=text, colour=item.colour, url=item.url)
        if number == 0:
            for name, value in fields:
                embed.add_field(name=name, value=value, inline=False)
        if footer:
            embed.set_footer(text=footer)
        embeds.append(embed)
    return embeds


def paginate(items: Iterable[Item]) -> list[Page]:
    """Items as pages: each item's embeds in order, each page within Discord's limits, and
    "Page i of n" in the footer when there is more than one. Short items share a message; the
    continuation of a long one starts a page of its own."""
    pages: list[list[discord.Embed]] = []
    size = 0
    for item in items:
        for part, embed in enumerate(item_embeds(item)):
            length = len(embed)
            shares = part == 0 and len(pages[-1]) < EMBEDS_MAX if pages else False
            if shares and size + length <= MESSAGE_TEXT:
                pages[-1].append(embed)
                size += length
            else:
                pages.append([embed])
                size = length
    if not pages:
        pages = [[discord.Embed(description="Nothing to show.", colour=INFO)]]
    if len(pages) > 1:
        for number, page in enumerate(pages, start=1):
            last = page[-1]
            counter = f"Page {number} of {len(pages)}"
            text = last.footer.text
            last.set_footer(text=f"{text} · {counter}" if text else counter)
    return [tuple(page) for page in pages]


def single(item: Item) -> Page:
    """A one-page message (errors, notices): shortened if ever longer, never split."""
    embeds = item_embeds(item)
    first = embeds[0]
    if len(embeds) > 1 and first.description is not None:
        first.description = shorten(first.description + "\n" + ELLIPSIS, PAGE_TEXT)
    return (first,)


def one_message(item: Item) -> list[discord.Embed]:
    """A message sent outside an interaction cannot page: its first page, and where there is
    more, a last line that says so (the whole session is one /session away)."""
    pages = paginate([item])
    embeds = list(pages[0])
    if len(pages) > 1:
        embeds[-1].set_footer(
            text=f"Page 1 of {len(pages)} · the rest: /session {shorten(item.title, 40)}"
        )
    return embeds
