"""The save folder looks after itself (issue 13 follow-ups): temporaries of
killed writes go as soon as their writer is gone, old autosaves are pruned to
the newest games, and the settings file and errors.log never show up as
saves."""
import os
import re
import subprocess
import sys

import pytest
from save_helpers import new_session, play_random

import main
import sprites.app
from app import save_format
from app.autosave import BackgroundAutosaver
from app.save_folder import (KEEP_AUTOSAVES, autosave_name, list_saves, prune_autosaves, recent_games,
                                  save_as)
from app.save_format import document_text, save_session, session_document


def start_window(save_dir, monkeypatch):
    """main.main as a player starts the window (the window itself replaced)."""
    started = []
    monkeypatch.setattr(sprites.app, "run", lambda args: started.append(args) or 0)
    assert main.main(["--save-dir", str(save_dir)]) == 0 and started


# ----- 1. temporaries of killed writes ---------------------------------------------
def test_a_killed_write_leaves_a_temporary_named_with_its_pid(tmp_path, monkeypatch):
    class Killed(BaseException):
        pass

    def dying_write(fh, data):
        fh.write(data[:100])
        raise Killed()
    monkeypatch.setattr(save_format, "write_bytes", dying_write)
    monkeypatch.setattr(save_format.os, "unlink", lambda p: None)       # as a kill -9 leaves it
    with pytest.raises(Killed):
        save_session(new_session(2, seed=1), tmp_path / "game.yaml")
    [left] = os.listdir(tmp_path)
    assert re.fullmatch(rf"\.game\.yaml\.{os.getpid()}\.[a-z0-9_]{{8}}\.tmp", left), left


def test_a_start_removes_every_temporary_whose_writer_is_gone(tmp_path, monkeypatch):
    finished = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    gone = int(finished.stdout)
    running = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
    try:
        killed = tmp_path / f".autosave-20260102-153000-7.yaml.{gone}.k3j_x9a2.tmp"          # written a moment ago
        killed_settings = tmp_path / f".settings.yaml.{gone}.0a1b2c3d.tmp"
        earlier_me = tmp_path / f".Sunday.yaml.{os.getpid()}.abcd1234.tmp"     # this process writes nothing yet
        writing = tmp_path / f".autosave-20260102-160000-9.yaml.{running.pid}.zz11yy22.tmp"   # another game
        not_ours = tmp_path / f".notes.{gone}.abcd1234.tmp"
        for f in (killed, killed_settings, earlier_me, writing, not_ours):
            f.write_text("partial")
        start_window(tmp_path, monkeypatch)
        assert sorted(os.listdir(tmp_path)) == sorted([writing.name, not_ours.name])
    finally:
        running.kill()
        running.wait()
    start_window(tmp_path, monkeypatch)                  # its writer is gone now: so is it
    assert os.listdir(tmp_path) == [not_ours.name]


# ----- 4. old autosaves pruned ------------------------------------------------------
def autosave_text(session, saved):
    text = document_text(session_document(session, "Autosave"))
    return re.sub(r"^saved: .*$", f"saved: '{saved}'", text, count=1, flags=re.M)


def test_old_autosaves_are_pruned_to_the_newest_games(tmp_path):
    finished = new_session(2, seed=5)
    play_random(finished, 5)
    abandoned = new_session(3, seed=6)
    play_random(abandoned, 6, steps=10)
    old = []
    for day in range(1, KEEP_AUTOSAVES + 6):         # 25 older games, finished and abandoned
        name = f"autosave-202601{day:02d}-120000-{day}.yaml"
        (tmp_path / name).write_text(autosave_text(finished if day % 2 else abandoned, f"2026-01-{day:02d}T12:00:00Z"))
        old.append(name)
    named = save_as(abandoned, str(tmp_path), "autosave-20250101-120000-1")      # a named save: never pruned
    (tmp_path / "Sunday.yaml").write_text(autosave_text(abandoned, "2025-01-01T00:00:00Z").replace(
        "name: Autosave", "name: Sunday"))
    session = new_session(2, seed=9)
    fname = autosave_name(session)
    saver = BackgroundAutosaver(str(tmp_path), fname)
    session.listeners.append(saver)
    play_random(session, 9, steps=1)
    assert saver.flush() and saver.last_error is None
    left = sorted(os.listdir(tmp_path))
    assert left == sorted(old[-KEEP_AUTOSAVES:] + [fname, os.path.basename(named), "Sunday.yaml"])
    assert len(recent_games(str(tmp_path))) == KEEP_AUTOSAVES + 1 + 2      # (named saves too: issue 25, point 6)


