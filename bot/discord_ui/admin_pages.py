"""The pages of `/admin` for tenancy: a reload's preview, the status an organiser or an owner
sees, the audit trail, a server's setup. Pure functions of service data, built on `embeds`.
"""

from __future__ import annotations

from collections.abc import Sequence

from discord.utils import format_dt

from bot.discord_ui import embeds
from bot.discord_ui.embeds import plural
from bot.discord_ui.layout import ADMIN, WARNING, Item, Page, esc, paginate, single
from bot.model import AdminAction, Binding, ChangeKind
from bot.services.admin import AdminStatus, ReloadPlan
from bot.services.programs import LoadResult

PREVIEW_TITLE = {"reload": "Preview: reload {name}", "rollback": "Preview: roll {name} back"}
APPLY_HINT = (
    "Nothing has changed yet. **Apply** makes these changes; **Cancel** (or 10 minutes "
    "without an answer) leaves the program as it is."
)


def preview_summary(plan: ReloadPlan) -> Page:
    """What a reload (or rollback) would do, in brief, before anything is changed; the
    message that carries Apply and Cancel."""
    report = plan.report
    blocks: list[str] = []
    if plan.drastic:
        blocks.append(
            f"⚠️ **This removes {plan.removed} of {plan.sessions_before} sessions "
            f"({plan.removed * 100 // plan.sessions_before}%). Check that this is the right "
            "file before you apply it.**"
        )
    counts = {
        kind: len(report.of_kind(kind))
        for kind in (ChangeKind.ADDED, ChangeKind.REMOVED, ChangeKind.MOVED, ChangeKind.RETITLED)
    }
    if report.first_load:
        blocks.append(f"{plural(counts[ChangeKind.ADDED], 'session')} would be loaded.")
    elif not report.changes:
        blocks.append(f"No changes: the program is as loaded ({report.unchanged} sessions).")
    else:
        summary = ", ".join(f"{n} {kind.value}" for kind, n in counts.items() if n)
        other = len(report.changes) - sum(1 for c in report.changes if set(c.kinds) & set(counts))
        if other:
            summary += f", {other} with other changes"
        blocks.append(f"{plural(len(report.changes), 'session')} would change: {summary}.")
    effects = plan.reminders
    blocks.append(
        f"Attendees' reminders: {effects.moved} would move, {effects.cancelled} would be "
        f"cancelled, {effects.restored} would come back."
    )
    if plan.warnings:
        blocks.append(f"⚠️ {plural(len(plan.warnings), 'parse warning')} (listed below).")
    blocks.append(APPLY_HINT)
    title = PREVIEW_TITLE[plan.kind].format(name=plan.conference)
    colour = WARNING if plan.drastic or plan.warnings else ADMIN
    return single(Item(title, blocks, colour=colour))


def preview_details(plan: ReloadPlan) -> list[Page]:
    """Each session that would change, and the parse warnings; none when there are neither."""
    blocks = [embeds.change_line(change, plan.zone) for change in plan.report.changes]
    if plan.warnings:
        blocks.append(embeds.warnings_block(plan.warnings, plan.source))
    if not blocks:
        return []
    return paginate([Item("What would change", blocks, colour=ADMIN)])


def preview_closed_page(what: str) -> Page:
    return embeds.notice_page(what, ADMIN)


def applied_pages(plan: ReloadPlan, result: LoadResult) -> list[Page]:
    return embeds.reload_pages(result, plan.conference, plan.zone)


def status_page(answer: AdminStatus) -> Page:
    status = answer.status
    counts = ", ".join(f"{value} {name}" for name, value in status.counts.items()) or "-"
    loaded = f"{format_dt(status.loaded_at, 'f')}" if status.loaded_at else "never"
    fields = [
        ("Conference", f"{esc(status.conference)} (`{status.slug}`, {esc(status.timezone)})"),
        ("Program", counts),
        ("Loaded", loaded),
        ("Servers", plural(answer.guilds, "server") + " answer from it"),
        *embeds.source_fields(answer.source),
    ]
    if answer.settings is not None:
        fields.append(("Burst post", embeds.burst_post_text(answer.settings)))
    deployment = answer.deployment
    if deployment is not None:
        fields += [
            ("Database", esc(deployment.database) or "-"),
            (
                "Deployment",
                f"{plural(deployment.conferences, 'conference')}, "
                f"{plural(deployment.bound_servers, 'bound server')}, "
                f"{deployment.warm_catalogs} in memory",
            ),
            ("Uptime", embeds.duration_text(deployment.uptime_seconds)),
            ("Version", esc(deployment.version) or "-"),
        ]
    return single(Item("Status", [], colour=ADMIN, fields=fields))


OUTCOME_MARK = {"done": "✅", "refused": "⛔", "cancelled": "↩️", "timed out": "⌛", "failed": "❌"}


def history_pages(actions: Sequence[AdminAction]) -> list[Page]:
    if not actions:
        return paginate([Item("History", ["No admin actions in this server yet."], colour=ADMIN)])
    lines = []
    for action in actions:
        mark = OUTCOME_MARK.get(action.outcome, "•")
        who = "the program URL watch" if not action.user_id else f"<@{action.user_id}>"
        line = (
            f"{mark} {format_dt(action.at, 'f')} **{esc(action.action)}** {action.outcome} by {who}"
        )
        if action.detail:
            line += f"\n{esc(action.detail)}"
        if action.hash_before != action.hash_after:
            before = (action.hash_before or "none")[:10]
            after = (action.hash_after or "none")[:10]
            line += f"\nprogram `{before}` → `{after}`"
        lines.append(line)
    return paginate([Item("History (this server)", lines, colour=ADMIN)])


def setup_pages(binding: Binding, result: LoadResult | None, conference: str) -> list[Page]:
    text = f"This server now answers from **{esc(conference)}** (`{binding.conference}`)."
    if result is None:
        return paginate([Item("Server set up", [text], colour=ADMIN)])
    pages = embeds.reload_pages(result, conference, "UTC")
    return [single(Item("Server set up", [text], colour=ADMIN)), *pages]
