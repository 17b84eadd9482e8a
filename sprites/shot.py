"""--screenshot: render a screen after some random legal steps, save a PNG, exit."""
from __future__ import annotations

import os
import random
import sys

import pygame

from game.app.session import Seat, Session
from game.plaintext import escape
from sprites.app import App, headless_env, open_window
from sprites.settings import NAMES


def make_session(players, seed, variant="standard", steps=0):
    """A hot-seat session of human seats after ``steps`` random legal steps."""
    from game import default_data
    dragons = [d.name for d in default_data().dragons]
    seats = [Seat(NAMES[i], dragons[i], "human") for i in range(players)]
    session = Session.new(seats, seed=seed, variant=variant)
    rng = random.Random(seed)
    for _ in range(steps):
        if session.game.is_over:
            break
        session.apply(rng.choice(session.game.decision.options))
    return session


def screenshot(args):
    headless_env()
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")      # a picture makes no sound
    w, h = args.size                       # game.app.cli has checked every flag and made --size (w, h)
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
        session = make_session(args.players, seed, args.variant, steps)
        table = app.start_game(session, handoff=args.screen == "handoff")
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
        pygame.image.save(app.screen, args.screenshot)
    except (pygame.error, OSError) as exc:       # what the folder check cannot see: a dangling link, a full disk
        print(f"error: --screenshot: cannot write {escape(args.screenshot)} ({escape(exc)})", file=sys.stderr)
        return 2
    print(f"saved {args.screenshot} ({app.scene.__class__.__name__}, {w}x{h})")
    return 0
