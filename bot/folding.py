"""Folding text for matching: the one definition that keys, search and storage share.

`fold("Gómez-Luna") == "gomez luna"`: no accents, case-folded, punctuation as single spaces.
"""

from __future__ import annotations

import re
import unicodedata

_NON_WORD = re.compile(r"[\W_]+")
# Letters that NFKD does not decompose into a base letter and a combining mark.
_LETTERS = str.maketrans(
    {
        "ø": "o",
        "đ": "d",
        "ð": "d",
        "ł": "l",
        "ħ": "h",
        "ı": "i",
        "ŀ": "l",
        "ŧ": "t",
        "æ": "ae",
        "œ": "oe",
        "þ": "th",
    }
)


def fold(text: str) -> str:
    """Search form of `text`: no accents, case-folded, punctuation as single spaces.

    `fold("Gómez-Luna") == "gomez luna"`, `fold("  ETH Zürich, ") == "eth zurich"`.
    """
    if text.isascii():
        return _NON_WORD.sub(" ", text.lower()).strip()
    # NFKD first ("𝕬" -> "A"), then casefold, then NFKD again ("İ" -> "i" + a combining dot).
    decomposed = unicodedata.normalize("NFKD", unicodedata.normalize("NFKD", text).casefold())
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return _NON_WORD.sub(" ", stripped.translate(_LETTERS)).strip()
