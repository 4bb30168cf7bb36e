"""Dependencies point one way: front ends -> services -> storage/search/parsing -> model."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

BOT = Path(__file__).resolve().parent.parent / "bot"

# For each part of the package, the top-level names it may import from within `bot`, and the
# third-party packages that must stay out of it.
RULES: dict[str, tuple[set[str], set[str]]] = {
    "model": (set(), {"discord", "sqlalchemy", "rapidfuzz"}),
    "folding": (set(), {"discord", "sqlalchemy", "rapidfuzz"}),
    "errors": (set(), {"discord", "sqlalchemy", "rapidfuzz"}),
    "limits": (set(), {"discord", "sqlalchemy", "rapidfuzz"}),
    "timelabels": (set(), {"discord", "sqlalchemy", "rapidfuzz"}),
    "exitcodes": (set(), {"discord", "sqlalchemy", "rapidfuzz"}),
    "clock": ({"model", "errors"}, {"discord", "sqlalchemy"}),
    "parsing": ({"model", "errors", "parsing", "folding"}, {"discord", "sqlalchemy", "rapidfuzz"}),
    "search": ({"model", "folding", "limits", "timelabels"}, {"discord", "sqlalchemy"}),
    "storage": ({"model", "errors", "storage", "folding"}, {"discord", "rapidfuzz"}),
    "services": (
        {"model", "errors", "services", "storage", "search", "parsing", "clock", "folding"}
        | {"limits", "timelabels"},
        {"discord", "sqlalchemy"},
    ),
    "timetable_picture": ({"model", "timelabels"}, {"discord", "sqlalchemy", "rapidfuzz"}),
    "console": (
        {"model", "errors", "services", "clock", "timelabels", "timetable_picture"},
        {"discord", "sqlalchemy"},
    ),
    "observability": ({"errors", "observability"}, {"discord", "sqlalchemy", "alembic"}),
    "discord_ui": (
        {"model", "errors", "services", "clock", "discord_ui", "limits", "timelabels", "exitcodes"}
        | {"timetable_picture"},
        {"sqlalchemy"},
    ),
}


# Third-party packages one module may import though its part forbids them. The line model's
# gold labels match truth strings fuzzily; that module runs only when the model is trained
# (`train-parser`), never when a program is parsed.
EXCEPTIONS: dict[str, set[str]] = {"parsing/labeller/gold.py": {"rapidfuzz"}}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def _part(path: Path) -> str:
    relative = path.relative_to(BOT)
    return relative.parts[0].removesuffix(".py")


MODULES = sorted(p for p in BOT.rglob("*.py") if _part(p) in RULES)


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(BOT)))
def test_imports_point_one_way(path: Path) -> None:
    allowed, forbidden = RULES[_part(path)]
    forbidden = forbidden - EXCEPTIONS.get(path.relative_to(BOT).as_posix(), set())
    for name in _imports(path):
        top, _, rest = name.partition(".")
        if top == "bot":
            inner = rest.partition(".")[0]
            assert inner in allowed, f"{path.name} imports bot.{inner}"
        assert top not in forbidden, f"{path.name} imports {top}"


def test_sqlalchemy_and_discord_live_in_one_package_each() -> None:
    for path in BOT.rglob("*.py"):
        imported = {name.partition(".")[0] for name in _imports(path)}
        part = _part(path)
        if "sqlalchemy" in imported or "alembic" in imported:
            assert part in {"storage", "app"}, path
        if "discord" in imported:
            assert part == "discord_ui", path


def test_the_cogs_are_given_their_services_and_do_not_import_the_client() -> None:
    for path in (BOT / "discord_ui" / "cogs").glob("*.py"):
        assert "bot.discord_ui.client" not in _imports(path), path.name
        assert "TYPE_CHECKING" not in path.read_text(encoding="utf-8"), path.name
