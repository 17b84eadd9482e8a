"""A game the window is done with keeps no thread and no memory, however it
was left (issue 39, "Leaks and faults"): a game that ends and is left through
the scores screen's "New game", or through the crash screen's "Title screen",
kept its autosave thread for good (App.hosts() no longer saw it, so nothing
closed it), and the thread kept the last copy of the game it wrote: over 66
games, 55 threads and +349 KB a game."""
from __future__ import annotations

import random
import threading
import tracemalloc

from ui_helpers import click, human_seats, make_app

from game import public_lairs
from sprites import idle
from app.save_format import load_session
from app.session import Session
from sprites.scenes.crash import CrashScene
from sprites.scenes.scores import ScoresScene
from sprites.scenes.title import TitleScene


def autosave_threads(before=()):
    return [t for t in threading.enumerate() if t.name == "autosave" and t not in before]


def one_move_from_the_end(seed):
    """A 3-player game of human seats played at random to one move before its end, and that move's option."""
    rng = random.Random(seed)
    played = Session.new(human_seats(3), seed=seed)
    while not played.game.is_over:
        played.apply(rng.choice(played.game.decision.options))
    session = Session.new(human_seats(3), seed=seed)
    for action in played.actions[:-1]:
        session.apply(action)
    return session, session.game.decision.options.index(played.actions[-1])


def end_through_scores(app, seed):
    """Play a game's last move on the table, then the scores screen's New game."""
    session, last = one_move_from_the_end(seed)
    table = app.start_game(session, handoff=False)
    assert table.apply(last)
    app.pump()
    assert isinstance(app.scene, ScoresScene)
    click(app, "button:new_game")
    assert isinstance(app.scene, TitleScene)
    return session, table.host.autosave_file


def end_through_a_crash(app, seed):
    """A game on the table when the window meets an unexpected error, then the crash screen's Title screen."""
    session = Session.new(human_seats(3), seed=seed)
    table = app.start_game(session, handoff=False)
    assert table.apply(0)                       # a move: this game's autosave writes
    app.pump()
    app.crashed(RuntimeError("a fault in the window (test)"))
    assert isinstance(app.scene, CrashScene)
    click(app, "button:title")
    assert isinstance(app.scene, TitleScene)
    return session, table.host.autosave_file


def test_games_left_through_the_scores_and_the_crash_screen_keep_no_thread_and_no_memory(tmp_path):
    others = autosave_threads()
    app = make_app(tmp_path)
    sizes = []
    tracemalloc.start()
    try:
        for k in range(8):
            leave = end_through_scores if k % 2 == 0 else end_through_a_crash
            session, name = leave(app, 100 + k)
            assert autosave_threads(others) == [], f"an autosave thread still runs after game {k + 1} ({leave.__name__})"
            assert load_session(str(tmp_path / name)).actions == session.actions, "its last autosave landed"
            del session
            public_lairs._BOOKS.clear()         # (a cache of the last 33 games' readers: bounded, not a leak)
            idle.finish()                       # the sound effects made once, as the window's idle moments do
            sizes.append(tracemalloc.get_traced_memory()[0])
    finally:
        tracemalloc.stop()
    grown = (sizes[-1] - sizes[1]) / (len(sizes) - 2)
    assert grown < 40_000, f"{grown / 1000:.0f} KB more Python memory a game ({[s // 1000 for s in sizes]} KB)"
    app.close()
