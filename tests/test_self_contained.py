"""The repository is self-contained: it installs, tests and explains itself from its own files.

Two checks:

- no file of the repository names a path outside it: no reference to the sibling folder of
  specs, samples and seed texts the project was started from, and no path built by walking up
  from a file (`Path(__file__).parents[N] / "..."` climbing out of the repository);
- a fresh clone, put in a temporary folder with nothing beside it, collects the whole suite
  without errors and passes the tests that read the project's own data files.

The clone is `git clone` of this repository with the working tree's uncommitted changes laid
over it (so that a change is checked before it is committed); in CI, on a clean clone, there
is nothing to lay over and it is a plain clone. Without git the repository's files are copied.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
THIS = Path(__file__).resolve().relative_to(ROOT).as_posix()

# Folders that are not the repository's own content (walked only when git is unavailable).
NOT_OURS = {
    ".git",
    ".venv",
    "venv",
    "node_modules",
    "__pycache__",
    ".hypothesis",
    ".pytest_cache",
    ".ruff_cache",
    "staticfiles",
    "media",
    "bench/out",
}

_SIBLING = "shared"  # the folder beside the repository that it must not need
FORBIDDEN = [
    # a relative path to the sibling folder
    (re.compile(r"\.\.[/\\]+" + _SIBLING + r"\b"), "a relative path out of the repository"),
    # a mention of one of its folders, absolute or relative
    (
        re.compile(r"\b" + _SIBLING + r"[/\\]+(spec|examples|seeds|hooks)\b"),
        "a path into the folder beside the repository",
    ),
    # /work/<sibling> and the like
    (re.compile(r"/work/" + _SIBLING + r"\b"), "an absolute path outside the repository"),
    # Path(...).parent(s[N]) / "shared" and os.path.join(..., "..", "shared")
    (
        re.compile(
            r"""(\.parent\b|\.parents\s*\[\s*\d+\s*\]|\))\s*/\s*["']""" + _SIBLING + "[\"'/]"
        ),
        "a path built to the folder beside the repository",
    ),
    (
        re.compile(r"""["']\.\.["']\s*,\s*["']""" + _SIBLING + "[\"'/]"),
        "a path joined to the folder beside the repository",
    ),
]
# Climbing out of the repository: from a file at depth d (tests/scoring/x.py has d = 2) the
# repository root is d + 1 steps up (`.parent` is one step, `.parents[N]` is N + 1 steps).
CLIMB = re.compile(r"Path\(__file__\)(?:\.resolve\(\))?((?:\.parents?\b(?:\s*\[\s*\d+\s*\])?)+)")
STEP = re.compile(r"\.parents\s*\[\s*(\d+)\s*\]|\.parent\b")


def _steps_up(chain: str) -> int:
    return sum(int(n) + 1 if n else 1 for n in STEP.findall(chain))


