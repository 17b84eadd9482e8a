"""Rows of a panel painted once and blitted after: a new line of the log, or one
dragon's changed numbers, paints its own row, not the whole panel (after an
action most rows show what they showed).

A row is painted clipped to its rect on its panel's plain background, so its
picture depends only on what the row shows (``key``), never on its neighbours or
where it lies: the blitted picture is the painted one, pixel for pixel."""
from __future__ import annotations

KEPT = 400                   # rows kept per panel (a log in sight is about 30; a new size starts afresh)


class RowPictures:
    def __init__(self):
        self._pictures = {}
        self._for = None            # the layout they were painted for

    def draw(self, surf, lay, key, rect, paint, under=None):
        """Blit the row that showed ``key`` at this size, or ``paint()`` it into ``rect`` on the
        panel's background (``under()`` paints it there first, if given: else it is there)
        and keep its picture."""
        if lay is not self._for:        # a new size, text size or palette: every row afresh
            self._pictures, self._for = {}, lay
        key = (key, rect.size)
        picture = self._pictures.get(key)
        if picture is not None:
            surf.blit(picture, rect)
            return
        clip = paint_in(surf, rect, paint, under)
        if clip.contains(rect):         # (a row cut by the clip is painted, not kept)
            if len(self._pictures) >= KEPT:
                self._pictures.clear()
            self._pictures[key] = surf.subsurface(rect).copy()


def paint_in(surf, rect, paint, under=None):
    """``under()`` then ``paint()``, clipped to ``rect``; returns the clip they were given."""
    clip = surf.get_clip()
    surf.set_clip(clip.clip(rect))
    if under is not None:
        under()
    paint()
    surf.set_clip(clip)
    return clip


class Backdrop:
    """Where a panel's background under its kept rows was last painted: a frame paints it
    again only on another surface, layout or rect (each row covers its own rect)."""

    def __init__(self):
        self._on = None             # (surface, layout, rect)

    def there(self, surf, lay, rect):
        return self._on is not None and self._on[0] is surf and self._on[1:] == (lay, tuple(rect))

    def paint(self, surf, lay, rect, paint):
        """``paint()`` it, unless it is there."""
        if not self.there(surf, lay, rect):
            paint()
            self._on = (surf, lay, tuple(rect))
