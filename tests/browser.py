"""How the browser tests start Debian's chromium (no sandbox as root, no GPU, and none of
the background traffic this machine's closed network refuses), how they ask axe-core what
a page breaks of the WCAG, and the one chromium a test process shares between its browser
tests."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator, Mapping, Sequence
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
# WCAG 2.0 and 2.1, A and AA. WCAG 2.2's target size (wcag22aa) is judged where no sticky bar
# lies over the page (tests/accessibility/test_axe_target_size.py): axe counts a field
# scrolled partly under the scorer's save bar as a target too small, wherever the page was
# scrolled to.
AXE_TAGS = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa")


def axe_violations(page: Page, *, tags: Sequence[str] = AXE_TAGS) -> list[dict[str, Any]]:
    """The page as axe-core judges it by the WCAG `tags` (every rule of them, those axe
    leaves off by default too, such as wcag22aa's target size): one entry per rule broken,
    each with the elements that break it. axe is put into the page through the DevTools
    protocol (the site's Content-Security-Policy runs no inline script, and a test must not
    loosen it)."""
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


# --- One chromium per test process --------------------------------------------------------
#
# Each browser test writes `with sync_playwright() as p: browser = p.chromium.launch(...)`,
# which started Playwright's driver (node) and chromium anew: 2-3 s a test before its first
# page, minutes over the suite. While a test asks for `chromium_path` (tests/conftest.py), its
# `sync_playwright()` gives the process's one Playwright and chromium, started by the first
# browser test; what the test launches is a view of that chromium whose pages and contexts
# are the test's own (`new_page()` opens a page in a new context, as Playwright's own does),
# and whose `close()` (or the end of the `with`, or of the test) closes them, as closing a
# browser of its own did: no cookie, storage, service worker or cache passes from one test to
# the next, each living in its own context.


class _TestsBrowser:
    """The process's chromium as one test's `browser`: its contexts are the test's."""

    def __init__(self, browser: Any) -> None:
        self._browser = browser
        self._contexts: list[Any] = []

    def new_context(self, **options: Any) -> Any:
        context = self._browser.new_context(**options)
        self._contexts.append(context)
        return context

    def new_page(self, **options: Any) -> Any:
        return self.new_context(**options).new_page()

    def close(self, **_options: Any) -> None:
        contexts, self._contexts = self._contexts, []
        for context in contexts:
            # Closed already (the test did), or chromium is gone: nothing left to close.
            with contextlib.suppress(Exception):
                context.close()

    def is_connected(self) -> bool:
        return self._browser.is_connected()


class _TestsChromium:
    """`p.chromium` of a test: `launch()` gives the process's chromium launched with the same
    options (every test passes the same ones), as the test's own browser."""

    def __init__(self, shared: SharedChromium) -> None:
        self._shared = shared

    def launch(self, **options: Any) -> _TestsBrowser:
        browser = _TestsBrowser(self._shared.browser(options))
        self._shared.opened.append(browser)
        return browser


class _TestsPlaywright:
    def __init__(self, shared: SharedChromium) -> None:
        self.chromium = _TestsChromium(shared)


class SharedChromium:
    """The test process's Playwright and chromium (one per set of launch options).

    Playwright's sync API marks its event loop as running in the thread that started it, for
    as long as it runs: the mark is put on when a test enters its `with sync_playwright()`
    and taken off when it leaves, as Playwright's own did, so that the code outside (the
    test's fixtures, the tests in between: asgiref's async_to_sync, Django's async-unsafe
    check, a Playwright of a test's own) sees no running loop, as before."""

    def __init__(self) -> None:
        from playwright.sync_api import sync_playwright

        self._sync_playwright = sync_playwright  # Playwright's own, before a test's is swapped
        self._playwright: Any = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._browsers: dict[str, Any] = {}
        self.opened: list[_TestsBrowser] = []

    def browser(self, options: dict[str, Any]) -> Any:
        key = repr(sorted(options.items()))
        browser = self._browsers.get(key)
        if browser is None or not browser.is_connected():
            browser = self._browsers[key] = self._started().chromium.launch(**options)
        return browser

    def _started(self) -> Any:
        if self._playwright is not None and self._playwright._dispatcher_fiber.dead:
            # The driver is gone (killed, crashed): start another, as the next test's own was.
            self._playwright, self._loop, self._browsers = None, None, {}
        if self._playwright is None:
            asyncio._set_running_loop(None)
            self._playwright = self._sync_playwright().start()
            self._loop = asyncio.get_running_loop()
        return self._playwright

    def _unpark(self) -> None:
        if self._loop is not None:
            asyncio._set_running_loop(self._loop)

    def park(self) -> None:
        """The contexts the test opened closed, the loop's running mark taken off: at the end
        of its `with sync_playwright()`, and of the test (a fixture's left open)."""
        opened, self.opened = self.opened, []
        for browser in opened:
            browser.close()
        if self._loop is not None:
            asyncio._set_running_loop(None)

    def stop(self) -> None:
        if self._playwright is None:
            return
        self._unpark()
        for browser in self._browsers.values():
            with contextlib.suppress(Exception):  # chromium is gone already
                browser.close()
        self._playwright.stop()
        self._playwright, self._loop, self._browsers = None, None, {}
        asyncio._set_running_loop(None)

    @contextlib.contextmanager
    def sync_playwright(self) -> Iterator[_TestsPlaywright]:
        """What a browser test's `sync_playwright()` gives: `with ... as p`."""
        self._unpark()
        try:
            yield _TestsPlaywright(self)
        finally:
            self.park()
