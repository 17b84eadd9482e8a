"""Hot-seat hand-off: the table is hidden until the next player says who they are.

While the computer changes hands the screen shows what the other dragons did
since that player's last turn (the snapshot's ``since_last_turn``: public
events only, no card names - the last player may still be looking). Nothing
else of the next player's snapshot is shown before they confirm."""
from __future__ import annotations

import pygame

from sprites import palette, theme
from sprites.anim import now_ms
from sprites.art import pieces
from sprites.scene import Scene
from sprites.table import overlays

TITLE = overlays.SUMMARY_TITLE
ENTER_AFTER_MS = 1000       # Enter pressed by habit right after End Turn must not show the next hand
LEAVE = "Leave to the title (Esc)"
LEAVE_TIP = "The game is kept: Continue brings it back to this screen. Nobody's hand is shown."


class HandOffScene(Scene):
    def __init__(self, app, table):
        super().__init__(app)
        self.table = table
        self.seat = table.seats.next_viewer(table.decider)
        snap = table.host.snapshot(self.seat, since=None)          # (no log lines: only what this screen says)
        self.summary = [(seat, palette.say_colours(words, table.data)) for seat, words in snap["since_last_turn"]]
        others = [p for p in snap["board"]["players"] if p["seat"] != self.seat]
        open_lairs = others and all(p["lair"] is not None for p in others)     # (The Strategist: no Lair Screens)
        self.hidden = "hand" if open_lairs else "hand and lair"
        d = snap["decision"]
        self.prompt = None if d is None else (d["prompt"] if d["player"] == self.seat else
                                              "The AI dragons move first; watch them on your table.")
        self.shown_at = now_ms()
        self.resize(app.screen.get_size())

    def _size(self, base):
        return theme.font_size(base, self.k)

    def _box(self, w):
        """The summary's rect (its top at 0) and its rows (overlays.summary_rows)."""
        size = self._size(22)
        width = min(w - 40, round(900 * self.k))
        rows = overlays.summary_rows(self.summary, size, width - round(40 * self.k))
        h = (theme.font(self._size(24), True).get_linesize() + overlays.summary_height(rows, size, self._gap())
             + round(40 * self.k))          # (18 above the title, 4 under it, 18 below)
        return pygame.Rect((w - width) // 2, 0, width, h), rows

    def _gap(self):
        return max(2, round(6 * self.k))

    def resize(self, size):
        w, h = size
        self.k = k = min(w / 1600, h / 900)
        self.clear_elements()
        box, _ = self._box(w)
        token = round(150 * k)
        text = round(44 * k) + round(30 * k) + round(34 * k)          # the title, the prompt, the privacy note
        button = round(64 * k)
        gap = round(26 * k)
        summary = box.h + gap if self.summary else 0
        top = max(round(10 * k), (h - (token + gap + text + gap + summary + button)) // 2)
        self.token_c = (w // 2, top + token // 2)
        self.text_y = top + token + gap
        self.box_y = self.text_y + text + gap
        r = pygame.Rect(0, 0, round(420 * k), button)
        r.midtop = (w // 2, self.box_y + summary)
        self.add("handoff:confirm", r, tip="Show the table with your hand and lair (or Enter, after a moment).")
        leave = pygame.Rect(0, 0, theme.text_width(LEAVE, self._size(22), True) + round(40 * k), round(48 * k))
        leave.bottomleft = (round(20 * k), h - round(20 * k))
        self.add("handoff:leave", leave, tip=LEAVE_TIP)

    def click(self, name):
        if name == "handoff:confirm":
            self.app.pop()
            self.table.handed_over(self.seat)
        elif name == "handoff:leave":          # (as the game menu's Leave: nobody's hand is shown on the way)
            self.app.pop()
            self.app.to_title(self.table)

    def key(self, event):
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and now_ms() - self.shown_at >= ENTER_AFTER_MS:
            self.click("handoff:confirm")
        elif event.key == pygame.K_ESCAPE:
            self.click("handoff:leave")

    def draw(self, surface):
        w, h = surface.get_size()
        k = self.k
        surface.fill((34, 24, 18))
        seat = self.table.host.seats[self.seat]
        dragon = next(d for d in self.table.data.dragons if d.name == seat["dragon"])
        img = pieces.dragon_token(dragon.colour, dragon.letter, round(150 * k))
        surface.blit(img, img.get_rect(center=self.token_c))
        y = self.text_y
        theme.blit_text(surface, f"Pass the computer to {seat['name']} ({palette.colour_name(dragon)} Dragon)",
                        self._size(44), (w // 2, y), theme.GOLD, True, "midtop")
        if self.prompt is not None:
            theme.blit_text(surface, self.prompt, self._size(24), (w // 2, y + round(50 * k)),
                            (230, 214, 180), False, "midtop", w - 40)
        theme.blit_text(surface, f"The table stays hidden so that nobody else sees this player's {self.hidden}.",
                        self._size(22), (w // 2, y + round(80 * k)), (180, 160, 130), False, "midtop")
        if self.summary:
            self._draw_summary(surface, w)
        r = self.element_rect("handoff:confirm")
        theme.button(surface, r, f"I am {seat['name']}", self._size(30), hot=self.hover == "handoff:confirm",
                     primary=True)
        theme.button(surface, self.element_rect("handoff:leave"), LEAVE, self._size(22),
                     hot=self.hover == "handoff:leave")

    def _draw_summary(self, surface, w):
        box, rows = self._box(w)
        box.y = self.box_y
        theme.panel(surface, box, fill=(54, 40, 30), edge=theme.GOLD, radius=8, width=2)
        x = box.x + round(20 * self.k)
        y = box.y + round(18 * self.k)
        theme.blit_text(surface, TITLE, self._size(24), (x, y), theme.GOLD, True)
        y += theme.font(self._size(24), True).get_linesize() + round(4 * self.k)
        dragons = {d.name: d for d in self.table.data.dragons}
        overlays.draw_summary_rows(surface, rows, x, y, self._size(22), theme.WHITE,
                                   [dragons[s["dragon"]] for s in self.table.host.seats], self._gap(),
                                   edge=(230, 214, 180))
