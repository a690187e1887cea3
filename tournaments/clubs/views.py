"""The pages of a club's people: a tournament's staff, a club's members and invitations, the
invitation's page (set a password), the table cards of a round and the page a scanned card
opens (issue 20); the sign-in lockouts this user may lift, each with an Unlock button
(`/accounts/lockouts/`). Thin: the rules are in `clubs.services`, `clubs.selectors` (who may
lift what) and `clubs.table_cards`.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from config.collation import sorted_by_name
from config.forms import errors_by_field
from config.security import client_ip
from tournaments.clubs import permissions as perms
from tournaments.clubs import selectors as clubs_selectors
from tournaments.clubs import services, table_cards
from tournaments.clubs.models import Club, ClubMember, Invitation
from tournaments.events.forms import LockoutLiftForm
from tournaments.events.models import Round, Tournament

# Wrong secrets an address may try in ATTEMPTS_WINDOW seconds before its wrong tries are
# answered 429: a secret of 192 bits is not guessed, a loop is stopped all the same. A table
# card's page looks the secret up first (one indexed query): a valid card is never refused,
# whoever shares its address (a club's phones behind one NAT address).
ATTEMPTS_MAX = 30
ATTEMPTS_WINDOW = 600


def _address(request: HttpRequest) -> str:
    """The client's address as the sign-in lockouts and API throttles read it (behind
    TRUSTED_PROXY_COUNT proxies, from X-Forwarded-For)."""
    from config.security import client_ip

    return str(client_ip(request) or "unknown")


def _throttled(request: HttpRequest, scope: str) -> bool:
    return int(cache.get(f"secret-tries:{scope}:{_address(request)}", 0)) >= ATTEMPTS_MAX


def _count_failure(request: HttpRequest, scope: str) -> None:
    key = f"secret-tries:{scope}:{_address(request)}"
    if cache.add(key, 1, ATTEMPTS_WINDOW):
        return
    try:
        cache.incr(key)
    except ValueError:
        cache.set(key, 1, ATTEMPTS_WINDOW)


def _too_many(request: HttpRequest) -> HttpResponse:
    response = render(
        request,
        "tournaments/staff/refused.html",
        {"reason": "throttled"},
        status=429,
    )
    response["Retry-After"] = str(ATTEMPTS_WINDOW)
    return response


def _tournament_managed(request: HttpRequest, tournament_id: int) -> Tournament:
    tournament = get_object_or_404(Tournament.objects.select_related("club"), pk=tournament_id)
    if not perms.can_view_tournament(request.user, tournament):
        raise Http404
    if not perms.can_manage_staff(request.user, tournament):
        raise PermissionDenied(_why_organiser())
    return tournament


def _why_organiser() -> str:
    from django.utils.translation import gettext as _

    return _("Only the tournament's organiser does this: ask them.")


# --- a tournament's staff -------------------------------------------------------------------


@login_required
def staff_page(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = _tournament_managed(request, tournament_id)
    return _staff_render(request, tournament)


def _staff_render(
    request: HttpRequest, tournament: Tournament, errors: dict | None = None, status: int = 200
) -> HttpResponse:
    query = str(request.GET.get("q", ""))[:80]
    rnd = services._current_round(tournament)
    found = services.club_members_search(club=tournament.club, query=query)
    return render(
        request,
        "tournaments/staff/staff.html",
        {
            "tournament": tournament,
            "rows": services.staff_rows(tournament),
            "query": query,
            "found": found[: services.SEARCH_LIMIT],
            "more_found": len(found) > services.SEARCH_LIMIT,
            "searched": bool(query.strip()),
            "round": rnd,
            "tables": list(rnd.tables.order_by("number")) if rnd else [],
            "errors": errors or {},
            "can_manage_club": perms.can_manage_club(request.user, tournament.club),
        },
        status=status,
    )


@require_POST
@login_required
def staff_add(request: HttpRequest, tournament_id: int) -> HttpResponse:
    from django.utils.translation import gettext as _

    tournament = _tournament_managed(request, tournament_id)
    try:
        done = services.staff_add(
            tournament=tournament,
            user=request.POST.get("user", ""),
            role=request.POST.get("role", ""),
            table=request.POST.get("table") or None,
            by=request.user,
        )
    except DjangoValidationError as exc:
        return _staff_render(request, tournament, errors=errors_by_field(exc), status=400)
    messages.success(
        request,
        _("%(name)s is now %(role)s.")
        % {
            "name": done["user"].get_username(),
            "role": dict(ClubMember.Role.choices)[done["role"]],
        },
    )
    return redirect("tournaments:staff", tournament.pk)


@require_POST
@login_required
def staff_remove(request: HttpRequest, tournament_id: int, user_id: int) -> HttpResponse:
    from django.utils.translation import gettext as _

    tournament = _tournament_managed(request, tournament_id)
    try:
        removed = services.staff_remove(tournament=tournament, user=user_id, by=request.user)
    except DjangoValidationError as exc:
        return _staff_render(request, tournament, errors=errors_by_field(exc), status=409)
    if removed:
        messages.success(request, _("Taken off the tournament's staff."))
    return redirect("tournaments:staff", tournament.pk)


# --- a club's members and invitations -----------------------------------------------------


def _club_managed(request: HttpRequest, club_id: int) -> Club:
    from django.utils.translation import gettext as _

    club = get_object_or_404(Club, pk=club_id)
    if not perms.can_manage_club(request.user, club):
        raise PermissionDenied(
            _(
                "Only the club's organisers add people to it: ask the organiser of a "
                "tournament of the club."
            )
        )
    return club


def _members_render(
    request: HttpRequest,
    club: Club,
    *,
    issued: Any = None,
    errors: dict | None = None,
    status: int = 200,
) -> HttpResponse:
    url = table_cards.absolute(request, "tournaments:invitation", issued.token) if issued else ""
    return render(
        request,
        "tournaments/staff/members.html",
        {
            "club": club,
            "members": services.member_rows(club),
            "invitations": services.invitations_open(club),
            "players": sorted_by_name(
                club.players.filter(user__isnull=True), lambda p: p.display_name
            ),
            "roles": ClubMember.Role.choices,
            "issued": issued,
            "issued_url": url,
            "issued_qr": table_cards.qr_data_uri(url, scale=5) if url else "",
            "errors": errors or {},
            "back": request.GET.get("tournament", ""),
        },
        status=status,
    )


@login_required
def club_members(request: HttpRequest, club_id: int) -> HttpResponse:
    return _members_render(request, _club_managed(request, club_id))


@never_cache
@require_POST
@login_required
def invitation_create(request: HttpRequest, club_id: int) -> HttpResponse:
    club = _club_managed(request, club_id)
    player = request.POST.get("player") or None
    try:
        issued = services.invitation_create(
            club=club,
            role=request.POST.get("role", ""),
            player=int(player) if player and player.isdigit() and len(player) < 19 else player,
            name=request.POST.get("name", ""),
            by=request.user,
        )
    except DjangoValidationError as exc:
        return _members_render(request, club, errors=errors_by_field(exc), status=400)
    # Shown once, on this answer: the link is not kept (only its hash).
    return _members_render(request, club, issued=issued, status=201)


@require_POST
@login_required
def invitation_revoke(request: HttpRequest, club_id: int, invitation_id: int) -> HttpResponse:
    from django.utils.translation import gettext as _

    club = _club_managed(request, club_id)
    invitation = get_object_or_404(Invitation, pk=invitation_id, club=club)
    services.invitation_revoke(invitation=invitation)
    messages.success(request, _("Invitation revoked: its link no longer opens."))
    return redirect("tournaments:club_members", club.pk)


@never_cache
def invitation_page(request: HttpRequest, token: str) -> HttpResponse:
    """The invitation's page: set a password. A link that is not open (never issued, used,
    revoked, expired) gets one answer, whichever it is."""
    if _throttled(request, "invitation"):
        return _too_many(request)
    invitation = services.invitation_find(token)
    if invitation is None:
        _count_failure(request, "invitation")
        return render(
            request, "tournaments/staff/refused.html", {"reason": "invitation"}, status=404
        )
    errors: dict[str, list[str]] = {}
    if request.method == "POST":
        try:
            user = services.invitation_accept(
                token=token,
                password=request.POST.get("password"),
                password_again=request.POST.get("password_again"),
                username=request.POST.get("username", ""),
                language=get_language() or "ru",
            )
        except DjangoValidationError as exc:
            errors = errors_by_field(exc)
        else:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            return render(
                request,
                "tournaments/staff/welcome.html",
                {"member": user, "club": invitation.club, "invitation": invitation},
            )
    return render(
        request,
        "tournaments/staff/invitation.html",
        {
            "invitation": invitation,
            "errors": errors,
            "username": request.POST.get("username")
            if request.method == "POST"
            else services.username_suggestion(invitation, language=get_language() or "ru"),
            "username_max": services.USERNAME_MAX,
        },
        status=400 if errors else 200,
    )


# --- table cards ------------------------------------------------------------------------------


def _round_managed(request: HttpRequest, tournament_id: int, number: int) -> Round:
    tournament = _tournament_managed(request, tournament_id)
    return get_object_or_404(
        Round.objects.select_related("tournament"), tournament=tournament, number=number
    )


@login_required
def round_tables(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    """The organiser's round view of the people at the tables: who scores each table (a
    signed-in scorer, a table card and its scorer's name), the last deal's time, the deals a
    phone reports waiting in its offline queue; a card to issue or revoke per table."""
    rnd = _round_managed(request, tournament_id, number)
    return _tables_render(request, rnd)


def _tables_render(
    request: HttpRequest,
    rnd: Round,
    *,
    issued: Any = None,
    errors: dict | None = None,
    confirm_reissue: bool = False,
    status: int = 200,
) -> HttpResponse:
    url = table_cards.absolute(request, "tournaments:table_card", issued.token) if issued else ""
    rows = table_cards.round_table_rows(rnd)
    live = [row["table"].number for row in rows if row["card"] is not None]
    return render(
        request,
        "tournaments/staff/round_tables.html",
        {
            "tournament": rnd.tournament,
            "round": rnd,
            "rows": rows,
            "live_tables": live,
            "printable": any(row["card_printable"] for row in rows),
            "confirm_reissue": confirm_reissue,
            "issued": issued,
            "issued_url": url,
            "issued_qr": table_cards.qr_data_uri(url, scale=5) if url else "",
            "errors": errors or {},
        },
        status=status,
    )


@never_cache
@require_POST
@login_required
def table_card_issue(
    request: HttpRequest, tournament_id: int, number: int, table: int
) -> HttpResponse:
    rnd = _round_managed(request, tournament_id, number)
    found = get_object_or_404(rnd.tables.select_related("round__tournament"), number=table)
    try:
        issued = table_cards.card_issue(table=found, user=request.user)
    except DjangoValidationError as exc:
        return _tables_render(request, rnd, errors=errors_by_field(exc), status=409)
    return _tables_render(request, rnd, issued=issued, status=201)


@require_POST
@login_required
def table_card_revoke(
    request: HttpRequest, tournament_id: int, number: int, table: int
) -> HttpResponse:
    from django.utils.translation import gettext as _

    rnd = _round_managed(request, tournament_id, number)
    found = get_object_or_404(rnd.tables, number=table)
    table_cards.card_revoke(table=found)
    messages.success(
        request, _("The table's card is revoked: the phones that scanned it are signed out.")
    )
    return redirect("tournaments:round_tables", rnd.tournament_id, rnd.number)


@never_cache
@login_required
def round_cards_pdf(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    """The round's live cards as a PDF (GET: issues nothing, revokes nothing). None live:
    the round's tables page says so (404), a closed round (409)."""
    rnd = _round_managed(request, tournament_id, number)
    try:
        return table_cards.round_cards_download(request, rnd)
    except DjangoValidationError as exc:
        status = 409 if rnd.status == Round.Status.CLOSED else 404
        return _tables_render(request, rnd, errors=errors_by_field(exc), status=status)


