"""Whole games played by synthetic mouse clicks on the window (dummy video driver)."""
from __future__ import annotations

import random

from ui_helpers import click, click_at, make_app, play_option, press

import pygame
import pytest

from app.session import Seat, Session
from sprites.scenes.handoff import HandOffScene
from sprites.scenes.scores import ScoresScene
from sprites.scenes.table import TableScene


def seats(n, kinds=None):
    names = ["Ash", "Bryn", "Cora", "Dain", "Elin", "Finn"]
    dragons = ["Black", "Blue", "Green", "Orange", "Red", "White"]
    return [Seat(names[i], dragons[i], (kinds or ["human"] * n)[i]) for i in range(n)]


def new_table(seat_list, seed):
    """(app, session, table): a window showing a new game of these seats, no hand-off screen."""
    app = make_app()
    session = Session.new(seat_list, seed=seed)
    return app, session, app.start_game(session, handoff=False)


def play_by_clicks(app, session, seed, limit=3000, kinds=None):
    """Play to the end choosing random options by clicks; ``kinds`` collects
    the decision kinds answered with the mouse. Returns the hand-offs seen."""
    rng = random.Random(seed)
    handoffs = 0
    kinds = set() if kinds is None else kinds
    for _ in range(limit):
        scene = app.scene
        if isinstance(scene, ScoresScene):
            return handoffs
        if isinstance(scene, HandOffScene):
            assert scene.seat == session.game.decision.player
            click(app, "handoff:confirm")
            handoffs += 1
            continue
        assert isinstance(scene, TableScene)
        d = session.game.decision
        if not session.seats[d.player].is_human:
            app.pump()
            continue
        assert scene.seats.viewer == d.player, "the table must show the deciding player's own view"
        play_option(app, scene, rng.randrange(len(d.options)))
        kinds.add(d.kind)
    raise AssertionError("the game did not end")


@pytest.mark.slow
def test_three_player_hot_seat_game_by_clicks():
    app = make_app()
    session = Session.new(seats(3), seed=11)
    app.start_game(session)
    kinds = set()
    handoffs = play_by_clicks(app, session, seed=5, kinds=kinds)
    assert {"discard", "lair_action", "scheme_pick", "select_card", "place_dragon", "attack_turn",
            "attack_assign"} <= kinds
    assert session.game.is_over
    assert handoffs > 10
    assert isinstance(app.scene, ScoresScene)
    click(app, "button:view_table")
    assert isinstance(app.scene, TableScene)
    click(app, "button:scores")
    assert isinstance(app.scene, ScoresScene)


@pytest.mark.slow
def test_desolation_game_by_clicks():
    app = make_app()
    session = Session.new(seats(4), seed=23, variant="desolation")
    app.start_game(session)
    kinds = set()
    play_by_clicks(app, session, seed=9, kinds=kinds)     # a seed whose game has both choices
    assert {"first_strike", "raze"} <= kinds
    assert session.game.is_over and session.game.cooperative
    assert isinstance(app.scene, ScoresScene)
    click(app, "button:new_game")
    assert type(app.scene).__name__ == "TitleScene"


def test_level_up_and_resource_choices_by_clicks():
    app = make_app()
    session = Session.new(seats(3), seed=12)
    app.start_game(session)
    kinds = set()
    play_by_clicks(app, session, seed=20, kinds=kinds)    # a seed whose game has both choices
    assert {"level_up", "choose_resource"} <= kinds


def test_human_against_ai_dragons():
    app = make_app()
    session = Session.new(seats(3, ["human", "random", "easy"]), seed=4)
    app.start_game(session)
    handoffs = play_by_clicks(app, session, seed=3)
    assert session.game.is_over
    assert handoffs == 0, "a single human never sees the hand-off screen"


def test_illegal_click_shows_the_engine_reason():
    app, session, table = new_table(seats(3), seed=2)
    g = session.game
    while g.decision.kind != "lair_action":
        play_option(app, table, 0)
    taken = g.decision.options[0].choice
    play_option(app, table, 0)
    click(app, f"lair_action:{taken}")
    assert table.toast is not None and "already took" in table.toast[0]


def at_an_attack_turn_with_cards():
    """(app, session, table) at a human's attack turn in which cards can be played."""
    app, session, table = new_table(seats(3), seed=2)
    g = session.game
    while not (g.decision.kind == "attack_turn"
               and any(a.kind == "play_card" for a in g.decision.options)):
        play_option(app, table, 0)
    return app, session, table


