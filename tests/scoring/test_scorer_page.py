"""The scorer's page, server side: the sheet, the deal form, errors at their fields in the
user's language, corrections prefilled, the history page."""

from __future__ import annotations

import pytest

from scoring import services
from scoring.models import Deal, Match
from tests.factories import DEAL_HANGING, DEAL_MADE, make_evening

pytestmark = pytest.mark.django_db


@pytest.fixture
def ev():
    return make_evening()


@pytest.fixture
def scorer_client(client, ev):
    client.force_login(ev.scorer)
    return client


def form_for(match, **fields):
    data = {"version": str(Match.objects.get(pk=match.pk).version), "idempotency_key": "k"}
    data.update({k: str(v) for k, v in fields.items()})
    return data


def test_the_page_shows_players_totals_and_who_deals_next(scorer_client, ev):
    services.deal_submit(
        match=ev.match, record=DEAL_HANGING, user=ev.scorer, idempotency_key=None, version=None
    )
    html = scorer_client.get(f"/matches/{ev.match.pk}/").content.decode()
    assert "Anna" in html and "Boris" in html
    assert 'data-testid="total-1">76<' in html
    assert 'data-testid="next-dealer-name">Boris<' in html
    assert 'data-testid="hanging"' in html
    assert 'class="mark-hanging"' in html  # В beside the hanging declarer
    assert 'data-testid="save-deal"' in html


def test_a_deal_entered_on_the_form_is_saved_and_the_totals_change(scorer_client, ev):
    data = form_for(
        ev.match, trump="S", declarer=1, points_0=40, points_1=90, last_trick=1, bella_1=1
    )
    response = scorer_client.post(f"/matches/{ev.match.pk}/deal/", data)
    assert response.status_code == 302
    match = Match.objects.get(pk=ev.match.pk)
    assert match.deals.get().record == {
        "trump": "S",
        "declarer": "Boris",
        "declarations": {"Boris": ["bella"]},
        "points": {"Anna": 40, "Boris": 90},
        "last_trick": "Boris",
    }
    assert match.result["match"] == {"Anna": 40, "Boris": 120}


def test_a_double_tap_with_the_same_form_makes_one_deal(scorer_client, ev):
    data = form_for(ev.match, trump="S", declarer=1, points_0=40, points_1=90, last_trick=1)
    scorer_client.post(f"/matches/{ev.match.pk}/deal/", data)
    scorer_client.post(f"/matches/{ev.match.pk}/deal/", data)
    assert Deal.objects.filter(match=ev.match).count() == 1


