"""Ratings per game (issue 18): a player has a rating in each game they play.

`Rating` is keyed by (player, game) instead of by player, `RatingEvent` names its game. The
data step puts every event in the game of its match's tournament; a player whose events are
all of one game keeps their rating, in that game. A player who played both games had one
rating mixing them: then every rating is replayed from the finished matches, game by game
(as `tournaments.ratings.ratings_recompute` does), so that no rating mixes two games.
"""

import django.db.models.deletion
from django.db import migrations, models

import scoring.games


def _replay_per_game(apps):
    from django.utils import timezone

    from tournaments.standings.ratings import ordinal, rate_sides

    MatchTally = apps.get_model("tournaments", "MatchTally")
    Rating = apps.get_model("tournaments", "Rating")
    RatingEvent = apps.get_model("tournaments", "RatingEvent")
    current, played, events, now = {}, {}, [], timezone.now()
    for match_id, data, finished_at, game in MatchTally.objects.order_by(
        "match__finished_at", "match_id"
    ).values_list("match_id", "data", "match__finished_at", "tournament__game"):
        in_game = {p: current[(game, p)] for p in data["players"] if (game, p) in current}
        for player, (mu, sigma) in rate_sides(in_game, data).items():
            current[(game, player)] = (mu, sigma)
            played[(game, player)] = played.get((game, player), 0) + 1
            events.append(
                RatingEvent(
                    player_id=player,
                    match_id=match_id,
                    game=game,
                    mu=mu,
                    sigma=sigma,
                    ordinal=ordinal(mu, sigma),
                    rated_at=finished_at or now,
                )
            )
    RatingEvent.objects.all().delete()
    Rating.objects.all().delete()
    Rating.objects.bulk_create(
        [
            Rating(
                player_id=p,
                game=game,
                mu=mu,
                sigma=sigma,
                ordinal=ordinal(mu, sigma),
                matches=played[(game, p)],
            )
            for (game, p), (mu, sigma) in current.items()
        ],
        batch_size=1000,
    )
    RatingEvent.objects.bulk_create(events, batch_size=2000)


def ratings_into_games(apps, schema_editor):
    Rating = apps.get_model("tournaments", "Rating")
    RatingEvent = apps.get_model("tournaments", "RatingEvent")
    Match = apps.get_model("scoring", "Match")
    for game in Match.objects.order_by().values_list("tournament__game", flat=True).distinct():
        if game:
            RatingEvent.objects.filter(match__tournament__game=game).update(game=game)
    games_of: dict[int, set[str]] = {}
    for player, game in RatingEvent.objects.values_list("player_id", "game").distinct():
        games_of.setdefault(player, set()).add(game)
    if any(len(played) > 1 for played in games_of.values()):
        _replay_per_game(apps)
        return
    for player, played in games_of.items():
        Rating.objects.filter(player_id=player).update(game=next(iter(played)))


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0005_api_token_use"),
        ("tournaments", "0007_lockout_lifts_scorer_assigned"),
    ]

    operations = [
        migrations.AddField(
            model_name="rating",
            name="game",
            field=models.CharField(
                choices=scoring.games.game_choices,
                default="deberc",
                max_length=16,
                verbose_name="game",
            ),
        ),
        migrations.AddField(
            model_name="ratingevent",
            name="game",
            field=models.CharField(
                choices=scoring.games.game_choices,
                default="deberc",
                max_length=16,
                verbose_name="game",
            ),
        ),
        migrations.AlterField(
            model_name="rating",
            name="player",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="ratings",
                to="tournaments.player",
            ),
        ),
        migrations.AddConstraint(
            model_name="rating",
            constraint=models.UniqueConstraint(
                fields=("player", "game"), name="rating_unique_per_game"
            ),
        ),
        migrations.AddIndex(
            model_name="rating",
            index=models.Index(fields=["game", "-ordinal"], name="rating_game_ordinal"),
        ),
        migrations.RunPython(ratings_into_games, migrations.RunPython.noop),
    ]
