"""End-to-end tests of the fake Discord, driven through a real discord.py bot.

The demo bot below is deliberately tiny; it exists only to exercise the fake. Every test
asserts on what the fake received.
"""

from __future__ import annotations

import asyncio
import io
import logging

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.ext import commands

from . import limits
from .fixtures import StartBot
from .limits import Problem
from .server import FakeDiscord

log = logging.getLogger(__name__)

FRUITS = [
    f"{prefix}{suffix}" for prefix in ("apple", "apricot", "banana") for suffix in "abcdefghijk"
]
SORRY = "Sorry, that failed."


# ---------------------------------------------------------------------------------------------
# The demo bot
# ---------------------------------------------------------------------------------------------


class VoteView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)
        self.votes = 0

    @discord.ui.button(label="Vote (0)", custom_id="vote", style=discord.ButtonStyle.primary)
    async def vote(
        self, interaction: discord.Interaction, button: discord.ui.Button[VoteView]
    ) -> None:
        self.votes += 1
        button.label = f"Vote ({self.votes})"
        await interaction.response.edit_message(view=self)


class FeedbackModal(discord.ui.Modal, title="Feedback"):
    text: discord.ui.TextInput[FeedbackModal] = discord.ui.TextInput(
        label="Your feedback", custom_id="text"
    )

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"Thanks: {self.text.value}", ephemeral=True)


