"""Time from starting the game to its first frame on a real X display, as a
player sees it: the title screen painted in the window.

    xvfb-run -a -s "-screen 0 1600x900x24" python tools/first_frame.py -- dist/wrath-of-dragons/wrath-of-dragons
    xvfb-run -a -s "-screen 0 1600x900x24" python tools/first_frame.py -- python main.py
    xvfb-run -a -s "-screen 0 1600x900x24" python tools/first_frame.py --vs-hello -- python main.py

Each run starts the command with an empty save folder and watches the
screen (libX11 through ctypes, a few pixels every millisecond) until the
pixels the title screen paints appear; then it ends the game. Prints every
run and the median. ``--vs-hello`` runs a pygame hello-world (a window
filled with the title's colour, with the same Python) in turn with the
command, A B A B, and ``--vs COMMAND`` another command (the game on another
Python, say); each prints the ratio of each pair and its median. Linux
with an X display only (Xvfb will do).
"""
from __future__ import annotations

import argparse
import ctypes
import ctypes.util
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
import time

# A grid of points over a 1600 x 900 screen: the title screen is shown once a
# third of them have its background (40, 28, 20) or its stripes (46, 32, 23)
# (where the window opens and what lies on it does not matter).
POINTS = tuple((x, y) for x in range(100, 1600, 200) for y in range(100, 900, 160))
TITLE_COLOURS = {(40, 28, 20), (46, 32, 23)}
# Python may keep its compiled modules (__pycache__), as it does for a player: an
# environment that forbids it would time the compiling of the game's every module.
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
# The least a pygame program does to show a window: import pygame, open it, fill it, flip.
HELLO = """
import pygame
pygame.display.init()
screen = pygame.display.set_mode((1600, 900), pygame.RESIZABLE)
screen.fill((40, 28, 20))
pygame.display.flip()
while not pygame.event.peek(pygame.QUIT):
    pygame.time.wait(15)
"""
HELLO_COMMAND = [sys.executable, "-c", HELLO]


class Screen:
    def __init__(self):
        self.x = ctypes.CDLL(ctypes.util.find_library("X11") or "libX11.so.6")
        self.x.XOpenDisplay.restype = ctypes.c_void_p
        self.x.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
        self.x.XDefaultRootWindow.restype = ctypes.c_ulong
        self.x.XGetImage.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int, ctypes.c_uint,
                                     ctypes.c_uint, ctypes.c_ulong, ctypes.c_int]
        self.x.XGetImage.restype = ctypes.c_void_p
        self.x.XGetPixel.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int]
        self.x.XGetPixel.restype = ctypes.c_ulong
        self.x.XDestroyImage.argtypes = [ctypes.c_void_p]
        self.display = self.x.XOpenDisplay(None)
        if not self.display:
            raise SystemExit("no X display: run it under xvfb-run -a")
        self.root = self.x.XDefaultRootWindow(self.display)

    def pixel(self, x, y):
        image = self.x.XGetImage(self.display, self.root, x, y, 1, 1, 0xFFFFFFFF, 2)     # 2: ZPixmap
        value = self.x.XGetPixel(image, 0, 0)
        self.x.XDestroyImage(image)
        return (value >> 16) & 255, (value >> 8) & 255, value & 255

    def title_shown(self):
        return sum(self.pixel(x, y) in TITLE_COLOURS for x, y in POINTS) >= len(POINTS) // 3


def first_frame(command, screen, timeout=60):
    """Seconds from starting ``command`` (with an empty save folder, if it is the game) to the title on screen."""
    with tempfile.TemporaryDirectory() as saves:
        start = time.perf_counter()
        args = command if command is HELLO_COMMAND else [*command, "--save-dir", saves]
        game = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV)
        try:
            while time.perf_counter() - start < timeout:
                if screen.title_shown():
                    return time.perf_counter() - start
                if game.poll() is not None:
                    raise SystemExit(f"the game ended (exit code {game.returncode}) before its first frame")
                time.sleep(0.001)
            raise SystemExit(f"no title screen within {timeout} s")
        finally:
            game.terminate()
            game.wait()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--vs-hello", action="store_true", help="pair each run with a pygame hello-world's")
    ap.add_argument("--vs", metavar="COMMAND", help="pair each run with another command's (e.g. another Python)")
    ap.add_argument("command", nargs="+", help="how to start the game (after --)")
    args = ap.parse_args()
    screen = Screen()
    if screen.title_shown():
        raise SystemExit("the screen shows a title already: use an empty display (xvfb-run -a)")
    commands = {"first frame": args.command}
    if args.vs_hello:
        commands["hello-world"] = HELLO_COMMAND
    if args.vs:
        commands[args.vs] = shlex.split(args.vs)
    for command in commands.values():
        first_frame(command, screen)                    # warm-up: the files in the disk cache, as usual
    times = {name: [] for name in commands}
    for _ in range(args.runs):
        for name, command in commands.items():          # in turn, so that a busier moment hits both
            while screen.title_shown():                 # the last window is gone
                time.sleep(0.01)
            times[name].append(first_frame(command, screen))
        print("  " + "  ".join(f"{t[-1] * 1000:.0f} ms" for t in times.values()))
    first = times["first frame"]
    for name, t in times.items():
        print(f"{name}: median {statistics.median(t) * 1000:.0f} ms "
              f"(min {min(t) * 1000:.0f}, max {max(t) * 1000:.0f}, {len(t)} runs)")
        if t is not first:
            ratios = [a / b for a, b in zip(first, t)]
            print(f"  first frame / {name}, pair by pair: median {statistics.median(ratios):.2f} "
                  f"(min {min(ratios):.2f}, max {max(ratios):.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
