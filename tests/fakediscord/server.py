"""A small fake of Discord's gateway and REST API, served by aiohttp on 127.0.0.1.

The real discord.py client connects to it once two class attributes point here (see
``fixtures.py``): ``discord.http.Route.BASE = fake.api_base`` and
``discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(fake.gateway_url)``.

The fake plays Discord's part: it answers login, serves READY and GUILD_CREATE, stores synced
commands, sends interactions, and records everything the bot sends back (``callbacks``,
``followups``, ``edits``, ``messages``, ``requests``). Anything that breaks Discord's documented
limits or the interaction lifecycle is answered the way Discord answers it and appended to
``rejections``. Tests drive it with ``send_interaction``, ``send_autocomplete``, ``click_button``
and the ``inject_*`` methods, then wait for results with the ``wait_for_*`` methods.
"""

# The waiting helpers take a ``timeout=`` keyword, so a test reads how long it is willing to wait.
# ruff: noqa: ASYNC109

from __future__ import annotations

import asyncio
import collections
import contextlib
import copy
import enum
import json
import logging
import secrets
import socket
import time
import uuid
from collections.abc import Awaitable, Callable, Coroutine, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, TypeVar

from aiohttp import BodyPartReader, WSMsgType, web

from . import limits
from .limits import ApiError, Problem

_log = logging.getLogger(__name__)

T = TypeVar("T")
Json = dict[str, Any]
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

API_PREFIX = "/api/v10"
DEFAULT_TOKEN = "fake-token"
_BODY_KEY: web.RequestKey[Any] = web.RequestKey("fake_body", object)
DISCORD_EPOCH_MS = 1_420_070_400_000

# Rate limits. Discord allows a bot 50 requests a second in all (interaction callbacks and
# webhooks with an interaction token aside) and announces each route's bucket in X-RateLimit-*
# headers; the fake answers the global limit with Discord's 429 (X-RateLimit-Global) and sends
# per-route headers (5 requests per 5 s per channel, as Discord does for messages).
GLOBAL_LIMIT = 50
ROUTE_LIMIT = 5
ROUTE_WINDOW = 5.0
_GLOBAL_EXEMPT = ("/interactions/", "/webhooks/")

# Permission bits (https://discord.com/developers/docs/topics/permissions)
CREATE_INSTANT_INVITE = 1 << 0
ADMINISTRATOR = 1 << 3
MANAGE_GUILD = 1 << 5
ADD_REACTIONS = 1 << 6
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
USE_EXTERNAL_EMOJIS = 1 << 18
USE_APPLICATION_COMMANDS = 1 << 31
SEND_MESSAGES_IN_THREADS = 1 << 38
ALL_PERMISSIONS = (1 << 51) - 1

EVERYONE_PERMISSIONS = (
    CREATE_INSTANT_INVITE
    | ADD_REACTIONS
    | VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | USE_EXTERNAL_EMOJIS
    | USE_APPLICATION_COMMANDS
    | SEND_MESSAGES_IN_THREADS
)
BOT_PERMISSIONS = EVERYONE_PERMISSIONS | MANAGE_MESSAGES

# Gateway intents
INTENT_GUILDS = 1 << 0
INTENT_GUILD_MEMBERS = 1 << 1
INTENT_GUILD_PRESENCES = 1 << 8
INTENT_MESSAGE_CONTENT = 1 << 15
PRIVILEGED_INTENTS = INTENT_GUILD_MEMBERS | INTENT_GUILD_PRESENCES | INTENT_MESSAGE_CONTENT

# Interaction types
PING = 1
APPLICATION_COMMAND = 2
MESSAGE_COMPONENT = 3
AUTOCOMPLETE = 4
MODAL_SUBMIT = 5

# Callback types that carry a message in ``data``
_MESSAGE_CALLBACKS = frozenset({4, 7})

# Option types that resolve to objects
OPTION_TYPE_BY_PY: tuple[tuple[type, int], ...] = ((bool, 5), (int, 4), (float, 10), (str, 3))


def _now() -> datetime:
    return datetime.now(UTC)


def _json_response(
    data: Any, status: int = 200, headers: Mapping[str, str] | None = None
) -> web.Response:
    # discord.py only parses the body when Content-Type is exactly "application/json".
    return web.Response(
        body=json.dumps(data).encode(),
        status=status,
        content_type="application/json",
        headers=headers,
    )


class _Default(enum.Enum):
    GUILD = enum.auto()


DEFAULT_GUILD = _Default.GUILD


# ---------------------------------------------------------------------------------------------
# Model
# ---------------------------------------------------------------------------------------------


@dataclass
class FakeUser:
    id: int
    username: str
    global_name: str | None = None
    bot: bool = False

    def payload(self) -> Json:
        return {
            "id": str(self.id),
            "username": self.username,
            "discriminator": "0",
            "global_name": self.global_name,
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
        }


@dataclass
class FakeRole:
    id: int
    name: str
    permissions: int
    position: int = 0

    def payload(self) -> Json:
        return {
            "id": str(self.id),
            "name": self.name,
            "permissions": str(self.permissions),
            "position": self.position,
            "color": 0,
            "hoist": False,
            "managed": False,
            "mentionable": False,
            "icon": None,
            "unicode_emoji": None,
            "flags": 0,
        }


@dataclass
class FakeChannel:
    id: int
    type: int  # 0 text, 1 DM, 2 voice, 4 category, 5 announcement
    name: str | None = None
    guild_id: int | None = None
    position: int = 0
    recipient: FakeUser | None = None  # DM channels only

    @property
    def is_dm(self) -> bool:
        return self.type == 1

    def payload(self) -> Json:
        if self.is_dm:
            recipients = [self.recipient.payload()] if self.recipient else []
            return {
                "id": str(self.id),
                "type": 1,
                "recipients": recipients,
                "last_message_id": None,
            }
        data: Json = {
            "id": str(self.id),
            "type": self.type,
            "name": self.name,
            "position": self.position,
            "permission_overwrites": [],
            "parent_id": None,
            "nsfw": False,
            "topic": None,
            "rate_limit_per_user": 0,
            "last_message_id": None,
            "flags": 0,
        }
        if self.guild_id is not None:
            data["guild_id"] = str(self.guild_id)
        if self.type == 2:
            data.update(bitrate=64000, user_limit=0, rtc_region=None)
        return data


@dataclass
class FakeMember:
    user: FakeUser
    roles: list[int] = field(default_factory=list)
    joined_at: datetime = field(default_factory=_now)

    def payload(self, *, permissions: int | None = None, with_user: bool = True) -> Json:
        data: Json = {
            "roles": [str(r) for r in self.roles],
            "joined_at": self.joined_at.isoformat(),
            "nick": None,
            "avatar": None,
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
            "communication_disabled_until": None,
        }
        if with_user:
            data["user"] = self.user.payload()
        if permissions is not None:
            data["permissions"] = str(permissions)
        return data


@dataclass
class FakeGuild:
    id: int
    name: str
    owner_id: int
    roles: list[FakeRole] = field(default_factory=list)
    channels: list[FakeChannel] = field(default_factory=list)
    members: list[FakeMember] = field(default_factory=list)

    def member(self, user_id: int) -> FakeMember | None:
        return next((m for m in self.members if m.user.id == user_id), None)

    def role(self, role_id: int) -> FakeRole | None:
        return next((r for r in self.roles if r.id == role_id), None)

    def channel_named(self, name: str) -> FakeChannel:
        return next(c for c in self.channels if c.name == name)

    @property
    def text_channels(self) -> list[FakeChannel]:
        return [c for c in self.channels if c.type in (0, 5)]

    def permissions_of(self, user_id: int) -> int:
        """Guild-level permissions (channel overwrites are not modelled)."""
        member = self.member(user_id)
        if member is None:
            return 0
        if user_id == self.owner_id:
            return ALL_PERMISSIONS
        value = 0
        for role in self.roles:
            if role.id == self.id or role.id in member.roles:
                value |= role.permissions
        return ALL_PERMISSIONS if value & ADMINISTRATOR else value

    def payload(self, *, all_members: bool, bot_id: int) -> Json:
        members = self.members if all_members else [m for m in self.members if m.user.id == bot_id]
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(self.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": "en-US",
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "vanity_url_code": None,
            "features": [],
            "roles": [r.payload() for r in self.roles],
            "emojis": [],
            "stickers": [],
            "channels": [c.payload() for c in self.channels],
            "threads": [],
            "members": [m.payload() for m in members],
            "member_count": len(self.members),
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "large": False,
            "unavailable": False,
            "lazy": True,
            "joined_at": _now().isoformat(),
        }


@dataclass
class FakeMessage:
    """A message as the fake stores it. ``source``: channel, interaction or followup."""

    id: int
    channel_id: int
    guild_id: int | None
    author: FakeUser
    source: str
    content: str = ""
    embeds: list[Json] = field(default_factory=list)
    components: list[Json] = field(default_factory=list)
    attachments: list[Json] = field(default_factory=list)
    flags: int = 0
    nonce: str | int | None = None
    allowed_mentions: Json | None = None
    interaction_id: int | None = None
    message_type: int = 0
    application_id: int | None = None
    created: float = 0.0  # fake clock
    timestamp: datetime = field(default_factory=_now)
    edited_timestamp: datetime | None = None
    deleted: bool = False
    pinned: bool = False
    history: list[Json] = field(default_factory=list)  # payloads before each edit

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & limits.FLAG_EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.flags & limits.FLAG_LOADING)

    def iter_components(self) -> Iterator[Json]:
        def walk(items: Iterable[Any]) -> Iterator[Json]:
            for item in items:
                if isinstance(item, dict):
                    yield item
                    yield from walk(item.get("components") or [])
                    if isinstance(item.get("accessory"), dict):
                        yield item["accessory"]

        return walk(self.components)

    def component(self, custom_id: str) -> Json | None:
        return next((c for c in self.iter_components() if c.get("custom_id") == custom_id), None)

    def payload(self) -> Json:
        data: Json = {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "type": self.message_type,
            "author": self.author.payload(),
            "content": self.content,
            "embeds": copy.deepcopy(self.embeds),
            "components": copy.deepcopy(self.components),
            "attachments": copy.deepcopy(self.attachments),
            "flags": self.flags,
            "timestamp": self.timestamp.isoformat(),
            "edited_timestamp": self.edited_timestamp.isoformat()
            if self.edited_timestamp
            else None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "pinned": self.pinned,
        }
        if self.nonce is not None:
            data["nonce"] = self.nonce
        if self.application_id is not None:
            data["application_id"] = str(self.application_id)
            data["webhook_id"] = str(self.application_id)
        return data


