from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        # The scoring app is below this one: it announces changed matches and asks who may do
        # what through what is given to it here, and never imports this app.
        from scoring import access
        from scoring import signals as scoring_signals
        from tournaments.clubs import permissions
        from tournaments.events import hooks, signals
        from tournaments.live import cache as _live_cache  # noqa: F401 (its receivers)
        from tournaments.standings import hooks as standings_hooks

        scoring_signals.match_changed.connect(
            standings_hooks.match_changed_received, dispatch_uid="tournaments.match_changed"
        )
        scoring_signals.match_amended.connect(
            hooks.match_amended_received, dispatch_uid="tournaments.match_amended"
        )
        signals.tournament_changed.connect(
            standings_hooks.tournament_changed_received, dispatch_uid="tournaments.recompute"
        )
        signals.standings_stale.connect(
            standings_hooks.standings_stale_received, dispatch_uid="tournaments.refresh"
        )
        access.access_policy_set(permissions.match_access)
        # Celery's registry holds the domains' tasks in the web process too: the services
        # queue them by name (config.jobs), never importing the task modules.
        from tournaments.reports import tasks as _report_tasks  # noqa: F401
        from tournaments.standings import tasks as _standings_tasks  # noqa: F401
