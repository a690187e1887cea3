"""Table cards [карточки столов] (issue 20): a printed card per table of a round with a QR code
that opens that table's scorer page on a phone, no account needed.

The code carries a secret of 192 bits scoped to the table and the round. Only its SHA-256 is
stored (`TableCard.token_hash`), compared in constant time, and never logged (the request log
writes the card's path as `/cards/…/`). Scanning it signs the phone in as the card's own
account (no password, no role), whose only permission is that table while the round is open
(tournaments.clubs.permissions.holds_table_card); the card dies when it is revoked, when it expires
(TABLE_CARD_TTL_HOURS), or when the round closes. Issuing a card again (a POST, with CSRF
and, on the page, a confirmation) makes a new secret: the card printed before stops working.

The secret is not random but derived (issue 31): an HMAC-SHA256, under a key derived from the
site's SECRET_KEY, of the card's own account name (random, 64 bits, never reused). The database
still holds only its SHA-256, so a copy of the database alone opens no table; the server, which
holds SECRET_KEY, can derive a live card's secret again, so that downloading the round's cards
(a GET) renders the cards already issued, changes nothing and can be repeated. SECRET_KEY
rotated: the cards printed before keep opening their tables (their hash is kept), and the
download derives them under SECRET_KEY_FALLBACKS; a card no key derives again is left out of
the download (the round view says to issue it again).

The scorer who scans a card is asked once for their name: it is kept with each deal they
enter (`scoring.Deal.scorer_name`, in the deal's history too).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model, logout
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Prefetch
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.crypto import salted_hmac
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from scoring import games
from scoring.models import Seat
from tournaments.clubs import permissions as perms
from tournaments.clubs.models import TableCard
from tournaments.clubs.names import name_checked
from tournaments.events.models import Round, Table

SESSION_CARD = "table_card_id"
SESSION_NAME = "table_card_name"
SCORER_NAME_MAX = 40
CARD_USERNAME_PREFIX = "table-card-"


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def token_new() -> tuple[str, str]:
    """A fresh secret (192 bits, URL-safe) and its hash."""
    token = secrets.token_urlsafe(24)
    return token, token_hash(token)


CARD_KEY_SALT = "tournaments.clubs.table_cards.card"


def card_secret(account_name: str, *, key: str | bytes | None = None) -> str:
    """The secret of the card whose account is `account_name`: 192 bits of an HMAC-SHA256
    under SECRET_KEY (or `key`, one of SECRET_KEY_FALLBACKS), URL-safe (32 characters)."""
    digest = salted_hmac(CARD_KEY_SALT, account_name, secret=key, algorithm="sha256").digest()
    return base64.urlsafe_b64encode(digest[:24]).decode("ascii")


def card_token(card: TableCard) -> str | None:
    """The secret of an issued card, derived again (the one whose hash the card keeps), or
    None: a card issued before secrets were derived, or under a key no longer configured."""
    name = card.user.get_username() if card.user_id else ""
    if not name:
        return None
    for key in [settings.SECRET_KEY, *getattr(settings, "SECRET_KEY_FALLBACKS", [])]:
        token = card_secret(name, key=key)
        if hmac.compare_digest(token_hash(token), card.token_hash):
            return token
    return None


def card_ttl() -> timedelta:
    return timedelta(hours=getattr(settings, "TABLE_CARD_TTL_HOURS", 24))


def absolute(request: HttpRequest | None, url_name: str, token: str) -> str:
    """The link a secret opens (a card's, an invitation's), absolute for the QR code."""
    path = reverse(url_name, args=[token])
    return request.build_absolute_uri(path) if request is not None else path


def card_url(request: HttpRequest | None, token: str) -> str:
    return absolute(request, "tournaments:table_card", token)


@dataclass(frozen=True)
class IssuedCard:
    card: TableCard
    token: str

    @property
    def expires_at(self) -> datetime:
        return self.card.expires_at


def _round_printable(rnd: Round) -> None:
    if rnd.status == Round.Status.CLOSED:
        raise ValidationError(
            {
                "round": ValidationError(
                    _("The round is closed: its tables take no card."), "round_closed"
                )
            }
        )


def card_issue(*, table: Table, user: Any) -> IssuedCard:
    """A new card for `table` (its round paired or open), the table's earlier cards revoked.
    The secret is returned once; only its hash is kept."""
    _round_printable(table.round)
    now = timezone.now()
    with transaction.atomic():
        table.cards.filter(revoked_at__isnull=True).update(revoked_at=now)
        # The account's random name (unique: a user's name is) is what the secret is derived
        # from: a new card, a new secret.
        account = get_user_model()(username=f"{CARD_USERNAME_PREFIX}{secrets.token_hex(8)}")
        account.set_unusable_password()
        account.save()
        token = card_secret(account.get_username())
        card = TableCard.objects.create(
            table=table,
            user=account,
            token_hash=token_hash(token),
            issued_by=user if getattr(user, "is_authenticated", False) else None,
            expires_at=now + card_ttl(),
        )
    return IssuedCard(card=card, token=token)


def cards_issue_round(*, round: Round, user: Any) -> list[tuple[Table, IssuedCard]]:
    """A new card for each table of the round (one transaction); the live ones are revoked,
    their phones signed out at their next request."""
    _round_printable(round)
    with transaction.atomic():
        return [
            (table, card_issue(table=table, user=user))
            for table in round.tables.select_related("round").order_by("number")
        ]


def cards_live(rnd: Round) -> dict[int, TableCard]:
    """The round's live cards by table id: neither revoked nor expired, of a round paired
    (printed before the evening) or open and not closed since the card was made."""
    live: dict[int, TableCard] = {}
    if rnd.status == Round.Status.CLOSED:
        return live
    for card in (
        TableCard.objects.filter(
            table__round=rnd, revoked_at__isnull=True, expires_at__gt=timezone.now()
        )
        .select_related("user")
        .order_by("created_at")
    ):
        if perms.table_card_alive(card, rnd) or rnd.status == Round.Status.PAIRED:
            live[card.table_id] = card
    return live


def card_revoke(*, table: Table) -> int:
    """Revoke the table's live cards: their sessions lose the table at their next request."""
    return table.cards.filter(revoked_at__isnull=True).update(revoked_at=timezone.now())


