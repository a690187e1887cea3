"""Replay every player's rating from scratch over all finished tournament matches.

python manage.py recompute_ratings
"""

from __future__ import annotations

import time
from typing import Any

from django.core.management.base import BaseCommand

from tournaments.standings.ratings import ratings_recompute


class Command(BaseCommand):
    help = "Recompute all openskill ratings from scratch, in the order the matches finished."

    def handle(self, *args: Any, **options: Any) -> None:
        started = time.perf_counter()
        rated = ratings_recompute()
        self.stdout.write(f"rated {rated} matches in {time.perf_counter() - started:.1f} s")
