"""Render the window's icon (sprites.app.window_icon) to the PNGs of the
desktop entry: sprites/icons/wrath-of-dragons-<size>.png at 48, 128 and 256 px,
and at 64 px the window's own (sprites.app.stored_icon: read, not drawn, at start).

    python tools/make_icons.py          # after a change to the icon's artwork; commit the PNGs

They are installed with the game (everything under sprites/ that is not code)
and copied into the icon theme by ``wrath-of-dragons --install-desktop``.
"""
from __future__ import annotations

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SIZES = (48, 64, 128, 256)
FOLDER = os.path.join(ROOT, "sprites", "icons")


def icon_path(size):
    return os.path.join(FOLDER, f"wrath-of-dragons-{size}.png")


def render(size):
    """The icon as a pygame Surface (needs pygame's display module: SDL's dummy driver will do)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame
    pygame.display.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1, 1))           # (convert_alpha needs a display mode)
    from sprites.app import window_icon
    return window_icon(size)


def main():
    import pygame
    os.makedirs(FOLDER, exist_ok=True)
    for size in SIZES:
        pygame.image.save(render(size), icon_path(size))
        print("wrote", os.path.relpath(icon_path(size), ROOT))
    return 0


if __name__ == "__main__":
    sys.path.insert(0, ROOT)
    sys.exit(main())
