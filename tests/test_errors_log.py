"""errors.log (issue 13): unexpected exceptions in the window and in the
autosave thread are written with their traceback to a small rotating file in
the save folder, while the player sees one line."""
import argparse
import os
import threading

import pygame
import pytest
from save_helpers import new_session, play_random
from ui_helpers import click, make_app

from app import errorlog
from app.autosave import BackgroundAutosaver
from sprites.scene import Scene


@pytest.fixture
def log_in(tmp_path):
    path = errorlog.setup(str(tmp_path))
    yield path
    errorlog.close()


class Broken(Scene):
    """A screen with a bug: any key raises (after posting what the player does next)."""
    then = pygame.QUIT

    def key(self, event):
        if self.then == pygame.QUIT:
            pygame.event.post(pygame.event.Event(pygame.QUIT))
        elif self.then == pygame.KEYDOWN:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_b, unicode="b", mod=0, scancode=0))
        raise ZeroDivisionError("a bug in a scene")

    def draw(self, surface):
        surface.fill((0, 0, 0))


def read(path):
    with open(path, encoding="utf-8") as fh:
        return fh.read()


def test_the_file_is_only_made_by_an_error(tmp_path, log_in):
    assert log_in == str(tmp_path / "errors.log") and not os.path.exists(log_in)


def test_an_unexpected_error_in_the_window_is_logged_and_shown_in_one_line(tmp_path, log_in):
    from sprites.scenes.crash import CrashScene
    from sprites.scenes.title import TitleScene
    app = make_app(tmp_path)
    app.push(Broken(app))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, unicode="a", mod=0, scancode=0))
    app.loop()                                       # no traceback out of the event loop
    assert isinstance(app.scene, CrashScene)
    line = f"Unexpected error in the window: ZeroDivisionError: a bug in a scene (details in {log_in})"
    assert app.crashes == [line] and app.scene.line == line
    text = read(log_in)
    assert "Traceback (most recent call last)" in text and "in key" in text and "a bug in a scene" in text
    app.running = True
    click(app, "button:title")                       # the way on: the title screen (Continue, Load ...)
    assert isinstance(app.scene, TitleScene)


def test_the_window_prints_the_line_and_exits_1(tmp_path, monkeypatch, capsys):
    import sprites.app
    real_build = sprites.app.build

    def broken_build(args, screen, settings=None):
        app = real_build(args, screen, settings)
        app.push(Broken(app))
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, unicode="a", mod=0, scancode=0))
        return app
    monkeypatch.setattr(sprites.app, "build", broken_build)
    monkeypatch.setattr(Broken, "then", pygame.KEYDOWN)
    from sprites.scenes import crash
    monkeypatch.setattr(crash.CrashScene, "key", Broken.key)     # a second error, on the crash screen, closes it
    monkeypatch.setattr(crash.CrashScene, "then", pygame.NOEVENT, raising=False)
    args = argparse.Namespace(save_dir=str(tmp_path), session=None, players=None, seed=None, variant=None, ai=None,
                              screenshot=None)
    assert sprites.app.run(args) == 1
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2 and all(line.startswith("error: Unexpected error in the window: ZeroDivisionError")
                                 for line in err)
    assert read(tmp_path / "errors.log").count("Traceback") == 2


def test_an_unexpected_error_in_the_autosave_thread_is_logged(tmp_path, log_in, monkeypatch):
    import app.autosave as autosave

    def gremlin(*args):
        raise RuntimeError("a gremlin in the disk")
    monkeypatch.setattr(autosave, "autosave", gremlin)
    s = new_session(2, seed=3)
    saver = BackgroundAutosaver(str(tmp_path), "game.yaml")
    s.listeners.append(saver)
    play_random(s, 1, steps=2)
    saver.flush()
    assert saver.take_error() == "game.yaml: cannot be written: RuntimeError: a gremlin in the disk (details in " \
                                 "errors.log)"
    text = read(log_in)
    assert "unexpected error in the autosave" in text and "Traceback" in text and "in gremlin" in text


def test_a_thread_that_dies_is_logged(log_in):
    def doomed():
        raise KeyError("lost")
    t = threading.Thread(target=doomed, name="doomed")
    t.start()
    t.join()
    text = read(log_in)
    assert "unexpected error in the thread doomed" in text and "KeyError: 'lost'" in text


def test_a_log_that_cannot_be_written_prints_no_traceback(tmp_path, capfd):
    """A save folder where errors.log cannot be written (here: a folder of that
    name; a read-only folder does the same): logging printed '--- Logging error ---'
    and a traceback to stderr at every autosave that failed. Now nothing, and the
    player's line no longer points at the file."""
    (tmp_path / errorlog.FILE).mkdir()
    try:
        errorlog.setup(str(tmp_path))
        errorlog.problem("autosave", "x.yaml: cannot be written: Permission denied")
        line = errorlog.unexpected("the window", ValueError("a bug"))
    finally:
        errorlog.close()
    assert capfd.readouterr().err == ""
    assert line == "Unexpected error in the window: ValueError: a bug"