class GlobalCommands(commands.Cog):
    @app_commands.command(name="about", description="What this bot is")
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    async def about(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("confbot demo", ephemeral=True)


class GuildCommands(commands.Cog):
    admin = app_commands.Group(
        name="admin",
        description="Organizer tools",
        default_permissions=discord.Permissions(manage_guild=True),
        guild_only=True,
    )
    config = app_commands.Group(name="config", description="Settings", parent=admin)

    def __init__(self, bot: DemoBot) -> None:
        self.bot = bot

    @app_commands.command(name="greet", description="Say hello")
    @app_commands.describe(name="Who to greet", times="How many times")
    async def greet(
        self, interaction: discord.Interaction, name: str, times: app_commands.Range[int, 1, 3] = 1
    ) -> None:
        await interaction.response.send_message(" ".join([f"Hello, {name}!"] * times))

    @app_commands.command(name="fruit", description="Pick a fruit")
    @app_commands.describe(name="The fruit")
    async def fruit(self, interaction: discord.Interaction, name: str) -> None:
        await interaction.response.send_message(f"You picked {name}.")

    @fruit.autocomplete("name")
    async def fruit_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        matches = [f for f in FRUITS if current.lower() in f]
        return [app_commands.Choice(name=f.title(), value=f) for f in matches[:25]]

    @app_commands.command(name="report", description="Defer, then answer with an embed")
    async def report(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await asyncio.sleep(self.bot.followup_delay)
        embed = discord.Embed(title="Report", description="All sessions are on time.")
        await interaction.followup.send(embed=embed)

    @app_commands.command(name="notify", description="DM you and post in the channel")
    async def notify(self, interaction: discord.Interaction) -> None:
        assert isinstance(interaction.channel, discord.TextChannel)
        await interaction.channel.send("Announcement: keynote in 5 minutes")
        try:
            await interaction.user.send("Reminder: keynote in 5 minutes")
        except discord.Forbidden:
            dm = "refused"
        else:
            dm = "sent"
        await interaction.response.send_message(f"Done (DM {dm}).", ephemeral=True)

    @app_commands.command(name="huge", description="Too long for Discord")
    async def huge(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("x" * (limits.CONTENT_MAX + 1))

    @app_commands.command(name="slow", description="Answers after bot.slow_delay seconds")
    async def slow(self, interaction: discord.Interaction) -> None:
        await asyncio.sleep(self.bot.slow_delay)
        await self.bot.gate.wait()
        await interaction.response.send_message("finally")

    @app_commands.command(name="export", description="Answer with a file")
    async def export(self, interaction: discord.Interaction) -> None:
        file = discord.File(io.BytesIO(b"id,title\n1,Keynote\n"), filename="program.csv")
        await interaction.response.send_message("Here it is.", file=file)
        await interaction.followup.send(file=discord.File(io.BytesIO(b"x"), filename="x.txt"))

    @app_commands.command(name="ping", description="Pong")
    async def ping(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("pong")

    @app_commands.command(name="vote", description="A button")
    async def vote(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Vote now", view=VoteView())

    @app_commands.command(name="feedback", description="Open a form")
    async def feedback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(FeedbackModal())

    @app_commands.command(name="upload", description="Read a file")
    @app_commands.describe(file="A text file")
    async def upload(self, interaction: discord.Interaction, file: discord.Attachment) -> None:
        data = await file.read()
        first = data.decode().splitlines()[0]
        await interaction.response.send_message(f"{file.filename}: {len(data)} bytes, {first!r}")

    @admin.command(name="reload", description="Reload the program")
    @app_commands.describe(source="Where from")
    async def reload(self, interaction: discord.Interaction, source: str = "bundled") -> None:
        if not interaction.permissions.manage_guild:  # checked again server-side
            await interaction.response.send_message("Organizers only.", ephemeral=True)
            return
        await interaction.response.send_message(f"Reloaded from {source}.", ephemeral=True)

    @config.command(name="set", description="Change a setting")
    @app_commands.describe(key="Setting", value="New value")
    async def config_set(self, interaction: discord.Interaction, key: str, value: str) -> None:
        await interaction.response.send_message(f"{key} = {value}", ephemeral=True)


class DemoBot(commands.Bot):
    def __init__(self, guild_id: int, *, members_intent: bool = False) -> None:
        intents = discord.Intents.default()
        intents.members = members_intent
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            allowed_mentions=discord.AllowedMentions.none(),
            guild_ready_timeout=0.01,
            help_command=None,
        )
        self.test_guild = discord.Object(guild_id)
        self.slow_delay = 0.0
        self.followup_delay = 0.0
        self.errors: list[BaseException] = []
        self.resumed_count = 0
        self.gate = asyncio.Event()  # /slow waits for it; tests may clear it to hold the reply
        self.gate.set()
        self.tree.error(self.on_tree_error)

    async def setup_hook(self) -> None:
        await self.add_cog(GlobalCommands())
        await self.add_cog(GuildCommands(self), guild=self.test_guild)
        await self.tree.sync()
        await self.tree.sync(guild=self.test_guild)

    async def on_resumed(self) -> None:
        self.resumed_count += 1

    async def on_tree_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        self.errors.append(getattr(error, "original", error))
        try:
            if interaction.response.is_done():
                await interaction.followup.send(SORRY, ephemeral=True)
            else:
                await interaction.response.send_message(SORRY, ephemeral=True)
        except discord.HTTPException as exc:
            log.info("could not report an error: %s", exc)


@pytest.fixture
async def bot(fake: FakeDiscord, start_bot: StartBot) -> DemoBot:
    started = await start_bot(DemoBot(fake.guild.id))
    assert isinstance(started, DemoBot)
    return started


def content_of(payload: dict[str, object]) -> object:
    data = payload.get("data")
    return data.get("content") if isinstance(data, dict) else None


# ---------------------------------------------------------------------------------------------
# Login, gateway, sync
# ---------------------------------------------------------------------------------------------


async def test_login_ready_and_sync(fake: FakeDiscord, bot: DemoBot) -> None:
    identify = await fake.wait_for_identify()
    assert identify["token"] == fake.token
    assert fake.intents == discord.Intents.default().value
    assert bot.user is not None
    assert bot.user.id == fake.bot_user.id
    guild = bot.get_guild(fake.guild.id)
    assert guild is not None
    assert guild.get_channel(fake.channel.id) is not None

    assert [c["name"] for c in fake.synced_commands[None]] == ["about"]
    guild_commands = {c["name"]: c for c in fake.synced_commands[fake.guild.id]}
    assert set(guild_commands) == {
        "greet", "fruit", "report", "notify", "huge", "slow", "ping", "vote", "upload", "export",
        "feedback", "admin",
    }  # fmt: skip
    assert all(
        c["id"] and c["application_id"] == str(fake.application_id) for c in guild_commands.values()
    )
    admin = guild_commands["admin"]
    assert admin["default_member_permissions"] == str(discord.Permissions(manage_guild=True).value)
    assert [(o["name"], o["type"]) for o in admin["options"]] == [("config", 2), ("reload", 1)]
    assert fake.gateway_connections[0]["compress"] in {"zlib-stream", "zstd-stream"}


async def test_wrong_token_is_a_login_failure(
    fake: FakeDiscord, discord_endpoints: FakeDiscord
) -> None:
    bot = DemoBot(fake.guild.id)
    async with bot:
        with pytest.raises(discord.LoginFailure):
            await bot.start("not-the-token")
    [rejection] = fake.take_rejections()
    assert (rejection.status, rejection.route) == (401, "GET /api/v10/users/@me")


async def test_privileged_intents_can_be_refused(fake: FakeDiscord, start_bot: StartBot) -> None:
    fake.refuse_privileged_intents = True
    with pytest.raises(discord.PrivilegedIntentsRequired):
        await start_bot(DemoBot(fake.guild.id, members_intent=True))
    assert fake.refused_intents == [
        discord.Intents(members=True).value | discord.Intents.default().value
    ]


async def test_request_guild_members_is_answered(fake: FakeDiscord, start_bot: StartBot) -> None:
    bot = await start_bot(DemoBot(fake.guild.id, members_intent=True))
    guild = bot.get_guild(fake.guild.id)
    assert guild is not None
    assert guild.chunked
    found = await guild.query_members("organ")
    assert [m.id for m in found] == [fake.admin.id]
    assert found[0].guild_permissions.manage_guild
    assert fake.member_requests[-1]["query"] == "organ"


async def test_reconnect_then_resume(fake: FakeDiscord, bot: DemoBot) -> None:
    session = fake.sessions[0]
    seq_before = session.seq
    await fake.inject_reconnect()
    resume = await fake.wait_for_resume()
    assert resume["session_id"] == session.id
    assert resume["seq"] == seq_before
    await fake.wait_until(lambda: bot.resumed_count or None)
    assert len(fake.identifies) == 1  # resumed, not re-identified
    ix = await fake.send_interaction("ping")
    assert content_of(await ix.response()) == "pong"


# ---------------------------------------------------------------------------------------------
# Interactions
# ---------------------------------------------------------------------------------------------


async def test_slash_command_with_options(fake: FakeDiscord, bot: DemoBot) -> None:
    ix = await fake.send_interaction("greet", {"name": "Ada", "times": 2}, user=fake.admin)
    payload = await fake.wait_for_response(ix.id, timeout=5)
    assert payload["type"] == 4
    assert content_of(payload) == "Hello, Ada! Hello, Ada!"
    assert ix.original is not None
    assert ix.original.channel_id == fake.channel.id
    assert ix.latency is not None
    assert ix.latency > 0
    assert fake.permissive_mentions() == []
    assert fake.sent[-1].allowed_mentions == {"parse": []}


async def test_autocomplete_choices(fake: FakeDiscord, bot: DemoBot) -> None:
    ix = await fake.send_autocomplete("fruit", {"name": "apr"})
    payload = await ix.response()
    assert payload["type"] == 8
    choices = fake.choices(payload)
    assert choices
    assert all("apr" in c["value"] for c in choices)
    everything = await fake.send_autocomplete("fruit", {"name": ""})
    assert len(fake.choices(await everything.response())) == limits.AUTOCOMPLETE_CHOICES_MAX


async def test_defer_then_followup(fake: FakeDiscord, bot: DemoBot) -> None:
    ix = await fake.send_interaction("report")
    assert (await ix.response())["type"] == 5
    followup = await ix.followup()
    assert followup.embeds[0]["title"] == "Report"
    assert ix.original is followup
    assert not followup.loading


async def test_dm_and_channel_message(fake: FakeDiscord, bot: DemoBot) -> None:
    ix = await fake.send_interaction("notify", user=fake.member)
    assert content_of(await ix.response()) == "Done (DM sent)."
    [announcement] = fake.channel_messages(fake.channel, source="channel")
    assert announcement.content.startswith("Announcement")
    assert announcement.nonce is not None
    [dm] = fake.channel_messages(fake.dm_channel(fake.member))
    assert dm.content.startswith("Reminder")
    assert {s.kind for s in fake.sent} == {"channel", "callback"}
    assert fake.permissive_mentions() == []


async def test_refused_dm_is_403_50007(fake: FakeDiscord, bot: DemoBot) -> None:
    fake.refuse_dms(fake.member)
    ix = await fake.send_interaction("notify", user=fake.member)
    assert content_of(await ix.response()) == "Done (DM refused)."
    [rejection] = fake.take_rejections()
    assert (rejection.status, rejection.code) == (403, 50007)


async def test_over_limit_message_is_rejected(fake: FakeDiscord, bot: DemoBot) -> None:
    ix = await fake.send_interaction("huge")
    assert content_of(await ix.response()) == SORRY  # the bot's error path answered instead
    [rejection] = fake.take_rejections()
    assert (rejection.status, rejection.code) == (400, 50035)
    assert rejection.route == "POST /api/v10/interactions/{interaction_id}/{token}/callback"
    assert rejection.body["errors"] == {
        "data": {
            "content": {
                "_errors": [
                    {"code": "BASE_TYPE_MAX_LENGTH", "message": "Must be 2000 or fewer in length."}
                ]
            }
        }
    }
    assert isinstance(bot.errors[0], discord.HTTPException)
    assert bot.errors[0].code == 50035


async def test_second_initial_response_is_refused(
    fake: FakeDiscord, bot: DemoBot, start_bot: StartBot
) -> None:
    await start_bot(DemoBot(fake.guild.id))  # a second instance with the same token
    ix = await fake.send_interaction("ping")
    await fake.wait_until(lambda: len(fake.rejections) >= 2 or None)  # the reply, then on_error's
    rejections = fake.take_rejections()
    assert {(r.status, r.code) for r in rejections} == {(400, 40060)}
    assert rejections[0].reason == "second initial response to 'ping'"
    assert [c.interaction_id for c in fake.callbacks] == [ix.id]


async def test_late_initial_response_is_refused(fake: FakeDiscord, bot: DemoBot) -> None:
    fake.response_deadline = 0.2
    bot.slow_delay = 0.3
    ix = await fake.send_interaction("slow")
    await fake.wait_until(lambda: len(fake.rejections) >= 2 or None)  # the reply, then on_error's
    assert {(r.status, r.code) for r in fake.take_rejections()} == {(404, 10062)}
    assert ix.callback is None
    assert isinstance(bot.errors[0], discord.NotFound)


async def test_followup_after_token_lifetime_is_refused(fake: FakeDiscord, bot: DemoBot) -> None:
    fake.token_lifetime = 0.2
    bot.followup_delay = 0.3
    ix = await fake.send_interaction("report")
    rejection = await fake.wait_for_rejection(50027)
    assert rejection.status == 401
    assert ix.followups == []
    await fake.wait_until(lambda: len(fake.rejections) >= 2 or None)  # on_error's followup too
    fake.take_rejections()


async def test_followup_before_initial_response_is_unknown_webhook(
    fake: FakeDiscord, bot: DemoBot
) -> None:
    bot.gate.clear()  # hold the reply until the early followup was refused
    ix = await fake.send_interaction("slow")
    url = f"{fake.api_base}/webhooks/{fake.application_id}/{ix.token}?wait=1"
    async with aiohttp.ClientSession() as http, http.post(url, json={"content": "early"}) as resp:
        assert resp.status == 404
        assert await resp.json() == {"code": 10015, "message": "Unknown Webhook"}
    bot.gate.set()
    assert content_of(await ix.response()) == "finally"
    fake.take_rejections()


async def test_button_round_trip(fake: FakeDiscord, bot: DemoBot) -> None:
    ix = await fake.send_interaction("vote")
    await ix.response()
    message = ix.original
    assert message is not None
    assert message.component("vote") is not None
    for expected in ("Vote (1)", "Vote (2)"):
        click = await fake.click_button(message, "vote", user=fake.admin)
        payload = await click.response()
        assert payload["type"] == 7
        assert click.payload["message"]["id"] == str(message.id)
        button = message.component("vote")
        assert button is not None
        assert button["label"] == expected
    assert len(message.history) == 2


async def test_modal_round_trip(fake: FakeDiscord, bot: DemoBot) -> None:
    ix = await fake.send_interaction("feedback")
    assert (await ix.response())["type"] == 9
    assert ix.modal is not None
    assert ix.modal["title"] == "Feedback"
    submitted = await fake.submit_modal(ix, {"text": "Great talk"})
    assert content_of(await submitted.response()) == "Thanks: Great talk"


async def test_attachment_is_downloaded_from_the_fake(fake: FakeDiscord, bot: DemoBot) -> None:
    attachment = fake.add_attachment("program.txt", b"ASPLOS 2025\nday 1\n", "text/plain")
    ix = await fake.send_interaction("upload", {"file": attachment})
    assert content_of(await ix.response()) == "program.txt: 18 bytes, 'ASPLOS 2025'"
    assert fake.request_log("GET /attachments/")[0].status == 200


async def test_files_are_sent_as_multipart(fake: FakeDiscord, bot: DemoBot) -> None:
    ix = await fake.send_interaction("export")
    followup = await ix.followup()
    assert ix.original is not None
    assert ix.original.content == "Here it is."
    [attachment] = ix.original.attachments
    assert (attachment["filename"], attachment["size"]) == ("program.csv", 19)
    assert followup.attachments[0]["filename"] == "x.txt"
    # Tests read back what the bot uploaded, from a response or a followup alike.
    assert fake.attachment_data(attachment) == b"id,title\n1,Keynote\n"
    assert fake.attachment_data(followup.attachments[0]) == b"x"
    callback = fake.request_log("/callback")[0]
    assert callback.body["type"] == 4  # the payload_json part
    async with aiohttp.ClientSession() as http, http.get(attachment["url"]) as resp:
        assert await resp.read() == b"id,title\n1,Keynote\n"


async def test_subcommands_and_groups(fake: FakeDiscord, bot: DemoBot) -> None:
    as_admin = await fake.send_interaction("admin reload", {"source": "web"}, user=fake.admin)
    assert content_of(await as_admin.response()) == "Reloaded from web."
    as_member = await fake.send_interaction("admin reload", user=fake.member)
    assert content_of(await as_member.response()) == "Organizers only."

    nested = await fake.send_interaction("admin config set", {"key": "tz", "value": "UTC"})
    assert content_of(await nested.response()) == "tz = UTC"
    [group] = nested.payload["data"]["options"]
    assert (group["name"], group["type"], group["options"][0]["type"]) == ("config", 2, 1)


async def test_dm_interaction(fake: FakeDiscord, bot: DemoBot) -> None:
    ix = await fake.send_interaction("about", guild_id=None, user=fake.member)
    assert content_of(await ix.response()) == "confbot demo"
    assert "member" not in ix.payload
    assert ix.payload["channel"]["type"] == 1
    assert ix.original is not None
    assert ix.original.ephemeral


# ---------------------------------------------------------------------------------------------
# Injected failures
# ---------------------------------------------------------------------------------------------


async def test_429_is_retried_by_discord_py(fake: FakeDiscord, bot: DemoBot) -> None:
    fake.inject_429("/callback", retry_after=0.2)
    fake.inject_429(f"POST /channels/{fake.channel.id}/messages", retry_after=0.2)
    ix = await fake.send_interaction("notify")
    assert content_of(await ix.response()) == "Done (DM sent)."
    for route in ("/callback", f"/channels/{fake.channel.id}/messages"):
        first, second = fake.request_log(route)
        assert (first.status, first.injected, second.status) == (429, "429", 200)
        assert second.started - first.finished >= 0.19  # discord.py slept retry_after
    assert len(fake.channel_messages(fake.channel, source="channel")) == 1


async def test_503_surfaces_as_discord_server_error(fake: FakeDiscord, bot: DemoBot) -> None:
    fake.inject_status("POST /channels/", status=503)
    ix = await fake.send_interaction("notify")
    assert content_of(await ix.response()) == SORRY
    assert isinstance(bot.errors[0], discord.DiscordServerError)
    assert fake.channel_messages(fake.channel, source="channel") == []


async def test_lost_502_is_retried_and_deduplicated_by_nonce(
    fake: FakeDiscord, bot: DemoBot
) -> None:
    # The message is stored but the answer is lost; discord.py retries after 1 s with the same
    # nonce and enforce_nonce, and Discord (the fake) answers with the original message.
    fake.inject_status(f"POST /channels/{fake.channel.id}/messages", status=502, after_handler=True)
    ix = await fake.send_interaction("notify")
    assert content_of(await ix.response(timeout=5)) == "Done (DM sent)."
    [message] = fake.channel_messages(fake.channel, source="channel")
    [replay] = fake.nonce_replays
    assert (replay.message_id, replay.nonce) == (message.id, message.nonce)


# ---------------------------------------------------------------------------------------------
# Direct checks of the fake's validation (no bot needed)
# ---------------------------------------------------------------------------------------------


def _button(custom_id: str = "c", label: str = "b") -> dict[str, object]:
    return {"type": 2, "style": 1, "label": label, "custom_id": custom_id}


def _row(*buttons: dict[str, object]) -> dict[str, object]:
    return {"type": 1, "components": list(buttons)}


def _embed_field(name: str = "n", value: str = "v") -> dict[str, str]:
    return {"name": name, "value": value}


MAX = "BASE_TYPE_MAX_LENGTH"
BAD = "BASE_TYPE_BAD_LENGTH"


@pytest.mark.parametrize(
    ("payload", "path", "code"),
    [
        ({"content": "x" * 2001}, ("content",), MAX),
        ({"embeds": [{"title": "t"}] * 11}, ("embeds",), MAX),
        ({"embeds": [{"title": "t" * 257}]}, ("embeds", 0, "title"), MAX),
        ({"embeds": [{"description": "d" * 4097}]}, ("embeds", 0, "description"), MAX),
        ({"embeds": [{"fields": [_embed_field()] * 26}]}, ("embeds", 0, "fields"), MAX),
        (
            {"embeds": [{"fields": [_embed_field(name="n" * 257)]}]},
            ("embeds", 0, "fields", 0, "name"),
            BAD,
        ),
        (
            {"embeds": [{"fields": [_embed_field(value="v" * 1025)]}]},
            ("embeds", 0, "fields", 0, "value"),
            BAD,
        ),
        ({"embeds": [{"footer": {"text": "f" * 2049}}]}, ("embeds", 0, "footer", "text"), MAX),
        ({"embeds": [{"author": {"name": "a" * 257}}]}, ("embeds", 0, "author", "name"), MAX),
        ({"embeds": [{"description": "d" * 3000}] * 3}, ("embeds",), "MAX_EMBED_SIZE_EXCEEDED"),
        ({"components": [_row(_button(str(i))) for i in range(6)]}, ("components",), MAX),
        (
            {"components": [_row(*(_button(str(i)) for i in range(6)))]},
            ("components", 0, "components"),
            BAD,
        ),
        (
            {"components": [_row(_button(custom_id="c" * 101))]},
            ("components", 0, "components", 0, "custom_id"),
            MAX,
        ),
        (
            {"components": [_row(_button(label="l" * 81))]},
            ("components", 0, "components", 0, "label"),
            MAX,
        ),
        (
            {"components": [_row(_button("same"), _button("same"))]},
            ("components",),
            "COMPONENT_CUSTOM_ID_DUPLICATED",
        ),
    ],
)
def test_message_limits(payload: dict[str, object], path: tuple[object, ...], code: str) -> None:
    problems = limits.validate_message(payload)
    assert [(p.path, p.code) for p in problems] == [(path, code)]


def test_message_at_the_limits_is_accepted() -> None:
    embed = {
        "title": "t" * 256,
        "description": "d" * 1000,
        "fields": [{"name": "n" * 10, "value": "v" * 100}] * 25,
        "footer": {"text": "f" * 100},
        "author": {"name": "a" * 100},
    }
    assert limits.embed_text_length(embed) <= limits.EMBED_TOTAL_MAX
    assert limits.validate_message({"content": "x" * 2000, "embeds": [embed]}) == []
    assert limits.is_empty_message({"content": "", "embeds": []})
    assert not limits.is_empty_message({}, files=1)


def _option(name: str, *, required: bool = False, **extra: object) -> dict[str, object]:
    return {"type": 3, "name": name, "description": "d", "required": required, **extra}


def _command(*options: dict[str, object], name: str = "ok", description: str = "d") -> object:
    return {"name": name, "description": description, "options": list(options)}


@pytest.mark.parametrize(
    ("command", "code"),
    [
        (_command(name="Greet"), "APPLICATION_COMMAND_INVALID_NAME"),
        (_command(name="two words"), "APPLICATION_COMMAND_INVALID_NAME"),
        (_command(name="x" * 33), "APPLICATION_COMMAND_INVALID_NAME"),
        (_command(description=""), BAD),
        (_command(description="d" * 101), BAD),
        (_command(*(_option(f"o{i}") for i in range(26))), MAX),
        (
            _command(_option("a"), _option("b", required=True)),
            "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
        ),
        (
            _command(_option("a", choices=[{"name": str(i), "value": str(i)} for i in range(26)])),
            MAX,
        ),
        (_command(_option("A")), "APPLICATION_COMMAND_INVALID_NAME"),
        (_command(_option("a"), _option("a")), "APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS"),
    ],
)
def test_command_limits(command: object, code: str) -> None:
    assert [p.code for p in limits.validate_command_list([command])] == [code]


def test_unicode_command_names() -> None:
    assert limits.is_valid_chat_input_name("café-2025")
    assert limits.is_valid_chat_input_name("日程")
    assert not limits.is_valid_chat_input_name("Café")
    assert not limits.is_valid_chat_input_name("a.b")


@pytest.mark.parametrize(
    ("choices", "path"),
    [
        ([{"name": str(i), "value": str(i)} for i in range(26)], ("data", "choices")),
        ([{"name": "", "value": "v"}], ("data", "choices", 0, "name")),
        ([{"name": "n" * 101, "value": "v"}], ("data", "choices", 0, "name")),
        ([{"name": "n", "value": "v" * 101}], ("data", "choices", 0, "value")),
    ],
)
def test_autocomplete_limits(choices: list[dict[str, str]], path: tuple[str | int, ...]) -> None:
    assert [p.path for p in limits.validate_choices(choices, ("data", "choices"))] == [path]


@pytest.mark.parametrize(
    ("interaction_type", "callback_type", "ok"),
    [(2, 4, True), (2, 5, True), (2, 7, False), (2, 8, False), (3, 7, True), (3, 6, True),
     (4, 8, True), (4, 4, False), (5, 9, False), (2, 1, False)],
)  # fmt: skip
def test_callback_types_per_interaction_type(
    interaction_type: int, callback_type: int, ok: bool
) -> None:
    assert (limits.validate_callback_type(interaction_type, callback_type) == []) is ok


def test_form_error_body_nests_like_discord() -> None:
    body = limits.form_error_body(
        [Problem((0, "name"), "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")]
    )
    error = {"code": "APPLICATION_COMMAND_INVALID_NAME", "message": "Command name is invalid"}
    assert body == {
        "code": 50035,
        "message": "Invalid Form Body",
        "errors": {"0": {"name": {"_errors": [error]}}},
    }


async def test_sync_endpoint_rejects_invalid_commands(fake: FakeDiscord) -> None:
    url = f"{fake.api_base}/applications/{fake.application_id}/commands"
    headers = {"Authorization": f"Bot {fake.token}"}
    async with aiohttp.ClientSession(headers=headers) as http:
        async with http.put(url, json=[{"name": "Bad Name", "description": "d"}]) as resp:
            assert resp.status == 400
            assert resp.headers["Content-Type"] == "application/json"
            body = await resp.json()
        assert body["code"] == 50035
        assert "name" in body["errors"]["0"]
        async with http.put(url, json=[{"name": "good", "description": "d"}]) as resp:
            assert resp.status == 200
            [stored] = await resp.json()
    assert stored["id"] == fake.synced_commands[None][0]["id"]
    fake.take_rejections()


async def test_channel_message_routes(fake: FakeDiscord) -> None:
    base = f"{fake.api_base}/channels/{fake.channel.id}"
    headers = {"Authorization": f"Bot {fake.token}"}
    async with aiohttp.ClientSession(headers=headers) as http:
        async with http.post(f"{base}/messages", json={"content": ""}) as resp:
            assert resp.status == 400
            assert await resp.json() == {"code": 50006, "message": "Cannot send an empty message"}
        async with http.post(f"{base}/messages", json={"content": "hi"}) as resp:
            message_id = (await resp.json())["id"]
        async with http.put(f"{base}/messages/pins/{message_id}") as resp:
            assert resp.status == 204
        async with http.patch(f"{base}/messages/{message_id}", json={"content": "hey"}) as resp:
            assert (await resp.json())["content"] == "hey"
        async with http.get(f"{base}/messages/{message_id}") as resp:
            fetched = await resp.json()
        assert fetched["pinned"] is True
        assert fetched["edited_timestamp"] is not None
        async with http.get(f"{fake.api_base}/gateway/bot") as resp:
            assert (await resp.json())["url"] == fake.gateway_url
        async with http.get(f"{fake.api_base}/no/such/route") as resp:
            assert resp.status == 404
    assert [r.code for r in fake.take_rejections()] == [50006, 0]
    [sent] = [s for s in fake.sent if s.kind == "channel"]
    assert sent.mentions_allowed  # no allowed_mentions: Discord's default would ping


async def test_the_global_limit_refuses_like_discord(fake: FakeDiscord) -> None:
    import aiohttp

    headers = {"Authorization": f"Bot {fake.token}"}
    async with aiohttp.ClientSession() as session:

        async def get() -> tuple[int, dict[str, str]]:
            async with session.get(f"{fake.api_base}/users/@me", headers=headers) as response:
                await response.read()
                return response.status, dict(response.headers)

        answers = await asyncio.gather(*(get() for _ in range(fake.global_limit + 10)))
    refused = [h for status, h in answers if status == 429]
    assert len(refused) == 10 == fake.global_refusals
    assert all(h["X-RateLimit-Global"] == "true" and h["Via"] for h in refused)
    ok = [h for status, h in answers if status == 200]
    assert all("X-RateLimit-Remaining" in h and "X-RateLimit-Reset-After" in h for h in ok)


async def test_member_roles_are_refused_as_discord_refuses_them(
    fake: FakeDiscord, start_bot: StartBot
) -> None:
    """PUT/DELETE /guilds/{g}/members/{u}/roles/{r}: Manage Roles is needed, and only roles
    below the bot's highest may be given (50013 otherwise); unknown ids get 10011/10007."""
    from .server import BOT_PERMISSIONS, MANAGE_ROLES

    guild, user = fake.guild, fake.member
    low = fake.add_role(guild, "Keynote pings", position=0)
    high = fake.add_role(guild, "Staff", position=5)
    bot = await start_bot(commands.Bot(command_prefix="!", intents=discord.Intents.none()))
    with pytest.raises(discord.Forbidden) as refused:
        await bot.http.add_role(guild.id, user.id, low.id)
    assert refused.value.code == 50013
    [bot_role] = [r for r in guild.roles if r.name == fake.bot_user.username]
    bot_role.permissions = BOT_PERMISSIONS | MANAGE_ROLES
    await bot.http.add_role(guild.id, user.id, low.id)
    assert low.id in guild.member(user.id).roles  # type: ignore[union-attr]
    with pytest.raises(discord.Forbidden):
        await bot.http.add_role(guild.id, user.id, high.id)
    with pytest.raises(discord.NotFound) as unknown:
        await bot.http.add_role(guild.id, user.id, fake.new_id())
    assert unknown.value.code == 10011
    with pytest.raises(discord.NotFound) as stranger:
        await bot.http.add_role(guild.id, fake.new_id(), low.id)
    assert stranger.value.code == 10007
    await bot.http.remove_role(guild.id, user.id, low.id)
    assert low.id not in guild.member(user.id).roles  # type: ignore[union-attr]
    assert [r.code for r in fake.take_rejections()] == [50013, 50013, 10011, 10007]
