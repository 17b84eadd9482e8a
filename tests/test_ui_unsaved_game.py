"""A game whose autosave fails (issue 25, point 1). It used to show "Autosave
failed" only on the next seat's table; the title listed the game "In progress"
with the old time; "Start a new game?" said it "is autosaved and stays under
Recent games"; Quit asked nothing. Now the failure shows at once and stays up
(the table's banner, a strip over the hand-off screen), the title's row says
"not saved since ...", Start, Quit and the table's Menu offer "Save there" in
another folder, and the title says at start when the save folder cannot be
written. (The tests run as any user, root included: a folder that cannot be
made is one whose path goes through a file.)"""
from __future__ import annotations

import os
import shutil

import pytest
from hostile_helpers import one_line_error, run_main
from ui_helpers import DrawnText, click, leave_to_title, make_app, play_option, press, redraw

import pygame

from app.save_format import load_session
from app.session import Seat, Session
from sprites.scenes.handoff import HandOffScene
from sprites.scenes.table import TableScene
from sprites.scenes.title import TitleScene


def seats(kinds=("human", "human", "human")):
    return [Seat(n, d, k) for n, d, k in zip(("Ash", "Bryn", "Cora"), ("Black", "Blue", "Green"), kinds)]


def break_folder(folder):
    """The save folder goes away and a file takes its place: every autosave fails from now on."""
    shutil.rmtree(folder, ignore_errors=True)
    folder.write_text("not a folder any more")


def to_table(app):
    if isinstance(app.scene, HandOffScene):
        click(app, "handoff:confirm")
    assert isinstance(app.scene, TableScene)
    return app.scene


@pytest.fixture
def failing(tmp_path):
    """A 3-seat game that saved 4 moves, then lost its save folder and played one more."""
    folder = tmp_path / "saves"
    app = make_app(folder)
    session = Session.new(seats(), seed=3)
    table = app.start_game(session, handoff=False)
    for _ in range(4):
        play_option(app, table, 0)
    assert app.flush_saves() == []
    saved = len(session.actions)
    break_folder(folder)
    play_option(app, table, 0)
    app.flush_saves()
    app.pump()
    return app, table, session, saved


def banners_drawn(app, monkeypatch):
    """The texts of the banners over the map in one frame."""
    from sprites.table import overlays
    shown, real = [], overlays.banner
    monkeypatch.setattr(overlays, "banner", lambda surface, lay, text, top, **kw: shown.append(text) or
                        real(surface, lay, text, top, **kw))
    redraw(app)
    monkeypatch.setattr(overlays, "banner", real)
    return shown


def test_the_failure_shows_at_once_and_stays(failing, monkeypatch):
    app, table, session, _ = failing
    drawn = DrawnText(monkeypatch)
    drawn.clear()
    redraw(app)
    assert any(s.startswith("Autosave failed:") for s in drawn.strings())
    table.toast = None                               # the message's time is up: the banner stays
    drawn.clear()
    redraw(app)
    banner = [s for s in drawn.strings() if s.startswith("The autosave fails: not saved since ")]
    assert banner and "Menu saves the game elsewhere" in banner[0]


def test_one_banner_at_a_time(failing, monkeypatch):
    """Issue 39, polish 8: "two autosave failures stack two red banners today". A second failure,
    a refusal and the hint each take the one place of the banner over the map."""
    app, table, session, _ = failing
    play_option(app, table, 0)                       # the second failure
    app.flush_saves()
    app.pump()
    shown = banners_drawn(app, monkeypatch)
    assert len(shown) == 1 and shown[0].startswith("Autosave failed:"), shown     # why, for its moment
    table.toast = None
    shown = banners_drawn(app, monkeypatch)
    assert len(shown) == 1 and shown[0].startswith("The autosave fails: not saved since "), shown
    press(app, pygame.K_h)                           # the hint, asked for, shows in its place
    assert table.hinted is not None
    shown = banners_drawn(app, monkeypatch)
    assert shown == [table.hinted["text"]]
    table.say("That cannot be done now.")            # a refusal, for its moment
    assert banners_drawn(app, monkeypatch) == ["That cannot be done now."]
    table.toast = None
    table.hinted = None
    assert len(banners_drawn(app, monkeypatch)) == 1, "the line that stays comes back"


def test_the_hand_off_screen_shows_it_too(tmp_path, monkeypatch):
    """Hot seat: the move that fails ends the turn; the next player's hand-off screen says it."""
    folder = tmp_path / "saves"
    app = make_app(folder)
    session = Session.new(seats()[:2], seed=4)
    table = app.start_game(session, handoff=True)
    to_table(app)
    break_folder(folder)
    while isinstance(app.scene, TableScene):
        play_option(app, table, 0)
    assert isinstance(app.scene, HandOffScene)
    assert app.flush_saves(), "the move that ended the turn was not saved"
    drawn = DrawnText(monkeypatch)
    drawn.clear()
    app.pump()
    redraw(app)
    assert any("not saved since" in s for s in drawn.strings()), drawn.strings()


