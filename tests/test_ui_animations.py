"""Small animations where players expect them (issue 39, Polish 9): a dragon
flies region by region along its way, the Action Hex turns, cards slide into
the hand (from the deck or the track) and out of it (to the Dragon Card when
played, to the discard pile when discarded, face down if it went face down);
all of them off with the Animations setting. Hot-seat privacy: no card of one
seat is in flight once the table shows another seat's eyes, or none."""
from __future__ import annotations

import random

from ui_helpers import click, human_seats, make_app, play_option, reach

from app.session import Seat, Session
from game.routes import flights
from sprites import idle
from sprites.scenes.handoff import HandOffScene


def at(done):
    """A game of Ash (a person) and two AI dragons where done(game) holds, Ash to decide
    (the table keeps showing Ash's eyes after Ash's move)."""
    found = reach(lambda g: g.decision.player == 0 and done(g))
    session = Session.new([Seat("Ash", "Black")] + [Seat(n, d, "easy") for n, d in (("Bryn", "Blue"), ("Cora", "Green"))],
                          seed=found.seed)
    for action in found.actions:
        session.apply(action)
    return session


def table_for(session, animate=True):
    app = make_app(animate=animate, ai_delay_ms=10 ** 6)
    table = app.start_game(session, handoff=False)
    idle.finish()
    app.tick()
    app.render()
    return app, table


def index_of(session, kind):
    return next(i for i, a in enumerate(session.game.decision.options) if a.kind == kind)


def test_a_dragon_flies_through_each_region_on_its_way():
    session = at(lambda g: any(len(steps) >= 2 for steps in flights(g).values()))
    app, table = table_for(session)
    region, steps = next((r, s) for r, s in flights(session.game).items() if len(s) >= 2)
    start = session.game.state.players[0].region
    table.send({"type": "fly", "region": region})
    geo = table.map.geo
    way = table.motion.flights[0].points
    assert way == [geo.dragon_spots[r] for r in [start] + [a.region for a in steps]]
    middle = table.motion.flights[0].value(table.motion.flights[0].begin + table.motion.flights[0].duration / 2)
    assert middle != ((way[0][0] + way[-1][0]) / 2, (way[0][1] + way[-1][1]) / 2)    # not straight across


def test_a_played_card_slides_from_the_hand_to_the_dragon_card():
    session = at(lambda g: any(a.kind == "play_card" for a in g.decision.options))
    app, table = table_for(session)
    i = index_of(session, "play_card")
    card = session.game.decision.options[i].card
    slot = next(r for c, r in table.slots if c == card)
    assert table.apply(i)
    flying = [tw for what, tw in table.motion.tokens if what == ("card", card)]
    assert len(flying) == 1 and flying[0].start == slot.center
    assert flying[0].end == table.right.card_rect(len(table.view["players"])).center


def test_a_face_down_discard_slides_face_down_to_the_discard_pile():
    """Setup: "Each player then chooses 1 card and discards it" (face down until all have chosen)."""
    session = at(lambda g: g.state.phase == "setup" and g.decision.kind == "discard")
    app, table = table_for(session)
    card = session.game.decision.options[0].card
    assert table.apply(0)
    assert card in session.game.state.players[0].face_down
    assert table.motion.cards_in_flight() == [("back", card)]
    tween = table.motion.tokens[0][1]
    assert tween.end == table.handview.discard_rect().center


def test_a_card_taken_from_the_track_slides_from_its_place_on_it():
    session = at(lambda g: g.decision.kind == "select_card")
    app, table = table_for(session)
    card = session.game.decision.options[0].card
    place = table.handview.track_rects(len(table.view["track"]))[table.view["track"].index(card)]
    assert table.apply(0)
    flying = [tw for what, tw in table.motion.tokens if what == ("card", card)]
    assert len(flying) == 1 and flying[0].start == place.center


def test_the_animations_setting_turns_them_off():
    session = at(lambda g: any(len(s) >= 2 for s in flights(g).values()))
    app = make_app(ai_delay_ms=10 ** 6, animate=True)
    app.settings.animations = False
    app.settings_changed()
    table = app.start_game(session, handoff=False)
    region = next(r for r, s in flights(session.game).items() if len(s) >= 2)
    table.send({"type": "fly", "region": region})
    assert not table.motion.busy() and table.hex_tween is None


def test_no_card_of_one_seat_is_in_flight_on_the_next_seat_s_table():
    """Hot seat: Ash's face-down discard slides face down on Ash's table; behind the
    hand-off and on Bryn's table nothing of it is in flight (nor any card of Ash's)."""
    session = Session.new(human_seats(3), seed=7)
    app = make_app(animate=True, ai_delay_ms=10 ** 6)
    app.start_game(session)
    if isinstance(app.scene, HandOffScene):
        click(app, "handoff:confirm")
    table = app.scene
    ash = session.game.decision.player
    play_option(app, table, 0)
    assert isinstance(app.scene, HandOffScene)
    assert table.motion.cards_in_flight() == []
    click(app, "handoff:confirm")
    assert table.seats.viewer != ash and table.motion.cards_in_flight() == []


def test_no_card_is_in_flight_while_the_table_shows_no_seat_s_eyes():
    """Two people and an AI dragon between them: once Ash has chosen, the AI moves on a
    table that shows nobody's hand; no card of Ash's flies there."""
    session = Session.new([Seat("Ash", "Black"), Seat("Bryn", "Blue", "easy"), Seat("Cora", "Green")], seed=7)
    app = make_app(animate=True, ai_delay_ms=10 ** 6)
    app.start_game(session)
    if isinstance(app.scene, HandOffScene):
        click(app, "handoff:confirm")
    table = app.scene
    rng = random.Random(2)
    hidden = 0
    for _ in range(60):
        if isinstance(app.scene, HandOffScene):
            click(app, "handoff:confirm")
            continue
        decider = session.game.decision.player
        if not table.seats.is_human(decider):
            table.ai.run(10 ** 12, False)               # let the AI dragon's move through
            app.pump()
        else:
            table.apply(rng.randrange(len(table.options)))
            app.pump()
        if table.eyes is None:
            hidden += 1
            assert table.motion.cards_in_flight() == [], "a card in flight on a table that shows no hand"
    assert hidden
