"""Celery failing for real: a prefork worker on kombu's filesystem transport (no broker server),
a client that sends it tasks, and a worker and a client pointed at a closed AMQP port."""

from __future__ import annotations

import signal
import subprocess
import time
from pathlib import Path

from . import Case, run, run_snippets, write

CASES: list[Case] = [
    ("celery/soft-time-limit-exceeded", "worker", "Soft time limit (1s) exceeded"),
    ("celery/hard-time-limit-exceeded", "worker", "Hard time limit (1s) exceeded"),
    ("celery/worker-lost-error", "worker", "exited with 'signal 9 (SIGKILL)'"),
    ("celery/received-unregistered-task", "worker", "Received unregistered task"),
    ("celery/result-get-timeout", "client", "TimeoutError: The operation"),
    ("celery/cannot-connect-to-broker", "no-broker", "consumer: Cannot connect to amqp://"),
    ("celery/broker-connection-retry-deprecation", "no-retry", "broker_connection_retry"),
    ("celery/unable-to-load-app", "no-app", "Unable to load celery application"),
    ("celery/task-raised-unexpected", "worker", "raised unexpected: ValueError"),
    ("celery/task-not-registered", "client", "celery.exceptions.NotRegistered"),
    ("celery/kombu-encode-error", "client", "EncodeError: Object of type"),
    ("celery/kombu-operational-error", "client", "kombu.exceptions.OperationalError"),
    ("celery/result-get-within-task", "worker", "RuntimeError: Never call result.get()"),
]

TASKS = """
import os, signal, time
from celery import Celery
app = Celery("t2", broker="filesystem://", backend="file://{results}")
app.conf.broker_transport_options = {{"data_folder_in": "{queue}", "data_folder_out": "{queue}"}}
app.conf.worker_hijack_root_logger = True

@app.task(soft_time_limit=1)
def slow():
    time.sleep(5)

@app.task(time_limit=1)
def hard():
    while True:
        time.sleep(0.05)

@app.task
def die():
    os.kill(os.getpid(), signal.SIGKILL)

@app.task
def fail(value):
    raise ValueError(f"bad input: {{value}}")

@app.task
def add(a, b):
    return a + b

@app.task
def nested():
    return add.delay(1, 2).get()
"""

CLIENT_PRELUDE = """
from t2 import app, slow, hard, die, fail, add, nested
from celery.result import AsyncResult
"""

CLIENT = {
    "send": (
        "for task in (slow, hard, die, nested):\n    task.delay()\n"
        "fail.delay(7)\napp.send_task('t2.missing')"
    ),
    "timeout": "AsyncResult('no-such-task-id', app=app).get(timeout=0.5)",
    "not-registered": "app.tasks['t2.missing']",
    "encode": "add.delay(object(), 1)",
    "operational": (
        "from celery import Celery\n"
        "down = Celery('down', broker='amqp://guest@127.0.0.1:1//')\n"
        "down.conf.task_publish_retry = False\n"
        "down.send_task('t2.add', (1, 2))"
    ),
}

WORKER_DONE = ("Hard time limit", "SIGKILL", "Never call", "unregistered", "ValueError")


def _worker(python: Path, root: Path, app: str, until: tuple[str, ...], limit: float) -> str:
    """Run a worker until its log shows every `until` text (or `limit` seconds pass)."""
    log = root / f"worker-{app}.log"
    celery = str(Path(python).parent / "celery")
    cmd = [celery, "-A", app, "worker", "--pool=prefork", "-c", "2", "--loglevel=INFO"]
    env = {"PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8", "PYTHONUNBUFFERED": "1"}
    with log.open("w") as out:
        worker = subprocess.Popen(cmd, cwd=root, stdout=out, stderr=subprocess.STDOUT, env=env)
        try:
            deadline = time.monotonic() + limit
            while worker.poll() is None and time.monotonic() < deadline:
                text = log.read_text()
                if all(needle in text for needle in until):
                    break
                time.sleep(0.3)
        finally:
            worker.send_signal(signal.SIGQUIT)  # cold shutdown: no waiting for tasks
            try:
                worker.wait(timeout=10)
            except subprocess.TimeoutExpired:
                worker.kill()
                worker.wait(timeout=10)
    return log.read_text()


def produce(python: Path, work: Path) -> dict[str, str]:
    root = work / "celery"
    (root / "queue").mkdir(parents=True, exist_ok=True)
    (root / "results").mkdir(parents=True, exist_ok=True)
    write(root / "t2.py", TASKS.format(results=root / "results", queue=root / "queue"))
    write(
        root / "down.py",
        "from celery import Celery\napp = Celery('down')\n"
        "app.conf.broker_url = 'amqp://guest@127.0.0.1:1//'\n",
    )
    out: dict[str, str] = {}
    out["client"] = run_snippets(python, root, "client", CLIENT_PRELUDE, CLIENT)
    out["worker"] = _worker(python, root, "t2", WORKER_DONE, 60)
    out["no-broker"] = _worker(python, root, "down", ("Trying again",), 30)
    write(root / "down2.py", "from down import app\napp.conf.broker_connection_retry = False\n")
    out["no-retry"] = _worker(python, root, "down2", ("Connection refused",), 30)
    out["no-app"] = run([str(Path(python).parent / "celery"), "-A", "nosuch", "worker"], root)
    return out
