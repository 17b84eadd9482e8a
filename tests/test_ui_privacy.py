"""Hot-seat privacy (issue 8, point 1): nothing one player saw survives the
hand-off to the next player - hint, dialogs, the hovered card's preview and
tooltip, "on the card", the lair, private log lines, a draw in flight."""
from __future__ import annotations

import random

from ui_helpers import DrawnText, click, leave_to_title, make_app, play_option, press, redraw, screen_bytes

import pygame

from game import Action
from app.session import Seat, Session
from sprites.scenes.handoff import HandOffScene
from sprites.scenes.table import TableScene


def seats(n):
    return [Seat(x, d) for x, d in zip(["Ash", "Bryn", "Cora"], ["Black", "Blue", "Green"])][:n]


def hover(app, name):
    pos = app.scene.element_point(name)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.pump()


def to_plot(app, session, rng):
    """Play by clicks (confirming each hand-off) until a human may take the Lair Action Plot."""
    for _ in range(400):
        if isinstance(app.scene, HandOffScene):
            click(app, "handoff:confirm")
            continue
        d = session.game.decision
        if d.kind == "lair_action" and Action("lair_action", choice="plot") in d.options:
            return app.scene
        play_option(app, app.scene, rng.randrange(len(d.options)))
    raise AssertionError("nobody could take Plot")


def to_handoff(app, session, rng):
    """Play random options by clicks until the hand-off screen shows; return it."""
    for _ in range(400):
        if isinstance(app.scene, HandOffScene):
            return app.scene
        play_option(app, app.scene, rng.randrange(len(session.game.decision.options)))
    raise AssertionError("no hand-off came")


def private_words(game, seat):
    """Strings that only ``seat`` may see: its hand's card titles (those that
    are not also in someone else's sight) and its private log lines."""
    s = game.state
    public = {game.cards[c].title for c in s.discard + s.track}
    for p in s.players:
        if p.seat != seat:
            public |= {game.cards[c].title for c in p.hand}
    titles = {game.cards[c].title for c in s.players[seat].hand} - public
    lines = {e["text"] for e in game.view(seat)["log"] if e["event"].get("private") == seat}
    return titles, lines


def test_nothing_private_survives_a_hot_seat_hand_off(monkeypatch):
    drawn = DrawnText(monkeypatch)
    app = make_app(animate=True)
    session = Session.new(seats(3), seed=7)
    app.start_game(session)
    table = to_plot(app, session, random.Random(3))
    ash = session.game.decision.player
    g = session.game

    # Ash takes Plot: two cards drawn (a private log line, the cards flying into the hand)
    click(app, "lair_action:plot")
    assert session.game.decision.kind == "discard" and session.game.decision.player == ash
    drawn_line = next(e["text"] for e in g.view(ash)["log"] if e["event"]["kind"] == "drew"
                      and e["event"].get("private") == ash)
    # every private thing on screen at once: the hint (naming a card of Ash's hand) and its mark,
    # the All choices dialog, then the hovered card's preview and tooltip
    press(app, pygame.K_h)
    press(app, pygame.K_a, "a")
    assert table.dialog is not None
    press(app, pygame.K_ESCAPE)
    target = next(n for n in table.element_names() if n.startswith("hand:") and n in table.groups)
    hover(app, target)
    drawn.clear()
    redraw(app)
    seen = drawn.joined()
    titles, lines = private_words(g, ash)
    assert any(t in seen for t in titles), "the walk must start with Ash's hand on screen"
    assert drawn_line in seen or any(line in seen for line in lines)
    assert "Hint (normal AI)" in seen
    assert table.motion.busy(), "the drawn cards are still flying into Ash's hand"
    assert "Ash - Black Dragon card" in seen

    # Ash discards by clicking the hovered card (answering the table's question with Enter):
    # the next Lair Action is Bryn's, so the hand-off screen comes
    click(app, target)
    if isinstance(app.scene, TableScene) and table.dialog_kind == "confirm":
        press(app, pygame.K_RETURN)
    assert isinstance(app.scene, HandOffScene)
    bryn = session.game.decision.player
    assert bryn != ash
    titles, lines = private_words(session.game, ash)
    drawn.clear()
    redraw(app)
    on_handoff = drawn.joined()
    assert not [t for t in titles if t in on_handoff] and not [x for x in lines if x in on_handoff]

    # Bryn confirms with Enter a moment later (the pointer has not moved: it is still over the hand)
    from sprites.scenes import handoff
    later = app.scene.shown_at + handoff.ENTER_AFTER_MS
    monkeypatch.setattr(handoff, "now_ms", lambda: later)
    drawn.clear()
    press(app, pygame.K_RETURN)
    assert app.scene is table and table.seats.viewer == bryn
    after = screen_bytes(app)                 # the first frame Bryn sees
    shown = drawn.joined()
    drawn.clear()
    redraw(app)
    shown += "\n" + drawn.joined()
    leaked = [t for t in titles if t in shown] + [x for x in lines if x in shown]
    assert not leaked, f"Ash's private information on Bryn's screen: {leaked}"
    assert "Hint (normal AI)" not in shown and table.dialog is None and table.toast is None
    assert table.hover is None, "no preview or tooltip of what Ash's pointer was on"
    assert not table.motion.busy(), "no animation of Ash's draw"
    assert "Bryn - Blue Dragon card" in shown and "Ash - Black Dragon card" not in shown
    assert table.tips["lair"].startswith("Your lair") and table.view["players"][ash]["lair"] is None
    # and the first frame is exactly what a table freshly opened for Bryn shows
    fresh = TableScene(app, app.local_host(session), handoff=False)
    fresh.seats.viewer = bryn
    fresh.refresh()
    fresh.draw(app.screen)
    assert screen_bytes(app) == after