# ---------------------------------------------------------------------------------------------
# Records
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RequestRecord:
    """One HTTP request the fake answered; times are from the fake's clock."""

    method: str
    path: str
    query: Mapping[str, str]
    status: int
    started: float
    finished: float
    body: Any
    injected: str | None = None  # "429" or "status" when an injection answered


@dataclass(frozen=True)
class Rejection:
    """A request the fake refused the way Discord would; ``code`` is Discord's JSON code."""

    method: str
    path: str
    route: str
    status: int
    code: int
    reason: str
    body: Json
    at: float


@dataclass(frozen=True)
class CallbackRecord:
    interaction_id: int
    type: int
    data: Json | None
    payload: Json
    received_at: float
    latency: float  # seconds from INTERACTION_CREATE sent to the callback received


@dataclass(frozen=True)
class EditRecord:
    message_id: int
    interaction_id: int | None
    route: str
    body: Json
    at: float


@dataclass(frozen=True)
class SentRecord:
    """Every message-carrying request: which kind and what it allowed to mention."""

    kind: str  # callback, followup, edit, channel
    message_id: int | None
    interaction_id: int | None
    has_allowed_mentions: bool
    allowed_mentions: Json | None
    content: str | None
    at: float

    @property
    def mentions_allowed(self) -> bool:
        """True if Discord would ping anyone mentioned in this message."""
        if not self.has_allowed_mentions or self.allowed_mentions is None:
            return True  # Discord's default parses everyone, users and roles
        am = self.allowed_mentions
        return bool(am.get("parse") or am.get("users") or am.get("roles") or am.get("replied_user"))


@dataclass(frozen=True)
class NonceReplay:
    """A channel message answered with an earlier message because its nonce was reused."""

    channel_id: int
    nonce: str | int
    message_id: int
    at: float


@dataclass
class FakeInteraction:
    """An interaction the fake sent, and everything the bot did with it."""

    id: int
    token: str
    type: int
    name: str  # command name, or the custom_id for components and modals
    payload: Json
    user: FakeUser
    guild_id: int | None
    channel_id: int
    sent_at: float
    message: FakeMessage | None = None  # the message a component was on
    callback: CallbackRecord | None = None
    original: FakeMessage | None = None
    followups: list[FakeMessage] = field(default_factory=list)
    edits: list[EditRecord] = field(default_factory=list)
    modal: Json | None = None
    _fake: FakeDiscord | None = field(default=None, repr=False)

    @property
    def responded(self) -> bool:
        return self.callback is not None

    @property
    def latency(self) -> float | None:
        return None if self.callback is None else self.callback.latency

    async def response(self, timeout: float = 5.0) -> Json:
        assert self._fake is not None
        return await self._fake.wait_for_response(self, timeout=timeout)

    async def followup(self, index: int = 0, timeout: float = 5.0) -> FakeMessage:
        assert self._fake is not None
        return await self._fake.wait_for_followup(self, index=index, timeout=timeout)


@dataclass
class _Rule:
    route_substring: str
    remaining: int
    status: int
    body: Json
    headers: Mapping[str, str]
    after_handler: bool
    kind: str

    def matches(self, method: str, path: str) -> bool:
        short = path.removeprefix(API_PREFIX)
        return any(self.route_substring in key for key in (f"{method} {path}", f"{method} {short}"))


@dataclass
class _Upload:
    field_name: str
    filename: str
    data: bytes
    content_type: str | None


# ---------------------------------------------------------------------------------------------
# Gateway
# ---------------------------------------------------------------------------------------------


class _Connection:
    def __init__(self, ws: web.WebSocketResponse, query: Mapping[str, str]) -> None:
        self.ws = ws
        self.query = dict(query)
        self.session: GatewaySession | None = None
        self._lock = asyncio.Lock()

    async def send(self, frame: Json) -> bool:
        async with self._lock:
            if self.ws.closed:
                return False
            try:
                await self.ws.send_str(json.dumps(frame))
            except ConnectionError:
                return False
            return True


class GatewaySession:
    """One IDENTIFYed session: its sequence numbers and the events it was sent (for RESUME)."""

    def __init__(self, session_id: str, identify: Json) -> None:
        self.id = session_id
        self.identify = identify
        self.intents = int(identify.get("intents", 0))
        self.seq = 0
        self.sent: list[Json] = []
        self.connection: _Connection | None = None
        self.alive = True
        self.resumes = 0

    async def dispatch(self, event: str, data: Json) -> None:
        self.seq += 1
        frame = {"op": 0, "t": event, "s": self.seq, "d": data}
        self.sent.append(frame)
        if self.connection is not None:
            await self.connection.send(frame)


# ---------------------------------------------------------------------------------------------
# The fake
# ---------------------------------------------------------------------------------------------


