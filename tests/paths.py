"""Where things are, for tests that read files of the checkout: one place, so that a test
moved to another folder reads the same files (and none climbs out of the repository)."""

from pathlib import Path

# The repository's root (this file is tests/paths.py).
REPO = Path(__file__).resolve().parents[1]
TESTS = REPO / "tests"
DATA = TESTS / "data"
EXAMPLES = DATA / "examples"
