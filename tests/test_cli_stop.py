"""The command line stops cleanly (issue 22, item 9).

* Ctrl-C during ``croupier stats DIR --jobs 2`` (SIGINT to the whole process
  group, as a terminal sends it): status 130, one line, no traceback, and
  nothing left running: no worker, no forkserver, no resource tracker.  The
  processes are found by their session (the command runs in a session of its
  own), scanning ``/proc``.
* Ctrl-C while the command is still starting (importing croupier): one line
  and status 130, no ``KeyboardInterrupt`` traceback.
* A bad ``--scheduler`` address fails with one line and status 2 in a few
  seconds: an empty one, a loopback port nothing listens on (not waited out:
  the test sets the connect timeout to an hour), a loopback port that never
  answers (the Dask client alone would wait forever).  Only loopback addresses.

No timing assertion: each subprocess has a generous time limit only, and the
scan for processes left gives them a few seconds to end.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from interrupting import first_line

COMMAND = [sys.executable, "-m", "croupier"]
HANDHQ = (
    Path(__file__).resolve().parent
    / "data"
    / "phh"
    / "handhq"
    / "ABS-100NLH-abs_NLH_handhq_1-OBFUSCATED.phhs"
)


def _session_of(pid: str) -> int | None:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:  # gone meanwhile
        return None
    fields = stat.rsplit(")", 1)[1].split()  # after the command name, which may hold spaces
    if fields[0] == "Z":  # a zombie has ended (its parent has not reaped it yet)
        return None
    return int(fields[3])


def _in_session(session: int) -> list[int]:
    """The processes (not zombies) of ``session``, from /proc."""
    return [int(p) for p in os.listdir("/proc") if p.isdigit() and _session_of(p) == session]


@pytest.fixture
def many_files(tmp_path: Path) -> Path:
    """Enough work for two processes to be busy when the Ctrl-C comes (links: no copies)."""
    folder = tmp_path / "hands"
    folder.mkdir()
    for k in range(60):
        (folder / f"h{k:02d}.phhs").symlink_to(HANDHQ)
    return folder


def test_ctrl_c_during_stats_with_jobs_leaves_nothing_running(many_files: Path) -> None:
    child = subprocess.Popen(
        [*COMMAND, "stats", str(many_files), "--jobs", "2", "--progress"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,  # its own session and process group, as under a terminal
    )
    session = child.pid
    try:
        assert child.stderr is not None
        # The first progress line: the workers have counted a file (imports done).
        first = first_line(child.stderr.fileno(), 120)
        assert first.startswith(b"croupier: "), first
        running = _in_session(session)
        assert len(running) >= 4, running  # the command, a forkserver, two workers (a tracker)
        os.killpg(session, signal.SIGINT)  # Ctrl-C: the whole group gets it
        status = child.wait(timeout=60)
        deadline = time.monotonic() + 10
        left = _in_session(session)
        while left and time.monotonic() < deadline:
            time.sleep(0.1)
            left = _in_session(session)
        commands = [Path(f"/proc/{p}/cmdline").read_bytes()[:120] for p in left]
        assert not left, f"still running after the command ended: {commands}"
        out, err = child.communicate(timeout=30)  # every writer of the pipes is gone
    finally:
        for pid in _in_session(session):
            os.kill(pid, signal.SIGKILL)
        if child.poll() is None:
            child.kill()
            child.communicate()
    assert status == 130, (status, err)
    assert out == b""
    text = err.decode()
    assert text.splitlines()[-1:] == ["croupier: interrupted"], text
    assert "Traceback" not in text and "KeyboardInterrupt" not in text, text
    assert "leaked" not in text, text  # multiprocessing's resource tracker had nothing to clean


LATE_WATCHER = """
import os, sys, time
from croupier import _cli
from croupier._cli import executors


def worker(_: int) -> int:
    time.sleep(0.1)
    return os.getpid()


if __name__ == "__main__":
    with executors.processes(2) as pool:
        seen = set()
        for _ in range(100):  # until both workers have started (and imported croupier)
            seen.update(pool.map(worker, range(4)))
            if len(seen) == 2:
                break
        assert len(seen) == 2, seen
        # What a loaded machine does: the executor's watcher thread still holds
        # the queues when the program ends (here, this reference does).
        held = (pool._call_queue, pool._result_queue)
        executors._stop(pool)
        _cli._interrupted(program=True)  # the command's Ctrl-C path: os._exit(130)
