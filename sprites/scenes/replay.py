"""--replay FILE and "Watch the replay": the table shows a replay host
(``game.app.replay_host``), stepping through a recorded game forwards and back.
The replay's bar is a part of the table (``ReplayBar``): Back and Forward in the
prompt bar (the arrow keys; Home/End seek), and at a finished game's last step
the final scores. Whose eyes each step shows is the replay host's to decide."""
from __future__ import annotations

import pygame

from sprites import theme
from sprites.scenes.table import TableScene
from sprites.table import promptbar
from sprites.table.part import TablePart


class ReplayScene(TableScene):
    """The table with a replay host and its bar; ``replay`` is that host."""

    def __init__(self, app, replay):
        self.replay = replay
        super().__init__(app, replay, handoff=False, part=ReplayBar(replay))


class ReplayBar(TablePart):
    plays = False
    has_undo = False

    def __init__(self, replay):
        self.replay = replay

    def attach(self, table):
        super().attach(table)
        self._follow()

    def _follow(self):
        """Show the hand of whoever decides at this point of the replay."""
        self.table.seats.viewer = self.replay.decider if self.replay.decider is not None else 0

    def refresh(self):
        self.table.right.viewer_label = " (shown)"

    def buttons(self):
        """(name, label) of the bar's two buttons: at a finished game's last step, Forward
        gives way to the final scores."""
        over = self.replay.at_end and self.replay.over
        return ("replay:back", "< Back"), (("replay:scores", "Final scores") if over else ("replay:forward", "Forward >"))

    def register(self):
        for name, label in self.buttons():
            self.table.add(name, self.button_rect(name), tip=label, front=True)

    def bar_extra(self):
        return [self.button_rect(n) for n, _ in self.buttons()]

    def button_rect(self, name):
        """In the prompt bar, where End Turn and All choices are during play (never on the map):
        Back on the left, Forward on the right, as the arrow keys."""
        bar = promptbar.button_rects(self.table.lay, False)
        return pygame.Rect(bar["button:end_turn" if name == "replay:back" else "button:choices"])

    def click(self, name):
        if name in ("button:help", "button:menu"):
            return False
        if name == "replay:scores":
            self.table.app.show_scores(self.replay)
            return True
        if name in ("replay:back", "replay:forward"):
            (self.replay.back if name == "replay:back" else self.replay.forward)()
            self.step()
        return True

    def step(self):
        """The replay moved: show its new position."""
        self._follow()
        self.table.refresh()

    def key(self, event):
        steps = {pygame.K_RIGHT: self.replay.forward, pygame.K_LEFT: self.replay.back,
                 pygame.K_HOME: self.replay.to_start, pygame.K_END: self.replay.to_end}
        if event.key in steps:
            steps[event.key]()
            self.step()
        return True

    def header(self, header):
        head, prompt, colour, letter = header
        last = self.replay.last_step()
        what = f"{self.table.seats.name(last[0])}: {last[1]}" if last else "the start of the game"
        return (f"Replay - {head}", f"Step {self.replay.index} of {len(self.replay)} - {what}. "
                "(Left/Right step, Home/End seek)", colour, letter)

    def draw(self, surface):
        for name, label in self.buttons():
            theme.button(surface, self.button_rect(name), label, self.table.lay.font(20),
                         hot=self.table.hover == name, primary=True)
