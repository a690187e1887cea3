"""Pages of the referee desk: the rulebook and its search, the tools at the table, rulings.
Thin: the forms read the input, the tools/services/selectors decide."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from config.collation import sorted_by_name
from config.htmx import HtmxHttpRequest
from scoring.models import Deal, Match
from tournaments.clubs import permissions as perms
from tournaments.events.models import Tournament

from . import forms, selectors, services
from .games import parts_all, parts_of, tool_page_get
from .models import Ruling
from .toolbase import ToolError, tool_lang

# The rulings page's "rule on a deal" list: matches a page.
MATCHES_PER_PAGE = 50


def _lang() -> str:
    return tool_lang(translation.get_language())


def _cited(ids: list[str]) -> list[Any]:
    return selectors.articles_by_ids(ids)


# --- rulebook --------------------------------------------------------------------------------


def rulebook(request: HtmxHttpRequest) -> HttpResponse:
    """The rulebook by section, with one search box over all three languages and a game
    switch (`?game=<a game's key>`; every game by default)."""
    query = request.GET.get("q", "").strip()
    game = selectors.rulebook_game(request.GET.get("game"))
    answer = selectors.rules_answer(query, game=game) if query else None
    if answer is not None and answer.missed:
        # The editors' list of words the rulebook does not know (nothing personal kept).
        services.search_miss_record(query, lang=_lang(), game=game)

    def hits(rules: list[Any]) -> list[dict[str, Any]]:
        # Over every game, each hit says which game's rule it is.
        return [
            {"rule": rule, "game_name": None if game else selectors.game_name(rule.game)}
            for rule in rules
        ]

    context = {
        "query": query,
        "results": answer.found if answer else None,
        "game": game or "",
        "hits": hits(answer.found if answer else []),
        # Nothing found: the nearest articles, or where most questions start.
        "suggested": hits(answer.suggested if answer else []),
        "near": bool(answer and answer.near),
    }
    if request.htmx and request.GET.get("partial"):
        return render(request, "referee/_results.html", context)
    context["sections"] = selectors.rulebook_sections(game)
    context["games"] = selectors.game_switch(game)
    return render(request, "referee/rulebook.html", context)


def article(request: HttpRequest, article_id: str) -> HttpResponse:
    rule = selectors.article_get(article_id)
    if rule is None:
        raise Http404(article_id)
    convention = (
        selectors.convention_meta(rule.convention_name, _lang(), game=rule.game)
        if rule.is_convention
        else None
    )
    section = selectors.convention_section(rule.game)
    depends = [
        {"name": name, "article": selectors.article_get(f"{section}.{name}")}
        for name in rule.conventions
        if not (rule.is_convention and name == rule.convention_name)
    ]
    others = [
        {"lang": lang, "title": rule.title_in(lang), "text": rule.text_in(lang)}
        for lang in ("ru", "uk", "en")
        if lang != _lang()
    ]
    context = {
        "rule": rule,
        "title": rule.title_in(_lang()),
        "text": rule.text_in(_lang()),
        "convention": convention,
        "depends": depends,
        "others": others,
        "preset_table": (
            selectors.preset_table(_lang(), rule.game)
            if rule.section == selectors.presets_section(rule.game)
            else None
        ),
        "preset_labels": selectors.preset_labels(list(rule.presets), rule.game),
    }
    return render(request, "referee/article.html", context)


# --- tools ---------------------------------------------------------------------------------


def tools_index(request: HttpRequest) -> HttpResponse:
    """Every game's tools at the table, one group per game."""
    context = {
        "games": [
            {"key": parts.game, "name": selectors.game_name(parts.game), "tools": parts.tool_pages}
            for parts in parts_all()
        ]
    }
    return render(request, "referee/tools.html", context)


def _table_initial(request: HttpRequest) -> dict[str, Any]:
    """`?table=` preselects a table (the card-grid script reloads with it)."""
    table = request.GET.get("table", "")
    return {"table": table} if table.isdigit() else {}