"""


def test_ctrl_c_leaves_no_semaphore_for_the_tracker_even_when_the_queues_live(
    tmp_path: Path,
) -> None:
    """The race the Ctrl-C test above lost once on a loaded CI machine (the
    resource tracker reported "5 leaked semaphore objects"), made certain: the
    process pool's queues are still alive when the program ends."""
    script = tmp_path / "late_watcher.py"
    script.write_text(LATE_WATCHER)
    result = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=120
    )
    assert (result.returncode, result.stdout) == (130, ""), result
    assert result.stderr.splitlines()[-1:] == ["croupier: interrupted"], result.stderr
    assert "leaked" not in result.stderr, result.stderr


STARTING = """
import os, signal, sys, time
{setup}
import croupier               # the package is imported: the command is starting
os.kill(os.getpid(), signal.SIGINT)
import croupier._cli          # still starting: main() has not run yet
time.sleep(30)
print("not interrupted")
"""


@pytest.mark.parametrize(
    "setup",
    [
        "sys.argv[0] = os.path.join(os.path.dirname(sys.executable), 'croupier')",
        "sys.argv[0] = '-m'; sys.orig_argv = [sys.executable, '-m', 'croupier', 'stats']",
    ],
    ids=["croupier-script", "python-m-croupier"],
)
def test_ctrl_c_while_the_command_starts_is_one_line_and_130(setup: str) -> None:
    """The process as the command's own is while Python imports croupier (the
    script's ``sys.argv[0]``, or ``python -m croupier``'s while the module is found)."""
    code = STARTING.format(setup=setup)
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60
    )
    assert (result.returncode, result.stdout, result.stderr) == (
        130,
        "",
        "croupier: interrupted\n",
    )


def test_a_program_that_imports_croupier_keeps_its_own_ctrl_c() -> None:
    code = (
        "import os, signal, time\n"
        "import croupier, croupier._cli\n"
        "try:\n"
        "    os.kill(os.getpid(), signal.SIGINT)\n"
        "    time.sleep(30)\n"
        "except KeyboardInterrupt:\n"
        "    print('mine')\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60
    )
    assert (result.returncode, result.stdout, result.stderr) == (0, "mine\n", "")


# ------------------------------------------------------------------ --scheduler


def _usage_error(result: subprocess.CompletedProcess[str], *words: str) -> None:
    assert result.returncode == 2, result
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr
    assert lines[0].startswith("croupier: error: --scheduler"), lines[0]
    for word in words:
        assert word in lines[0], (word, lines[0])


def _main(args: list[str], connect_seconds: int) -> subprocess.CompletedProcess[str]:
    """``main(args)`` in a subprocess, with the scheduler connect timeout set."""
    code = (
        "import sys\n"
        "from croupier import _cli\n"
        "from croupier._cli import executors\n"
        f"executors.CONNECT_SECONDS = {connect_seconds}\n"
        f"sys.exit(_cli.main({args!r}))\n"
    )
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=90)


@pytest.mark.parametrize("command", [["simulate", "--hands", "10"], ["equity", "AhKh", "QdQc"]])
def test_an_empty_scheduler_address_is_one_line(command: list[str]) -> None:
    result = subprocess.run(
        [*COMMAND, *command, "--scheduler", ""], capture_output=True, text=True, timeout=90
    )
    _usage_error(result, "not an address", "missing port")


@pytest.mark.parametrize("address", ["nonsense://127.0.0.1:1", "tcp://127.0.0.1"])
def test_a_malformed_scheduler_address_is_one_line(address: str) -> None:
    _usage_error(_main(["simulate", "--hands", "10", "--scheduler", address], 3600))


@pytest.fixture
def closed_port() -> int:
    with socket.socket() as s:  # a loopback port that nothing listens on
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
    return port


def test_a_refused_connection_is_not_waited_out(closed_port: int) -> None:
    """An hour's connect timeout, and still one line at once: a port nothing listens
    on is refused by the system, not tried again until the timeout."""
    address = f"tcp://127.0.0.1:{closed_port}"
    _usage_error(_main(["simulate", "--hands", "10", "--scheduler", address], 3600), "refused")


@pytest.fixture
def silent_port() -> Iterator[int]:
    """A loopback port that accepts connections and never says anything."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen(8)
        yield s.getsockname()[1]


def test_a_scheduler_that_never_answers_fails_after_the_timeout(silent_port: int) -> None:
    address = f"tcp://127.0.0.1:{silent_port}"
    _usage_error(_main(["simulate", "--hands", "10", "--scheduler", address], 1), "cannot connect")
