from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScoringConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "scoring"
    verbose_name = _("Scoring")

    def ready(self) -> None:
        # API tokens die with a lockout, a deactivation or a new password.
        from scoring import tokens

        tokens.signals_connect()
        # Celery's registry holds this app's tasks in every process, the web's too (a task is
        # queued by its name: config.jobs).
        from scoring import tasks  # noqa: F401
