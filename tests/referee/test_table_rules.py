"""The rules come from choosing the table: a referee picks one of the tournament's matches
and the tool uses that match's game, preset and conventions; the preset select remains for
stand-alone use. Only the matches the user may referee are offered."""

from __future__ import annotations

import pytest

from scoring import services as scoring_services
from tests.factories import make_match

pytestmark = pytest.mark.django_db

ODESSA_TRICK = {"trump": "H", "led": "AS", "trick": ["9H"], "hand": ["7H", "JH", "KD"]}


def _preferans_match(tournament, ruleset="leningrad", conventions=None, referee=None):
    match = make_match(size=3, conventions=conventions or {})
    match.game, match.ruleset = "preferans", ruleset
    match.save(update_fields=["game", "ruleset"])
    if referee is not None:
        match.tournament.referees.add(referee)
    return match


def test_a_referee_chooses_the_table_and_its_conventions_apply(client, evening):
    table = make_match(table=None, conventions={"overtrump": "always"})
    table.tournament.referees.add(evening["referee"])
    client.force_login(evening["referee"])
    page = client.get("/referee/legal-cards/")
    choices = dict(page.context["form"].fields["table"].choices)
    assert table.pk in choices and evening["match"].pk in choices
    # The preset says Moscow, the table says "always overtrump": the table wins.
    answer = client.post(
        "/referee/legal-cards/", {**ODESSA_TRICK, "ruleset": "moscow", "table": table.pk}
    ).context["answer"]
    assert answer["legal"] == ["JH"] and answer["overtrump"] == "always"
    stand_alone = client.post("/referee/legal-cards/", {**ODESSA_TRICK, "ruleset": "moscow"})
    assert stand_alone.context["answer"]["legal"] == ["7H", "JH"]


def test_another_tournaments_table_is_not_offered_nor_accepted(client, evening):
    foreign = make_match(conventions={"overtrump": "always"})
    client.force_login(evening["referee"])
    form = client.get("/referee/legal-cards/").context["form"]
    assert foreign.pk not in dict(form.fields["table"].choices)
    response = client.post(
        "/referee/legal-cards/", {**ODESSA_TRICK, "ruleset": "moscow", "table": foreign.pk}
    )
    assert "table" in response.context["form"].errors and response.context["answer"] is None


def test_a_visitor_without_a_role_gets_the_preset_select_only(client, evening):
    form = client.get("/referee/legal-cards/").context["form"]
    assert "table" not in form.fields and "ruleset" in form.fields
    client.force_login(evening["outsider"])
    assert "table" not in client.get("/referee/legal-cards/").context["form"].fields


def test_the_table_names_the_seats_and_gives_the_players(client, evening):
    client.force_login(evening["referee"])
    match = evening["match"]
    anna, boris = evening["names"]
    page = client.get(f"/referee/combinations/?table={match.pk}")
    assert page.context["form"].fields["runs_0"].label.startswith(anna)
    response = client.post(
        "/referee/combinations/",
        {
            "table": match.pk,
            "ruleset": "moscow",
            "trump": "H",
            "runs_0": ["KS", "QS", "JS"],
            "runs_1": ["KH", "QH", "JH"],
        },
    )
    assert response.context["answer"]["combinations_to"] == boris


def test_the_closing_tool_reads_the_tables_totals(client, evening):
    client.force_login(evening["referee"])
    anna, _boris = evening["names"]
    response = client.post(
        "/referee/check-closing/",
        {"table": evening["match"].pk, "ruleset": "moscow", "claimant": anna, "points": "10"},
    )
    answer = response.context["answer"]
    assert answer is not None and answer["true_closing"] is False


def test_deberc_tools_offer_deberc_tables_and_preferans_tools_preferans_ones(client, evening):
    pref = _preferans_match(evening["tournament"], referee=evening["referee"])
    client.force_login(evening["referee"])
    deberc_choices = dict(
        client.get("/referee/legal-cards/").context["form"].fields["table"].choices
    )
    pref_choices = dict(
        client.get("/referee/preferans/score-deal/").context["form"].fields["table"].choices
    )
    assert pref.pk in pref_choices and pref.pk not in deberc_choices
    assert evening["match"].pk in deberc_choices and evening["match"].pk not in pref_choices


def test_a_preferans_table_scores_the_deal_with_its_preset_and_previous_deals(client, evening):
    pref = _preferans_match(evening["tournament"], ruleset="leningrad", referee=evening["referee"])
    pref.tournament.organisers.add(evening["organiser"])
    a, b, c = [seat.player.display_name for seat in pref.seats.order_by("position")]
    scoring_services.deal_submit(
        match=pref,
        record={"kind": "allpass", "tricks": {a: 4, b: 0, c: 6}},
        user=evening["organiser"],
        idempotency_key="p-1",
        version=None,
    )
    client.force_login(evening["referee"])
    # Deal 2 (dealer b): c plays 7♥, a and b whist: c takes 5, a 3, b 2 — Leningrad doubles.
    response = client.post(
        "/referee/preferans/score-deal/",
        {
            "table": pref.pk,
            "ruleset": "sochi",  # ignored: the table is Leningrad
            "kind": "game",
            "declarer": "2",
            "level": "7",
            "suit": "H",
            "whist_0": "whist",
            "whist_1": "whist",
            "tricks_0": "3",
            "tricks_1": "2",
            "tricks_2": "5",
        },
    )
    answer = response.context["answer"]
    assert answer["ruleset"] == "leningrad" and answer["number"] == 2
    assert answer["mountain"] == {c: 4 * 2 * 2}
    # whists for tricks 4 × 2 × own, consolation 4 × 2 × 2 = 16 each
    assert answer["whists"] == {a: {c: 24 + 16}, b: {c: 16 + 16}}
    # Without a kind: the table's last recorded deal is explained.
    last = client.post(
        "/referee/preferans/score-deal/", {"table": pref.pk, "ruleset": "sochi"}
    ).context["answer"]
    assert last["number"] == 1 and last["outcome"] == "allpass"
    settle = client.post(
        "/referee/preferans/settle/", {"table": pref.pk, "ruleset": "sochi"}
    ).context["answer"]
    assert settle["balance"] == settle["engine_balance"] and settle["pool_target"] == 20
