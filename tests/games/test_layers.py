"""The house's layers: engines are pure, the scoring app never reaches up into tournaments,
and every game is reached through the one registry.

Import rule (docs: the game layout): a module of game X (`scoring.games.X...`) is imported
only from files inside a `*/games/X/` folder of any app (`scoring/games/X/`,
`referee/games/X/`, `tournaments/games/X/`); everything else asks the registry
(`scoring.games`). Outside a game's folders no code compares anything with a game's key
(`if game == "deberc"`). Only the product code is scanned, not tests/ or bench/.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GAMES_DIR = ROOT / "scoring" / "games"
ENGINES = sorted(p / "engine" for p in GAMES_DIR.iterdir() if (p / "engine").is_dir())
FRAMEWORKS = ("django", "rest_framework", "celery", "tournaments", "referee", "config")
# What an engine may import from the project besides itself: the errors every game shares.
ENGINE_MAY_IMPORT = ("scoring.games.errors",)
PRODUCT_APPS = ("scoring", "referee", "tournaments", "config")


def game_keys() -> list[str]:
    """The game folders of the scoring app (`scoring/games/<key>/__init__.py`)."""
    return sorted(p.name for p in GAMES_DIR.iterdir() if (p / "__init__.py").is_file())


def _module_of(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(path: Path, root: Path = ROOT) -> list[tuple[int, str]]:
    """Every module a file imports, relative imports resolved, with `from a import b` also
    naming `a.b` (b may be a module: `from scoring.games import deberc`)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    module = _module_of(path, root)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".") if package else []
                base = base[: len(base) - (node.level - 1)] if node.level > 1 else base
                name = ".".join([*base, node.module] if node.module else base)
            else:
                name = node.module or ""
            found.append((node.lineno, name))
            found.extend((node.lineno, f"{name}.{alias.name}") for alias in node.names)
    return found


def _python_files(folder: Path) -> list[Path]:
    return sorted(
        p for p in folder.rglob("*.py") if "migrations" not in p.parts and "locale" not in p.parts
    )


def _in_game_folder(path: Path, root: Path, key: str) -> bool:
    """Whether the file sits inside a `games/<key>/` folder of some app."""
    parts = path.relative_to(root).parts
    return any(parts[i] == "games" and parts[i + 1] == key for i in range(len(parts) - 2))


def game_import_offenders(files: list[Path], root: Path, keys: list[str]) -> list[str]:
    """Files outside game X's folders that import a module of game X."""
    offenders = []
    for path in files:
        for line, name in imports_of(path, root):
            for key in keys:
                module = f"scoring.games.{key}"
                if (name == module or name.startswith(module + ".")) and not _in_game_folder(
                    path, root, key
                ):
                    offenders.append(f"{path.relative_to(root)}:{line} imports {name}")
    return sorted(set(offenders))


def game_key_comparisons(files: list[Path], root: Path, keys: list[str]) -> list[str]:
    """Comparisons with a game's key (`== "deberc"`, `in ("preferans", ...)`) outside that
    game's folders: a question the registry's game answers instead."""
    offenders = []
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Compare):
                continue
            for side in (node.left, *node.comparators):
                values = side.elts if isinstance(side, ast.Tuple | ast.List | ast.Set) else [side]
                for value in values:
                    if (
                        isinstance(value, ast.Constant)
                        and value.value in keys
                        and not _in_game_folder(path, root, str(value.value))
                    ):
                        offenders.append(
                            f"{path.relative_to(root)}:{node.lineno} compares with {value.value!r}"
                        )
    return sorted(set(offenders))


def _product_files() -> list[Path]:
    return [path for app in PRODUCT_APPS for path in _python_files(ROOT / app)]


def test_there_are_the_two_games_in_the_same_shape() -> None:
    keys = game_keys()
    assert {"deberc", "preferans"} <= set(keys)
    for key in keys:
        folder = GAMES_DIR / key
        for part in ("engine/__init__.py", "page/forms.py", "page/views.py", "page/errors.py"):
            assert (folder / part).is_file(), f"scoring/games/{key}/{part} is missing"
        templates = ROOT / "scoring" / "templates" / "scoring" / "games" / key
        for name in ("match.html", "_sheet.html", "deal_edit.html", "_deal_fields.html"):
            assert (templates / name).is_file(), f"{key}'s scorer template {name} is missing"
    for old in ("engine", "preferans", "preferans_page", "games.py", "simulation.py", "forms.py"):
        assert not (ROOT / "scoring" / old).exists(), f"scoring/{old} is still there"


