"""The organiser's pages for running the evening (not pairing nor standings): create and edit
a tournament with its ruleset and convention overrides (or from a club preset: `?preset=`),
see the matches of every round with links to the tables, open and close a round, assign
scorers to tables; and the club's presets (issue 19, item 6): listed, saved from a tournament
of the club, renamed, deleted.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import get_object_or_404, redirect, render
from django.template.defaultfilters import filesizeformat
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import require_POST

from config.ids import is_id
from scoring import games
from tournaments.clubs import permissions as perms
from tournaments.clubs.models import Club
from tournaments.events import entries, presets, selectors, services, setup
from tournaments.events.forms import (
    NAME_SUFFIX,
    EntriesForm,
    ScorerAssignmentForm,
    ScorerCandidates,
    TeamForm,
    TournamentForm,
    _from_json,
    bands_text,
    scorer_error_html,
)
from tournaments.events.models import ClubPreset, Entry, Round, Tournament
from tournaments.events.teams import team_create
from tournaments.standings.teams import has_teams, team_rows


def _tournament(request: HttpRequest, tournament_id: int) -> Tournament:
    tournament = get_object_or_404(Tournament.objects.select_related("club"), pk=tournament_id)
    if not perms.can_view_tournament(request.user, tournament):
        raise Http404
    return tournament


def _service_errors(form: TournamentForm, exc: DjangoValidationError) -> None:
    """The service's refusal shown on the form: at a field where it names one, else above
    the form (`conventions` names no field: the form has one per convention). Django's
    add_error refuses a dict naming a field the form lacks: a 500, found by fuzzing."""
    if not hasattr(exc, "error_dict"):
        form.add_error(None, exc)
        return
    for field, errors in exc.error_dict.items():
        form.add_error(field if field in form.fields else None, errors)


def _clubs_for(request: HttpRequest, tournament: Tournament) -> QuerySet[Club]:
    """The clubs the edit form offers: the tournament's own, and those the user organises
    (moving a tournament is the receiving club's organisers' act: setup._club_check)."""
    return (
        perms.clubs_organised(request.user) | Club.objects.filter(pk=tournament.club_id)
    ).distinct()


@login_required
def tournament_create(request: HttpRequest) -> HttpResponse:
    if not perms.can_create_tournament(request.user):
        raise PermissionDenied
    # Bound on every POST, an empty one too: its refusal names the missing fields.
    data = request.POST if request.method == "POST" else None
    form = TournamentForm(
        data, game=request.GET.get("game"), clubs=perms.clubs_organised(request.user)
    )
    started_from = None
    if data is None:  # a club preset fills the form (issue 19, item 6)
        from_preset, started_from = form_from_preset(request)
        form = from_preset or form
    if request.method == "POST" and form.is_valid():
        try:
            tournament = setup.tournament_create(
                club=form.cleaned_data["club"], user=request.user, **form.settings()
            )
        except DjangoValidationError as exc:
            _service_errors(form, exc)
        else:
            # The next step of the evening: the players.
            messages.success(request, _("Tournament created: now enter its players."))
            return redirect("tournaments:entries", tournament.pk)
    return render(
        request,
        "tournaments/manage/form.html",
        {
            "form": form,
            "tournament": None,
            "club_presets": presets.presets_for_user(request.user),
            "started_from": started_from,
        },
    )


@login_required
def tournament_game_fields(request: HttpRequest) -> HttpResponse:
    """The game's part of the tournament form (rulesets, table sizes, match scorings,
    tiebreaks, conventions) for `?game=`: what the game select swaps in (htmx). With
    `?tournament=`, the edit form's: that tournament's own settings when it plays the game."""
    tournament = None
    asked = request.GET.get("tournament", "")
    if asked.isdigit() and is_id(int(asked)):  # the edit form of this tournament
        tournament = _tournament(request, int(asked))
        if not perms.can_change_tournament(request.user, tournament):
            raise PermissionDenied
    elif not perms.can_create_tournament(request.user):
        raise PermissionDenied
    form = TournamentForm(instance=tournament, game=request.GET.get("game"))
    return render(request, "tournaments/manage/_game_fields.html", {"form": form})


@login_required
def tournament_edit(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = _tournament(request, tournament_id)
    if not perms.can_change_tournament(request.user, tournament):
        raise PermissionDenied
    data = request.POST if request.method == "POST" else None  # an empty POST refused too
    form = TournamentForm(data, instance=tournament, clubs=_clubs_for(request, tournament))
    if request.method == "POST" and form.is_valid():
        try:
            setup.tournament_update(
                tournament=Tournament.objects.get(pk=tournament.pk),
                user=request.user,
                club=form.cleaned_data["club"],
                **form.settings(),
            )
        except DjangoValidationError as exc:
            _service_errors(form, exc)
        else:
            messages.success(request, _("Tournament saved."))
            return redirect("tournaments:matches", tournament.pk)
    return render(request, "tournaments/manage/form.html", {"form": form, "tournament": tournament})


def tournament_matches(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Every round's tables and matches, with links to the scorer pages; for the organiser and
    referee also the round controls and the scorer assignment."""
    return _matches_page(request, _tournament(request, tournament_id))