def test_end_turn_asks_when_useful_actions_remain():
    app, session, table = at_an_attack_turn_with_cards()
    n = len(session.actions)
    click(app, "button:end_turn")
    assert table.dialog_kind == "confirm" and len(session.actions) == n
    press(app, pygame.K_ESCAPE)
    assert table.dialog is None and len(session.actions) == n
    click(app, "button:end_turn")
    press(app, pygame.K_RETURN)
    assert session.actions[-1].kind == "end_turn"


def test_end_turn_picked_from_all_choices_is_not_asked_again():
    """Playtest: picking "End your turn" from All choices, a list that shows every
    action still possible, then asked "End your turn?" a second time."""
    app, session, table = at_an_attack_turn_with_cards()
    g = session.game
    n = len(session.actions)
    end = next(i for i, a in enumerate(g.decision.options) if a.kind == "end_turn")
    click(app, "button:choices")
    click(app, f"option:{end}")
    assert table.dialog is None
    assert len(session.actions) == n + 1 and session.actions[-1].kind == "end_turn"


def test_a_discard_picked_from_all_choices_asks_first_as_a_click_on_the_card_does():
    """Playtest (issue 25, smaller things): "A discard picked from All choices is not
    confirmed; the same discard by clicking the card is"."""
    from ui_helpers import reach, table_at
    session = reach(lambda g: g.decision.kind == "discard", players=3)
    app, table = table_at(session)
    n = len(session.actions)
    card = next(name for name, idx in table.groups.items() if name.startswith("hand:") and len(idx) == 1)
    i = table.groups[card][0]
    action = session.game.decision.options[i]
    click(app, card)
    assert table.dialog_kind == "confirm", "clicking the card asks first"
    click(app, "button:cancel")
    click(app, "button:choices")
    click(app, f"option:{i}")
    assert table.dialog_kind == "confirm" and len(session.actions) == n, "so does All choices"
    click(app, "button:confirm")
    assert session.actions[n] == action


def test_ai_dragons_think_in_a_thread_while_the_window_keeps_running():
    import time
    app = make_app(threaded_ai=True, ai_delay_ms=1)
    session = Session.new(seats(3, ["random", "random", "random"]), seed=6)
    table = app.start_game(session)
    t = time.monotonic()
    while not session.game.is_over and time.monotonic() - t < 60:
        app.pump()
        if table.host.thinking:
            time.sleep(0.001)
    assert session.game.is_over
    assert isinstance(app.scene, ScoresScene)


def test_a_failing_ai_is_reported_and_the_game_goes_on():
    app = make_app()
    session = Session.new(seats(3, ["human", "random", "random"]), seed=6)
    table = app.start_game(session)

    class Broken:
        def choose(self, game, seat):
            raise RuntimeError("out of ideas")
    table.host._ais = {1: Broken(), 2: Broken()}
    rng = random.Random(1)
    for _ in range(200):
        d = session.game.decision
        if session.seats[d.player].is_human:
            play_option(app, table, rng.randrange(len(d.options)))
        else:
            n = len(session.actions)
            app.pump()
            if len(session.actions) > n:
                break
    assert table.toast is not None and "out of ideas" in table.toast[0]


@pytest.mark.slow
def test_every_option_can_be_picked_from_the_all_choices_list():
    app, session, table = new_table(seats(3), seed=12)
    rng = random.Random(2)
    kinds = set()
    for _ in range(150):
        d = session.game.decision
        i = rng.randrange(len(d.options))
        n = len(session.actions)
        if rng.random() < 0.5:
            press(app, pygame.K_a, "a")
        else:
            click(app, "button:choices")
        click(app, f"option:{i}")
        if table.dialog_kind == "confirm":
            click(app, "button:confirm")
        assert session.actions[n] == d.options[i]
        kinds.add(d.kind)
    assert {"discard", "lair_action", "select_card", "place_dragon", "attack_turn"} <= kinds


def test_clicking_anything_anywhere_never_breaks_the_game():
    """Random clicks on every kind of element, legal or not: the game only
    ever moves by one of its options, and illegal clicks are explained."""
    app, session, table = new_table(seats(4), seed=31)
    rng = random.Random(7)
    explained = 0
    for step in range(400):
        if isinstance(app.scene, ScoresScene):
            break
        scene = app.scene
        names = [n for n in scene.element_names() if n not in ("button:menu", "button:help")]
        name = rng.choice(names)
        before = len(session.actions)
        d = session.game.decision
        table.toast = None
        click_at(app, scene.element_point(name))
        if len(session.actions) > before:
            assert session.actions[before] in d.options
        elif table.toast is not None:
            explained += 1
        if step % 5 == 0 and app.scene is table and not session.game.is_over:
            # keep the game moving too
            if table.standings.open:
                press(app, pygame.K_v)            # the standings panel covers the table until closed
            if table.dialog is not None and table.dialog.cancel:
                press(app, pygame.K_ESCAPE)
            if table.dialog is None or table.dialog_kind in ("panel", "draft"):
                play_option(app, table, rng.randrange(len(session.game.decision.options)))
        for p in table.view["players"]:
            if p["seat"] != table.seats.viewer:
                assert p["hand"] is None, "another player's hand must never reach the table"
    assert explained > 10


