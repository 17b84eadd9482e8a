"""The other seats' moves at a readable pace, without freezing the window.

The host thinks for the AI seats (in a background thread when the window runs)
or receives the moves of players elsewhere; the table lets each one through
(``host.advance``) when the last one has been shown: after the readable pause
(the AI delay, divided by the speed) and once the animations of the last move
have ended. Pause holds the other dragons before their next move (a thought
already under way is kept, not played); Step then lets exactly one through.
"""
from __future__ import annotations

import weakref


class Pacer:
    def __init__(self, table):
        self.table = weakref.proxy(table)       # no cycle with its table (sprites.table.part says why)
        self.next_ms = 0           # not before: the pause that keeps AI turns readable
        self.paused = False
        self.steps = 0             # moves Step lets through while paused

    def pause_until(self, ms):
        self.next_ms = ms

    def toggle_pause(self):
        self.paused = not self.paused
        self.steps = 0

    def step(self):
        """While paused: let the next move through (at once, without the readable pause)."""
        if self.paused:
            self.steps = 1

    def _held(self):
        return self.paused and not self.steps

    def _waiting(self):
        """Another seat must move and the table is showing the game (not a hand-off)."""
        t = self.table
        return t.seats.ai_turn(t.decider) is not None and not t.handoff_pending

    def wakeup_ms(self, now):
        """Milliseconds until the next move should be let through (None: nothing to wait for)."""
        host = self.table.host
        if not self._waiting() or self._held():
            return None
        if host.ready():
            return 0
        if host.thinking:
            return None
        return 0 if self.paused else self.next_ms - now

    def run(self, now, busy):
        """Let the next move through, or start the host thinking about it; ``busy``: an animation runs."""
        t = self.table
        host = t.host
        if not self._waiting() or self._held():
            return
        if not host.ready():
            if host.thinking or (not self.paused and (now < self.next_ms or busy)):
                return
        if host.advance():
            if self.paused:
                self.steps = max(0, self.steps - 1)
            t.changed()
