"""The merge tool (issue 33): two records of one person, entered by two clubs under one
name, become one only when the organisers of both clubs agree, after a preview; everything
of the record merged moves to the person, its old page leads to theirs, the merge is kept."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.factories import PlayerFactory, UserFactory, make_club_organiser, signed_in
from tournaments.clubs.models import Player
from tournaments.people.models import ClubPlayer, PlayerMerge
from tournaments.standings.models import MatchTally, Rating
from tournaments.standings.ratings import ratings_recompute

from .helpers import errors, finished_match, two_clubs

pytestmark = pytest.mark.django_db


def merge(user, club, source, target, preview=False, language="en"):  # type: ignore[no-untyped-def]
    return signed_in(user, language).post(
        f"/api/v1/clubs/{club.pk}/merges/",
        {"source": source.pk, "target": target.pk, "preview": preview},
        "application/json",
    )


@pytest.fixture
def twins():  # type: ignore[no-untyped-def]
    """ "Іван Петренко" entered by each club, each with a finished match (a Deberc one in
    A, a Preferans one in B), rated."""
    c = two_clubs()
    ivan_a = PlayerFactory(club=c.a, display_name="Іван Петренко")
    ivan_b = PlayerFactory(club=c.b, display_name="Іван Петренко")
    taras = PlayerFactory(club=c.a, display_name="Тарас")
    vera, boris = (PlayerFactory(club=c.b, display_name=n) for n in ("Вера", "Борис"))
    c.deberc = finished_match(c.ta, [ivan_a, taras], ivan_a, minutes_ago=30)
    c.preferans = finished_match(c.tb, [ivan_b, vera, boris], vera, minutes_ago=20)
    ratings_recompute()
    c.ivan_a, c.ivan_b = ivan_a, ivan_b
    return c


def test_the_roster_shows_the_same_name_elsewhere_and_the_preview_what_would_happen(twins):
    c = twins
    page = signed_in(c.ob).get(f"/clubs/{c.b.pk}/players/").content.decode()
    assert "the same person? Merge" in page
    preview = merge(c.ob, c.b, c.ivan_b, c.ivan_a, preview=True)
    assert preview.status_code == 200, preview.content
    body = preview.json()
    assert body["possible"] is True
    assert body["source"]["tournaments"] == ["Вечер пули"]
    assert body["target"]["tournaments"] == ["Кубок валета"]
    assert set(body["source"]["ratings"]) == {"preferans"}
    assert set(body["target"]["ratings"]) == {"deberc"}
    assert sorted(body["clubs_after"]) == sorted(["Козирний валет", "Пуля"])
    # The preview changed nothing.
    assert Player.objects.filter(pk=c.ivan_b.pk).exists() and not PlayerMerge.objects.exists()
    html = (
        signed_in(c.ob)
        .get(f"/clubs/{c.b.pk}/players/{c.ivan_b.pk}/merge/?into={c.ivan_a.pk}")
        .content.decode()
    )
    assert 'data-testid="merge-preview"' in html and "Кубок валета" in html


def test_a_merge_waits_for_the_other_club_then_makes_one_person(
    twins, django_capture_on_commit_callbacks
):
    c = twins
    proposed = merge(c.ob, c.b, c.ivan_b, c.ivan_a)
    assert proposed.status_code == 201, proposed.content
    assert proposed.json()["state"] == "proposed"
    assert Player.objects.filter(pk=c.ivan_b.pk).exists()  # nothing moved yet
    merge_id = proposed.json()["id"]
    # B's organiser cannot confirm their own proposal for A's person.
    refused = signed_in(c.ob).post(
        f"/api/v1/merges/{merge_id}/", {"accept": True}, "application/json"
    )
    assert refused.status_code == 403
    # A's organiser sees it waiting and confirms.
    assert "Іван Петренко" in signed_in(c.oa).get("/people/waiting/").content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        done = signed_in(c.oa).post(
            f"/api/v1/merges/{merge_id}/", {"accept": True}, "application/json"
        )
    assert done.status_code == 200, done.content
    assert done.json()["state"] == "done"
    assert done.json()["moved"]["entry"] == 1 and done.json()["moved"]["seat"] == 1
    ivan = Player.objects.get(pk=c.ivan_a.pk)
    assert not Player.objects.filter(pk=c.ivan_b.pk).exists()
    # One person on both rolls, with both tournaments, one rating per game.
    assert ClubPlayer.objects.filter(club=c.b, player=ivan, via="merge").exists()
    assert set(ivan.entries.values_list("tournament__name", flat=True)) == {
        "Кубок валета",
        "Вечер пули",
    }
    assert sorted(Rating.objects.filter(player=ivan).values_list("game", flat=True)) == [
        "deberc",
        "preferans",
    ]
    # The Preferans match's tally names him by his one id now.
    assert ivan.pk in MatchTally.objects.get(match=c.preferans).data["players"]
    # The merged record's page leads to the person's, which lists both clubs' tournaments.
    old = Client().get(f"/players/{c.ivan_b.pk}/")
    assert old.status_code == 301 and old["Location"].endswith(f"/players/{ivan.pk}/")
    page = Client().get(f"/players/{ivan.pk}/").content.decode()
    assert "Кубок валета" in page and "Вечер пули" in page
    # Both clubs' tournaments are listed, and both clubs named.
    tournaments = page.split('data-testid="player-tournaments"')[1].split("</section>")[0]
    assert "Кубок валета" in tournaments and "Вечер пули" in tournaments
    assert "Козирний валет, Пуля" in page
    # The history is kept.
    kept = PlayerMerge.objects.get()
    assert (kept.source_name, kept.source_club, kept.answered_by) == (
        "Іван Петренко",
        c.b,
        c.oa,
    )


def test_an_organiser_of_both_clubs_merges_at_once(twins):
    c = twins
    both = make_club_organiser(UserFactory(username="both"), c.a, c.b)
    answer = merge(both, c.b, c.ivan_b, c.ivan_a)
    assert answer.status_code == 201 and answer.json()["state"] == "done"


@pytest.mark.parametrize("language", ["ru", "uk", "en"])
def test_two_people_are_never_merged(twins, language):
    c = twins
    # Both played in one tournament: two people.
    other = PlayerFactory(club=c.b, display_name="Іван Петренко (2)")
    finished_match(c.tb, [other, c.ivan_b, PlayerFactory(club=c.b)], other)
    answer = merge(c.ob, c.b, other, c.ivan_b, language=language)
    assert answer.status_code == 400 and ("target", "same_tournament") in errors(answer)
    assert "Вечер пули" in answer.json()["errors"][0]["message"]
    # Both with an account: an account is never merged.
    c.ivan_a.user = UserFactory(username="ivan_a")
    c.ivan_a.save()
    c.ivan_b.user = UserFactory(username="ivan_b")
    c.ivan_b.save()
    answer = merge(c.ob, c.b, c.ivan_b, c.ivan_a, language=language)
    assert ("target", "two_accounts") in errors(answer)
    # A record of another club is not B's to merge away.
    answer = merge(c.ob, c.b, c.ivan_a, c.ivan_b, language=language)
    assert answer.status_code in (400, 403)
    assert Player.objects.filter(pk__in=[c.ivan_a.pk, c.ivan_b.pk]).count() == 2


def test_the_account_of_the_merged_record_goes_to_the_person(twins):
    c = twins
    person = UserFactory(username="ivan")
    c.ivan_b.user = person
    c.ivan_b.save()
    both = make_club_organiser(UserFactory(username="both"), c.a, c.b)
    assert merge(both, c.b, c.ivan_b, c.ivan_a).json()["state"] == "done"
    assert Player.objects.get(pk=c.ivan_a.pk).user == person


def test_a_record_of_another_spelling_is_renamed_in_its_tables_deals(twins):
    """B typed «Иван Петренко» (Russian И): merged into A's «Іван Петренко», B's tables name
    him by the person's name, so a correction rescoring the match still finds him."""
    from scoring import services as scoring_services
    from scoring.models import Deal
    from tests.factories import DEAL_MADE, make_match
    from tests.factories import TableFactory as Tables

    c = twins
    ivan_ru = PlayerFactory(club=c.b, display_name="Иван Петренко")
    boris = PlayerFactory(club=c.b, display_name="Boris")
    deberc_b = type(c.tb).objects.create(club=c.b, name="Деберц у Пулі", published=True)
    deberc_b.organisers.add(c.ob)
    table = Tables(round__tournament=deberc_b)
    match = make_match(players=[ivan_ru, boris], table=table)
    record = {**DEAL_MADE, "points": {"Иван Петренко": 40, "Boris": 90}}
    scoring_services.deal_submit(
        match=match, record=record, user=c.ob, idempotency_key=None, version=None
    )
    both = make_club_organiser(UserFactory(username="both"), c.a, c.b)
    done = merge(both, c.b, ivan_ru, c.ivan_a)
    assert done.status_code == 201 and done.json()["state"] == "done", done.content
    assert done.json()["moved"]["deals_renamed"] == 1
    deal = Deal.objects.get(match=match)
    assert set(deal.record["points"]) == {"Іван Петренко", "Boris"}
    match.refresh_from_db()
    assert "Иван Петренко" not in str(match.result)
    # The match still scores with its seats' names.
    rescored = scoring_services.match_rescore(match=match)
    assert rescored.result["players"] == ["Іван Петренко", "Boris"]


def test_a_table_that_would_seat_two_people_of_one_name_is_refused(twins):
    c = twins
    ivan_ru = PlayerFactory(club=c.b, display_name="Иван Петренко")
    # B's «Иван» played against a third club's «Іван Петренко» (another person).
    from tests.factories import ClubFactory

    other = PlayerFactory(club=ClubFactory(), display_name="Іван Петренко")
    finished_match(c.tb, [ivan_ru, other, PlayerFactory(club=c.b)], other)
    both = make_club_organiser(UserFactory(username="both"), c.a, c.b)
    refused = merge(both, c.b, ivan_ru, c.ivan_a, language="uk")
    assert refused.status_code == 400
    assert ("target", "name_clash") in errors(refused)