def test_enter_pressed_by_habit_does_not_skip_the_hand_off(monkeypatch):
    """Playtest: End Turn, then Enter out of habit, showed the next player's hand
    and lair to the one who had just played. The hand-off takes a click on
    "I am ..."; Enter works only once the screen has been up for a moment."""
    from sprites.scenes import handoff
    app = make_app()
    session = Session.new(seats(3), seed=4)
    rng = random.Random(4)
    app.start_game(session, handoff=True)
    screen = to_handoff(app, session, rng)
    press(app, pygame.K_RETURN)
    assert app.scene is screen, "Enter right away went past the hand-off"
    later = screen.shown_at + handoff.ENTER_AFTER_MS
    monkeypatch.setattr(handoff, "now_ms", lambda: later)
    press(app, pygame.K_RETURN)
    assert isinstance(app.scene, TableScene) and app.scene.seats.viewer == screen.seat


def test_the_hand_off_screen_leaves_to_the_title_without_showing_anyone_s_hand(tmp_path, monkeypatch):
    """Playtest: "The hand-off screen has no way out: Esc does nothing and there is no menu;
    anyone at the screen who is not the named player has to click 'I am Bryn', revealing
    Bryn's hand, just to save or quit." Esc, or its Leave button, goes to the title screen
    (the game kept, as the game menu's Leave does) and no hand is drawn on the way; Continue
    comes back behind the hand-off."""
    from sprites.scenes.title import TitleScene
    drawn = DrawnText(monkeypatch)
    app = make_app(tmp_path)
    session = Session.new(seats(3), seed=4)
    rng = random.Random(4)
    table = app.start_game(session, handoff=True)
    for how in ("esc", "click"):
        screen = to_handoff(app, session, rng)
        titles = {session.game.cards[c].title for p in session.game.state.players for c in p.hand}
        drawn.clear()
        if how == "esc":
            press(app, pygame.K_ESCAPE)
        else:
            click(app, "handoff:leave")
        assert isinstance(app.scene, TitleScene)
        redraw(app)
        assert not titles & set(drawn.strings()), titles & set(drawn.strings())
        click(app, "button:continue")
        assert isinstance(app.scene, HandOffScene) and app.scene.table is table and app.scene.seat == screen.seat
        click(app, "handoff:confirm")
        assert isinstance(app.scene, TableScene) and table.seats.viewer == screen.seat


def test_a_hot_seat_game_comes_back_from_the_title_screen_behind_the_hand_off(tmp_path):
    """Playtest: Menu, then Continue, opened the acting player's hand, lair and
    private draws to whoever clicked Continue. A hot-seat game that comes back
    (Continue, a recent game, Load, --load) first asks who sits at the computer."""
    from sprites.app import build
    import argparse
    app = make_app(tmp_path)
    session = Session.new(seats(3), seed=4)
    table = app.start_game(session, handoff=True)
    if isinstance(app.scene, HandOffScene):
        click(app, "handoff:confirm")
    leave_to_title(app)
    click(app, "button:continue")
    assert isinstance(app.scene, HandOffScene) and app.scene.table is table
    assert table.hover is None and table.hinted is None, "what the last screen showed was forgotten"
    click(app, "handoff:confirm")
    assert isinstance(app.scene, TableScene) and table.seats.viewer == session.game.decision.player
    again = build(argparse.Namespace(session=session, replay=None, save_dir=str(tmp_path)), app.screen)
    assert isinstance(again.scene, HandOffScene), "--load of a hot-seat game shows the hand-off first"


