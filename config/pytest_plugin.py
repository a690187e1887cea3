"""The test run's environment, set before pytest-django reads the settings.

Loaded by pytest itself (`-p config.pytest_plugin` in pyproject.toml's addopts), while it
parses its arguments: earlier than any conftest.py, which pytest-django's settings loading
comes before. The suite runs as a development machine does (`DEBUG=1`, as `make test` and
`make run` set it), so that the development SECRET_KEY is accepted; pytest-django still runs
every test with `settings.DEBUG = False`. A DEBUG set in the environment wins.
"""

from __future__ import annotations

import os

os.environ.setdefault("DEBUG", "1")
