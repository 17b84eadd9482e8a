"""Full screen with no window manager (issue 25, smaller things): "F11 on a display without
a window manager kept the window's offset (the Menu button and the hand's bottom off
screen)". Run on a real X server (Xvfb has no window manager): the full-screen window
covers the screen from its corner, and F11 again puts the window back where it was."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

PRESS_F11 = """
import os, subprocess, time
import pygame
from sprites.app import App, open_window
app = App(open_window((1100, 650)), animate=False, threaded_ai=False, ai_delay_ms=0, autosave=False)

def where():
    pygame.event.pump()
    time.sleep(0.2)
    pygame.event.pump()
    tree = subprocess.run(["xwininfo", "-root", "-tree"], capture_output=True, text=True).stdout
    print("WINDOW", next(line for line in tree.splitlines() if "Wrath of Dragons" in line).split()[-2:])

where()
for _ in range(2):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0))
    app.pump()
    where()
"""


IN_CI = os.environ.get("CI", "") not in ("", "0", "false")   # .ci/run installs Xvfb: there it must run


@pytest.mark.skipif((not (shutil.which("xvfb-run") and shutil.which("xwininfo"))) and not IN_CI, reason="needs Xvfb and xwininfo")
def test_full_screen_without_a_window_manager_covers_the_screen_from_its_corner(tmp_path):
    env = dict(os.environ, SDL_VIDEO_WINDOW_POS="200,150", SDL_AUDIODRIVER="dummy", PYTHONPATH=ROOT,
               HOME=str(tmp_path))
    env.pop("SDL_VIDEODRIVER", None)
    out = subprocess.run(["xvfb-run", "-a", "-s", "-screen 0 1600x900x24", sys.executable, "-c", PRESS_F11],
                         capture_output=True, text=True, env=env, cwd=ROOT, timeout=120)
    shown = [line.split(None, 1)[1] for line in out.stdout.splitlines() if line.startswith("WINDOW")]
    assert len(shown) == 3, out.stdout + out.stderr
    geometry = [re.search(r"(\d+)x(\d+)\+(-?\d+)\+(-?\d+)", s).groups() for s in shown]
    assert geometry[0] == ("1100", "650", "200", "150")
    assert geometry[1] == ("1600", "900", "0", "0"), "full screen: the whole screen, from its corner"
    assert geometry[2] == ("1100", "650", "200", "150"), "back where it was"