def test_the_game_in_progress_is_never_pruned(tmp_path):
    session = new_session(2, seed=9)
    current = "autosave-20200101-000000-9.yaml"
    (tmp_path / current).write_text(autosave_text(session, "2020-01-01T00:00:00Z"))       # the oldest of all
    for day in range(1, KEEP_AUTOSAVES + 3):
        (tmp_path / f"autosave-202601{day:02d}-120000-{day}.yaml").write_text(
            autosave_text(session, f"2026-01-{day:02d}T12:00:00Z"))
    assert prune_autosaves(str(tmp_path), current=current) == ["autosave-20260102-120000-2.yaml",
                                                                 "autosave-20260101-120000-1.yaml"]
    assert os.path.exists(tmp_path / current) and len(recent_games(str(tmp_path))) == KEEP_AUTOSAVES + 1


def test_of_games_saved_in_the_same_second_the_older_is_pruned(tmp_path):
    """Headers say the second a game was saved: games started and left within one second
    keep the order they were written in (the later one is the newer game), whatever
    their names or the folder's order say."""
    session = new_session(2, seed=9)
    names = [f"autosave-20260101-120000-{seed}.yaml" for seed in (9, 10, 7, 8, 50, 6)]   # written in this order
    for k, name in enumerate(names):
        (tmp_path / name).write_text(autosave_text(session, "2026-01-01T12:00:00Z"))
        os.utime(tmp_path / name, ns=(10**18 + k * 10**6, 10**18 + k * 10**6))
    assert [os.path.basename(s.path) for s in list_saves(str(tmp_path))] == names[::-1]
    assert prune_autosaves(str(tmp_path), keep=3) == names[2::-1]


# ----- 5. the settings file and errors.log are not saves -----------------------------
def test_the_save_list_never_shows_the_settings_or_errors_log(tmp_path):
    from sprites.settings import Settings
    settings = Settings.load(str(tmp_path))
    settings.players = 5
    assert settings.save() is None
    (tmp_path / "settings.yml").write_text("players: 3\n")             # of an earlier version
    (tmp_path / "errors.log").write_text("2026-01-01 ERROR boom\n" * 1000)
    (tmp_path / "errors.log.1").write_bytes(b"\xff\xfe" * 1000)
    assert list_saves(str(tmp_path)) == [] and recent_games(str(tmp_path)) == []
    path = save_as(new_session(2, seed=1), str(tmp_path), "Settings")      # a save the player calls "Settings"
    assert [s.path for s in list_saves(str(tmp_path))] == [path] and path.endswith("Settings_1.yaml")
    assert Settings.load(str(tmp_path)).players == 5 and Settings.load(str(tmp_path)).notice is None


def test_settings_of_earlier_versions_are_read(tmp_path):
    from sprites.settings import Settings
    (tmp_path / "settings.yml").write_text("players: 3\nspeed: 4\n")
    settings = Settings.load(str(tmp_path))
    assert (settings.players, settings.speed, settings.notice) == (3, 4, None)
    settings.speed = 2
    assert settings.save() is None
    assert Settings.load(str(tmp_path)).speed == 2 and (tmp_path / "settings.yaml").exists()