def card_find(token: str) -> TableCard | None:
    """The card of a secret, alive or not; None for a secret that was never issued. The hash
    is looked up by index, then compared in constant time."""
    if not isinstance(token, str) or not 16 <= len(token) <= 64:
        return None
    digest = token_hash(token)
    card = (
        TableCard.objects.select_related("table__round__tournament", "user")
        .filter(token_hash=digest)
        .first()
    )
    if card is None or not hmac.compare_digest(card.token_hash, digest):
        return None
    return card


def card_alive(card: TableCard) -> bool:
    return perms.table_card_alive(card, card.table.round)


def scorer_name_clean(name: Any) -> str:
    value = " ".join(str(name or "").split())
    if not value:
        raise ValidationError(
            {"name": ValidationError(_("Say who is scoring: your name."), "required")}
        )
    if len(value) > SCORER_NAME_MAX:
        raise ValidationError(
            {
                "name": ValidationError(
                    _("At most %(max)s characters.") % {"max": SCORER_NAME_MAX}, "name_too_long"
                )
            }
        )
    return name_checked(value)  # the one name policy (tournaments.clubs.names): nothing hidden


def card_session_start(request: HttpRequest, card: TableCard, name: str) -> None:
    """Sign the phone in as the card's account, with the scorer's name in the session."""
    from django.contrib.auth import login

    if request.user.is_authenticated and request.user.pk != card.user_id:
        logout(request)
    login(request, card.user, backend="django.contrib.auth.backends.ModelBackend")
    request.session[SESSION_CARD] = card.pk
    request.session[SESSION_NAME] = name
    TableCard.objects.filter(pk=card.pk).update(last_used_at=timezone.now())


def card_match_id(card: TableCard) -> int | None:
    match = getattr(card.table, "match", None)
    return match.pk if match is not None else None


