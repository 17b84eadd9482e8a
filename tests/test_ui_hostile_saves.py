"""The window starts, and its Load list opens, whatever lies in the save
folder (issue 12, points 1, 2 and 7): hostile files are listed as unreadable."""
from __future__ import annotations

import os
import re

from hostile_helpers import small_save_text
from ui_helpers import click, make_app

from sprites.scenes.title import TitleScene


def hostile_folder(folder):
    text = small_save_text()
    bomb = "".join(f"l{i}: &l{i} [" + ",".join([f"*l{i - 1}"] * 10) + "]\n" for i in range(1, 10))
    files = {
        "huge number.yaml": text.replace("format: 3", "format: 0x" + "f" * 5000, 1),
        "alias bomb.yaml": text.replace("summary:", "l0: &l0 [x]\n" + bomb + "summary: *l9\nold_summary:", 1),
        "surrogate name.yaml": text.replace("name: corpus", 'name: "\\ud800"', 1),
        "nul summary.yaml": re.sub(r"\n  text: .*\n", lambda m: '\n  text: "3 players\\0"\n', text, count=1),
        "escape codes.yaml": text.replace("name: corpus", 'name: "\\e[2J"', 1),
        "good.yaml": text,
        "autosave-20260101-120000-1.yaml": text.replace("players: [", 'players: ["A\\0", ', 1),
        "autosave-20260101-130000-2.yaml": text.replace("players: [", "players: [[[nested]]], old: [", 1),
        "autosave-20260101-140000-3.yaml": text.replace("variant: standard", 'variant: "\\e[2J"', 1),
    }
    for name, content in files.items():
        (folder / name).write_text(content, encoding="utf-8")
    if os.name == "posix":
        (folder / os.fsdecode(b"bad \xff bytes.yaml")).write_text("format: 4\n")   # unreadable format
        os.mkfifo(folder / "pipe.yaml")
    return files


def test_the_title_starts_and_lists_hostile_saves(tmp_path):
    hostile_folder(tmp_path)
    app = make_app(tmp_path)
    app.push(TitleScene(app, players=3, seed=1))
    app.pump()
    click(app, "button:load")
    title = app.scene
    assert title.loading is not None
    shown = {info.name: info for info in title.loading}
    assert shown["corpus"].problem is None                  # the good save
    assert shown["nul summary"].problem == "summary.text: a summary cannot contain the character \\x00"
    unreadable = [info for info in title.loading if info.problem]
    assert len(unreadable) == len(title.loading) - 1 >= 8
    assert [info.name for info in title.recent] == ["corpus"]   # hostile saves are not offered to continue
                                                            # (the good named save is: issue 25, point 6)
    for info in title.loading:
        assert info.name.isprintable() and info.summary.isprintable() and (info.problem or "").isprintable()
    app.dirty = True
    app.pump()                                              # draws every line of the list
    click(app, f"load:{title.loading.index(unreadable[0])}")
    assert isinstance(app.scene, TitleScene) and "cannot be loaded" in app.scene.message


def test_names_typed_on_the_title_follow_the_engine_rule(tmp_path):
    import pygame
    from ui_helpers import press
    from game.plaintext import MAX_NAME, name_problem
    app = make_app(tmp_path)
    app.push(TitleScene(app, players=2, seed=1))
    click(app, "seat:0:name")
    for _ in range(4):
        press(app, pygame.K_BACKSPACE)
    for ch in "abcdefghijklmnopqrstuvwxyz":
        press(app, pygame.K_a, ch)
    press(app, pygame.K_a, "\x1b")
    press(app, pygame.K_RETURN)
    name = app.scene.seats[0]["name"]
    assert len(name) == MAX_NAME and name_problem(name) is None
    click(app, "button:start")
    from sprites.scenes.table import TableScene
    assert app.find(TableScene).host.session.seats[0].name == name


def test_a_hostile_settings_file_never_freezes_the_start(tmp_path):
    """The settings file is read like a save: an alias bomb is refused at once
    (it took 24 s at every start), a named pipe is not opened for reading
    (that blocked forever)."""
    import threading
    import time
    from sprites.settings import FILE, Settings
    bomb = "l0: &l0 [x]\n" + "".join(f"l{i}: &l{i} [" + ",".join([f"*l{i - 1}"] * 10) + "]\n" for i in range(1, 9))
    (tmp_path / FILE).write_text(bomb + "players: *l8\n")
    start = time.process_time()
    settings = Settings.load(str(tmp_path))
    assert time.process_time() - start < 2
    assert "aliases and anchors (& and *) are not allowed" in settings.notice and settings.players == 4
    if hasattr(os, "mkfifo"):
        os.remove(tmp_path / FILE)
        os.mkfifo(tmp_path / FILE)
        loaded = []
        reader = threading.Thread(target=lambda: loaded.append(Settings.load(str(tmp_path))), daemon=True)
        reader.start()
        reader.join(10)
        assert loaded, "reading a named pipe as the settings file blocks"
        assert "is not a regular file" in loaded[0].notice


def test_a_save_dated_at_the_end_of_the_calendar_is_listed(tmp_path):
    """The title shows each save's date in local time; a 'saved' date that
    cannot be converted (year 1 at +23:59) stopped the window's start with an
    OverflowError. The list shows the file's own date instead."""
    from app.save_folder import list_saves
    text = small_save_text()
    dated = re.sub(r"(?m)^saved: .*$", "saved: '0001-01-01T00:00:00+23:59'", text, count=1)
    assert dated != text
    (tmp_path / "autosave-20260101-120000-1.yaml").write_text(dated, encoding="utf-8")
    info, = list_saves(str(tmp_path))
    assert info.problem is None and info.date.year > 2000
    app = make_app(tmp_path)
    app.push(TitleScene(app, players=3, seed=1))
    app.pump()
    assert [os.path.basename(s.path) for s in app.scene.recent] == ["autosave-20260101-120000-1.yaml"]
    click(app, "button:load")
    app.dirty = True
    app.pump()                                              # draws the list with its dates
    assert app.scene.loading[0].problem is None