def test_with_htmx_the_answer_is_the_new_sheet(scorer_client, ev):
    data = form_for(ev.match, trump="S", declarer=1, points_0=40, points_1=90, last_trick=1)
    response = scorer_client.post(f"/matches/{ev.match.pk}/deal/", data, HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<div id="sheet"')
    assert 'data-testid="total-1">100<' in html


def test_engine_errors_show_at_their_fields_in_russian(scorer_client, ev):
    data = form_for(ev.match, trump="S", declarer=1, points_0=100, points_1=90, last_trick=1)
    response = scorer_client.post(f"/matches/{ev.match.pk}/deal/", data, HTTP_ACCEPT_LANGUAGE="ru")
    html = response.content.decode()
    assert response.status_code == 400
    assert 'data-testid="error-points"' in html
    assert "Очки в картах в сумме 190 — больше, чем 152 во всей колоде." in html
    assert Deal.objects.filter(match=ev.match).count() == 0
    # What the scorer typed is still there.
    assert 'name="points_0" value="100"' in html


def test_a_missing_trump_is_asked_for_before_the_engine(scorer_client, ev):
    data = form_for(ev.match, declarer=1, points_0=40, points_1=90, last_trick=1)
    response = scorer_client.post(f"/matches/{ev.match.pk}/deal/", data)
    assert response.status_code == 400
    assert "Choose the trump." in response.content.decode()


def test_the_void_deal_button_records_a_void_deal(scorer_client, ev):
    response = scorer_client.post(f"/matches/{ev.match.pk}/deal/", form_for(ev.match, void=1))
    assert response.status_code == 302
    match = Match.objects.get(pk=ev.match.pk)
    assert match.result["deals"][0]["outcome"] == "void"
    assert match.result["deals"][0]["next_dealer"] == "Boris"


def test_the_correction_form_is_prefilled_and_saves_with_a_reason(scorer_client, ev):
    services.deal_submit(
        match=ev.match, record=DEAL_MADE, user=ev.scorer, idempotency_key=None, version=None
    )
    html = scorer_client.get(f"/matches/{ev.match.pk}/deals/1/edit/").content.decode()
    assert 'name="points_1" value="90"' in html
    assert 'value="S" checked' in html
    response = scorer_client.post(
        f"/matches/{ev.match.pk}/deals/1/edit/",
        {
            "trump": "S",
            "declarer": "1",
            "points_0": "90",
            "points_1": "40",
            "last_trick": "0",
            "reason": "swapped",
        },
    )
    assert response.status_code == 302
    match = Match.objects.get(pk=ev.match.pk)
    assert match.result["deals"][0]["outcome"] == "byte"
    history = scorer_client.get(f"/matches/{ev.match.pk}/history/").content.decode()
    assert history.count('data-testid="history-entry"') == 2
    assert "swapped" in history


def test_the_public_sees_the_sheet_but_no_form(client, ev):
    html = client.get(f"/matches/{ev.match.pk}/").content.decode()
    assert "Anna" in html
    assert 'data-testid="save-deal"' not in html
    assert client.post(f"/matches/{ev.match.pk}/deal/", {}).status_code == 302  # to sign in


def test_a_scorer_of_another_table_may_not_post(client, ev):
    client.force_login(ev.other_scorer)
    data = form_for(ev.match, trump="S", declarer=1, points_0=40, points_1=90, last_trick=1)
    assert client.post(f"/matches/{ev.match.pk}/deal/", data).status_code == 403


def test_an_unpublished_match_is_not_found_for_the_public(client):
    ev = make_evening(published=False)
    assert client.get(f"/matches/{ev.match.pk}/").status_code == 404


def test_a_half_filled_form_shows_the_engines_errors_too(scorer_client, ev):
    data = form_for(
        ev.match,
        trump="H",
        declarer=0,
        points_0=120,
        points_1=90,
        last_trick=1,
        decl_0_0_kind="terz",
    )
    response = scorer_client.post(f"/matches/{ev.match.pk}/deal/", data, HTTP_ACCEPT_LANGUAGE="uk")
    html = response.content.decode()
    assert response.status_code == 400
    assert "Виберіть старшу карту комбінації." in html  # the form's own check
    assert "у сумі 210" in html  # the engine's, on the same answer
    assert Deal.objects.filter(match=ev.match).count() == 0


def test_figures_no_split_of_the_deck_gives_are_refused_in_ukrainian(scorer_client, ev):
    # No card is worth 1 point: no split of the deck gives Boris 1.
    data = form_for(ev.match, trump="H", declarer=0, points_0=145, points_1=1, last_trick=1)
    response = scorer_client.post(f"/matches/{ev.match.pk}/deal/", data, HTTP_ACCEPT_LANGUAGE="uk")
    assert response.status_code == 400
    assert "Таких очок не набрати жодним розкладом карт" in response.content.decode()


@pytest.mark.parametrize("size", [3, 4])
def test_tables_of_three_and_of_pairs_are_scored_from_the_form(client, size):
    import random

    from scoring.games.deberc.demo import believable_match
    from scoring.games.deberc.engine import score_match
    from tests.factories import PlayerFactory, TableFactory, UserFactory, make_match

    scorer = UserFactory()
    table = TableFactory(scorer=scorer)
    names = ["Олена", "Pavlo", "Ірина", "Dmytro"][:size]
    players = [PlayerFactory(club=table.round.tournament.club, display_name=n) for n in names]
    match = make_match(players=players, table=table)
    record, _result = believable_match(
        random.Random(size), names, first_dealer=names[0], stop_after=1, void_rate=0
    )
    # The form below leaves declarations out: the expected score does too.
    deal = {k: v for k, v in record["deals"][0].items() if k != "declarations"}
    result = score_match({**record, "deals": [deal]})
    fields = {
        "trump": deal["trump"],
        "declarer": names.index(deal["declarer"]),
        "last_trick": names.index(deal["last_trick"]),
        **{f"points_{i}": deal["points"][n] for i, n in enumerate(names)},
        **{f"tricks_{i}": deal["tricks"][n] for i, n in enumerate(names)},
    }
    client.force_login(scorer)
    response = client.post(f"/matches/{match.pk}/deal/", form_for(match, **fields))
    assert response.status_code == 302, response.content.decode()[:3000]
    match.refresh_from_db()
    assert match.result["match"] == result["match"]
    html = client.get(f"/matches/{match.pk}/").content.decode()
    for i in range(size):
        assert f'data-testid="total-{i}">{result["match"][names[i]]}<' in html


def test_an_opponent_confirms_a_deal_on_the_page(client):
    ev = make_evening(confirm_deals=True)
    client.force_login(ev.scorer)
    data = form_for(ev.match, trump="S", declarer=1, points_0=40, points_1=90, last_trick=1)
    client.post(f"/matches/{ev.match.pk}/deal/", data)
    page = client.get(f"/matches/{ev.match.pk}/").content.decode()
    assert 'data-testid="pending"' in page
    assert 'data-testid="save-deal"' not in page  # the next deal waits for the confirmation
    assert "Confirm the deal" not in page  # not by the scorer who typed it
    assert Match.objects.get(pk=ev.match.pk).result["match"] == {"Anna": 0, "Boris": 0}
    client.force_login(ev.player)  # Anna, on her own phone
    assert "Confirm the deal" in client.get(f"/matches/{ev.match.pk}/").content.decode()
    client.post(f"/matches/{ev.match.pk}/deals/1/confirm/")
    assert Match.objects.get(pk=ev.match.pk).result["match"] == {"Anna": 40, "Boris": 100}


def test_a_finished_match_says_why_in_the_readers_language(scorer_client, ev):
    for _ in range(30):
        match = Match.objects.get(pk=ev.match.pk)
        if match.result.get("finished"):
            break
        services.deal_submit(
            match=match, record=DEAL_MADE, user=ev.scorer, idempotency_key=None, version=None
        )
    assert Match.objects.get(pk=ev.match.pk).result["reason"] == "target"
    html = scorer_client.get(f"/matches/{ev.match.pk}/", HTTP_ACCEPT_LANGUAGE="ru").content
    html = html.decode()
    assert "(набрана сумма партии)" in html
    assert "(target)" not in html
