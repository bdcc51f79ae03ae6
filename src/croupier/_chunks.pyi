"""A job of ``croupier._parallel.run`` cut into chunks.

Typed interface of the Cython module ``croupier._chunks`` (see ``_chunks.pyx``).
"""

from typing_extensions import disjoint_base

@disjoint_base  # a C extension type with C fields
class Job:
    """Chunks claimed one at a time by whichever thread is free."""

    @property
    def chunks(self) -> int:
        """How many chunks the job has."""

    def help(self) -> None:
        """Run chunks until none is left to claim (a pool thread's part)."""

    def step(self) -> bool:
        """Run one chunk on the calling thread; False when there was none."""

    def wait(self, seconds: float) -> bool:
        """Wait at most ``seconds`` for every chunk to be done; True when they are."""

    def cancel(self) -> None:
        """Hand out no more chunks."""
