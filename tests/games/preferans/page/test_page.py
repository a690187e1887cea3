"""The Preferans scorer's page through Django's test client: the page, the deal form and the
pulka sheet (SVG) after each deal, errors at their fields in three languages, corrections
with their history, idempotent retries and the stale version (409) — the shared scorer
views, dispatched through the games registry."""

from __future__ import annotations

import re

import pytest

from scoring import games, services
from scoring.models import Deal, Match
from tests.paths import REPO

from .conftest import make_pulka

pytestmark = pytest.mark.django_db

ROOT = REPO

DEAL_6S = {  # Anna deals; Boris 6♠, Vera whists, Anna passes (docs/preferans.md's sample)
    "kind": "game",
    "declarer": "Boris",
    "contract": "6S",
    "whist": {"Vera": "whist", "Anna": "pass"},
    "tricks": {"Anna": 1, "Boris": 6, "Vera": 3},
}
DEAL_7H_REMISE = {
    "kind": "game",
    "declarer": "Vera",
    "contract": "7H",
    "whist": {"Anna": "whist", "Boris": "whist"},
    "tricks": {"Anna": 3, "Boris": 2, "Vera": 5},
}
DEAL_ALLPASS = {"kind": "allpass", "tricks": {"Anna": 4, "Boris": 0, "Vera": 6}}


def url(match: Match, tail: str = "") -> str:
    return f"/matches/{match.pk}/{tail}"


def submit(match: Match, record: dict, user) -> None:
    services.deal_submit(match=match, record=record, user=user, idempotency_key=None, version=None)


def form_for(match: Match, key: str = "k", **fields) -> dict[str, str]:
    data = {"version": str(Match.objects.get(pk=match.pk).version), "idempotency_key": key}
    data.update({k: str(v) for k, v in fields.items()})
    return data


SIX_SPADES = {
    "contract": "6S",
    "declarer": 1,
    "whist_2": "whist",
    "whist_0": "pass",
    "tricks_1": 6,
    "tricks_2": 3,
    "dealer": 0,
}


def test_the_registry_names_the_preferans_page_and_the_shared_views_never_ask_the_game():
    page = games.game_get("preferans").scorer_page()
    for name in (
        "PAGE_TEMPLATE",
        "SHEET_TEMPLATE",
        "EDIT_TEMPLATE",
        "parse_deal",
        "values_from_record",
        "sheet_context",
        "engine_error_key",
        "error_message",
        "deal_summary",
    ):
        assert hasattr(page, name), name
    assert hasattr(games.game_get("deberc").scorer_page(), "sheet_context")
    shared = (ROOT / "scoring" / "views.py").read_text().lower()
    assert "preferans" not in shared
    assert "deberc" not in shared


def test_the_empty_page_has_the_picker_the_sheet_and_no_inline_script_or_style(
    scorer_client, pulka
):
    html = scorer_client.get(url(pulka.match)).content.decode()
    assert len(re.findall(r'data-testid="contract-\d+(S|C|D|H|NT)"', html)) == 25
    assert 'data-testid="contract-misere"' in html and 'data-testid="contract-allpass"' in html
    for seat in range(3):
        assert f'data-testid="sector-{seat}"' in html
        assert f'data-testid="balance-{seat}">0<' in html
    assert 'data-testid="pool-target">20<' in html
    assert 'data-testid="next-dealer-name">Anna<' in html
    # Half a whist and check are offered (Sochi: half_whist, ten_checked).
    assert 'data-testid="whist-0-half"' in html and 'data-testid="whist-0-check"' in html
    # Content-Security-Policy: no inline script, style or handler.
    assert 'style="' not in html
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html)
    assert not re.search(r"\son[a-z]+=", html)
    # The offline queue works with this form: its script, the page's, its texts.
    assert "data-offline-queue" in html and 'id="preferans-texts"' in html
    assert html.index("scoring/preferans.js") < html.index("scoring/offline.js")
    assert re.search(r'name="dealer" value="0" data-offline-skip', html)


