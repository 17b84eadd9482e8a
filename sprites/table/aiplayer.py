"""Moves for the AI seats at a readable pace, without freezing the window.

The AI thinks about a copy of the game (in a background thread when the
window runs), so the table keeps drawing and answering clicks meanwhile.
A move is applied only if the game is still where the AI looked at it (an
undo may have changed it). An AI that fails or chooses an illegal move is
reported and replaced, for that move, by a uniformly random legal one.

Pause holds the AI dragons before their next move (a thought already under
way is kept, not played); Step then lets exactly one move through.
"""
from __future__ import annotations

import threading

import pygame

from sprites.seats import RandomChooser

AI_EVENT = pygame.USEREVENT + 7


class AIPlayer:
    def __init__(self, table, threaded):
        self.table = table
        self.threaded = threaded
        self.next_ms = 0           # not before: the pause that keeps AI turns readable
        self.thread = None
        self.result = None         # (actions applied when it started, action)
        self.error = None
        self.paused = False
        self.steps = 0             # moves Step lets through while paused

    def pause_until(self, ms):
        self.next_ms = ms

    def toggle_pause(self):
        self.paused = not self.paused
        self.steps = 0

    def step(self):
        """While paused: let the next AI move through (at once, without the readable pause)."""
        if self.paused:
            self.steps = 1

    def _held(self):
        return self.paused and not self.steps

    def wakeup_ms(self, now):
        """Milliseconds until an AI seat should move (None: nothing to wait for)."""
        t = self.table
        if t.seats.ai_turn() is not None and self.thread is None and not t.game.is_over and not self._held():
            return 0 if self.paused else self.next_ms - now
        return None

    def run(self, now, busy):
        """Start thinking or play a finished thought; ``busy``: an animation runs."""
        t = self.table
        g = t.game
        seat = t.seats.ai_turn()
        if self.result is not None:
            if self._held():
                return
            (at, action), self.result, self.thread = self.result, None, None
            if seat is not None and at == len(t.session.actions):
                self._play(action)
            return
        if seat is None or g.is_over or t.handoff_pending:
            return
        if self.thread is not None or self._held():
            return
        if not self.paused and (now < self.next_ms or busy):
            return
        ai = t.seats.ai_for(seat)
        copy = g.copy(keep_log=True)      # a fraction of a millisecond
        at = len(t.session.actions)
        if not self.threaded:
            self._play(self._think(ai, copy, seat))
            return

        def think():
            self.result = (at, self._think(ai, copy, seat))
            pygame.event.post(pygame.event.Event(AI_EVENT))
        self.thread = threading.Thread(target=think, daemon=True)
        self.thread.start()

    def _think(self, ai, game, seat):
        try:
            return ai.choose(game, seat)
        except Exception as exc:         # a broken AI must not stop the game: say so, play on
            self.error = f"The {self.table.session.seats[seat].kind} AI failed ({exc}); it made a random legal move."
            return None

    def _play(self, action):
        t = self.table
        options = t.game.decision.options
        if action is None or action not in options:
            if action is not None:
                self.error = f"The AI chose an illegal move ({action}); it made a random legal move."
            action = RandomChooser(len(t.session.actions)).choose(t.game, t.game.decision.player)
        if self.paused:
            self.steps = max(0, self.steps - 1)
        t.apply(action)
        if self.error:
            t.say(self.error)
            self.error = None
