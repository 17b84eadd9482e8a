"""A replay: step forward and back through a session's actions.

    r = Replay(session)          # or Replay.from_file(path) (raises SaveError)
    r.index                      # actions applied so far, 0..len(r)
    r.game                       # the Game after the first r.index actions
    r.forward(); r.back(); r.seek(i); r.to_start(); r.to_end()
    r.step(i)                    # Step(index, seat, action, text, log_start, log_end)
    r.last_step                  # the step that led to the shown position (None at the start)
    r.log(seat=None)             # log entries up to here (private lines only for ``seat``; all if reveal)

Stepping forward applies one action to the current game; stepping back
restores the nearest earlier snapshot (taken every ``every`` actions during
the first pass) and replays from there, so every position is exact.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass

from game.engine import Game
from game.events import visible_to
from game.log_text import log_texts


@dataclass(frozen=True)
class Step:
    index: int           # 0-based: the action applied to go from position index to index + 1
    seat: int            # who chose it
    action: object       # the Action
    text: str            # a sentence for it (game.describe at that moment)
    log_start: int       # the log entries this action produced: log[log_start:log_end]
    log_end: int


class Replay:
    def __init__(self, session, every=25):
        self.session = session
        self.actions = list(session.actions)
        self.every = max(1, every)
        self.steps = []
        self.snapshots = {}
        g = session.fresh_game()
        for i, a in enumerate(self.actions):
            if i % self.every == 0:
                self.snapshots[i] = g.to_dict()
            seat = g.decision.player
            text = g.describe(a)
            start = len(g.state.log)
            g.apply(a)
            self.steps.append(Step(i, seat, a, text, start, len(g.state.log)))
        self.final = g
        self.index = 0
        self.game = self._restore(0)

    @classmethod
    def from_file(cls, path, every=25):
        from app.save_format import load_session
        return cls(load_session(path), every)

    def __len__(self):
        return len(self.actions)

    @property
    def at_start(self):
        return self.index == 0

    @property
    def at_end(self):
        return self.index == len(self.actions)

    def step(self, i):
        return self.steps[i]

    @property
    def last_step(self):
        return self.steps[self.index - 1] if self.index else None

    @property
    def next_step(self):
        return None if self.at_end else self.steps[self.index]

    def forward(self):
        """Apply the next action; False at the end."""
        if self.at_end:
            return False
        self.game.apply(self.actions[self.index])
        self.index += 1
        return True

    def back(self):
        """Go back one action; False at the start."""
        if self.at_start:
            return False
        self.seek(self.index - 1)
        return True

    def seek(self, i):
        """Show the position after the first i actions (clamped to 0..len)."""
        i = max(0, min(len(self.actions), i))
        if i < self.index or i - self.index > self.every:
            base = max(k for k in self.snapshots if k <= i) if self.snapshots else 0
            self.game = self._restore(base)
            self.index = base
        while self.index < i:
            self.forward()
        return self.game

    def to_start(self):
        return self.seek(0)

    def to_end(self):
        return self.seek(len(self.actions))

    def _restore(self, k):
        if k in self.snapshots:
            return Game.from_dict(copy.deepcopy(self.snapshots[k]))
        return self.session.fresh_game()

    def log(self, seat=None, reveal=False):
        """Log entries (seat, text) up to the shown position: public lines, plus
        ``seat``'s private ones, or every line with reveal=True."""
        g = self.game
        return [(e["seat"], text) for e, text in zip(g.state.log, log_texts(g))
                if reveal or visible_to(e, seat)]
