"""Title, help, resize, animations, undo, saves and replay, driven by clicks and keys."""
from __future__ import annotations

import os
import random

from ui_helpers import click, leave_to_title, make_app, play_option, press

import pygame
import pytest

from app.session import Seat, Session
from sprites.anim import now_ms
from sprites.scenes.help import HelpScene
from sprites.scenes.table import TableScene
from sprites.scenes.title import TitleScene


def seats(n):
    return [Seat(x, d) for x, d in zip(["Ash", "Bryn", "Cora", "Dain", "Elin", "Finn"],
                                       ["Black", "Blue", "Green", "Orange", "Red", "White"])][:n]


def until(app, table, kind, rng=None):
    g = table.host.session.game
    rng = rng or random.Random(1)
    while g.decision.kind != kind:
        play_option(app, table, rng.randrange(len(g.decision.options)))
        g = table.host.session.game


def test_title_sets_up_a_game_by_clicks(tmp_path):
    app = make_app(tmp_path)
    app.push(TitleScene(app, players=4, seed=9))
    click(app, "button:players_minus")
    click(app, "seat:0:name")
    for _ in range(3):
        press(app, pygame.K_BACKSPACE)
    press(app, pygame.K_z, "Z")
    press(app, pygame.K_RETURN)
    click(app, "seat:2:kind")
    click(app, "seat:1:dragon")
    click(app, "toggle:desolation")
    click(app, "button:start")
    if type(app.scene).__name__ == "HandOffScene":
        click(app, "handoff:confirm")
    table = app.scene
    assert isinstance(table, TableScene)
    s = table.host.session
    assert [x.name for x in s.seats][0] == "Z" and len(s.seats) == 3
    assert s.seats[2].kind != "human" and s.variant == "desolation" and s.seed == 9
    assert len({x.dragon for x in s.seats}) == 3


def shift_tab(app):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, unicode="", mod=pygame.KMOD_SHIFT,
                                         scancode=0))
    app.pump()


def test_the_title_by_keyboard(tmp_path):
    """Issue 39, polish 2: "title dropdowns move with the arrow keys, Enter acts on the focused
    control (not always Start)". Tab goes through every control in order (a name field takes the
    typing at once), the Human / AI level list opens with Enter and Up/Down move through it,
    Enter takes the focused control; with no focus, Enter is still Start."""
    from app.host import seat_kinds
    kinds = [k for k, _ in seat_kinds()]
    app = make_app(tmp_path)
    title = app.push(TitleScene(app, players=3, seed=9))
    order = []
    for _ in range(len(title.focusable())):
        press(app, pygame.K_TAB)
        order.append(title.kfocus)
    assert order == title.focusable() and order[0] == "button:players_minus"
    assert {"seat:0:name", "seat:0:kind", "toggle:handoff", "field:seed", "button:start", "button:quit"} <= set(order)
    shift_tab(app)
    assert title.kfocus == order[-2], "Shift+Tab goes back"
    while title.kfocus != "seat:0:name":
        press(app, pygame.K_TAB)
    assert title.focus == "seat:0:name", "a name field takes the typing"
    for _ in range(8):
        press(app, pygame.K_BACKSPACE)
    press(app, pygame.K_z, "Z")
    press(app, pygame.K_TAB)                      # on to the dragon, then the level's list
    press(app, pygame.K_TAB)
    assert title.kfocus == "seat:0:kind" and title.focus is None
    press(app, pygame.K_RETURN)
    assert title.menu == 0, "Enter opens the focused list, it does not start the game"
    start = kinds.index(title.seats[0]["kind"])
    press(app, pygame.K_DOWN)
    press(app, pygame.K_DOWN)
    press(app, pygame.K_UP)
    assert title.menu_pick == kinds[(start + 1) % len(kinds)]
    press(app, pygame.K_RETURN)
    assert title.menu is None and title.seats[0]["kind"] == kinds[(start + 1) % len(kinds)]
    press(app, pygame.K_UP)                       # the closed list, focused: the arrows change it
    assert title.seats[0]["kind"] == kinds[start]
    while title.kfocus != "button:players_plus":
        press(app, pygame.K_TAB)
    press(app, pygame.K_RETURN)
    assert title.count == 4 and isinstance(app.scene, TitleScene), "Enter took the + button, not Start"
    press(app, pygame.K_ESCAPE)
    assert title.kfocus is None
    press(app, pygame.K_RETURN)                   # no focus: Enter starts the game
    if type(app.scene).__name__ == "HandOffScene":
        click(app, "handoff:confirm")
    assert isinstance(app.scene, TableScene)
    session = app.scene.host.session
    assert session.seats[0].name == "Z" and len(session.seats) == 4 and session.seats[0].kind == kinds[start]