def test_each_hot_seat_player_keeps_their_own_log_filter():
    """Playtest: the log filter one player set opened on the next player's table.
    Each player starts from every line, and finds their own filter again on their turn."""
    app = make_app()
    session = Session.new(seats(3), seed=4)
    rng = random.Random(4)
    app.start_game(session, handoff=True)
    if isinstance(app.scene, HandOffScene):
        click(app, "handoff:confirm")
    table = app.scene
    first = table.seats.viewer
    click(app, "log:seat:1")
    assert table.log.only == 1
    met = []
    for _ in range(600):
        if isinstance(app.scene, HandOffScene):
            click(app, "handoff:confirm")
            met.append((table.seats.viewer, table.log.only))
            if table.seats.viewer == first:
                break
            continue
        play_option(app, table, rng.randrange(len(session.game.decision.options)))
    others = [only for seat, only in met if seat != first]
    assert others and all(only is None for only in others), "another player opened on the first one's filter"
    assert met[-1] == (first, 1), "the first player's own filter is back on their turn"


def set_kind(app, seat, kind):
    click(app, f"seat:{seat}:kind")
    click(app, f"kind:{seat}:{kind}")


def test_a_new_hot_seat_game_starts_behind_the_hand_off(tmp_path):
    """Playtest: Start showed the first seat's hand to whoever clicked it. With
    two or more humans at one screen, the table first asks who sits there."""
    from sprites.scenes.title import TitleScene
    app = make_app(tmp_path)
    app.push(TitleScene(app, seed=2))                   # the first seat, Ash, is the first to choose
    set_kind(app, 1, "human")
    click(app, "button:start")
    assert isinstance(app.scene, HandOffScene), "the first hand is shown only after its player says who they are"
    table = app.scene.table
    first = table.host.session.game.decision.player
    assert app.scene.seat == first == 0
    click(app, "handoff:confirm")
    assert isinstance(app.scene, TableScene) and table.seats.viewer == first


def test_a_hot_seat_game_whose_first_move_is_an_ai_s_starts_behind_the_hand_off(tmp_path, monkeypatch):
    """The table shows a human's hand even while an AI dragon moves: that player
    says who they are first (and is not shown the AI's question as theirs)."""
    from sprites.scenes.title import TitleScene
    drawn = DrawnText(monkeypatch)
    app = make_app(tmp_path)
    app.push(TitleScene(app, seed=1))
    set_kind(app, 0, "easy")
    set_kind(app, 1, "human")
    set_kind(app, 2, "human")
    click(app, "button:start")
    table = app.scene.table
    assert not table.host.session.seats[table.host.session.game.decision.player].is_human
    assert isinstance(app.scene, HandOffScene) and app.scene.seat == 1
    drawn.clear()
    redraw(app)
    assert "The AI dragons move first" in drawn.joined()
    assert table.host.session.game.decision.prompt not in drawn.joined()
    click(app, "handoff:confirm")
    assert isinstance(app.scene, TableScene) and table.seats.viewer == 1


def test_a_flight_question_is_gone_before_the_next_player_sees_the_table(monkeypatch):
    """Hot seat: Ash asks "Fly to ...?" (where Ash means to go: his plans), then ends
    his turn instead. Neither the question nor its flight is there for Bryn, on the
    hand-off screen or on the table after it."""
    session = Session.new(seats(2), seed=2)
    app = make_app()
    table = app.start_game(session)
    g = session.game
    rng = random.Random(5)
    while not (g.decision.kind == "attack_turn" and g.state.order[-1] != g.decision.player):
        play_option(app, table, rng.randrange(len(g.decision.options)))
        if isinstance(app.scene, HandOffScene):
            click(app, "handoff:confirm")
    ash = g.decision.player
    p = g.state.players[ash]
    target = next(r for r in g.ring if g.ring_distance(p.region, r) == 2)
    for q in g.state.players:               # the other dragon out of the way: opposite Ash
        if q.seat != ash:
            q.region = next(r for r in g.ring if g.ring_distance(p.region, r) == 3)
    p.lair.res["livestock"] = 3
    g._decision = None
    table.snap = None                       # (the game was changed behind the host: fetch it afresh)
    table.refresh()
    click(app, f"region:{target}")
    assert table.dialog is not None and table.dialog.title == f"Fly to {target}?"
    drawn = DrawnText(monkeypatch)
    press(app, pygame.K_ESCAPE)
    end = next(i for i, a in enumerate(g.decision.options) if a.kind == "end_turn")
    click(app, "button:choices")
    click(app, f"option:{end}")
    assert isinstance(app.scene, HandOffScene) and g.decision.player != ash
    drawn.clear()
    redraw(app)
    assert f"Fly to {target}" not in drawn.joined()
    click(app, "handoff:confirm")
    assert app.scene is table and table.dialog is None and table.confirming is None
    drawn.clear()
    redraw(app)
    assert f"Fly to {target}" not in drawn.joined() and "moves: 1." not in drawn.joined()


