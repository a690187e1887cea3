"""Shared by the operations tests."""

from __future__ import annotations

import importlib.util
import sys
from types import ModuleType

import pytest

from tests.paths import REPO

ROOT = REPO


@pytest.fixture
def bench_entry(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """bench/entry.py as a module (the bench is a script, not a package of the site)."""
    spec = importlib.util.spec_from_file_location("bench_entry", ROOT / "bench" / "entry.py")
    assert spec is not None and spec.loader is not None
    entry = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "bench_entry", entry)  # its dataclasses look it up
    spec.loader.exec_module(entry)
    return entry


@pytest.fixture
def bench_hotpath(monkeypatch: pytest.MonkeyPatch, bench_entry: ModuleType) -> ModuleType:
    """bench/hotpath.py as a module. It imports bench/entry.py as `entry` and puts the bench's
    folder on sys.path, both undone after the test."""
    monkeypatch.setitem(sys.modules, "entry", bench_entry)
    monkeypatch.setattr(sys, "path", list(sys.path))
    spec = importlib.util.spec_from_file_location("bench_hotpath", ROOT / "bench" / "hotpath.py")
    assert spec is not None and spec.loader is not None
    hotpath = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "bench_hotpath", hotpath)
    spec.loader.exec_module(hotpath)
    return hotpath
