"""The house's layers (docs/architecture.md): engines are pure, no import circle anywhere,
each app imports only the apps below it, each module only its own layer or lower ones, the
sizes a reader holds in their head, and every game reached through the one registry.

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
        "tournaments/events/forms.py": "def f(game):\n    return game.key == 'preferans'\n",
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
        "tournaments/events/forms.py:2 compares with 'preferans'"
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


# --- the house by domain (docs/architecture.md) ----------------------------------------------

# Which apps each app may import (config's plumbing imports none; its wiring, below, any).
APP_MAY_IMPORT = {
    "config": set(),
    "scoring": {"config"},
    "tournaments": {"config", "scoring"},
    "referee": {"config", "scoring", "tournaments"},
}
# config's wiring: the site's URLs and pages, the sign-in views, the language middleware. They
# import the apps; no app imports them.
CONFIG_WIRING = {"config.urls", "config.auth_views", "config.language", "config.views"}
# The layers, lowest first; a module's layer is named by its own name (or a folder's).
MODELS, CORE, JOBS, INTERFACE = range(4)
INTERFACE_NAMES = {
    "api",
    "api_schema",
    "api_urls",
    "views",
    "forms",
    "urls",
    "admin",
    "apps",
    "templatetags",
    "management",
    # A request's way in before the views (scoring.middleware: the deal lane answers with
    # the view's own answer).
    "middleware",
}
JOB_NAMES = {"tasks", "hooks"}
# What a models module may import beyond other models: the registries and pure wording.
MODELS_MAY_IMPORT = {
    "scoring.games",
    "referee.games",
    "referee.rulebook",
    "referee.rulebook.base",
    "tournaments.discipline.reasons",
}
# Arrows up the layers that stay, each with its reason.
LAYER_EXCEPTIONS = {
    # The referee's door types the form class a game's tool page gives (TYPE_CHECKING only).
    ("referee.games.base", "referee.forms"),
}
# Modules that import no Django and nothing of the project but their own kind: the pairing
# generators and the standings' calculation, tested on plain tuples.
PURE = [
    "tournaments.pairing.byes",
    "tournaments.pairing.draw",
    "tournaments.pairing.matching",
    "tournaments.pairing.mixed",
    "tournaments.pairing.pairs",
    "tournaments.pairing.round_robin",
    "tournaments.pairing.swiss",
    "tournaments.pairing.teams",
    "tournaments.pairing.types",
    "tournaments.standings.ranking",
    "tournaments.standings.match_scores",
]
MODULE_MAX_LINES = 700
PACKAGE_MAX_LINES = 6000
# Longer modules that stay so, with the reason.
LONG_MODULES = {
    # The rulebook's article texts in two languages: data, read as a table.
    "referee/games/preferans/rulebook/articles.py",
    "referee/games/deberc/rulebook/deberc_sources.py",
    # Deberc's record reader: one grammar of the scoresheet, every field's check in order.
    "scoring/games/deberc/engine/reader.py",
    # The deal write path: one transaction's steps, read top to bottom.
    "scoring/services.py",
    # The pairing manager: the ORM side of every pairing system.
    "tournaments/pairing/manager.py",
}
TOURNAMENTS_ROOT = {"__init__.py", "admin.py", "api_urls.py", "apps.py", "models.py", "urls.py"}


def product_modules(root: Path = ROOT, apps: tuple[str, ...] = tuple(APP_MAY_IMPORT)) -> dict:
    """Every module of the product (migrations left out: they are history), by dotted name."""
    modules = {}
    for app in apps:
        for path in _python_files(root / app):
            modules[_module_of(path, root)] = path
    return modules


def import_graph(modules: dict[str, Path], root: Path = ROOT) -> dict[str, set[str]]:
    """Module -> the project's modules it imports (every import: function-local and
    TYPE_CHECKING ones count; `from a import b` counts `a.b` when b is a module). A package's
    empty `__init__` is not an arrow."""

    def resolve(name: str) -> str | None:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        for _line, target in imports_of(path, root):
            found = resolve(target)
            if found is None or found == name:
                continue
            if modules[found].name == "__init__.py" and (
                not modules[found].read_text().strip() or name.startswith(found + ".")
            ):
                # An empty package, or the package a module sits in (its `__init__` runs
                # first anyway): not an arrow, as the circle finder of the guide counts.
                continue
            graph[name].add(found)
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph.get(node, ())):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    import sys

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10_000))
    try:
        for node in sorted(graph):
            if node not in index:
                visit(node)
    finally:
        sys.setrecursionlimit(limit)
    return found


def layer_of(module: str) -> int:
    parts = module.split(".")
    if any(part in INTERFACE_NAMES for part in parts):
        return INTERFACE
    if parts[-1] in JOB_NAMES:
        return JOBS
    if parts[-1] == "models":
        return MODELS
    return CORE


def _in_a_game(module: str) -> bool:
    """A module of a game's folder (`<app>.games.<key>...`): the game's own plug-in, whose
    entry (`game.py`) names its page; the registry's own modules are not in a game."""
    parts = module.split(".")
    return (
        len(parts) >= 3 and parts[1] == "games" and (ROOT / parts[0] / "games" / parts[2]).is_dir()
    )


