"""The scene stack's base class: named clickable elements and hit tests.

Every clickable thing a scene draws is registered under a stable name
(``region:Gallia``, ``hand:2``, ``button:end_turn`` ...) with its rect and an
optional precise hit test, so the scene can map a click to a name and tests
can find a name's rect and click it like a person would.
"""
from __future__ import annotations

import abc

import pygame

from sprites import theme


class Element:
    __slots__ = ("name", "rect", "hit", "_tip", "point", "_tips")

    def __init__(self, name, rect, hit=None, tip=None, point=None, tips=None):
        self.name = name
        self.rect = pygame.Rect(rect)
        self.hit = hit            # pos -> bool, for shapes that are not rects
        self._tip = tip           # tooltip text
        self.point = point        # a point that surely hits (for odd shapes)
        self._tips = tips         # or the tooltips to read it from by name when it shows (worked out then)

    @property
    def tip(self):
        return self._tip if self._tips is None else self._tips.get(self.name)


class Scene(abc.ABC):
    """One screen. The app calls handle() for events, update() every tick
    (returns True while something moves) and draw() when a frame is due."""

    k = 1.0                           # the screen's scale from the 1600 x 900 design (set by resize)

    def __init__(self, app):
        self.app = app
        self.elements = []            # hit-test order: first match wins
        self._by_name = {}
        self.hover = None

    def px(self, v):
        """A length of the 1600 x 900 design at this screen's scale."""
        return round(v * self.k)

    def fs(self, base):
        """A font size scaled from 1600 x 900, never below the smallest readable size."""
        return theme.font_size(base, self.k)

    # ----- elements -------------------------------------------------------
    def clear_elements(self):
        self.elements = []
        self._by_name = {}

    def add(self, name, rect, hit=None, tip=None, point=None, front=False, tips=None):
        e = Element(name, rect, hit, tip, point, tips)
        if front:
            self.elements.insert(0, e)
        else:
            self.elements.append(e)
        self._by_name[name] = e
        return e

    def element(self, name):
        return self._by_name.get(name)

    def element_rect(self, name):
        e = self._by_name.get(name)
        return None if e is None else pygame.Rect(e.rect)

    def element_point(self, name):
        """A screen point that clicks this element."""
        e = self._by_name.get(name)
        if e is None:
            return None
        return e.point or e.rect.center

    def element_names(self):
        return [e.name for e in self.elements]

    def element_at(self, pos):
        for e in self.elements:
            if e.rect.collidepoint(pos) and (e.hit is None or e.hit(pos)):
                return e
        return None

    # ----- life cycle -------------------------------------------------------
    def enter(self):
        """Called when the scene is pushed (a scene without set-up keeps this)."""

    def resize(self, size):
        """The window changed size (scenes with a layout override this)."""

    def handle(self, event):
        """Default: mouse motion sets hover; a left click calls click(name)."""
        if event.type == pygame.MOUSEMOTION:
            e = self.element_at(event.pos)
            name = e.name if e else None
            if name != self.hover:
                self.hover = name
                self.app.dirty = True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            e = self.element_at(event.pos)
            if e is not None:
                self.click(e.name)
            else:
                self.click_nothing(event.pos)
            self.app.dirty = True
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll(pygame.mouse.get_pos(), event.y)
        elif event.type == pygame.KEYDOWN:
            self.key(event)

    def click(self, name):
        """A named element was clicked (scenes with elements override this)."""

    def click_nothing(self, pos):
        """A click that hit no element: ignored unless a scene cares."""

    def scroll(self, pos, dy):
        """The mouse wheel turned at pos: ignored unless a scene scrolls something."""

    def key(self, event):
        """A key was pressed: ignored unless a scene has shortcuts."""

    def update(self, now_ms):
        """Advance time; return True while an animation runs."""
        return False

    def wakeup_ms(self, now_ms):
        """Milliseconds until this scene needs a tick without input (None: never)."""
        return None

    @abc.abstractmethod
    def draw(self, surface):
        """Paint the scene (every scene defines this)."""
