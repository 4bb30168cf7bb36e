"""Publishing the slash commands: to the dev guild only when they changed, globally on demand.

Discord rate-limits command syncs and applies global ones slowly, so the bot does not sync on
every start. With `DISCORD_GUILD_ID` set it hashes the payload it would send for that guild
(the same `to_dict` JSON `CommandTree.sync` sends, sorted, plus the application id) and syncs
only when the hash differs from the one stored after the last sync. Global sync is explicit:
`/admin sync scope:global` or `python -m bot sync --global`.
"""

from __future__ import annotations

import hashlib
import json
import logging
from typing import Any

import discord
from discord import app_commands

from bot.discord_ui.deps import ValueStore

log = logging.getLogger(__name__)

HASH_KEY = "command_sync_hash:{guild_id}"

Tree = app_commands.CommandTree[Any]


def tree_payload(tree: Tree, guild_id: int | None) -> list[dict[str, Any]]:
    """What `tree.sync(guild=...)` would send, in a stable order."""
    guild = discord.Object(guild_id) if guild_id is not None else None
    payload = [command.to_dict(tree) for command in tree.get_commands(guild=guild)]
    return sorted(payload, key=lambda c: (int(c.get("type", 1)), str(c["name"])))


def tree_hash(tree: Tree, guild_id: int | None, application_id: int | None) -> str:
    document = {"application_id": str(application_id), "commands": tree_payload(tree, guild_id)}
    text = json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


async def sync_guild(
    tree: Tree,
    store: ValueStore,
    guild_id: int,
    application_id: int | None,
    *,
    force: bool = False,
) -> list[str] | None:
    """Sync the global commands to one guild (copied, so they show at once) if they changed
    since the last sync, or always with `force`. The names synced, or None when unchanged."""
    guild = discord.Object(guild_id)
    tree.copy_global_to(guild=guild)
    digest = tree_hash(tree, guild_id, application_id)
    key = HASH_KEY.format(guild_id=guild_id)
    if not force and await store.get_value(key) == digest:
        log.info("commands unchanged for guild %s; not syncing", guild_id)
        return None
    synced = await tree.sync(guild=guild)
    await store.set_value(key, digest)
    log.info("synced %d commands to guild %s", len(synced), guild_id)
    return sorted(command.name for command in synced)


async def sync_global(tree: Tree) -> list[str]:
    synced = await tree.sync()
    log.info("synced %d commands globally", len(synced))
    return sorted(command.name for command in synced)
