"""The Dragons panel names every dragon in full in the smallest window
(playtest, 6 players at 1100 x 650: "Ash (you) [AI ra...", "Cora [AI norm...");
where "[AI normal]" does not fit the row says "[AI]" and its tooltip names the level."""
from __future__ import annotations

import random

import pygame
from ui_helpers import index_of, DrawnText, make_app, press, redraw

from app.session import Seat, Session

NAMES = ["Ash", "Bryn", "Cora", "Dain", "Elin", "Finn"]
DRAGONS = ["Black", "Blue", "Green", "Orange", "Red", "White"]
KINDS = ["human", "random", "normal", "normal", "expert", "normal"]


def test_every_dragon_row_shows_its_whole_name_at_1100_by_650(monkeypatch):
    session = Session.new([Seat(n, d, k) for n, d, k in zip(NAMES, DRAGONS, KINDS)], seed=4)
    state = session.game.state
    for p in state.players:             # late-game hands: "10 cards" in every row
        while len(p.hand) < 10:
            p.hand.append(state.deck.pop())
    drawn = DrawnText(monkeypatch)
    app = make_app(size=(1100, 650))
    table = app.start_game(session, handoff=False)
    drawn.clear()
    redraw(app)
    rows = table.right.player_rows(6)
    for seat, row in enumerate(rows):
        inside = [s for s in drawn.within(row) if s.startswith(NAMES[seat])]
        assert len(inside) == 1 and "..." not in inside[0], (seat, drawn.within(row))
        if KINDS[seat] != "human":
            assert "[AI" in inside[0]
            assert f"AI {KINDS[seat]}" in table.tips[f"player:{seat}"]


def test_in_a_replay_no_row_is_cut_inside_its_marks_at_1100_by_650(monkeypatch):
    """Playtest: a replay at 1100 x 650 marked the shown dragon's row
    "Bryn (shown) [...". Where the whole label does not fit, words are dropped
    whole (the AI's level, then "(shown)"), never cut in the middle; the name is
    always there."""
    from sprites.scenes.replay import ReplayScene
    kinds = ["normal", "hard", "normal", "expert", "normal", "hard"]
    names = ["Ashildr", "Brynhild", "Cordelia", "Dainsleif", "Elinor", "Finnegan"]
    session = Session.new([Seat(n, d, k) for n, d, k in zip(names, DRAGONS, kinds)], seed=4)
    rng = random.Random(4)
    for _ in range(30):
        session.apply(rng.choice(session.game.decision.options))
    drawn = DrawnText(monkeypatch)
    app = make_app(size=(1100, 650))
    app.show_replay(session)
    replay = app.scene
    press(app, pygame.K_END)
    drawn.clear()
    redraw(app)
    rows = replay.right.player_rows(6)
    for seat, row in enumerate(rows):
        inside = [s for s in drawn.within(row) if s.startswith(names[seat])]
        assert len(inside) == 1, (seat, drawn.within(row))
        label = inside[0]
        assert "..." not in label and label.count("[") == label.count("]") and label.count("(") == label.count(")")
        assert "[AI" in label


def test_the_lair_heading_reads_in_full_in_every_variant_at_1100_by_650(monkeypatch):
    """Playtest: in Desolation at 1100 x 650 the lair's heading was cut to
    "Your lair (Desolation: what you carri...". No variant's heading is cut."""
    for variant in ("standard", "strategist", "desolation", "strategist+desolation"):
        session = Session.new([Seat(n, d, "human") for n, d in zip(NAMES[:3], DRAGONS[:3])], seed=4, variant=variant)
        drawn = DrawnText(monkeypatch)
        app = make_app(size=(1100, 650))
        app.start_game(session, handoff=False)
        drawn.clear()
        redraw(app)
        heads = [s for s in drawn.strings() if s.startswith("Your lair")]
        assert heads and not [h for h in heads if "..." in h], (variant, heads)
        if "desolation" in variant:
            assert not [h for h in heads if "hidden" in h], "nothing is hidden from the team in a cooperative game"


def test_a_lair_action_tooltip_says_from_which_century_it_is_open():
    """Playtest: in century 2, "Hunt and Hoard (century 1): ..." read as out of date."""
    import random
    session = Session.new([Seat(n, d, "human") for n, d in zip(NAMES[:3], DRAGONS[:3])], seed=4)
    rng = random.Random(4)
    while session.game.state.century < 2:
        session.apply(rng.choice(session.game.decision.options))
    app = make_app(size=(1100, 650))
    table = app.start_game(session, handoff=False)
    for a in table.data.lair_actions:
        tip = table.tips[f"lair_action:{a.id}"]
        assert tip.startswith(f"{a.name} (from century {a.century}):"), tip


def test_the_level_letter_and_digit_do_not_run_into_each_other(monkeypatch):
    """Playtest: "L4" in a Dragons row was drawn with the L and the 4 squashed
    together (the font kerns that pair); every level reads as two glyphs."""
    from sprites import theme
    session = Session.new([Seat(n, d, "human") for n, d in zip(NAMES[:3], DRAGONS[:3])], seed=4)
    abilities = [a.id for a in session.game.data.abilities]
    for k, p in enumerate(session.game.state.players):
        p.abilities.extend(abilities[:k + 2])        # levels 3, 4 and 5
    drawn = DrawnText(monkeypatch)
    app = make_app(size=(1100, 650))
    table = app.start_game(session, handoff=False)
    drawn.clear()
    redraw(app)
    for seat, row in enumerate(table.right.player_rows(3)):
        stats, size, _ = next(item for item in drawn.items if "life" in item[0] and table.right.player_rows(3)[seat]
                              .collidepoint(item[2].center))
        level = stats.split("  ")[0]
        letter, digit = level[0], level[-1]
        assert digit == str(seat + 3)
        assert theme.text_width(level, size) >= theme.text_width(letter, size) + theme.text_width(digit, size), level


