"""Previews before committing, and the log (issue 9): hovering shows what an option
would do - where a card's Attack icons could hit, what it costs and takes, a move's
path and livestock, the hex side that would face the dragon, what End Turn leaves
undone - from the engine's Game.outcome; the log filters by dragon, folds by
century, and a clicked line lights up on the map what its event touched."""
from __future__ import annotations

import math

from ui_helpers import DrawnText, click, hover, reach, redraw, table_at

from game.routes import flights
from sprites import theme
from sprites.table import marks, overlays, toplayer
from game.data import ICON_WORDS


def drawn_tip(app, drawn):
    drawn.clear()
    redraw(app)
    return " ".join(drawn.strings())


def test_hovering_a_card_shows_where_its_attack_icons_could_hit_and_what_it_costs(monkeypatch):
    drawn = DrawnText(monkeypatch)

    def attack_card(g):
        d = g.decision
        return d.kind == "attack_turn" and any(a.kind == "play_card" and len(g.outcome(a).hits) > 1 for a in d.options)
    session = reach(attack_card, players=3)
    app, table = table_at(session)
    g = session.game
    d = g.decision
    a = next(a for a in d.options if a.kind == "play_card" and len(g.outcome(a).hits) > 1)
    name = next(n for n, idx in table.groups.items() if n.startswith("hand:") and d.options.index(a) in idx)
    hover(app, name)
    words, places = table.preview(name)
    want = {("site", (h.region, h.site)) for i in table.groups[name] for h in g.outcome(d.options[i]).hits}
    assert want and want <= set(places), "every settlement its Attack icons could hit glows"
    assert {p for p in places if p[0] == "site"} == want
    text = drawn_tip(app, drawn)
    assert "could then hit" in text and "Life -" in text
    # the rings are on screen where the sites are, all round: neither the enlarged card
    # nor the tooltip covers one
    geo, lay = table.map.geo, table.lay
    ring = theme.mix(marks.PREVIEW, (255, 255, 255), 0.55 * 0.6)
    for _, (region, site) in want:
        x, y = (round(v) for v in geo.sites[region][site])
        r = round(geo.site_radius + lay.px(6) + 0.6 * lay.px(3)) - max(3, lay.px(5)) // 2
        for k in range(8):                          # (a neighbouring ring's dark edge may cross it)
            at = (x + round(r * math.cos(k * math.pi / 4)), y + round(r * math.sin(k * math.pi / 4)))
            assert app.screen.get_at(at)[:3] in (ring, marks.edge_for(marks.PREVIEW)), f"the ring of {region} site {site} is hidden"


def test_hovering_a_card_that_takes_shows_what_it_gains_and_from_where(monkeypatch):
    """A card whose icons take resources: the preview says what comes onto the Dragon
    Card and from which region, and those tokens glow."""
    drawn = DrawnText(monkeypatch)

    def taking(g):
        d = g.decision
        return d.kind == "attack_turn" and any(a.kind == "play_card" and g.outcome(a).taken for a in d.options)
    session = reach(taking, players=3)
    app, table = table_at(session)
    g, d = session.game, session.game.decision
    a = next(a for a in d.options if a.kind == "play_card" and g.outcome(a).taken)
    name = next(n for n, idx in table.groups.items() if n.startswith("hand:") and d.options.index(a) in idx)
    hover(app, name)
    o = g.outcome(a)
    words, places = table.preview(name)
    counts = {}
    for region, res in o.taken:
        assert (("token", (region, res)) if region else ("stockpile", res)) in places
        counts[(region, res)] = counts.get((region, res), 0) + 1
    for (region, res), n in counts.items():
        plural = "s" if n > 1 and res in ("noble", "field") else ""
        assert f"Takes {n} {res}{plural}" in words and f"from {region or 'the stockpile'}" in words
    assert "Takes " in drawn_tip(app, drawn)


def test_hovering_a_card_that_cannot_be_played_now_shows_its_region():
    session = reach(lambda g: g.decision.kind == "lair_action", players=3)
    app, table = table_at(session)
    j, cid = next((j, c) for j, c in enumerate(table.hand) if table.data.cards[c].region)
    hover(app, f"hand:{j}")
    assert table.preview(f"hand:{j}") == ("", [("region", table.data.cards[cid].region)])


