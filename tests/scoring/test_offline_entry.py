"""The scorer's page offline (issue 13), server side: the deal form's POST honours the
submission's Idempotency-Key (hidden field or header) and the expected `version` as the API
does, so that deals kept on the phone and sent later are stored once, in order, and a stale
one is answered 409 with the table's current state; the service worker is served at the
scope of the scorer pages; the page carries no inline script, style or event handler."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from scoring import services
from scoring.models import Deal, IdempotencyKey, Match
from tests.factories import DEAL_HANGING, make_evening

pytestmark = pytest.mark.django_db

# Deals of the 2-player match (Anna, Boris) as the scorer types them on the form.
FORM_MADE = {"trump": "S", "declarer": "1", "points_0": "40", "points_1": "90", "last_trick": "1"}
FORM_HEARTS = {"trump": "H", "declarer": "0", "points_0": "90", "points_1": "40", "last_trick": "0"}


@pytest.fixture
def ev() -> Any:
    return make_evening()


@pytest.fixture
def scorer_client(client: Client, ev: Any) -> Client:
    client.force_login(ev.scorer)
    return client


def version_of(match: Match) -> int:
    return Match.objects.get(pk=match.pk).version


def post_deal(
    client: Client, match: Match, fields: dict[str, str], *, key: str, version: int, **extra: Any
) -> Any:
    data = {**fields, "version": str(version), "idempotency_key": key}
    return client.post(f"/matches/{match.pk}/deal/", data, **extra)


def test_the_same_key_twice_makes_one_deal(scorer_client: Client, ev: Any) -> None:
    version = version_of(ev.match)
    first = post_deal(scorer_client, ev.match, FORM_MADE, key="phone-1", version=version)
    # The phone never saw the answer (the Wi-Fi dropped) and sends the deal again, as it was.
    again = post_deal(scorer_client, ev.match, FORM_MADE, key="phone-1", version=version)
    assert first.status_code == again.status_code == 302
    assert again["Location"] == f"/matches/{ev.match.pk}/"
    assert Deal.objects.filter(match=ev.match).count() == 1
    assert IdempotencyKey.objects.filter(match=ev.match, key="phone-1").count() == 1
    assert version_of(ev.match) == version + 1


def test_the_key_may_come_as_the_apis_header(scorer_client: Client, ev: Any) -> None:
    version = version_of(ev.match)
    data = {**FORM_MADE, "version": str(version)}
    for _attempt in range(2):
        response = scorer_client.post(
            f"/matches/{ev.match.pk}/deal/", data, HTTP_IDEMPOTENCY_KEY="header-key"
        )
        assert response.status_code == 302
    assert Deal.objects.filter(match=ev.match).count() == 1
    assert IdempotencyKey.objects.filter(match=ev.match, key="header-key").exists()


def test_with_htmx_a_replay_answers_the_sheet_without_a_second_deal(
    scorer_client: Client, ev: Any
) -> None:
    version = version_of(ev.match)
    for _attempt in range(2):
        response = post_deal(
            scorer_client,
            ev.match,
            FORM_MADE,
            key="k-htmx",
            version=version,
            HTTP_HX_REQUEST="true",
        )
        assert response.status_code == 200
        assert 'data-testid="total-1">100<' in response.content.decode()
    assert Deal.objects.filter(match=ev.match).count() == 1


def test_two_deals_typed_offline_are_stored_once_in_order(scorer_client: Client, ev: Any) -> None:
    """The phone typed two deals against version v (the second behind the first: v + 1) and
    sends them when the connection is back; the answers got lost, so it sends both again."""
    version = version_of(ev.match)
    waiting = [("offline-1", FORM_MADE, version), ("offline-2", FORM_HEARTS, version + 1)]
    for _round in range(2):
        for key, fields, expected in waiting:
            response = post_deal(scorer_client, ev.match, fields, key=key, version=expected)
            assert response.status_code == 302
    deals = list(Deal.objects.filter(match=ev.match).order_by("number"))
    assert [(d.number, d.record["trump"], d.record["declarer"]) for d in deals] == [
        (1, "S", "Boris"),
        (2, "H", "Anna"),
    ]
    assert version_of(ev.match) == version + 2


def test_a_stale_version_is_a_conflict_with_the_tables_current_state(
    scorer_client: Client, ev: Any
) -> None:
    typed_against = version_of(ev.match)
    # Meanwhile the referee's phone enters a deal at this table.
    services.deal_submit(
        match=ev.match, record=DEAL_HANGING, user=ev.referee, idempotency_key=None, version=None
    )
    response = post_deal(scorer_client, ev.match, FORM_MADE, key="late", version=typed_against)
    html = response.content.decode()
    assert response.status_code == 409
    assert Deal.objects.filter(match=ev.match).count() == 1
    assert not IdempotencyKey.objects.filter(key="late").exists()  # a refusal keeps no key
    # The table as it is now (the referee's deal: Boris 76 hanging) and the waiting figures.
    assert f'data-version="{version_of(ev.match)}"' in html
    assert 'data-testid="total-1">76<' in html
    assert 'name="points_1" value="90"' in html
    assert "Someone entered a deal meanwhile" in html

    # The scorer compared and sends it as the next deal: the same key, the version now.
    resent = post_deal(scorer_client, ev.match, FORM_MADE, key="late", version=version_of(ev.match))
    assert resent.status_code == 302
    assert list(Deal.objects.filter(match=ev.match).values_list("number", flat=True)) == [1, 2]


def test_a_stale_version_with_htmx_keeps_the_conflict_visible(
    scorer_client: Client, ev: Any
) -> None:
    typed_against = version_of(ev.match)
    services.deal_submit(
        match=ev.match, record=DEAL_HANGING, user=ev.referee, idempotency_key=None, version=None
    )
    response = post_deal(
        scorer_client,
        ev.match,
        FORM_MADE,
        key="late",
        version=typed_against,
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200  # htmx swaps only successful answers
    assert 'data-testid="errors"' in response.content.decode()
    assert Deal.objects.filter(match=ev.match).count() == 1


def test_a_key_reused_for_another_deal_is_refused_and_said(scorer_client: Client, ev: Any) -> None:
    version = version_of(ev.match)
    post_deal(scorer_client, ev.match, FORM_MADE, key="same", version=version)
    response = post_deal(scorer_client, ev.match, FORM_HEARTS, key="same", version=version + 1)
    assert response.status_code == 422
    assert "This submission was already used for another deal." in response.content.decode()
    assert Deal.objects.filter(match=ev.match).count() == 1


def test_figures_refused_by_the_engine_keep_no_key(scorer_client: Client, ev: Any) -> None:
    """Figures typed offline are judged on return: refused, then corrected and sent again
    under the same key (a refused request stores nothing under it)."""
    version = version_of(ev.match)
    wrong = {**FORM_MADE, "points_0": "100"}
    refused = post_deal(scorer_client, ev.match, wrong, key="typo", version=version)
    assert refused.status_code == 400
    fixed = post_deal(scorer_client, ev.match, FORM_MADE, key="typo", version=version)
    assert fixed.status_code == 302
    assert Deal.objects.filter(match=ev.match).count() == 1


def test_another_user_with_the_same_key_does_not_get_the_scorers_answer(
    client: Client, ev: Any
) -> None:
    version = version_of(ev.match)
    client.force_login(ev.scorer)
    post_deal(client, ev.match, FORM_MADE, key="shared", version=version)
    client.force_login(ev.other_scorer)
    response = post_deal(client, ev.match, FORM_MADE, key="shared", version=version)
    assert response.status_code == 403
    assert Deal.objects.filter(match=ev.match).count() == 1


def test_the_service_worker_is_served_at_the_scorer_pages_scope(client: Client) -> None:
    response = client.get("/matches/sw.js")
    body = response.content.decode()
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Cache-Control"] == "no-cache"
    assert "/static/scoring/offline.js" in body and "/static/js/htmx.min.js" in body
    pattern = re.search(r'const PAGE = new RegExp\("(.*)"\);', body)
    assert pattern is not None
    page = re.compile(pattern.group(1).encode().decode("unicode_escape"))
    assert page.match("/matches/12/") and not page.match("/matches/12/deal/")


def test_the_scorer_page_has_no_inline_code_for_the_csp(scorer_client: Client, ev: Any) -> None:
    html = scorer_client.get(f"/matches/{ev.match.pk}/").content.decode()
    body = html.split("<main", 1)[1]  # the scorer templates' part of the page
    assert re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html) is None
    assert re.search(r"\sstyle=", body) is None
    assert re.search(r"\son[a-z]+=", body) is None
    assert 'src="/static/scoring/offline.js"' in html
    assert 'data-confirm="Everybody passed: record a void deal?"' in html
    assert 'data-players="[&quot;Anna&quot;, &quot;Boris&quot;]"' in html


def test_the_correction_page_has_no_inline_code_either(scorer_client: Client, ev: Any) -> None:
    services.deal_submit(
        match=ev.match, record=DEAL_HANGING, user=ev.scorer, idempotency_key=None, version=None
    )
    html = scorer_client.get(f"/matches/{ev.match.pk}/deals/1/edit/").content.decode()
    body = html.split("<main", 1)[1]
    assert re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html) is None
    assert re.search(r"\s(style|on[a-z]+)=", body) is None
    assert 'data-confirm="Withdraw the last deal?"' in html


def test_a_throttled_deal_keeps_no_key_and_goes_later_under_the_same_one(
    scorer_client: Client, ev: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The per-user deal throttle (config.throttles) refuses a waiting deal sent too fast: 429
    with Retry-After and nothing stored, so the phone sends it again later, under its key and
    version, and it is stored once."""
    from scoring import views

    waits = iter([3])
    monkeypatch.setattr(views, "deal_write_wait", lambda request: next(waits, None))
    version = version_of(ev.match)
    refused = post_deal(scorer_client, ev.match, FORM_MADE, key="waiting-1", version=version)
    assert refused.status_code == 429
    assert refused["Retry-After"] == "3"
    assert not IdempotencyKey.objects.filter(key="waiting-1").exists()
    assert Deal.objects.filter(match=ev.match).count() == 0
    later = post_deal(scorer_client, ev.match, FORM_MADE, key="waiting-1", version=version)
    assert later.status_code == 302
    assert Deal.objects.filter(match=ev.match).count() == 1