def test_in_desolation_the_terrify_tooltip_says_the_counter_scores_nothing():
    """Rulebook, Desolation of the Old World: "The game is played normally" (Terrify
    is still taken: "Immediately take possession of the +3 VP counter"), but "At
    the end of the game, there is no individual scoring". The tooltip says so;
    in a standard game it does not."""
    for variant, note in (("desolation", True), ("standard", False)):
        session = Session.new([Seat(n, d, "human") for n, d in zip(NAMES[:3], DRAGONS[:3])], seed=4,
                              variant=variant)
        app = make_app(size=(1100, 650))
        table = app.start_game(session, handoff=False)
        tip = table.tips["lair_action:terrify"]
        assert "+3 VP counter" in tip
        assert ("No VP in Desolation" in tip) == note, tip


def test_counts_read_in_good_english_in_the_rows_and_tooltips(monkeypatch):
    """Playtest: a dragon down to one card showed "1 cards" (its row and tooltip,
    the discard pile too), and a region's tooltip read "0 noble, 2 field" and
    "Stockpile: 1 villages". A count of one is singular, any other plural
    (livestock and gold have no plural)."""
    session = Session.new([Seat(n, d, "human") for n, d in zip(NAMES[:3], DRAGONS[:3])], seed=4)
    state = session.game.state
    bryn = state.players[1]
    del bryn.hand[1:]
    state.discard[:] = state.discard[:1] or [state.deck.pop()]
    region = state.regions[0]
    region.res.update(livestock=2, gold=1, noble=0, field=2)
    region.villages, region.cities = 1, 1
    drawn = DrawnText(monkeypatch)
    app = make_app(size=(1600, 900))
    table = app.start_game(session, handoff=False)
    drawn.clear()
    redraw(app)
    row = table.right.player_rows(3)[1]
    assert [s for s in drawn.within(row) if s.endswith(" 1 card")], drawn.within(row)
    assert not [s for s in drawn.strings() if " 1 cards" in s]
    assert "1 card, " in table.tips["player:1"] or table.tips["player:1"].endswith("1 card.")
    assert table.tips["discard_pile"].startswith("Discard pile: 1 card.")
    tip = table.tips[f"region:{region.name}"]
    assert "2 livestock, 1 gold, 0 nobles, 2 fields." in tip and "Stockpile: 1 village, 1 city." in tip, tip


def test_after_its_turn_the_dragon_card_does_not_say_nothing_was_spent(monkeypatch):
    """Playtest: Ash ate a livestock to fly, ended the turn, and while the AI
    dragons played on the Dragon Card read "Your turn this century: spent
    nothing; feats ..." (what was spent goes back to the stockpile as the turn
    ends). After the turn it names the feats only."""
    seats = [Seat("Ash", "Black", "human"), Seat("Bryn", "Blue", "random"), Seat("Cora", "Green", "random")]
    for seed in range(1, 80):
        session = Session.new(seats, seed=seed)
        rng = random.Random(seed)
        g = session.game
        while not g.is_over and not (g.decision.kind == "attack_turn" and g.decision.player == 0
                                     and g.state.order[-1] != 0 and any(a.kind == "move" for a in g.decision.options)):
            session.apply(rng.choice(g.decision.options))
        if not g.is_over:
            break
    drawn = DrawnText(monkeypatch)
    app = make_app()
    table = app.start_game(session, handoff=False)
    table.summary = None
    press(app, pygame.K_p)                      # the AI dragons wait: Ash looks at the table after the turn
    table.apply(index_of(table, next(a for a in g.decision.options if a.kind == "move")))
    drawn.clear()
    redraw(app)
    assert [s for s in drawn.strings() if s.startswith("This turn: spent 1 livestock;")], drawn.strings()
    table.apply(index_of(table, next(a for a in g.decision.options if a.kind == "end_turn")))
    assert g.decision.player != 0 and table.seats.viewer == 0
    drawn.clear()
    redraw(app)
    card = [s for s in drawn.strings() if s.startswith(("Your turn this century", "This turn"))]
    assert card and card[0].startswith("Your turn this century: feats"), card
    assert not [s for s in drawn.strings() if "spent nothing" in s]


def test_the_dragon_card_counts_a_feat_up_to_what_it_needs(monkeypatch):
    """Playtest: the Dragon Card read "feats ... 4/3 villages". Level-Up: "a Dragon can
    only ever Level Up once per century, and excess Feats do not carry over to the next
    century": a feat counts up to what it needs, "3/3 villages"."""
    seats = [Seat("Ash", "Black", "human"), Seat("Bryn", "Blue", "random"), Seat("Cora", "Green", "random")]
    session = Session.new(seats, seed=2)
    rng = random.Random(2)
    g = session.game
    while not (g.decision.kind == "attack_turn" and g.decision.player == 0):
        session.apply(rng.choice(g.decision.options))
    need = g.data.feats
    p = g.state.players[0]
    p.feat_villages, p.feat_resources = need["villages"] + 1, need["resources"] + 2
    drawn = DrawnText(monkeypatch)
    app = make_app()
    table = app.start_game(session, handoff=False)
    table.summary = None
    table.refresh()
    drawn.clear()
    redraw(app)
    card = " ".join(s for s in drawn.strings() if "feats" in s or "villages" in s or "resources." in s)
    assert f"{need['villages']}/{need['villages']} villages" in card, card
    assert f"{need['resources']}/{need['resources']} resources" in card, card
    assert f"{need['villages'] + 1}/{need['villages']} villages" not in card
