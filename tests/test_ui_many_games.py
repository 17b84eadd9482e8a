"""Nothing piles up in one window (issue "One seat's window onto the game",
item 7; issue "Faults at the edges", item 9): each game left behind used to
keep its autosave thread for good (a few hundred games under a memory limit
ended in "can't start new thread"). A window keeps one autosave thread, for
its live game, and a game it is done with lands its last save and ends its
thread."""
from __future__ import annotations

import threading

from ui_helpers import human_seats, make_app

from game.app.save_folder import KEEP_AUTOSAVES
from game.app.save_format import load_session
from game.app.session import Session


def autosave_threads(before=()):
    """The autosave threads running now (but those of other tests' windows, running ``before``)."""
    return [t for t in threading.enumerate() if t.name == "autosave" and t not in before]


def test_sixty_games_in_one_window_keep_one_autosave_thread(tmp_path):
    others = autosave_threads()
    app = make_app(tmp_path)
    games = []
    for seed in range(60):
        session = Session.new(human_seats(3), seed=seed)
        table = app.start_game(session, handoff=False)
        table.apply(0)                              # a move: this game's autosave writes
        app.pump()
        games.append((session, table.host.autosave_file))
        mine = autosave_threads(others)
        assert len(mine) <= 1, f"{len(mine)} autosave threads after {seed + 1} games"
    for session, name in games[1 - KEEP_AUTOSAVES:-1]:   # left behind, saved before its thread ended (older: pruned)
        assert load_session(str(tmp_path / name)).actions == session.actions
    app.close()
    assert autosave_threads(others) == [], "the window's last game ends its thread when the window closes"
