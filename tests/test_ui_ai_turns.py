"""Readable AI turns and "since your last turn" (issue 9): each action lights up on
the map where it happened (from the engine's events and the action's touches), a
destroyed settlement burns away, AI dragons can be paused and stepped through;
the hand-off screen and a solo player's turn start say what the others did, from
public events only."""
from __future__ import annotations

import random
import time

from ui_helpers import index_of, DrawnText, click, click_at, make_app, press, redraw, screen_bytes

import pygame
import pytest

from app.session import Seat, Session
from game.events import visible_to
from game.summary import since_last_turn, turn_starts
from sprites.scenes.handoff import HandOffScene
from sprites.anim import now_ms
from sprites.table.happenings import HAPPENED_MS
from sprites.table import toplayer
from sprites.table import marks

NAMES, DRAGONS = ["Ash", "Bryn", "Cora", "Dain"], ["Black", "Blue", "Green", "Orange"]


def seats(kinds):
    return [Seat(NAMES[i], DRAGONS[i], k) for i, k in enumerate(kinds)]


def watch(table):
    """Record each action the host applies with the events it added and the touches it had."""
    seen = []
    session = table.host.session
    real = session.apply

    def apply(action):
        g = session.game
        start, touch, actor = len(g.state.log), g.touches(action), g.decision.player
        real(action)
        seen.append((actor, action, touch, session.game.state.log[start:]))
    session.apply = apply
    return seen


def step_once(app, table):
    """Step (S): exactly one AI move, played as soon as it is thought."""
    before = len(table.host.session.actions)
    press(app, pygame.K_s)
    for _ in range(200):
        if len(table.host.session.actions) > before:
            return
        app.pump()
    raise AssertionError("Step played nothing")


def resume(app, table):
    """Resume (P); a new century's banner takes the first key."""
    for _ in range(2):
        if table.ai.paused:
            press(app, pygame.K_p)
    assert not table.ai.paused


def next_ai_move(app, table, seen, human, rng):
    """The human seat plays random choices; then Step lets one AI move through:
    (actor, action, touches, events) of that move."""
    session = table.host.session
    for _ in range(100):
        d = session.game.decision
        if d.player != human:
            step_once(app, table)
            assert seen[-1][0] == d.player
            return seen[-1]
        table.summary = None
        table.choose(index_of(table, d.options[rng.randrange(len(d.options))]), asked=True)
        if table.dialog_kind == "confirm":
            press(app, pygame.K_RETURN)
    raise AssertionError("no AI move")


def test_each_ai_action_shows_where_it_happened_and_the_map_ends_true():
    """Paused, stepping an AI turn move by move: each move's marks are the places its
    events name (a destroyed settlement's site from the attack's touches, a flight's
    path), the destroyed settlement burns where it stood, the line of the log is
    shown beside it; once the marks end, the map is the true state."""
    app = make_app(animate=True)
    session = Session.new(seats(["human", "easy", "easy", "easy"]), seed=3)
    table = app.start_game(session, handoff=False)
    seen = watch(table)
    press(app, pygame.K_p)
    assert table.ai.paused and table.labels["button:pause"] == "Resume (P)"
    rng = random.Random(1)
    kinds = set()
    for _ in range(400):
        if {"attack", "move"} <= kinds:
            break
        actor, action, touch, events = next_ai_move(app, table, seen, 0, rng)
        visible = [e for e in events if visible_to(e, table.seats.viewer)]
        want = [p for e in visible for p in marks.event_marks(e, touch.sites, None)]
        shown = [place for place, *_ in table.happened.items]
        assert all(p in shown for p in want if p[0] != "path"), (action, want, shown)
        if action.kind == "attack":
            region, site = touch.sites[0]
            assert ("site", (region, site)) in shown
            assert any(r[1] == region and r[2] == table.map.geo.sites[region][site] for r in table.motion.ruins), \
                "the destroyed settlement burns where it stood"
            assert table.happened.caption[0].startswith(f"{NAMES[actor]} destroys")
        if action.kind in ("move", "fly"):
            assert any(p[0] == "path" and p[1][1] == action.region for p in shown), "the flight is drawn"
            assert actor in table.motion.flights, "the dragon flies"
        kinds.add(action.kind)
    assert {"attack", "move"} <= kinds
    while session.game.decision.player != 0:       # to the human's turn: Resume lets no AI move through
        step_once(app, table)
    resume(app, table)
    time.sleep((HAPPENED_MS + marks.RESUMED_MS) / 1000 + 0.3)    # every mark and animation ends
    app.pump()
    before = screen_bytes(app)
    redraw(app)
    assert before == screen_bytes(app), "after its marks the map shows the state as it is"
    assert not table.happened.items and not table.motion.busy()


