"""An automatic card's facts (issue 35): its reason is worded from them in the reader's
language. The automatic cards given before get theirs read from their stored reason."""

from django.db import migrations, models


def facts_from_reasons(apps, schema_editor):
    from tournaments.discipline.reasons import loss_facts_parsed

    Card = apps.get_model("tournaments", "Card")
    cards = Card.objects.filter(automatic=True, facts={}).select_related("round", "match__table")
    for card in cards.iterator():
        facts = loss_facts_parsed(card)
        if facts:
            Card.objects.filter(pk=card.pk).update(facts=facts)


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0019_table_scorer_round")]

    operations = [
        migrations.AddField(
            model_name="card",
            name="facts",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.AddField(
            model_name="historicalcard",
            name="facts",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.RunPython(facts_from_reasons, migrations.RunPython.noop),
    ]
