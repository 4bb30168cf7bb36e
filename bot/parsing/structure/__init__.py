"""The structure builder: lexed lines become draft sessions and papers.

It walks the lines with a small state machine that knows the layouts real programs use: pretalx
session pages (title, `MM-DD, HH:MM–HH:MM (ZONE), Room`), web pages with `Day N:` headers and
`9:00 AM CEST – 10:00 AM CEST: Title` lines, session headers carrying room and chair, copied
HTML tables (cells separated by TAB), bulleted lists, author lines before or after their title,
and parallel tracks interleaved row by row. Every line either contributes a draft or is named in
a warning.
"""