def tool_page(request: HttpRequest, tool: str) -> HttpResponse:
    """A game's tool at the table (`RefereeParts.tool_pages`): its form, then its answer."""
    page = tool_page_get(tool)
    if page is None:
        raise Http404(tool)
    # Bound on every POST, an empty one too: its refusal names the missing fields (found by
    # fuzzing: `request.POST or None` showed an empty post the blank form, saying nothing).
    data = request.POST if request.method == "POST" else None
    form = page.form(data, user=request.user, initial=_table_initial(request))
    answer = None
    errors: list[dict[str, Any]] = []
    if request.method == "POST" and form.is_valid():
        try:
            answer = page.run(**form.tool_args(), lang=_lang())
        except ToolError as exc:
            errors = exc.errors
    if answer:
        # An answer explained line by line cites articles per line too: shown by title.
        for line in answer.get("lines") or []:
            if isinstance(line, dict) and line.get("articles"):
                line["cited"] = _cited(list(line["articles"]))
    context = {
        "form": form,
        "answer": answer,
        "errors": errors,
        "title": page.title,
        "articles": _cited(answer["articles"]) if answer else [],
    }
    return render(request, page.template, context)


def conventions_page(request: HttpRequest, game: str) -> HttpResponse:
    """Every convention of `game` with what each of its presets sets, side by side."""
    parts = parts_of(game)
    if parts is None:
        raise Http404(game)
    context = {
        "title": parts.conventions_title,
        "game": game,
        "table": selectors.preset_table(_lang(), game),
    }
    return render(request, "referee/conventions.html", context)


# --- rulings ---------------------------------------------------------------------------------


def _staff_match(request: HttpRequest, match_id: int) -> Match:
    match = get_object_or_404(Match.objects.select_related("tournament", "table"), pk=match_id)
    if not perms.can_view_match(request.user, match):
        raise Http404()
    if match.tournament is None or not perms.is_staff_of(request.user, match.tournament):
        raise PermissionDenied(_("Only a referee or organiser of the tournament rules."))
    return match


def _ruling_refusal(request: HttpRequest, match: Match) -> str:
    """Why this member of the staff may not rule on `match` ("" when they may): a ruling
    corrects a deal, so it follows who may correct the match's deals (the round closed: its
    organiser only)."""
    if perms.can_correct_deal(request.user, match):
        return ""
    return _(
        "The round is closed: its results are settled, and only the tournament's organiser "
        "changes them (with a reason kept in the round's history). Ask the organiser to rule "
        "on this deal, or to open the round again."
    )


def _ruling_form(request: HttpRequest, match: Match) -> tuple[forms.RulingForm, list[str]]:
    """The ruling form of `match`, bound on a POST; it opens empty but for a deal asked for
    by `?deal=` (a dispute's link names the disputed deal)."""
    deals = list(
        Deal.objects.filter(match=match).order_by("number").values_list("number", flat=True)
    )
    players = [seat.player.display_name for seat in match.seats.select_related("player")]
    parts = parts_of(match.game)
    asked = request.GET.get("deal", "")
    initial = {"deal": int(asked)} if asked.isdigit() and int(asked) in deals else {}
    form = forms.RulingForm(
        request.POST if request.method == "POST" else None,
        deals=deals,
        players=players,
        kinds=parts.violation_kinds if parts is not None else (),
        articles=selectors.article_choices(match.game),
        initial=initial,
    )
    return form, players