def test_paused_the_last_moves_ring_and_caption_stay(monkeypatch):
    """Playtest (issue 25, smaller things): "Paused (P) and stepping (S): the move's map ring
    and caption vanish after 1-2 s although the game is paused". They stay while paused,
    and after Resume they run out as usual."""
    drawn = DrawnText(monkeypatch)
    app = make_app(animate=True)
    session = Session.new(seats(["human", "easy", "easy", "easy"]), seed=3)
    table = app.start_game(session, handoff=False)
    seen = watch(table)
    press(app, pygame.K_p)
    rng = random.Random(1)
    for _ in range(200):
        next_ai_move(app, table, seen, 0, rng)
        if table.happened.caption is not None:
            break
    caption = table.happened.caption[0]
    time.sleep(HAPPENED_MS / 1000 + 0.5)          # longer than the marks' time: still paused
    for _ in range(3):
        app.pump()
    drawn.clear()
    redraw(app)
    assert table.happened.items, "the move's ring stays"
    assert any(caption.startswith(x.rstrip(".")[:20]) for x in drawn.within(table.lay.map) if len(x) > 12), \
        "its caption stays"
    assert not table.update(now_ms()), "a still mark asks for no frames"
    while session.game.decision.player != 0:
        step_once(app, table)
    resume(app, table)                            # (the human's turn: no AI move comes)
    time.sleep((HAPPENED_MS + marks.RESUMED_MS) / 1000 + 0.3)
    app.pump()
    app.pump()
    assert not table.happened.items and table.happened.caption is None, "after Resume they run out"


def test_pause_holds_the_ai_dragons_and_step_plays_one_move_at_a_time():
    """Pause (button or P) stops the AI dragons before their next move; Step (button
    or S) lets exactly one move through; Resume goes on."""
    app = make_app()
    session = Session.new(seats(["easy", "easy", "human"]), seed=4)
    table = app.start_game(session, handoff=False)
    assert "button:pause" in table.element_names() and "button:step" not in table.element_names()
    click(app, "button:pause")
    assert table.ai.paused and "button:step" in table.element_names()
    start = len(session.actions)
    for _ in range(30):
        app.pump()
    assert len(session.actions) == start, "paused: no AI move"
    assert "Paused" in table.header()[1]
    step_once(app, table)
    assert len(session.actions) == start + 1
    for _ in range(20):
        app.pump()
    assert len(session.actions) == start + 1, "one step, one move"
    before = len(session.actions)
    click(app, "button:step")
    for _ in range(50):
        if len(session.actions) > before:
            break
        app.pump()
    assert len(session.actions) == before + 1
    click(app, "button:pause")                   # resume
    assert not table.ai.paused and "button:step" not in table.element_names()
    for _ in range(50):
        app.pump()
    assert len(session.actions) > before + 1 or session.seats[session.game.decision.player].is_human


def private_titles(g, seat):
    """Titles of cards another seat drew or was passed in private."""
    return {g.cards[c].title for e in g.state.log if "private" in e and e["seat"] != seat
            for c in e.get("cards", [e.get("card")]) if c}


@pytest.mark.slow
def test_the_hand_off_summary_never_shows_a_private_card(monkeypatch):
    """A whole hot-seat game: at every hand-off the screen shows the engine's summary
    for the next player (what the others did since its last turn) and never the name of
    a card someone drew or was passed in private, nor a private log line."""
    drawn = DrawnText(monkeypatch)
    app = make_app()
    session = Session.new(seats(["human"] * 3), seed=8)
    app.start_game(session)
    rng = random.Random(2)
    handoffs = with_attacks = 0
    from game import log_text
    while not session.game.is_over:
        scene = app.scene
        if isinstance(scene, HandOffScene):
            g = session.game
            drawn.clear()
            redraw(app)
            text = drawn.joined()
            lines = since_last_turn(g, scene.seat)
            assert scene.summary == lines
            for _, line in lines:
                assert line[:16] in text, "the summary is on the screen"
            assert not [t for t in private_titles(g, scene.seat) | private_titles(g, -1) if t in text]
            private = [t for e, t in zip(g.state.log, log_text.log_texts(g)) if "private" in e]
            assert not [t for t in private if t in text]
            with_attacks += any("destroyed" in line for _, line in lines)
            handoffs += 1
            click(app, "handoff:confirm")
            continue
        d = session.game.decision
        scene.choose(rng.randrange(len(d.options)), asked=True)
        if scene.dialog_kind == "confirm":
            press(app, pygame.K_RETURN)
    assert session.game.is_over and handoffs > 30 and with_attacks > 3, (handoffs, with_attacks)


