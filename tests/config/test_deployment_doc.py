"""docs/deployment.md documents exactly the environment variables the code reads."""

from __future__ import annotations

import re

from tests.paths import REPO

ROOT = REPO
DOC = ROOT / "docs" / "deployment.md"


def variables_read_by_the_code() -> set[str]:
    settings = (ROOT / "config" / "settings.py").read_text()
    names = set(re.findall(r'\benv(?:\.\w+)?\(\s*"([A-Z][A-Z0-9_]+)"', settings))
    declared = re.search(r"environ\.Env\((.*?)\n\)", settings, re.S)
    assert declared
    names |= set(re.findall(r"^\s+([A-Z][A-Z0-9_]+)=", declared.group(1), re.M))
    for path in (
        ROOT / "config" / "gunicorn.py",
        ROOT / "tournaments" / "management" / "commands" / "runserver_with_worker.py",
    ):
        names |= set(re.findall(r'os\.environ\.get\(\s*"([A-Z][A-Z0-9_]+)"', path.read_text()))
    return names


def variables_in_the_doc() -> set[str]:
    return set(re.findall(r"^\| `([A-Z][A-Z0-9_]+)` \|", DOC.read_text(), re.M))


def test_it_documents_every_environment_variable_and_no_other():
    in_code = variables_read_by_the_code()
    in_doc = variables_in_the_doc()
    assert in_code - in_doc == set(), "read by the code but not in docs/deployment.md"
    assert in_doc - in_code == set(), "in docs/deployment.md but read by nothing"
