"""The ``croupier`` command line (``main``); its modules, by job: ``parser``
(the options), ``compute`` (``eval``, ``equity``, ``simulate``), ``replay`` and
``report`` (a hand history street by street), ``stats``, ``progress`` (the
bar on stderr), ``executors`` (chunk counting, Dask, worker processes) and
``output`` (exit statuses, one-line errors, ASCII-safe output).

``croupier eval CARDS`` prints the value and description of a hand::

    $ croupier eval "As Ks Qs Js Ts 2c 3d"
    high 7462  Royal flush

``croupier replay FILE`` replays a PHH hand history (``.phh``, or every hand
of a ``.phhs`` file; ``--hand N`` picks one) and prints it street by street:
the cards dealt, each action in words, the pot after each street, then the
pots, the winnings and the net results (``--json``: one JSON document per
hand and per line, amounts as exact decimal strings)::

    $ croupier replay hand.phh
    NT: No-limit Texas hold 'em
    players:
      p1  100
      ...
    preflop
      p1 dealt AsKd
      p3 raises to 2.5
      ...

``croupier equity HAND HAND [HAND ...]`` prints the equity of each hand
(cards, or Hold'em ranges such as ``"TT+, AKs"``), exact or by Monte Carlo
(``--board``, ``--dead``, ``--game``, ``--exact``/``--samples``/``--stderr``,
``--seed``, ``--threads``, ``--scheduler``, ``--progress``, ``--json``)::

    $ croupier equity AhKh QdQc --board 2c7d9h
    AhKh  equity  28.28%  win  28.28%  tie   0.00%
    QdQc  equity  71.72%  win  71.72%  tie   0.00%
    990 deals, exact

``croupier simulate`` plays many hands with a built-in policy and prints each
seat's net chips and hands won.  ``croupier stats PATHS...`` replays hand
histories (files, directories, globs) and prints a table of each player's
statistics (``croupier.statistics``, defined in docs/stats.md; ``--player``,
``--json``/``--csv``, ``--skip-errors``, ``--jobs N`` processes).
``croupier --version`` prints the version.

**Exit status.**  0: done.  2: the command could not run as asked, with one
line on stderr and no traceback: a usage error (an unknown option or game,
``--samples``/``--threads``/``--hands`` outside their bounds, not a number),
bad cards or ranges, a card given twice, a missing, malformed or illegal hand
history, an unsupported variant, ``--scheduler`` without Dask installed or a
scheduler that cannot be reached (a malformed address or a refused port at
once, a port that does not answer after 5 s).  Error lines quote at most a
short excerpt of the input (500 characters in all).  1: stdout was closed
early (``croupier replay big.phhs | head``).  130: interrupted (Ctrl-C): the
work stops, one line ``croupier: interrupted`` is printed, and the program
ends at once (``os._exit`` after flushing its output, so that no thread still
finishing a chunk holds the exit up; a second Ctrl-C changes nothing;
``main(argv)`` called from Python returns 130 instead).  The same while the
command is still starting (``croupier._sigint``), and ``stats --jobs N``
leaves nothing running: its workers ignore Ctrl-C and are killed, its
forkserver and resource tracker end with it (``croupier._cli.executors.processes``).

**Seeds.**  A Monte Carlo ``equity`` run and every ``simulate`` run use a seed:
``--seed S``, or one drawn at random when none is given.  The seed used is
printed (the last line of text, and ``"seed"`` in ``--json``; ``null`` for an
exact equity), so any run can be repeated with ``--seed``.  With a seed the
result does not depend on ``--threads`` or ``--scheduler``.

**Progress.**  ``--progress`` (``equity``, ``simulate``, ``replay``, ``stats``) shows how
far a run is on stderr, and ends at 100 %: on a terminal one line redrawn in
place, elsewhere (a file, a pipe) no redraws, a plain line every 10 s at most
and a last one (``croupier._cli.progress``).  Exact and fixed-size Monte Carlo
equity runs count their chunks as they finish (on an executor of the
command's own, or Dask's), ``--stderr`` runs report the library's rounds
(deals done of deals planned), ``simulate`` and ``replay`` count hands,
``stats`` the bytes of its files.

**Dask.**  ``equity`` and ``simulate`` take ``--scheduler ADDRESS``
(``tcp://host:8786``): the work goes to that cluster through its
``concurrent.futures`` executor (the ``dask`` extra: ``pip install ".[dask]"``), with the
same result as a local run.

**ASCII.**  When stdout cannot encode ``±`` (``PYTHONIOENCODING=ascii``, an
ASCII locale), the standard error is written ``+/-`` and any other character
the stream cannot encode (a player's name in a hand history) is written as a
backslash escape instead of failing.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from contextlib import suppress

from croupier._cli.output import EXIT_INTERRUPTED, EXIT_PIPE, EXIT_USAGE, ascii_safe, one_line
from croupier._cli.parser import build_parser

__all__ = ["build_parser", "main"]


def _on_sigint(signum: int, frame: object) -> None:
    """The program's Ctrl-C: later ones are ignored (the first one is already
    stopping everything), then ``KeyboardInterrupt`` as usual."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    raise KeyboardInterrupt


def _release_semaphores() -> None:
    """Run multiprocessing's exit-time clean-up that ``os._exit`` skips.

    ``stats --jobs`` made a process pool whose queues hold five named
    semaphores; each is unlinked by a finalizer that runs when its object is
    collected or at a normal exit.  Without this, whether they had been
    collected before ``os._exit`` was a race, and multiprocessing's resource
    tracker, outliving the program, printed "5 leaked semaphore objects" after
    ``croupier: interrupted`` (seen on a loaded CI machine).  The finalizers
    run here are the ones a normal exit runs first (priority 0 and above:
    unlink the semaphores, tell the tracker, close the queues); none of them
    waits for a process or a thread.
    """
    util = sys.modules.get("multiprocessing.util")
    run = getattr(util, "_run_finalizers", None)
    if callable(run):
        with suppress(Exception):
            run(0)


def _interrupted(program: bool) -> int:
    """Ctrl-C: one line, status 130; the program itself ends at once."""
    with suppress(OSError, ValueError):
        sys.stdout.flush()
    print("croupier: interrupted", file=sys.stderr)
    sys.stderr.flush()
    if program:
        # Worker threads may still be finishing a chunk (or draining a queue):
        # nothing of theirs is wanted now, so do not wait for them.
        _release_semaphores()
        os._exit(EXIT_INTERRUPTED)
    return EXIT_INTERRUPTED


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line (``argv``, else ``sys.argv[1:]``); returns the exit status.

    >>> main(["eval", "As Ks Qs Js Ts 2c 3d"])
    high 7462  Royal flush
    0
    """
    program = argv is None
    args_given = sys.argv[1:] if argv is None else list(argv)
    if program:
        import signal

        with suppress(ValueError):  # not the main thread: keep Python's handler
            signal.signal(signal.SIGINT, _on_sigint)
    try:
        ascii_safe(sys.stdout)
        parser = build_parser()
        if not args_given:
            parser.print_usage(sys.stderr)
        args = parser.parse_args(args_given)
        status: int = args.func(args)
        sys.stdout.flush()
    except SystemExit as exc:  # argparse: --help, --version, a usage error
        if exc.code is None:
            return 0
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    except KeyboardInterrupt:
        return _interrupted(program)
    except BrokenPipeError:
        # The reader went away (``croupier replay big.phhs | head``): stop quietly.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_PIPE
    except (ValueError, OverflowError, OSError) as exc:
        print(f"croupier: error: {one_line(exc)}", file=sys.stderr)
        return EXIT_USAGE
    return status
