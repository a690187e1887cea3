"""The Celery worker yields contended CPU to the site: deployed with a lower CPUWeight than the
web service, and benched the same way (bench/entry.py gives its worker's autogroup a nice
value: with autogroup scheduling the process's own nice would do nothing)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.paths import REPO

ROOT = REPO


def _unit(doc: str, name: str) -> str:
    return doc.split(f"`/etc/systemd/system/{name}.service`", 1)[1].split("```", 2)[1]


def test_the_documented_worker_gets_a_smaller_share_than_the_scorers_pool() -> None:
    doc = (ROOT / "docs" / "deployment.md").read_text()
    weight = re.search(r"^CPUWeight=(\d+)$", _unit(doc, "deberc-worker"), re.M)
    assert weight is not None, "deberc-worker.service sets no CPUWeight"
    assert int(weight.group(1)) < 100  # deberc-web.service: the default, 100


def test_the_bench_gives_its_worker_session_the_smaller_share(bench_entry: Any) -> None:
    if not Path("/proc/self/autogroup").exists():
        pytest.skip("this kernel has no autogroup scheduling")
    entry = bench_entry
    process = subprocess.Popen(
        [sys.executable, "-c", "import time; time.sleep(30)"], start_new_session=True
    )
    try:
        said = entry.lower_cpu_share(process, 10)
        if "not set" in said:
            pytest.skip(f"not allowed here: {said}")
        assert "autogroup nice 10" in said
        assert Path(f"/proc/{process.pid}/autogroup").read_text().split()[-1] == "10"
    finally:
        process.kill()
        process.wait()


def test_an_equal_share_leaves_the_worker_alone(bench_entry: Any) -> None:
    assert bench_entry.lower_cpu_share(None, 0) == "the same CPU share as the site"
