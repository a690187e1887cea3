"""The house's layers: engines are pure, the scoring app never reaches up into tournaments,
and the apps reach the games only through the registry."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ENGINES = [ROOT / "scoring" / "engine", ROOT / "scoring" / "preferans"]
FRAMEWORKS = ("django", "rest_framework", "celery", "scoring.models", "tournaments", "referee")


def _imports(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module))
    return found


def _python_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*.py") if "migrations" not in p.parts)


@pytest.mark.parametrize("engine", ENGINES, ids=lambda p: p.name)
def test_an_engine_imports_no_framework(engine: Path) -> None:
    assert engine.is_dir(), f"{engine} is missing"
    offenders = [
        f"{path.relative_to(ROOT)}:{line} imports {name}"
        for path in _python_files(engine)
        for line, name in _imports(path)
        if name.split(".")[0] in {f.split(".")[0] for f in FRAMEWORKS if "." not in f}
        or name in FRAMEWORKS
    ]
    assert offenders == []


def test_scoring_never_imports_tournaments() -> None:
    """A lower app never imports a higher one: scoring announces changes (a signal) and asks
    who may do what through the function tournaments gives it at start-up."""
    offenders = [
        f"{path.relative_to(ROOT)}:{line} imports {name}"
        for path in _python_files(ROOT / "scoring")
        for line, name in _imports(path)
        if name == "tournaments" or name.startswith("tournaments.")
    ]
    assert offenders == []


def test_the_tournament_side_listens_and_gives_its_policy() -> None:
    from scoring import access, signals
    from tournaments import hooks, permissions

    receivers = [r[1]() for r in signals.match_changed.receivers]
    assert hooks.match_changed_received in receivers
    assert access._policy is permissions.match_access


def test_without_a_policy_only_staff_may_touch_a_match() -> None:
    from types import SimpleNamespace

    from scoring import access

    saved = access._policy
    access.access_policy_set(None)
    try:
        staff = SimpleNamespace(is_authenticated=True, is_staff=True)
        member = SimpleNamespace(is_authenticated=True, is_staff=False)
        match = SimpleNamespace()
        assert access.can_enter_deal(staff, match)
        assert not access.can_view_match(member, match)
        assert not access.is_table_scorer(staff, match)
    finally:
        access.access_policy_set(saved)


# A game's own pages may use its engine: the referee's tools for that game and the game's
# report pieces (`tournaments.reports.<game>`, reached through `tournaments.reports.parts`).
GAME_OWN_PAGES = {
    "referee/tools.py",
    "referee/closing.py",
    "referee/forms.py",
    "referee/preferans_tools.py",
    "tournaments/reports/deberc.py",
    "tournaments/reports/preferans.py",
}
ENGINE_MODULES = ("scoring.engine", "scoring.preferans", "scoring.preferans_page")


def test_the_apps_reach_a_game_only_through_the_registry() -> None:
    """Tournaments, standings, pairing, reports and the referee desk ask `scoring.games` for
    a match's game; only a game's own pages import its engine."""
    offenders = [
        f"{path.relative_to(ROOT)}:{line} imports {name}"
        for app in ("tournaments", "referee", "config")
        for path in _python_files(ROOT / app)
        if str(path.relative_to(ROOT)) not in GAME_OWN_PAGES
        for line, name in _imports(path)
        if any(name == m or name.startswith(m + ".") for m in ENGINE_MODULES)
    ]
    assert offenders == []
