"""A new game's autosave never replaces another game's file (issue 28, point
1): two games started in the same second with the same seed (two windows, or
a window and a script) used to write the same autosave-<date>-<time>-<seed>.yaml,
and the later silently overwrote the other. The first write of a new game
creates its file exclusively and takes the next free name if that one is taken."""
from __future__ import annotations

import datetime
import os
import subprocess
import sys
import threading

from save_helpers import new_session, play_random
from ui_helpers import make_app, play_option

from app import save_folder
from app.autosave import BackgroundAutosaver
from app.save_folder import autosave, autosave_name, prune_autosaves, recent_games
from app.save_format import load_session

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SECOND = datetime.datetime(2026, 3, 1, 20, 15, 7)


def same_second(monkeypatch):
    """Every game starts in the same second (what two windows opened together do)."""
    real = save_folder.autosave_name
    monkeypatch.setattr(save_folder, "autosave_name", lambda session, started=None: real(session, SECOND))


def test_two_windows_start_the_same_seed_in_the_same_second(tmp_path, monkeypatch):
    same_second(monkeypatch)
    first_window, second_window = make_app(tmp_path), make_app(tmp_path)
    first = new_session(3, seed=42, kind="human")
    table = first_window.start_game(first, handoff=False)
    for _ in range(6):
        play_option(first_window, table, 0)
    assert first_window.flush_saves() == []
    second = new_session(3, seed=42, kind="human")
    other = second_window.start_game(second, handoff=False)
    play_option(second_window, other, 0)
    assert second_window.flush_saves() == []
    files = sorted(f for f in os.listdir(tmp_path) if f.startswith("autosave-"))
    assert len(files) == 2, f"one game's autosave replaced the other's: {files}"
    kept = {len(load_session(str(tmp_path / f)).actions) for f in files}
    assert kept == {6, 1}, "each file holds its own game"
    assert len(recent_games(str(tmp_path))) == 2
    for window in (first_window, second_window):     # each window keeps writing its own file
        saver = next(x for x in window.scene.host.session.listeners if isinstance(x, BackgroundAutosaver))
        assert len(load_session(str(tmp_path / saver.fname)).actions) == len(window.scene.host.session.actions)


def test_an_older_file_of_that_name_is_kept(tmp_path):
    fname = autosave_name(new_session(2, seed=7), SECOND)
    older = new_session(2, seed=7)
    play_random(older, 1, steps=30)
    autosave(older, str(tmp_path), fname)
    before = (tmp_path / fname).read_bytes()
    newer = new_session(2, seed=7)
    saver = BackgroundAutosaver(str(tmp_path), fname, new=True)
    newer.listeners.append(saver)
    play_random(newer, 2, steps=3)
    assert saver.flush() and saver.last_error is None
    assert (tmp_path / fname).read_bytes() == before
    assert saver.fname != fname and saver.fname.startswith(fname[:-5])
    assert load_session(str(tmp_path / saver.fname)).actions == newer.actions
    # the new name is an autosave like the others: listed, and pruned when old (never the current game)
    assert {os.path.basename(s.path) for s in recent_games(str(tmp_path))} == {fname, saver.fname}
    assert prune_autosaves(str(tmp_path), current=fname, keep=0) == [saver.fname]


def test_games_claiming_one_name_at_the_same_moment_get_a_file_each(tmp_path):
    """Eight writers race for one name (the link that claims it is atomic)."""
    fname = autosave_name(new_session(2, seed=3), SECOND)
    sessions = []
    for k in range(8):
        s = new_session(2, seed=3)
        play_random(s, 1, steps=k + 1)
        sessions.append(s)
    written = [None] * len(sessions)
    go = threading.Barrier(len(sessions))

    def write(k):
        go.wait()
        written[k] = autosave(sessions[k], str(tmp_path), fname, new=True)
    threads = [threading.Thread(target=write, args=(k,)) for k in range(len(sessions))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert len(set(written)) == len(sessions) and None not in written
    for s, path in zip(sessions, written):
        assert load_session(path).actions == s.actions
    assert not [f for f in os.listdir(tmp_path) if f.endswith(".tmp")]


def test_a_script_and_a_window_in_the_same_second(tmp_path, monkeypatch):
    """Another process (a script) claimed the name first: the window's game gets its own file."""
    fname = autosave_name(new_session(2, seed=11, kind="human"), SECOND)
    script = ("import sys; sys.path[:0] = [sys.argv[1], sys.argv[1] + '/tests']\n"
              "from save_helpers import new_session, play_random\n"
              "from app.save_folder import autosave\n"
              "s = new_session(2, seed=11, kind='human'); play_random(s, 4, steps=20)\n"
              "print(autosave(s, sys.argv[2], sys.argv[3], new=True))\n")
    done = subprocess.run([sys.executable, "-c", script, ROOT, str(tmp_path), fname], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    same_second(monkeypatch)
    window = make_app(tmp_path)
    table = window.start_game(new_session(2, seed=11, kind="human"), handoff=False)
    play_option(window, table, 0)
    assert window.flush_saves() == []
    assert len(load_session(str(tmp_path / fname)).actions) == 20, "the script's game is intact"
    assert len(recent_games(str(tmp_path))) == 2
