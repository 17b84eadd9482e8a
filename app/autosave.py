"""The autosave: a session listener that writes the game after every action
without making the player wait (the window uses it; so can any driver).

Writing a save (YAML plus fsync) takes 10-30 ms late in a game. Right after
each action the listener takes a cheap copy of the session (a fraction of a
millisecond: ``Game.copy``) and a background thread writes the newest
copy; older copies that were not written yet are simply skipped. The thread
waits until the frame after the action is on screen (``frame_drawn``, or
at most ``HOLD_S``), so the save never competes with that frame. After the
game's first save it also deletes the autosaves of all but the newest
``save_folder.KEEP_AUTOSAVES`` other games (``prune_autosaves``).

Nothing can kill the thread silently: every failure, even an unexpected
exception, becomes one line in ``last_error`` for the table to show, and
``notify`` is called so the window wakes up to show it; errors.log gets it
too (an unexpected one with its traceback: ``errorlog``). ``flush`` waits for
the newest copy with a timeout and says so if it ran out.
"""
from __future__ import annotations

import os
import threading
import time

from app import errorlog
from app.save_format import SaveError
from app.save_folder import AUTOSAVE, autosave, prune_autosaves
from app.session import Session

HOLD_S = 0.25            # write at the latest this long after an action, frame drawn or not
FLUSH_TIMEOUT_S = 10.0


def snapshot(session):
    """An independent copy of the session (its game with the log), cheap enough for every action."""
    return Session(seats=list(session.seats), seed=session.seed, variant=session.variant,
                   actions=list(session.actions), game=session.game.copy(keep_log=True))


class BackgroundAutosaver:
    def __init__(self, save_dir, fname=AUTOSAVE, notify=None, new=False):
        self.save_dir = save_dir
        self.fname = fname              # (a new game's may change at its first write: the name was taken)
        self.new = new                  # a new game: its first write makes a file of its own
        self.notify = notify            # called (from the writer thread) when a new error is set
        self.last_error = None
        self.saved_at = None            # time.time() of the last write that worked (None: none yet)
        self._reported = None
        self._pending = None
        self._busy = False              # a copy is being written
        self._work = threading.Condition()
        self._drawn = threading.Event()
        self._thread = None
        self._pruned = False            # the folder's old autosaves are pruned after this game's first write
        self._closed = False            # the game is over for this window: the writer ends once idle

    def __call__(self, session):
        copy = snapshot(session)
        with self._work:
            if self._closed:
                return
            self._pending = copy
            self._drawn.clear()
            if self._thread is None:    # one writer for the whole game (starting a thread takes milliseconds)
                self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
                self._thread.start()
            self._work.notify()

    def frame_drawn(self):
        """The window has drawn the frame after the last action: writing may start."""
        self._drawn.set()

    def _run(self):
        try:
            while True:
                with self._work:
                    while self._pending is None and not self._closed:
                        self._work.wait()
                    if self._pending is None:       # closed, and everything is written
                        self._thread = None
                        self._work.notify_all()
                        return
                self._drawn.wait(HOLD_S)
                with self._work:
                    copy, self._pending = self._pending, None
                    self._busy = True
                try:
                    self._write(copy)
                finally:
                    with self._work:
                        self._busy = False
                        self._work.notify_all()
        except BaseException as exc:        # never die silently: the table shows it
            with self._work:
                self._thread = None
                self._work.notify_all()
            errorlog.unexpected("the autosave", exc)
            self._fail(f"the autosave stopped: {type(exc).__name__}: {exc}{errorlog.see_log()}")

    def _write(self, copy):
        try:
            path = autosave(copy, self.save_dir, self.fname, self.new)
            if self.new:                # the file is this game's now (under another name if fname was taken)
                self.fname, self.new = os.path.basename(path), False
            self.last_error, self.saved_at = None, time.time()
            if not self._pruned:
                self._pruned = True
                prune_autosaves(self.save_dir, current=self.fname)
        except SaveError as exc:
            errorlog.problem("autosave", str(exc))
            self._fail(str(exc))
        except Exception as exc:            # e.g. a name the YAML writer cannot encode
            errorlog.unexpected("the autosave", exc)
            self._fail(f"{self.fname}: cannot be written: {type(exc).__name__}: {exc}{errorlog.see_log()}")

    def _fail(self, problem):
        self.last_error = " ".join(str(problem).split())
        if self.notify is not None:
            self.notify()

    def move_to(self, save_dir, fname):
        """Autosave to save_dir/fname from now on (the game was just saved
        there: "Save as..." elsewhere while the save folder fails)."""
        with self._work:
            self.save_dir, self.fname, self.new = save_dir, fname, False
            self.last_error = None

    def take_error(self):
        """A failure not shown yet (one line), once; None otherwise."""
        error = self.last_error
        if error is None or error == self._reported:
            return None
        self._reported = error
        return error

    def close(self, timeout=FLUSH_TIMEOUT_S):
        """The window is done with this game: write what is pending, then the writer
        thread ends (a game left behind keeps no thread). False if the last write did
        not finish in time."""
        done = self.flush(timeout)
        with self._work:
            self._closed = True
            self._work.notify_all()
            thread = self._thread
        if thread is not None and done:
            thread.join(timeout)
        return done

    def flush(self, timeout=FLUSH_TIMEOUT_S):
        """Wait until the newest copy is on disk; False (and last_error says
        so) if it is still being written after ``timeout`` seconds."""
        self._drawn.set()
        deadline = time.monotonic() + timeout
        with self._work:
            while (self._pending is not None or self._busy) and self._thread is not None:
                left = deadline - time.monotonic()
                if left <= 0:
                    break
                self._work.wait(left)
            done = not (self._pending is not None or self._busy) or self._thread is None
        if not done:
            self._fail(f"{self.fname}: the autosave did not finish within {timeout:g} s")
        return done