class TableCardMiddleware:
    """A card's session carries its scorer's name onto the user (`user.scorer_name`, kept
    with each deal: scoring.services) and ends as soon as the card is dead (revoked,
    expired, its round closed): the phone is then signed out."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        session = getattr(request, "session", None)
        # Without a session cookie there is no card session (and the session is not read).
        has_cookie = settings.SESSION_COOKIE_NAME in request.COOKIES
        if has_cookie and session is not None and session.get(SESSION_CARD) is not None:
            user = request.user
            card = perms.table_card_of(user)
            if card is None or card.pk != session.get(SESSION_CARD) or not card_alive(card):
                logout(request)
            else:
                # The name the scorer typed, on the card's own user object for the pages.
                user.scorer_name = session.get(SESSION_NAME, "")  # type: ignore[union-attr]
                # The card, for the views (not an HttpRequest attribute of Django's).
                request.table_card = card  # type: ignore[attr-defined]
        return self.get_response(request)


# --- the printed card --------------------------------------------------------------------


def qr_png(url: str, *, scale: int = 8) -> bytes:
    import io

    import segno

    buffer = io.BytesIO()
    segno.make(url, error="m").save(buffer, kind="png", scale=scale, border=2)
    return buffer.getvalue()


def qr_data_uri(url: str, *, scale: int = 8) -> str:
    return "data:image/png;base64," + base64.b64encode(qr_png(url, scale=scale)).decode()


def rules_line(tournament: Any, seats: int | None = None) -> str:
    """The game and its rules in a line: "Deberc · Moscow · 2 players · 1 convention changed".
    `seats`: how many sit at this table (a mixed-size round has tables of 3 and of 4)."""
    parts = [str(tournament.get_game_display()), str(tournament.get_ruleset_display())]
    if seats:
        parts.append(ngettext("%(count)s player", "%(count)s players", seats) % {"count": seats})
    else:
        parts.append(tournament.seats_label)
    if tournament.conventions:
        # Which conventions the table plays otherwise than its ruleset, each with its value
        # (a referee reads them off the card), not only how many.
        game = games.game_get(tournament.game)
        changed = []
        for name, value in sorted(tournament.conventions.items()):
            label = game.convention_labels.get(name, name)
            if isinstance(value, bool):
                word = _("yes") if value else _("no")
            else:
                word = games.convention_value_label(game, name, value)
            changed.append(f"{label}: {word}")
        parts.append(_("changed: %(conventions)s") % {"conventions": "; ".join(changed)})
    return " · ".join(p for p in parts if p)


def card_context_players(table: Table) -> list[str]:
    match = getattr(table, "match", None)
    return [seat.player.display_name for seat in match.seats.all()] if match else []


def card_context(table: Table, url: str, *, qr: bool = True) -> dict[str, Any]:
    players = card_context_players(table)
    return {
        "tournament": table.round.tournament,
        "round": table.round,
        "table": table,
        "players": players,
        "rules": rules_line(table.round.tournament, seats=len(players) or None),
        "qr": qr_data_uri(url) if qr else "",
        "url": url,
    }


# The round cards' PDFs last made in this process, by what they show (issue 35, item 19: a
# round's 32 cards took 0.6–1.5 s, their QR codes and WeasyPrint's layout). Only this
# process's memory keeps them, never a shared cache nor a file: they carry live secrets, which
# this process can derive anyway (it holds SECRET_KEY). A few rounds at most.
CARDS_PDF_KEPT = 8
_cards_pdf_kept: OrderedDict[str, bytes] = OrderedDict()
_cards_pdf_lock = threading.Lock()


def _cards_key(contexts: list[dict[str, Any]]) -> str:
    """What the cards show, as a digest: every text of each card and the link its QR code
    carries, in the page's language. A card issued or revoked, a player renamed or moved, a
    tournament renamed or its rules changed: another key."""
    shown = [
        (
            c["tournament"].name,
            c["round"].number,
            c["table"].number,
            c["players"],
            c["rules"],
            c["url"],
        )
        for c in contexts
    ]
    return hashlib.sha256(repr((get_language(), shown)).encode()).hexdigest()


def cards_pdf(cards: list[tuple[Table, str]]) -> bytes:
    """The round's cards as one PDF, an A6 page each: [(table, the URL its QR carries)].
    Made once per content (`_cards_key`) and kept in this process (`CARDS_PDF_KEPT`)."""
    from tournaments.reports.pdf import font_css, render_pdf

    contexts = [card_context(table, url, qr=False) for table, url in cards]
    key = _cards_key(contexts)
    with _cards_pdf_lock:
        kept = _cards_pdf_kept.get(key)
        if kept is not None:
            _cards_pdf_kept.move_to_end(key)
            return kept
    for context in contexts:
        context["qr"] = qr_data_uri(context["url"])
    html = render_to_string(
        "tournaments/staff/cards_pdf.html", {"cards": contexts, "font_css": font_css()}
    )
    pdf = render_pdf([html])
    with _cards_pdf_lock:
        _cards_pdf_kept[key] = pdf
        while len(_cards_pdf_kept) > CARDS_PDF_KEPT:
            _cards_pdf_kept.popitem(last=False)
    return pdf


def round_cards_printable(request: HttpRequest | None, rnd: Round) -> list[tuple[Table, str]]:
    """The round's live cards that can be printed again (their secret derived again), with
    the link each QR code carries, in table order. Reads only: nothing is issued or revoked."""
    live = cards_live(rnd)
    printable = []
    # The tables with their matches' players, in three queries whatever the round's size.
    tables = (
        rnd.tables.select_related("round__tournament", "match")
        .prefetch_related(Prefetch("match__seats", queryset=Seat.objects.select_related("player")))
        .order_by("number")
    )
    for table in tables:
        card = live.get(table.pk)
        token = card_token(card) if card is not None else None
        if token is not None:
            printable.append((table, card_url(request, token)))
    return printable


def round_cards_download(request: HttpRequest | None, rnd: Round) -> HttpResponse:
    """The round's live cards as one PDF download, an A6 page each (GET: nothing is issued or
    revoked, and it can be repeated). Kept by no browser nor proxy (no-store: it carries live
    secrets); this process keeps the PDF it made for the same content (`cards_pdf`). A closed
    round (`round_closed`) or a round with no live card (`no_cards`): ValidationError."""
    if rnd.status == Round.Status.CLOSED:
        raise ValidationError(
            {
                "round": ValidationError(
                    _("The round is closed: its cards died with it."), "round_closed"
                )
            }
        )
    cards = round_cards_printable(request, rnd)
    if not cards:
        raise ValidationError(
            {
                "round": ValidationError(
                    _("No card of this round is live: issue the round's cards first."),
                    "no_cards",
                )
            }
        )
    response = HttpResponse(cards_pdf(cards), content_type="application/pdf")
    response["Content-Disposition"] = (
        f'attachment; filename="cards-{rnd.tournament_id}-round-{rnd.number}.pdf"'
    )
    response["Cache-Control"] = "no-store, private"
    return response


# --- the organiser's round view -------------------------------------------------------------

QUEUE_REPORT_SECONDS = 15 * 60


def queue_key(match_id: int) -> str:
    return f"offline-queue:{match_id}"


def queue_report(*, match_id: int, waiting: int) -> None:
    """A scorer's phone says how many deals wait in its offline queue (kept a quarter of an
    hour: a phone that stopped reporting is no longer shown)."""
    from django.core.cache import cache

    cache.set(
        queue_key(match_id),
        {"waiting": max(0, int(waiting)), "at": timezone.now().isoformat()},
        QUEUE_REPORT_SECONDS,
    )


def round_table_rows(rnd: Round) -> list[dict[str, Any]]:
    """Per table: players, who scores it (the signed-in scorer; the live card and the name
    of its last scorer), the last deal's time, the deals a phone reports waiting offline."""
    from django.core.cache import cache
    from django.db.models import Max

    from scoring.models import Deal

    tables = list(
        rnd.tables.select_related("scorer", "match").prefetch_related("match__seats__player")
    )
    match_ids = [t.match.pk for t in tables if getattr(t, "match", None) is not None]
    last = dict(
        Deal.objects.filter(match_id__in=match_ids)
        .values("match_id")
        .annotate(at=Max("created_at"))
        .values_list("match_id", "at")
    )
    names = {}
    for match_id, name in (
        Deal.objects.filter(match_id__in=match_ids)
        .exclude(scorer_name="")
        .order_by("match_id", "created_at")
        .values_list("match_id", "scorer_name")
    ):
        names[match_id] = name
    live = cards_live(rnd)
    queues = cache.get_many([queue_key(m) for m in match_ids]) if match_ids else {}
    rows = []
    for table in tables:
        match = getattr(table, "match", None)
        mid = match.pk if match is not None else None
        rows.append(
            {
                "table": table,
                "match": match,
                "players": [s.player.display_name for s in match.seats.all()] if match else [],
                "scorer": table.scorer,
                "card": live.get(table.pk),
                # Issued before secrets were derived (or under a retired SECRET_KEY): left out
                # of the download, so the page says to issue it again.
                "card_printable": table.pk in live and card_token(live[table.pk]) is not None,
                "card_scorer": names.get(mid, "") if mid is not None and table.pk in live else "",
                "last_deal_at": last.get(mid) if mid is not None else None,
                "waiting": (queues.get(queue_key(mid)) or {}).get("waiting") if mid else None,
            }
        )
    return rows
