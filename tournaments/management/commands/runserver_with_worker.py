"""`python manage.py runserver_with_worker [addrport]`: the development server with its Celery
worker and beat when Redis answers, alone with eager tasks when it does not (`make run`).

Redis is the one in REDIS_URL, or else one answering on 127.0.0.1:6379 (then its db 0).
DEBERC_WORKER (or --worker) chooses: `auto` (the default: a worker when Redis answers),
`yes` (a worker, or an error if Redis does not answer), `no` (eager tasks, no worker).
The worker and beat run as child processes next to runserver, with the same REDIS_URL, and are
stopped when runserver stops (Ctrl-C) or when any of them dies.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import signal
import subprocess
import sys
import tempfile
import time
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

LOCAL_REDIS = "redis://127.0.0.1:6379/0"


def redis_answers(url: str, timeout: float = 1.0) -> bool:
    """True when a Redis server at `url` answers PING."""
    import redis

    try:
        client = redis.Redis.from_url(url, socket_connect_timeout=timeout, socket_timeout=timeout)
        return bool(client.ping())
    except (redis.RedisError, OSError, ValueError):
        return False


def choose_broker(mode: str, env_url: str) -> str | None:
    """The Redis URL the worker should use, or None for eager mode."""
    if mode == "no":
        return None
    candidates = [env_url] if env_url else [LOCAL_REDIS]
    for url in candidates:
        if redis_answers(url):
            return url
    if mode == "yes":
        raise CommandError(f"Redis does not answer at {candidates[0]}; cannot start a worker.")
    return None


# Celery's warning that a worker runs as root (a UserWarning; its class cannot be named in a
# -W filter, which Python reads before it can import celery).
ROOT_WARNING_FILTER = "ignore:You're running the worker with superuser privileges:UserWarning"


def beat_schedule_path(checkout: Any) -> str:
    """Where this checkout's beat keeps its schedule: a file of its own in the temporary
    folder, named by the checkout's path, so that two checkouts on one host (two branches, two
    developers) never share one beat's record of what it last sent."""
    digest = hashlib.sha256(str(checkout).encode()).hexdigest()[:12]
    return os.path.join(tempfile.gettempdir(), f"deberc-celerybeat-{digest}")


class Command(BaseCommand):
    help = "Run the development server, with a Celery worker and beat when Redis answers."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("addrport", nargs="?", default="127.0.0.1:8000")
        parser.add_argument(
            "--worker",
            choices=("auto", "yes", "no"),
            default=os.environ.get("DEBERC_WORKER", "auto"),
            help="auto: a worker when Redis answers (default; env DEBERC_WORKER)",
        )
        parser.add_argument("--no-beat", action="store_true", help="no celery beat")
        parser.add_argument("--concurrency", type=int, default=2)
        parser.add_argument("--noreload", action="store_true", help="runserver --noreload")

    def handle(self, *args: Any, **options: Any) -> None:
        env_url = os.environ.get("REDIS_URL", "") or settings.REDIS_URL
        broker = choose_broker(options["worker"], env_url)
        # The worker and beat run in the same mode as this process (DEBUG on: `make run`);
        # with DEBUG off the settings would refuse the development SECRET_KEY.
        env = {**os.environ, "DEBUG": "1" if settings.DEBUG else "0"}
        manage = [sys.executable, str(settings.BASE_DIR / "manage.py")]
        runserver = [*manage, "runserver", options["addrport"]]
        if options["noreload"]:
            runserver.append("--noreload")
        commands: list[tuple[str, list[str]]] = []
        if broker is None:
            # Eager mode is what settings choose when REDIS_URL is unset.
            env.pop("REDIS_URL", None)
            self.stdout.write(
                "Redis does not answer (or DEBERC_WORKER=no): Celery tasks run eagerly in the "
                "web process."
            )
        else:
            env["REDIS_URL"] = broker
            celery = [sys.executable, "-m", "celery", "-A", "config"]
            commands.append(
                (
                    "worker",
                    [
                        *celery,
                        "worker",
                        "--loglevel=info",
                        f"--concurrency={options['concurrency']}",
                        # The one worker of a development machine takes both queues.
                        f"--queues={','.join(settings.WORKER_QUEUES)}",
                    ],
                )
            )
            if os.geteuid() == 0:
                # A development machine (or a container) run as root: Celery warns at length
                # that a worker should not run as root. True in production, where the worker
                # is its own user (docs/deployment.md); here one line says it instead.
                env["PYTHONWARNINGS"] = ROOT_WARNING_FILTER
                self.stdout.write(
                    "The worker runs as root on this development machine; in production run "
                    "it as its own user (docs/deployment.md)."
                )
            if not options["no_beat"]:
                schedule = beat_schedule_path(settings.BASE_DIR)
                commands.append(("beat", [*celery, "beat", "--loglevel=info", "-s", schedule]))
            self.stdout.write(
                f"Celery worker{'' if options['no_beat'] else ' and beat'} on {broker}"
            )
        commands.append(("runserver", runserver))
        self._supervise(commands, env)

    def _supervise(self, commands: list[tuple[str, list[str]]], env: dict[str, str]) -> None:
        """Start every command in its own process group; when one ends or we are told to stop,
        stop them all (their whole groups: runserver's autoreloader has a child)."""
        children: dict[str, subprocess.Popen] = {}
        stopping = False

        def stop(*_args: Any) -> None:
            nonlocal stopping
            stopping = True

        previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGINT, signal.SIGTERM)}
        try:
            for name, command in commands:
                children[name] = subprocess.Popen(
                    command, env=env, cwd=str(settings.BASE_DIR), start_new_session=True
                )
            while not stopping:
                ended = [name for name, child in children.items() if child.poll() is not None]
                if ended:
                    self.stderr.write(f"{', '.join(ended)} stopped; stopping the rest.")
                    break
                time.sleep(0.3)
        finally:
            for sig, handler in previous.items():
                signal.signal(sig, handler)
            self._stop_all(children)

    @staticmethod
    def _stop_all(children: dict[str, subprocess.Popen]) -> None:
        for child in children.values():
            if child.poll() is None:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(child.pid, signal.SIGTERM)
        deadline = time.monotonic() + 10
        for child in children.values():
            try:
                child.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(child.pid, signal.SIGKILL)
                child.wait()
