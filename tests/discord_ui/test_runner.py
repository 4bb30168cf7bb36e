"""`python -m bot run` and `python -m bot sync`: exit codes, one-line failures, clean stops."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import sys
from pathlib import Path

import aiohttp
import pytest
from pydantic import SecretStr

from bot.app import open_app
from bot.cli import build_parser
from bot.discord_ui.runner import run_bot, sync_commands
from tests.discord_ui.conftest import embeds_of, settings_for
from tests.fakediscord.server import FakeDiscord

ROOT = Path(__file__).resolve().parents[2]


async def test_a_wrong_token_is_one_line_and_exit_1(
    fake: FakeDiscord,
    discord_endpoints: FakeDiscord,
    data_dir: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    settings = settings_for(fake, data_dir, discord_token=SecretStr("not-the-token"))
    assert await run_bot(settings, open_app) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith("error: Discord rejected the bot token in DISCORD_TOKEN;")
    assert "not-the-token" not in err
    [rejection] = fake.take_rejections()
    assert (rejection.status, rejection.route) == (401, "GET /api/v10/users/@me")
    assert fake.identifies == []


async def test_sync_logs_in_without_the_gateway(
    fake: FakeDiscord,
    discord_endpoints: FakeDiscord,
    data_dir: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    settings = settings_for(fake, data_dir)
    assert await sync_commands(settings, open_app) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"Synced 13 commands to guild {fake.guild.id}: /admin, /affiliation,")
    assert fake.sync_requests[-1][0] == fake.guild.id

    assert await sync_commands(settings, open_app, everywhere=True) == 0
    assert capsys.readouterr().out.startswith("Synced 13 commands globally: /admin,")
    assert len(fake.synced_commands[None]) == 13
    assert fake.identifies == []  # REST only: no gateway connection

    no_guild = settings_for(fake, data_dir, discord_guild_id=None)
    assert await sync_commands(no_guild, open_app) == 2
    assert "set DISCORD_GUILD_ID" in capsys.readouterr().err


def test_the_sync_command_line() -> None:
    parser = build_parser()
    assert parser.parse_args(["sync"]).everywhere is False
    assert parser.parse_args(["sync", "--global"]).everywhere is True


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def test_python_m_bot_run_answers_then_stops_on_sigterm(
    fake: FakeDiscord, data_dir: Path, tmp_path: Path
) -> None:
    env = {
        "PATH": os.environ.get("PATH", ""),
        "PYTHONPATH": str(ROOT),
        "DISCORD_TOKEN": fake.token,
        "DISCORD_GUILD_ID": str(fake.guild.id),
        "DISCORD_API_BASE": fake.api_base,
        "DISCORD_GATEWAY_URL": fake.gateway_url,
        "DATA_DIR": str(data_dir),
        "LOG_LEVEL": "INFO",
        "METRICS_PORT": str(free_port()),
    }
    stderr_path = tmp_path / "stderr.txt"
    with stderr_path.open("wb") as stderr:
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", "run",
            cwd=tmp_path, env=env, stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.DEVNULL, stderr=stderr,
        )  # fmt: skip
        try:
            await fake.wait_until(
                lambda: fake.synced_commands.get(fake.guild.id), timeout=30, what="the sync"
            )
            await fake.wait_for_identify(timeout=30)
            ix = await fake.send_interaction("chair", {"query": "Helix"})
            assert "Xiaosong Ma" in embeds_of(await ix.response())[0]["description"]
            base = f"http://127.0.0.1:{env['METRICS_PORT']}"
            async with aiohttp.ClientSession() as http:
                for _ in range(100):  # the scheduler's first round follows READY
                    async with http.get(f"{base}/healthz") as health:
                        if health.status == 200:
                            break
                    await asyncio.sleep(0.05)
                assert health.status == 200
                async with http.get(f"{base}/healthz") as health:
                    assert (await health.json())["checks"] == {
                        "database": True, "gateway": True, "scheduler": True,
                    }  # fmt: skip
                async with http.get(f"{base}/metrics") as metrics:
                    text = await metrics.text()
            assert 'confbot_commands_total{command="chair",outcome="ok"} 1' in text
            assert 'confbot_reminders{state="pending"} 0' in text
            process.send_signal(signal.SIGTERM)
            loop = asyncio.get_running_loop()
            started = loop.time()
            code = await asyncio.wait_for(process.wait(), timeout=10)
            assert loop.time() - started < 10
        finally:
            if process.returncode is None:
                process.kill()
                await process.wait()
    log = stderr_path.read_text()
    assert code == 0, log
    assert "SIGTERM received" in log
    assert "Traceback" not in log
    assert fake.token not in log


def test_shard_settings_make_this_process_one_shard() -> None:
    from bot.config import Settings
    from bot.discord_ui.runner import shard_options
    from bot.errors import ConfigError

    assert shard_options(Settings()) == {}
    assert shard_options(Settings(shard_count=4, shard_ids=(2,))) == {
        "shard_id": 2, "shard_count": 4,
    }  # fmt: skip
    for bad in [(0, 1), (), (4,)]:
        with pytest.raises(ConfigError):
            shard_options(Settings(shard_count=4, shard_ids=bad))
