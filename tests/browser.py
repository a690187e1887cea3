"""How the browser tests start Debian's chromium (no sandbox as root, no GPU, and none of
the background traffic this machine's closed network refuses)."""

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