def test_hovering_a_move_shows_the_path_and_the_livestock_it_costs(monkeypatch):
    drawn = DrawnText(monkeypatch)
    session = reach(lambda g: g.decision.kind == "attack_turn" and any(a.kind == "move" for a in g.decision.options),
                    players=3)
    app, table = table_at(session)
    g = session.game
    move = next(a for a in g.decision.options if a.kind == "move")
    here = g.state.players[g.decision.player].region
    hover(app, f"region:{move.region}")
    words, places = table.preview(f"region:{move.region}")
    assert ("path", (here, move.region)) in places
    text = drawn_tip(app, drawn)
    assert "Costs 1 livestock" in text and f"{here} -> {move.region}" in text


def test_the_cost_of_every_move_shows_on_hover_before_the_click(monkeypatch):
    """Issue 39, polish 5: "show the move's cost on hover before the click (gold, hex move,
    dragon move)". Turning the hex costs a gold (Using Resources, Spend Gold: "Discard a gold to
    the stockpile to turn the Action Hex right or left one space"); a region two moves away
    costs a livestock a region ("eating 1 livestock for every region moved through or into"),
    said before the click that asks; the Dragon Hex Card says that it is used. The words come
    from the engine's numbers (the options' and flights' costs), not from the view."""
    drawn = DrawnText(monkeypatch)

    def done(g):
        d = g.decision
        p = g.state.players[d.player] if d else None
        return d is not None and d.kind == "attack_turn" and any(a.kind == "use_hex" for a in d.options) and \
            any(a.kind == "turn_hex" for a in d.options) and g.available(p, "livestock") >= 2 and \
            any(len(steps) == 2 for steps in flights(g).values())
    session = reach(done, players=3, seeds=range(1, 200))
    app, table = table_at(session)
    g = session.game
    region, steps = next((r, st) for r, st in flights(g).items() if len(st) == 2)
    assert f"region:{region}" not in table.groups, "two moves away: no option of its own"
    hover(app, f"region:{region}")
    text = drawn_tip(app, drawn)
    here = g.state.players[g.decision.player].region
    costs = sum(g.touches(a).spends.get("livestock", 0) for a in steps)
    assert f"Costs {costs} livestock" in text and f"{here} -> " in text and f"-> {region} (2 moves)" in text, text
    turn = next(a for a in g.decision.options if a.kind == "turn_hex")
    hover(app, f"hex:turn_{turn.choice}")
    assert f"Costs {g.touches(turn).spends['gold']} gold" in drawn_tip(app, drawn)
    hover(app, "hex:use")
    assert "Uses the Dragon Hex Card" in drawn_tip(app, drawn)


def test_hovering_a_hex_arrow_names_the_side_that_would_face_the_dragon(monkeypatch):
    drawn = DrawnText(monkeypatch)
    session = reach(lambda g: g.decision.kind == "attack_turn" and any(
        a.kind == "turn_hex" for a in g.decision.options), players=3)
    app, table = table_at(session)
    g = session.game
    seat = g.decision.player
    region = g.state.players[seat].region
    for side in ("left", "right"):
        a = next(a for a in g.decision.options if a.kind == "turn_hex" and a.choice == side)
        copy = g.copy()
        copy.apply(a)
        hover(app, f"hex:turn_{side}")
        text = drawn_tip(app, drawn)
        assert f"the {ICON_WORDS[copy.facing_icon(region)]} side faces {region}" in text.replace("\n", " ")
        assert "Costs 1 gold" in text
        use = [x for x in copy.decision.options if x.kind == "use_hex"]
        words, places = table.preview(f"hex:turn_{side}")
        if use:                                   # what a Dragon Hex Card would offer there, and where
            assert "Your Dragon Hex Card there: " in words
            assert set(marks.outcome_marks(copy.outcome(use[0]).to_dict())) <= set(places)
        else:
            assert copy.why_illegal(copy.aimed("hex:use", None)) in words


def test_a_hex_arrow_whose_attack_side_could_hit_nothing_says_so_in_a_whole_sentence(monkeypatch):
    """Playtest (issue 25, smaller things): "the hex arrow preview stops mid-sentence ('Your
    Dragon Hex Card there:')" where the Attack side would face a region its icon alone could
    not hit anything in."""
    def aimless_side(g):
        d = g.decision
        if d.kind != "attack_turn":
            return None
        for a in d.options:
            if a.kind == "turn_hex":
                copy = g.copy()
                copy.apply(a)
                use = next((x for x in copy.decision.options if x.kind == "use_hex"), None)
                if use is not None:
                    after = copy.copy()
                    after.apply(use)
                    if after.decision.kind == "attack_assign" and not copy.outcome(use).hits:
                        return a.choice
        return None
    session = reach(lambda g: aimless_side(g) is not None, players=3)
    app, table = table_at(session)
    side = aimless_side(session.game)
    drawn = DrawnText(monkeypatch)
    hover(app, f"hex:turn_{side}")
    text = drawn_tip(app, drawn).replace("\n", " ")
    assert "Your Dragon Hex Card there: Its Attack icons alone could hit nothing here." in text


