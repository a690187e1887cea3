"""Deal entry services: the match score is always the engine's verdict over the deals."""

from __future__ import annotations

import json

import pytest
from django.core.exceptions import PermissionDenied

from scoring import services
from scoring.games.deberc.engine import score_match
from scoring.models import Deal, Match
from scoring.selectors import match_scoresheet
from tests.factories import (
    DEAL_BIG,
    DEAL_BYTE,
    DEAL_HANGING,
    DEAL_MADE,
    DEAL_VOID,
    make_evening,
)
from tournaments.events.models import Round

pytestmark = pytest.mark.django_db


def submit(ev, record, *, user=None, key=None, version=None):
    match = Match.objects.get(pk=ev.match.pk)
    return services.deal_submit(
        match=match,
        record=record,
        user=user or ev.scorer,
        idempotency_key=key,
        version=match.version if version is None else version,
    )


def test_it_stores_the_engine_result_after_each_deal():
    ev = make_evening()
    submit(ev, DEAL_HANGING)
    written = submit(ev, DEAL_MADE)
    match = Match.objects.get(pk=ev.match.pk)
    body = json.loads(written.body)
    assert match.result["match"] == {"Anna": 40, "Boris": 252}  # 76 + hanging 76 + 100
    assert body["match"] == {"Anna": 40, "Boris": 252}
    assert body["next_dealer"] == "Boris"
    assert body["hanging"] == []
    assert [d.number for d in match.deals.all()] == [1, 2]


def test_a_hanging_byte_leaves_a_pool_the_next_deal_plays():
    ev = make_evening()
    body = json.loads(submit(ev, DEAL_HANGING).body)
    assert body["deals"][0]["outcome"] == "hanging"
    assert body["hanging"] == [{"points": 76, "eligible": ["Anna", "Boris"]}]
    assert body["match"] == {"Anna": 0, "Boris": 76}


def test_it_refuses_an_invalid_deal_listing_every_problem_and_saves_nothing():
    ev = make_evening()
    before = Match.objects.get(pk=ev.match.pk).version
    with pytest.raises(services.DealRejected) as caught:
        submit(
            ev,
            {"trump": "X", "declarer": "Zed", "points": {"Anna": 100, "Boris": 100}},
        )
    codes = {(e["field"], e["code"]) for e in caught.value.errors}
    assert ("trump", "bad_card") in codes
    assert ("declarer", "unknown_player") in codes
    assert all(e["deal"] == 1 for e in caught.value.errors)
    assert Deal.objects.filter(match=ev.match).count() == 0
    assert Match.objects.get(pk=ev.match.pk).version == before


def test_a_retry_with_the_same_key_returns_the_first_bytes_and_makes_no_second_deal():
    ev = make_evening()
    version = Match.objects.get(pk=ev.match.pk).version
    first = submit(ev, DEAL_MADE, key="k-1", version=version)
    again = submit(ev, DEAL_MADE, key="k-1", version=version)
    assert again.replayed is True
    assert again.body == first.body
    assert again.status == 201
    assert Deal.objects.filter(match=ev.match).count() == 1


def test_the_same_key_with_another_body_is_refused():
    ev = make_evening()
    version = Match.objects.get(pk=ev.match.pk).version
    submit(ev, DEAL_MADE, key="k-1", version=version)
    with pytest.raises(services.IdempotencyMismatch):
        submit(ev, DEAL_BYTE, key="k-1", version=version)
    assert Deal.objects.filter(match=ev.match).count() == 1


def test_the_same_key_of_another_user_is_another_request():
    ev = make_evening()
    version = Match.objects.get(pk=ev.match.pk).version
    submit(ev, DEAL_MADE, key="k-1", version=version)
    with pytest.raises(services.StaleVersion):
        submit(ev, DEAL_MADE, key="k-1", version=version, user=ev.referee)


def test_a_stale_version_is_refused_with_the_current_match():
    ev = make_evening()
    version = Match.objects.get(pk=ev.match.pk).version
    submit(ev, DEAL_MADE, version=version)
    with pytest.raises(services.StaleVersion) as caught:
        submit(ev, DEAL_BYTE, version=version)
    current = json.loads(caught.value.body)
    assert current["version"] == version + 1
    assert len(current["deals"]) == 1
    assert Deal.objects.filter(match=ev.match).count() == 1


