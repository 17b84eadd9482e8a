"""--screenshot: render a screen after some random legal steps, save a PNG, exit."""
from __future__ import annotations

import errno
import io
import os
import random
import stat
import sys

import pygame

from app.host import LocalHost
from game.plaintext import escape
from sprites.app import App, headless_env, open_window
from sprites.settings import NAMES


def make_host(players, seed, variant="standard", steps=0):
    """A hot-seat game of human seats after ``steps`` random legal steps."""
    from game import default_data
    dragons = [d.name for d in default_data().dragons]
    host = LocalHost.new([{"name": NAMES[i], "dragon": dragons[i], "kind": "human"} for i in range(players)],
                         seed, variant, threaded=False)
    host.play_random(steps, random.Random(seed))
    return host


def write_png(surface, path):
    """Save the picture as a PNG file. pygame would write it itself and say
    nothing when the write fails (a full disk, /dev/full): the PNG is made in
    memory and written here, where every failed write is an OSError. Only a
    regular file is written (a named pipe would block, a device takes nothing)."""
    png = io.BytesIO()
    pygame.image.save(surface, png, "png")
    if os.path.exists(path) and not os.path.isfile(path):
        raise OSError(errno.EINVAL, "not a regular file")
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0), 0o644)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):             # (it changed since)
            raise OSError(errno.EINVAL, "not a regular file")
        try:
            os.ftruncate(fd, 0)
            data = png.getvalue()
            while data:
                data = data[os.write(fd, data):]
            os.fsync(fd)                    # some file systems report a full disk only here
        except OSError:
            os.unlink(path)                 # no empty or cut picture is left behind
            raise
    finally:
        os.close(fd)


def screenshot(args):
    headless_env()
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")      # a picture makes no sound
    w, h = args.size                       # app.cli has checked every flag and made --size (w, h)
    screen = open_window((w, h))
    app = App(screen, animate=False, threaded_ai=False, autosave=False)
    seed = args.seed if args.seed is not None else 1
    if args.screen in ("title", "settings"):
        from sprites.scenes.title import TitleScene
        app.push(TitleScene(app, players=args.players, seed=seed, variant=args.variant))
        if args.screen == "settings":
            app.show_settings()
    elif args.screen == "tutorial":
        app.start_tutorial()
    else:
        steps = 10 ** 6 if args.screen == "scores" else args.steps
        table = app.open_table(make_host(args.players, seed, args.variant, steps), handoff=args.screen == "handoff")
        if args.screen == "handoff" and app.scene is table:
            table.handoff_pending = True
            app.show_handoff(table)
        if args.screen == "help":
            app.show_help()
        if args.screen == "standings" and app.scene is table:
            table.standings.toggle()
    app.tick()
    app.dirty = True
    app.render()
    try:
        write_png(app.screen, args.screenshot)
    except (pygame.error, OSError) as exc:       # what the folder check cannot see: a dangling link, a full disk
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
        print(f"error: --screenshot: cannot write {escape(args.screenshot)} ({escape(reason)})", file=sys.stderr)
        return 2
    print(f"saved {args.screenshot} ({app.scene.__class__.__name__}, {w}x{h})")
    return 0