def test_a_solo_player_sees_what_happened_since_its_last_turn(monkeypatch):
    """Against AI dragons the summary comes at the start of the player's turns (its
    attack turn, a new century), not at every choice, as a strip above the log (issue 39,
    polish 4: "a strip that does not cover the map ..., expandable on click"): a click on
    it opens it over the right column, a click on it or beside it folds it, its x closes
    it, and the player's move puts it away. The last AI move's line on the map stays."""
    drawn = DrawnText(monkeypatch)
    app = make_app()
    session = Session.new(seats(["human", "easy", "easy"]), seed=6)
    table = app.start_game(session, handoff=False)
    rng = random.Random(3)
    shown = captions = 0
    tested = None
    for _ in range(600):
        g = session.game
        if g.is_over or shown >= 3:
            break
        d = g.decision
        if d.player != 0:
            app.pump()
            continue
        lines = since_last_turn(g, 0)
        if table.summary is not None and table.summary is not tested:       # each turn's summary once
            assert turn_starts(g, 0) and table.summary == lines and not table.summary_open
            tested = table.summary
            strip = table.element_rect("summary")
            assert not strip.colliderect(table.lay.map) and table.lay.right.contains(strip)
            assert table.right.log_rect.top > strip.bottom, "the log makes room for the strip"
            if table.happened.caption:
                redraw(app)
                assert table.happened.caption_rect is not None, "the last AI move's line is on the map"
                captions += 1
            click(app, "summary")                             # it opens over the right column
            opened = table.element_rect("summary")
            assert table.summary_open and opened.h > strip.h and table.lay.right.contains(opened)
            drawn.clear()
            redraw(app)
            inside = " ".join(drawn.within(opened))
            assert lines[0][1][:12] in inside
            if shown == 0:
                click(app, "summary")                         # a click on it folds it
            else:                                             # a click beside it, on nothing, too
                empty = next((x, y) for x in range(0, app.screen.get_width(), 7)
                             for y in range(0, app.screen.get_height(), 7)
                             if table.element_at((x, y)) is None and not table.lay.map.collidepoint((x, y)))
                click_at(app, empty)
            assert not table.summary_open and table.element_rect("summary") == strip
            if shown == 2:
                click(app, "summary:close")
                assert table.summary is None and table.element("summary") is None
            shown += 1
            continue
        before = table.summary
        table.choose(index_of(table, d.options[rng.randrange(len(d.options))]), asked=True)
        if table.dialog_kind == "confirm":
            press(app, pygame.K_RETURN)
        if before is not None and session.game.decision is not None and session.game.decision.player == 0 \
                and not turn_starts(session.game, 0):
            assert table.summary is None, "the player's move put it away"
    assert shown >= 3 and captions


