"""Autosave without making the player wait: the window's session listener.

Writing a save (YAML plus fsync) takes tens of milliseconds late in a game.
The listener takes a copy of the session right after each action (a few
ms) and game.saves.autosave writes the newest copy in a background thread;
older copies that were not written yet are simply skipped. Failures are kept
in ``last_error`` for the table to show, like game.saves.Autosaver.
"""
from __future__ import annotations

import threading

from game import Game
from game.save import SaveError
from game.saves import autosave
from game.session import Session


class BackgroundAutosaver:
    def __init__(self, save_dir):
        self.save_dir = save_dir
        self.last_error = None
        self._pending = None
        self._lock = threading.Lock()
        self._thread = None

    def __call__(self, session):
        g = session.game
        copy = Session(seats=list(session.seats), seed=session.seed, variant=session.variant,
                       actions=list(session.actions), game=Game.from_dict(g.to_dict(), g.data))
        with self._lock:
            self._pending = copy
            if self._thread is None:
                self._thread = threading.Thread(target=self._write, name="autosave")
                self._thread.start()

    def _write(self):
        while True:
            with self._lock:
                copy, self._pending = self._pending, None
                if copy is None:
                    self._thread = None
                    return
            try:
                autosave(copy, self.save_dir)
                self.last_error = None
            except SaveError as exc:
                self.last_error = str(exc)

    def flush(self):
        """Wait until the newest copy is on disk."""
        while True:
            with self._lock:
                thread = self._thread
            if thread is None:
                return
            thread.join()
