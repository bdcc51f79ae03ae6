"""Equity spread over a real Dask cluster equals the local run (issue 6).

A ``distributed.LocalCluster`` with two worker processes on loopback; the
equity call gets the cluster's ``concurrent.futures`` executor.
"""

from __future__ import annotations

import distributed
import pytest

import croupier
from croupier import NO_LIMIT
from croupier._equity import equity


def test_equity_on_a_local_dask_cluster_matches_the_local_run() -> None:
    game = croupier.CourchevelHiLo(NO_LIMIT)
    hands = ["As2d3cKh4s", "QdQc8h9hTs", "5c6c7d8dJh"]
    local = equity(game, hands, samples=450_000, seed=11)
    holdem = croupier.TexasHoldem(NO_LIMIT)
    holdem_local = equity(holdem, ["AhKh", "QdQc", "7s7c"], samples=450_000, seed=11)
    # 3,000+ range match-ups on a rainbow flop: several chunks of the exact kernel.
    ranges = ["22+", "AK, AQ, AJ, KQ"]
    exact_local = equity(holdem, ranges, board="2c7d9h", exact=True)
    razz = croupier.Razz(1, 1, (2, 4))
    razz_local = equity(razz, ["As2d3c", "KhQhJh", "5c5d9s"], dead="Qs", samples=120_000, seed=11)
    with (
        distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        pool = client.get_executor()
        spread = equity(game, hands, samples=450_000, seed=11, executor=pool)
        holdem_spread = equity(
            holdem, ["AhKh", "QdQc", "7s7c"], samples=450_000, seed=11, executor=pool
        )
        exact_spread = equity(holdem, ranges, board="2c7d9h", exact=True, executor=pool)
        razz_spread = equity(
            razz, ["As2d3c", "KhQhJh", "5c5d9s"], dead="Qs", samples=120_000, seed=11, executor=pool
        )
    assert spread == local
    assert holdem_spread == holdem_local  # the Hold'em kernel's chunks ran on the workers
    assert exact_spread == exact_local and exact_spread.exact
    assert razz_spread == razz_local  # stud deals in chunks on the workers
    assert spread.deals == 450_000 and sum(spread.equity) == pytest.approx(1.0)
