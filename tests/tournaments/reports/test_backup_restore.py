"""`manage.py backup FILE` / `manage.py restore FILE`: a restored database scores the same.

On SQLite (the default) the SQLite copy is tested; with DATABASE_URL=postgres://… the same
tests run pg_dump -Fc / pg_restore (skipped with a reason when they are not installed)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from scoring import services
from scoring.models import Deal, Match
from tests.factories import DEAL_BIG, DEAL_BYTE, DEAL_HANGING, DEAL_MADE, make_evening

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _tools_present(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    if connection.vendor == "postgresql" and not (
        shutil.which("pg_dump") and shutil.which("pg_restore")
    ):
        pytest.skip("pg_dump/pg_restore not installed (apt-get install postgresql-client)")


def play_deals(client, match: Match) -> None:
    for n, deal in enumerate([DEAL_HANGING, DEAL_MADE, DEAL_BYTE, DEAL_BIG]):
        version = client.get(f"/api/v1/matches/{match.pk}/").json()["version"]
        response = client.post(
            f"/api/v1/matches/{match.pk}/deals/",
            data=json.dumps({**deal, "version": version}),
            content_type="application/json",
            HTTP_IDEMPOTENCY_KEY=f"backup-{n}",
        )
        assert response.status_code == 201, response.content


def snapshot(match_id: int) -> dict:
    match = Match.objects.get(pk=match_id)
    deals = list(Deal.objects.filter(match_id=match_id).order_by("pk").values())
    return {"result": match.result, "version": match.version, "deals": deals}


def test_a_restored_database_scores_the_same(client, tmp_path: Path):
    evening = make_evening()
    client.force_login(evening.scorer)
    play_deals(client, evening.match)
    before = snapshot(evening.match.pk)
    assert before["result"] and len(before["deals"]) == 4

    backup = tmp_path / "deberc.backup"
    call_command("backup", str(backup))
    assert backup.stat().st_size > 0

    # The evening goes wrong after the backup: deals lost, a score damaged, a new match.
    Deal.objects.filter(match=evening.match).delete()
    Match.objects.filter(pk=evening.match.pk).update(result={"damaged": True})
    make_evening()

    call_command("restore", str(backup), "--noinput")

    after = snapshot(evening.match.pk)
    assert after == before
    assert Match.objects.count() == 2
    # And a fresh rescoring of the restored deals gives the same result.
    rescored = services.match_rescore(match=Match.objects.get(pk=evening.match.pk))
    assert rescored.result == before["result"]
    # The restored site answers as before.
    client.force_login(evening.scorer)
    assert client.get(f"/api/v1/matches/{evening.match.pk}/").status_code == 200


def test_it_refuses_a_file_that_is_not_a_backup(tmp_path: Path):
    make_evening()
    bogus = tmp_path / "notes.txt"
    bogus.write_text("not a database")
    with pytest.raises(CommandError):
        call_command("restore", str(bogus), "--noinput")
    assert Match.objects.count() == 2  # untouched


def test_it_refuses_a_missing_file(tmp_path: Path):
    with pytest.raises(CommandError, match="no such file"):
        call_command("restore", str(tmp_path / "missing.backup"), "--noinput")


def test_it_asks_before_replacing_the_database(tmp_path: Path, monkeypatch):
    make_evening()
    backup = tmp_path / "deberc.backup"
    call_command("backup", str(backup))
    monkeypatch.setattr("builtins.input", lambda prompt: "no")
    with pytest.raises(CommandError, match="cancelled"):
        call_command("restore", str(backup))


def test_it_backs_up_postgres_with_pg_dump(client, tmp_path: Path, require_postgres):
    """On PostgreSQL the file is pg_dump's custom format (what pg_restore reads)."""
    make_evening()
    backup = tmp_path / "deberc.dump"
    call_command("backup", str(backup))
    assert backup.read_bytes()[:5] == b"PGDMP"