def layer_offenders(graph: dict[str, set[str]]) -> list[str]:
    offenders = []
    for module, targets in graph.items():
        if module.startswith("config.") or _in_a_game(module):
            continue
        for target in targets:
            if (module, target) in LAYER_EXCEPTIONS:
                continue
            if layer_of(module) == MODELS and layer_of(target) != MODELS:
                if target not in MODELS_MAY_IMPORT:
                    offenders.append(f"{module} (models) imports {target}")
            elif layer_of(target) > layer_of(module):
                offenders.append(f"{module} (layer {layer_of(module)}) imports {target}")
    return sorted(offenders)


def app_offenders(graph: dict[str, set[str]]) -> list[str]:
    offenders = []
    for module, targets in graph.items():
        app = module.split(".")[0]
        for target in targets:
            other = target.split(".")[0]
            if other == app:
                continue
            if target in CONFIG_WIRING:
                offenders.append(f"{module} imports the wiring {target}")
            elif module in CONFIG_WIRING:
                continue
            elif other not in APP_MAY_IMPORT[app]:
                offenders.append(f"{module} imports {target}")
    return sorted(offenders)


def test_no_import_circle_anywhere() -> None:
    """No two modules of the product import each other, directly or round a longer loop, and
    no module imports itself (two modules merged into one left such an import behind)."""
    modules = product_modules()
    assert circles(import_graph(modules)) == []
    itself = [
        f"{name}:{line}"
        for name, path in modules.items()
        if path.name != "__init__.py"
        for line, target in imports_of(path)
        if target == name
    ]
    assert itself == []


def test_each_app_imports_only_the_apps_below_it() -> None:
    assert app_offenders(import_graph(product_modules())) == []


def test_each_module_imports_its_own_layer_or_lower() -> None:
    """models < core (services, selectors, rules) < jobs (tasks, hooks) < interface (api,
    views, forms, urls, admin, commands): a service queues a task by name and announces by a
    signal, and never imports a view."""
    assert layer_offenders(import_graph(product_modules())) == []


@pytest.mark.parametrize("module", PURE)
def test_a_pure_module_imports_no_django(module: str) -> None:
    path = ROOT / (module.replace(".", "/") + ".py")
    offenders = [
        f"{module}:{line} imports {name}"
        for line, name in imports_of(path)
        if name.split(".")[0] in ("django", "rest_framework", "celery")
        or (
            name.split(".")[0] in PRODUCT_APPS
            and name not in PURE
            and not any(name.startswith(p + ".") for p in PURE)
        )
    ]
    assert offenders == []


def test_the_root_of_tournaments_keeps_only_what_is_the_apps() -> None:
    root = ROOT / "tournaments"
    assert {p.name for p in root.glob("*.py")} == TOURNAMENTS_ROOT
    packages = {p.name for p in root.iterdir() if (p / "__init__.py").is_file()}
    assert {"clubs", "events", "discipline", "standings", "pairing", "live", "reports"} <= packages


def test_each_module_and_package_fits_in_a_readers_head() -> None:
    too_long = []
    own_lines: dict[Path, int] = {}
    for path in product_modules().values():
        lines = len(path.read_text(encoding="utf-8").splitlines())
        relative = path.relative_to(ROOT).as_posix()
        if lines > MODULE_MAX_LINES and relative not in LONG_MODULES:
            too_long.append(f"{relative}: {lines} lines")
        own_lines[path.parent] = own_lines.get(path.parent, 0) + lines
    # A package's own lines: its modules and its sub-packages' that are not listed apart
    # (a sub-package is a package of its own).
    too_big = [
        f"{folder.relative_to(ROOT)}: {lines} lines"
        for folder, lines in own_lines.items()
        if lines > PACKAGE_MAX_LINES
    ]
    assert too_long == []
    assert too_big == []
    for listed in LONG_MODULES:
        assert (ROOT / listed).is_file(), f"{listed} is listed as long but is gone"


def test_the_scans_find_a_circle_an_upward_arrow_and_a_wrong_app(tmp_path: Path) -> None:
    """The rules can fail: a made-up project with a circle, a service importing a view and
    scoring importing tournaments is caught on each count."""
    files = {
        "scoring/__init__.py": "",
        "scoring/services.py": "from scoring import selectors\nfrom scoring.views import page\n",
        "scoring/selectors.py": "def f():\n    from scoring.services import g\n",
        "scoring/views.py": "from tournaments.models import Club\n",
        "tournaments/__init__.py": "",
        "tournaments/models.py": "from tournaments.services import x\n",
        "tournaments/services.py": "",
    }
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    graph = import_graph(product_modules(tmp_path, ("scoring", "tournaments")), tmp_path)
    assert circles(graph) == [["scoring.selectors", "scoring.services"]]
    assert layer_offenders(graph) == [
        "scoring.services (layer 1) imports scoring.views",
        "tournaments.models (models) imports tournaments.services",
    ]
    assert app_offenders(graph) == ["scoring.views imports tournaments.models"]
