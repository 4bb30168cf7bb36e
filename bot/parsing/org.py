"""A program kept as an Emacs org-mode file (`program.org`): read as the text its export shows.

Read as it is, the markup sits inside the program's lines: `** [#A] <<51>> Title :AI:en:` is a
heading with a priority cookie, a target and tags around its title, `#+TITLE: Program` a
setting, `|---+---|` a table's rule. Org's own export prints none of them: a heading prints its
title, a target nothing, a link its description, a table its cells. The file is read as that
text, a line for each line of the source, so nothing of the program is lost or merged.
"""

from __future__ import annotations

import re

# `* Title`, `** [#A] Title :tag:`: a heading, its stars at the start of the line.
_HEADING = re.compile(r"^(\*+)[ \t]+(.*)$")
# What marks a heading as org's rather than a Markdown bullet: a priority cookie, a target or
# a TODO keyword before its title, tags after it.
_COOKIE = re.compile(r"\[#[A-Z0-9]\][ \t]*")
_TODO = re.compile(r"^(?:TODO|DONE)[ \t]+")
_TAGS = re.compile(r"[ \t]+:(?:[\w@#%]+:)+[ \t]*$")
# `<<target>>` prints nothing; a radio target `<<<text>>>` prints its text.
_RADIO_TARGET = re.compile(r"<<<([^<>\n]+)>>>")
_TARGET = re.compile(r"<<[^<>\n]+>>[ \t]*")
# `#+TITLE: Program`, `#+OPTIONS: toc:nil`, `#+BEGIN_QUOTE`: settings and block delimiters.
_KEYWORD = re.compile(r"^[ \t]*#\+(\w+)(?:\[[^\]\n]*\])?:?[ \t]*(.*)$")
# `# a comment` (a hash and a space, or a lone hash)
_COMMENT = re.compile(r"^[ \t]*#(?:[ \t]|$)")
_DRAWER = re.compile(r"^[ \t]*:(\w+):[ \t]*$")
_LINK = re.compile(r"\[\[([^\]\n]+)\](?:\[([^\]\n]+)\])?\]")
_TABLE_RULE = re.compile(r"^[ \t]*\|[-+:| \t]*$")
_TABLE_ROW = re.compile(r"^[ \t]*\|(.*?)\|?[ \t]*$")
# Headings a file needs before it is taken for org, and of them marked as org's only.
_HEADINGS = 2
_MARKED = 2


def looks_like_org(text: str) -> bool:
    """An org-mode file: star headings, and a `#+KEYWORD:` setting or a property drawer, or
    headings marked as org's only (priority cookies, targets, tags)."""
    headings = marked = settings = 0
    for line in text[:65536].splitlines():
        heading = _HEADING.match(line)
        if heading is not None:
            headings += 1
            body = heading.group(2)
            if _COOKIE.match(body) or _TARGET.search(body) or _TAGS.search(body):
                marked += 1
        elif (line.startswith("#+") and _KEYWORD.match(line)) or line.strip() == ":PROPERTIES:":
            settings += 1
    return headings >= _HEADINGS and (settings > 0 or marked >= _MARKED)


def org_to_text(text: str) -> str:
    """The text org's export shows of this file, line for line."""
    out: list[str] = []
    drawer = False
    for line in text.replace("\r\n", "\n").split("\n"):
        if drawer:
            drawer = line.strip().upper() != ":END:"
            continue
        if _DRAWER.match(line) is not None:
            drawer = line.strip().upper() != ":END:"
            continue
        keyword = _KEYWORD.match(line)
        if keyword is not None:
            if keyword.group(1).upper() == "TITLE" and keyword.group(2):
                out.append(_inline(keyword.group(2)))
            continue
        if _COMMENT.match(line):
            continue
        heading = _HEADING.match(line)
        if heading is not None:
            out.append(_heading_title(heading.group(2)))
        elif _TABLE_RULE.match(line) and "-" in line:
            continue
        elif (row := _TABLE_ROW.match(line)) is not None and line.lstrip().startswith("|"):
            out.append("\t".join(_inline(cell.strip()) for cell in row.group(1).split("|")))
        else:
            out.append(_inline(line))
    return "\n".join(out)


def _heading_title(body: str) -> str:
    body = _TODO.sub("", body)
    body = _COOKIE.sub("", body, count=1) if _COOKIE.match(body) else body
    body = _TAGS.sub("", body)
    return _inline(body).strip()


def _inline(line: str) -> str:
    if "<<" in line:
        line = _TARGET.sub("", _RADIO_TARGET.sub(r"\1", line))
    if "[[" in line:
        line = _LINK.sub(lambda m: m.group(2) or m.group(1), line)
    return line