def _git(*args: str, cwd: Path = ROOT) -> str | None:
    """Output of a git command, or None when git or the repository is unavailable."""
    if shutil.which("git") is None:
        return None
    try:
        done = subprocess.run(
            ["git", *args], cwd=cwd, capture_output=True, text=True, timeout=60, check=True
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout


def _in_git() -> bool:
    top = _git("rev-parse", "--show-toplevel")
    return top is not None and Path(top.strip()).resolve() == ROOT


def repository_files() -> list[str]:
    """The repository's files, relative to its root: what git tracks plus new files not
    ignored (what the next commit would hold), or without git every file outside NOT_OURS."""
    if _in_git():
        listed = _git("ls-files", "-z", "--cached", "--others", "--exclude-standard")
        if listed is not None:
            return sorted({name for name in listed.split("\0") if name and (ROOT / name).is_file()})
    found = []
    for folder, dirs, files in os.walk(ROOT):
        here = Path(folder).relative_to(ROOT).as_posix()
        dirs[:] = [
            d
            for d in dirs
            if d not in NOT_OURS
            and (Path(here) / d).as_posix() not in NOT_OURS
            and not d.endswith(".egg-info")
        ]
        for name in files:
            if name.endswith((".pyc", ".sqlite3", ".log")) or name == ".env":
                continue
            found.append((Path(here) / name).as_posix().removeprefix("./"))
    return sorted(found)


def _text(name: str) -> str | None:
    try:
        data = (ROOT / name).read_bytes()
    except OSError:
        return None
    if b"\0" in data[:8192]:
        return None  # binary (images, fonts, compiled catalogues)
    return data.decode("utf-8", errors="replace")


def test_no_file_reaches_outside_the_repository():
    problems = []
    for name in repository_files():
        if name == THIS:
            continue  # this file spells the patterns out
        text = _text(name)
        if text is None:
            continue
        depth = name.count("/")
        for number, line in enumerate(text.splitlines(), 1):
            for pattern, what in FORBIDDEN:
                if pattern.search(line):
                    problems.append(f"{name}:{number}: {what}: {line.strip()}")
                    break
            for match in CLIMB.finditer(line):
                up = _steps_up(match.group(1))
                if up > depth + 1:
                    problems.append(
                        f"{name}:{number}: a path {up} folders up from a file {depth} deep, "
                        f"out of the repository: {line.strip()}"
                    )
    assert not problems, "the repository reaches outside itself:\n" + "\n".join(problems)


MARKDOWN_LINK = re.compile(r"\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")


def test_every_relative_link_in_the_docs_leads_to_a_file_of_the_repository():
    problems = []
    for name in repository_files():
        if not name.endswith(".md"):
            continue
        text = _text(name) or ""
        for number, line in enumerate(text.splitlines(), 1):
            for target in MARKDOWN_LINK.findall(line):
                if re.match(r"[a-z][a-z0-9+.-]*:", target) or target.startswith("#"):
                    continue  # a web address, mailto:, or an anchor in the same page
                path = target.split("#", 1)[0]
                resolved = ((ROOT / name).parent / path).resolve()
                if not resolved.is_relative_to(ROOT):
                    problems.append(f"{name}:{number}: {target} is outside the repository")
                elif not resolved.exists():
                    problems.append(f"{name}:{number}: {target} does not exist")
    assert not problems, "links that lead nowhere in the repository:\n" + "\n".join(problems)


def test_the_check_sees_the_repository():
    files = repository_files()
    assert "README.md" in files and "pyproject.toml" in files and THIS in files
    assert not any(name.startswith((".venv/", ".git/")) for name in files)


def _fresh_copy(target: Path) -> str:
    """Put the repository at `target` as a fresh clone would have it; returns how."""
    if _in_git() and _git("clone", "--quiet", "--no-hardlinks", str(ROOT), str(target)) is not None:
        # Lay the working tree's changes over the clone: changed and new files, deletions.
        changed = _git("ls-files", "-z", "--modified", "--others", "--exclude-standard") or ""
        for name in filter(None, changed.split("\0")):
            if (ROOT / name).is_file():
                destination = target / name
                destination.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(ROOT / name, destination)
        deleted = _git("ls-files", "-z", "--deleted") or ""
        for name in filter(None, deleted.split("\0")):
            (target / name).unlink(missing_ok=True)
        return "git clone"
    for name in repository_files():
        destination = target / name
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, destination)
    return "copy (git unavailable)"


def _run_in(clone: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("PYTEST_", "DJANGO_")) and key != "PYTHONPATH"
    }
    env["PYTHONPATH"] = str(clone)
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    return subprocess.run(
        [sys.executable, *args],
        cwd=clone,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.slow
def test_a_fresh_clone_alone_collects_and_reads_its_own_data(tmp_path):
    clone = tmp_path / "deberc-desk"
    how = _fresh_copy(clone)
    assert not (clone.parent / _SIBLING).exists()
    assert (clone / "pyproject.toml").is_file(), how

    # The clone's code is the one imported, not this working tree's (installed editable).
    where = _run_in(clone, "-c", "import scoring; print(scoring.__file__)")
    assert where.returncode == 0, where.stderr
    assert Path(where.stdout.strip()).resolve().is_relative_to(clone.resolve()), where.stdout

    collected = _run_in(clone, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider")
    report = f"({how})\n{collected.stdout[-3000:]}\n{collected.stderr[-3000:]}"
    assert collected.returncode == 0, report
    assert re.search(r"^\d+ tests? collected", collected.stdout, re.M), report
    assert "error" not in collected.stdout.splitlines()[-1].lower(), report

    # The tests that read the project's data files pass there (no database needed).
    data_tests = [
        "tests/games/deberc/engine/test_examples.py",
        "tests/games/deberc/engine/test_cli.py",
        "tests/games/deberc/engine/test_worked_scoresheets.py",
    ]
    ran = _run_in(clone, "-m", "pytest", "-q", "-p", "no:cacheprovider", *data_tests)
    assert ran.returncode == 0, f"({how})\n{ran.stdout[-3000:]}\n{ran.stderr[-3000:]}"
