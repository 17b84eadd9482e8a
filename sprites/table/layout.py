"""Where each part of the table sits, for any window size.

Designed at 1600 x 900 (design/table-layout.md) and scaled by k; the map
takes whatever is left in the middle. Text never gets smaller than
theme.min_font() (12 px, times the Text size setting), so at small windows
the columns keep a minimum width and the bars a minimum height for it (times
the Text size too: the layout of a smaller window, magnified).
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
        self.text = s = theme.text_scale()
        self.min_font = theme.min_font()
        self.pad = max(round(4 * s), round(8 * k))
        bar = max(round(50 * s), round(62 * k))           # a header line and up to two lines of prompt
        left_w = max(round(190 * s), round(262 * k))
        right_w = max(round(250 * s), round(340 * k))
        self.prompt = pygame.Rect(0, 0, w, bar)
        self.left = pygame.Rect(0, bar, left_w, h - bar)
        self.right = pygame.Rect(w - right_w, bar, right_w, h - bar)
        cw = w - left_w - right_w
        strip_h = max(round(84 * s), round(112 * k))
        hand_h = max(round(130 * s), round(196 * k))
        self.map = pygame.Rect(left_w, bar, cw, h - bar - strip_h - hand_h)
        self.strip = pygame.Rect(left_w, self.map.bottom, cw, strip_h)
        self.hand = pygame.Rect(left_w, self.strip.bottom, cw, h - self.strip.bottom)

    def font(self, base):
        """A font size scaled from its size at 1600 x 900 (never below min_font)."""
        size = self._fonts.get(base)
        if size is None:
            size = self._fonts[base] = max(self.min_font, round(base * self.k))
        return size

    def px(self, v):
        return max(1, round(v * self.k))

    def line(self, base):
        """The height of a line of text of font(base)."""
        if base not in self._lines:
            self._lines[base] = theme.font(self.font(base)).get_linesize()
        return self._lines[base]