def _matches_page(
    request: HttpRequest,
    tournament: Tournament,
    *,
    import_error: dict[str, str] | None = None,
    scorer_form: ScorerAssignmentForm | None = None,
    candidates: ScorerCandidates | None = None,
    status: int = 200,
) -> HttpResponse:
    """The tables page; `import_error` ({field, code, message}) is shown at the import form's
    file field, the form open; `scorer_form`, a round's scorer form refused, is shown as sent
    with each refusal ({field, code, message}) at its field."""
    can_manage = perms.can_manage_rounds(request.user, tournament)
    shows_scorers = perms.can_see_usernames(request.user, tournament)
    rounds = []
    matches = {m.table_id: m for m in selectors.tournament_matches(tournament)}
    # Who may score (and who likely will, per table), read once for every round's forms.
    if can_manage and candidates is None:
        candidates = _scorer_candidates(request, tournament)
    refusals = scorer_form.refusals() if scorer_form is not None else {}
    history = selectors.rounds_history(tournament) if can_manage else {}
    for rnd in selectors.tournament_rounds(tournament):
        tables = list(rnd.tables.all())
        form = None
        if can_manage:
            form = (
                scorer_form
                if scorer_form is not None and scorer_form.prefix == f"r{rnd.pk}"
                else ScorerAssignmentForm(tables=tables, prefix=f"r{rnd.pk}", candidates=candidates)
            )
        rows = []
        for table in tables:
            match = matches.get(table.pk)
            name_field = form[f"table_{table.pk}{NAME_SUFFIX}"] if form else None
            rows.append(
                {
                    "table": table,
                    "match": match,
                    "row": selectors.match_row(match, scorer_shown=shows_scorers)
                    if match
                    else None,
                    "scorer_field": form[f"table_{table.pk}"] if form else None,
                    "scorer_name": name_field,
                    "scorer_refusals": [
                        scorer_error_html(refusal)
                        for field in (f"table_{table.pk}", f"table_{table.pk}{NAME_SUFFIX}")
                        for refusal in refusals.get(form.add_prefix(field), [])
                    ]
                    if form is not None and refusals
                    else [],
                }
            )
        rounds.append(
            {
                "round": rnd,
                "rows": rows,
                "form": form,
                "history": history.get(rnd.pk, []),
            }
        )
    return render(
        request,
        "tournaments/manage/matches.html",
        {
            "tournament": tournament,
            "rounds": rounds,
            "can_manage": can_manage,
            "shows_scorers": shows_scorers,
            "can_edit": perms.can_change_tournament(request.user, tournament),
            "can_finish": perms.is_organiser(request.user, tournament),
            "all_played": services.tournament_all_played(tournament),
            "can_import": perms.can_import(request.user, tournament),
            # A time-limited game: the organiser closes the tables when time is up.
            "closes_on_time": games.game_get(tournament.game).closes_on_time(
                tournament.ruleset, tournament.conventions
            ),
            "import_error": import_error,
            # The one list of every candidate's name, for every table's name field.
            "scorer_datalist": candidates.datalist_html()
            if candidates is not None and any(item["rows"] for item in rounds)
            else "",
        },
        status=status,
    )


