"""A small modal box over the map: a title, a few lines of text, a column of
choice buttons and/or a row of cards. Used for "which of these?" questions,
level-up and resource choices, the Scheme draft and the End Turn check."""
from __future__ import annotations

import pygame

from sprites import theme
from sprites.table import cardface


class Dialog:
    def __init__(self, title, choices=(), text="", cards=(), cancel=True, anchor=None, width=380):
        self.title = title
        self.text = text
        self.choices = list(choices)    # (element name, label)
        self.cards = list(cards)        # (element name, card id)
        self.cancel = cancel            # a "Cancel" button (button:cancel) and Esc close it
        self.anchor = anchor            # a point to open near, or None for the centre
        self.rect = None
        self.width = width

    def layout(self, lay, area):
        n = len(self.choices)
        self._cols = 1 if n <= 8 else (2 if n <= 20 else 3)
        w = max(lay.px(self.width), min(area.w - 40, len(self.cards) * lay.px(128) + lay.px(40)))
        if self._cols > 1:
            w = min(area.w - 20, max(w, self._cols * lay.px(330)))
        y = lay.px(52)
        if self.text:
            y += len(theme.wrap(self.text, lay.font(20), w - lay.px(30))) * theme.font(lay.font(20)).get_linesize()
            y += lay.px(6)
        card_h = lay.px(170) if self.cards else 0
        self._cards_y = y
        y += card_h + (lay.px(10) if self.cards else 0)
        self._choices_y = y
        row = lay.px(44 if self._cols == 1 else 36)
        rows = -(-n // self._cols)
        y += rows * row + (lay.px(44) if self.cancel else 0) + lay.px(8)
        rect = pygame.Rect(0, 0, w, min(y, area.h - 10))
        if self.anchor:
            rect.midbottom = (self.anchor[0], self.anchor[1] - lay.px(12))
            if rect.top < area.top:
                rect.midtop = (self.anchor[0], self.anchor[1] + lay.px(12))
        else:
            rect.center = area.center
        self.rect = rect.clamp(area)
        self._row = row
        return self.rect

    def elements(self, lay):
        out = []
        r = self.rect
        cw, ch = lay.px(119), lay.px(170)
        x0 = r.centerx - (len(self.cards) * (cw + lay.px(8)) - lay.px(8)) // 2
        for i, (name, _) in enumerate(self.cards):
            out.append((name, pygame.Rect(x0 + i * (cw + lay.px(8)), r.y + self._cards_y, cw, ch)))
        y0 = r.y + self._choices_y
        rows = max(1, -(-len(self.choices) // self._cols))
        col_w = (r.w - lay.px(32)) // self._cols
        for i, (name, _) in enumerate(self.choices):
            col, row = divmod(i, rows)
            out.append((name, pygame.Rect(r.x + lay.px(16) + col * col_w, y0 + row * self._row,
                                          col_w - lay.px(6), self._row - lay.px(6))))
        if self.cancel:
            y = y0 + rows * self._row
            out.append(("button:cancel", pygame.Rect(r.centerx - lay.px(80), y, lay.px(160), lay.px(36))))
        return out

    def draw(self, surf, lay, data, hover):
        r = self.rect
        shadow = r.move(lay.px(5), lay.px(6))
        theme.shade(surf, shadow, 110)
        theme.panel(surf, r, fill=(250, 242, 222), edge=theme.WOOD, radius=lay.px(10), width=3)
        theme.blit_text(surf, self.title, lay.font(26), (r.centerx, r.y + lay.px(14)), theme.WOOD, True, "midtop",
                        r.w - 20)
        if self.text:
            theme.blit_wrapped(surf, self.text, lay.font(20),
                               pygame.Rect(r.x + lay.px(15), r.y + lay.px(48), r.w - lay.px(30), r.h), theme.INK)
        labels = dict(self.choices)
        for name, rect in self.elements(lay):
            if name.startswith("draft:"):
                cid = dict(self.cards)[name]
                surf.blit(cardface.face(data, cid, rect.w, rect.h), rect)
                if name == hover:
                    pygame.draw.rect(surf, theme.HILITE, rect.inflate(6, 6), 3, border_radius=9)
            elif name == "button:cancel":
                theme.button(surf, rect, "Cancel (Esc)", lay.font(20), hot=name == hover)
            else:
                theme.button(surf, rect, labels[name], lay.font(21 if self._cols == 1 else 18), hot=name == hover,
                             primary=name == "button:confirm")
