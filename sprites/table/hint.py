"""The Hint button: ask the normal AI what it would do in the human's place.

It thinks on a copy of the game in a background thread (the window keeps
answering), sees only what the asking seat may see (the AI plays from
view(seat) and determinised copies), and its answer is dropped if the game
has moved on meanwhile.
"""
from __future__ import annotations

import threading

import pygame

from sprites.seats import make_player_ai

HINT_EVENT = pygame.USEREVENT + 8


class Hint:
    def __init__(self, table, threaded):
        self.table = table
        self.threaded = threaded
        self.thread = None
        self.result = None          # (question number, actions applied when asked, action)
        self.asked = 0              # questions asked so far: an answer to an older one is dropped

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
        copy = g.copy(keep_log=True)      # a fraction of a millisecond
        at = len(t.session.actions)
        self.asked += 1
        question = self.asked
        if not self.threaded:
            self.result = (question, at, self._think(ai, copy, seat))
            return

        def think():
            self.result = (question, at, self._think(ai, copy, seat))
            pygame.event.post(pygame.event.Event(HINT_EVENT))
        self.thread = threading.Thread(target=think, daemon=True)
        self.thread.start()

    @staticmethod
    def _think(ai, game, seat):
        try:
            return ai.choose(game, seat)
        except Exception:               # a hint that fails is no hint, never a crash
            return None

    def take(self):
        """(sentence, action) of the finished hint, once; None while thinking
        or if the game has moved on since it was asked."""
        if self.result is None:
            return None
        (question, at, action), self.result = self.result, None
        if question != self.asked:
            return None
        self.thread = None
        t = self.table
        if at != len(t.session.actions) or t.game.decision is None:
            return None
        if action is None:
            return "Hint: the AI found no suggestion.", None
        if action not in t.game.decision.options:
            return None
        return f"Hint (normal AI): {t.game.describe(action)}.", action

    def forget(self):
        """Drop a hint being thought about (its answer will be thrown away)."""
        self.asked += 1
        self.result = None
        self.thread = None
