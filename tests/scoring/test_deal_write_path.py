"""The deal write path: a new deal is read without a lock and written only if the match still
has the version read (scoring.fastsql). A write overtaken in between writes nothing and is
judged again."""

from __future__ import annotations

import json
import threading

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring import fastsql, services
from scoring.models import Deal, IdempotencyKey, Match
from tests.factories import DEAL_BYTE, DEAL_HANGING, DEAL_MADE, make_evening

pytestmark = pytest.mark.django_db


def version_of(ev) -> int:
    return Match.objects.get(pk=ev.match.pk).version


def submit(ev, record, *, version, key=None):
    return services.deal_submit(
        match=Match.objects.get(pk=ev.match.pk),
        record=record,
        user=ev.scorer,
        idempotency_key=key,
        version=version,
    )


def overtake_once(monkeypatch, ev, record):
    """After the next snapshot read, another write (`record`, by the referee) gets in first."""
    real = fastsql.match_snapshot
    state = {"done": False}

    def snapshot_then_overtaken(*args, **kwargs):
        read = real(*args, **kwargs)
        if not state["done"]:
            state["done"] = True
            services.deal_submit(
                match=Match.objects.get(pk=ev.match.pk),
                record=record,
                user=ev.referee,
                idempotency_key=None,
                version=None,
            )
        return read

    monkeypatch.setattr(fastsql, "match_snapshot", snapshot_then_overtaken)


def test_an_overtaken_deal_with_the_version_seen_is_refused_as_stale(monkeypatch):
    ev = make_evening()
    seen = version_of(ev)
    overtake_once(monkeypatch, ev, DEAL_HANGING)
    with pytest.raises(services.StaleVersion) as caught:
        submit(ev, DEAL_MADE, version=seen, key="k1")
    # The answer carries the match as it is now: the overtaking deal, not this one.
    current = json.loads(caught.value.body)
    assert current["version"] == seen + 1
    assert [r["record"]["declarer"] for r in current["records"]] == ["Anna"]
    assert current["records"][0]["record"]["points"] == DEAL_HANGING["points"]
    assert Deal.objects.filter(match=ev.match).count() == 1
    assert not IdempotencyKey.objects.filter(key="k1").exists()


def test_an_overtaken_deal_without_a_version_is_judged_again_and_goes_after_it(monkeypatch):
    ev = make_evening()
    seen = version_of(ev)
    overtake_once(monkeypatch, ev, DEAL_HANGING)
    written = services.deal_submit(
        match=ev.match, record=DEAL_MADE, user=ev.scorer, idempotency_key=None, version=None
    )
    assert written.deal.number == 2
    match = Match.objects.get(pk=ev.match.pk)
    assert match.version == seen + 2
    # Judged again with the hanging deal before it: the pool went to the made deal.
    assert match.result["match"] == {"Anna": 40, "Boris": 252}
    assert list(match.deals.values_list("number", flat=True)) == [1, 2]


def test_the_snapshot_reads_the_match_its_deals_and_the_kept_answer_at_once():
    ev = make_evening()
    seen = version_of(ev)
    first = submit(ev, DEAL_HANGING, version=seen, key="k1")
    submit(ev, DEAL_MADE, version=seen + 1)
    with CaptureQueriesContext(connection) as queries:
        snapshot = fastsql.match_snapshot(ev.match.pk, ev.scorer.pk, "k1")
    assert len(queries) == 1
    assert snapshot is not None
    assert snapshot.match.version == seen + 2
    assert snapshot.match.table.scorer_id == ev.scorer.pk
    assert snapshot.match.round.number == 1
    assert [(n, status) for n, _record, status in snapshot.rows] == [(1, "counted"), (2, "counted")]
    assert snapshot.rows[0][1]["points"] == DEAL_HANGING["points"]
    assert snapshot.stored is not None and snapshot.stored[1:] == (201, first.body)
    # Another user's key is not this user's answer.
    assert fastsql.match_snapshot(ev.match.pk, ev.referee.pk, "k1").stored is None


def test_on_postgresql_a_deal_in_play_is_read_by_one_statement_and_written_by_one(
    require_postgres,
):
    ev = make_evening()
    seen = version_of(ev)
    submit(ev, DEAL_MADE, version=seen)
    match = Match.objects.get(pk=ev.match.pk)
    with CaptureQueriesContext(connection) as queries:
        services.deal_submit(
            match=match, record=DEAL_BYTE, user=ev.scorer, idempotency_key="k2", version=seen + 1
        )
    # (The test runs inside a transaction: the write gets a savepoint of its own.)
    statements = [q["sql"] for q in queries if "SAVEPOINT" not in q["sql"]]
    assert [s.split()[0] for s in statements] == ["SELECT", "WITH"]
    assert "scoring_idempotencykey" in statements[0] and "scoring_deal" in statements[0]
    assert "INSERT INTO" in statements[1] and "scoring_historicaldeal" in statements[1]


@pytest.mark.django_db(transaction=True)
def test_the_write_path_works_after_a_reconnection(require_postgres):
    """(psycopg prepares the statements per connection: a new connection prepares anew.)"""
    ev = make_evening()
    seen = version_of(ev)
    submit(ev, DEAL_HANGING, version=seen)
    connection.close()
    written = submit(ev, DEAL_MADE, version=seen + 1, key="again")
    assert json.loads(written.body)["version"] == seen + 2
    connection.close()


@pytest.mark.django_db(transaction=True)
def test_different_deals_racing_on_one_version_make_one_deal_and_the_rest_stale(
    require_postgres,
):
    """Two phones at one table send different deals on the version they both saw: one is
    stored, the others get 409 with the match that includes it."""
    ev = make_evening()
    seen = version_of(ev)
    barrier = threading.Barrier(4)
    results: list = []
    records = [DEAL_MADE, DEAL_BYTE, DEAL_HANGING, DEAL_MADE]

    def worker(index: int) -> None:
        try:
            barrier.wait()
            results.append(submit(ev, records[index], version=seen, key=f"phone{index}"))
        except Exception as exc:
            results.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    written = [r for r in results if isinstance(r, services.DealWrite)]
    stale = [r for r in results if isinstance(r, services.StaleVersion)]
    assert len(written) == 1 and len(stale) == 3, results
    assert Deal.objects.filter(match=ev.match).count() == 1
    assert IdempotencyKey.objects.filter(match=ev.match).count() == 1
    for refusal in stale:
        assert json.loads(refusal.body)["version"] == seen + 1
