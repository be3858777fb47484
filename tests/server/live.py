"""A real ``camp-rules serve`` on a free loopback port, for the browser test and the load
benchmark: started as a subprocess (so it can be stopped and restarted on the same
database), its output kept in a file that the tests read for server errors."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
STARTUP_SECONDS = 30.0


def free_port() -> int:
    """A loopback port nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _environment() -> dict[str, str]:
    """The tests' environment, importing the packages of this checkout first."""
    path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    return {**os.environ, "PYTHONPATH": path, "PYTHONUNBUFFERED": "1"}


class LiveServer:
    """``camp-rules serve --bot-delay 0`` on ``127.0.0.1:port`` with the database ``db``."""

    def __init__(self, db: Path, log: Path, port: int | None = None) -> None:
        self.db = db
        self.log = log
        self.port = port or free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        """Start the server and wait until it answers its lobby.

        Raises:
            RuntimeError: when it exits or does not answer within ``STARTUP_SECONDS``.
        """
        command = [sys.executable, "-m", "campers_rules._cli", "serve", "--host", "127.0.0.1",
                   "--port", str(self.port), "--db", str(self.db), "--bot-delay", "0"]
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(command, cwd=ROOT, stdout=out,
                                            stderr=subprocess.STDOUT,
                                            env=_environment())
        deadline = time.monotonic() + STARTUP_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited: {self.output()}")
            try:
                with urllib.request.urlopen(self.url + "/", timeout=2) as answer:
                    if answer.status == 200:
                        return
            except (urllib.error.URLError, OSError):
                time.sleep(0.1)
        raise RuntimeError(f"the server did not answer in {STARTUP_SECONDS} s: {self.output()}")

    def stop(self, kill: bool = False) -> None:
        """Stop the server: SIGKILL when ``kill`` (nothing flushed), else SIGTERM."""
        if self.process is None:
            return
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL if kill else signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None

    def output(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    def errors(self) -> list[str]:
        """The lines of the server's output that tell of a server error."""
        return [line for line in self.output().splitlines()
                if "Traceback" in line or " 500 " in line or line.startswith("ERROR")]