def test_clicking_a_region_two_moves_away_offers_the_whole_flight():
    """Playtest: clicking Gothia from Britannia with livestock to spare said "Gothia is
    not next to Britannia", and the player had to click each region on the way. Rulebook,
    Move: "eating 1 livestock for every region moved through or into". A region further
    away offers the whole flight in one question; Esc asks nothing of the game, and yes
    makes the moves one by one (each can be undone)."""
    app, session, table = new_table(seats(3, ["human", "easy", "easy"]), seed=2)
    g = session.game
    while not (g.decision.kind == "attack_turn" and g.decision.player == 0):
        play_option(app, table, 0) if session.seats[g.decision.player].is_human else app.pump()
    p = g.state.players[0]
    for q in g.state.players[1:]:
        q.region = None                     # an open sky: no dragon on the way
    p.lair.res["livestock"] = 3
    g._decision = None
    table.snap = None                       # (the game was changed behind the host: fetch it afresh)
    table.refresh()
    target = next(r for r in g.ring if g.ring_distance(p.region, r) == 2)
    n, start = len(session.actions), p.region
    click(app, f"region:{target}")
    assert table.dialog_kind == "confirm" and table.dialog.title == f"Fly to {target}?"
    press(app, pygame.K_ESCAPE)
    assert table.dialog is None and len(session.actions) == n and p.region == start
    click(app, f"region:{target}")
    press(app, pygame.K_RETURN)
    assert p.region == target
    assert [a.kind for a in session.actions[n:]] == ["move", "move"]


def test_a_level_up_opens_with_the_keyboard_on_a_choice_that_enter_takes():
    """Playtest: "The Level-up dialog opens with nothing focused, unlike the other dialogs."
    A decision answered in a panel of its own (a new ability, a resource) opens as every other
    question does: the keyboard on its first choice, Enter takes it."""
    app, session, table = new_table(seats(3), seed=12)
    rng = random.Random(20)
    seen = set()
    for _ in range(3000):
        if isinstance(app.scene, HandOffScene):
            click(app, "handoff:confirm")
            continue
        d = session.game.decision
        if d is None:
            break
        if d.kind in ("level_up", "choose_resource") and d.kind not in seen:
            seen.add(d.kind)
            assert table.dialog is not None and table.dialog_kind == "panel"
            first = table.dialog.choices[0][0]
            assert table.focus == first, (d.kind, table.focus)
            chosen = d.options[int(first.split(":")[1])]
            before = len(session.actions)
            press(app, pygame.K_RETURN)
            assert session.actions[before] == chosen, "Enter took the focused choice"
            continue
        play_option(app, app.scene, rng.randrange(len(d.options)))
    assert seen == {"level_up", "choose_resource"}


def test_a_click_leaves_no_tooltip_over_what_it_changed_until_the_pointer_moves(monkeypatch):
    """Playtest: "After placing a dragon by clicking its region, the region tooltip stays over
    that region's settlements"; "stale Lair Action tooltips cover the Card Selection Track". What
    a click leaves under the still pointer shows no tooltip until the pointer moves."""
    from sprites.table import overlays
    shown = []
    real = overlays.tooltip
    monkeypatch.setattr(overlays, "tooltip", lambda surface, lay, text, *a, **k: shown.append(text) or
                        real(surface, lay, text, *a, **k))
    app, session, table = new_table(seats(3), seed=2)
    g = session.game
    while g.decision.kind != "lair_action":
        play_option(app, table, 0)
    name = f"lair_action:{g.decision.options[0].choice}"
    click(app, name)
    assert table.hover == name and table.tips.get(name)
    shown.clear()
    app.dirty = True
    app.render()
    assert shown == [], "a tooltip over what the click just changed"
    pos = table.element_point(name)
    app.render()
    assert not app.dirty            # (the window draws when something changed: the move must say so)
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(pos[0] + 2, pos[1]), rel=(2, 0), buttons=(0, 0, 0)))
    assert app.dirty, "the pointer moved over the same element: nothing would be drawn"
    app.render()
    assert shown and shown[-1] == table.tips[name], "the pointer moved: its tooltip again"
