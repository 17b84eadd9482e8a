"""Rules help (F1): the rules summarised by phase, and the meaning of every icon."""
from __future__ import annotations

import pygame

from sprites import theme
from sprites.scene import Scene
from sprites.art import pieces
from sprites.table import icons

PHASES = [
    ("The goal", "Six centuries of dragons laying waste to the Old World. Destroyed settlements, hoarded "
     "resources and cities score Victory Points at the end; the most VP wins (ties: highest level, then Life). "
     "In Desolation of the Old World all dragons cooperate: what is left on the board counts as Survival Points, "
     "and fewer is better."),
    ("1. Settlement Growth (from century 2)", "Players + 1 cards go to the Card Selection Track; each card's back "
     "region grows its largest settlement (two sizes from century 4). The top card of the deck points the Action "
     "Hex arrow; each hex side adds a resource to the region it faces. With 2-3 players Rogue Dragons land and do "
     "the hex action of their region."),
    ("2. Awakening (from century 2)", "Every dragon gains 1 Life (Regeneration: 2), draws 2 cards and discards 1."),
    ("3. Lair", "In turn order from the First Lair marker, each player takes one Lair Action still free this "
     "century (actions of earlier centuries stay available). Then each takes a card from the Card Selection Track."),
    ("4. Attack", "From the First Attack marker, each player places their dragon in a free region, then takes a whole "
     "turn there: play cards of that region (or Any Region), use the Action Hex with a Dragon Hex Card, eat livestock "
     "to fly to a neighbouring region, spend gold to turn the hex, burn a field for Divination (draw 2, discard 1), "
     "eat a noble (+2 Life), discard cards to lick wounds (+1 Life each). Attack icons take settlements: 1 icon a "
     "village (1 Life), 2 icons a whole town (2 Life) or a city (3 Life). Life may never drop to 0."),
    ("Leveling up", "Destroy a city, or 3 villages, or gain 4 resources in one Attack Phase: at the end of the turn "
     "choose the next ability (level 2: Great Fortitude or Regeneration; 3: Mighty Wings or Cunning Intellect; "
     "4: Dragon Wrath). Once per century."),
    ("Scoring", "1 VP per region you took a settlement from (+4 for all six), 3 VP for Terrify, 1 VP per city; "
     "most / second most of each resource: 5 / 2 VP; most / second most Regional Value per region: 6 / 3 VP "
     "(village 1, city 3)."),
    ("Playing with the mouse", "Glowing things can be clicked now. Click a card to play or discard it, a region to "
     "place or move your dragon, a settlement to assign Attack icons, the hex or its arrows to use or turn it, a Lair "
     "Action or a track card to take it. Hover anything for details. All choices (Tab) lists every option. Enter ends "
     "the turn, Esc cancels, U undoes, H asks the AI for a hint, PageUp/PageDown scroll the log, F11 toggles full screen, the Speed button "
     "hurries animations and AI dragons."),
]


class HelpScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.resize(app.screen.get_size())

    def resize(self, size):
        w, h = size
        self.k = min(w / 1600, h / 900)
        self.clear_elements()
        r = pygame.Rect(0, 0, round(200 * self.k), round(48 * self.k))
        r.bottomleft = (round(54 * self.k), h - round(40 * self.k))
        self.add("button:close", r, tip="Back to the game (Esc).")

    def click(self, name):
        if name == "button:close":
            self.app.pop()

    def key(self, event):
        if event.key in (pygame.K_ESCAPE, pygame.K_F1, pygame.K_RETURN):
            self.app.pop()

    def draw(self, surface):
        w, h = surface.get_size()
        k = self.k
        surface.fill((52, 38, 26))
        page = pygame.Rect(round(30 * k), round(24 * k), w - round(60 * k), h - round(48 * k))
        theme.panel(surface, page, radius=12)
        theme.blit_text(surface, "Wrath of Dragons - how to play", max(18, round(40 * k)),
                        (page.x + round(24 * k), page.y + round(16 * k)), theme.WOOD, True)
        col_w = round(page.w * 0.62)
        y = page.y + round(64 * k)
        size = max(12, round(21 * k))
        for title, body in PHASES:
            theme.blit_text(surface, title, max(13, round(23 * k)), (page.x + round(24 * k), y), theme.RED, True)
            y += round(24 * k)
            y = theme.blit_wrapped(surface, body, size, pygame.Rect(page.x + round(24 * k), y, col_w, page.bottom - y))
            y += round(8 * k)
        x = page.x + col_w + round(60 * k)
        y = page.y + round(64 * k)
        theme.blit_text(surface, "Icons", max(13, round(26 * k)), (x, y), theme.RED, True)
        y += round(34 * k)
        isz = round(40 * k)
        for name, meaning in icons.NAMES.items():
            surface.blit(icons.icon(name, isz, icons.AMOUNTS.get(name)), (x, y))
            theme.blit_wrapped(surface, meaning, size, pygame.Rect(x + isz + 10, y + 4, page.right - x - isz - 30,
                                                                   isz + 10))
            y += isz + round(8 * k)
        y = theme.blit_wrapped(surface, "On cards, a ring in a region's colour takes from that region; a purple "
                               "ring takes from the general stockpile.", size,
                               pygame.Rect(x, y + 4, page.right - x - 20, round(60 * k)), theme.MUTED)
        y += round(10 * k)
        theme.blit_text(surface, "On the map", max(13, round(26 * k)), (x, y), theme.RED, True)
        y += round(34 * k)
        px = x
        for kind, label in (("village", "village"), ("town", "town (2 villages)"), ("city", "city")):
            img = pieces.building(kind, "#3f6fb5", isz)
            surface.blit(img, (px, y))
            theme.blit_text(surface, label, size, (px + isz // 2, y + isz + 2), theme.INK, False, "midtop")
            px += round(150 * k)
        y += isz + round(30 * k)
        img = pieces.dragon_token("#c8282d", "R", isz)
        surface.blit(img, (x, y))
        theme.blit_text(surface, "a dragon: its letter names it", size, (x + isz + 8, y + isz // 2), theme.INK,
                        False, "midleft")
        img = pieces.dragon_token("#2f6fd0", "R", isz, rogue=True)
        surface.blit(img, (x + round(260 * k), y))
        theme.blit_text(surface, "a Rogue Dragon", size, (x + round(260 * k) + isz + 8, y + isz // 2), theme.INK,
                        False, "midleft")
        r = self.element_rect("button:close")
        theme.button(surface, r, "Back (Esc)", max(14, round(24 * k)), hot=self.hover == "button:close")
