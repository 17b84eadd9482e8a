"""The table shows the state as it is (issue 8, points 2-5, 8, 9, 13): the
map after every action, panels that belong to this turn, the hint only for
its decision, why undo is refused, the Desolation goal, the Dragon Ward."""
from __future__ import annotations

import random
import time

from ui_helpers import DrawnText, click, make_app, play_option, press, redraw, screen_bytes

import pygame
import pytest

from game import Action
from app.session import Seat, Session
from sprites.scenes.handoff import HandOffScene


def seats(n, kinds=None):
    names = ["Ash", "Bryn", "Cora", "Dain"]
    dragons = ["Black", "Blue", "Green", "Orange"]
    return [Seat(names[i], dragons[i], (kinds or ["human"] * n)[i]) for i in range(n)]


def until(app, table, done, rng, limit=3000):
    """Play random options by clicks until done(game) (AI seats move on their own)."""
    session = table.host.session
    for _ in range(limit):
        if done(session.game):
            return session.game
        if isinstance(app.scene, HandOffScene):
            click(app, "handoff:confirm")
            continue
        d = session.game.decision
        if not session.seats[d.player].is_human:
            app.pump()
            continue
        play_option(app, table, rng.randrange(len(d.options)))
    raise AssertionError("never got there")


def settle_late(app, seconds=0.6):
    """The window was busy (an AI thinking, a slow disk) until every animation
    should have ended: then one tick, one frame."""
    time.sleep(seconds)
    app.pump()


def fresh_frame(app):
    """The frame the table draws when every part is painted afresh."""
    before = screen_bytes(app)
    redraw(app)
    return before, screen_bytes(app)


def test_the_map_shows_the_dragon_where_it_flew_even_if_the_window_was_busy():
    """Point 2: after "eats a livestock and flies to X" the dragon is drawn in X at once."""
    app = make_app(animate=True)
    session = Session.new(seats(3), seed=3)
    table = app.start_game(session, handoff=False)
    g = until(app, table, lambda g: g.decision.kind == "attack_turn"
              and any(a.kind == "move" for a in g.decision.options), random.Random(4))
    move = next(a for a in g.decision.options if a.kind == "move")
    click(app, f"region:{move.region}")
    assert session.actions[-1] == move
    settle_late(app)
    shown, fresh = fresh_frame(app)
    assert shown == fresh, "the map still shows the dragon where it was before the move"


@pytest.mark.slow
def test_the_last_ai_dragon_lands_in_its_region_not_in_the_sea():
    """Point 3: when the last AI places, its dragon ends in its region (not mid-flight at
    the map's edge), the flight starts inside the map, and the glow follows the options."""
    app = make_app(animate=True)
    session = Session.new(seats(4, ["human", "random", "random", "random"]), seed=9)
    table = app.start_game(session)
    rng = random.Random(2)
    until(app, table, lambda g: g.decision.kind == "place_dragon", rng)
    starts = []
    real_start = table.motion.start

    def spy(before, game, now, geo, lair_point, *rest):
        for seat in range(len(session.seats)):
            starts.append(lair_point(seat))
        return real_start(before, game, now, geo, lair_point, *rest)
    table.motion.start = spy
    for _ in range(200):                     # every dragon places; the window ticks late each time
        if session.game.decision.kind != "place_dragon":
            break
        if session.seats[session.game.decision.player].is_human:
            play_option(app, table, 0)
        settle_late(app, 0.45)
    assert starts, "dragons flew in"
    r = round(table.map.geo.dragon_radius * 1.15)
    for x, y in starts:
        assert table.lay.map.contains(pygame.Rect(x - r, y - r, 2 * r, 2 * r)), "a dragon starts its flight clipped"
    settle_late(app)
    shown, fresh = fresh_frame(app)
    assert shown == fresh, "a dragon or a glow on the map is not where the state says"


def test_turn_panels_belong_to_this_turn_at_a_new_century(monkeypatch):
    """Point 4: "Feats this turn" and "Divination used" of the last century's turn are not
    shown as this turn's; during Awakening the Lair Actions show no claimants of last century."""
    drawn = DrawnText(monkeypatch)
    app = make_app()
    session = Session.new(seats(3), seed=5)
    table = app.start_game(session, handoff=False)
    rng = random.Random(6)
    g = until(app, table, lambda g: g.state.century < 6 and g.decision.kind == "attack_turn"
              and Action("divination") in g.decision.options, rng)
    seat, century = g.decision.player, g.state.century
    click(app, "button:divination")
    if table.dialog_kind == "confirm":
        click(app, "button:confirm")
    assert g.state.players[seat].divined
    g = until(app, table, lambda g: g.state.century == century + 1 and g.decision.kind == "discard"
              and g.decision.player == seat, rng)
    assert g.state.players[seat].divined and g.state.lair_taken, "last century's numbers are still in the state"
    drawn.clear()
    redraw(app)
    shown = drawn.strings()
    assert not [s for s in shown if "Divination used" in s or "Feats this turn" in s], shown
    names = {p.name for p in g.state.players}
    claimants = [s for a in table.data.lair_actions for s in drawn.within(table.element_rect(f"lair_action:{a.id}"))
                 if s in names]
    assert not claimants, f"last century's claimants under this century's title: {claimants}"


