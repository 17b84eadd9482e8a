"""The server's garbage collection, paced by the clock so that no move waits long for it.

CPython collects its youngest objects when allocations outnumber deallocations
by a threshold. A server replaces each seat's last snapshot at every move: as
many objects die as are born, the count hardly moves, and the young generation
grows to 100,000 objects and more before a collection comes (tests/bench/
bench_online.py, 500 tables: young collections of 40-150 ms). What lives a few
seconds (a seat's snapshot, until its game's next move) is promoted, and full
collections of the whole heap follow every few seconds (0.5-1 s each).

So ``serve`` collects by the clock instead: automatic collection off; every
``YOUNG_SECONDS`` the young generation (only what was allocated since: a few
milliseconds' work), and whatever survives it is frozen (``gc.freeze``: never
scanned again, still freed by reference counting as soon as it is dropped,
which is how almost everything here goes). A cycle that becomes garbage once
frozen (a closed connection's objects, say) waits for the full collection
every ``FULL_SECONDS``, which unfreezes and collects everything once.
"""
from __future__ import annotations

import asyncio
import gc
import time

YOUNG_SECONDS = 0.1
FULL_SECONDS = 600.0


async def paced(young_seconds=YOUNG_SECONDS, full_seconds=FULL_SECONDS):
    """Collect as said above until cancelled; then the automatic collection is back."""
    gc.disable()
    last_full = time.monotonic()
    try:
        while True:
            await asyncio.sleep(young_seconds)
            if time.monotonic() - last_full >= full_seconds:
                gc.unfreeze()
                gc.collect()
                last_full = time.monotonic()
            else:
                gc.collect(0)
            gc.freeze()
    finally:
        gc.unfreeze()
        gc.enable()