def test_a_correction_keeps_the_earlier_version_and_rescores_the_match():
    ev = make_evening()
    submit(ev, DEAL_MADE)
    submit(ev, DEAL_MADE)
    services.deal_correct(
        match=ev.match,
        number=1,
        record={
            "trump": "S",
            "declarer": "Boris",
            "points": {"Anna": 90, "Boris": 40},
            "last_trick": "Anna",
        },
        user=ev.referee,
        reason="wrong figures",
    )
    match = Match.objects.get(pk=ev.match.pk)
    # Deal 1 is now a byte of Boris: Anna records 100 + 40.
    assert match.result["deals"][0]["outcome"] == "byte"
    assert match.result["match"] == {"Anna": 140 + 40, "Boris": 100}
    history = list(Deal.history.filter(match_id=match.pk, number=1).order_by("history_date"))
    assert [h.record["declarer"] for h in history] == ["Boris", "Boris"]
    assert history[0].record == DEAL_MADE
    assert history[-1].history_user == ev.referee
    assert history[-1].history_change_reason == "wrong figures"
    assert history[0].history_user == ev.scorer


def test_a_correction_that_breaks_a_later_deal_is_refused():
    ev = make_evening()
    for _ in range(3):
        submit(ev, DEAL_MADE)
    # Making deal 1 a card byte of Anna gives Boris enough to end the match early? No: it
    # names a player who is not at the table, and deal 1 is reported.
    with pytest.raises(services.DealRejected) as caught:
        services.deal_correct(
            match=ev.match, number=1, record=DEAL_MADE | {"last_trick": "Zed"}, user=ev.scorer
        )
    assert caught.value.errors[0]["deal"] == 1
    assert Match.objects.get(pk=ev.match.pk).deals.get(number=1).record == DEAL_MADE


def test_the_match_finishes_itself_and_refuses_further_deals():
    ev = make_evening()
    for record in (DEAL_HANGING, DEAL_MADE, DEAL_BYTE, DEAL_VOID, DEAL_BIG):
        submit(ev, record)
    match = Match.objects.get(pk=ev.match.pk)
    assert match.status == Match.Status.FINISHED
    assert match.reason == "target"
    assert match.winner_seats == [1]
    assert match.finished_at is not None
    with pytest.raises(services.DealRejected) as caught:
        submit(ev, DEAL_MADE)
    assert caught.value.errors[0]["code"] == "match_finished"


def test_a_correction_can_reopen_a_finished_match():
    ev = make_evening()
    for record in (DEAL_HANGING, DEAL_MADE, DEAL_BYTE, DEAL_VOID, DEAL_BIG):
        submit(ev, record)
    services.deal_correct(match=ev.match, number=5, record=DEAL_MADE, user=ev.organiser)
    match = Match.objects.get(pk=ev.match.pk)
    assert match.status == Match.Status.OPEN
    assert match.finished_at is None
    assert match.winner_seats == []


def test_once_the_round_is_closed_only_its_organiser_corrects_with_a_reason():
    ev = make_evening()
    submit(ev, DEAL_MADE)
    Round.objects.filter(pk=ev.round.pk).update(status=Round.Status.CLOSED)
    with pytest.raises(PermissionDenied):
        submit(ev, DEAL_MADE)
    for user in (ev.scorer, ev.referee):
        with pytest.raises(PermissionDenied):
            services.deal_correct(
                match=ev.match, number=1, record=DEAL_BYTE, user=user, reason="typo"
            )
    services.deal_correct(
        match=ev.match, number=1, record=DEAL_BYTE, user=ev.organiser, reason="typo"
    )
    assert Match.objects.get(pk=ev.match.pk).deals.get(number=1).record == DEAL_BYTE


def test_a_scorer_of_another_table_cannot_write():
    ev = make_evening()
    with pytest.raises(PermissionDenied):
        submit(ev, DEAL_MADE, user=ev.other_scorer)


def test_the_stored_score_always_equals_a_fresh_rescoring():
    ev = make_evening()
    for record in (DEAL_HANGING, DEAL_MADE, DEAL_BYTE):
        submit(ev, record)
    services.deal_correct(match=ev.match, number=2, record=DEAL_BYTE, user=ev.scorer)
    match = Match.objects.get(pk=ev.match.pk)
    assert match.result == score_match(match_scoresheet(match))
    rescored = services.match_rescore(match=match)
    assert rescored.result == match.result


