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
    ("Playing with the mouse", "Glowing things can be clicked now. Click a card to play or discard it, anywhere in a "
     "region to place or move your dragon, a settlement to assign Attack icons, the hex or its arrows to use or turn "
     "it, a Lair Action or a track card to take it; Divination, Consume Noble and Lick Wounds are buttons beside your "
     "hand. Something that spends a card or a resource and cannot be undone asks first. Hover anything for details. "
     "All choices (Tab) lists every option. Enter ends the turn, Esc cancels, U undoes (or says why not), H asks the "
     "AI for a hint and marks what it suggests, PageUp/PageDown scroll the log, F11 toggles full screen, the Speed "
     "button hurries animations and AI dragons (it is remembered, like the seats and the window size)."),
]


class HelpScene(Scene):
    """The rules and icons on one page; in a small window the page scrolls
    (wheel, arrows, Page Up/Down), since its words never get smaller than 12 px."""

    def __init__(self, app):
        super().__init__(app)
        self.scroll_y = 0
        self.content_h = 0
        self.resize(app.screen.get_size())

    def resize(self, size):
        w, h = size
        self.k = min(w / 1600, h / 900)
        self.clear_elements()
        r = pygame.Rect(0, 0, round(200 * self.k), round(48 * self.k))
        r.bottomleft = (round(54 * self.k), h - round(14 * self.k))
        self.add("button:close", r, tip="Back to the game (Esc).")
        self.scroll_y = 0

    def fs(self, base):
        return max(theme.MIN_FONT, round(base * self.k))

    def click(self, name):
        if name == "button:close":
            self.app.pop()

    def scroll(self, pos, dy):
        self._scroll_by(-dy * 3 * theme.font(self.fs(21)).get_linesize())

    def _scroll_by(self, dy):
        page_h = self.app.screen.get_height() - round(150 * self.k)
        self.scroll_y = max(0, min(max(0, self.content_h - page_h), self.scroll_y + dy))
        self.app.dirty = True

    def key(self, event):
        step = {pygame.K_DOWN: 1, pygame.K_UP: -1, pygame.K_PAGEDOWN: 10, pygame.K_PAGEUP: -10}.get(event.key)
        if step:
            self._scroll_by(step * theme.font(self.fs(21)).get_linesize())
        elif event.key in (pygame.K_ESCAPE, pygame.K_F1, pygame.K_RETURN):
            self.app.pop()

    def draw(self, surface):
        w, h = surface.get_size()
        k = self.k
        surface.fill((52, 38, 26))
        page = pygame.Rect(round(30 * k), round(24 * k), w - round(60 * k), h - round(90 * k))
        theme.panel(surface, page, radius=12)
        theme.blit_text(surface, "Wrath of Dragons - how to play", self.fs(40),
                        (page.x + round(24 * k), page.y + round(16 * k)), theme.WOOD, True)
        body = pygame.Rect(page.x, page.y + round(64 * k), page.w, page.bottom - page.y - round(64 * k) - 8)
        surface.set_clip(body)
        bottom = self._content(surface, page, body.y - self.scroll_y)
        surface.set_clip(None)
        self.content_h = bottom + self.scroll_y - body.y
        if self.content_h > body.h:
            more = "scroll (wheel, arrows) for more" if self.scroll_y + body.h < self.content_h else "top: Page Up"
            theme.blit_text(surface, more, self.fs(18), (page.right - round(24 * k), page.y + round(20 * k)),
                            theme.BLUE, False, "topright")
        r = self.element_rect("button:close")
        theme.button(surface, r, "Back (Esc)", self.fs(24), hot=self.hover == "button:close")

    def _content(self, surface, page, top):
        """Both columns, from y = top; returns the lowest y drawn."""
        k = self.k
        col_w = round(page.w * 0.62)
        y = top
        size = self.fs(21)
        for title, body in PHASES:
            theme.blit_text(surface, title, self.fs(23), (page.x + round(24 * k), y), theme.RED, True)
            y += theme.font(self.fs(23), True).get_linesize() + 2
            y = theme.blit_wrapped(surface, body, size, pygame.Rect(page.x + round(24 * k), y, col_w, 10 ** 5))
            y += round(8 * k)
        left_bottom = y
        x = page.x + col_w + round(60 * k)
        y = top
        theme.blit_text(surface, "Icons", self.fs(26), (x, y), theme.RED, True)
        y += theme.font(self.fs(26), True).get_linesize() + round(6 * k)
        isz = max(round(40 * k), theme.font(size).get_linesize() * 2)
        for name, meaning in icons.NAMES.items():
            surface.blit(icons.icon(name, isz, icons.AMOUNTS.get(name)), (x, y))
            end = theme.blit_wrapped(surface, meaning, size, pygame.Rect(x + isz + 10, y + 4,
                                                                         page.right - x - isz - 30, 10 ** 5))
            y = max(y + isz, end) + round(8 * k)
        y = theme.blit_wrapped(surface, "On cards, a ring in a region's colour takes from that region; a purple "
                               "ring takes from the general stockpile.", size,
                               pygame.Rect(x, y + 4, page.right - x - 20, 10 ** 5), theme.MUTED)
        y += round(10 * k)
        theme.blit_text(surface, "On the map", self.fs(26), (x, y), theme.RED, True)
        y += theme.font(self.fs(26), True).get_linesize() + round(6 * k)
        px = x
        for kind, label in (("village", "village"), ("town", "town (2 villages)"), ("city", "city")):
            img = pieces.building(kind, "#3f6fb5", isz)
            surface.blit(img, (px, y))
            theme.blit_text(surface, label, size, (px + isz // 2, y + isz + 2), theme.INK, False, "midtop")
            px += max(round(150 * k), theme.text_width(label, size) + 10)
        y += isz + theme.font(size).get_linesize() + round(12 * k)
        img = pieces.dragon_token("#c8282d", "R", isz)
        surface.blit(img, (x, y))
        theme.blit_text(surface, "a dragon: its letter names it", size, (x + isz + 8, y + isz // 2), theme.INK,
                        False, "midleft")
        y += isz + round(8 * k)
        img = pieces.dragon_token("#2f6fd0", "R", isz, rogue=True)
        surface.blit(img, (x, y))
        theme.blit_text(surface, "a Rogue Dragon", size, (x + isz + 8, y + isz // 2), theme.INK, False, "midleft")
        return max(left_bottom, y + isz)