def test_a_face_down_discard_is_not_on_the_next_player_s_table(monkeypatch):
    """Setup: "Each player then chooses 1 card and discards it". Ash chooses
    first; the card lies face down until every dragon has chosen: on Bryn's
    table after the hand-off neither the discard pile, nor the log, nor any
    tooltip names it. Once all have chosen, the discards are on the pile."""
    drawn = DrawnText(monkeypatch)
    app = make_app()
    session = Session.new(seats(3), seed=7)
    app.start_game(session)
    if isinstance(app.scene, HandOffScene):
        click(app, "handoff:confirm")
    table = app.scene
    g = session.game
    ash = g.decision.player
    public = {g.cards[c].title for c in g.state.track}
    index, card = next((i, a.card) for i, a in enumerate(g.decision.options)
                       if g.cards[a.card].title not in public
                       and all(g.cards[a.card].title not in {g.cards[c].title for c in p.hand} for p in g.state.players
                               if p.seat != ash))
    title = g.cards[card].title
    play_option(app, table, index)
    assert isinstance(app.scene, HandOffScene)
    click(app, "handoff:confirm")
    bryn = session.game.decision.player
    assert app.scene is table and table.seats.viewer == bryn != ash
    drawn.clear()
    redraw(app)
    shown = drawn.joined() + "\n" + "\n".join(str(tip) for tip in table.tips.values())
    assert title not in shown, f"Ash's face-down discard {title!r} on Bryn's table"
    assert "Discard 0" in shown
    while session.game.state.phase == "setup":
        if isinstance(app.scene, HandOffScene):
            click(app, "handoff:confirm")
            continue
        play_option(app, table, 0)
    if isinstance(app.scene, HandOffScene):
        click(app, "handoff:confirm")
    drawn.clear()
    redraw(app)
    assert f"Ash discards {title}." in drawn.joined() and "Discard 3" in drawn.joined()


def test_what_the_keyboard_and_the_hint_showed_is_gone_after_the_hand_off(monkeypatch):
    """Issue 39: the keyboard's focus shows a hand card's tooltip and enlarged face (Tab), the
    hint says why with the player's own cards (at a discard: the cards kept), the game menu
    opens over the table: none of it reaches the next player's screen."""
    from sprites.scenes import handoff
    drawn = DrawnText(monkeypatch)
    app = make_app()
    session = Session.new(seats(3), seed=7)
    app.start_game(session)
    table = to_plot(app, session, random.Random(3))
    ash = session.game.decision.player
    click(app, "lair_action:plot")                       # a discard of Ash's own: the hint names its cards
    assert session.game.decision.kind == "discard"
    press(app, pygame.K_h)
    assert "you keep" in table.hinted["text"] or "your only card" in table.hinted["text"]
    while not (table.focus or "").startswith("hand:"):
        press(app, pygame.K_TAB)
    card = table.focus
    assert table.hover == card
    press(app, pygame.K_ESCAPE)                          # the focus goes first, then the menu opens
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_ESCAPE)                          # back from the menu
    while table.focus != card:
        press(app, pygame.K_TAB)
    drawn.clear()
    redraw(app)
    titles, lines = private_words(session.game, ash)
    seen = drawn.joined()
    assert any(t in seen for t in titles) and "Why:" in seen, "Ash's cards, the hint's why, on Ash's screen"
    press(app, pygame.K_RETURN)                          # Enter takes the focused card: the discard
    if isinstance(app.scene, TableScene) and table.dialog_kind == "confirm":
        press(app, pygame.K_RETURN)
    assert isinstance(app.scene, HandOffScene)
    titles, lines = private_words(session.game, ash)
    drawn.clear()
    redraw(app)
    assert not [t for t in titles if t in drawn.joined()], "the hand-off screen shows none of Ash's cards"
    later = app.scene.shown_at + handoff.ENTER_AFTER_MS
    monkeypatch.setattr(handoff, "now_ms", lambda: later)
    press(app, pygame.K_RETURN)
    assert app.scene is table and table.seats.viewer != ash
    drawn.clear()
    redraw(app)
    shown = drawn.joined()
    assert not [t for t in titles if t in shown] and not [x for x in lines if x in shown]
    assert "Why:" not in shown and table.hinted is None
    assert table.focus is None and table.hover is None, "no focus, tooltip or enlarged card of Ash's"