def test_no_mark_preview_or_summary_of_the_last_player_survives_the_hand_off(monkeypatch):
    """Hot-seat privacy: the map marks of a clicked log line, the glow and words of a
    hovered card's preview and the picked log line belong to the player who made
    them; after the hand-off the next player's first frame is what a table freshly
    opened for them shows."""
    from ui_helpers import reach
    from sprites.scenes.table import TableScene

    def ready(g):
        d = g.decision
        if d.kind != "attack_turn" or not any(a.kind == "play_card" and g.outcome(a).hits for a in d.options):
            return False
        end = next((a for a in d.options if a.kind == "end_turn"), None)
        if end is None:
            return False
        after = g.copy()
        after.apply(end)
        return after.decision is not None and after.decision.player != d.player
    drawn = DrawnText(monkeypatch)
    session = reach(ready, players=3)
    app = make_app(animate=True)
    table = app.start_game(session)
    table.summary = None
    ash = table.seats.viewer
    g = session.game
    log = table.view["log"]
    line = next(n for n in reversed(table.element_names()) if n.startswith("log:entry:")
                and marks.event_marks(log[int(n.split(":")[2])]["event"]))
    click(app, line)
    assert table.pointed.items and table.log.picked is not None
    card = next(n for n, idx in table.groups.items() if n.startswith("hand:") and any(
        g.decision.options[i].kind == "play_card" and g.outcome(g.decision.options[i]).hits for i in idx))
    pos = table.element_point(card)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.pump()
    drawn.clear()
    redraw(app)
    assert "could then hit" in drawn.joined(), "the walk starts with Ash's preview on screen"
    assert table.hover == card and table.preview(card)[1]

    end = next(a for a in g.decision.options if a.kind == "end_turn")
    table.choose(index_of(table, end))
    if table.dialog_kind == "confirm":
        press(app, pygame.K_RETURN)
    assert isinstance(app.scene, HandOffScene)
    drawn.clear()
    redraw(app)
    assert "could then hit" not in drawn.joined()
    from sprites.scenes import handoff               # Enter, a moment later (the pointer has not moved:
    later = app.scene.shown_at + handoff.ENTER_AFTER_MS  # it is still over Ash's card)
    monkeypatch.setattr(handoff, "now_ms", lambda: later)
    press(app, pygame.K_RETURN)
    bryn = table.seats.viewer
    assert app.scene is table and bryn != ash
    first = screen_bytes(app)
    assert not table.pointed.items and not table.happened.items and table.log.picked is None
    assert table.summary is None, "the summary was on the hand-off screen"
    fresh = TableScene(app, app.local_host(session), handoff=False)
    fresh.seats.viewer = bryn
    fresh.summary = None
    fresh.refresh()
    fresh.draw(app.screen)
    assert screen_bytes(app) == first, "Bryn's first frame is a fresh table's"


@pytest.mark.parametrize("size", [(1600, 900), (1280, 720)])
def test_the_hand_off_summary_sits_in_its_box_with_room_around_it(monkeypatch, size):
    """The summary's title and lines are drawn inside its box, none against its edges."""
    from ui_helpers import reach
    drawn = DrawnText(monkeypatch)
    session = reach(lambda g: g.state.century >= 2 and g.decision.kind == "attack_turn"
                    and len(since_last_turn(g, g.decision.player)) >= 3, players=4)
    app = make_app(size=size)
    table = app.start_game(session)
    table.handoff_pending = True
    app.show_handoff(table)
    scene = app.scene
    drawn.clear()
    redraw(app)
    box, _ = scene._box(size[0])
    box.y = scene.box_y
    room = round(14 * scene.k)
    inside = [(s, r) for s, _, r in drawn.items if r is not None and box.colliderect(r)]
    assert [s for s, _ in inside][0] == "Since your last turn" and len(inside) >= 4
    for s, r in inside:
        assert box.inflate(-2 * room, -2 * room).contains(r), f"{s!r} is against the box's edge"


@pytest.mark.parametrize("speed", [1, 4])
def test_with_animations_off_an_ai_move_still_shows_where_it_happened_for_the_chosen_speed(speed):
    """Animations off (Settings): nothing flies, but where an AI dragon acted is still
    marked, steady, for a time the AI speed divides (the next move comes as much sooner)."""
    from sprites.table.happenings import HAPPENED_MS
    app = make_app(animate=False)
    session = Session.new(seats(["easy", "easy", "human"]), seed=4)
    table = app.start_game(session, handoff=False)
    table.set_speed(speed)
    seen = watch(table)
    press(app, pygame.K_p)
    rng = random.Random(5)
    for _ in range(200):
        actor, action, touch, events = next_ai_move(app, table, seen, 2, rng)
        want = [p for e in events if visible_to(e, table.seats.viewer) for p in marks.event_marks(e, touch.sites, None)]
        if want and actor != table.seats.viewer:
            break
    else:
        raise AssertionError("no AI move touched the map")
    assert not table.motion.busy(), "animations off: nothing moves"
    shown = {place: (begin, end) for place, begin, end, _ in table.happened.items}
    assert {p for p in want if p[0] != "path"} <= set(shown)
    for begin, end in shown.values():
        assert end - begin == HAPPENED_MS // speed + marks.FLASH_MS, "steady from the start, for the speed's time"