@pytest.mark.parametrize("engine", ENGINES, ids=lambda p: p.parent.name)
def test_an_engine_imports_no_framework(engine: Path) -> None:
    """An engine imports the standard library, itself and the errors every game shares."""
    own = _module_of(engine / "__init__.py", ROOT)
    offenders = [
        f"{path.relative_to(ROOT)}:{line} imports {name}"
        for path in _python_files(engine)
        for line, name in imports_of(path)
        if name.split(".")[0] in FRAMEWORKS
        or (
            name.split(".")[0] == "scoring"
            and not (name == own or name.startswith(own + "."))
            and not any(name == m or name.startswith(m + ".") for m in ENGINE_MAY_IMPORT)
        )
    ]
    assert offenders == []
    assert len(ENGINES) >= 2


def test_importing_an_engine_loads_no_framework() -> None:
    """At run time too: an engine (with the registry package it sits in) loads without Django,
    as the command line and the benches use it."""
    import subprocess
    import sys

    engines = ", ".join(_module_of(e / "__init__.py", ROOT) for e in ENGINES)
    code = (
        f"import sys, importlib; [importlib.import_module(m) for m in {engines!r}.split(', ')]; "
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'django', 'rest_framework', "
        "'celery', 'tournaments', 'referee'}))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "[]"


def test_scoring_never_imports_tournaments() -> None:
    """A lower app never imports a higher one: scoring announces changes (a signal) and asks
    who may do what through the function tournaments gives it at start-up."""
    offenders = [
        f"{path.relative_to(ROOT)}:{line} imports {name}"
        for path in _python_files(ROOT / "scoring")
        for line, name in imports_of(path)
        if name.split(".")[0] in ("tournaments", "referee")
    ]
    assert offenders == []


def test_the_registry_imports_no_game() -> None:
    """The registry and the interface load the games named in settings `DEBERC_GAMES` with
    importlib: they name no game."""
    for name in ("__init__.py", "base.py", "errors.py"):
        path = GAMES_DIR / name
        offenders = game_import_offenders([path], ROOT, game_keys())
        assert offenders == [], path
        text = path.read_text(encoding="utf-8")
        for key in game_keys():
            assert f'"{key}"' not in text, f"{path.name} names the game {key!r}"


def test_a_game_is_reached_only_through_the_registry() -> None:
    """No product module outside `*/games/X/` imports a module of game X."""
    assert game_import_offenders(_product_files(), ROOT, game_keys()) == []


def test_no_code_asks_which_game_outside_the_games() -> None:
    """No `if game == "deberc"` outside a game's folders: the game's own answer is asked."""
    assert game_key_comparisons(_product_files(), ROOT, game_keys()) == []


def test_the_scan_finds_an_engine_imported_from_outside_its_game(tmp_path: Path) -> None:
    """The scan itself can fail: an app module importing an engine, a relative import into a
    game and a comparison with a game's key are found; the same in the game's folder is not."""
    files = {
        "referee/tools.py": "from scoring.games.deberc.engine import score_match\n",
        "scoring/views.py": "from .games import deberc\nfrom .games.preferans import page\n",
        "tournaments/forms.py": "def f(game):\n    return game.key == 'preferans'\n",
        "referee/games/deberc/tools.py": (
            "from scoring.games.deberc.engine.match import DealReader\n"
            "def f(game):\n    return game == 'deberc'\n"
        ),
        "tournaments/games/preferans/reports.py": "from scoring.games.preferans import engine\n",
    }
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    scanned = sorted(tmp_path.rglob("*.py"))
    keys = ["deberc", "preferans"]
    assert game_import_offenders(scanned, tmp_path, keys) == [
        "referee/tools.py:1 imports scoring.games.deberc.engine",
        "referee/tools.py:1 imports scoring.games.deberc.engine.score_match",
        "scoring/views.py:1 imports scoring.games.deberc",
        "scoring/views.py:2 imports scoring.games.preferans",
        "scoring/views.py:2 imports scoring.games.preferans.page",
    ]
    assert game_key_comparisons(scanned, tmp_path, keys) == [
        "tournaments/forms.py:2 compares with 'preferans'"
    ]


def test_the_tournament_side_listens_and_gives_its_policy() -> None:
    from scoring import access, signals
    from tournaments.clubs import permissions
    from tournaments.standings import hooks

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
