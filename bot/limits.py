"""Discord's limits on autocomplete choices, in one place.

The search index and the command runner produce choices for either front end, and they stop at
Discord's caps so that the Discord layer never has to drop what they ranked.
"""

from __future__ import annotations

from typing import Final

CHOICES_MAX: Final = 25
"""Choices in one autocomplete answer."""
CHOICE_NAME_MAX: Final = 100
"""Characters of a choice's name (what the user sees)."""
CHOICE_VALUE_MAX: Final = 100
"""Characters of a choice's value (what comes back as the option)."""