def _scorer_candidates(request: HttpRequest, tournament: Tournament) -> ScorerCandidates:
    """Who may score the tournament's tables, by their players' names too for whoever may
    see which account is whose (the organiser: the staff page's member search shows it)."""
    return ScorerCandidates(tournament, with_names=perms.can_manage_staff(request.user, tournament))


def _round(request: HttpRequest, tournament_id: int, number: int) -> Round:
    tournament = _tournament(request, tournament_id)
    if not request.user.is_authenticated:
        raise PermissionDenied
    if not perms.can_manage_rounds(request.user, tournament):
        raise PermissionDenied
    return get_object_or_404(Round, tournament=tournament, number=number)


@require_POST
@login_required
def round_open(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    rnd = _round(request, tournament_id, number)
    try:
        services.round_open(round=rnd, user=request.user, reason=request.POST.get("reason", ""))
    except services.RoundRefused as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("Round %(number)s is open.") % {"number": number})
    return redirect(reverse("tournaments:matches", args=[tournament_id]) + f"#round-{number}")


@require_POST
@login_required
def round_close(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    rnd = _round(request, tournament_id, number)
    services.round_close(round=rnd, user=request.user)
    messages.success(request, _("Round %(number)s is closed.") % {"number": number})
    return redirect(reverse("tournaments:matches", args=[tournament_id]) + f"#round-{number}")


@require_POST
@login_required
def tournament_status(request: HttpRequest, tournament_id: int, action: str) -> HttpResponse:
    """The organiser finishes the tournament, or takes a finished one up again."""
    tournament = _tournament(request, tournament_id)
    change = {"finish": services.tournament_finish, "reopen": services.tournament_reopen}.get(
        action
    )
    if change is None:
        raise Http404()
    if not perms.is_organiser(request.user, tournament):
        raise PermissionDenied
    try:
        change(tournament=tournament, user=request.user)
    except services.RoundRefused as exc:
        messages.error(request, exc.message)
    else:
        done = {
            "finish": _("The tournament is finished."),
            "reopen": _("The tournament is running again."),
        }
        messages.success(request, done[action])
    return redirect("tournaments:matches", tournament.pk)


@require_POST
@login_required
def round_time_up(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    """Time is up and each table has played out its deal: close every match still in play."""
    rnd = _round(request, tournament_id, number)
    closed = services.round_matches_close(round=rnd, user=request.user)
    messages.success(request, _("Tables closed on time: %(count)s.") % {"count": len(closed)})
    return redirect(reverse("tournaments:matches", args=[tournament_id]) + f"#round-{number}")


@require_POST
@login_required
def round_scorers(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    """A round's scorers as the tables page sent them: each table's select, or a name typed
    (from the page's list of candidates). A refused field shows the page again (400) with the
    refusal at it and nothing changed."""
    rnd = _round(request, tournament_id, number)
    tables = list(rnd.tables.all())
    candidates = _scorer_candidates(request, rnd.tournament)
    form = ScorerAssignmentForm(
        request.POST, tables=tables, prefix=f"r{rnd.pk}", candidates=candidates
    )
    if not form.is_valid():
        messages.error(
            request,
            _("Round %(number)s: the scorers were not saved; see the tables marked.")
            % {"number": number},
        )
        return _matches_page(
            request, rnd.tournament, scorer_form=form, candidates=candidates, status=400
        )
    assignments = form.assignments()
    try:
        services.tables_assign_scorers(tables=tables, scorers=assignments)
    except DjangoValidationError as exc:
        # The service has the last word on who may score (a race with the form's list).
        for message in exc.messages:
            messages.error(request, message)
    else:
        if assignments:
            messages.success(request, _("Scorers assigned."))
        else:
            messages.info(request, _("No table was sent: nothing changed."))
    return redirect(reverse("tournaments:matches", args=[tournament_id]) + f"#round-{number}")


def deals_csv(request: HttpRequest, tournament_id: int) -> HttpResponse:
    from config.throttles import heavy_read_wait, throttled_response
    from tournaments.events.api.tournaments import deals_csv_response

    tournament = _tournament(request, tournament_id)
    wait = heavy_read_wait(request)  # the API's bucket: one count whichever door
    if wait is not None:
        return throttled_response(wait)
    return deals_csv_response(
        selectors.tournament_matches(tournament), f"deals-{tournament.pk}.csv"
    )


def export_json(request: HttpRequest, tournament_id: int) -> HttpResponseBase:
    """The tournament's export as a download: the API's file (tournaments/reports/exports.py)."""
    from config.throttles import heavy_read_wait, throttled_response
    from tournaments.events.api.tournaments import export_response

    tournament = _tournament(request, tournament_id)
    wait = heavy_read_wait(request)
    if wait is not None:
        return throttled_response(wait)
    return export_response(request, tournament, attachment=True)


# The CSRF check reads the form, and so the whole upload (spooled to disk whatever its size):
# the view checks the declared size first, then the token (`_import_checked`). Django never
# reads more of a body than its declared length, so that size bounds what is read.
@csrf_exempt
@require_POST
@login_required
def import_scoresheets(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Upload scoresheet files (deberc-scoresheet/1, one or a list per file) as matches; all
    of them together at most settings.IMPORT_BODY_MAX_BYTES (the API import's limit), else
    413 `too_large` at the file field and nothing is read."""
    tournament = _tournament(request, tournament_id)
    if not perms.can_import(request.user, tournament):
        raise PermissionDenied
    limit = int(settings.IMPORT_BODY_MAX_BYTES)
    try:
        declared = int(request.META.get("CONTENT_LENGTH") or 0)
    except (TypeError, ValueError):
        declared = 0
    if declared > limit:
        message = _(
            "The files are larger than %(limit)s together: import them in smaller parts."
        ) % {"limit": filesizeformat(limit)}
        return _matches_page(
            request,
            tournament,
            import_error={"field": "files", "code": "too_large", "message": message},
            status=413,
        )
    return _import_checked(request, tournament)


@csrf_protect
def _import_checked(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """`import_scoresheets` once the size is known to be within the limit."""
    from config.parsers import (
        JSONNumberTooLarge,
        JSONTooDeep,
        NullCharacters,
        SurrogateCharacters,
        check_text,
        json_loads,
    )
    from scoring import services as scoring_services
    from scoring.errors import game_of, localise

    tournament_id = tournament.pk
    records: list = []
    for upload in request.FILES.getlist("files"):
        try:
            # Read as the API reads a body: at most 64 levels deep, integers within 64 bits.
            doc = json_loads(upload.read().decode("utf-8"))
        except (JSONTooDeep, JSONNumberTooLarge) as exc:
            messages.error(request, f"{upload.name}: {exc}")
            return redirect("tournaments:matches", tournament_id)
        except ValueError:  # not UTF-8, not JSON
            messages.error(request, _("%(name)s is not a JSON file.") % {"name": upload.name})
            return redirect("tournaments:matches", tournament_id)
        try:
            # Text no column can hold (a NUL, a lone surrogate), refused as the API's parser
            # refuses it: it reached the database (a server error, found by fuzzing).
            check_text(doc)
        except (NullCharacters, SurrogateCharacters) as exc:
            messages.error(request, f"{upload.name}: {exc.detail}")
            return redirect("tournaments:matches", tournament_id)
        if isinstance(doc, dict) and "scoresheets" in doc:
            doc = doc["scoresheets"]
        records.extend(doc if isinstance(doc, list) else [doc])
    if not records:
        messages.error(request, _("Choose one or more scoresheet files."))
        return redirect("tournaments:matches", tournament_id)
    try:
        matches = entries.scoresheet_import(
            tournament=tournament, records=records, user=request.user
        )
    except scoring_services.DealRejected as exc:
        for err in exc.errors[:10]:
            where = _("sheet %(sheet)s, deal %(deal)s") % {
                "sheet": (err.get("scoresheet") or 0) + 1,
                "deal": err.get("deal") or "—",
            }
            messages.error(request, f"{where}: {localise(err, game_of(exc.game))['message']}")
        return redirect("tournaments:matches", tournament_id)
    except DjangoValidationError as exc:
        for message in exc.messages:
            messages.error(request, message)
        return redirect("tournaments:matches", tournament_id)
    messages.success(request, _("Matches imported: %(count)s.") % {"count": len(matches)})
    return redirect("tournaments:matches", tournament_id)


# --- entries ---------------------------------------------------------------------------------


def tournament_entries(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The players entered [участники]: anyone who sees the tournament reads the list; its
    organiser enters players (one name a line), withdraws, brings back or removes them."""
    tournament = _tournament(request, tournament_id)
    can_manage = perms.can_change_tournament(request.user, tournament)
    # `request.POST if POST`: an empty POST is still a submitted form (it says `no_players`).
    posted = request.POST if request.method == "POST" else None
    with_teams = has_teams(tournament)
    team_posted = posted if posted is not None and posted.get("action") == "team" else None
    form = EntriesForm(None if team_posted else posted) if can_manage else None
    team_form = TeamForm(team_posted) if can_manage and with_teams else None
    if team_posted is not None:
        if team_form is None:
            raise PermissionDenied
        if team_form.is_valid() and _team_entered(request, tournament, team_form):
            return redirect("tournaments:entries", tournament.pk)
    elif request.method == "POST":
        if form is None:
            raise PermissionDenied
        if form.is_valid():
            try:
                added, already = entries.entries_add(
                    tournament=tournament, names=form.names(), user=request.user
                )
            except DjangoValidationError as exc:
                for field, errors in exc.error_dict.items():
                    form.add_error(field if field in form.fields else None, errors)
            else:
                if added:
                    messages.success(
                        request, _("Players entered: %(count)s.") % {"count": len(added)}
                    )
                if already:
                    messages.info(
                        request,
                        _("Entered already: %(names)s.") % {"names": ", ".join(already)},
                    )
                return redirect("tournaments:entries", tournament.pk)
    return render(
        request,
        "tournaments/manage/entries.html",
        {
            "tournament": tournament,
            "entries": selectors.entry_rows(tournament),
            "form": form,
            "can_manage": can_manage,
            "team_form": team_form,
            "teams": team_rows(tournament) if with_teams else [],
            "pairs": tournament.entrants == Tournament.Entrants.PAIRS,
        },
    )


def _team_entered(request: HttpRequest, tournament: Tournament, form: TeamForm) -> bool:
    """Enter the form's pair or team (teams.team_create); its refusals at the form's fields
    (a member's, `members[i]`, at the members' list, naming the line)."""
    try:
        team = team_create(
            tournament=tournament,
            name=form.cleaned_data["team_name"],
            members=form.member_names(),
            user=request.user,
        )
    except DjangoValidationError as exc:
        for field, errors in exc.error_dict.items():
            if field == "name":
                form.add_error("team_name", errors)
            elif field.startswith("members"):
                form.add_error("members", errors)
            else:
                form.add_error(None, errors)
        return False
    messages.success(request, _("%(name)s is entered.") % {"name": team.name})
    return True


def _entry(request: HttpRequest, tournament_id: int, entry_id: int) -> Entry:
    tournament = _tournament(request, tournament_id)
    if not perms.can_change_tournament(request.user, tournament):
        raise PermissionDenied
    return get_object_or_404(
        Entry.objects.select_related("player", "tournament"), pk=entry_id, tournament=tournament
    )


@require_POST
@login_required
def entry_withdraw(request: HttpRequest, tournament_id: int, entry_id: int) -> HttpResponse:
    """Withdraw a player (`withdrawn=1`) or bring them back (`withdrawn=0`)."""
    entry = _entry(request, tournament_id, entry_id)
    withdrawn = request.POST.get("withdrawn") != "0"
    entries.entry_update(entry=entry, user=request.user, withdrawn=withdrawn)
    message = _("%(name)s is withdrawn.") if withdrawn else _("%(name)s plays again.")
    messages.success(request, message % {"name": entry.player.display_name})
    return redirect("tournaments:entries", tournament_id)


@require_POST
@login_required
def entry_remove(request: HttpRequest, tournament_id: int, entry_id: int) -> HttpResponse:
    entry = _entry(request, tournament_id, entry_id)
    name = entry.player.display_name
    try:
        entries.entry_remove(entry=entry, user=request.user)
    except DjangoValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(request, _("%(name)s is no longer entered.") % {"name": name})
    return redirect("tournaments:entries", tournament_id)


def _club(request: HttpRequest, club_id: int) -> Club:
    club = get_object_or_404(Club, pk=club_id)
    if not perms.can_manage_club(request.user, club):
        raise PermissionDenied
    return club


def _errors(exc: DjangoValidationError) -> list[str]:
    if hasattr(exc, "error_dict"):
        return [m for errs in exc.error_dict.values() for e in errs for m in e.messages]
    return list(exc.messages)


@login_required
def club_presets(request: HttpRequest, club_id: int) -> HttpResponse:
    """The club's presets; a POST saves a tournament's settings as a new one."""
    club = _club(request, club_id)
    errors: list[str] = []
    if request.method == "POST":
        asked = request.POST.get("tournament", "")
        tournament = (
            Tournament.objects.filter(pk=int(asked), club=club).first()
            if asked.isdigit() and is_id(int(asked))
            else None
        )
        if tournament is None:
            errors.append(_("Choose a tournament of the club."))
        else:
            try:
                preset = presets.preset_from_tournament(
                    tournament=tournament, name=request.POST.get("name", ""), user=request.user
                )
            except DjangoValidationError as exc:
                errors.extend(_errors(exc))
            else:
                messages.success(request, _("Preset saved: %(name)s.") % {"name": preset.name})
                return redirect("tournaments:club_presets", club.pk)
    return render(
        request,
        "tournaments/manage/presets.html",
        {
            "club": club,
            "presets": presets.presets_of(club),
            "tournaments": club.tournaments.order_by("-created_at"),
            "errors": errors,
            "posted_name": request.POST.get("name", "") if errors else "",
        },
        status=400 if errors else 200,
    )


def _preset(request: HttpRequest, club_id: int, preset_id: int) -> ClubPreset:
    club = _club(request, club_id)
    return get_object_or_404(ClubPreset, pk=preset_id, club=club)


@login_required
@require_POST
def preset_rename(request: HttpRequest, club_id: int, preset_id: int) -> HttpResponse:
    preset = _preset(request, club_id, preset_id)
    try:
        presets.preset_rename(preset=preset, name=request.POST.get("name", ""))
    except DjangoValidationError as exc:
        for message in _errors(exc):
            messages.error(request, message)
    else:
        messages.success(request, _("Preset renamed: %(name)s.") % {"name": preset.name})
    return redirect("tournaments:club_presets", club_id)


@login_required
@require_POST
def preset_delete(request: HttpRequest, club_id: int, preset_id: int) -> HttpResponse:
    preset = _preset(request, club_id, preset_id)
    name = preset.name
    presets.preset_delete(preset=preset)
    messages.success(request, _("Preset deleted: %(name)s.") % {"name": name})
    return redirect("tournaments:club_presets", club_id)


def form_from_preset(request: HttpRequest) -> tuple[TournamentForm | None, ClubPreset | None]:
    """The new-tournament form filled from the preset asked for (`?preset=`), if the user
    may use it; else (None, None)."""
    asked = request.GET.get("preset", "")
    if not (asked.isdigit() and is_id(int(asked))):
        return None, None
    preset = next((p for p in presets.presets_for_user(request.user) if p.pk == int(asked)), None)
    if preset is None:
        return None, None
    settings = dict(preset.settings)
    form = TournamentForm(game=preset.game, clubs=perms.clubs_organised(request.user))
    initial: dict[str, Any] = {"club": preset.club.pk}
    for key in ("ruleset", "table_size", "system", "rounds", "match_score", "confirm_deals"):
        if key in settings:
            initial[key] = settings[key]
    initial["round_minutes"] = settings.get("round_minutes")
    initial["match_score_bands"] = bands_text(settings.get("match_score_bands") or [])
    order = list(settings.get("tiebreaks") or [])
    for place, field_name in enumerate(form.tiebreak_names):
        initial[field_name] = order[place] if place < len(order) else ""
    for conv, value in (settings.get("conventions") or {}).items():
        meta = form.convention_meta.get(conv)
        if meta is not None:
            initial[f"conv_{conv}"] = _from_json(meta.get("kind"), value)
    form.initial.update(initial)
    return form, preset
