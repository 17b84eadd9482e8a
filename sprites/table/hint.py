"""The Hint button: ask the normal AI what it would do in the human's place.

It thinks on a copy of the game in a background thread (the window keeps
answering), sees only what the asking seat may see (the AI plays from
view(seat) and determinised copies), and its answer is dropped if the game
has moved on meanwhile.
"""
from __future__ import annotations

import threading

import pygame

from game import Game
from sprites.seats import make_player_ai

HINT_EVENT = pygame.USEREVENT + 8


class Hint:
    def __init__(self, table, threaded):
        self.table = table
        self.threaded = threaded
        self.thread = None
        self.result = None          # (actions applied when asked, action)

    @property
    def thinking(self):
        return self.thread is not None

    def ask(self):
        t = self.table
        g = t.game
        if g.is_over or self.thread is not None:
            return
        seat = g.decision.player
        ai = make_player_ai("normal", t.session.seed * 31 + len(t.session.actions))
        copy = Game.from_dict(g.to_dict(), g.data)
        at = len(t.session.actions)
        if not self.threaded:
            self.result = (at, self._think(ai, copy, seat))
            return

        def think():
            self.result = (at, self._think(ai, copy, seat))
            pygame.event.post(pygame.event.Event(HINT_EVENT))
        self.thread = threading.Thread(target=think, daemon=True)
        self.thread.start()
        t.say("Hint: the normal AI is thinking...")

    @staticmethod
    def _think(ai, game, seat):
        try:
            return ai.choose(game, seat)
        except Exception:               # a hint that fails is no hint, never a crash
            return None

    def take(self):
        """The finished hint's sentence, once (None while thinking or if stale)."""
        if self.result is None:
            return None
        (at, action), self.result, self.thread = self.result, None, None
        t = self.table
        if action is None:
            return "Hint: the AI found no suggestion."
        if at != len(t.session.actions) or action not in t.game.decision.options:
            return None
        return f"Hint (normal AI): {t.game.describe(action)}."
