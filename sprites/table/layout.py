"""Where each part of the table sits, for any window size.

Designed at 1600 x 900 (design/table-layout.md) and scaled by k; the map
takes whatever is left in the middle. Text never gets smaller than
theme.min_font() (12 px, times the Text size setting), so at small windows
the columns keep a minimum width and the bars a minimum height for it (times
the Text size too: the layout of a smaller window, magnified), as far as the
map keeps MAP_MIN.
"""
from __future__ import annotations

import pygame

from sprites import theme


# The smallest map whose regions keep their tokens, sites, dragon and name
# apart and inside it (sprites.art.geometry): large text at a small window
# widens the columns and bars only as far as the map keeps this size.
MAP_MIN = (460, 270)


def _give_back(parts, k, s, room):
    """Sizes of parts side by side, each (minimum at 100 % text, size at 1600 x 900):
    while they overflow room, what the Text size adds is given back, first part first."""
    sizes = [max(round(least * s), round(design * k)) for least, design in parts]
    over = sum(sizes) - room
    for i, (least, design) in enumerate(parts):
        back = max(0, min(over, sizes[i] - max(least, round(design * k))))
        sizes[i] -= back
        over -= back
    return sizes


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
        # the log's column gives back first (its lines wrap), then the left one;
        # the strip (deck and discard) before the hand
        right_w, left_w = _give_back([(250, 340), (190, 262)], k, s, w - MAP_MIN[0])
        strip_h, hand_h = _give_back([(84, 112), (130, 196)], k, s, h - bar - MAP_MIN[1])
        self.prompt = pygame.Rect(0, 0, w, bar)
        self.left = pygame.Rect(0, bar, left_w, h - bar)
        self.right = pygame.Rect(w - right_w, bar, right_w, h - bar)
        cw = w - left_w - right_w
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