def test_hovering_end_turn_lists_what_is_still_possible(monkeypatch):
    drawn = DrawnText(monkeypatch)
    session = reach(lambda g: g.decision.kind == "attack_turn" and len(
        {a.kind for a in g.decision.options}) >= 3, players=3)
    app, table = table_at(session)
    g = session.game
    hover(app, "button:end_turn")
    words, _ = table.preview("button:end_turn")
    assert words.startswith("Still possible: ")
    others = [g.describe(a) for a in g.decision.options if a.kind != "end_turn"]
    assert others[0] in words
    text = drawn_tip(app, drawn)
    assert "Still possible" in text


def test_the_log_filters_by_dragon_folds_by_century_and_shows_a_line_on_the_map(monkeypatch):
    drawn = DrawnText(monkeypatch)
    session = reach(lambda g: g.state.century >= 2 and g.decision.kind == "attack_turn", players=3)
    app, table = table_at(session)
    log = table.view["log"]
    century = table.view["century"]
    first_new = next(i for i, e in enumerate(log) if e["event"]["kind"] == "century_begins")

    def entries():
        return [int(n.split(":")[2]) for n in table.element_names() if n.startswith("log:entry:")]
    assert entries() and min(entries()) > first_new, "earlier centuries start folded"
    # one dragon's lines only, then every line again
    click(app, "log:seat:1")
    assert entries() and all(log[i]["seat"] == 1 for i in entries())
    click(app, "log:all")
    assert {log[i]["seat"] for i in entries()} - {1}
    # fold this century: the headers say how many lines each folded century holds
    click(app, f"log:century:{century}")
    assert not entries()
    drawn.clear()
    redraw(app)
    heads = [s for s in drawn.within(table.log.rect) if s.startswith("Century ")]
    assert [h.split(" - ")[0] for h in heads] == [f"Century {c}" for c in range(1, century + 1)]
    assert all(" line" in h.split(" - ")[1] for h in heads), "a folded century says how many lines it holds"
    # unfold the 1st century: its lines come back
    click(app, "log:century:1")
    assert entries() and max(entries()) < first_new
    click(app, "log:century:1")
    click(app, f"log:century:{century}")
    # a line whose event names a region: that region glows on the map
    name = next(n for n in reversed(table.element_names()) if n.startswith("log:entry:")
                and ("region", log[int(n.split(":")[2])]["event"].get("region")) in
                marks.event_marks(log[int(n.split(":")[2])]["event"]))
    event = log[int(name.split(":")[2])]["event"]
    before = app.screen.copy()
    click(app, name)
    assert {p for p, *_ in table.pointed.items} == set(marks.event_marks(event))
    outline = table.map.geo.polygons[event["region"]]
    changed = [p for p in outline[::10] if app.screen.get_at((round(p[0]), round(p[1]))) !=
               before.get_at((round(p[0]), round(p[1])))]
    assert len(changed) > len(outline[::10]) // 2, "the region's coast glows"
    assert table.log.picked == int(name.split(":")[2])


def test_the_enlarged_card_leaves_the_region_its_preview_marks_in_sight():
    """Playtest: hovering Any Region: Raze in Gallia, the enlarged card covered
    Gallia, the region its preview outlined. A card whose preview marks a whole
    region leaves that region's name and settlements in sight (where the map has room)."""
    checked = 0
    for seed in range(1, 40):
        if checked >= 3:
            break
        try:
            session = reach(lambda g: g.decision.kind == "attack_turn" and g.state.century >= 2, seeds=[seed])
        except AssertionError:
            continue
        for size in ((1600, 900), (1100, 650)):
            app, table = table_at(session, size)
            geo = table.map.geo
            for j in range(len(table.hand)):
                name = f"hand:{j}"
                preview = table.preview(name) if table.element(name) is not None else None
                regions = [p[1] for p in (preview[1] if preview else []) if p[0] == "region"]
                if not regions:
                    continue
                keep = [geo.label_rects[r] for r in regions] + [
                    marks.place_rect(("site", (r, k)), geo, table.element_rect) for r in regions for k in range(6)]
                hover(app, name)
                marked = toplayer.marked(table.frame(), table.panels(), table, preview)
                zoom = overlays.zoom_rect(table.lay, table.element_rect(name), marked)
                room = table.lay.map.union(table.lay.strip)
                if any(not zoom.move(x - zoom.x, 0).collidelistall(keep)
                       for x in range(room.x, room.right - zoom.w + 1, 10)):
                    assert not zoom.collidelistall(keep), (size, name, regions)
                    checked += 1
    assert checked, "no card previewed a whole region with room for the card elsewhere"