def test_the_scoresheet_names_the_dealers_and_scores_the_same():
    ev = make_evening()
    for record in (DEAL_HANGING, DEAL_MADE):
        submit(ev, record)
    sheet = match_scoresheet(Match.objects.get(pk=ev.match.pk))
    assert sheet["format"] == "deberc-scoresheet/1"
    assert sheet["players"] == ["Anna", "Boris"]
    assert sheet["first_dealer"] == "Anna"
    assert [d["dealer"] for d in sheet["deals"]] == ["Anna", "Boris"]


def test_withdrawing_the_last_deal_rescoring_and_keeping_it_in_history():
    ev = make_evening()
    submit(ev, DEAL_MADE)
    submit(ev, DEAL_BIG)
    services.deal_withdraw(match=ev.match, user=ev.scorer, reason="entered twice")
    match = Match.objects.get(pk=ev.match.pk)
    assert match.deals.count() == 1
    assert match.result["match"] == {"Anna": 40, "Boris": 100}
    deleted = Deal.history.filter(match_id=match.pk, number=2, history_type="-").get()
    assert deleted.history_change_reason == "entered twice"


class TestOpponentConfirmation:
    def test_a_pending_deal_does_not_count_until_a_seated_player_confirms(self):
        ev = make_evening(confirm_deals=True)
        body = json.loads(submit(ev, DEAL_MADE).body)
        assert body["match"] == {"Anna": 0, "Boris": 0}
        assert body["records"][0]["status"] == "pending"
        with pytest.raises(services.DealRejected) as caught:
            submit(ev, DEAL_BYTE)
        assert caught.value.errors[0]["code"] == "awaiting_confirmation"
        # The scorer who typed it cannot confirm it; Anna (seated) can.
        with pytest.raises(PermissionDenied):
            services.deal_confirm(match=ev.match, number=1, user=ev.scorer)
        services.deal_confirm(match=ev.match, number=1, user=ev.player)
        match = Match.objects.get(pk=ev.match.pk)
        assert match.result["match"] == {"Anna": 40, "Boris": 100}
        assert match.deals.get(number=1).confirmed_by == ev.player


@pytest.mark.django_db(transaction=True)
def test_two_simultaneous_requests_with_one_key_make_one_deal(require_postgres):
    """On PostgreSQL: both requests race; the match lock queues them and the second one
    answers with the first one's bytes."""
    import threading

    from django.db import connection

    ev = make_evening()
    version = Match.objects.get(pk=ev.match.pk).version
    barrier = threading.Barrier(4)
    results: list = []

    def worker() -> None:
        try:
            barrier.wait()
            results.append(submit(ev, DEAL_MADE, key="same", version=version))
        except Exception as exc:
            results.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=worker) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert all(isinstance(r, services.DealWrite) for r in results), results
    assert len({r.body for r in results}) == 1
    assert sum(not r.replayed for r in results) == 1
    assert Deal.objects.filter(match=ev.match).count() == 1


def test_old_idempotency_answers_are_purged_and_recent_ones_kept():
    from datetime import timedelta

    from django.utils import timezone

    from scoring.models import IdempotencyKey

    ev = make_evening()
    submit(ev, DEAL_MADE, key="old")
    submit(ev, DEAL_BYTE, key="new")
    IdempotencyKey.objects.filter(key="old").update(created_at=timezone.now() - timedelta(days=30))
    assert services.idempotency_keys_purge(older_than_days=14) == 1
    assert list(IdempotencyKey.objects.values_list("key", flat=True)) == ["new"]


def test_a_referees_ruling_adds_a_violation_through_a_correction():
    """What the referee desk does: the same deal with a `violation` becomes a card byte."""
    ev = make_evening()
    submit(ev, DEAL_MADE)
    ruled = {**DEAL_MADE, "violation": {"player": "Boris", "kind": "renonce"}}
    services.deal_correct(
        match=ev.match, number=1, record=ruled, user=ev.referee, reason="ruling: renonce"
    )
    match = Match.objects.get(pk=ev.match.pk)
    scored = match.result["deals"][0]
    assert scored["outcome"] == "card_byte"
    assert scored["recorded"]["Boris"] == 0 and scored["recorded"]["Anna"] >= 162
    assert match.deals.get(number=1).history.first().history_change_reason == "ruling: renonce"
