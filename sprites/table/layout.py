"""Where each part of the table sits, for any window size.

Designed at 1600 x 900 (design/table-layout.md) and scaled by k; the map
takes whatever is left in the middle.
"""
from __future__ import annotations

import pygame


class TableLayout:
    def __init__(self, size):
        w, h = size
        self.size = tuple(size)
        self.k = k = max(0.45, min(w / 1600, h / 900))
        self.pad = max(4, round(8 * k))
        bar = round(54 * k)
        left_w = round(262 * k)
        right_w = round(340 * k)
        self.prompt = pygame.Rect(0, 0, w, bar)
        self.left = pygame.Rect(0, bar, left_w, h - bar)
        self.right = pygame.Rect(w - right_w, bar, right_w, h - bar)
        cw = w - left_w - right_w
        strip_h = round(112 * k)
        hand_h = round(196 * k)
        self.map = pygame.Rect(left_w, bar, cw, h - bar - strip_h - hand_h)
        self.strip = pygame.Rect(left_w, self.map.bottom, cw, strip_h)
        self.hand = pygame.Rect(left_w, self.strip.bottom, cw, h - self.strip.bottom)

    def font(self, base):
        """A font size scaled from its size at 1600 x 900."""
        return max(11, round(base * self.k))

    def px(self, v):
        return max(1, round(v * self.k))
