"""`/admin reload` with a spreadsheet attached: read by its name and content, like a text file."""

from __future__ import annotations

from pathlib import Path

from bot.discord_ui.client import ConfBot
from tests.discord_ui.cogs.test_admin import chair_text, reload_and_apply
from tests.fakediscord.server import FakeDiscord

SHEETS = Path(__file__).resolve().parents[2] / "data" / "sheets"
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


async def test_an_attached_workbook_replaces_the_program(fake: FakeDiscord, bot: ConfBot) -> None:
    data = (SHEETS / "per_paper.xlsx").read_bytes()
    attachment = fake.add_attachment("program.xlsx", data, XLSX)
    reply = await reload_and_apply(fake, attachment)
    assert reply.embeds[0]["title"] == "Reloaded ASPLOS + EuroSys 2025"
    text = await chair_text(fake, "Session 1A: Storage")
    assert "**Chair:** Bob Stone (ETH Zürich)" in text
    assert "**Room:** Hall A" in text


async def test_an_attached_csv_is_read_by_its_extension(fake: FakeDiscord, bot: ConfBot) -> None:
    data = (SHEETS / "per_session.csv").read_bytes()
    attachment = fake.add_attachment("sessions.csv", data, "text/csv")
    reply = await reload_and_apply(fake, attachment)
    assert reply.embeds[0]["title"] == "Reloaded ASPLOS + EuroSys 2025"
    assert "**Chair:** Bob Stone (ETH Zürich)" in await chair_text(fake, "Open Source in Research")