def test_the_hint_is_marked_on_the_table_and_goes_with_its_decision(monkeypatch):
    """Point 5: the hint highlights what it suggests and disappears when the decision changes."""
    drawn = DrawnText(monkeypatch)
    app = make_app()
    session = Session.new(seats(3), seed=4)
    table = app.start_game(session, handoff=False)
    rng = random.Random(1)
    g = until(app, table, lambda g: g.decision.kind == "lair_action", rng)
    press(app, pygame.K_h)
    drawn.clear()
    redraw(app)
    hint = next(s for s in drawn.strings() if s.startswith("Hint (normal AI): "))
    said = hint[len("Hint (normal AI): "):].split(" Why:")[0].rstrip(".")      # (then why, in a sentence)
    suggested = {i for i, a in enumerate(g.decision.options) if g.describe(a) == said}
    names = [n for n, idx in table.groups.items() if suggested & set(idx)]
    assert names
    rect = table.element_rect(names[0]).inflate(table.lay.px(8), table.lay.px(8))
    border = [app.screen.get_at((x, rect.y + 1))[:3] for x in range(rect.x + 4, rect.right - 4)]
    assert (70, 200, 230) in border, "the suggested element is outlined on the table"
    other = next(i for i in range(len(g.decision.options)) if i not in suggested)
    play_option(app, table, other)
    drawn.clear()
    redraw(app)
    assert not [s for s in drawn.strings() if s.startswith(("Hint (", "Hint:"))], "the hint outlived its decision"


def test_undo_refused_says_why_and_the_button_stays():
    """Point 8: after a card was drawn, Undo says so instead of "Nothing to undo here."."""
    app = make_app()
    session = Session.new(seats(3), seed=3)
    table = app.start_game(session, handoff=False)
    rng = random.Random(8)
    until(app, table, lambda g: g.decision.kind == "attack_turn" and Action("divination") in g.decision.options, rng)
    click(app, "button:divination")
    if table.dialog_kind == "confirm":
        click(app, "button:confirm")
    assert session.game.decision.kind == "discard" and not session.can_undo()
    assert "button:undo" in table.element_names(), "the Undo button stays (disabled)"
    press(app, pygame.K_u)
    assert table.toast is not None and "drawn" in table.toast[0] and "Nothing to undo" not in table.toast[0]
    assert "drawn" in table.element("button:undo").tip


def test_desolation_shows_the_team_goal_and_live_survival_points(monkeypatch):
    """Point 9: the shared goal, the Survival Points now and the Level they reach, live;
    no "hidden from others" for a cooperative lair."""
    drawn = DrawnText(monkeypatch)
    app = make_app()
    session = Session.new(seats(3), seed=21, variant="desolation")
    table = app.start_game(session, handoff=False)
    rng = random.Random(3)

    def shown():
        drawn.clear()
        redraw(app)
        return drawn.joined()
    result = session.game.desolation()
    text = shown()
    assert "Survival Points" in text and f"{result['survival_points']} SP" in text and result["level"] in text
    assert "hidden from" not in text
    g = until(app, table, lambda g: g.desolation()["survival_points"] != result["survival_points"], rng)
    now = g.desolation()
    assert f"{now['survival_points']} SP" in shown()


def test_placement_prompt_with_the_dragon_ward_mentions_its_exception():
    """Point 13: holding the Dragon Ward, the prompt does not say "unoccupied region"."""
    app = make_app()
    session = Session.new(seats(3), seed=2)
    table = app.start_game(session, handoff=False)
    rng = random.Random(5)

    def ward_placement(g):
        d = g.decision
        return d.kind == "place_dragon" and g.state.markers.get("dragon_ward") == d.player

    for _ in range(3000):
        g = session.game
        if ward_placement(g):
            break
        d = g.decision
        ward = Action("lair_action", choice="dragon_ward")
        if d.kind == "lair_action" and ward in d.options:
            click(app, "lair_action:dragon_ward")
        else:
            play_option(app, table, rng.randrange(len(d.options)))
    assert ward_placement(session.game)
    _, prompt, _, _ = table.header()
    assert "Dragon Ward" in prompt and "unoccupied" not in prompt
