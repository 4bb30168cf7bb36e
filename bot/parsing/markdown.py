"""A program written in Markdown, as static sites keep them (`program.md` of a Jekyll, Hugo or
MkDocs site, a repository's README): read as the page the site renders from it.

Read as plain text, the markup hides the program: `#### 10:10-12:15 Session 1` is no time
line, `**Title**. A (X); B (Y).` no title, `[Keynote](#keynote) **(Name)**` no talk. The file
is rendered with markdown-it-py (CommonMark and GFM tables, raw HTML kept, as the site
generators' renderers do) and read as that page. Two choices differ from a site's renderer,
both so that no line of the source is lost or merged: a line break inside a paragraph stays a
line break (many pages print `**Title**` above its authors and rely on the theme, or on two
trailing spaces, to part them), and indented lines are text, not code blocks (programs indent
their talks under a session).
"""

from __future__ import annotations

import re

from markdown_it import MarkdownIt

from bot.parsing.html import looks_like_html
from bot.parsing.lexer import space_aligned_cells

_RENDERER = MarkdownIt("commonmark", {"html": True, "breaks": True}).enable("table").disable("code")

# What marks a file as Markdown source rather than a page's copied text, which never prints
# its headings' hashes, its emphasis' asterisks or its links' addresses.
_HEADING = re.compile(r"^ {0,3}#{1,6}[ \t]+\S")
_STRONG = re.compile(r"(\*\*|__)(?=\S).*?\S\1")
_LINK = re.compile(r"\[[^\]\n]+\]\((?:[^()\s]|\([^()\s]*\))*\)")
_TABLE_RULE = re.compile(r"^ {0,3}\|? *:?-{3,}:? *(?:\| *:?-{3,}:? *)+\|? *$")
_MARKED_LINES = 2
# Rows in columns of spaces that make a text a copied table, whatever marks it holds.
_ALIGNED_ROWS = 3

# kramdown (Jekyll's renderer) takes every run of lines opening with a pipe for a table, with
# or without a header row, and a rule line inside the run parts its bodies; GFM, which
# markdown-it follows, needs a header row and a rule line below it, and leaves any other run
# as a paragraph of pipes. A run without them is given an empty header, dropped once rendered.
_PIPE_ROW = re.compile(r"^ {0,3}\|")
_EMPTY_HEADER = re.compile(
    r"<thead>\n<tr>\n(?:<th(?: style=\"[^\"]*\")?></th>\n)+</tr>\n</thead>\n"
)

# Site-generator lines that render as nothing: Jekyll/Hugo front matter, kramdown and Hugo
# attribute lists (`{: .btn}`, `{.px-3}`), Liquid tags (`{% include x.html %}`) and Hugo
# shortcodes (`{{< details >}}`; what they wrap is kept).
_FRONT_MATTER = re.compile(
    r"\A(?:---|\+\+\+)[ \t]*\n.*?\n(?:---|\+\+\+|\.\.\.)[ \t]*(?:\n|\Z)", re.S
)
_GENERATOR_MARKUP = re.compile(
    r"\{:[^}\n]*\}|\{\.[^}\n]*\}|\{%.*?%\}|\{\{[<%].*?[%>]\}\}|\{\{.*?\}\}"
)


def looks_like_markdown(text: str) -> bool:
    """Markdown source: front matter, or a few lines with headings, strong emphasis, links or
    a table's rule line. Not a copied table (its cells apart by TABs or laid out in columns of
    spaces, which Markdown would run together), and not a page of HTML unless it also has
    Markdown's headings."""
    if _FRONT_MATTER.match(text):
        return True
    marked = headings = cells = 0
    for line in text[:65536].splitlines():
        if "\t" in line.strip():
            cells += 1
            if cells >= _MARKED_LINES:
                return False
        if "#" in line and _HEADING.match(line):
            headings += 1
            marked += 1
        elif (
            (("*" in line or "_" in line) and _STRONG.search(line))
            or ("](" in line and _LINK.search(line))
            or ("-" in line and _TABLE_RULE.match(line))
        ):
            marked += 1
    if marked < _MARKED_LINES or (headings == 0 and looks_like_html(text)):
        return False
    # a table laid out in columns of spaces, which Markdown would run together as well (a pipe
    # table's padded cells are Markdown's own; a line's indentation, as in a raw HTML block
    # spread over indented lines, starts no cell)
    lines = [line for line in text[:65536].splitlines() if "|" not in line]
    aligned = space_aligned_cells(lines)
    return (
        sum(a.lstrip() != b.lstrip() for a, b in zip(lines, aligned, strict=True)) < _ALIGNED_ROWS
    )


def markdown_to_html(text: str) -> str:
    """The page a static site renders from this Markdown source."""
    if "\r" in text:
        text = text.replace("\r\n", "\n")  # a source saved on Windows: its rules and tables too
    front = _FRONT_MATTER.match(text)
    if front is not None:
        text = text[front.end() :]
    if "{" in text:
        text = _GENERATOR_MARKUP.sub("", text)
    if "|" in text:
        text = _headed_pipe_tables(text)
    html = str(_RENDERER.render(text))
    return _EMPTY_HEADER.sub("", html) if "<thead>" in html else html


def _headed_pipe_tables(text: str) -> str:
    """Every run of pipe rows as a GFM table: kramdown's header-less tables get an empty
    header row and a rule line, and rule lines inside a run (kramdown's body separators, which
    print nothing) are dropped."""
    lines = text.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        if not _PIPE_ROW.match(lines[i]):
            out.append(lines[i])
            i += 1
            continue
        end = i
        while end < len(lines) and _PIPE_ROW.match(lines[end]):
            end += 1
        run = lines[i:end]
        headed = len(run) > 1 and _TABLE_RULE.match(run[1]) is not None
        rows = [r for k, r in enumerate(run) if not _TABLE_RULE.match(r) or (headed and k == 1)]
        if not headed and rows:
            width = max(row.strip().strip("|").count("|") + 1 for row in rows)
            out += ["|" + " |" * width, "|" + "---|" * width]
        out += rows
        i = end
    return "\n".join(out)
