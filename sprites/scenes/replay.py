"""--replay FILE: step through a saved game on the table, forwards and back."""
from __future__ import annotations

import pygame

from game.app.replay import Replay
from sprites import theme
from sprites.scenes.table import TableScene
from sprites.table import promptbar


class _Frozen:
    """A session-like holder for the replay's current game (no applying)."""

    def __init__(self, session, game):
        self.seats = session.seats
        self.seed = session.seed
        self.game = game


class ReplayScene(TableScene):
    """The table showing the replay's position; arrows step, Home/End seek."""

    def __init__(self, app, session):
        self.replay = Replay(session)
        self.replay.to_start()
        self.original = session
        super().__init__(app, _Frozen(session, self.replay.game), handoff=False)

    def refresh(self):
        self.right.viewer_label = " (shown)"
        self.session.game = self.replay.game
        super().refresh()
        self.groups = {}
        self._register()
        for name, label in self._buttons():
            self.add(name, self._button_rect(name), tip=label, front=True)

    def _buttons(self):
        """(name, label) of the bar's two buttons: at a finished game's last step, Forward
        gives way to the final scores."""
        over = self.replay.at_end and self.replay.game.is_over
        return ("replay:back", "< Back"), (("replay:scores", "Final scores") if over else ("replay:forward", "Forward >"))

    def bar_extra(self):
        return [self._button_rect(n) for n, _ in self._buttons()]

    def _button_rect(self, name):
        """In the prompt bar, where End Turn and All choices are during play (never on the map):
        Back on the left, Forward on the right, as the arrow keys."""
        bar = promptbar.button_rects(self.lay, False)
        return pygame.Rect(bar["button:end_turn" if name == "replay:back" else "button:choices"])

    def click(self, name):
        if name == "replay:back":
            self.replay.back()
        elif name == "replay:forward":
            self.replay.forward()
        elif name == "replay:scores":
            self.app.show_scores(self.original)
            return None
        elif name in ("button:help", "button:menu"):
            return super().click(name)
        self._follow()
        return None

    def _follow(self):
        """Show the hand of whoever decides at this point of the replay."""
        self.seats.viewer = self.replay.game.decision.player if self.replay.game.decision else 0
        self.refresh()

    def key(self, event):
        steps = {pygame.K_RIGHT: self.replay.forward, pygame.K_LEFT: self.replay.back,
                 pygame.K_HOME: self.replay.to_start, pygame.K_END: self.replay.to_end}
        if event.key in steps:
            steps[event.key]()
            self._follow()

    def update(self, now):
        return False

    def header(self):
        head, prompt, colour, letter = super().header()
        n = len(self.replay)
        last = self.replay.last_step
        what = f"{self.seats.name(last.seat)}: {last.text}" if last else "the start of the game"
        return (f"Replay - {head}", f"Step {self.replay.index} of {n} - {what}. (Left/Right step, Home/End seek)",
                colour, letter)

    def draw(self, surface):
        super().draw(surface)
        for name, label in self._buttons():
            theme.button(surface, self._button_rect(name), label, self.lay.font(20), hot=self.hover == name,
                         primary=True)
