"""What the Discord layer needs from the application, as protocols.

`bot.app` builds the real objects (`Settings`, `App`) and passes them in; this package only
names the parts it uses, so it depends on `services` and nothing above it.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Protocol, TypeVar

from bot.clock import Clock
from bot.discord_ui.delivery import DmChannels
from bot.discord_ui.tree import CommandObserver
from bot.services.admin import AdminService
from bot.services.scheduler import Deliverer, Scheduler
from bot.services.tenants import Tenants
from bot.services.watch import SourceWatcher


class SecretText(Protocol):
    def get_secret_value(self) -> str: ...


class BotSettings(Protocol):
    @property
    def discord_token(self) -> SecretText: ...

    @property
    def discord_guild_id(self) -> int | None: ...

    @property
    def discord_api_base(self) -> str: ...

    @property
    def discord_gateway_url(self) -> str: ...

    @property
    def program_path(self) -> Path: ...

    @property
    def shard_count(self) -> int | None: ...

    @property
    def shard_ids(self) -> tuple[int, ...] | None: ...

    @property
    def owner_ids(self) -> tuple[int, ...]: ...


class ValueStore(Protocol):
    """Small settings kept in the database (`ProgramStore.get_value/set_value`)."""

    async def get_value(self, key: str, slug: str | None = None) -> str | None: ...

    async def set_value(self, key: str, value: str, slug: str | None = None) -> None: ...


class Metrics(CommandObserver, Protocol):
    """Where the bot reports commands and the gateway (`bot.observability.Metrics`)."""

    def gateway(self, connected: bool) -> None: ...


class BotApp(Protocol):
    """The parts of `bot.app.App` the bot uses."""

    @property
    def settings(self) -> BotSettings: ...

    @property
    def tenants(self) -> Tenants: ...

    @property
    def admin(self) -> AdminService: ...

    @property
    def store(self) -> ValueStore: ...

    @property
    def metrics(self) -> Metrics: ...

    @property
    def dm_channels(self) -> DmChannels | None: ...

    def make_scheduler(self, deliverer: Deliverer) -> Scheduler:
        """The delivery scheduler, sending through `deliverer` (built once, in app.py)."""
        ...

    @property
    def clock(self) -> Clock: ...

    @property
    def watcher(self) -> SourceWatcher | None:
        """Polls the watched program URLs (`bot.services.watch`); None: nothing watched."""
        ...


SettingsT = TypeVar("SettingsT", bound=BotSettings)

OpenApp = Callable[[SettingsT], AbstractAsyncContextManager[BotApp]]
"""`bot.app.open_app`: builds every part once and disposes of them at the end."""
