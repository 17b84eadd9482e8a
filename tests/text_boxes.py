"""Where every line of text lands on the screen, for tests that check that no
text crosses another or the window's edge.

``TextBoxes(monkeypatch)`` marks every picture of text the view makes (the
theme's and the art's text functions) and makes ``pygame.Surface`` a surface
that records what is blitted onto it: pictures of text as boxes, opaque
pictures and filled rects as covers (what lies under them is hidden), each
cut to the surface's clip. A recorded surface blitted onto another (the
table's painted base onto the screen) brings its boxes and covers along.
``draw(scene, size)`` draws a scene onto a recorded screen and returns the
problems: texts that overlap where neither is hidden, texts that leave the
window.
"""
from __future__ import annotations

import pygame

_Surface = pygame.Surface


class Recorded(_Surface):
    """A surface that remembers what was drawn on it: [("text", rect, words) | ("cover", rect)]."""

    @property
    def marks(self):
        """(copies made by pygame skip __init__: the list is made on first use)"""
        return self.__dict__.setdefault("_marks", [])

    def blit(self, source, dest, area=None, special_flags=0):
        out = super().blit(source, dest, area, special_flags)
        if special_flags:
            return out
        at = pygame.Rect(dest if isinstance(dest, pygame.Rect) else (dest[0], dest[1], 0, 0))
        full = pygame.Rect(at.topleft, source.get_size() if area is None else pygame.Rect(area).size)
        clip = self.get_clip()
        words = NAMED.get(id(source))
        if words is not None and words[0] is source:
            self.marks.append(("text", full.clip(clip), words[1], full))
        elif isinstance(source, Recorded):
            dx, dy = full.x - (pygame.Rect(area).x if area is not None else 0), \
                full.y - (pygame.Rect(area).y if area is not None else 0)
            window = full.clip(clip)
            if not source.get_flags() & pygame.SRCALPHA:
                self.marks.append(("cover", window))
            for mark in source.marks:
                moved = mark[1].move(dx, dy).clip(window)
                if mark[0] == "text":
                    self.marks.append(("text", moved, mark[2], mark[3].move(dx, dy)))
                elif moved.w and moved.h:
                    self.marks.append(("cover", moved))
        elif not source.get_flags() & pygame.SRCALPHA and source.get_colorkey() is None:
            self.marks.append(("cover", full.clip(clip)))
        return out

    def fill(self, color, rect=None, special_flags=0):
        out = super().fill(color, rect, special_flags)
        if not special_flags:
            self.marks.append(("cover", (pygame.Rect(rect) if rect is not None else self.get_rect()).clip(self.get_clip())))
        return out


NAMED = {}                  # id(picture) -> (picture, its words): every picture of text made


class TextBoxes:
    def __init__(self, monkeypatch):
        from sprites import theme
        from sprites.art import cards, common
        from sprites.table import cardface
        cardface.forget()                    # the card pictures are drawn again, their names measured
        self.card_problems = []
        real_band = cards._compact_band

        def band(w, h, colour, name, text_size):
            """A compact card's name: every line inside the card (its margins kept)."""
            m = max(2, round(0.045 * w))
            room = w - 2 * m - 6
            for line in common.wrap(name, text_size, room, display=True) or [name]:
                wide = common.display_font(text_size).size(line)[0]
                if wide > room:
                    self.card_problems.append(f"{line!r} of the card {name!r} is {wide} px in a {w} px card")
            return real_band(w, h, colour, name, text_size)
        monkeypatch.setattr(cards, "_compact_band", band)
        monkeypatch.setattr(pygame, "Surface", Recorded)
        for module, name in ((theme, "text"), (theme, "text_on"), (common, "render"), (common, "text"),
                             (common, "display_text"), (common, "outlined_text")):
            monkeypatch.setattr(module, name, _named(getattr(module, name), name))
        real_rect = pygame.draw.rect

        def rect(surface, color, r, width=0, *a, **kw):
            out = real_rect(surface, color, r, width, *a, **kw)
            if width == 0 and isinstance(surface, Recorded):
                surface.marks.append(("cover", pygame.Rect(r).clip(surface.get_clip())))
            return out
        monkeypatch.setattr(pygame.draw, "rect", rect)

    def draw(self, scene, size):
        """Draw ``scene`` on a recorded screen of ``size``; returns (boxes, problems)."""
        screen = Recorded(size)
        scene.draw(screen)
        found = problems(screen.marks, pygame.Rect((0, 0), size)) + sorted(set(self.card_problems))
        self.card_problems = []
        return screen, found


def _named(real, kind):
    def made(*args, **kw):
        img = real(*args, **kw)
        words = args[1] if kind == "render" else args[0]
        NAMED[id(img)] = (img, str(words))
        return img
    if hasattr(real, "cache_clear"):
        made.cache_clear = real.cache_clear      # (a new game forgets the cached lines)
    return made


def visible_texts(marks):
    """[(index, rect, words, whole rect)] of the texts not wholly hidden by a cover drawn after them."""
    out = []
    for i, mark in enumerate(marks):
        if mark[0] != "text" or not mark[1].w or not mark[1].h or not mark[2].strip():
            continue
        later = [m[1] for m in marks[i + 1:] if m[0] == "cover"]
        if any(c.contains(mark[1]) for c in later):
            continue
        out.append((i, mark[1], mark[2], mark[3]))
    return out


def problems(marks, window):
    """Texts that overlap (where no cover drawn between them hides the overlap) or leave the window."""
    shown = visible_texts(marks)
    out = []
    for i, rect, words, whole in shown:
        if not window.contains(whole):
            out.append(f"{words!r} leaves the window: {tuple(whole)}")
    for a in range(len(shown)):
        i, ra, wa, _ = shown[a]
        for b in range(a + 1, len(shown)):
            j, rb, wb, _ = shown[b]
            both = ink(ra, wa).clip(ink(rb, wb))
            if not both.w or not both.h:
                continue
            between = [m[1] for m in marks[i + 1:] if m[0] == "cover"]
            if any(c.contains(both) for c in between):
                continue
            out.append(f"{wa!r} {tuple(ra)} crosses {wb!r} {tuple(rb)}")
    return out


def ink(rect, words):
    """The part of a line's box its letters fill: a line of text has some air above and below
    its letters (a quarter of its height is left out of the comparison at each end)."""
    air = rect.h // 5
    return pygame.Rect(rect.x + 1, rect.y + air, max(0, rect.w - 2), max(0, rect.h - 2 * air))