def test_every_kind_of_element_has_a_name(tmp_path):
    app = make_app(tmp_path)
    table = app.start_game(Session.new(seats(4), seed=3), handoff=False)
    names = set(table.element_names())
    for name in ("region:Gallia", "site:Gallia:2", "hex:use", "hex:turn_left", "hex:turn_right", "hand:0",
                 "track:1", "lair_action:hoard", "button:divination", "button:help", "player:3", "deck"):
        assert name in names, name
        r = table.element_rect(name)
        assert r.w > 0 and app.screen.get_rect().contains(r), name
    until(app, table, "attack_turn")
    assert "button:end_turn" in table.element_names()


def test_help_opens_with_f1_and_closes_with_escape(tmp_path):
    app = make_app(tmp_path)
    app.start_game(Session.new(seats(3), seed=3), handoff=False)
    press(app, pygame.K_F1)
    assert isinstance(app.scene, HelpScene)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, TableScene)


def test_the_table_scales_with_the_window(tmp_path):
    app = make_app(tmp_path)
    table = app.start_game(Session.new(seats(5), seed=3), handoff=False)
    pygame.display.set_mode((1100, 650), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1100, 650), w=1100, h=650))
    app.pump()
    assert table.lay.size == (1100, 650)
    screen = pygame.Rect(0, 0, 1100, 650)
    for name in table.element_names():
        assert screen.contains(table.element_rect(name)), name
    play_option(app, table, 0)


def test_animations_run_and_finish(tmp_path):
    app = make_app(tmp_path, animate=True)
    table = app.start_game(Session.new(seats(3), seed=3), handoff=False)
    until(app, table, "place_dragon")
    play_option(app, table, 0)
    assert table.motion.busy()
    t = now_ms()
    while table.motion.busy() and now_ms() - t < 3000:
        app.pump()
    assert not table.motion.busy()


def test_undo_button_takes_back_the_last_step(tmp_path):
    app = make_app(tmp_path)
    session = Session.new(seats(3), seed=3)
    table = app.start_game(session, handoff=False)
    rng = random.Random(4)
    for _ in range(400):
        if session.can_undo():
            break
        play_option(app, table, rng.randrange(len(session.game.decision.options)))
    n = len(session.actions)
    click(app, "button:undo")
    assert len(session.actions) == n - 1
    table = app.scene
    if session.can_undo():
        press(app, pygame.K_u)
        assert len(session.actions) == n - 2


def test_save_as_then_load_from_the_title(tmp_path):
    app = make_app(tmp_path)
    session = Session.new(seats(3), seed=5)
    table = app.start_game(session, handoff=False)
    for _ in range(6):
        play_option(app, table, 0)
    leave_to_title(app)
    assert isinstance(app.scene, TitleScene)
    click(app, "field:save_name")
    for ch in "sunday":
        press(app, getattr(pygame, f"K_{ch}"), ch)
    click(app, "button:save_as")
    assert os.path.exists(tmp_path / "sunday.yaml")
    app.to_title()
    click(app, "button:load")
    title = app.scene
    names = [info.name for info in title.loading]
    click(app, f"load:{names.index('sunday')}")
    if type(app.scene).__name__ == "HandOffScene":      # loaded hot-seat games start hidden
        click(app, "handoff:confirm")
    assert isinstance(app.scene, TableScene)
    assert app.scene.host.session.actions == session.actions


def test_replay_steps_forward_and_back(tmp_path):
    from sprites.scenes.replay import ReplayScene
    app = make_app(tmp_path)
    session = Session.new(seats(3), seed=5)
    rng = random.Random(2)
    for _ in range(30):
        session.apply(rng.choice(session.game.decision.options))
    app.show_replay(session)
    scene = app.scene
    click(app, "replay:forward")
    click(app, "replay:forward")
    assert scene.replay.index == 2
    click(app, "replay:back")
    assert scene.replay.index == 1
    press(app, pygame.K_END)
    assert scene.replay.index == 30


@pytest.mark.parametrize("size", [(1100, 650), (1600, 900)])
def test_replay_back_button_sits_left_of_forward(tmp_path, size):
    """Read left to right, the replay's buttons go back then forward ("< Back" on the
    left, "Forward >" on the right), like the arrow keys that step it."""
    from sprites.scenes.replay import ReplayScene
    app = make_app(tmp_path, size=size)
    session = Session.new(seats(2), seed=5)
    rng = random.Random(2)
    for _ in range(10):
        session.apply(rng.choice(session.game.decision.options))
    app.show_replay(session)
    back, forward = app.scene.element_point("replay:back"), app.scene.element_point("replay:forward")
    assert back[0] < forward[0]
    click(app, "replay:forward")
    assert app.scene.replay.index == 1
    click(app, "replay:back")
    assert app.scene.replay.index == 0


