"""A line over every screen but the table and the title (they show it in
their own place) while the autosave of a game in progress fails: the
hand-off screen, help and settings (the host's ``unsaved`` says it). A
finished game has no moves left to lose: its final scores show nothing."""
from __future__ import annotations

import pygame

from sprites import theme

RED = (120, 30, 24)
EDGE = (250, 210, 120)


class UnsavedStrip:
    def __init__(self):
        self.line = None

    def update(self, app):
        """Look at the autosaves of the games in progress; True if the line changed (the window redraws)."""
        found = next((t for t in (host.unsaved() for host in games_in_progress(app)) if t is not None), None)
        line = found["line"] if found is not None else None
        changed, self.line = line != self.line, line
        return changed

    def draw(self, surface, scene):
        if self.line is None or getattr(scene, "shows_unsaved", False):
            return
        w, h = surface.get_size()
        k = min(w / 1600, h / 900)
        size = theme.font_size(20, k)
        width = min(w - round(40 * k), theme.text_width(self.line, size) + round(40 * k))
        lines = theme.wrap(self.line, size, width - round(30 * k))
        box = pygame.Rect(0, 0, width, len(lines) * theme.font(size).get_linesize() + round(16 * k))
        box.midtop = (w // 2, round(6 * k))
        theme.panel(surface, box, fill=RED, edge=EDGE, radius=8)
        theme.blit_wrapped(surface, self.line, size, box.inflate(-round(30 * k), -round(14 * k)), theme.WHITE,
                           align="center")


def games_in_progress(app):
    """The hosts of the unfinished games on the window's stack (and of one left for the title)."""
    return [host for host in app.hosts() if not host.over and not host.read_only]
