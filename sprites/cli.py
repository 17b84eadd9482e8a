"""The window's command-line options (no pygame import here)."""
from __future__ import annotations

from sprites.settings import MAX_WINDOW as MAX_SIZE, MIN_WINDOW as MIN_SIZE   # what the window accepts

SCREENS = ("title", "table", "scores", "handoff", "help")
MAX_STEPS = 100_000


def add_window_arguments(ap):
    """--screenshot and its options (unset ones stay None: main.py checks them)."""
    ap.add_argument("--screenshot", metavar="OUT.png", help="render one screen to a PNG file and exit")
    ap.add_argument("--steps", type=int, metavar="N", help="with --screenshot: random steps first (default 40)")
    ap.add_argument("--screen", choices=SCREENS, metavar="NAME", help="with --screenshot: " + "|".join(SCREENS))
    ap.add_argument("--size", metavar="WxH", help="with --screenshot: window size (default 1600x900)")


def window_size(text):
    """(w, h) for --size, or ValueError with the words to show."""
    w, x, h = str(text).lower().partition("x")
    if not (x and w.isdigit() and h.isdigit() and len(w) <= 5 and len(h) <= 5):
        raise ValueError(f"must look like 1600x900, not {text!r}")
    w, h = int(w), int(h)
    if not (MIN_SIZE[0] <= w <= MAX_SIZE[0] and MIN_SIZE[1] <= h <= MAX_SIZE[1]):
        raise ValueError(f"must be from {MIN_SIZE[0]}x{MIN_SIZE[1]} to {MAX_SIZE[0]}x{MAX_SIZE[1]}, not {w}x{h}")
    return w, h