@login_required
def ruling_new(request: HttpRequest, match_id: int) -> HttpResponse:
    """Rule on a deal of a match: the deal gets the violation, the match is re-scored. A
    finished match too (a dispute about a closing comes after it ends); in a closed round a
    ruling changes settled results, the organiser's act (`can_amend`): whoever may not is
    told why and offered no form (issue 35).

    Two steps (issue 35): the form, which opens empty; then what the ruling changes (the
    deal and each player's figure, now and after), with a ruling like one in force named,
    and only the confirmation records it. A confirmation made from an older version of the
    match (a deal entered or corrected meanwhile) shows the step again, afresh."""
    match = _staff_match(request, match_id)
    refusal = _ruling_refusal(request, match)
    if refusal and request.method == "POST":
        raise PermissionDenied(refusal)
    form, players = _ruling_form(request, match)
    errors: list[dict[str, Any]] = []
    preview = None
    stale = False
    if request.method == "POST" and form.is_valid() and "back" not in request.POST:
        data = form.cleaned_data
        ruling_args = {
            "match": match,
            "deal_number": data["deal"],
            "kind": data["kind"],
            "violator_name": data["violator"],
            "articles": data["articles"],
            "taken_by": data.get("taken_by") or None,
            "count": data.get("count"),
            "combination": data.get("combination") or None,
            "repeat": bool(data.get("repeat")),
        }
        stale = bool(data.get("confirmed")) and data.get("version") != match.version
        if data.get("confirmed") and not stale:
            try:
                ruling, _document = services.ruling_record(
                    **ruling_args, explanation=data["explanation"], user=request.user
                )
            except services.RulingRejected as exc:
                errors = exc.errors
            else:
                messages.success(
                    request,
                    _(
                        "Ruling recorded: %(kind)s by %(player)s in deal %(deal)s. The match "
                        "is re-scored."
                    )
                    % {
                        "kind": ruling.kind_label,
                        "player": data["violator"],
                        "deal": ruling.deal_number,
                    },
                )
                return redirect("referee:tournament_rulings", match.tournament_id)
        try:
            preview = services.ruling_preview(**ruling_args)
        except services.RulingRejected as exc:
            errors = errors or exc.errors
    parts = parts_of(match.game)
    kinds = {k.key: k.label for k in parts.violation_kinds} if parts is not None else {}
    context = {
        "match": match,
        "form": form,
        "refusal": refusal,
        "errors": errors,
        "players": players,
        "preview": preview,
        "stale": stale,
        "kind_label": kinds.get(form.cleaned_data.get("kind", "")) if preview else "",
        "rulings": selectors.rulings_for_match(match.pk),
        "disputes": selectors.disputes_of_match(match.pk),
        "game": selectors.game_name(match.game),
        "score_now": selectors.score_now(match),
    }
    return render(request, "referee/ruling_new.html", context)


