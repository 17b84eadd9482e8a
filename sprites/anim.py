"""Short animations: a value moving from a to b over a few hundred ms.

Animations never block input; the table keeps accepting clicks while they
run, and ``speed`` shortens them (the Speed button, or no animation at all
in tests and screenshots).
"""
from __future__ import annotations

import math
import time


def ease(t):
    t = max(0.0, min(1.0, t))
    return t * t * (3 - 2 * t)


class Tween:
    def __init__(self, start, end, begin_ms, duration_ms):
        self.start = start
        self.end = end
        self.begin = begin_ms
        self.duration = max(1, duration_ms)

    def value(self, now_ms):
        t = ease((now_ms - self.begin) / self.duration)
        if isinstance(self.start, tuple):
            return tuple(a + (b - a) * t for a, b in zip(self.start, self.end))
        return self.start + (self.end - self.start) * t

    def done(self, now_ms):
        return now_ms - self.begin >= self.duration


class PathTween(Tween):
    """A point moving along a line of points (a dragon flying region by region):
    eased over the whole way, at an even speed along it."""

    def __init__(self, points, begin_ms, duration_ms):
        super().__init__(points[0], points[-1], begin_ms, duration_ms)
        self.points = [tuple(p) for p in points]
        self.lengths = [math.dist(a, b) for a, b in zip(self.points, self.points[1:])]

    def value(self, now_ms):
        left = ease((now_ms - self.begin) / self.duration) * sum(self.lengths)
        for (ax, ay), (bx, by), n in zip(self.points, self.points[1:], self.lengths):
            if left <= n and n > 0:
                k = left / n
                return ax + (bx - ax) * k, ay + (by - ay) * k
            left -= n
        return self.points[-1]


def shortest_turn(frm, to):
    """The target angle nearest frm that equals ``to`` modulo 360."""
    d = (to - frm + 180) % 360 - 180
    return frm + d


def now_ms():
    """Milliseconds on a monotonic clock (pygame's get_ticks needs pygame.init)."""
    return int(time.monotonic() * 1000)
