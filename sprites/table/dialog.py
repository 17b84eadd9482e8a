"""A small modal box over the map: a title, a few lines of text, a column of
choice buttons and/or a row of cards. Used for "which of these?" questions,
level-up and resource choices, the Scheme draft, Lick Wounds and the
questions asked before an action that cannot be undone.

A choice whose words do not fit its button gets a taller button with the
words wrapped: nothing is cut short."""
from __future__ import annotations

import pygame

from sprites import theme
from sprites.table import cardface


def card_size(lay):
    """The cards shown in a dialog (the Scheme draft)."""
    return lay.px(119), lay.px(170)


class Dialog:
    def __init__(self, title, choices=(), text="", cards=(), cancel=True, anchor=None, width=380, first_pick=False,
                 keep_clear=()):
        self.title = title
        self.first_pick = first_pick    # its choices are picked here first (All choices), not after a click
        self.text = text
        self.choices = list(choices)    # (element name, label)
        self.cards = list(cards)        # (element name, card id)
        self.cancel = cancel            # a "Cancel" button (button:cancel) and Esc close it
        self.anchor = anchor            # the rect of what it asks about, to open beside (None: the centre)
        self.keep_clear = list(keep_clear)      # places on the map its choices mark: left in sight if it can
        self.rect = None
        self.width = width

    def _label_size(self, lay):
        return lay.font(21 if self._cols == 1 else 18)

    def _lines(self, lay, label):
        return theme.wrap(label, self._label_size(lay), self._col_w - lay.px(6) - lay.px(16), True)

    def layout(self, lay, area, room=None, cols=None, place_rect=None):
        """Place the box in ``area`` (the map); one too tall for it is laid out again,
        a column more, over ``room`` (the table below the prompt bar) rather than let
        its buttons spill out of it. ``place_rect``: the rect of a place it keeps clear
        of (None for a whole region)."""
        n = len(self.choices)
        self._cols = cols or (1 if n <= 8 else (2 if n <= 20 else 3))
        w = max(lay.px(self.width), min(area.w - 40, len(self.cards) * lay.px(128) + lay.px(40)))
        if self._cols > 1:
            w = min(area.w - 20, max(w, self._cols * lay.px(330)))
        w = min(w, area.w - 10)
        self._col_w = (w - lay.px(32)) // self._cols
        y = lay.line(26) + lay.px(20)
        if self.text:
            y += len(theme.wrap(self.text, lay.font(20), w - lay.px(30))) * lay.line(20)
            y += lay.px(6)
        card_h = lay.px(170) if self.cards else 0
        self._cards_y = y
        y += card_h + (lay.px(10) if self.cards else 0)
        self._choices_y = y
        line = theme.font(self._label_size(lay), True).get_linesize()
        base = max(lay.px(44 if self._cols == 1 else 36), line + lay.px(14))
        rows = -(-n // self._cols) if n else 0
        self._heights = [base] * rows                 # per row: the tallest wrapped label in it
        for i, (_, label) in enumerate(self.choices):
            row = i % rows
            need = len(self._lines(lay, label)) * line + lay.px(14)
            self._heights[row] = max(self._heights[row], need)
        y += sum(self._heights) + (max(lay.px(44), lay.line(20) + lay.px(14)) if self.cancel else 0) + lay.px(8)
        if room is not None and y > area.h - 10:
            return self.layout(lay, room, cols=min(3, self._cols + 1, max(1, n)), place_rect=place_rect)
        rect = pygame.Rect(0, 0, w, min(y, area.h - 10))
        keep = [r for r in map(place_rect, self.keep_clear) if r is not None] if place_rect else []
        if self.anchor:
            self.rect = self._beside(rect, pygame.Rect(self.anchor), area, lay.px(12), keep)
        else:
            self.rect = self._clear_of(rect, area, keep)
        return self.rect

    @staticmethod
    def _clear_of(rect, area, keep, sides=("center", "midtop", "midbottom", "midleft", "midright")):
        """``rect`` in the middle of ``area``, else at its top, bottom, left or right side:
        the first of these that covers the fewest of the rects ``keep``."""
        best = None
        for side in sides:
            r = rect.copy()
            setattr(r, side, getattr(area, side))
            r = r.clamp(area)
            covered = sum(r.colliderect(k) for k in keep)
            if best is None or covered < best[0]:
                best = (covered, r)
        return best[1]

    @staticmethod
    def _beside(rect, what, area, gap, keep=()):
        """``rect`` placed over, under, right of or left of ``what`` (the first of these that
        stays in ``area`` whole and covers the fewest of the rects ``keep``), never over
        it if it fits anywhere beside it; if each of those covers one of ``keep``, at a
        side of ``area`` clear of them and of ``what``."""
        places = [{"midbottom": (what.centerx, what.top - gap)}, {"midtop": (what.centerx, what.bottom + gap)},
                  {"midleft": (what.right + gap, what.centery)}, {"midright": (what.left - gap, what.centery)}]
        best = None
        for place in places:
            r = rect.copy()
            setattr(r, *next(iter(place.items())))
            r = r.clamp(area)
            covered = sum(r.colliderect(k) for k in keep)
            if not r.colliderect(what) and (best is None or covered < best[0]):
                best = (covered, r)
        if best is not None and best[0]:
            aside = Dialog._clear_of(rect, area, list(keep) + [what], ("midtop", "midbottom", "midleft", "midright"))
            if not aside.colliderect(what) and not any(aside.colliderect(k) for k in keep):
                return aside
        if best is not None:
            return best[1]
        r = rect.copy()
        r.midbottom = places[0]["midbottom"]
        return r.clamp(area)

    def elements(self, lay):
        out = []
        r = self.rect
        cw, ch = card_size(lay)
        x0 = r.centerx - (len(self.cards) * (cw + lay.px(8)) - lay.px(8)) // 2
        for i, (name, _) in enumerate(self.cards):
            out.append((name, pygame.Rect(x0 + i * (cw + lay.px(8)), r.y + self._cards_y, cw, ch)))
        y0 = r.y + self._choices_y
        rows = len(self._heights)
        tops = [y0 + sum(self._heights[:k]) for k in range(rows + 1)]
        for i, (name, _) in enumerate(self.choices):
            col, row = divmod(i, rows)
            out.append((name, pygame.Rect(r.x + lay.px(16) + col * self._col_w, tops[row],
                                          self._col_w - lay.px(6), self._heights[row] - lay.px(6))))
        if self.cancel:
            h = max(lay.px(36), lay.line(20) + lay.px(8))
            w = max(lay.px(160), theme.text_width("Cancel (Esc)", lay.font(20), True) + lay.px(20))
            out.append(("button:cancel", pygame.Rect(r.centerx - w // 2, tops[-1], w, h)))
        return out

    def draw(self, surf, lay, data, hover):
        r = self.rect
        shadow = r.move(lay.px(5), lay.px(6))
        theme.shade(surf, shadow, 110)
        theme.panel(surf, r, fill=(250, 242, 222), edge=theme.WOOD, radius=lay.px(10), width=3)
        theme.blit_wrapped(surf, self.title, lay.font(26), pygame.Rect(r.x + 10, r.y + lay.px(12), r.w - 20,
                                                                       lay.line(26)), theme.WOOD, True, align="center")
        if self.text:
            theme.blit_wrapped(surf, self.text, lay.font(20),
                               pygame.Rect(r.x + lay.px(15), r.y + lay.line(26) + lay.px(18), r.w - lay.px(30), r.h),
                               theme.INK)
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
                self._choice(surf, lay, rect, labels[name], hot=name == hover, primary=name == "button:confirm")

    def _choice(self, surf, lay, rect, label, hot, primary):
        """A choice button; its label wrapped onto as many lines as it needs."""
        lines = self._lines(lay, label)
        theme.button(surf, rect, "", self._label_size(lay), hot=hot, primary=primary)
        size = self._label_size(lay)
        step = theme.font(size, True).get_linesize()
        y = rect.centery - len(lines) * step // 2
        for line in lines:
            theme.blit_text(surf, line, size, (rect.centerx, y), theme.WHITE, True, "midtop")
            y += step
