"""``croupier replay FILE``: replay a PHH hand history (``.phh``, or every hand of a
``.phhs`` file) or a poker site's file (:mod:`croupier.sites`; ``--hand N`` picks
one hand) and print each hand street by street (:mod:`croupier._cli.report`), or
one JSON document per hand and line."""

from __future__ import annotations

import argparse
import json
import os
import sys

from croupier._cli.progress import progress


def run(args: argparse.Namespace) -> int:
    from croupier import phh, sites
    from croupier._cli.report import report

    path: str = args.file
    if os.path.isdir(path):
        raise ValueError(f"{path}: a directory; replay takes one hand-history file")
    try:
        if path.endswith(".phhs"):
            histories = phh.load_all(path)
        elif path.endswith(".phh"):
            histories = [phh.load(path)]
        else:
            histories = sites.load_all(path)
    except ValueError as exc:
        raise ValueError(f"{path}: {exc}") from None
    numbers = list(range(1, len(histories) + 1))
    if args.hand is not None:
        if not 1 <= args.hand <= len(histories):
            raise ValueError(f"--hand {args.hand}: {path} has {len(histories)} hand(s)")
        numbers = [args.hand]
    with progress(args.progress, "hands") as bar:
        for k, number in enumerate(numbers):
            try:
                described = report(histories[number - 1], number)
            except ValueError as exc:
                where = f"{path}, hand {number}" if len(histories) > 1 else path
                raise ValueError(f"{where}: {exc}") from None
            if bar is not None:
                bar.clear()  # stdout may be the same terminal
            if args.json:
                print(json.dumps(described.to_json()))
            else:
                if k:
                    print()
                if len(histories) > 1:
                    print(f"hand {number}")
                print(described.text())
            if bar is not None:
                sys.stdout.flush()
                bar.update(k + 1, len(numbers))
        if bar is not None:
            bar.finish()
    return 0
