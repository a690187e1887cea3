"""`manage.py restore` of a backup holding a name longer than its field (issue 17, item 18):
SQLite does not enforce `max_length`, so a backup of a SQLite site may hold an 81-character
player name; restoring it put a name on the site that later broke its pages and reports (and
any move to PostgreSQL). The restore refuses it with a CommandError naming the field, the row
and the bound, and the database stays as it was."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from tests.factories import PlayerFactory, make_evening
from tournaments.clubs.models import Player

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_backup_with_an_over_long_name_is_refused_naming_the_field(tmp_path: Path) -> None:
    if connection.vendor != "sqlite":
        pytest.skip("only SQLite stores a name longer than its field (PostgreSQL refuses it)")
    make_evening()
    bound = Player._meta.get_field("display_name").max_length
    long_player = PlayerFactory(display_name="Олена")
    # As an older version of the site could leave it: SQLite keeps what it is given.
    Player.objects.filter(pk=long_player.pk).update(display_name="П" * (bound + 1))
    backup = tmp_path / "deberc.backup"
    call_command("backup", str(backup))

    # The site goes on; the long name was fixed meanwhile.
    Player.objects.filter(pk=long_player.pk).update(display_name="Олена Коваль")
    kept = PlayerFactory(display_name="Після резервної копії")

    with pytest.raises(CommandError) as refused:
        call_command("restore", str(backup), "--noinput")
    message = str(refused.value)
    assert "tournaments.Player.display_name" in message
    assert f"row {long_player.pk}" in message
    assert str(bound + 1) in message and f"at most {bound}" in message
    # Nothing was restored.
    assert Player.objects.filter(pk=kept.pk).exists()
    assert Player.objects.get(pk=long_player.pk).display_name == "Олена Коваль"
