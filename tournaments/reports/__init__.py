"""Reports [отчёты] of a tournament, built in the background (Celery) as `ReportJob` files.

The renderers in this package are pure functions over plain data (`data.py`): the standings
as CSV, XLSX and PDF, the round report, the player statistics with inline SVG charts and the
tournament archive (every match as a scoresheet, zipped). `selectors.py` turns the ORM into
that plain data, `services.py` runs a job (progress, file, failure) and restores an archive,
`tournaments.reports.tasks` holds the thin Celery tasks. What differs by game (the standings'
columns,
the round report, the player statistics' figures) comes from the game's tournament parts
(`tournaments.games.<game>`, the typed `TournamentParts`), which the games registry names;
the statistics table is drawn once (`statistics.py`).
"""
