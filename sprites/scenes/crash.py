"""What the player sees after an unexpected error in the window: one line
saying what happened and where the details are (errors.log, written by
app.errorlog), and a way on: back to the title screen (the game is
autosaved after every action, so Continue takes it up) or Quit."""
from __future__ import annotations

import pygame

from sprites import theme
from sprites.scene import Scene


class CrashScene(Scene):
    def __init__(self, app, line, saved):
        super().__init__(app)
        self.line = line
        self.saved = saved                # a game was on the table and its last autosave landed
        self.resize(app.screen.get_size())

    def resize(self, size):
        w, h = size
        self.k = min(w / 1600, h / 900)
        self.clear_elements()
        self.box = pygame.Rect(0, 0, round(1000 * self.k), round(380 * self.k))
        self.box.center = (w // 2, h // 2)
        bw, bh = round(300 * self.k), round(56 * self.k)
        y = self.box.bottom - bh - round(28 * self.k)
        self.add("button:title", pygame.Rect(self.box.centerx - bw - 10, y, bw, bh),
                 tip="The title screen: Continue takes up the autosaved game.")
        self.add("button:quit", pygame.Rect(self.box.centerx + 10, y, bw, bh), tip="Close Wrath of Dragons.")

    def fs(self, base):
        return max(theme.MIN_FONT, round(base * self.k))

    def click(self, name):
        if name == "button:title":
            self.app.to_title()
        elif name == "button:quit":
            self.app.running = False

    def key(self, event):
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.click("button:title")
        elif event.key == pygame.K_ESCAPE:
            self.click("button:quit")

    def draw(self, surface):
        surface.fill((40, 28, 20))
        box = self.box
        theme.panel(surface, box, radius=10)
        pad = round(28 * self.k)
        theme.blit_text(surface, "Something went wrong", self.fs(34), (box.x + pad, box.y + pad), theme.WOOD, True)
        body = pygame.Rect(box.x + pad, box.y + pad + round(64 * self.k), box.w - 2 * pad, round(170 * self.k))
        saved = " Your game was autosaved after its last action." if self.saved else ""
        theme.blit_wrapped(surface, self.line.rstrip(".") + "." + saved, self.fs(26), body, theme.INK)
        theme.button(surface, self.element_rect("button:title"), "Title screen (Enter)", self.fs(24),
                     hot=self.hover == "button:title", primary=True)
        theme.button(surface, self.element_rect("button:quit"), "Quit (Esc)", self.fs(24),
                     hot=self.hover == "button:quit")
