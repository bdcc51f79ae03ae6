"""croupier._chunks: the chunk-job protocol of hands' batches and the exact equity kernels."""

from __future__ import annotations

import numpy as np

from croupier import _chunks, _equity_kernels, hands


def test_a_job_of_no_chunks_is_done_at_once() -> None:
    job = _chunks.Job()
    assert job.chunks == 0
    assert job.step() is False
    assert job.wait(0.0) is True
    job.help()
    job.cancel()
    assert job.wait(0.0) is True


def test_the_parallel_kernels_run_as_jobs() -> None:
    assert issubclass(hands._Batch, _chunks.Job)
    assert issubclass(_equity_kernels._Job, _chunks.Job)


def test_a_batch_of_many_chunks_is_the_same_on_any_threads() -> None:
    rng = np.random.default_rng(5)
    deals = np.argsort(rng.random((100_000, 52)), axis=1)[:, :7].astype(np.uint8)
    one = hands.high(deals, threads=1)
    assert np.array_equal(hands.high(deals, threads=2), one)
    assert np.array_equal(one[:3], [hands.high(row.tolist()) for row in deals[:3]])
