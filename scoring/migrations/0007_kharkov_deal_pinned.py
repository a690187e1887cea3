"""Kharkov's deal of 10 cards (deberc-rules.md §2, `deal_after_trump`, issue 34): the kharkov
preset now deals 4 more cards after the trump with 2 or 3 players. Every Kharkov match of 2 or
3 players stored before the change was dealt 9 cards: pin `deal_after_trump: 3` on it, so
that an open match goes on dealing 9 (its next deal is not refused as `tricks_sum`) and a
finished one, if a deal of it is ever corrected or it is exported and imported again, scores
as it was played. The stored results are not touched: a finished match keeps the result it
was closed with. Matches that already name `deal_after_trump` keep their own value."""

from __future__ import annotations

from typing import Any

from django.db import migrations
from django.db.models import Count


def _kharkov_two_or_three(apps: Any) -> Any:
    Match = apps.get_model("scoring", "Match")
    return (
        Match.objects.filter(game="deberc", ruleset="kharkov")
        .annotate(players=Count("seats"))
        .filter(players__in=(2, 3))
    )


def pin_nine_cards(apps: Any, schema_editor: Any) -> None:
    Match = apps.get_model("scoring", "Match")
    for match in _kharkov_two_or_three(apps).only("pk", "conventions"):
        conventions = match.conventions if isinstance(match.conventions, dict) else {}
        if "deal_after_trump" in conventions:
            continue
        Match.objects.filter(pk=match.pk).update(conventions={**conventions, "deal_after_trump": 3})


def unpin(apps: Any, schema_editor: Any) -> None:
    """Back to the code that deals 9 and knows no `deal_after_trump`: the pin goes."""
    Match = apps.get_model("scoring", "Match")
    for match in _kharkov_two_or_three(apps).only("pk", "conventions"):
        conventions = match.conventions if isinstance(match.conventions, dict) else {}
        if conventions.get("deal_after_trump") == 3:
            kept = {k: v for k, v in conventions.items() if k != "deal_after_trump"}
            Match.objects.filter(pk=match.pk).update(conventions=kept)


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0006_deal_scorer_name"),
    ]

    operations = [
        migrations.RunPython(pin_nine_cards, unpin, elidable=False),
    ]
