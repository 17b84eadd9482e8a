"""The window's autosave thread (issue 12, point 7, the thread part; issue 8,
point 20): it never dies silently - any failure reaches the table as one line
- and flush() gives up after a timeout and says so."""
from __future__ import annotations

import os
import threading
import time

from ui_helpers import make_app, play_option

from app.session import Seat, Session
from app import autosave as window_autosave


def seats():
    return [Seat("Ash", "Black"), Seat("Bryn", "Blue"), Seat("Cora", "Green")]


def saver_of(session):
    return next(x for x in session.listeners if isinstance(x, window_autosave.BackgroundAutosaver))


def test_any_failure_of_the_autosave_thread_reaches_the_table_as_one_line(tmp_path, monkeypatch):
    app = make_app(tmp_path)
    session = Session.new(seats(), seed=4)
    table = app.start_game(session, handoff=False)

    def broken(*args):
        raise UnicodeEncodeError("utf-8", "\ud800", 0, 1, "surrogates not allowed")
    monkeypatch.setattr(window_autosave, "autosave", broken)
    play_option(app, table, 0)
    saver = saver_of(session)
    assert saver.flush(timeout=5)
    deadline = time.monotonic() + 5
    while table.toast is None and time.monotonic() < deadline:
        app.pump()
    assert table.toast is not None and table.toast[0].startswith("Autosave failed:")
    assert "surrogates not allowed" in table.toast[0] and "\n" not in table.toast[0]
    monkeypatch.undo()                             # the disk works again: the next action is saved
    play_option(app, table, 0)
    assert saver.flush(timeout=5) and saver.last_error is None
    assert os.path.exists(tmp_path / saver.fname)


def test_flush_gives_up_after_its_timeout_and_says_so(tmp_path, monkeypatch):
    app = make_app(tmp_path)
    session = Session.new(seats(), seed=4)
    table = app.start_game(session, handoff=False)
    release = threading.Event()

    def stuck(*args):                              # a disk that does not answer
        release.wait(10)
    monkeypatch.setattr(window_autosave, "autosave", stuck)
    play_option(app, table, 0)
    problems = app.flush_saves(timeout=0.3)          # (a flush that waited for ever would see the write done)
    assert problems and "did not finish within 0.3 s" in problems[0], "flush must not wait for ever"
    release.set()
    assert saver_of(session).flush(timeout=5)


def test_the_autosave_copy_is_independent_and_complete(tmp_path):
    """The cheap copy taken after each action is the whole session (log included)."""
    from app.save_format import load_session
    app = make_app(tmp_path)
    session = Session.new(seats(), seed=9)
    table = app.start_game(session, handoff=False)
    for _ in range(12):
        play_option(app, table, 0)
    saver = saver_of(session)
    assert saver.flush(timeout=5) and saver.last_error is None
    loaded = load_session(str(tmp_path / saver.fname))
    assert loaded.actions == session.actions and loaded.game.to_dict() == session.game.to_dict()