@never_cache
@require_POST
@login_required
def round_cards_issue(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    """Issue a card for every table of the round (a POST, with CSRF). When some cards are
    live, reissuing signs their phones out: the page asks to confirm first (`confirm` =
    "reissue"), and changes nothing until then."""
    from django.utils.translation import ngettext

    rnd = _round_managed(request, tournament_id, number)
    live = table_cards.cards_live(rnd)
    if live and request.POST.get("confirm") != "reissue":
        return _tables_render(request, rnd, confirm_reissue=True)
    try:
        issued = table_cards.cards_issue_round(round=rnd, user=request.user)
    except DjangoValidationError as exc:
        return _tables_render(request, rnd, errors=errors_by_field(exc), status=409)
    messages.success(
        request,
        ngettext(
            "%(count)s table card issued: download and print it.",
            "%(count)s table cards issued: download and print them.",
            len(issued),
        )
        % {"count": len(issued)},
    )
    response = redirect("tournaments:round_tables", rnd.tournament_id, rnd.number)
    response.status_code = 303
    return response


@never_cache
def table_card_page(request: HttpRequest, token: str) -> HttpResponse:
    """What a scanned card opens: the scorer's name asked once, then the table's page.

    The secret is looked up before the address's tries are counted: a live card opens its
    table whatever the phones behind its address did, and a card that was issued but died
    (revoked, expired, its round closed) is told so. Only secrets never issued count as wrong
    tries; past ATTEMPTS_MAX of them an address's wrong tries are answered 429."""
    card = table_cards.card_find(token)
    if card is None:
        if _throttled(request, "card"):
            return _too_many(request)
        _count_failure(request, "card")
        return render(request, "tournaments/staff/refused.html", {"reason": "card"}, status=403)
    if not table_cards.card_alive(card):
        return render(request, "tournaments/staff/refused.html", {"reason": "card"}, status=403)
    match_id = table_cards.card_match_id(card)
    if match_id is None:
        raise Http404
    session = request.session
    if (
        request.method == "GET"
        and request.user.is_authenticated
        and request.user.pk == card.user_id
        and session.get(table_cards.SESSION_NAME)
    ):
        return redirect("scoring:match", match_id)
    errors: dict[str, list[str]] = {}
    name = ""
    if request.method == "POST":
        name = str(request.POST.get("name", ""))[:200]
        try:
            clean = table_cards.scorer_name_clean(name)
        except DjangoValidationError as exc:
            errors = errors_by_field(exc)
        else:
            table_cards.card_session_start(request, card, clean)
            return redirect("scoring:match", match_id)
    return render(
        request,
        "tournaments/staff/card.html",
        {
            "card": card,
            "table": card.table,
            "tournament": card.table.round.tournament,
            "players": table_cards.card_context_players(card.table),
            "name": name,
            "errors": errors,
            "now": timezone.now(),
        },
        status=400 if errors else 200,
    )


@require_POST
def offline_queue_report(request: HttpRequest, match_id: int) -> HttpResponse:
    """The scorer's page reports how many deals wait in its offline queue (`waiting`), for
    the organiser's round view. Whoever may enter the match's deals; 204."""
    from scoring.models import Match

    match = Match.objects.select_related("round", "table", "tournament").filter(pk=match_id).first()
    if match is None or not perms.can_view_match(request.user, match):
        raise Http404
    if not perms.can_enter_deal(request.user, match):
        raise PermissionDenied
    raw = str(request.POST.get("waiting", ""))
    if not raw.isdigit() or len(raw) > 4:
        return HttpResponse(status=400)
    table_cards.queue_report(match_id=match.pk, waiting=int(raw))
    return HttpResponse(status=204)


def _page(request: HttpRequest, *, refusal: str = "", status: int = 200) -> HttpResponse:
    address = client_ip(request)
    return render(
        request,
        "tournaments/lockouts.html",
        {
            "lockouts": clubs_selectors.lockouts_liftable(user=request.user, address=address),
            "address": address,
            "staff": request.user.is_staff or request.user.is_superuser,
            "account_limit": settings.AXES_FAILURE_LIMIT,
            "address_limit": settings.AXES_ADDRESS_FAILURE_LIMIT,
            "cool_off_minutes": settings.AXES_COOLOFF_MINUTES,
            "refusal": refusal,
        },
        status=status,
    )


@login_required
def lockouts_page(request: HttpRequest) -> HttpResponse:
    if not perms.can_manage_lockouts(request.user):
        raise PermissionDenied
    return _page(request)


@login_required
@require_POST
def lockout_lift(request: HttpRequest) -> HttpResponse:
    if not perms.can_manage_lockouts(request.user):
        raise PermissionDenied
    form = LockoutLiftForm(request.POST)
    if not form.is_valid():
        return _page(request, refusal=_("Choose a lockout to lift."), status=400)
    kind, value = form.cleaned_data["kind"], form.cleaned_data["value"]
    try:
        lifted = services.lockout_lift(
            user=request.user, kind=kind, value=value, address=client_ip(request)
        )
    except services.LockoutRefused as exc:
        return _page(request, refusal=exc.message, status=403)
    except services.LockoutNotFound:
        messages.info(request, _("%(value)s is not locked out any more.") % {"value": value})
    else:
        messages.success(
            request, _("Unlocked: %(value)s can sign in again.") % {"value": lifted.value}
        )
    return redirect("tournaments:lockouts")
