"""The process exit codes of `python -m bot`, shared by the CLI and the Discord runner."""

from __future__ import annotations

from typing import Final

EXIT_OK: Final = 0
EXIT_FAILURE: Final = 1
"""The command ran and failed: nothing matched, a file did not parse, Discord refused."""
EXIT_USAGE: Final = 2
"""The command line itself is wrong (as argparse does)."""
EXIT_INTERRUPTED: Final = 130
"""Ctrl-C: 128 + SIGINT, as shells report it."""
