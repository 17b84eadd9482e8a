"""The winner's moment: a short animation as the scores screen opens at the
end of a game. The winning dragon (every winner of a shared victory; the
whole team in a cooperative game) rises over a burst of embers with
the result in words. A click or a key skips it; it is not shown when the
window's animations are off."""
from __future__ import annotations

import math
import random

import pygame

from sprites import theme
from sprites.anim import ease
from sprites.art import pieces

DURATION_MS = 3200
EMBERS = ((250, 200, 70), (240, 140, 40), (200, 60, 30), (255, 236, 160))


class Celebration:
    def __init__(self, start_ms, dragons, title, subtitle):
        """``dragons``: [(colour, letter)] to show; ``title``/``subtitle``: the result in words."""
        self.start = start_ms
        self.dragons, self.title, self.subtitle = dragons, title, subtitle
        rng = random.Random(len(title))          # the same burst every time (screenshots compare)
        self.embers = [(rng.uniform(0, 2 * math.pi), rng.uniform(0.35, 1.0), rng.uniform(0, 0.45),
                        rng.choice(EMBERS), rng.uniform(0.5, 1.0)) for _ in range(90)]
        self.skipped = False

    def running(self, now):
        return not self.skipped and now - self.start < DURATION_MS

    def skip(self):
        self.skipped = True

    def draw(self, surf, now):
        w, h = surf.get_size()
        k = min(w / 1600, h / 900)
        t = max(0.0, min(1.0, (now - self.start) / DURATION_MS))
        veil = pygame.Surface((w, h), pygame.SRCALPHA)
        veil.fill((20, 12, 6, round(228 * ease(min(1.0, t / 0.12)))))
        surf.blit(veil, (0, 0))
        centre = (w // 2, h // 2 - round(70 * k))
        reach = min(w, h) * 0.48
        for angle, speed, delay, colour, size in self.embers:
            u = (t - delay) / (1 - delay)
            if not 0 < u < 1:
                continue
            d = reach * speed * (1 - (1 - u) ** 2)
            x = centre[0] + math.cos(angle) * d
            y = centre[1] + math.sin(angle) * d - 60 * k * u          # embers rise as they fly
            r = max(1, round(9 * k * size * (1 - u)))
            pygame.draw.circle(surf, colour, (round(x), round(y)), r)
        grow = ease(min(1.0, t / 0.3))
        big = round(230 * k * (0.3 + 0.7 * grow) * (1 + 0.04 * math.sin(t * 12)))
        if big > 4:
            n = len(self.dragons)
            step = big * 0.8 if n > 1 else 0
            for i, (colour, letter) in enumerate(self.dragons):
                token = pieces.dragon_token(colour, letter, round(230 * k))
                img = pygame.transform.smoothscale(token, (big, big)) if big != token.get_width() else token
                x = centre[0] + round((i - (n - 1) / 2) * step)
                surf.blit(img, img.get_rect(center=(x, centre[1])))
        words = ease(max(0.0, min(1.0, (t - 0.2) / 0.25)))
        y = centre[1] + round(150 * k)
        if words > 0:
            size = theme.font_size(48, k)
            img = theme.text(self.title, size, theme.GOLD, True).copy()
            img.set_alpha(round(255 * words))
            surf.blit(img, img.get_rect(midtop=(w // 2, y)))
            sub = theme.text(self.subtitle, theme.font_size(26, k), (240, 226, 196)).copy()
            sub.set_alpha(round(255 * words))
            surf.blit(sub, sub.get_rect(midtop=(w // 2, y + round(64 * k))))
        theme.blit_text(surf, "Click or press a key to see the scores", theme.font_size(20, k),
                        (w // 2, y + round(120 * k)), (200, 184, 150), False, "midtop")
