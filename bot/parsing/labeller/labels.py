"""The line model's labels: the rule parser's `--explain` readings, note and noise as one.

No truth file tells a remark from page furniture, so the model, trained from truth files, has
one label, `other`, for both.
"""

from __future__ import annotations

DAY, SESSION, TIME, CHAIR, ROOM = "day header", "session header", "time", "chair", "room"
TITLE, AUTHORS, TITLE_AUTHORS, LINK, BREAK, OTHER = (
    "paper title",
    "authors",
    "title+authors",
    "link/badge",
    "break/social item",
    "other",
)
LABELS = (DAY, SESSION, TIME, CHAIR, ROOM, TITLE, AUTHORS, TITLE_AUTHORS, LINK, BREAK, OTHER)
# A rule reading less sure than this may be overruled, by a model label at least this sure;
# the experiment's thresholds, chosen before they were scored (tests/research/RESULTS.md).
UNSURE_RULE = 0.85
SURE_MODEL = 0.9
_MERGED = frozenset({"note", "noise"})


def as_model_label(rule_label: str) -> str:
    """A rule reading in the model's vocabulary."""
    return OTHER if rule_label in _MERGED else rule_label