class FakeDiscord:
    """The fake Discord. ``await start()``, point discord.py at it, drive it, ``await stop()``."""

    def __init__(  # noqa: PLR0915 - the whole state of a fake Discord, one field a line
        self,
        *,
        token: str = DEFAULT_TOKEN,
        guild_names: Sequence[str] = ("Test Guild",),
        bot_name: str = "ConfBot",
        refuse_privileged_intents: bool = False,
        response_deadline: float = 3.0,
        token_lifetime: float = 15 * 60.0,
        nonce_window: float = 5 * 60.0,
        heartbeat_interval_ms: int = 41_250,
        clock: Callable[[], float] = time.monotonic,
        global_limit: int | None = GLOBAL_LIMIT,
        route_limit: int = ROUTE_LIMIT,
        route_window: float = ROUTE_WINDOW,
    ) -> None:
        self.token = token
        self.refuse_privileged_intents = refuse_privileged_intents
        self.response_deadline = response_deadline
        self.token_lifetime = token_lifetime
        self.nonce_window = nonce_window
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.clock = clock
        # Discord's global limit: requests a second per bot, interaction endpoints aside.
        self.global_limit = global_limit
        self.route_limit = route_limit
        self.route_window = route_window
        self._recent: collections.deque[float] = collections.deque()
        self._buckets: dict[str, tuple[float, int]] = {}  # bucket -> (window start, used)
        self.global_refusals = 0

        self._next_id = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
        self.application_id = self.new_id()
        self.bot_user = FakeUser(self.application_id, bot_name, bot=True)
        self.owner = FakeUser(self.new_id(), "app-owner", "App Owner")
        self.admin = FakeUser(self.new_id(), "organizer", "Organizer")
        self.member = FakeUser(self.new_id(), "attendee", "Attendee")
        self.users: dict[int, FakeUser] = {
            u.id: u for u in (self.bot_user, self.owner, self.admin, self.member)
        }
        self.guilds: list[FakeGuild] = []
        self.channels: dict[int, FakeChannel] = {}
        # A team-owned application: (user, role) of each member, role "admin", "developer" or
        # "read_only"; the first is the team's owner. None: owned by ``owner`` alone.
        self.team: list[tuple[FakeUser, str]] | None = None

        # records
        self.requests: list[RequestRecord] = []
        self.rejections: list[Rejection] = []
        self.callbacks: list[CallbackRecord] = []
        self.followups: list[FakeMessage] = []
        self.edits: list[EditRecord] = []
        self.messages: list[FakeMessage] = []
        self.sent: list[SentRecord] = []
        self.nonce_replays: list[NonceReplay] = []
        self.interactions: dict[int, FakeInteraction] = {}
        self.synced_commands: dict[int | None, list[Json]] = {}
        self.sync_requests: list[tuple[int | None, list[Json]]] = []
        self.identifies: list[Json] = []
        self.refused_intents: list[int] = []
        self.resumes: list[Json] = []
        self.member_requests: list[Json] = []
        self.presence_updates: list[Json] = []
        self.heartbeats = 0
        self.gateway_connections: list[Mapping[str, str]] = []
        self.sessions: list[GatewaySession] = []

        self._by_token: dict[str, FakeInteraction] = {}
        self._messages_by_id: dict[int, FakeMessage] = {}
        self._nonces: dict[tuple[int, str], FakeMessage] = {}
        self._refused_dms: set[int] = set()
        self._dm_channels: dict[int, FakeChannel] = {}
        self._attachments: dict[int, tuple[str, bytes, str]] = {}
        self._rules: list[_Rule] = []
        self._command_ids: dict[tuple[int | None, str, int], int] = {}
        self._connections: set[_Connection] = set()
        self._waiters: set[asyncio.Future[None]] = set()
        self._tasks: set[asyncio.Task[None]] = set()
        self._runner: web.AppRunner | None = None
        self._port: int | None = None
        for name in guild_names:
            self.add_guild(name)

    # -- ids, users, guilds -------------------------------------------------------------------

    def new_id(self) -> int:
        """A fresh snowflake (increasing, with a realistic creation time)."""
        self._next_id += 1
        return self._next_id

    def add_user(self, username: str, *, bot: bool = False) -> FakeUser:
        user = FakeUser(self.new_id(), username, username.title(), bot=bot)
        self.users[user.id] = user
        return user

    def add_guild(
        self,
        name: str,
        *,
        channels: Sequence[str] = ("general", "announcements"),
        owner: FakeUser | None = None,
        organizer: FakeUser | None = None,
    ) -> FakeGuild:
        """A guild with @everyone, an Organizers role (Manage Server), a bot role, text
        channels, and three members: the bot, ``organizer`` (default ``admin``, an Organizer)
        and ``member``; and its owner, ``owner`` (default the application's owner; a guild's
        owner has every permission there, as on Discord, whoever owns the application).

        Added after the bot connected, it is sent as a GUILD_CREATE (the bot joined it)."""
        guild_id = self.new_id()
        organizers = FakeRole(self.new_id(), "Organizers", EVERYONE_PERMISSIONS | MANAGE_GUILD, 2)
        bot_role = FakeRole(self.new_id(), self.bot_user.username, BOT_PERMISSIONS, 1)
        guild_owner = owner or self.owner
        organizer = organizer or self.admin
        members = [
            FakeMember(self.bot_user, [bot_role.id]),
            FakeMember(organizer, [organizers.id]),
            FakeMember(self.member, []),
        ]
        if all(m.user.id != guild_owner.id for m in members) and guild_owner is not self.owner:
            members.append(FakeMember(guild_owner, []))
        guild = FakeGuild(
            id=guild_id,
            name=name,
            owner_id=guild_owner.id,
            roles=[FakeRole(guild_id, "@everyone", EVERYONE_PERMISSIONS), bot_role, organizers],
            members=members,
        )
        for position, channel_name in enumerate(channels):
            channel = FakeChannel(self.new_id(), 0, channel_name, guild_id, position)
            guild.channels.append(channel)
            self.channels[channel.id] = channel
        self.guilds.append(guild)
        if self._runner is not None:
            self._spawn(self._dispatch_guild_create(guild))
        return guild

    def _spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _dispatch_guild_create(self, guild: FakeGuild) -> None:
        for session in self._live_sessions():
            await session.dispatch("GUILD_CREATE", self._guild_create(guild, session))

    def add_member(self, guild: FakeGuild, user: FakeUser, roles: Sequence[int] = ()) -> FakeMember:
        member = FakeMember(user, list(roles))
        guild.members.append(member)
        return member

    @property
    def guild(self) -> FakeGuild:
        """The first guild."""
        return self.guilds[0]

    @property
    def channel(self) -> FakeChannel:
        """The first text channel of the first guild."""
        return self.guild.text_channels[0]

    def guild_by_id(self, guild_id: int) -> FakeGuild | None:
        return next((g for g in self.guilds if g.id == guild_id), None)

    def dm_channel(self, user: FakeUser | int) -> FakeChannel:
        """The bot's DM channel with a user (created on first use, like Discord)."""
        user_id = user if isinstance(user, int) else user.id
        channel = self._dm_channels.get(user_id)
        if channel is None:
            channel = FakeChannel(self.new_id(), 1, recipient=self.users[user_id])
            self._dm_channels[user_id] = channel
            self.channels[channel.id] = channel
        return channel

    def add_attachment(
        self, filename: str, data: bytes, content_type: str = "application/octet-stream"
    ) -> Json:
        """An attachment served by the fake; pass the dict as an attachment option's value."""
        attachment_id = self.new_id()
        self._attachments[attachment_id] = (filename, bytes(data), content_type)
        url = f"{self.base_url}/attachments/{attachment_id}/{filename}"
        return {
            "id": str(attachment_id),
            "filename": filename,
            "size": len(data),
            "url": url,
            "proxy_url": url,
            "content_type": content_type,
            "ephemeral": True,
        }

    def attachment_data(self, attachment: Mapping[str, Any]) -> bytes:
        """The bytes of an attachment the fake serves: one a test added, or a file the bot
        uploaded (a message's `attachments` entries)."""
        return self._attachments[int(attachment["id"])][1]

    # -- injections -----------------------------------------------------------------------------

    def inject_429(
        self,
        route_substring: str,
        retry_after: float = 0.2,
        count: int = 1,
        *,
        is_global: bool = False,
    ) -> None:
        """The next ``count`` requests whose "METHOD /path" contains the substring get a 429
        that discord.py retries (it needs the ``Via`` header and the JSON body)."""
        body = {
            "retry_after": retry_after,
            "global": is_global,
            "message": "You are being rate limited.",
        }
        headers = {"Via": "1.1 google", "Retry-After": str(max(1, round(retry_after)))}
        if is_global:
            headers["X-RateLimit-Global"] = "true"
        self._rules.append(_Rule(route_substring, count, 429, body, headers, False, "429"))

    def inject_status(
        self,
        route_substring: str,
        status: int = 500,
        count: int = 1,
        *,
        after_handler: bool = False,
    ) -> None:
        """The next ``count`` matching requests get ``status``. With ``after_handler`` the
        request is processed first and only its answer is lost (as when a proxy times out)."""
        body = {"message": f"{status}: Server Error", "code": 0}
        self._rules.append(_Rule(route_substring, count, status, body, {}, after_handler, "status"))

    def refuse_dms(self, user: FakeUser | int) -> None:
        """Messages to this user's DM channel get 403 code 50007."""
        self._refused_dms.add(user if isinstance(user, int) else user.id)

    def _take_rule(self, method: str, path: str, *, after_handler: bool) -> _Rule | None:
        for rule in self._rules:
            if (
                rule.remaining > 0
                and rule.after_handler == after_handler
                and rule.matches(method, path)
            ):
                rule.remaining -= 1
                return rule
        return None

    # -- lifecycle ------------------------------------------------------------------------------

    @property
    def port(self) -> int:
        if self._port is None:
            raise RuntimeError("the fake is not started")
        return self._port

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        return f"{self.base_url}{API_PREFIX}"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    async def start(self) -> None:
        app = web.Application(middlewares=[self._middleware])
        self._add_routes(app)
        runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0)
        await runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        try:
            sock.bind(("127.0.0.1", 0))
            await web.SockSite(runner, sock).start()
        except BaseException:
            sock.close()
            await runner.cleanup()
            raise
        self._port = sock.getsockname()[1]
        self._runner = runner

    async def stop(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        for connection in list(self._connections):
            await connection.ws.close(code=1001, message=b"fake stopping")
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        for waiter in self._waiters:
            waiter.cancel()

    async def __aenter__(self) -> FakeDiscord:
        await self.start()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.stop()

    # -- waiting --------------------------------------------------------------------------------

    def _notify(self) -> None:
        for waiter in self._waiters:
            if not waiter.done():
                waiter.set_result(None)
        self._waiters.clear()

    async def wait_until(
        self,
        predicate: Callable[[], T | None],
        timeout: float = 5.0,
        what: str = "condition",
        *,
        poll: float = 0.01,
    ) -> T:
        """Re-check ``predicate`` after everything the fake records (and every ``poll``
        seconds, for state outside the fake such as the bot's); return its first non-None
        result. Raises TimeoutError with a summary of recent traffic."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            result = predicate()
            if result is not None:
                return result
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise TimeoutError(
                    f"timed out after {timeout}s waiting for {what}; {self.summary()}"
                )
            waiter: asyncio.Future[None] = loop.create_future()
            self._waiters.add(waiter)
            try:
                await asyncio.wait_for(waiter, min(remaining, poll))
            except TimeoutError:
                pass
            finally:
                self._waiters.discard(waiter)

    def summary(self) -> str:
        recent = ", ".join(f"{r.method} {r.path} -> {r.status}" for r in self.requests[-6:])
        rejected = "; ".join(r.reason for r in self.rejections[-3:])
        return f"recent requests: [{recent}]; rejections: [{rejected}]"

    async def wait_for_identify(self, count: int = 1, timeout: float = 5.0) -> Json:
        """The ``count``-th IDENTIFY payload (``d``), once it arrived."""
        return await self.wait_until(
            lambda: self.identifies[count - 1] if len(self.identifies) >= count else None,
            timeout,
            f"IDENTIFY #{count}",
        )

    async def wait_for_resume(self, count: int = 1, timeout: float = 5.0) -> Json:
        """The ``count``-th RESUME payload, once the fake answered it with RESUMED."""
        return await self.wait_until(
            lambda: self.resumes[count - 1] if len(self.resumes) >= count else None,
            timeout,
            f"RESUME #{count}",
        )

    def _interaction(self, interaction: FakeInteraction | int) -> FakeInteraction:
        if isinstance(interaction, FakeInteraction):
            return interaction
        return self.interactions[interaction]

    async def wait_for_response(
        self, interaction: FakeInteraction | int, timeout: float = 5.0
    ) -> Json:
        """The initial callback payload (``{"type": ..., "data": ...}``) of an interaction."""
        ix = self._interaction(interaction)
        record = await self.wait_until(
            lambda: ix.callback, timeout, f"the response to interaction {ix.name!r}"
        )
        return record.payload

    async def wait_for_followup(
        self, interaction: FakeInteraction | int, index: int = 0, timeout: float = 5.0
    ) -> FakeMessage:
        ix = self._interaction(interaction)
        return await self.wait_until(
            lambda: ix.followups[index] if len(ix.followups) > index else None,
            timeout,
            f"followup #{index} of {ix.name!r}",
        )

    async def wait_for_edit(
        self, interaction: FakeInteraction | int, index: int = 0, timeout: float = 5.0
    ) -> EditRecord:
        ix = self._interaction(interaction)
        return await self.wait_until(
            lambda: ix.edits[index] if len(ix.edits) > index else None,
            timeout,
            f"edit #{index} of {ix.name!r}",
        )

    async def wait_for_message(
        self, predicate: Callable[[FakeMessage], bool] = lambda m: True, timeout: float = 5.0
    ) -> FakeMessage:
        """The first stored message (any source) matching ``predicate``."""
        return await self.wait_until(
            lambda: next((m for m in self.messages if predicate(m)), None), timeout, "a message"
        )

    async def wait_for_rejection(self, code: int | None = None, timeout: float = 5.0) -> Rejection:
        return await self.wait_until(
            lambda: next((r for r in self.rejections if code is None or r.code == code), None),
            timeout,
            f"a rejection with code {code}",
        )

    async def wait_for_requests(
        self, route_substring: str, count: int = 1, timeout: float = 5.0
    ) -> list[RequestRecord]:
        def found() -> list[RequestRecord] | None:
            hits = [r for r in self.requests if route_substring in f"{r.method} {r.path}"]
            return hits if len(hits) >= count else None

        return await self.wait_until(found, timeout, f"{count} request(s) to {route_substring!r}")

    # -- queries ---------------------------------------------------------------------------------

    def take_rejections(self) -> list[Rejection]:
        """Return the rejections so far and forget them (the fixture checks none are left)."""
        taken, self.rejections = self.rejections, []
        return taken

    @property
    def intents(self) -> int | None:
        """The intents of the latest IDENTIFY (None before any)."""
        return int(self.identifies[-1].get("intents", 0)) if self.identifies else None

    def permissive_mentions(self) -> list[SentRecord]:
        """Sent messages whose allowed_mentions would let Discord ping someone."""
        return [s for s in self.sent if s.mentions_allowed]

    def channel_messages(
        self, channel: FakeChannel | int, source: str | None = None
    ) -> list[FakeMessage]:
        """Undeleted messages in a channel; ``source`` narrows to "channel" (sent with
        POST /channels/.../messages), "interaction" (responses) or "followup"."""
        channel_id = channel if isinstance(channel, int) else channel.id
        return [
            m
            for m in self.messages
            if m.channel_id == channel_id
            and not m.deleted
            and (source is None or m.source == source)
        ]

    def interaction_by_token(self, token: str) -> FakeInteraction | None:
        return self._by_token.get(token)

    def command(self, name: str, guild_id: int | None = None, command_type: int = 1) -> Json:
        """A synced command by name: guild-scoped first (if ``guild_id``), then global."""
        scopes: list[int | None] = [guild_id, None] if guild_id is not None else [None]
        for scope in scopes:
            for command in self.synced_commands.get(scope, []):
                if command["name"] == name and command.get("type", 1) == command_type:
                    return command
        synced = {k: [c["name"] for c in v] for k, v in self.synced_commands.items()}
        raise LookupError(
            f"command {name!r} (type {command_type}) was not synced for guild {guild_id} "
            f"or globally; synced: {synced}"
        )

    # -- gateway events the tests send ------------------------------------------------------

    def _live_sessions(self) -> list[GatewaySession]:
        return [s for s in self.sessions if s.alive]

    async def dispatch(self, event: str, data: Json) -> None:
        """Send a dispatch event to every live gateway session (buffered while reconnecting)."""
        sessions = self._live_sessions()
        if not sessions:
            raise RuntimeError(f"no live gateway session to send {event} to; is the bot running?")
        for session in sessions:
            await session.dispatch(event, data)

    async def inject_reconnect(self, session: GatewaySession | None = None) -> GatewaySession:
        """Send op 7 RECONNECT; discord.py then RESUMEs on ``resume_gateway_url``."""
        target = session or self._connected_session()
        assert target.connection is not None
        await target.connection.send({"op": 7, "d": None})
        return target

    async def inject_invalid_session(
        self, resumable: bool = False, session: GatewaySession | None = None
    ) -> None:
        target = session or self._connected_session()
        assert target.connection is not None
        if not resumable:
            target.alive = False
        await target.connection.send({"op": 9, "d": resumable})

    def _connected_session(self) -> GatewaySession:
        for session in reversed(self.sessions):
            if session.alive and session.connection is not None:
                return session
        raise RuntimeError("no connected gateway session")

    async def send_interaction(
        self,
        name: str,
        options: Mapping[str, Any] | Sequence[Json] | None = None,
        *,
        user: FakeUser | None = None,
        guild_id: int | _Default | None = DEFAULT_GUILD,
        channel_id: int | None = None,
        type: int = APPLICATION_COMMAND,
        command_type: int = 1,
        focused: str | None = None,
        target: FakeUser | FakeMessage | None = None,
        locale: str = "en-US",
    ) -> FakeInteraction:
        """Send INTERACTION_CREATE for a synced command and return its record.

        ``name`` may name a sub-command: ``"admin reload"`` or ``"admin config set"``; the
        options are then those of the leaf and the fake nests them (types 2 and 1). Options are
        a mapping ``{name: value}`` (types come from the synced command; a FakeUser, FakeRole,
        FakeChannel or an ``add_attachment`` dict is resolved as Discord does) or a raw list of
        Discord option dicts. ``guild_id=None`` sends a DM interaction."""
        guild = self._guild_for(guild_id)
        user = user or self.member
        parts = name.split()
        command = self.command(parts[0], guild.id if guild else None, command_type)
        definitions: list[Json] = list(command.get("options") or [])
        chain: list[Json] = []
        for part in parts[1:]:
            sub = next((o for o in definitions if o["name"] == part and o["type"] in (1, 2)), None)
            if sub is None:
                raise LookupError(f"{part!r} is not a sub-command of {name!r}")
            chain.append(sub)
            definitions = list(sub.get("options") or [])
        resolved: Json = {}
        built = self._build_options(options, definitions, resolved, guild, focused)
        for sub in reversed(chain):
            built = [{"name": sub["name"], "type": sub["type"], "options": built}]
        data: Json = {"id": str(command["id"]), "name": parts[0], "type": command_type}
        if command_type == 1:
            data["options"] = built
        if command.get("guild_id"):
            data["guild_id"] = str(command["guild_id"])
        if target is not None:
            data["target_id"] = str(target.id)
            if isinstance(target, FakeUser):
                self._resolve_user(target, resolved, guild)
            else:
                resolved.setdefault("messages", {})[str(target.id)] = target.payload()
        if resolved:
            data["resolved"] = resolved
        return await self._send(type, name, data, user, guild, channel_id, locale=locale)

    async def send_autocomplete(
        self,
        name: str,
        options: Mapping[str, Any] | Sequence[Json] | None = None,
        *,
        focused: str | None = None,
        **kwargs: Any,
    ) -> FakeInteraction:
        """An autocomplete interaction; ``focused`` names the option being typed (default:
        the last one given). The bot's answer is ``(await ix.response())["data"]["choices"]``."""
        if focused is None and isinstance(options, Mapping) and options:
            focused = list(options)[-1]
        return await self.send_interaction(
            name, options, type=AUTOCOMPLETE, focused=focused, **kwargs
        )

    async def click_button(
        self, message: FakeMessage | int, custom_id: str, *, user: FakeUser | None = None
    ) -> FakeInteraction:
        """A MESSAGE_COMPONENT interaction for a button on a stored message."""
        return await self.use_component(message, custom_id, user=user)

    async def use_component(
        self,
        message: FakeMessage | int,
        custom_id: str,
        *,
        values: Sequence[str] | None = None,
        user: FakeUser | None = None,
    ) -> FakeInteraction:
        """Click a button, or pick ``values`` in a select menu, on a stored message."""
        stored = message if isinstance(message, FakeMessage) else self._messages_by_id[message]
        component = stored.component(custom_id)
        if component is None:
            raise LookupError(f"message {stored.id} has no component with custom_id {custom_id!r}")
        if component.get("disabled"):
            raise ValueError(f"component {custom_id!r} is disabled; a user cannot use it")
        data: Json = {"custom_id": custom_id, "component_type": component["type"]}
        if component["type"] != limits.BUTTON:
            data["values"] = list(values or [])
        if user is None and stored.interaction_id is not None:
            user = self.interactions[stored.interaction_id].user
        guild = self.guild_by_id(stored.guild_id) if stored.guild_id else None
        return await self._send(
            MESSAGE_COMPONENT,
            custom_id,
            data,
            user or self.member,
            guild,
            stored.channel_id,
            message=stored,
        )

    async def submit_modal(
        self,
        interaction: FakeInteraction,
        values: Mapping[str, str],
        *,
        user: FakeUser | None = None,
    ) -> FakeInteraction:
        """Submit the modal an interaction answered with (callback type 9)."""
        if interaction.modal is None:
            raise LookupError(f"interaction {interaction.name!r} did not open a modal")
        rows = [
            {"type": 1, "components": [{"type": 4, "custom_id": key, "value": value}]}
            for key, value in values.items()
        ]
        data = {"custom_id": interaction.modal["custom_id"], "components": rows}
        guild = self.guild_by_id(interaction.guild_id) if interaction.guild_id else None
        return await self._send(
            MODAL_SUBMIT,
            interaction.modal["custom_id"],
            data,
            user or interaction.user,
            guild,
            interaction.channel_id,
            message=interaction.message,
        )

    def _guild_for(self, guild_id: int | _Default | None) -> FakeGuild | None:
        if guild_id is DEFAULT_GUILD:
            return self.guild
        if guild_id is None:
            return None
        guild = self.guild_by_id(guild_id)
        if guild is None:
            raise LookupError(f"no guild {guild_id}")
        return guild

    def _build_options(
        self,
        options: Mapping[str, Any] | Sequence[Json] | None,
        definitions: Sequence[Json],
        resolved: Json,
        guild: FakeGuild | None,
        focused: str | None,
    ) -> list[Json]:
        if options is None:
            return []
        if not isinstance(options, Mapping):
            return [dict(o) for o in options]
        built: list[Json] = []
        for key, value in options.items():
            definition = next((d for d in definitions if d["name"] == key), None)
            if definition is None and definitions:
                known = [d["name"] for d in definitions]
                raise LookupError(f"option {key!r} is not one of {known}")
            kind = definition["type"] if definition else self._infer_option_type(value)
            entry: Json = {
                "name": key,
                "type": kind,
                "value": self._option_value(value, resolved, guild),
            }
            if key == focused:
                entry["focused"] = True
            built.append(entry)
        return built

    @staticmethod
    def _infer_option_type(value: Any) -> int:
        if isinstance(value, FakeUser):
            return 6
        if isinstance(value, FakeChannel):
            return 7
        if isinstance(value, FakeRole):
            return 8
        if isinstance(value, Mapping) and "url" in value:
            return 11
        for py_type, kind in OPTION_TYPE_BY_PY:
            if isinstance(value, py_type):
                return kind
        raise TypeError(f"cannot infer an option type for {value!r}")

    def _option_value(self, value: Any, resolved: Json, guild: FakeGuild | None) -> Any:
        if isinstance(value, FakeUser):
            self._resolve_user(value, resolved, guild)
            return str(value.id)
        if isinstance(value, FakeRole):
            resolved.setdefault("roles", {})[str(value.id)] = value.payload()
            return str(value.id)
        if isinstance(value, FakeChannel):
            data = value.payload()
            data["permissions"] = str(guild.permissions_of(self.member.id) if guild else 0)
            resolved.setdefault("channels", {})[str(value.id)] = data
            return str(value.id)
        if isinstance(value, Mapping) and "url" in value and "filename" in value:
            resolved.setdefault("attachments", {})[str(value["id"])] = dict(value)
            return str(value["id"])
        return value

    def _resolve_user(self, user: FakeUser, resolved: Json, guild: FakeGuild | None) -> None:
        resolved.setdefault("users", {})[str(user.id)] = user.payload()
        member = guild.member(user.id) if guild else None
        if member is not None and guild is not None:
            resolved.setdefault("members", {})[str(user.id)] = member.payload(
                permissions=guild.permissions_of(user.id), with_user=False
            )

    async def _send(
        self,
        kind: int,
        name: str,
        data: Json,
        user: FakeUser,
        guild: FakeGuild | None,
        channel_id: int | None,
        *,
        message: FakeMessage | None = None,
        locale: str = "en-US",
    ) -> FakeInteraction:
        interaction_id = self.new_id()
        token = f"aW50ZXJhY3Rpb246{interaction_id}:{secrets.token_urlsafe(48)}"
        payload: Json = {
            "id": str(interaction_id),
            "application_id": str(self.application_id),
            "type": kind,
            "data": data,
            "token": token,
            "version": 1,
            "locale": locale,
            "app_permissions": "0",
            "entitlements": [],
            "attachment_size_limit": 10 * 1024 * 1024,
        }
        if guild is not None:
            member = guild.member(user.id)
            if member is None:
                raise LookupError(f"user {user.username} is not a member of {guild.name}")
            channel = self.channels[channel_id] if channel_id else guild.text_channels[0]
            channel_data = channel.payload()
            channel_data["permissions"] = str(guild.permissions_of(user.id))
            payload.update(
                guild_id=str(guild.id),
                guild={"id": str(guild.id), "locale": "en-US", "features": []},
                guild_locale="en-US",
                member=member.payload(permissions=guild.permissions_of(user.id)),
                channel=channel_data,
                channel_id=str(channel.id),
                app_permissions=str(guild.permissions_of(self.bot_user.id)),
                context=0,
                authorizing_integration_owners={"0": str(guild.id)},
            )
        else:
            channel = self.channels[channel_id] if channel_id else self.dm_channel(user)
            payload.update(
                user=user.payload(),
                channel=channel.payload(),
                channel_id=str(channel.id),
                context=1,
                authorizing_integration_owners={"0": "0"},
            )
        if message is not None:
            payload["message"] = message.payload()
        ix = FakeInteraction(
            id=interaction_id,
            token=token,
            type=kind,
            name=name,
            payload=payload,
            user=user,
            guild_id=guild.id if guild else None,
            channel_id=channel.id,
            sent_at=self.clock(),
            message=message,
            _fake=self,
        )
        self.interactions[interaction_id] = ix
        self._by_token[token] = ix
        await self.dispatch("INTERACTION_CREATE", payload)
        return ix

    # -- HTTP plumbing ----------------------------------------------------------------------

    def _add_routes(self, app: web.Application) -> None:
        api = API_PREFIX
        app.router.add_get("/gateway", self._gateway)
        app.router.add_get("/attachments/{attachment_id}/{filename}", self._get_attachment)
        routes: list[tuple[str, str, Handler]] = [
            ("GET", "/users/@me", self._get_me),
            ("GET", "/users/{user}", self._get_user),
            ("GET", "/oauth2/applications/@me", self._get_app_info),
            ("GET", "/applications/@me", self._get_app_info),
            ("GET", "/gateway", self._get_gateway),
            ("GET", "/gateway/bot", self._get_gateway_bot),
            ("PUT", "/applications/{app}/commands", self._put_commands),
            ("GET", "/applications/{app}/commands", self._get_commands),
            ("PUT", "/applications/{app}/guilds/{guild}/commands", self._put_commands),
            ("GET", "/applications/{app}/guilds/{guild}/commands", self._get_commands),
            ("POST", "/interactions/{interaction_id}/{token}/callback", self._post_callback),
            ("POST", "/webhooks/{app}/{token}", self._post_followup),
            ("GET", "/webhooks/{app}/{token}/messages/{message}", self._get_webhook_message),
            ("PATCH", "/webhooks/{app}/{token}/messages/{message}", self._patch_webhook_message),
            ("DELETE", "/webhooks/{app}/{token}/messages/{message}", self._delete_webhook_message),
            ("POST", "/users/@me/channels", self._post_dm_channel),
            ("GET", "/channels/{channel}", self._get_channel),
            ("POST", "/channels/{channel}/messages", self._post_channel_message),
            ("GET", "/channels/{channel}/messages/{message}", self._get_channel_message),
            ("PATCH", "/channels/{channel}/messages/{message}", self._patch_channel_message),
            ("DELETE", "/channels/{channel}/messages/{message}", self._delete_channel_message),
            ("PUT", "/channels/{channel}/messages/pins/{message}", self._pin),
            ("DELETE", "/channels/{channel}/messages/pins/{message}", self._pin),
            ("PUT", "/channels/{channel}/pins/{message}", self._pin),
            ("DELETE", "/channels/{channel}/pins/{message}", self._pin),
        ]
        for method, path, handler in routes:
            app.router.add_route(method, api + path, handler)

    def _over_global_limit(self, path: str, now: float) -> float | None:
        """Seconds to wait if this request breaks the global limit (a sliding second)."""
        if self.global_limit is None or any(part in path for part in _GLOBAL_EXEMPT):
            return None
        while self._recent and self._recent[0] <= now - 1.0:
            self._recent.popleft()
        if len(self._recent) >= self.global_limit:
            return max(0.001, self._recent[0] + 1.0 - now)
        self._recent.append(now)
        return None

    def _route_headers(self, request: web.Request, now: float) -> dict[str, str]:
        """X-RateLimit-* for the request's bucket (route plus its channel, guild or webhook)."""
        resource = request.match_info.route.resource
        route = resource.canonical if resource else request.path
        major = next(
            (request.match_info[k] for k in ("channel", "guild", "app") if k in request.match_info),
            "",
        )
        bucket = f"{request.method} {route} {major}"
        start, used = self._buckets.get(bucket, (now, 0))
        if now - start >= self.route_window:
            start, used = now, 0
        used += 1
        self._buckets[bucket] = (start, used)
        reset_after = max(0.0, start + self.route_window - now)
        return {
            "X-RateLimit-Limit": str(self.route_limit),
            # The fake enforces only the global limit; a route never reports below 1 left.
            "X-RateLimit-Remaining": str(max(1, self.route_limit - used)),
            "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": uuid.uuid5(uuid.NAMESPACE_URL, f"{request.method} {route}").hex,
        }

    @web.middleware
    async def _middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        started = self.clock()
        method, path = request.method, request.path
        rule = self._take_rule(method, path, after_handler=False)
        injected: str | None = None
        wait = None if rule is not None else self._over_global_limit(path, started)
        if wait is not None:
            self.global_refusals += 1
            response = _json_response(
                {"message": "You are being rate limited.", "retry_after": wait, "global": True},
                429,
                {
                    "Via": "1.1 google",
                    "Retry-After": str(max(1, round(wait))),
                    "X-RateLimit-Global": "true",
                    "X-RateLimit-Scope": "global",
                },
            )
            injected = "global"
        elif rule is not None:
            response: web.StreamResponse = _json_response(rule.body, rule.status, rule.headers)
            injected = rule.kind
        else:
            try:
                response = await handler(request)
            except web.HTTPException as exc:
                if exc.status not in (404, 405):
                    raise
                response = self._reject(
                    request, limits.NOT_FOUND, f"the fake does not serve {method} {path}"
                )
            after = self._take_rule(method, path, after_handler=True)
            if after is not None:
                response = _json_response(after.body, after.status, after.headers)
                injected = after.kind
            elif path.startswith(API_PREFIX) and not any(p in path for p in _GLOBAL_EXEMPT):
                response.headers.update(self._route_headers(request, started))
        self.requests.append(
            RequestRecord(
                method=method,
                path=path,
                query=dict(request.query),
                status=response.status,
                started=started,
                finished=self.clock(),
                body=request.get(_BODY_KEY),
                injected=injected,
            )
        )
        self._notify()
        return response

    def _reject(
        self,
        request: web.Request,
        error: ApiError | Sequence[Problem],
        reason: str | None = None,
    ) -> web.Response:
        if isinstance(error, ApiError):
            status, body = error.status, error.body()
            reason = reason or error.message
        else:
            status, body = 400, limits.form_error_body(error)
            reason = reason or "; ".join(p.describe() for p in error)
        resource = request.match_info.route.resource
        self.rejections.append(
            Rejection(
                method=request.method,
                path=request.path,
                route=f"{request.method} {resource.canonical if resource else request.path}",
                status=status,
                code=int(body["code"]),
                reason=reason,
                body=body,
                at=self.clock(),
            )
        )
        _log.info("fake discord rejected %s %s: %s", request.method, request.path, reason)
        return _json_response(body, status)

    def _check_auth(self, request: web.Request) -> web.Response | None:
        if request.headers.get("Authorization") != f"Bot {self.token}":
            return self._reject(request, limits.UNAUTHORIZED, "missing or wrong bot token")
        return None

    async def _read_body(self, request: web.Request) -> tuple[Any, list[_Upload]]:
        uploads: list[_Upload] = []
        payload: Any = None
        if request.content_type == "multipart/form-data":
            reader = await request.multipart()
            while True:
                part = await reader.next()
                if part is None:
                    break
                if not isinstance(part, BodyPartReader):  # nested multipart: not used
                    continue
                if part.name == "payload_json":
                    payload = json.loads(await part.text())
                else:
                    data = bytes(await part.read(decode=False))
                    uploads.append(
                        _Upload(
                            part.name or "",
                            part.filename or "file",
                            data,
                            part.headers.get("Content-Type"),
                        )
                    )
        elif request.can_read_body:
            text = await request.text()
            payload = json.loads(text) if text else None
        request[_BODY_KEY] = payload
        return payload, uploads

    # -- gateway --------------------------------------------------------------------------

    async def _gateway(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        connection = _Connection(ws, request.query)
        self._connections.add(connection)
        self.gateway_connections.append(dict(request.query))
        try:
            await connection.send(
                {"op": 10, "d": {"heartbeat_interval": self.heartbeat_interval_ms}}
            )
            async for message in ws:
                if message.type in (WSMsgType.TEXT, WSMsgType.BINARY):
                    await self._on_gateway_frame(connection, json.loads(message.data))
        finally:
            self._connections.discard(connection)
            session = connection.session
            if session is not None and session.connection is connection:
                session.connection = None
                if ws.close_code in (1000, 1001):  # a clean close ends the session
                    session.alive = False
            self._notify()
        return ws

    async def _on_gateway_frame(self, connection: _Connection, frame: Json) -> None:
        op, data = frame.get("op"), frame.get("d")
        if op == 1:
            self.heartbeats += 1
            await connection.send({"op": 11})
        elif op == 2:
            await self._identify(connection, data or {})
        elif op == 6:
            await self._resume(connection, data or {})
        elif op == 8:
            await self._request_members(connection, data or {})
        elif op == 3:
            self.presence_updates.append(data or {})
        elif op == 4:
            pass  # voice state update: no voice here
        else:
            await connection.ws.close(code=4001, message=b"Unknown opcode.")

    async def _identify(self, connection: _Connection, data: Json) -> None:
        self.identifies.append(data)
        self._notify()
        if data.get("token") != self.token:
            await connection.ws.close(code=4004, message=b"Authentication failed.")
            return
        intents = int(data.get("intents", 0))
        if self.refuse_privileged_intents and intents & PRIVILEGED_INTENTS:
            self.refused_intents.append(intents)
            await connection.ws.close(code=4014, message=b"Disallowed intent(s).")
            return
        session = GatewaySession(uuid.uuid4().hex, data)
        session.connection = connection
        connection.session = session
        self.sessions.append(session)
        ready = {
            "v": 10,
            "user": {**self.bot_user.payload(), "verified": True, "mfa_enabled": False, "flags": 0},
            "guilds": [{"id": str(g.id), "unavailable": True} for g in self.guilds],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": self.gateway_url,
            "shard": data.get("shard") or [0, 1],
            "application": {"id": str(self.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
            "user_settings": {},
        }
        await session.dispatch("READY", ready)
        for guild in self.guilds:
            await session.dispatch("GUILD_CREATE", self._guild_create(guild, session))
        self._notify()

    def _guild_create(self, guild: FakeGuild, session: GatewaySession) -> Json:
        return guild.payload(
            all_members=bool(session.intents & INTENT_GUILD_MEMBERS), bot_id=self.bot_user.id
        )

    async def _resume(self, connection: _Connection, data: Json) -> None:
        session = next((s for s in self.sessions if s.id == data.get("session_id")), None)
        if session is None or not session.alive or data.get("token") != self.token:
            await connection.send({"op": 9, "d": False})
            return
        old = session.connection
        session.connection = connection
        connection.session = session
        session.resumes += 1
        if old is not None and old is not connection:
            await old.ws.close(code=4000, message=b"Resumed elsewhere.")
        last_seen = int(data.get("seq") or 0)
        for frame in [f for f in session.sent if f["s"] > last_seen]:
            await connection.send(frame)
        await session.dispatch("RESUMED", {})
        self.resumes.append(data)
        self._notify()

    async def _request_members(self, connection: _Connection, data: Json) -> None:
        self.member_requests.append(data)
        guild_ids = data.get("guild_id")
        ids = guild_ids if isinstance(guild_ids, list) else [guild_ids]
        session = connection.session
        if session is None:
            return
        query = (data.get("query") or "").lower()
        limit = int(data.get("limit") or 0)
        user_ids = {int(u) for u in data.get("user_ids") or []}
        for raw_id in ids:
            guild = self.guild_by_id(int(raw_id)) if isinstance(raw_id, str | int) else None
            if guild is None:
                continue
            members = [
                m
                for m in guild.members
                if (not user_ids or m.user.id in user_ids)
                and m.user.username.lower().startswith(query)
            ]
            if limit:
                members = members[:limit]
            chunk: Json = {
                "guild_id": str(guild.id),
                "members": [m.payload() for m in members],
                "chunk_index": 0,
                "chunk_count": 1,
                "not_found": [str(u) for u in user_ids if guild.member(u) is None],
            }
            if data.get("nonce") is not None:
                chunk["nonce"] = data["nonce"]
            await session.dispatch("GUILD_MEMBERS_CHUNK", chunk)

    # -- REST: login, gateway, commands -----------------------------------------------------

    async def _get_me(self, request: web.Request) -> web.StreamResponse:
        if (denied := self._check_auth(request)) is not None:
            return denied
        return _json_response(
            {**self.bot_user.payload(), "verified": True, "mfa_enabled": False, "flags": 0}
        )

    async def _get_user(self, request: web.Request) -> web.StreamResponse:
        """`GET /users/{id}` (Client.fetch_user): any user the fake knows."""
        if (denied := self._check_auth(request)) is not None:
            return denied
        try:
            user = self.users.get(int(request.match_info["user"]))
        except ValueError:
            user = None
        if user is None:
            return self._reject(request, limits.UNKNOWN_USER)
        return _json_response(user.payload())

    async def _get_app_info(self, request: web.Request) -> web.StreamResponse:
        if (denied := self._check_auth(request)) is not None:
            return denied
        return _json_response(
            {
                "id": str(self.application_id),
                "name": self.bot_user.username,
                "description": "",
                "icon": None,
                "summary": "",
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": self._app_owner_payload(),
                "team": self._team_payload(),
                "verify_key": "0" * 64,
                "flags": 0,
                "rpc_origins": [],
                "interactions_endpoint_url": None,
                "bot": self.bot_user.payload(),
            }
        )

    @property
    def team_id(self) -> int:
        """The team's id: one below the application's, an id ``new_id`` never hands out."""
        return self.application_id - 1

    def _app_owner_payload(self) -> Json:
        """A team-owned application's owner is a pseudo-user named after the team, with the
        TEAM_PSEUDO_USER flag (1 << 10), as Discord reports it."""
        if self.team is None:
            return self.owner.payload()
        return {
            "id": str(self.team_id),
            "username": f"team{self.team_id}",
            "discriminator": "0000",
            "global_name": None,
            "avatar": None,
            "flags": 1024,
            "public_flags": 1024,
        }

    def _team_payload(self) -> Json | None:
        if self.team is None:
            return None
        return {
            "id": str(self.team_id),
            "name": "Confbot team",
            "icon": None,
            "owner_user_id": str(self.team[0][0].id) if self.team else None,
            "members": [
                {
                    "membership_state": 2,  # accepted
                    "permissions": ["*"],
                    "team_id": str(self.team_id),
                    "role": role,
                    "user": user.payload(),
                }
                for user, role in self.team
            ],
        }

    async def _get_gateway(self, request: web.Request) -> web.StreamResponse:
        return _json_response({"url": self.gateway_url})

    async def _get_gateway_bot(self, request: web.Request) -> web.StreamResponse:
        if (denied := self._check_auth(request)) is not None:
            return denied
        limit = {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}
        return _json_response({"url": self.gateway_url, "shards": 1, "session_start_limit": limit})

    def _scope(self, request: web.Request) -> int | ApiError | None:
        if request.match_info["app"] != str(self.application_id):
            return limits.UNKNOWN_APPLICATION
        raw_guild = request.match_info.get("guild")
        if raw_guild is None:
            return None
        if not raw_guild.isdigit() or self.guild_by_id(int(raw_guild)) is None:
            return limits.UNKNOWN_GUILD
        return int(raw_guild)

    async def _put_commands(self, request: web.Request) -> web.StreamResponse:
        if (denied := self._check_auth(request)) is not None:
            return denied
        scope = self._scope(request)
        if isinstance(scope, ApiError):
            return self._reject(request, scope)
        body, _ = await self._read_body(request)
        problems = limits.validate_command_list(body)
        if problems:
            return self._reject(request, problems)
        self.sync_requests.append((scope, copy.deepcopy(body)))
        stored: list[Json] = []
        for command in body:
            kind = command.get("type", 1)
            key = (scope, command["name"], kind)
            command_id = self._command_ids.setdefault(key, self.new_id())
            item = copy.deepcopy(command)
            item.update(
                id=str(command_id),
                application_id=str(self.application_id),
                version=str(self.new_id()),
                type=kind,
                options=item.get("options") or [],
            )
            permissions = item.get("default_member_permissions")
            if permissions is not None:  # Discord answers with a string
                item["default_member_permissions"] = str(int(permissions))
            if scope is not None:
                item["guild_id"] = str(scope)
            stored.append(item)
        self.synced_commands[scope] = stored
        self._notify()
        return _json_response(stored)

    async def _get_commands(self, request: web.Request) -> web.StreamResponse:
        if (denied := self._check_auth(request)) is not None:
            return denied
        scope = self._scope(request)
        if isinstance(scope, ApiError):
            return self._reject(request, scope)
        return _json_response(self.synced_commands.get(scope, []))

    # -- REST: interactions -----------------------------------------------------------------

    async def _post_callback(self, request: web.Request) -> web.StreamResponse:  # noqa: C901, PLR0911, PLR0912 (a table: Discord's checks and callback types, in Discord's order)
        now = self.clock()
        raw_id = request.match_info["interaction_id"]
        ix = self.interactions.get(int(raw_id)) if raw_id.isdigit() else None
        body, uploads = await self._read_body(request)
        if ix is None or ix.token != request.match_info["token"]:
            return self._reject(request, limits.UNKNOWN_INTERACTION, "no such interaction")
        if ix.callback is not None:
            return self._reject(
                request, limits.ALREADY_ACKNOWLEDGED, f"second initial response to {ix.name!r}"
            )
        elapsed = now - ix.sent_at
        if elapsed > self.response_deadline:
            return self._reject(
                request,
                limits.UNKNOWN_INTERACTION,
                f"initial response to {ix.name!r} after {elapsed:.3f}s "
                f"(deadline {self.response_deadline}s)",
            )
        if not isinstance(body, dict):
            return self._reject(
                request, [Problem(("type",), "BASE_TYPE_REQUIRED", "This field is required")]
            )
        raw_kind = body.get("type")
        kind = raw_kind if isinstance(raw_kind, int) else -1
        data = body.get("data")
        problems = limits.validate_callback_type(ix.type, kind)
        if not problems and kind in _MESSAGE_CALLBACKS:
            problems = limits.validate_message(data or {}, ("data",))
        elif not problems and kind == 8:
            problems = limits.validate_choices((data or {}).get("choices"), ("data", "choices"))
        elif not problems and kind == 9:
            problems = limits.validate_modal(data, ("data",))
        if problems:
            return self._reject(request, problems)
        if kind == 4 and limits.is_empty_message(data or {}, files=len(uploads)):
            return self._reject(request, limits.EMPTY_MESSAGE)

        record = CallbackRecord(ix.id, kind, data, body, now, now - ix.sent_at)
        ix.callback = record
        self.callbacks.append(record)
        message: FakeMessage | None = None
        if kind == 4:
            message = self._new_message(
                ix.channel_id, ix.guild_id, data or {}, uploads, "interaction", interaction=ix
            )
            ix.original = message
            self._record_sent("callback", data or {}, message, ix)
        elif kind == 5:
            flags = limits.FLAG_LOADING | (((data or {}).get("flags") or 0) & limits.FLAG_EPHEMERAL)
            message = self._new_message(
                ix.channel_id, ix.guild_id, {"flags": flags}, [], "interaction", interaction=ix
            )
            ix.original = message
        elif kind in (6, 7) and ix.message is not None:
            message = ix.message
            ix.original = message
            if kind == 7:
                self._apply_edit(message, data or {}, uploads)
                self._record_sent("callback", data or {}, message, ix)
        elif kind == 9:
            ix.modal = data
        self._notify()
        if request.query.get("with_response", "").lower() not in ("1", "true"):
            return web.Response(status=204)
        summary: Json = {"id": str(ix.id), "type": ix.type}
        response: Json = {"interaction": summary}
        if message is not None and kind in (4, 5, 7):
            summary.update(
                response_message_id=str(message.id),
                response_message_loading=message.loading,
                response_message_ephemeral=message.ephemeral,
            )
            response["resource"] = {"type": kind, "message": message.payload()}
        return _json_response(response)

    def _webhook_interaction(self, request: web.Request) -> FakeInteraction | ApiError:
        ix = self._by_token.get(request.match_info["token"])
        if ix is None or request.match_info["app"] != str(self.application_id):
            return limits.UNKNOWN_WEBHOOK
        if self.clock() - ix.sent_at > self.token_lifetime:
            return limits.INVALID_WEBHOOK_TOKEN
        if ix.callback is None:
            return limits.UNKNOWN_WEBHOOK  # the webhook exists only after the initial response
        return ix

    async def _post_followup(self, request: web.Request) -> web.StreamResponse:
        body, uploads = await self._read_body(request)
        ix = self._webhook_interaction(request)
        if isinstance(ix, ApiError):
            return self._reject(request, ix, self._webhook_reason(request, ix))
        if not isinstance(body, dict):
            body = {}
        problems = limits.validate_message(body)
        if problems:
            return self._reject(request, problems)
        if limits.is_empty_message(body, files=len(uploads)):
            return self._reject(request, limits.EMPTY_MESSAGE)
        original = ix.original
        if original is not None and original.loading and ix.callback and ix.callback.type == 5:
            # The first followup after a deferred response replaces the "thinking" message.
            body = {**body, "flags": (body.get("flags") or 0) & ~limits.FLAG_EPHEMERAL}
            self._apply_edit(original, body, uploads, keep_ephemeral=True)
            original.edited_timestamp = None
            message = original
        else:
            message = self._new_message(
                ix.channel_id, ix.guild_id, body, uploads, "followup", interaction=ix
            )
        ix.followups.append(message)
        self.followups.append(message)
        self._record_sent("followup", body, message, ix)
        self._notify()
        if request.query.get("wait", "").lower() in ("1", "true"):
            return _json_response(message.payload())
        return web.Response(status=204)

    def _webhook_reason(self, request: web.Request, error: ApiError) -> str:
        ix = self._by_token.get(request.match_info["token"])
        if ix is None:
            return "unknown interaction token"
        if error is limits.INVALID_WEBHOOK_TOKEN:
            age = self.clock() - ix.sent_at
            return (
                f"interaction token of {ix.name!r} used after {age:.3f}s "
                f"(lifetime {self.token_lifetime}s)"
            )
        return f"followup or edit for {ix.name!r} before the initial response"

    def _webhook_target(self, request: web.Request, ix: FakeInteraction) -> FakeMessage | None:
        raw = request.match_info["message"]
        if raw == "@original":
            target = ix.original
        else:
            candidates = [*ix.followups, *([ix.original] if ix.original else [])]
            target = next((m for m in candidates if str(m.id) == raw), None)
        return None if target is None or target.deleted else target

    async def _get_webhook_message(self, request: web.Request) -> web.StreamResponse:
        ix = self._webhook_interaction(request)
        if isinstance(ix, ApiError):
            return self._reject(request, ix, self._webhook_reason(request, ix))
        target = self._webhook_target(request, ix)
        if target is None:
            return self._reject(request, limits.UNKNOWN_MESSAGE)
        return _json_response(target.payload())

    async def _patch_webhook_message(self, request: web.Request) -> web.StreamResponse:
        body, uploads = await self._read_body(request)
        ix = self._webhook_interaction(request)
        if isinstance(ix, ApiError):
            return self._reject(request, ix, self._webhook_reason(request, ix))
        target = self._webhook_target(request, ix)
        if target is None:
            return self._reject(request, limits.UNKNOWN_MESSAGE)
        if not isinstance(body, dict):
            body = {}
        rejected = self._check_edit(request, target, body, uploads)
        if rejected is not None:
            return rejected
        self._apply_edit(target, body, uploads, keep_ephemeral=True)
        record = EditRecord(target.id, ix.id, request.match_info["message"], body, self.clock())
        ix.edits.append(record)
        self.edits.append(record)
        self._record_sent("edit", body, target, ix)
        self._notify()
        return _json_response(target.payload())

    async def _delete_webhook_message(self, request: web.Request) -> web.StreamResponse:
        ix = self._webhook_interaction(request)
        if isinstance(ix, ApiError):
            return self._reject(request, ix, self._webhook_reason(request, ix))
        target = self._webhook_target(request, ix)
        if target is None:
            return self._reject(request, limits.UNKNOWN_MESSAGE)
        target.deleted = True
        self._notify()
        return web.Response(status=204)

    # -- REST: channels and messages ----------------------------------------------------------

    async def _post_dm_channel(self, request: web.Request) -> web.StreamResponse:
        if (denied := self._check_auth(request)) is not None:
            return denied
        body, _ = await self._read_body(request)
        raw = str((body or {}).get("recipient_id", ""))
        if not raw.isdigit() or int(raw) not in self.users:
            return self._reject(request, limits.UNKNOWN_USER)
        return _json_response(self.dm_channel(int(raw)).payload())

    def _channel(self, request: web.Request) -> FakeChannel | None:
        raw = request.match_info["channel"]
        return self.channels.get(int(raw)) if raw.isdigit() else None

    def _channel_message(self, request: web.Request) -> FakeMessage | ApiError:
        channel = self._channel(request)
        if channel is None:
            return limits.UNKNOWN_CHANNEL
        raw = request.match_info["message"]
        message = self._messages_by_id.get(int(raw)) if raw.isdigit() else None
        if (
            message is None
            or message.deleted
            or message.channel_id != channel.id
            or message.ephemeral
        ):
            return limits.UNKNOWN_MESSAGE
        return message

    async def _get_channel(self, request: web.Request) -> web.StreamResponse:
        if (denied := self._check_auth(request)) is not None:
            return denied
        channel = self._channel(request)
        if channel is None:
            return self._reject(request, limits.UNKNOWN_CHANNEL)
        return _json_response(channel.payload())

    async def _post_channel_message(self, request: web.Request) -> web.StreamResponse:  # noqa: PLR0911 (a table: Discord's checks, in Discord's order)
        if (denied := self._check_auth(request)) is not None:
            return denied
        body, uploads = await self._read_body(request)
        channel = self._channel(request)
        if channel is None:
            return self._reject(request, limits.UNKNOWN_CHANNEL)
        if channel.is_dm and channel.recipient and channel.recipient.id in self._refused_dms:
            return self._reject(
                request, limits.CANNOT_DM, f"user {channel.recipient.username} does not accept DMs"
            )
        if not isinstance(body, dict):
            body = {}
        problems = limits.validate_message(body)
        if problems:
            return self._reject(request, problems)
        if limits.is_empty_message(body, files=len(uploads)):
            return self._reject(request, limits.EMPTY_MESSAGE)
        nonce = body.get("nonce")
        if nonce is not None and body.get("enforce_nonce"):
            earlier = self._nonces.get((channel.id, str(nonce)))
            if earlier is not None and self.clock() - earlier.created <= self.nonce_window:
                self.nonce_replays.append(NonceReplay(channel.id, nonce, earlier.id, self.clock()))
                self._notify()
                return _json_response(earlier.payload())
        message = self._new_message(channel.id, channel.guild_id, body, uploads, "channel")
        if nonce is not None:
            self._nonces[(channel.id, str(nonce))] = message
        self._record_sent("channel", body, message, None)
        self._notify()
        return _json_response(message.payload())

    async def _get_channel_message(self, request: web.Request) -> web.StreamResponse:
        if (denied := self._check_auth(request)) is not None:
            return denied
        message = self._channel_message(request)
        if isinstance(message, ApiError):
            return self._reject(request, message)
        return _json_response(message.payload())

    async def _patch_channel_message(self, request: web.Request) -> web.StreamResponse:
        if (denied := self._check_auth(request)) is not None:
            return denied
        body, uploads = await self._read_body(request)
        message = self._channel_message(request)
        if isinstance(message, ApiError):
            return self._reject(request, message)
        if message.author.id != self.bot_user.id:
            return self._reject(request, limits.CANNOT_EDIT_OTHERS)
        if not isinstance(body, dict):
            body = {}
        rejected = self._check_edit(request, message, body, uploads)
        if rejected is not None:
            return rejected
        self._apply_edit(message, body, uploads)
        record = EditRecord(message.id, message.interaction_id, str(message.id), body, self.clock())
        self.edits.append(record)
        self._record_sent("edit", body, message, None)
        self._notify()
        return _json_response(message.payload())

    async def _delete_channel_message(self, request: web.Request) -> web.StreamResponse:
        if (denied := self._check_auth(request)) is not None:
            return denied
        message = self._channel_message(request)
        if isinstance(message, ApiError):
            return self._reject(request, message)
        message.deleted = True
        self._notify()
        return web.Response(status=204)

    async def _pin(self, request: web.Request) -> web.StreamResponse:
        if (denied := self._check_auth(request)) is not None:
            return denied
        message = self._channel_message(request)
        if isinstance(message, ApiError):
            return self._reject(request, message)
        message.pinned = request.method == "PUT"
        self._notify()
        return web.Response(status=204)

    async def _get_attachment(self, request: web.Request) -> web.StreamResponse:
        raw = request.match_info["attachment_id"]
        stored = self._attachments.get(int(raw)) if raw.isdigit() else None
        if stored is None or stored[0] != request.match_info["filename"]:
            return web.Response(status=404, text="Not Found")
        _, data, content_type = stored
        return web.Response(body=data, content_type=content_type)

    # -- message helpers ------------------------------------------------------------------------

    def _attachments_from(self, uploads: Sequence[_Upload], body: Mapping[str, Any]) -> list[Json]:
        described = {
            str(a.get("id")): a for a in body.get("attachments") or [] if isinstance(a, Mapping)
        }
        result: list[Json] = []
        for index, upload in enumerate(uploads):
            meta = described.get(str(index), {})
            attachment = self.add_attachment(
                upload.filename, upload.data, upload.content_type or "application/octet-stream"
            )
            attachment.pop("ephemeral")
            if meta.get("description"):
                attachment["description"] = meta["description"]
            result.append(attachment)
        return result

    def _new_message(
        self,
        channel_id: int,
        guild_id: int | None,
        body: Mapping[str, Any],
        uploads: Sequence[_Upload],
        source: str,
        *,
        interaction: FakeInteraction | None = None,
    ) -> FakeMessage:
        message_type = 0
        if interaction is not None and source == "interaction" and interaction.type == 2:
            message_type = 20  # CHAT_INPUT_COMMAND
        message = FakeMessage(
            id=self.new_id(),
            channel_id=channel_id,
            guild_id=guild_id,
            author=self.bot_user,
            source=source,
            content=body.get("content") or "",
            embeds=copy.deepcopy(body.get("embeds") or []),
            components=copy.deepcopy(body.get("components") or []),
            attachments=self._attachments_from(uploads, body),
            flags=int(body.get("flags") or 0),
            nonce=body.get("nonce"),
            allowed_mentions=copy.deepcopy(body.get("allowed_mentions")),
            interaction_id=interaction.id if interaction else None,
            message_type=message_type,
            application_id=self.application_id if interaction is not None else None,
            created=self.clock(),
        )
        self.messages.append(message)
        self._messages_by_id[message.id] = message
        return message

    def _check_edit(
        self,
        request: web.Request,
        message: FakeMessage,
        body: Mapping[str, Any],
        uploads: Sequence[_Upload],
    ) -> web.Response | None:
        problems = limits.validate_message(body)
        if problems:
            return self._reject(request, problems)
        after = {
            "content": body.get("content", message.content),
            "embeds": body.get("embeds", message.embeds),
            "components": body.get("components", message.components),
            "attachments": body.get("attachments", message.attachments),
        }
        if not message.loading and limits.is_empty_message(after, files=len(uploads)):
            return self._reject(request, limits.EMPTY_MESSAGE)
        return None

    def _apply_edit(
        self,
        message: FakeMessage,
        body: Mapping[str, Any],
        uploads: Sequence[_Upload],
        *,
        keep_ephemeral: bool = False,
    ) -> None:
        message.history.append(message.payload())
        if "content" in body:
            message.content = body.get("content") or ""
        if "embeds" in body:
            message.embeds = copy.deepcopy(body.get("embeds") or [])
        if "components" in body:
            message.components = copy.deepcopy(body.get("components") or [])
        if "attachments" in body or uploads:
            keep = {
                str(a.get("id")) for a in body.get("attachments") or [] if isinstance(a, Mapping)
            }
            kept = [a for a in message.attachments if a["id"] in keep]
            message.attachments = kept + self._attachments_from(uploads, body)
        if "allowed_mentions" in body:
            message.allowed_mentions = copy.deepcopy(body.get("allowed_mentions"))
        ephemeral = message.flags & limits.FLAG_EPHEMERAL
        if "flags" in body:
            message.flags = int(body.get("flags") or 0)
        if keep_ephemeral:
            message.flags = (message.flags & ~limits.FLAG_EPHEMERAL) | ephemeral
        message.flags &= ~limits.FLAG_LOADING
        message.edited_timestamp = _now()

    def _record_sent(
        self,
        kind: str,
        body: Mapping[str, Any],
        message: FakeMessage | None,
        interaction: FakeInteraction | None,
    ) -> None:
        self.sent.append(
            SentRecord(
                kind=kind,
                message_id=message.id if message else None,
                interaction_id=interaction.id if interaction else None,
                has_allowed_mentions="allowed_mentions" in body,
                allowed_mentions=copy.deepcopy(body.get("allowed_mentions")),
                content=body.get("content"),
                at=self.clock(),
            )
        )

    # -- convenience for tests -------------------------------------------------------------------

    def latencies(self) -> list[float]:
        """Seconds from INTERACTION_CREATE sent to the initial callback, per callback."""
        return [c.latency for c in self.callbacks]

    def find_messages(self, text: str) -> list[FakeMessage]:
        return [m for m in self.messages if text in m.content]

    @staticmethod
    def choices(payload: Mapping[str, Any]) -> list[Json]:
        """The choices of an autocomplete callback payload."""
        return list((payload.get("data") or {}).get("choices") or [])

    def dm_requests(self) -> collections.Counter[int]:
        """Requests made per DM recipient (user fetches, opening the DM channel, messages to
        it, refused ones included), by user id."""
        dm_owner = {c.id: c.recipient.id for c in self.channels.values() if c.recipient}
        counts: collections.Counter[int] = collections.Counter()
        for r in self.requests:
            parts = r.path.removeprefix(API_PREFIX).strip("/").split("/")
            if r.method == "POST" and parts == ["users", "@me", "channels"]:
                raw = str((r.body or {}).get("recipient_id", ""))
                if raw.isdigit():
                    counts[int(raw)] += 1
            elif r.method == "GET" and len(parts) == 2 and parts[0] == "users":
                if parts[1].isdigit():
                    counts[int(parts[1])] += 1
            elif len(parts) >= 3 and parts[0] == "channels" and parts[2] == "messages":
                owner = dm_owner.get(int(parts[1])) if parts[1].isdigit() else None
                if owner is not None:
                    counts[owner] += 1
        return counts

    def request_log(self, route_substring: str = "") -> list[RequestRecord]:
        return [r for r in self.requests if route_substring in f"{r.method} {r.path}"]


@contextlib.asynccontextmanager
async def running_fake(**kwargs: Any) -> Any:
    """``async with running_fake() as fake:`` for use outside pytest fixtures."""
    fake = FakeDiscord(**kwargs)
    await fake.start()
    try:
        yield fake
    finally:
        await fake.stop()
