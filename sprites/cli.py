"""The window's command-line options (no pygame import here)."""
from __future__ import annotations

SCREENS = ("title", "table", "scores", "handoff", "help")


def add_window_arguments(ap):
    ap.add_argument("--screenshot", metavar="OUT.png",
                    help="render one screen to a PNG and exit (no window needed)")
    ap.add_argument("--steps", type=int, default=40,
                    help="with --screenshot: random legal steps to play before the picture")
    ap.add_argument("--screen", choices=SCREENS, default="table", help="with --screenshot: which screen")
    ap.add_argument("--size", default="1600x900", help="with --screenshot: window size, e.g. 1280x720")
