"""A damaged install (issue 28, point 6): a corrupt or truncated display font
made every --screenshot end in a traceback ("Passed a NULL pointer") and the
window exit at start; a font file that is a named pipe hung both. The game
falls back to pygame's default font with one notice, and refuses special files."""
from __future__ import annotations

import argparse
import os
import subprocess
import sys

import pygame
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


def screenshots_of_the_title_and_the_table(tmp_path, capsys):
    """``--screenshot`` of the title screen and of the table; the lines printed on stderr."""
    from sprites import shot
    out = tmp_path / "shot.png"
    for screen in ("title", "table"):
        args = argparse.Namespace(screenshot=str(out), size=(1100, 650), seed=2, screen=screen, players=3,
                                  variant="standard", steps=5)
        assert shot.screenshot(args) == 0
        assert out.stat().st_size > 1000
    return capsys.readouterr().err.splitlines()


@pytest.mark.parametrize("kind", KINDS)
def test_a_screenshot_with_a_damaged_font_uses_the_default_font(tmp_path, font_at, capsys, kind):
    font_at(damaged(tmp_path, kind))
    err = screenshots_of_the_title_and_the_table(tmp_path, capsys)
    assert len(err) == 1 and err[0].startswith("warning: ") and "default font" in err[0], err


def the_title_in_a_window(tmp_path, capsys):
    """A window showing the title screen; what was printed on stderr."""
    app = make_app(tmp_path)
    app.push(TitleScene(app))
    redraw(app)
    return capsys.readouterr().err


@pytest.mark.parametrize("kind", ["truncated", "corrupt"])
def test_the_window_starts_with_a_damaged_font(tmp_path, font_at, capsys, kind):
    font_at(damaged(tmp_path, kind))
    assert "default font" in the_title_in_a_window(tmp_path, capsys)


def test_the_good_font_passes_its_check():
    data, problem = common.read_font(GOOD)
    assert problem is None and data == open(GOOD, "rb").read()


def test_a_font_checked_at_an_earlier_start_is_not_summed_again_but_a_damaged_one_is(tmp_path, monkeypatch):
    """game.start_cache keeps that these very bytes passed: another file, or the
    same one damaged since, is checked (and refused) as ever."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    sums = []
    real = common.font_file_problem
    monkeypatch.setattr(common, "font_file_problem", lambda data: sums.append(len(data)) or real(data))
    good = open(GOOD, "rb").read()
    assert common.read_font(GOOD) == (good, None) and len(sums) == 1
    assert common.read_font(GOOD) == (good, None) and len(sums) == 1
    for kind in ("corrupt", "cut in its glyphs"):
        sums.clear()
        data, problem = common.read_font(damaged(tmp_path, kind))
        assert data is None and problem.startswith("is ") and len(sums) == 1, problem
    sums.clear()
    assert common.read_font(GOOD) == (good, None) and len(sums) == 0
    (tmp_path / "cache" / "wrath-of-dragons" / "font.cache").write_bytes(b"damaged")
    assert common.read_font(GOOD) == (good, None) and len(sums) == 1
    assert common.read_font(GOOD) == (good, None) and len(sums) == 1


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


@pytest.fixture
def default_font_at(monkeypatch):
    """pygame's own default font (freesansbold.ttf in the pygame install) replaced by
    ``path`` (None: missing), where pygame looks for it (pygame.pkgdata.getResource)."""
    import pygame.pkgdata
    real = pygame.pkgdata.getResource

    def use(path):
        def get(name, *args, **kw):
            if name != pygame.font.get_default_font():
                return real(name, *args, **kw)
            if path is None:
                raise FileNotFoundError(name)
            return open(path, "rb")
        monkeypatch.setattr(pygame.pkgdata, "getResource", get)
        common.clear_caches()
    yield use
    monkeypatch.undo()
    common.clear_caches()


def damaged_default(tmp_path, kind):
    """A damaged copy of pygame's default font (None: missing)."""
    import pygame.pkgdata
    if kind == "missing":
        return None
    with pygame.pkgdata.getResource(pygame.font.get_default_font()) as f:
        data = f.read()
    path = tmp_path / "freesansbold.ttf"
    path.write_bytes({"truncated": data[:5000], "cut in its glyphs": data[:len(data) // 3],
                      "random bytes": os.urandom(20000), "empty": b""}[kind])
    return str(path)


DEFAULT_KINDS = ["truncated", "cut in its glyphs", "random bytes", "empty", "missing"]


@pytest.mark.parametrize("kind", DEFAULT_KINDS)
def test_a_screenshot_with_pygames_default_font_damaged_uses_the_bundled_font(tmp_path, default_font_at, capsys,
                                                                              kind):
    """pygame's own default font damaged or missing (issue 39): every --screenshot ended in
    "Passed a NULL pointer" (or FileNotFoundError); the words are drawn in the bundled face."""
    default_font_at(damaged_default(tmp_path, kind))
    err = screenshots_of_the_title_and_the_table(tmp_path, capsys)
    assert len(err) == 1 and err[0].startswith("warning: ") and "bundled display font" in err[0], err
    assert common.font(24).size("Gallia") == \
        pygame.font.Font(common.DISPLAY_FONT, round(24 * common.TEXT_K)).size("Gallia")


@pytest.mark.parametrize("kind", ["truncated", "missing"])
def test_the_window_starts_with_pygames_default_font_damaged(tmp_path, default_font_at, capsys, kind):
    default_font_at(damaged_default(tmp_path, kind))
    assert "bundled display font" in the_title_in_a_window(tmp_path, capsys)


def test_both_fonts_damaged_the_words_use_a_system_font_or_say_why_not(tmp_path, font_at, default_font_at, capsys):
    font_at(damaged(tmp_path, "truncated"))
    default_font_at(damaged_default(tmp_path, "missing"))
    system = pygame.font.match_font(common.SYSTEM_FACES)
    if system is None:
        with pytest.raises(RuntimeError, match="no other font can be drawn"):
            common.font(24)
        return
    assert f"the system font {system}" in the_title_in_a_window(tmp_path, capsys)


@pytest.mark.parametrize("kind", ["missing", "not a PNG", "cut short", "a named pipe"])
def test_the_window_icon_is_drawn_if_its_file_cannot_be_read(tmp_path, monkeypatch, kind):
    import sprites.app
    good = open(sprites.app.ICON_FILE.format(64), "rb").read()
    path = tmp_path / "wrath-of-dragons-64.png"
    if kind == "not a PNG":
        path.write_bytes(b"not a picture" * 100)
    elif kind == "cut short":
        path.write_bytes(good[:len(good) // 2])
    elif kind == "a named pipe":
        if not hasattr(os, "mkfifo"):
            pytest.skip("named pipes are POSIX")
        os.mkfifo(path)
    monkeypatch.setattr(sprites.app, "ICON_FILE", str(tmp_path / "wrath-of-dragons-{}.png"))
    drawn = sprites.app.window_icon(64)
    icon = sprites.app.stored_icon(64)
    assert icon.get_size() == (64, 64)
    assert pygame.image.tobytes(icon, "RGBA") == pygame.image.tobytes(drawn, "RGBA")


def test_the_window_icon_is_read_from_its_file():
    import sprites.app
    icon = sprites.app.stored_icon(64)
    stored = pygame.image.load(sprites.app.ICON_FILE.format(64))
    assert pygame.image.tobytes(icon, "RGBA") == pygame.image.tobytes(stored, "RGBA")