def test_the_title_row_says_not_saved_since(failing, monkeypatch):
    app, table, session, _ = failing
    drawn = DrawnText(monkeypatch)
    leave_to_title(app)
    title = app.scene
    assert isinstance(title, TitleScene) and title.elsewhere is not None, "the Menu says it first"
    click(app, "elsewhere:back")
    drawn.clear()
    redraw(app)
    shown = drawn.joined()
    assert "In progress - Ash, Bryn, Cora" in shown, "the game keeps a row though its file is gone"
    assert "Autosave failed: not saved since " in shown and "century 1 of 6" in shown
    assert "is autosaved" not in shown
    click(app, "recent:0")
    assert app.scene is table, "the row continues the game in progress"


def test_start_offers_to_save_elsewhere_then_starts(failing, tmp_path, monkeypatch):
    app, table, session, _ = failing
    leave_to_title(app)
    click(app, "elsewhere:back")
    click(app, "button:start")
    title = app.scene
    assert isinstance(title, TitleScene) and title.elsewhere is not None and title.question is None
    drawn = DrawnText(monkeypatch)
    drawn.clear()
    redraw(app)
    shown = drawn.joined()
    assert "This game is not saved" in shown and "is autosaved" not in shown and "Leave without saving" in shown
    box = title.elsewhere
    target = tmp_path / "elsewhere" / "kept.yaml"
    target.parent.mkdir()
    box.path = ""
    for ch in str(target):                           # typed, as a player would
        press(app, pygame.K_a, ch)
    click(app, "elsewhere:save")
    assert load_session(str(target)).actions == session.actions
    new = to_table(app)
    assert new.host.session is not session, "after saving, Start went on"


def test_the_game_saved_elsewhere_autosaves_there(failing, tmp_path):
    app, table, session, _ = failing
    leave_to_title(app)
    target = tmp_path / "kept.yaml"
    app.scene.elsewhere.path = str(target)
    click(app, "elsewhere:save")
    assert "Saved as" in app.scene.message and app.scene.elsewhere is None
    click(app, "button:continue")
    play_option(app, table, 0)
    assert app.flush_saves() == []
    assert load_session(str(target)).actions == session.actions
    assert table.unsaved is None


def test_quit_asks_first(failing):
    app, table, session, _ = failing
    leave_to_title(app)
    click(app, "elsewhere:back")
    click(app, "button:quit")
    assert app.running and app.scene.elsewhere is not None
    press(app, pygame.K_ESCAPE)
    assert app.running and app.scene.elsewhere is None
    click(app, "button:quit")
    click(app, "elsewhere:leave")
    assert not app.running


def test_the_game_menu_s_quit_offers_a_save_elsewhere_first(failing, tmp_path):
    """The game menu's Quit (issue 39, polish 1), as the title's: the moves the failing autosave
    did not keep are offered a file in another folder before the window closes."""
    app, table, session, _ = failing
    click(app, "button:menu")
    menu = app.scene
    click(app, "menu:quit")
    assert app.running and menu.elsewhere is not None
    press(app, pygame.K_ESCAPE)
    assert app.running and menu.elsewhere is None and app.scene is menu
    click(app, "menu:quit")
    target = tmp_path / "kept.yaml"
    menu.elsewhere.path = str(target)
    click(app, "elsewhere:save")
    assert not app.running, "saved there, it quits"
    assert load_session(str(target)).actions == session.actions


def test_a_failed_save_there_says_why_and_keeps_the_box(failing, tmp_path):
    app, table, session, _ = failing
    leave_to_title(app)
    box = app.scene.elsewhere
    box.path = str(tmp_path / "missing" / "x.yaml")
    click(app, "elsewhere:save")
    assert app.scene.elsewhere is box and "does not exist" in box.problem
    taken = tmp_path / "taken.yaml"
    taken.write_text("someone's file")
    box.path = str(taken)
    click(app, "elsewhere:save")
    assert "there already" in box.problem and taken.read_text() == "someone's file"


def test_the_title_says_at_start_that_the_folder_cannot_be_written(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    app = make_app(blocker / "saves")
    drawn = DrawnText(monkeypatch)
    app.push(TitleScene(app, seed=1))
    drawn.clear()
    redraw(app)
    assert "Games cannot be saved in the save folder" in app.scene.message
    assert any("Games cannot be saved" in s for s in drawn.strings())


def test_a_save_folder_inside_a_file_is_refused_up_front(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    for folder in (blocker, blocker / "sub", blocker / "sub" / "deeper"):
        line = one_line_error(run_main("--save-dir", folder, "--players", 3))
        assert line == f"error: --save-dir: {blocker} is a file, not a folder"
    assert os.path.isfile(blocker)
