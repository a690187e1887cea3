"""Names sorted as their readers sort them (issue 35, item 17): "Євген" came before
"Алексей" in lists and drop-downs (code point order)."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from config.collation import collation_key, sorted_by_name
from tests.factories import EntryFactory, PlayerFactory, TournamentFactory, UserFactory


def test_russian_and_ukrainian_letters_in_their_alphabets_order() -> None:
    names = ["Їжак", "Євген", "Ігор", "Йосип", "Алексей", "Иван", "Ґалина", "Галина", "Елена"]
    assert sorted_by_name(names) == [
        "Алексей",
        "Галина",
        "Ґалина",
        "Елена",
        "Євген",
        "Иван",
        "Ігор",
        "Їжак",
        "Йосип",
    ]


def test_yo_counts_as_ye_and_case_comes_second() -> None:
    assert sorted_by_name(["Елена", "Ёжик", "ёлка", "Ёлка"])[:1] == ["Ёжик"]
    assert collation_key("анна") < collation_key("Борис") < collation_key("вера")


def test_a_list_sorted_again_keeps_the_same_order_as_the_keys_give() -> None:
    """The keys kept between requests sort as the collation's own keys do, a name that is
    another's beginning first, whatever the case or the alphabet."""
    names = ["Ян", "Яна", "ян", "Ёлка", "Елена", "Ї", "І", "Zoe", "zoe", "Zoë", "", "Анна 10"]
    names += ["Анна 2", "Анна", "Ґ", "Г", "Олег Бондар", "Олег Бондаренко", "Олег"]
    by_keys = sorted(names, key=collation_key)
    assert sorted_by_name(names) == by_keys
    assert sorted_by_name(reversed(names)) == sorted(reversed(names), key=collation_key)
    assert sorted_by_name(names) == by_keys  # the second time, from the kept keys


@pytest.mark.django_db
def test_the_reports_page_offers_the_players_in_that_order() -> None:
    tournament = TournamentFactory()
    for name in ("Євген Коваль", "Ігор Бондар", "Алексей Смирнов"):
        EntryFactory(
            tournament=tournament, player=PlayerFactory(club=tournament.club, display_name=name)
        )
    organiser = UserFactory()
    tournament.organisers.add(organiser)
    client = Client()
    client.force_login(organiser)
    page = client.get(f"/tournaments/{tournament.pk}/reports/").content.decode()
    shown = [n for n in re.findall(r"<option[^>]*>([^<]+)</option>", page) if " " in n]
    order = [n for n in shown if n in ("Євген Коваль", "Ігор Бондар", "Алексей Смирнов")]
    assert order == ["Алексей Смирнов", "Євген Коваль", "Ігор Бондар"]
