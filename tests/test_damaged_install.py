"""A damaged install (issue 28, point 6): a corrupt or truncated display font
made every --screenshot end in a traceback ("Passed a NULL pointer") and the
window exit at start; a font file that is a named pipe hung both. The game
falls back to pygame's default font with one notice, and refuses special files."""
from __future__ import annotations

import argparse
import os
import subprocess
import sys

import pytest
from hostile_helpers import ROOT
from ui_helpers import make_app, redraw

from sprites.art import common
from sprites.scenes.title import TitleScene

GOOD = common.DISPLAY_FONT


def damaged(tmp_path, kind):
    data = open(GOOD, "rb").read()
    path = tmp_path / "Cardob101.ttf"
    if kind == "truncated":
        path.write_bytes(data[:5000])
    elif kind == "cut in its glyphs":
        path.write_bytes(data[:len(data) // 3])
    elif kind == "corrupt":
        flipped = bytearray(data)
        for i in range(len(data) // 4, len(data), 997):
            flipped[i] ^= 0x5A
        path.write_bytes(bytes(flipped))
    elif kind == "random bytes":
        path.write_bytes(os.urandom(20000))
    elif kind == "empty":
        path.write_bytes(b"")
    elif kind == "a folder":
        path.mkdir()
    return str(path)


@pytest.fixture
def font_at(monkeypatch):
    def use(path):
        monkeypatch.setattr(common, "DISPLAY_FONT", path)
        common.clear_caches()
    yield use
    monkeypatch.undo()
    common.clear_caches()


KINDS = ["truncated", "cut in its glyphs", "corrupt", "random bytes", "empty", "a folder", "missing"]


@pytest.mark.parametrize("kind", KINDS)
def test_a_screenshot_with_a_damaged_font_uses_the_default_font(tmp_path, font_at, capsys, kind):
    from sprites import shot
    font_at(damaged(tmp_path, kind))
    out = tmp_path / "shot.png"
    for screen in ("title", "table"):
        args = argparse.Namespace(screenshot=str(out), size=(1100, 650), seed=2, screen=screen, players=3,
                                  variant="standard", steps=5)
        assert shot.screenshot(args) == 0
        assert out.stat().st_size > 1000
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith("warning: ") and "default font" in err[0], err


@pytest.mark.parametrize("kind", ["truncated", "corrupt"])
def test_the_window_starts_with_a_damaged_font(tmp_path, font_at, capsys, kind):
    font_at(damaged(tmp_path, kind))
    app = make_app(tmp_path)
    app.push(TitleScene(app))
    redraw(app)
    assert "default font" in capsys.readouterr().err


def test_the_good_font_passes_its_check():
    data, problem = common.read_font(GOOD)
    assert problem is None and data == open(GOOD, "rb").read()


FIFO_SCRIPT = """
import argparse, sys
sys.path[:0] = [sys.argv[1]]
from sprites.art import common
from sprites import shot
common.DISPLAY_FONT = sys.argv[2]
args = argparse.Namespace(screenshot=sys.argv[3], size=(1100, 650), seed=1, screen='title', players=3,
                          variant='standard', steps=0)
sys.exit(shot.screenshot(args))
"""


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_font_that_is_a_named_pipe_is_refused_without_waiting(tmp_path):
    fifo = tmp_path / "Cardob101.ttf"
    os.mkfifo(fifo)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    try:
        done = subprocess.run([sys.executable, "-c", FIFO_SCRIPT, ROOT, str(fifo), str(tmp_path / "shot.png")],
                              capture_output=True, text=True, timeout=60, env=env)
    except subprocess.TimeoutExpired:
        pytest.fail("the font file that is a named pipe hung the screenshot")
    assert done.returncode == 0, done.stderr
    warnings = [line for line in done.stderr.splitlines() if line.startswith("warning: ")]
    assert len(warnings) == 1 and "not a regular file" in warnings[0] and "Traceback" not in done.stderr
