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
