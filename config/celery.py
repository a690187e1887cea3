"""The Celery application. With REDIS_URL set tasks go to a worker; without it they run eagerly."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("deberc_desk")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