def test_a_deal_posted_with_htmx_swaps_in_the_new_sheet_with_the_figures(scorer_client, pulka):
    response = scorer_client.post(
        url(pulka.match, "deal/"), form_for(pulka.match, **SIX_SPADES), HTTP_HX_REQUEST="true"
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<div id="sheet"')
    match = Match.objects.get(pk=pulka.match.pk)
    assert match.deals.get().record == {
        "kind": "game",
        "declarer": "Boris",
        "contract": "6S",
        "whist": {"Anna": "pass", "Vera": "whist"},
        "tricks": {"Anna": 1, "Boris": 6, "Vera": 3},
    }
    # Balances if the pulka ended now: Anna −6, Boris +5, Vera +1 (the engine's).
    assert 'data-testid="balance-0">-6<' in html
    assert 'data-testid="balance-1">+5<' in html
    assert 'data-testid="balance-2">+1<' in html
    # The sheet: Boris's pool 2, Vera's 8 whists on Boris, in their sectors.
    assert re.search(r'class="pf-t pf-pool"[^>]*data-testid="pool-1" data-total="2">2<', html)
    assert re.search(r'data-testid="whists-2-1" data-total="8">8<', html)
    assert 'data-testid="next-dealer-name">Boris<' in html


def test_without_htmx_the_post_redirects_to_the_table(scorer_client, pulka):
    response = scorer_client.post(url(pulka.match, "deal/"), form_for(pulka.match, **SIX_SPADES))
    assert response.status_code == 302 and response["Location"] == url(pulka.match)


def test_the_sheet_writes_the_running_figures_as_on_paper(scorer_client, pulka):
    for record in (DEAL_6S, DEAL_7H_REMISE, DEAL_ALLPASS):
        submit(pulka.match, record, pulka.scorer)
    html = scorer_client.get(url(pulka.match)).content.decode()
    # Vera: mountain 8 after the remise, then 8 + 6 on the all-pass.
    assert re.search(r'data-testid="mountain-2" data-total="14">8\.14<', html)
    # Boris: 2 for the six, then 1 for no trick on the all-pass.
    assert re.search(r'data-testid="pool-1" data-total="3">2\.3<', html)
    # Anna wrote 20 whists on Vera (the remise: whists and consolation).
    assert re.search(r'data-testid="whists-0-2" data-total="20">20<', html)
    assert 'data-testid="allpass-marks" data-count="1"' in html
    assert 'data-testid="allpass-exit"' in html
    assert "remise, 2 down" in html
    match = Match.objects.get(pk=pulka.match.pk)
    balance = match.result["settlement"]["balance"]
    for seat, name in enumerate(["Anna", "Boris", "Vera"]):
        shown = f"+{balance[name]}" if balance[name] > 0 else str(balance[name])
        assert f'data-testid="balance-{seat}">{shown}<' in html


def test_a_forgotten_defender_is_named_at_his_field(scorer_client, pulka):
    fields = {**SIX_SPADES}
    del fields["whist_0"]
    response = scorer_client.post(url(pulka.match, "deal/"), form_for(pulka.match, **fields))
    html = response.content.decode()
    assert response.status_code == 400
    assert 'data-testid="error-whist-0"' in html
    assert not Deal.objects.filter(match=pulka.match).exists()
    # What was typed stays on the form.
    assert re.search(r'value="6S" checked', html)


@pytest.mark.parametrize(
    ("language", "text"),
    [
        ("en", "tricks add up to 12, not 10"),
        ("ru", "Взятки в сумме дают 12, а не 10."),
        ("uk", "Взятки разом дають 12, а не 10."),
    ],
)
def test_engine_errors_in_the_users_language(scorer_client, pulka, language, text):
    data = form_for(pulka.match, **{**SIX_SPADES, "tricks_0": 3})
    response = scorer_client.post(url(pulka.match, "deal/"), data, HTTP_ACCEPT_LANGUAGE=language)
    html = response.content.decode()
    assert response.status_code == 400
    assert re.search(r'data-testid="error-tricks">[^<]*' + re.escape(text), html), html[-3000:]


def test_the_form_asks_for_the_game_in_russian(scorer_client, pulka):
    response = scorer_client.post(
        url(pulka.match, "deal/"), form_for(pulka.match), HTTP_ACCEPT_LANGUAGE="ru"
    )
    html = response.content.decode()
    assert 'data-testid="error-contract">Выберите игру, мизер или распасы.<' in html
    assert "Пуля" in html or "пуля" in html


def test_a_game_below_the_all_pass_exit_is_refused_at_the_contract(scorer_client, pulka):
    submit(pulka.match, DEAL_ALLPASS, pulka.scorer)
    submit(
        pulka.match, {"kind": "allpass", "tricks": {"Anna": 3, "Boris": 3, "Vera": 4}}, pulka.scorer
    )
    data = form_for(
        pulka.match, contract="6H", declarer=0, whist_1="pass", whist_2="pass", dealer=2
    )
    response = scorer_client.post(url(pulka.match, "deal/"), data, HTTP_ACCEPT_LANGUAGE="uk")
    html = response.content.decode()
    assert response.status_code == 400
    assert "Після розпасів найменша гра — 7." in html
    assert 'data-testid="error-contract"' in html


def test_a_retry_with_the_same_key_writes_one_deal(scorer_client, pulka):
    data = form_for(pulka.match, key="retry-1", **SIX_SPADES)
    first = scorer_client.post(url(pulka.match, "deal/"), data)
    second = scorer_client.post(url(pulka.match, "deal/"), data)
    assert first.status_code == second.status_code == 302
    assert Deal.objects.filter(match=pulka.match).count() == 1


def test_a_stale_version_is_409_and_the_sheet_is_reloaded(scorer_client, pulka):
    data = form_for(pulka.match, key="first", **SIX_SPADES)
    submit(pulka.match, DEAL_6S, pulka.scorer)  # someone else entered deal 1 meanwhile
    response = scorer_client.post(url(pulka.match, "deal/"), data)
    html = response.content.decode()
    assert response.status_code == 409
    assert "Someone entered a deal meanwhile" in html
    assert 'data-testid="balance-1">+5<' in html
    assert Deal.objects.filter(match=pulka.match).count() == 1


def test_a_correction_is_prefilled_rescored_and_kept_in_the_history(scorer_client, pulka):
    submit(pulka.match, DEAL_6S, pulka.scorer)
    submit(pulka.match, DEAL_7H_REMISE, pulka.scorer)
    page = scorer_client.get(url(pulka.match, "deals/1/edit/")).content.decode()
    assert re.search(r'value="6S" checked', page)
    assert re.search(r'name="whist_2" value="whist" checked', page)
    assert re.search(r'name="tricks_1" value="6"', page)
    assert "Make it a void deal" not in page
    data = {
        "contract": "6S",
        "declarer": "1",
        "whist_2": "whist",
        "whist_0": "pass",
        "tricks_1": "5",
        "tricks_2": "4",
        "dealer": "0",
        "reason": "tricks miscounted",
    }
    response = scorer_client.post(url(pulka.match, "deals/1/edit/"), data)
    assert response.status_code == 302
    match = Match.objects.get(pk=pulka.match.pk)
    assert match.deals.get(number=1).record["tricks"] == {"Anna": 1, "Boris": 5, "Vera": 4}
    assert match.result["deals"][0]["outcome"] == "remise"
    assert match.deals.get(number=1).history.count() == 2
    history = scorer_client.get(url(pulka.match, "history/")).content.decode()
    assert "tricks miscounted" in history
    assert "6♠ Boris" in history and "tricks 1/5/4" in history


def test_a_correction_that_breaks_a_later_deal_says_which(scorer_client, pulka):
    submit(pulka.match, DEAL_ALLPASS, pulka.scorer)
    submit(
        pulka.match,
        {
            "kind": "game",
            "declarer": "Vera",
            "contract": "6H",
            "whist": {"Anna": "pass", "Boris": "pass"},
        },
        pulka.scorer,
    )
    # Deal 1 becomes a game: deal 2's 6 is now fine, but a misère by the dealer is fine too;
    # make deal 1 an all-pass again with wrong tricks instead: refused at the tricks.
    data = {"contract": "allpass", "tricks_0": "4", "tricks_1": "4", "tricks_2": "4"}
    response = scorer_client.post(url(pulka.match, "deals/1/edit/"), data)
    assert response.status_code == 400
    assert 'data-testid="error-tricks"' in response.content.decode()


def test_four_at_the_table_the_dealer_sits_out(client, pulka4):
    client.force_login(pulka4.scorer)
    html = client.get(url(pulka4.match)).content.decode()
    # Anna deals first: no declarer button nor whist row for her; her talon field only.
    assert 'data-testid="declarer-0"' not in html
    assert 'data-testid="whist-0-whist"' not in html
    assert re.search(r'class="pf-talon"', html)
    assert 'data-testid="sector-3"' in html
    data = form_for(pulka4.match, contract="allpass", tricks_1="3", tricks_2="3", dealer="0")
    response = client.post(url(pulka4.match, "deal/"), data)
    assert response.status_code == 302
    record = Match.objects.get(pk=pulka4.match.pk).deals.get().record
    assert record["tricks"] == {"Anna": 0, "Boris": 3, "Vera": 3, "Gleb": 4}


def test_a_stranger_sees_the_sheet_but_no_form(client, pulka):
    client.force_login(pulka.stranger)
    submit(pulka.match, DEAL_6S, pulka.scorer)
    response = client.get(url(pulka.match))
    if response.status_code == 404:
        pytest.skip("this tournament's tables are not public")
    html = response.content.decode()
    assert 'data-testid="save-deal"' not in html
    assert 'data-testid="pulka-sheet"' in html
    post = client.post(url(pulka.match, "deal/"), form_for(pulka.match, **SIX_SPADES))
    assert post.status_code == 403


def test_deberc_matches_keep_their_own_page(client):
    from tests.factories import make_evening

    ev = make_evening()
    client.force_login(ev.scorer)
    html = client.get(url(ev.match)).content.decode()
    assert 'data-testid="trump-H"' in html and "pulka-sheet" not in html
    other = make_pulka(3)
    assert other.match.game == "preferans"


def test_the_page_offers_the_half_whist_answer_and_a_second_renonce(scorer_client, pulka):
    html = scorer_client.get(url(pulka.match)).content.decode()
    assert 'data-testid="half-answered"' in html
    assert 'data-testid="violation2-player"' in html and 'data-testid="violation2-count"' in html
    ru = scorer_client.get(url(pulka.match), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Пасовавший ответил на полвиста: «играем»" in ru and "Второй игрок" in ru
    uk = scorer_client.get(url(pulka.match), HTTP_ACCEPT_LANGUAGE="uk").content.decode()
    assert "відповів на піввіста" in uk and "Другий гравець" in uk


def test_both_renonces_posted_are_scored_by_kodex_33(scorer_client, pulka):
    """Kodex 33: "играющий и вистующий ставят по одному ремизу за каждый сделанный ими
    ренонс, и платят пополам по расчету другому вистующему за сделанные им взятки"."""
    fields = {
        **SIX_SPADES,
        "tricks_1": 5,
        "tricks_2": 3,
        "violation_player": 1,
        "violation2_player": 2,
    }
    response = scorer_client.post(
        url(pulka.match, "deal/"), form_for(pulka.match, **fields), HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200
    match = Match.objects.get(pk=pulka.match.pk)
    assert match.deals.get().record["violation"] == [
        {"player": "Boris", "kind": "renonce", "count": 1},
        {"player": "Vera", "kind": "renonce", "count": 1},
    ]
    entry = match.result["deals"][0]
    assert entry["mountain"] == {"Boris": 4, "Vera": 2}  # remise 2 + renonce 2; Vera's 2
    assert entry["whists"] == {"Anna": {"Boris": 2, "Vera": 2}}  # Anna's 2 tricks, halved
    history = scorer_client.get(url(pulka.match, "history/")).content.decode()
    assert "renonce: Boris ×1" in history and "renonce: Vera ×1" in history
