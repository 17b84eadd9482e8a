"""Hot-seat hand-off: the table is hidden until the next player says who they are."""
from __future__ import annotations

import pygame

from sprites import palette, theme
from sprites.art import pieces
from sprites.scene import Scene


class HandOffScene(Scene):
    def __init__(self, app, table):
        super().__init__(app)
        self.table = table
        self.seat = table.seats.acting()
        self.resize(app.screen.get_size())

    def resize(self, size):
        w, h = size
        k = min(w / 1600, h / 900)
        self.k = k
        self.clear_elements()
        r = pygame.Rect(0, 0, round(420 * k), round(64 * k))
        r.center = (w // 2, h // 2 + round(120 * k))
        self.add("handoff:confirm", r, tip="Show the table with your hand and lair.")

    def click(self, name):
        if name == "handoff:confirm":
            self.app.pop()
            self.table.handed_over(self.seat)

    def key(self, event):
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.click("handoff:confirm")

    def draw(self, surface):
        w, h = surface.get_size()
        k = self.k
        surface.fill((34, 24, 18))
        seat = self.table.session.seats[self.seat]
        dragon = next(d for d in self.table.data.dragons if d.name == seat.dragon)
        c = (w // 2, h // 2 - round(120 * k))
        img = pieces.dragon_token(dragon.colour, dragon.letter, round(150 * k))
        surface.blit(img, img.get_rect(center=c))
        theme.blit_text(surface, f"Pass the computer to {seat.name} ({palette.colour_name(dragon)} Dragon)", theme.font_size(44, k),
                        (w // 2, h // 2), theme.GOLD, True, "center")
        d = self.table.session.game.decision
        if d is not None:
            theme.blit_text(surface, d.prompt, theme.font_size(24, k), (w // 2, h // 2 + round(40 * k)),
                            (230, 214, 180), False, "center", w - 40)
        theme.blit_text(surface, "The table stays hidden so that nobody else sees this player's hand and lair.",
                        theme.font_size(22, k), (w // 2, h // 2 + round(70 * k)), (180, 160, 130), False, "center")
        r = self.element_rect("handoff:confirm")
        theme.button(surface, r, f"I am {seat.name}", theme.font_size(30, k), hot=self.hover == "handoff:confirm",
                     primary=True)