def test_a_hex_arrow_that_cannot_be_used_now_looks_faded():
    """Playtest: with no gold left the hex's turn arrows looked like working
    buttons (only a click said "Turning the hex costs a gold, and you have none").
    An arrow the decision does not offer is drawn faded; an offered one is not."""
    from sprites.art import hexboard

    def turning(g):
        return g.decision.kind == "attack_turn" and any(a.kind == "turn_hex" for a in g.decision.options)
    for offered in (False, True):
        session = reach(turning if offered else (lambda g: g.decision.kind != "attack_turn"), players=3)
        app, table = table_at(session)
        x, y = (round(v) for v in table.map.geo.turn_arrow_pos["left"])
        size = round(table.map.geo.turn_arrow_radius * 2)
        art = hexboard.turn_arrow("left", size, offered)
        sx, sy = x - size // 2, y - size // 2
        # where the button's face is opaque, the screen shows it as drawn only if offered
        probe = (size // 2, size // 2 - round(size * 0.38))     # on the button's face, inside its rim
        drawn = app.screen.get_at((sx + probe[0], sy + probe[1]))[:3]
        face = art.get_at(probe)[:3]
        assert (drawn == face) == offered, (offered, drawn, face)


def test_hovering_a_card_to_discard_for_wrath_attack_says_whose_icons_and_the_life_once(monkeypatch):
    """Rulebook, Card Reading Examples: Wrath Attack "says, "Must discard 1 other card; reduce
    damage taken by 1." In addition to the 2 Attack icons, the player must discard 1 card, which
    reduces the damage their Dragon takes from resolving the Attack icons." - and in the Example
    Turn, two villages that way cost "only ... 1 Life". The discarded card is not played: the
    icons that could hit are the 2 waiting (the Wrath Attack's), each village at its Life, the
    reduction said once (playtest: "Its Attack icons ... Life -0 each")."""
    from app.session import Seat, Session
    from test_preview import wrath_attack_to_discard_for
    drawn = DrawnText(monkeypatch)
    g = wrath_attack_to_discard_for()
    seats = [Seat(n, p.dragon) for n, p in zip(("Ash", "Bryn", "Cora", "Dain"), g.state.players)]
    app, table = table_at(Session(seats=seats, seed=0, game=g))
    i = next(i for i, a in enumerate(g.decision.options) if a.card == "attack_gallia_1")
    name = next(n for n, idx in table.groups.items() if n.startswith("hand:") and i in idx)
    hover(app, name)
    text = drawn_tip(app, drawn)
    assert "Discard Attack (Gallia)" in text
    assert "The 2 Attack icons waiting could then hit (ringed on the map): 2 villages (1 icon, Life -1 each)." in text
    assert "Damage -1 once: 1 Life less in all." in text
    assert "Its Attack icons" not in text and "Life -0" not in text


def test_hits_on_several_cities_are_counted_in_words():
    """Playtest: the preview read "3 citys (2 icons, Life -2 each)"."""
    from sprites.table.tips import outcome_text
    from game.data import default_data
    from game.preview import Hit, Outcome
    data = default_data()
    hits = [Hit("Gallia", k, "city", 2, 2) for k in range(3)] + [Hit("Gallia", 3, "town", 2, 1)] + \
        [Hit("Gallia", k, "village", 1, 1) for k in (4, 5)]
    o = Outcome(seat=0, spends={}, taken=(), pieces=(), life=0, cards_drawn=0, cards_lost=0, hits=tuple(hits),
                waiting=2, adds=2).to_dict()
    text = outcome_text(data, o, 4, "Ash")
    assert "3 cities (2 icons, Life -2 each); a town (2 icons, Life -1); 2 villages (1 icon, Life -1 each)" in text, text
    assert "citys" not in text
