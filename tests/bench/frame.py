"""Benchmark: the table's frames as a player gets them, at 1600 x 900, six
dragons in the 5th century, and the event loop's CPU share while idle.

    python tests/bench/frame.py [--actions 60] [--speed 1] [--frames 300] [--idle 5]

The window runs as it does for a player: autosave on (to a temporary
folder), animations on, the five AI dragons (normal level) thinking in their
own thread, the human seat clicking one of its options a moment after each
animation ends. Prints wall time and the UI thread's CPU time (median and
95th percentile, and the worst frame's CPU) of
  - the frame after an action: from the click (or the AI's move being
    applied) until that frame is on screen - the engine's step, the
    autosave's copy, the new view and every part that changed;
  - a frame as the event loop draws it while hovering a card (highlight,
    enlarged card, tooltip) and an animation frame (the map redrawn), each
    alone and while an AI dragon thinks;
  - the full repaint after a resize (the window switching between two sizes;
    the first switch to each size, which lays the table out afresh and
    draws the cards in sight for it, is shown apart);
then the CPU the real event loop uses while it waits for the human (once
the pictures left for the window's idle moments are made); and
last the frame after an action again from the same position with the
standings panel open (the standings worked out and the panel painted again
whenever they change).
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from app.session import Seat, Session  # noqa: E402
from sprites import idle  # noqa: E402
from sprites.app import App, open_window, wait_event  # noqa: E402
from sprites.scenes.handoff import HandOffScene  # noqa: E402

SIZES = ((1600, 900), (1280, 720))


def percentile(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


def line(what, wall, cpu):
    return (f"{what}: wall median {statistics.median(wall):.2f} ms, p95 {percentile(wall, 0.95):.2f} ms; "
            f"CPU median {statistics.median(cpu):.2f} ms, p95 {percentile(cpu, 0.95):.2f} ms, "
            f"worst {max(cpu):.2f} ms ({len(wall)} frames)")


def timed(fn, frames):
    wall, cpu = [], []
    for _ in range(frames):
        t, c = time.perf_counter(), time.thread_time()
        fn()
        wall.append((time.perf_counter() - t) * 1000)
        cpu.append((time.thread_time() - c) * 1000)
    return wall, cpu


def mid_game(seed, steps):
    """Six seats (a human and five normal AI dragons) after ``steps`` random legal moves."""
    names = ["Ash", "Bryn", "Cora", "Dain", "Elin", "Finn"]
    dragons = ["Black", "Blue", "Green", "Orange", "Red", "White"]
    session = Session.new([Seat(names[i], dragons[i], "human" if i == 0 else "normal") for i in range(6)], seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        session.apply(rng.choice(session.game.decision.options))
    return session


class Human:
    """Clicks a random option of the human seat a moment after the table is still."""

    def __init__(self, app, table, seed, think_ms=250):
        self.app, self.table, self.rng = app, table, random.Random(seed)
        self.think_ms = think_ms
        self.ready_at = None

    def act(self, now_ms):
        t = self.table
        app = self.app
        if isinstance(app.scene, HandOffScene):
            return self.click("handoff:confirm", app.scene)
        if app.scene is not t or t.motion.busy() or t.hex_tween is not None:
            self.ready_at = None
            return
        d = t.host.game.decision
        if d is None or not t.seats.is_human(d.player):
            return
        if self.ready_at is None:
            self.ready_at = now_ms + self.think_ms
        if now_ms < self.ready_at:
            return
        self.ready_at = None
        if t.dialog is not None and t.dialog_kind in ("confirm", "choose", "panel"):
            names = [n for n, _ in t.dialog.elements(t.lay) if n.startswith(("option:", "button:confirm"))]
            return self.click(self.rng.choice(names), t)
        if t.dialog_kind == "draft":
            return self.click(self.rng.choice([n for n in t.groups if n.startswith("draft:")]), t)
        names = [n for n in t.groups if t.element(n) is not None]
        self.click(self.rng.choice(names), t)

    def click(self, name, scene):
        standings = getattr(scene, "standings", None)
        if standings is not None and standings.open:      # the panel covers the table: the click's work only
            scene.click(name)
            self.app.dirty = True
            return
        pos = scene.element_point(name)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


class ActionClock:
    """Where actions enter the game: the human's commands (``host.send``: an
    option, a flight, an undo) and the other seats' moves (``host.advance``).
    Each one that changes the game starts a clock; the frame that shows it
    stops them (``pending`` holds (wall, cpu) at the start of each)."""

    def __init__(self, host):
        self.host = host
        self.pending = []
        self.entered = 0                # commands and moves that changed the game
        self._send, self._advance = host.send, host.advance
        host.send, host.advance = self.send, self.advance

    def _timed(self, call, *args):
        start = (time.perf_counter(), time.thread_time())
        version = self.host.version
        answer = call(*args)
        if self.host.version != version:
            self.pending.append(start)
            self.entered += 1
        return answer

    def send(self, seat, command):
        return self._timed(self._send, seat, command)

    def advance(self):
        return self._timed(self._advance)

    def stop(self):
        del self.host.send, self.host.advance        # the host's own methods again


def after_action_frames(app, table, actions, seed, think_ms=250):
    """Play on in the real event loop; time each frame that follows an applied action."""
    wall, cpu = [], []
    clock = ActionClock(table.host)
    human = Human(app, table, seed, think_ms)
    session = table.host.session
    start = session.changes
    try:
        while session.changes - start < actions and not session.game.is_over:
            app.tick()
            drew = app.dirty
            app.render()
            if drew and clock.pending:
                t, c = clock.pending[0]
                wall.append((time.perf_counter() - t) * 1000)
                cpu.append((time.thread_time() - c) * 1000)
                clock.pending.clear()
            event = wait_event(app.timeout())
            events = [event] if event.type != pygame.NOEVENT else []
            events += pygame.event.get()
            for e in events:
                app.handle(e)
            human.act(int(time.monotonic() * 1000))
    finally:
        clock.stop()
    return wall, cpu


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--actions", type=int, default=60, help="actions to time in the running game")
    ap.add_argument("--speed", type=int, default=1, choices=(1, 2, 4), help="the table's Speed (AI pace, animations)")
    ap.add_argument("--frames", type=int, default=300)
    ap.add_argument("--idle", type=float, default=10.0)
    ap.add_argument("--steps", type=int, default=260, help="random steps into the game (mid-game)")
    ap.add_argument("--seed", type=int, default=3)
    args = ap.parse_args(argv)
    print(load_average())

    screen = open_window(SIZES[0])
    folder = tempfile.mkdtemp(prefix="wod-frame-")
    app = App(screen, animate=True, threaded_ai=True, autosave=True, save_dir=folder)
    session = mid_game(args.seed, args.steps)
    table = app.start_game(session, handoff=False)
    table.set_speed(args.speed)
    app.render()
    g = session.game
    print(f"6 players (1 human, 5 normal AI), century {g.state.century}, phase {g.state.phase}, "
          f"{len(session.actions)} actions, {screen.get_size()[0]}x{screen.get_size()[1]}, SDL video driver "
          f"{pygame.display.get_driver()}; autosave on, animations on, AI threads on, Speed x{args.speed}")

    wall, cpu = after_action_frames(app, table, args.actions, args.seed)
    print(line(f"frame after an action ({len(wall)} actions, human and AI)", wall, cpu))

    # hover and animation frames, alone and while an AI dragon thinks in its thread
    name = next((n for n in table.element_names() if n.startswith("hand:")), "region:Gallia")
    pos = table.element_point(name)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.pump()

    def loop_frame():
        table.draw(screen)
        pygame.display.flip()

    def anim_frame():
        table.map_dirty = True
        table.draw(screen)
        pygame.display.flip()

    timed(loop_frame, 20)
    print(line(f"frame as the event loop draws it (hovering {name})", *timed(loop_frame, args.frames)))
    print(line("animation frame (the map redrawn)", *timed(anim_frame, args.frames)))
    thinker = thinking(session)
    print(line("frame as the event loop draws it, an AI dragon thinking", *timed(loop_frame, args.frames)))
    print(line("animation frame, an AI dragon thinking", *timed(anim_frame, args.frames)))
    thinker.stop()

    # a full repaint after a resize: the window switching between two sizes
    first, again = resize_frames(app, table, max(20, args.frames // 10))
    print(line("first frame at a new window size (layout, the cards in sight drawn for it)", *first))
    print(line("full repaint after a resize (sizes seen before)", *again))

    # idle: the human's turn, nothing moving (the AI dragons wait for the human)
    # (if the game ends meanwhile: its scores screen, once the winner's animation is over)
    while True:
        ticked = app.scene
        app.tick()
        g = session.game
        if app.scene is ticked and not app.animating and (g.is_over or table.seats.is_human(g.decision.player) and not table.motion.busy()
                                  and app.scene is table):
            break
        if isinstance(app.scene, HandOffScene):
            app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, unicode="", mod=0, scancode=0))
        app.render()
        time.sleep(0.01)
    idle.finish()               # (the pictures left for idle moments, as after a resize: made once, not idling)
    stop = threading.Timer(args.idle, lambda: pygame.event.post(pygame.event.Event(pygame.QUIT)))
    cpu0, wall0 = time.process_time(), time.perf_counter()
    stop.start()
    app.loop()
    cpu_s, wall_s = time.process_time() - cpu0, time.perf_counter() - wall0
    print(f"idle event loop ({type(app.scene).__name__}): {cpu_s * 1000:.0f} ms CPU in {wall_s:.2f} s = "
          f"{100 * cpu_s / wall_s:.2f}% of one core")

    # after an action again from the same position, the standings panel open (last: this game may end)
    app.flush_saves(timeout=10)
    session = mid_game(args.seed, args.steps)
    table = app.start_game(session, handoff=False)
    table.set_speed(args.speed)
    table.standings.toggle()
    app.render()
    wall, cpu = after_action_frames(app, table, args.actions, args.seed)
    print(line(f"frame after an action, standings panel open ({len(wall)} actions)", wall, cpu))
    app.flush_saves(timeout=10)
    pygame.quit()
    print(load_average())
    return 0


def load_average():
    return "load average " + " ".join(f"{v:.2f}" for v in os.getloadavg())


class thinking:
    """A normal AI dragon choosing, over and over, in a thread (as while an AI seat thinks)."""

    def __init__(self, session):
        from game.ai import make_ai
        self.running = True
        game = session.game

        def think():
            ai = make_ai("normal", 1)
            while self.running:
                g = game.copy(keep_log=True)
                if g.decision is None:
                    return
                ai.choose(g, g.decision.player)
        self.thread = threading.Thread(target=think, daemon=True)
        self.thread.start()

    def stop(self):
        self.running = False
        self.thread.join()


def resize_frames(app, table, n):
    first = ([], [])
    again = ([], [])
    for k in range(n + 2):
        size = SIZES[(k + 1) % 2]
        pygame.display.set_mode(size, pygame.RESIZABLE)        # the window system resizes; then the event comes
        t, c = time.perf_counter(), time.thread_time()
        app.handle(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
        app.dirty = True
        app.render()
        out = first if k < 2 else again
        out[0].append((time.perf_counter() - t) * 1000)
        out[1].append((time.thread_time() - c) * 1000)
    return first, again


if __name__ == "__main__":
    sys.exit(main())