def test_screenshot_command_writes_a_png(tmp_path):
    import main
    for screen in ("table", "title", "scores"):
        out = tmp_path / f"{screen}.png"
        assert main.main(["--screenshot", str(out), "--players", "3", "--seed", "2", "--steps", "15",
                          "--screen", screen]) == 0
        assert pygame.image.load(str(out)).get_size() == (1600, 900)


def test_load_and_replay_arguments_open_their_screens(tmp_path):
    import argparse
    from app.save_format import save_session
    from sprites.app import build
    from sprites.scenes.replay import ReplayScene
    session = Session.new(seats(3), seed=5)
    for _ in range(12):
        session.apply(session.game.decision.options[0])
    path = str(tmp_path / "g.yaml")
    save_session(session, path)
    from app.save_format import load_session
    screen = make_app(tmp_path).screen
    app = build(argparse.Namespace(session=load_session(path), replay=None, save_dir=str(tmp_path)), screen)
    table = app.find(TableScene)
    assert table is not None and len(table.host.session.actions) == 12
    app = build(argparse.Namespace(session=load_session(path), replay=path, save_dir=str(tmp_path)), screen)
    assert isinstance(app.scene, ReplayScene) and len(app.scene.replay) == 12
    app = build(argparse.Namespace(session=None, replay=None, save_dir=str(tmp_path), players=5, seed=1,
                                   variant="strategist", ai="human,hard,easy"), screen)
    assert isinstance(app.scene, TitleScene) and app.scene.count == 5 and app.scene.options["strategist"]
    assert [s["kind"] for s in app.scene.seats[:4]] == ["human", "hard", "easy", "normal"]


def test_continue_resumes_the_autosave(tmp_path):
    app = make_app(tmp_path)
    session = Session.new(seats(3), seed=8)
    table = app.start_game(session, handoff=False)
    for _ in range(5):
        play_option(app, table, 0)
    app.flush_saves()
    assert [f for f in os.listdir(tmp_path) if f.startswith("autosave-")]
    app.replace(TitleScene(app))           # as after starting the program again
    click(app, "button:continue")
    if type(app.scene).__name__ == "HandOffScene":
        click(app, "handoff:confirm")
    assert isinstance(app.scene, TableScene)
    assert app.scene.host.session.actions == session.actions


@pytest.mark.slow
def test_the_real_event_loop_runs_a_game_of_ai_dragons(tmp_path):
    import threading
    from sprites.scenes.scores import ScoresScene
    app = make_app(tmp_path, threaded_ai=True, ai_delay_ms=1)
    app.push(TitleScene(app, players=3, seed=4))
    for i in range(3):
        click(app, f"seat:{i}:kind")              # the level menu
        click(app, f"kind:{i}:random")
    click(app, "button:start")
    assert isinstance(app.scene, TableScene)

    def watch():
        import time
        t = time.monotonic()
        while time.monotonic() - t < 60 and not isinstance(app.scene, ScoresScene):
            time.sleep(0.05)
        pygame.event.post(pygame.event.Event(pygame.QUIT))
    watcher = threading.Thread(target=watch)
    watcher.start()
    app.loop()
    watcher.join()
    assert isinstance(app.scene, ScoresScene)


def test_f11_toggles_full_screen_and_back(tmp_path):
    app = make_app(tmp_path)
    table = app.start_game(Session.new(seats(2), seed=1), handoff=False)
    press(app, pygame.K_F11)
    assert app.screen.get_flags() & pygame.FULLSCREEN
    assert table.lay.size == app.screen.get_size()
    press(app, pygame.K_F11)
    assert not app.screen.get_flags() & pygame.FULLSCREEN
    assert app.screen.get_size() == (1600, 900) and table.lay.size == (1600, 900)
    play_option(app, table, 0)


def test_every_element_has_a_tooltip(tmp_path):
    app = make_app(tmp_path)
    table = app.start_game(Session.new(seats(4), seed=3), handoff=False)
    until(app, table, "attack_turn")
    missing = [e.name for e in table.elements if not e.tip and e.name not in ("dialog", "log")]
    assert not missing, missing


def test_hint_button_and_key_suggest_a_legal_move():
    """Issue 4: a Hint button lets a human ask the normal AI what it would do."""
    app = make_app()
    session = Session.new([Seat("Ash", "Black"), Seat("Bryn", "Blue", "easy")], seed=6)
    app.start_game(session)
    table = app.scene
    for _ in range(50):                               # let the AI seat play until it is Ash's turn
        if session.game.decision.player == 0:
            break
        app.pump()
    assert isinstance(table, TableScene) and session.game.decision.player == 0
    app.pump()
    assert "button:hint" in table.element_names()
    before = len(session.actions)
    click(app, "button:hint")
    assert table.hinted is not None and table.hinted["text"].startswith("Hint (normal AI): ")
    assert len(session.actions) == before             # a hint never plays the move
    table.hinted = None
    press(app, pygame.K_h)
    assert table.hinted is not None and table.hinted["text"].startswith("Hint")