def tournament_rulings(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    if not perms.can_view_tournament(request.user, tournament):
        raise Http404()
    rulings = list(selectors.rulings_for_tournament(tournament.pk))
    cited = {
        a.id: a for a in selectors.articles_by_ids(sorted({a for r in rulings for a in r.articles}))
    }
    # The public sees no username: the referees are named to the tournament's staff only.
    shows_users = perms.can_see_usernames(request.user, tournament)
    for ruling in rulings:
        ruling.cited = [cited[a] for a in ruling.articles if a in cited]
        ruling.referee_shown = (
            ruling.referee.get_username() if shows_users and ruling.referee else ""
        )
        ruling.overturned_by_shown = (
            ruling.overturned_by.get_username() if shows_users and ruling.overturned_by else ""
        )
    is_staff = perms.is_staff_of(request.user, tournament)
    # Where a referee called to a table starts: the tournament's matches, latest first, a
    # page at a time (a 3,000-player field has 4,500), or those of a player or a table found.
    query = " ".join(request.GET.get("q", "").split())[:80]
    matches = (
        Paginator(selectors.matches_to_rule(tournament.pk, query), MATCHES_PER_PAGE).get_page(
            request.GET.get("page")
        )
        if is_staff
        else None
    )
    context = {
        "tournament": tournament,
        "rulings": rulings,
        # The players' calls: deals disputed and not yet settled (the staff's alone).
        "disputes": selectors.disputes_open(tournament.pk) if is_staff else [],
        "can_overturn": perms.is_organiser(request.user, tournament),
        "overturn_form": forms.OverturnForm(),
        "matches": matches,
        "query": query,
    }
    return render(request, "referee/rulings.html", context)


@login_required
@require_POST
def ruling_overturn(request: HttpRequest, ruling_id: int) -> HttpResponse:
    ruling = get_object_or_404(
        Ruling.objects.select_related("match", "match__tournament"), pk=ruling_id
    )
    tournament = ruling.match.tournament
    if tournament is None or not perms.is_organiser(request.user, tournament):
        raise PermissionDenied(_("Only an organiser overturns a ruling."))
    form = forms.OverturnForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Say why the ruling is overturned."))
    else:
        try:
            services.ruling_overturn(
                ruling=ruling, user=request.user, reason=form.cleaned_data["reason"]
            )
        except services.RulingRejected as exc:
            for problem in exc.errors:
                messages.error(request, problem["message"])
        else:
            messages.success(request, _("Ruling overturned; the match is re-scored."))
    return redirect("referee:tournament_rulings", tournament.pk)


# --- cards (issue 19, item 5) -----------------------------------------------------------------


def _card_form(
    tournament: Tournament, data: Any = None, initial: Any = None, match: Match | None = None
) -> forms.CardForm:
    """The card form: the tournament's players, or from a table (`match`) that table's only.
    A player who is not among them is refused by the service, at the field, with its code."""
    from tournaments.discipline.models import Card
    from tournaments.events.models import Entry

    entries = Entry.objects.filter(tournament=tournament)
    if match is not None:
        entries = entries.filter(player__in=match.seats.values("player"))
    players = sorted_by_name(
        entries.values_list("player_id", "player__display_name"), lambda p: p[1]
    )
    return forms.CardForm(
        data,
        players=players,
        kinds=Card.Kind.choices,
        # By title in the referee's language, grouped by section; the id is only the value.
        articles=selectors.article_choices(tournament.game),
        initial=initial,
    )


def tournament_cards(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The tournament's cards (withdrawn ones struck through); its referees and organisers
    give a warning or a yellow card here (`?player=`, `?match=`: from a table, whose players
    alone are offered; another is refused) and withdraw one. The public sees the cards of a
    published tournament, never who gave them."""
    from tournaments.discipline import services as discipline

    tournament = get_object_or_404(Tournament, pk=tournament_id)
    if not perms.can_view_tournament(request.user, tournament):
        raise Http404()
    is_staff = perms.is_staff_of(request.user, tournament)
    match = None
    match_id = request.POST.get("match") or request.GET.get("match")
    if is_staff and match_id and str(match_id).isdigit():
        match = (
            Match.objects.select_related("round", "table")
            .filter(pk=int(match_id), tournament=tournament)
            .first()
        )
    form = None
    errors: list[dict[str, Any]] = []
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect(f"{settings.LOGIN_URL}?next={request.path}")
        if not is_staff:
            raise PermissionDenied(_("Only a referee or organiser of the tournament gives cards."))
        form = _card_form(tournament, request.POST, match=match)
        if form.is_valid():
            data = form.cleaned_data
            try:
                card = services.card_give(
                    tournament=tournament,
                    player=data["player"],
                    kind=data["kind"],
                    reason=data["reason"],
                    article=data.get("article") or None,
                    match=match,
                    user=request.user,
                )
            except discipline.CardRejected as exc:
                errors = exc.errors
            else:
                messages.success(
                    request,
                    _("%(kind)s given to %(player)s.")
                    % {"kind": card.get_kind_display(), "player": card.player.display_name},
                )
                return redirect("referee:tournament_cards", tournament.pk)
    elif is_staff:
        player = request.GET.get("player")
        form = _card_form(
            tournament,
            initial={"player": player if player and player.isdigit() else None},
            match=match,
        )
    shows_users = perms.can_see_usernames(request.user, tournament)
    cards = discipline.cards_of(tournament)
    cited = {
        a.id: a for a in selectors.articles_by_ids(sorted({c.article for c in cards if c.article}))
    }
    for card in cards:
        card.giver_shown = card.given_by.get_username() if shows_users and card.given_by else ""
        card.cited = cited.get(card.article)
    context = {
        "tournament": tournament,
        "cards": cards,
        "form": form,
        "errors": errors,
        "match": match,
        "can_give": is_staff,
        "withdraw_form": forms.CardWithdrawForm(),
    }
    return render(request, "referee/cards.html", context)


@login_required
@require_POST
def card_withdraw(request: HttpRequest, card_id: int) -> HttpResponse:
    from tournaments.discipline import services as discipline
    from tournaments.discipline.models import Card

    card = get_object_or_404(Card.objects.select_related("tournament"), pk=card_id)
    tournament = card.tournament
    if not perms.can_view_tournament(request.user, tournament):
        raise Http404()
    if not perms.is_staff_of(request.user, tournament):
        raise PermissionDenied(_("Only a referee or organiser of the tournament gives cards."))
    form = forms.CardWithdrawForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Say why the card is withdrawn (at most 100 characters)."))
    else:
        try:
            discipline.card_withdraw(
                card=card, reason=form.cleaned_data["reason"], user=request.user
            )
        except discipline.CardRejected as exc:
            for problem in exc.errors:
                messages.error(request, problem["message"])
        else:
            messages.success(request, _("Card withdrawn; it stays on record."))
    return redirect("referee:tournament_cards", tournament.pk)
