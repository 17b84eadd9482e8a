"""Work the window does while it waits: pictures and sounds that a later frame
may want, made between frames instead of before the first one.

    idle.later("cards", jobs)    # jobs: callables, done in order; replaces the
                                 # earlier jobs of "cards" (made for an old size);
                                 # a generator is a job done a step (a next()) at a time
    idle.run(0.004)              # the event loop, while it waits: jobs for about 4 ms

Each job is small (one card face, one sound effect), so a click that comes
while they run waits a few milliseconds at most. Whatever a frame needs
before its job has run is made then, as before (every drawing is cached).
"""
from __future__ import annotations

import time
from collections import deque

from sprites.art import common

_queues = {}            # owner -> deque of jobs, in the order the owners came


def later(owner, jobs, first=False):
    """Do ``jobs`` when the window is idle, instead of any left from ``owner``
    (``first``: before the other owners' jobs)."""
    _queues.pop(owner, None)
    jobs = deque(jobs)
    if jobs:
        _queues[owner] = jobs
        if first:
            for other in [o for o in _queues if o != owner]:
                _queues[other] = _queues.pop(other)


def pending():
    return bool(_queues)


def run(budget_s):
    """Do jobs, the oldest owner's first, until ``budget_s`` seconds are spent;
    returns how many were done."""
    end = time.perf_counter() + budget_s
    done = 0
    while _queues and (done == 0 or time.perf_counter() < end):
        owner = next(iter(_queues))
        jobs = _queues[owner]
        job = jobs.popleft()
        if callable(job):
            job()
        else:                           # a generator: one step now, the next one later
            try:
                next(job)
                jobs.appendleft(job)
            except StopIteration:
                pass
        if not jobs:
            _queues.pop(owner, None)
        done += 1
    return done


def finish():
    """Do every job now (a benchmark or a test that wants the idle state)."""
    while _queues:
        run(1.0)


def clear():
    _queues.clear()


common.register_cache(clear)        # the window closed: what its jobs would draw is gone with it
