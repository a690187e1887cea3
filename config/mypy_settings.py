"""The settings mypy's Django plugin loads (pyproject.toml, `[tool.django-stubs]`).

The plugin imports the settings to learn the installed apps and models. The settings refuse the
development SECRET_KEY when DEBUG is off, so this module type-checks as a development machine
does (`DEBUG=1`, as `make lint` and `make test` run); a DEBUG set in the environment wins.
"""

from __future__ import annotations

import os

os.environ.setdefault("DEBUG", "1")

from config.settings import *  # noqa: F403
