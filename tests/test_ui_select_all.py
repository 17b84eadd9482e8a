"""Playtest: text fields had no Ctrl+A (Ctrl+A then Backspace took one character; typing was
added at the end). Ctrl+A selects the field's whole text, drawn as selected; Backspace or
Delete then clears it and a character typed replaces it. Through the real screens."""
from __future__ import annotations

import pygame

from sprites.textfield import SELECTION
from ui_helpers import click, make_app, press, redraw, type_into

CTRL_A = dict(key=pygame.K_a, unicode="\x01", mod=pygame.KMOD_LCTRL)


def select_all(app):
    press(app, CTRL_A["key"], CTRL_A["unicode"], CTRL_A["mod"])


def drawn_selected(app, field):
    """Is the selection's colour drawn inside the field?"""
    redraw(app)
    r = app.scene.element_rect(field)
    return any(tuple(app.screen.get_at((x, r.centery)))[:3] == SELECTION for x in range(r.x, r.right))


def test_ctrl_a_in_the_server_field_of_play_online(tmp_path):
    app = make_app(tmp_path)
    app.to_title()
    click(app, "button:online")
    online = app.scene
    type_into(app, "field:server", "ws://old.example:8765")
    click(app, "field:server")
    assert not drawn_selected(app, "field:server")
    select_all(app)
    assert online.server_text == "ws://old.example:8765"
    assert drawn_selected(app, "field:server"), "the whole text is drawn as selected"
    press(app, pygame.K_BACKSPACE)
    assert online.server_text == "", "Backspace cleared the selected text"
    assert not drawn_selected(app, "field:server")
    for ch in "ws://a:1":
        press(app, 0, ch)
    select_all(app)
    for ch in "ws://b:2":
        press(app, 0, ch)
    assert online.server_text == "ws://b:2", "typing replaced the selected text"
    select_all(app)
    press(app, pygame.K_DELETE)
    assert online.server_text == ""
    press(app, 0, "w")
    press(app, pygame.K_BACKSPACE)
    press(app, 0, "x")
    assert online.server_text == "x", "without Ctrl+A, Backspace takes one character"
    select_all(app)
    click(app, "field:name")
    click(app, "field:server")
    press(app, 0, "y")
    assert online.server_text == "xy", "a click away and back drops the selection"


def test_ctrl_a_in_the_title_screens_fields(tmp_path):
    app = make_app(tmp_path)
    app.to_title()
    title = app.scene
    click(app, "seat:0:name")
    select_all(app)
    assert drawn_selected(app, "seat:0:name")
    for ch in "Zed":
        press(app, 0, ch)
    assert title.seats[0]["name"] == "Zed", "typing replaced the selected name"
    click(app, "field:seed")
    select_all(app)
    press(app, 0, "x")                              # a seed is digits: the key is refused, the text stays selected
    assert title.seed_text.isdigit() and drawn_selected(app, "field:seed")
    press(app, 0, "7")
    assert title.seed_text == "7"


def test_ctrl_a_in_the_game_menus_save_name(tmp_path):
    from app.session import Seat, Session
    app = make_app(tmp_path)
    app.start_game(Session.new([Seat("Ash", "Black"), Seat("Bryn", "Blue", "easy")], seed=4), handoff=False)
    press(app, pygame.K_ESCAPE)
    menu = app.scene
    click(app, "field:save_name")
    for ch in "first try":
        press(app, 0, ch)
    select_all(app)
    assert drawn_selected(app, "field:save_name")
    press(app, pygame.K_BACKSPACE)
    assert menu.save_name == ""
    press(app, 0, "b")
    select_all(app)
    press(app, 0, "c")
    assert menu.save_name == "c"


def test_ctrl_a_in_the_box_that_saves_elsewhere(tmp_path):
    """The box offers a file it suggests: Ctrl+A and the player's own path replaces it."""
    import shutil
    from app.save_format import load_session
    from app.session import Seat, Session
    from ui_helpers import leave_to_title, play_option
    folder = tmp_path / "saves"
    app = make_app(folder)
    session = Session.new([Seat("Ash", "Black"), Seat("Bryn", "Blue")], seed=3)
    table = app.start_game(session, handoff=False)
    play_option(app, table, 0)
    app.flush_saves()
    shutil.rmtree(folder)
    folder.write_text("not a folder any more")      # every autosave fails from now on
    play_option(app, table, 0)
    app.flush_saves()
    app.pump()
    leave_to_title(app)
    box = app.scene.elsewhere
    assert box is not None and box.path, "the box suggests a file"
    select_all(app)
    assert drawn_selected(app, "field:elsewhere")
    target = tmp_path / "mine.yaml"
    for ch in str(target):
        press(app, 0, ch)
    assert box.path == str(target), "typing replaced the suggestion"
    click(app, "elsewhere:save")
    assert load_session(str(target)).actions == session.actions
