"""Sending what the scheduler hands over: reminders, chair reminders, announcements, notices.

Every message carries the delivery's nonce, so a repeat after a crash between send and mark is
dropped by Discord. Discord's refusals are outcomes, not exceptions: 429 and 5xx are worth a
retry, a refused DM falls back to a mention in the channel where the reminder was made, and
anything else is a permanent failure with its reason.

A DM is one request: each user's DM channel id is kept (in memory and in the database, shared
by every process), so there is no user fetch and no opening the channel again. A stored channel
Discord no longer knows (10003) or no longer lets us use (50007) is opened afresh once; a
refusal after that falls back to a mention in the channel, as before.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from typing import Protocol

import aiohttp
import discord

from bot.discord_ui import embeds
from bot.model import Delivery, DeliveryOutcome, DeliveryRecord

log = logging.getLogger(__name__)

CANNOT_DM = 50007
UNKNOWN_CHANNEL = 10003
GONE = (UNKNOWN_CHANNEL, CANNOT_DM)


class DmChannels(Protocol):
    """Where users' DM channel ids are kept (`bot.storage.dm_channels.DmChannelStore`)."""

    async def get_many(self, user_ids: Iterable[int]) -> dict[int, int]: ...

    async def put(self, user_id: int, channel_id: int) -> None: ...


class DirectMessages:
    """Sends DMs in one request each, opening (and remembering) a user's channel once."""

    def __init__(self, client: discord.Client, store: DmChannels | None = None) -> None:
        self._client = client
        self._store = store
        self._known: dict[int, int] = {}
        self._fresh: set[int] = set()  # users whose channel this process opened itself

    async def prepare(self, user_ids: Iterable[int]) -> None:
        """Load the stored channels of these users in one query (a batch about to be sent)."""
        missing = {u for u in user_ids if u not in self._known}
        if self._store is None or not missing:
            return
        try:
            self._known.update(await self._store.get_many(missing))
        except Exception as error:  # the database may be down: open channels as needed
            log.warning("could not load DM channels: %s", type(error).__name__)

    async def _open(self, user_id: int) -> int:
        data = await self._client.http.start_private_message(user_id)
        channel_id = int(data["id"])
        self._known[user_id] = channel_id
        self._fresh.add(user_id)
        if self._store is not None:
            try:
                await self._store.put(user_id, channel_id)
            except Exception as error:  # kept in memory; stored next time it is opened
                log.warning("could not store a DM channel: %s", type(error).__name__)
        return channel_id

    async def send(self, user_id: int, **message: object) -> None:
        """Send to the user's DM channel; raises discord.Forbidden (50007) if they refuse."""
        await self.prepare([user_id])
        channel_id = self._known.get(user_id)
        # A channel remembered from elsewhere may have gone; one this process opened has not.
        remembered = channel_id is not None and user_id not in self._fresh
        if channel_id is None:
            channel_id = await self._open(user_id)
        try:
            await self._post(channel_id, message)
        except discord.HTTPException as error:
            if not remembered or error.code not in GONE:
                raise
            # The stored channel is gone or closed: open it again, once.
            await self._post(await self._open(user_id), message)

    async def _post(self, channel_id: int, message: dict[str, object]) -> None:
        channel = self._client.get_partial_messageable(channel_id, type=discord.ChannelType.private)
        await channel.send(**message)  # type: ignore[call-overload]


class DiscordDeliverer:
    def __init__(self, client: discord.Client, dms: DirectMessages | None = None) -> None:
        self._client = client
        self.dms = dms or DirectMessages(client)

    async def prepare(self, records: Sequence[DeliveryRecord]) -> None:
        """Called with each claimed batch: the DM channels it needs, in one query."""
        await self.dms.prepare(r.user_id for r in records if r.via == "dm" and r.user_id)

    async def deliver(self, delivery: Delivery) -> DeliveryOutcome:  # noqa: PLR0911 (a table: one outcome per Discord error)
        record = delivery.record
        try:
            if record.via == "dm":
                return await self._direct(delivery)
            return await self._to_channel(delivery, fallback=None)
        except discord.Forbidden as error:
            return DeliveryOutcome("failed", f"not allowed: {error.text or error.status}")
        except discord.NotFound:
            return DeliveryOutcome("failed", "the channel or user no longer exists")
        except discord.HTTPException as error:
            if error.status == 429 or error.status >= 500:
                return DeliveryOutcome("retry", f"Discord answered {error.status}")
            return DeliveryOutcome("failed", f"Discord refused it ({error.status}: {error.text})")
        except (aiohttp.ClientError, TimeoutError) as error:
            return DeliveryOutcome("retry", f"network: {type(error).__name__}")

    async def _direct(self, delivery: Delivery) -> DeliveryOutcome:
        record = delivery.record
        assert record.user_id is not None
        content, message_embeds = embeds.delivery_message(delivery, mention=False)
        try:
            await self.dms.send(
                record.user_id,
                content=content,
                embeds=message_embeds,
                nonce=record.nonce,
                allowed_mentions=discord.AllowedMentions.none(),
            )
        except discord.Forbidden as error:
            if error.code != CANNOT_DM or record.channel_id is None:
                raise
            log.info(
                "delivery %d: DM refused; mentioning in channel %d", record.id, record.channel_id
            )
            return await self._to_channel(
                delivery, fallback="your DMs are closed, so you were mentioned in the channel"
            )
        return DeliveryOutcome("sent")

    async def _to_channel(self, delivery: Delivery, fallback: str | None) -> DeliveryOutcome:
        record = delivery.record
        assert record.channel_id is not None
        channel = self._client.get_channel(record.channel_id) or await self._client.fetch_channel(
            record.channel_id
        )
        if not isinstance(channel, discord.abc.Messageable):
            return DeliveryOutcome("failed", "that channel cannot take messages")
        content, message_embeds = embeds.delivery_message(delivery, mention=True)
        # Only the person reminded, or the announcement's role, may be pinged; never anyone
        # the program text happens to name.
        allowed = discord.AllowedMentions.none()
        if record.user_id is not None:
            allowed = discord.AllowedMentions(
                everyone=False, roles=False, users=[discord.Object(record.user_id)]
            )
        elif record.role_id is not None:
            allowed = discord.AllowedMentions(
                everyone=False, users=False, roles=[discord.Object(record.role_id)]
            )
        await channel.send(
            content=content, embeds=message_embeds, nonce=record.nonce, allowed_mentions=allowed
        )
        return DeliveryOutcome("sent", fallback=fallback)
