"""What the evening's services announce [сигналы турнира], for the parts above them to act on.

The settings, entries and rounds of a tournament live below its standings: the standings'
calculation reads them. So these services do not call the standings; they send a signal,
and `tournaments.standings.hooks` (connected in `TournamentsConfig.ready`) answers it.
"""

from __future__ import annotations

from django.dispatch import Signal

# How the standings count (match scoring, tiebreaks, conventions such as the target) or who
# is entered changed: recompute now, inside the sender's transaction. Keyword: `tournament`.
tournament_changed = Signal()

# A round opened or closed, or a table's result changed outside a deal: refresh after the
# commit, one refresh shared with whatever else finishes meanwhile. Keyword: `tournament_id`.
standings_stale = Signal()
