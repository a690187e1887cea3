from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        # The scoring app is below this one: it announces changed matches and asks who may do
        # what through what is given to it here, and never imports this app.
        from scoring import access, signals
        from tournaments.clubs import permissions
        from tournaments.events import hooks

        signals.match_changed.connect(
            hooks.match_changed_received, dispatch_uid="tournaments.match_changed"
        )
        signals.match_amended.connect(
            hooks.match_amended_received, dispatch_uid="tournaments.match_amended"
        )
        access.access_policy_set(permissions.match_access)
