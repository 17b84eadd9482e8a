"""The title screen's list of saves: how long listing a folder of saves takes
when they are sealed (as the game writes them: the header is shown after a
SHA-256 of the file) and when they are not (edited, or of an earlier version:
the whole file is parsed to check the header against the game inside, once
per version of a file in a process).

    python tests/bench/bench_save_list.py [--saves 21] [--runs 5]

Prints the median (and min-max) wall and CPU time of one listing, and the load
average beside them.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time

import common  # noqa: F401  (puts the project on sys.path)

from app import save_folder
from app.save_format import document_text, save_session, session_document
from app.session import Session
from game.data import default_data


def finished_game(players, seed):
    dragons = [d.name for d in default_data().dragons][:players]
    session = Session.new([{"name": f"{d} Dragon", "dragon": d, "kind": "human"} for d in dragons], seed)
    rng = random.Random(seed)
    while not session.game.is_over:
        session.apply(rng.choice(session.game.decision.options))
    return session


def timed(fn, runs):
    wall, cpu = [], []
    for _ in range(runs):
        w, c = time.perf_counter(), time.process_time()
        fn()
        wall.append(time.perf_counter() - w)
        cpu.append(time.process_time() - c)
    return wall, cpu


def show(label, wall, cpu):
    print(f"{label:48s} wall {statistics.median(wall) * 1000:7.1f} ms ({min(wall) * 1000:.1f}-{max(wall) * 1000:.1f})"
          f"   cpu {statistics.median(cpu) * 1000:7.1f} ms")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--saves", type=int, default=21, help="saves in the folder (KEEP_AUTOSAVES + 1 by default)")
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    game = finished_game(6, 1)
    sealed, unsealed = tempfile.mkdtemp(), tempfile.mkdtemp()
    text = document_text(session_document(game, "Autosave"))
    for i in range(args.saves):
        name = f"autosave-202601{i % 28 + 1:02d}-1200{i % 60:02d}-{i}.yaml"
        save_session(game, os.path.join(sealed, name), name="Autosave")
        with open(os.path.join(unsealed, name), "w", encoding="utf-8") as fh:
            fh.write(text)                    # as an earlier version wrote it: no seal
    size = os.path.getsize(os.path.join(sealed, name)) // 1024
    print(f"{args.saves} finished 6-player saves of {size} KB; load average {os.getloadavg()[0]:.2f} "
          f"{os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")
    show("sealed (as the game writes them)", *timed(lambda: save_folder.list_saves(sealed), args.runs))

    def first_listing():
        save_folder._inside.clear()
        save_folder.list_saves(unsealed)
    show("not sealed, first listing (each file parsed)", *timed(first_listing, args.runs))
    save_folder.list_saves(unsealed)
    show("not sealed, listed again (parsed once per version)", *timed(lambda: save_folder.list_saves(unsealed),
                                                                        args.runs))


if __name__ == "__main__":
    main()