@pytest.mark.parametrize("size", [(1600, 900), (1280, 720)])
def test_the_line_of_an_ai_attack_leaves_the_settlement_its_dragon_and_its_region_name_in_sight(monkeypatch, size):
    """The caption beside a destroyed settlement: a player reads it and still sees the
    burning site, the dragon that attacked, the region's name and the Action Hex."""
    drawn = DrawnText(monkeypatch)
    app = make_app(size=size, animate=True)
    session = Session.new(seats(["human", "easy", "easy", "easy"]), seed=3)
    table = app.start_game(session, handoff=False)
    seen = watch(table)
    press(app, pygame.K_p)
    rng = random.Random(1)
    checked = 0
    for _ in range(600):
        if checked >= 3:
            break
        actor, action, touch, _ = next_ai_move(app, table, seen, 0, rng)
        if action.kind != "attack":
            continue
        drawn.clear()
        redraw(app)
        caption = table.happened.caption[0]
        boxes = [r for s, _, r in drawn.items if len(s) > 12 and caption.startswith(s.rstrip(".")[:20])
                 and r is not None and table.lay.map.contains(r)]
        assert boxes, "the caption is drawn"
        geo = table.map.geo
        region, site = touch.sites[0]
        x, y = geo.dragon_spots[region]
        rad = round(geo.dragon_radius)
        hidden = {"the site": marks.place_rect(("site", (region, site)), geo, table.element_rect),
                  "the dragon": pygame.Rect(round(x) - rad, round(y) - rad, 2 * rad, 2 * rad),
                  "the region's name": geo.label_rects[region],
                  "the Action Hex": marks.place_rect(("hex", None), geo, table.element_rect)}
        for what, rect in hidden.items():
            assert not any(b.colliderect(rect) for b in boxes), f"the caption hides {what} in {region}"
        checked += 1
    assert checked >= 3


def test_an_ai_move_is_marked_in_its_own_dragons_colour():
    """Playtest: every mark was orange, whoever moved, so a green dragon's landing
    read as the Orange Dragon's. Each AI move is marked in the colour of the
    dragon that made it (as the table draws that dragon)."""
    from sprites import theme
    app = make_app(animate=True)
    session = Session.new(seats(["human", "easy", "easy", "easy"]), seed=3)
    table = app.start_game(session, handoff=False)
    seen = watch(table)
    press(app, pygame.K_p)
    rng = random.Random(2)
    movers = set()
    for _ in range(60):
        actor, *_ = next_ai_move(app, table, seen, 0, rng)
        dragon = table.map.dragons[table.view["players"][actor]["dragon"]]
        colours = {colour for *_, colour in table.happened.items}
        if colours:
            assert colours == {theme.rgb(dragon.colour)}, (NAMES[actor], colours)
            movers.add(actor)
        if len(movers) == 3:
            break
    assert movers == {1, 2, 3}


def test_asking_for_a_hint_by_key_folds_the_summary(monkeypatch):
    """H asks for a hint as the Hint button does; the button's click folds an open
    "since your last turn" into its strip, so the key does too; the hint, over the map,
    never lies over the strip, nor over the last AI move's line on the map."""
    drawn = DrawnText(monkeypatch)
    app = make_app()
    session = Session.new(seats(["human", "easy", "easy"]), seed=6)
    table = app.start_game(session, handoff=False)
    rng = random.Random(3)
    for _ in range(600):
        d = session.game.decision
        if table.summary is not None:
            break
        if d.player != 0:
            app.pump()
            continue
        table.choose(index_of(table, d.options[rng.randrange(len(d.options))]), asked=True)
        if table.dialog_kind == "confirm":
            press(app, pygame.K_RETURN)
    assert table.summary is not None, "no summary came"
    click(app, "summary")
    assert table.summary_open
    press(app, pygame.K_h)
    for _ in range(100):
        if table.hinted and not table.hinted["text"].endswith("thinking..."):
            break
        app.pump()
    drawn.clear()
    redraw(app)
    assert table.summary is not None and not table.summary_open
    assert [s for s in drawn.strings() if s.startswith("Hint")], "the hint is on the table"
    hint = toplayer.hint_rects(table.frame(), table.panels())[0]
    assert not hint.colliderect(table.element_rect("summary"))
    # The last AI move's line keeps clear of the hint.
    assert table.happened.caption and table.happened.caption_rect is not None
    assert not table.happened.caption_rect.colliderect(hint), (table.happened.caption_rect, hint)
