from django.apps import AppConfig
from django.db.models.signals import post_migrate
from django.utils.translation import gettext_lazy as _


class RefereeConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "referee"
    verbose_name = _("Referee")

    def ready(self) -> None:
        # The rulebook lives in code; every `migrate` (and test database set-up, and flush)
        # copies it into the searchable Article table, so a fresh database has it at once.
        post_migrate.connect(_sync_rulebook, sender=self, dispatch_uid="referee_rulebook_sync")
        # The tournament pages name a card's cited article by its title, through this lookup
        # (tournaments sits below this app and never imports it).
        from tournaments.discipline.citations import article_titles_provide

        from .selectors import article_titles

        article_titles_provide(article_titles)
        # A table's scorer page (the scoring app's) offers the referee "Rule on this deal"
        # and "Give a card" through this provider (scoring never imports this app).
        from scoring.table_links import table_links_provide

        from . import at_table

        table_links_provide("referee", at_table.table_links)
        # A web worker builds the rule search's index when it starts, not during the first
        # referee's search (config/warmup.py; gunicorn's workers only).
        from config.warmup import warm_up_register

        from .selectors import search_warm

        warm_up_register("rulebook search", search_warm)


def _sync_rulebook(sender: AppConfig, using: str = "default", **kwargs: object) -> None:
    from django.db import connections

    from .models import Article
    from .services import rulebook_sync

    # `migrate referee zero` also ends with post_migrate: no table, nothing to fill.
    if Article._meta.db_table not in connections[using].introspection.table_names():
        return
    rulebook_sync(using=using)
