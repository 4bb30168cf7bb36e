"""Sending what the scheduler hands over: reminders, chair reminders, announcements, notices.

Every message carries the delivery's nonce, so a repeat after a crash between send and mark is
dropped by Discord. Discord's refusals are outcomes, not exceptions: 429 and 5xx are worth a
retry, a refused DM falls back to a mention in the channel where the reminder was made, and
anything else is a permanent failure with its reason.
"""

from __future__ import annotations

import logging

import aiohttp
import discord

from bot.discord_ui import embeds
from bot.model import Delivery, DeliveryOutcome

log = logging.getLogger(__name__)

CANNOT_DM = 50007


class DiscordDeliverer:
    def __init__(self, client: discord.Client) -> None:
        self._client = client

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
        user = self._client.get_user(record.user_id) or await self._client.fetch_user(
            record.user_id
        )
        content, message_embeds = embeds.delivery_message(delivery, mention=False)
        try:
            await user.send(
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
