"""Where each part of the table sits, for any window size.

Designed at 1600 x 900 (design/table-layout.md) and scaled by k; the map
takes whatever is left in the middle. Text never gets smaller than
theme.MIN_FONT (12 px), so at small windows the columns keep a minimum width
and the bars a minimum height for it.
"""
from __future__ import annotations

import pygame

from sprites import theme


class TableLayout:
    def __init__(self, size):
        w, h = size
        self.size = tuple(size)
        self._lines, self._fonts = {}, {}
        self.k = k = max(0.45, min(w / 1600, h / 900))
        self.pad = max(4, round(8 * k))
        bar = max(50, round(62 * k))                # a header line and up to two lines of prompt
        left_w = max(190, round(262 * k))
        right_w = max(250, round(340 * k))
        self.prompt = pygame.Rect(0, 0, w, bar)
        self.left = pygame.Rect(0, bar, left_w, h - bar)
        self.right = pygame.Rect(w - right_w, bar, right_w, h - bar)
        cw = w - left_w - right_w
        strip_h = max(84, round(112 * k))
        hand_h = max(130, round(196 * k))
        self.map = pygame.Rect(left_w, bar, cw, h - bar - strip_h - hand_h)
        self.strip = pygame.Rect(left_w, self.map.bottom, cw, strip_h)
        self.hand = pygame.Rect(left_w, self.strip.bottom, cw, h - self.strip.bottom)

    def font(self, base):
        """A font size scaled from its size at 1600 x 900 (never below 12 px text)."""
        size = self._fonts.get(base)
        if size is None:
            size = self._fonts[base] = max(theme.MIN_FONT, round(base * self.k))
        return size

    def px(self, v):
        return max(1, round(v * self.k))

    def line(self, base):
        """The height of a line of text of font(base)."""
        if base not in self._lines:
            self._lines[base] = theme.font(self.font(base)).get_linesize()
        return self._lines[base]
