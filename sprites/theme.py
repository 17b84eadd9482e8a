"""The screens' palette, cached text and small widgets (panels, buttons).

Fonts, text measuring and wrapping and the colour helpers are the artwork's
(``sprites.art.common``), one set for the whole view; here they are cached
in the display's pixel format: the frame budget leaves no room for rendering
the same words every frame.
"""
from __future__ import annotations

import functools

import pygame

from game.words import count

from .art import common
from .art.common import INK, MIN_TEXT, PARCHMENT, font, mix, rgb, text_width, wrap  # noqa: F401

PAPER = PARCHMENT
PAPER_DARK = (214, 196, 156)
WOOD = (58, 40, 28)
WOOD_LIGHT = (92, 66, 44)
PANEL = (246, 236, 210)
PANEL_EDGE = (120, 88, 52)
GOLD = (214, 168, 54)
RED = (178, 40, 36)
GREEN = (52, 120, 60)
BLUE = (44, 86, 150)
MUTED = (120, 104, 84)
WHITE = (252, 248, 238)
HILITE = (255, 214, 92)
SEA = (120, 160, 178)
# pygame's default font draws a size-n font n * 0.6875 px high: size 18 is the
# smallest that gives text of 12 px, the least any text on screen may have.
MIN_FONT = MIN_TEXT
# The smallest windows the screens are laid out for (sprites.settings.MIN_WINDOW).
LAYOUT_MIN = (1100, 650)
_scale = 1.0


def text_scale():
    """The Text size setting as it applies in this window (1.0 to 1.5)."""
    return _scale


def usable_scale(wanted, size):
    """The text size a window shows: the setting, at every window size (the
    screens make room for it: wider columns, wrapped lines, shorter lists)."""
    return max(1.0, wanted)


def set_text_scale(scale):
    global _scale
    _scale = scale


def min_font():
    """The smallest text size now: 12 px text, times the Text size setting."""
    return round(MIN_FONT * _scale)


def font_size(base, k):
    """A text size designed as ``base`` at 1600 x 900, in a window scaled by k:
    never below min_font(). Every screen's text size comes from here, so the
    Text size setting raises the small text and leaves titles as they are (the
    layout is then the one of a smaller window, magnified: it still fits)."""
    return max(min_font(), round(base * k))


plural = count          # "1 card", "2 cards", "0 cities" (game.words)


def on(c):
    """A text colour that reads on background c."""
    return common.contrast(c, INK, WHITE)


@functools.lru_cache(maxsize=4096)
def text(s, size, colour=INK, bold=False):
    """A rendered line of text (cached; in the display's format once a window exists)."""
    img = common.text(s, size, colour, bold)
    return img.convert_alpha() if pygame.display.get_surface() is not None else img


@functools.lru_cache(maxsize=4096)
def text_on(s, size, colour, background, bold=False):
    """A line of text on a solid background: no per-pixel alpha, so it blits
    several times faster (for text on plain panels, like the log)."""
    img = common.render(font(size, bold), s, colour, background)
    return img.convert() if pygame.display.get_surface() is not None else img


def forget_texts():
    """A new game: the lines drawn for the last one (its log, its tooltips) are
    not drawn again; without this, their pictures filled the caches game after
    game (the window grew by 15-20 MB a game until they were full)."""
    for cache in (text, text_on, fit, common.wrap, common.text_width):
        cache.cache_clear()


@functools.lru_cache(maxsize=4096)
def fit(s, size, width, bold=False):
    """s, shortened with an ellipsis until it fits width."""
    s = str(s)
    if text_width(s, size, bold) <= width:
        return s
    while s and text_width(s + "...", size, bold) > width:
        s = s[:-1]
    return s + "..."


def blit_text(surface, s, size, pos, colour=INK, bold=False, anchor="topleft", width=None, background=None):
    """Draw one line (shortened to width if given); returns its rect. With a
    ``background`` colour the text is drawn opaque on it (faster)."""
    if width is not None:
        s = fit(str(s), size, int(width), bold)
    if background is not None:
        img = text_on(s, size, rgb(colour), rgb(background), bold)
    else:
        img = text(s, size, rgb(colour), bold)
    r = img.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(img, r)
    return r


def blit_wrapped(surface, s, size, rect, colour=INK, bold=False, line_gap=1.0, align="left"):
    """Word-wrapped text inside rect (lines that do not fit are dropped); returns bottom y."""
    rect = pygame.Rect(rect)
    y = rect.y
    step = round(font(size, bold).get_linesize() * line_gap)
    for line in wrap(str(s), size, max(10, rect.w), bold):
        if y + step > rect.bottom + 2:
            break
        img = text(line, size, rgb(colour), bold)
        x = rect.x if align == "left" else rect.centerx - img.get_width() // 2
        surface.blit(img, (x, y))
        y += step
    return y


def panel(surface, rect, fill=PANEL, edge=PANEL_EDGE, radius=8, width=2):
    rect = pygame.Rect(rect)
    pygame.draw.rect(surface, rgb(fill), rect, border_radius=radius)
    if width:
        pygame.draw.rect(surface, rgb(edge), rect, width, border_radius=radius)


def heading(surface, s, size, rect, colour=WOOD):
    """A small caps heading with a rule under it; returns the y below it."""
    rect = pygame.Rect(rect)
    r = blit_text(surface, s.upper(), size, (rect.x, rect.y), colour, bold=True)
    pygame.draw.line(surface, mix(colour, PANEL, 0.55), (rect.x, r.bottom + 1), (rect.right, r.bottom + 1), 1)
    return r.bottom + 4


def button(surface, rect, label, size, enabled=True, hot=False, primary=False, danger=False):
    """A rounded button; colour says whether it can be used."""
    rect = pygame.Rect(rect)
    if not enabled:
        fill, fg = (200, 190, 170), (140, 128, 110)
    elif danger:
        fill, fg = RED, WHITE
    elif primary:
        fill, fg = (170, 60, 30), WHITE
    else:
        fill, fg = (110, 78, 48), WHITE
    if hot and enabled:
        fill = mix(fill, (255, 255, 255), 0.18)
    shadow = rect.move(0, 2)
    pygame.draw.rect(surface, (30, 20, 12), shadow, border_radius=6)
    pygame.draw.rect(surface, fill, rect, border_radius=6)
    pygame.draw.rect(surface, mix(fill, (0, 0, 0), 0.35), rect, 1, border_radius=6)
    s = fit(label, size, rect.w - 8, True)
    img = text(s, size, fg, True)
    surface.blit(img, img.get_rect(center=rect.center))


def shade(surface, rect, alpha=150, colour=(20, 14, 8)):
    """Darken a rect (behind dialogs)."""
    veil = pygame.Surface(pygame.Rect(rect).size, pygame.SRCALPHA)
    veil.fill(rgb(colour) + (alpha,))
    surface.blit(veil, pygame.Rect(rect).topleft)


_columns = {}


def column(surface, rect, inner, radius):
    """A wooden column with a paper panel inside: drawn once per size, then blitted."""
    key = (tuple(rect), tuple(inner), radius)
    if key not in _columns:
        if len(_columns) > 8:
            _columns.clear()
        rect, inner = pygame.Rect(rect), pygame.Rect(inner)
        img = pygame.Surface(rect.size)
        img.fill(WOOD)
        panel(img, inner.move(-rect.x, -rect.y), radius=radius)
        _columns[key] = img.convert() if pygame.display.get_surface() else img
    surface.blit(_columns[key], pygame.Rect(rect).topleft)
