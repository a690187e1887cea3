"""How the browser tests start Debian's chromium (no sandbox as root, no GPU, and none of
the background traffic this machine's closed network refuses), and how they ask axe-core
what a page breaks of the WCAG."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import Page

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def phone_page(browser, *, locale: str, width: int, height: int = 800, signed_in=None):
    """A page on a phone `width` px wide, in `locale`; signed in as the user `signed_in` =
    (user, live_server) gives, by a session made with Django's test client."""
    context = browser.new_context(
        locale=locale, viewport={"width": width, "height": height}, is_mobile=True
    )
    if signed_in is not None:
        from django.conf import settings
        from django.test import Client

        user, live_server = signed_in
        client = Client()
        client.force_login(user)
        name = settings.SESSION_COOKIE_NAME
        context.add_cookies(
            [{"name": name, "value": client.cookies[name].value, "url": live_server.url}]
        )
    return context.new_page()


# axe-core (Deque, MPL-2.0), vendored for the accessibility tests: see tests/data/vendor/README.md.
AXE_SOURCE = Path(__file__).resolve().parent / "data" / "vendor" / "axe.min.js"
AXE_TAGS = ("wcag2a", "wcag2aa")


def axe_violations(page: Page, *, tags: Sequence[str] = AXE_TAGS) -> list[dict[str, Any]]:
    """The page as axe-core judges it by the WCAG `tags`: one entry per rule broken, each with
    the elements that break it. axe is put into the page through the DevTools protocol (the
    site's Content-Security-Policy runs no inline script, and a test must not loosen it)."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(AXE_SOURCE.read_text(encoding="utf-8"))
    return page.evaluate(
        """async (tags) => {
            const result = await window.axe.run(document, {
                runOnly: {type: "tag", values: tags}, resultTypes: ["violations"],
            });
            return result.violations.map((v) => ({
                id: v.id, impact: v.impact, help: v.help,
                nodes: v.nodes.map((n) => ({target: n.target.join(" "), html: n.html,
                                            summary: n.failureSummary})),
            }));
        }""",
        list(tags),
    )


def axe_report(violations: Sequence[Mapping[str, Any]]) -> str:
    """The violations in a few lines each, for an assertion's message."""
    lines = []
    for violation in violations:
        lines.append(f"{violation['id']} ({violation['impact']}): {violation['help']}")
        for node in violation["nodes"][:5]:
            lines.append(f"    {node['target']}: {node['html'][:160]}")
    return "\n".join(lines)
