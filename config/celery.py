"""The Celery application. With REDIS_URL set tasks go to a worker; without it they run eagerly."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("deberc_desk")
app.config_from_object("django.conf:settings", namespace="CELERY")
# Each app's `tasks` module, and those of the tournaments app's domains (its packages are not
# apps of their own, so Celery would not look in them).
app.autodiscover_tasks()
app.autodiscover_tasks(["tournaments.standings", "tournaments.reports"])