def test_the_file_stays_small(tmp_path, monkeypatch):
    monkeypatch.setattr(errorlog, "MAX_BYTES", 4000)
    errorlog.setup(str(tmp_path))
    try:
        for i in range(200):
            try:
                raise ValueError(f"error number {i}")
            except ValueError as exc:
                errorlog.unexpected("a test", exc)
    finally:
        errorlog.close()
    assert sorted(os.listdir(tmp_path)) == ["errors.log", "errors.log.1", "errors.log.2"]
    assert all(os.path.getsize(tmp_path / f) <= 4000 for f in os.listdir(tmp_path))
    assert "error number 199" in read(tmp_path / "errors.log")


# ----- issue 28, points 2 and 3: a log that is a pipe, a link, a full disk -----------------
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PIPE_SCRIPT = """
import os, sys
sys.path[:0] = [sys.argv[1], os.path.join(sys.argv[1], 'tests')]
from save_helpers import new_session, play_random
from app import autosave, errorlog
from app.save_format import SaveError
folder = sys.argv[2]
errorlog.setup(folder)
def full_disk(session, save_dir, fname, *rest):
    raise SaveError(os.path.join(save_dir, fname), 'cannot be written: No space left on device')
autosave.autosave = full_disk
saver = autosave.BackgroundAutosaver(folder, 'game.yaml')
s = new_session(2, seed=3)
s.listeners.append(saver)
play_random(s, 1, steps=3)
assert saver.flush(timeout=20), 'the autosave thread is stuck'
errorlog.problem('the window', 'one more line')      # the logging lock is free
errorlog.close()
print('closed:', saver.last_error)
"""


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_log_that_is_a_named_pipe_never_blocks(tmp_path):
    """The autosave thread blocked opening the pipe (no reader) with the logging lock
    held, and the window never closed. Run in a process of its own: a stuck one is killed."""
    os.mkfifo(tmp_path / errorlog.FILE)
    import subprocess
    import sys
    try:
        done = subprocess.run([sys.executable, "-c", PIPE_SCRIPT, ROOT, str(tmp_path)], capture_output=True,
                              text=True, timeout=90)
    except subprocess.TimeoutExpired:
        pytest.fail("writing errors.log blocked on the named pipe")
    assert done.returncode == 0, done.stderr
    assert "closed: " in done.stdout and "No space left on device" in done.stdout and "Traceback" not in done.stderr


def test_a_log_that_is_a_link_is_never_followed(tmp_path, capfd):
    """A symlinked errors.log appended to its target, wherever that was."""
    outside = tmp_path / "outside.txt"
    outside.write_text("someone else's file\n")
    folder = tmp_path / "saves"
    folder.mkdir()
    (folder / errorlog.FILE).symlink_to(outside)
    (folder / (errorlog.FILE + ".1")).symlink_to(tmp_path / "nowhere")         # a dangling one: not created
    errorlog.setup(str(folder))
    try:
        errorlog.problem("autosave", "x.yaml: cannot be written")
        line = errorlog.unexpected("the window", ValueError("a bug"))
    finally:
        errorlog.close()
    assert outside.read_text() == "someone else's file\n"
    assert not (tmp_path / "nowhere").exists()
    assert line == "Unexpected error in the window: ValueError: a bug", "the line points at no file"
    assert capfd.readouterr().err == ""


def test_a_log_on_a_device_is_refused(tmp_path):
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full here")
    os.symlink("/dev/full", tmp_path / errorlog.FILE)
    errorlog.setup(str(tmp_path))
    try:
        errorlog.problem("autosave", "x.yaml: cannot be written")
    finally:
        errorlog.close()                                   # no OSError: nothing was opened
    assert errorlog.path() is None


def full_disk_stream(handler):
    """errors.log on a full disk: writes are buffered, then every flush fails with ENOSPC."""
    return open("/dev/full", "a", encoding="utf-8")


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
def test_the_window_closes_cleanly_when_the_log_s_disk_is_full(tmp_path, monkeypatch, capsys):
    """errorlog.close() raised OSError [Errno 28] in the finally of the window's run: the
    player saw a traceback instead of the autosave warning, and exit code 1."""
    import sprites.app
    monkeypatch.setattr(errorlog._Handler, "_open", full_disk_stream)
    real_build = sprites.app.build
    problem = "autosave-x.yaml: cannot be written: No space left on device"

    def build(args, screen, settings=None):
        app = real_build(args, screen, settings)
        errorlog.problem("autosave", problem)             # an autosave failed: errors.log gets a line
        monkeypatch.setattr(app, "flush_saves", lambda timeout=None: [problem])
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        return app
    monkeypatch.setattr(sprites.app, "build", build)
    args = argparse.Namespace(save_dir=str(tmp_path), session=None, players=None, seed=None, variant=None, ai=None,
                              screenshot=None)
    assert sprites.app.run(args) == 0
    err = capsys.readouterr().err
    assert err.splitlines()[-1] == f"warning: {problem}" and "Traceback" not in err
