"""A job in a worker thread, so that the window never waits for it (loading
a save: parsing and replaying take up to a second for the largest files).

    job = Job(load_session, path, notify=wake_up)   # starts at once
    job.done()          # finished (then ``result`` or ``error``)
    job.cancel()        # the player changed their mind: the result is dropped

``notify`` is called from the worker thread when the job ends.
"""
from __future__ import annotations

import threading


class Job:
    def __init__(self, fn, *args, notify=None, name="job"):
        self.result = None
        self.error = None                 # the exception fn raised, if any
        self.cancelled = False
        self._done = threading.Event()
        self._notify = notify
        self._thread = threading.Thread(target=self._run, args=(fn, args), name=name, daemon=True)
        self._thread.start()

    def _run(self, fn, args):
        try:
            self.result = fn(*args)
        except Exception as exc:          # handed to the window, which shows it in one line
            self.error = exc
        finally:
            self._done.set()
            if self._notify is not None:
                self._notify()

    def done(self):
        return self._done.is_set()

    def wait(self, timeout=None):
        return self._done.wait(timeout)

    def cancel(self):
        self.cancelled = True
