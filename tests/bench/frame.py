"""Benchmark: time to draw one table frame at 1600 x 900, 6 players mid-game,
and the event loop's CPU share while idle.

    python tests/bench/frame.py [--frames 300] [--idle 5]

Prints the median and 95th percentile of
  - a frame as the event loop draws it (the table's cached layers plus the
    hover overlays: highlight, enlarged card, tooltip), and
  - a full repaint (every layer drawn again, as after a move or during an
    animation),
then runs the real event loop with nothing happening for --idle seconds and
prints the CPU time it used as a share of one core.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from sprites.app import App, open_window  # noqa: E402
from sprites.shot import make_session  # noqa: E402


def percentile(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


def measure(draw, frames):
    times = []
    for _ in range(frames):
        t = time.perf_counter()
        draw()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times), percentile(times, 0.95)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--frames", type=int, default=300)
    ap.add_argument("--idle", type=float, default=5.0)
    ap.add_argument("--steps", type=int, default=260, help="random steps into the game (mid-game)")
    args = ap.parse_args(argv)

    screen = open_window((1600, 900))
    app = App(screen, animate=False, threaded_ai=False, autosave=False)
    session = make_session(6, seed=3, steps=args.steps)
    table = app.start_game(session, handoff=False)
    app.render()
    g = session.game
    print(f"6 players, century {g.state.century}, phase {g.state.phase}, {len(session.actions)} actions, "
          f"{screen.get_size()[0]}x{screen.get_size()[1]}, SDL video driver {pygame.display.get_driver()}")

    # hover over a hand card: the loop draws highlight, enlarged card and tooltip
    name = next((n for n in table.element_names() if n.startswith("hand:")), "region:Gallia")
    pos = table.element_point(name)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.pump()

    def loop_frame():
        table.draw(screen)
        pygame.display.flip()

    def full_frame():
        table.base_dirty = True
        table._painted.clear()
        table.draw(screen)
        pygame.display.flip()

    measure(loop_frame, 20)
    med, p95 = measure(loop_frame, args.frames)
    print(f"frame (event loop, hovering {name}): median {med:.2f} ms, 95th percentile {p95:.2f} ms")
    def anim_frame():
        table.map_dirty = True
        table.draw(screen)
        pygame.display.flip()

    med, p95 = measure(anim_frame, args.frames)
    print(f"animation frame (the map redrawn, e.g. the hex turning): median {med:.2f} ms, "
          f"95th percentile {p95:.2f} ms")
    med, p95 = measure(full_frame, args.frames)
    print(f"full repaint (every part of the table redrawn): median {med:.2f} ms, 95th percentile {p95:.2f} ms")

    # after each real action only the parts whose content changed are redrawn
    import random
    rng = random.Random(1)
    times = []
    for _ in range(min(args.frames, 120)):
        if session.game.is_over:
            break
        session.apply(rng.choice(session.game.decision.options))
        table.refresh()                   # seat 0 watches, as one player at the computer would
        t = time.perf_counter()
        table.draw(screen)
        pygame.display.flip()
        times.append((time.perf_counter() - t) * 1000)
    print(f"frame after an action ({len(times)} random actions seen by seat 0, changed parts redrawn): median "
          f"{statistics.median(times):.2f} ms, 95th percentile {percentile(times, 0.95):.2f} ms")

    stop = threading.Timer(args.idle, lambda: pygame.event.post(pygame.event.Event(pygame.QUIT)))
    cpu0, wall0 = time.process_time(), time.perf_counter()
    stop.start()
    app.loop()
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    print(f"idle event loop: {cpu * 1000:.0f} ms CPU in {wall:.2f} s = {100 * cpu / wall:.2f}% of one core")
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
