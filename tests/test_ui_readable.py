"""Everything on the table can be read (issue 8, points 10, 11, 14, 15, 17
and 19): the own lair in full, nothing cut short with "...", a letter or
shape beside every colour cue, text of at least 12 px in the smallest window,
tooltips beside the row they explain, replay buttons off the map, no name
said twice, and the open lairs of The Strategist."""
from __future__ import annotations

import random

from ui_helpers import DrawnText, make_app, press, reach, redraw

import pygame

from app.session import Seat, Session
from sprites.table import overlays

NAMES, DRAGONS = ["Ash", "Bryn", "Cora", "Dain", "Elin", "Finn"], ["Black", "Blue", "Green", "Orange", "Red", "White"]
MIN_FONT = 18               # pygame's default font at size 18 is 12 px high


def seats(n, kinds=None):
    return [Seat(NAMES[i], DRAGONS[i], (kinds or ["human"] * n)[i]) for i in range(n)]


def reach_by_ai(done, players=4, seed=1):
    """A position of a game between easy AI dragons (they loot more than random moves)."""
    from game.ai import make_ai
    s = Session.new(seats(players), seed=seed)
    ais = [make_ai("easy", seed * 10 + i) for i in range(players)]
    while not s.game.is_over:
        if done(s.game):
            return s
        d = s.game.decision
        s.apply(ais[d.player].choose(s.game, d.player))
    raise AssertionError("no such position")


def table_at(session, size=(1600, 900), viewer=None):
    app = make_app(size=size)
    table = app.start_game(session, handoff=False)
    if viewer is not None:
        table.seats.viewer = viewer
        table.refresh()
    redraw(app)
    return app, table


def items(h):
    return sum(1 for n in h["res"].values() if n) + sum(1 for n in h["villages"].values() if n) + \
        sum(1 for n in h["cities"].values() if n)


def test_the_own_lair_is_fully_readable(monkeypatch):
    """Point 10: a large lair wraps instead of ending in "...", and its tooltip lists it by region."""
    drawn = DrawnText(monkeypatch)
    session = reach_by_ai(lambda g: items(g.view(g.decision.player)["players"][g.decision.player]["lair"]) >= 9)
    viewer = session.game.decision.player
    app, table = table_at(session, (1100, 650), viewer)
    drawn.clear()
    redraw(app)
    lair = table.element_rect("lair")
    inside = drawn.within(lair)
    assert "..." not in inside and not [s for s in inside if s.endswith("...")]
    own = session.game.state.players[viewer].lair
    counts = [str(n) for n in list(own.res.values()) + list(own.villages.values()) + list(own.cities.values()) if n]
    assert sorted(s for s in inside if s.isdigit()) == sorted(counts), "every piece of the lair is shown with its count"
    tip = table.element("lair").tip
    for region, n in own.villages.items():
        if n:
            assert region in tip


def test_no_text_is_cut_short(monkeypatch):
    """Point 11: long choices, the played-cards line and replay labels wrap instead of ending in "..."."""
    drawn = DrawnText(monkeypatch)

    def long_choices(g):
        d = g.decision
        return d.kind == "attack_turn" and len(g.state.players[d.player].played) >= 2 and \
            any(a.kind == "lick_wounds" for a in d.options)
    session = reach(long_choices, players=3)
    app, table = table_at(session, (1100, 650))
    table.show_all_choices()
    drawn.clear()
    redraw(app)
    cut = [s for s in drawn.strings() if s.endswith("...")]
    assert not cut, f"cut short: {cut}"

    from sprites.scenes.replay import ReplayScene
    app = make_app(size=(1100, 650))
    app.show_replay(session)
    replay = app.scene
    for _ in range(len(session.actions)):
        replay.replay.forward()
        replay.part.step()
        drawn.clear()
        redraw(app)
        cut = [s for s in drawn.strings() if s.endswith("...")]
        assert not cut, f"cut short in the replay at step {replay.replay.index}: {cut}"


def test_colour_is_never_the_only_cue(monkeypatch):
    """Point 14: log lines carry their dragon's letter, lair pieces their region's letter,
    and each card of an overlapping hand shows its region letter in the part that shows."""
    drawn = DrawnText(monkeypatch)
    session = reach(lambda g: not g.is_over and len(g.state.players[g.decision.player].hand) >= 11 and
                    items(g.view(g.decision.player)["players"][g.decision.player]["lair"]) >= 5, players=4)
    viewer = session.game.decision.player
    app, table = table_at(session, viewer=viewer)
    data = table.data
    drawn.clear()
    redraw(app)
    # the log: each line that starts an entry of a dragon has that dragon's letter before it
    letters = {p.seat: next(d.letter for d in data.dragons if d.name == p.dragon) for p in session.game.state.players}
    log = table.right.log_rect
    shown = [(s, r) for s, _, r in drawn.items if r is not None and log.colliderect(r)]
    entries = [e for e in table.view["log"] if e["seat"] is not None]
    lines = [(s, r) for s, r in shown if any(e["text"].startswith(s) for e in entries) and len(s) > 3]
    assert lines
    for s, r in lines:
        seat = next(e["seat"] for e in entries if e["text"].startswith(s))
        assert any(t == letters[seat] and abs(rr.centery - r.centery) <= r.h and rr.right <= r.x + 2
                   for t, rr in shown), f"no letter before the log line {s!r}"
    # the lair: a region letter on every settlement piece
    lair = table.element_rect("lair")
    own = session.game.state.players[viewer].lair
    regions = [region for region, n in list(own.villages.items()) + list(own.cities.items()) if n]
    inside = drawn.within(lair)
    for region in regions:
        assert data.regions[data.region_index[region]].letter in inside, f"{region} pieces only by colour"
    # the hand: the region letter of each card inside the part of it that shows
    for j, cid in enumerate(table.hand):
        card = data.cards[cid]
        if card.is_hex:
            continue
        letter = data.regions[data.region_index[card.region]].letter if card.region else "*"
        strip = table.element_rect(f"hand:{j}")
        assert _glyph_in(app.screen, strip, letter, card, data), f"card {j} ({cid}) shows no region letter"


def _glyph_in(screen, strip, letter, card, data):
    """True if the letter, as the card tiles draw it, is visible inside the strip."""
    from sprites.art import common
    colour = data.regions[data.region_index[card.region]].colour if card.region else (124, 100, 70)
    glyph = common.font(MIN_FONT, True).render(letter, True, common.contrast(colour), common.rgb(colour))
    mask = pygame.mask.from_surface(common.font(MIN_FONT, True).render(letter, True, (0, 0, 0)))
    gw, gh = glyph.get_size()
    target = [(x, y, glyph.get_at((x, y))[:3]) for x in range(gw) for y in range(gh) if mask.get_at((x, y))]
    for ox in range(strip.x, strip.right - gw + 1):
        for oy in range(strip.bottom - 3 * gh, strip.bottom - gh + 1):
            if all(sum(abs(a - b) for a, b in zip(screen.get_at((ox + x, oy + y))[:3], c)) < 90 for x, y, c in target):
                return True
    return False


def test_text_is_at_least_12_px_in_the_smallest_window(monkeypatch):
    """Point 15: the window cannot get smaller than its minimum, and there every word
    (panels, log, prompt, dialogs, tooltips, the Card Selection Track, the hand) is 12 px or more."""
    from sprites import theme
    from sprites.art import common
    from sprites.table.mapview import MapView
    app = make_app(size=(1600, 900))
    session = reach(lambda g: g.decision.kind == "select_card", players=6)
    table = app.start_game(session, handoff=False)
    pygame.display.set_mode((900, 500), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(900, 500), w=900, h=500))
    app.pump()
    smallest = app.screen.get_size()
    assert smallest[0] >= 1000 and smallest[1] >= 600, "the window has a minimum size"
    sizes = []
    inside_icon = [0]
    real_font, real_pen_text = common.font, common.Pen.text

    def font(size, bold=False):
        if not inside_icon[0]:
            sizes.append(int(size))
        return real_font(size, bold)

    def pen_text(self, *a, **kw):           # letters and numbers drawn inside icons are pictures
        inside_icon[0] += 1
        try:
            return real_pen_text(self, *a, **kw)
        finally:
            inside_icon[0] -= 1
    monkeypatch.setattr(common, "font", font)
    monkeypatch.setattr(theme, "font", font)
    monkeypatch.setattr(common.Pen, "text", pen_text)
    common.clear_caches()
    MapView._made.clear()
    for cache in (theme.text, theme.text_on, theme.wrap, theme.fit):
        cache.cache_clear()
    table.lay = None
    table.resize(smallest)
    redraw(app)
    for name in ("track:0", "hand:0", "player:1", "lair_action:plot", "region:Gallia"):
        pos = table.element_point(name)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        app.pump()
        redraw(app)
    table.show_all_choices()
    redraw(app)
    assert sizes and min(sizes) >= MIN_FONT, f"text below 12 px: sizes {sorted(set(s for s in sizes if s < MIN_FONT))}"


def test_tooltips_do_not_cover_the_rows_next_to_the_hovered_one():
    """Point 17: hovering a Lair Action or a dragon's row, the tooltip leaves the other rows visible."""
    session = reach(lambda g: g.decision.kind == "lair_action", players=4)
    app, table = table_at(session)
    for group in ("lair_action:", "player:"):
        rows = [e for e in table.elements if e.name.startswith(group)]
        for e in rows:
            tip = overlays.tooltip_rect(table.lay, e.tip, e.rect, e.rect.center, app.screen.get_rect())[0]
            covered = [o.name for o in rows if o is not e and tip.colliderect(o.rect)]
            assert not covered, f"the tooltip of {e.name} covers {covered}"


def test_replay_buttons_stay_off_the_map():
    """Point 17: the replay's Back / Forward buttons cover no settlement or region."""
    from sprites.scenes.replay import ReplayScene
    session = reach(lambda g: len(g.state.log) > 40, players=3)
    app = make_app()
    app.show_replay(session)
    scene = app.scene
    for name in ("replay:back", "replay:forward"):
        rect = scene.element_rect(name)
        assert not rect.colliderect(scene.lay.map), f"{name} lies on the map"


def test_the_ai_prompt_names_the_dragon_once():
    """Point 17: "Dain (AI) is thinking: place your dragon..." (not "Dain: ..." again), for every kind of decision."""
    session = Session.new(seats(3, ["human", "random", "random"]), seed=3)
    rng = random.Random(2)
    app, table = table_at(session)
    seen = set()
    while not session.game.is_over:
        d = session.game.decision
        if not session.seats[d.player].is_human and d.kind not in seen:
            seen.add(d.kind)
            table.refresh()
            _, prompt, _, _ = table.header()
            name = session.seats[d.player].name
            assert prompt.startswith(f"{name} (AI) is thinking") and prompt.count(name) == 1, prompt
        session.apply(rng.choice(d.options))
    assert {"discard", "place_dragon", "attack_turn"} <= seen


def test_strategist_rows_break_down_each_lair_and_keep_the_hand_count(monkeypatch):
    """Point 19: in The Strategist each opponent's row shows its lair per resource and its cards."""
    drawn = DrawnText(monkeypatch)
    session = reach(lambda g: g.state.century >= 3 and g.decision.kind == "attack_turn", players=4,
                    variant="strategist")
    viewer = session.game.decision.player
    app, table = table_at(session, viewer=viewer)
    drawn.clear()
    redraw(app)
    for p in session.game.state.players:
        if p.seat == viewer:
            continue
        inside = drawn.within(table.element_rect(f"player:{p.seat}"))
        text = " ".join(inside)
        assert f"{len(p.hand)} cards" in text, f"{p.name}'s row lost the hand count"
        for res, n in p.lair.res.items():
            assert str(n) in inside, f"{p.name}'s row does not show the {res} in the lair"


def test_every_screen_keeps_12_px_text_in_the_smallest_window(monkeypatch, tmp_path):
    """Point 15: the title, hand-off, rules and scores screens too."""
    from sprites.scenes.help import HelpScene
    from sprites.scenes.scores import ScoresScene
    from sprites.scenes.title import TitleScene
    drawn = DrawnText(monkeypatch)
    app = make_app(tmp_path, size=(1100, 650))
    session = Session.new(seats(3), seed=4)
    rng = random.Random(1)
    while not session.game.is_over:
        session.apply(rng.choice(session.game.decision.options))
    screens = [TitleScene(app, players=6), HelpScene(app), ScoresScene(app, app.local_host(session))]
    table = app.start_game(Session.new(seats(3), seed=4))
    from sprites.scenes.handoff import HandOffScene
    screens.append(HandOffScene(app, table))
    for scene in screens:
        app.push(scene)
        drawn.clear()
        redraw(app)
        small = sorted({(s, size) for s, size, _ in drawn.items if size < MIN_FONT})
        assert not small, f"{type(scene).__name__}: text below 12 px: {small[:5]}"
        app.pop()


def test_a_long_list_of_choices_stays_inside_its_box():
    """Playtest: "All choices" (A) with 17 options at 1100 x 650 drew its last
    buttons and Cancel below its box, over the cards (and at Text size 150 %
    off the window). A list too tall for the map is laid out again, a column
    more, over the table around it: every button inside the box, the box inside
    the window, the buttons still clickable."""
    session = reach(lambda g: g.state.century >= 3 and g.decision.kind == "attack_turn"
                    and len(g.decision.options) > 12, players=4, seeds=range(1, 300))
    for size, scale in (((1100, 650), 100), ((1100, 650), 150), ((1600, 900), 100)):
        app = make_app(size=size)
        app.settings.text_scale = scale
        try:
            app.use_text_scale()
            table = app.start_game(session, handoff=False)
            table.summary = None
            table.refresh()
            press(app, pygame.K_a, "a")
            box = table.dialog.rect
            assert app.screen.get_rect().contains(box), (size, scale, box)
            inside = table.dialog.elements(table.lay)
            assert len(inside) > 12
            for name, rect in inside:
                assert box.contains(rect), (size, scale, name, rect, box)
                assert table.element_at(rect.center).name == name
            press(app, pygame.K_ESCAPE)
            assert table.dialog is None
        finally:
            app.settings.text_scale = 100
            app.use_text_scale()


def test_a_short_tooltip_on_the_map_is_no_wider_than_its_words(monkeypatch):
    """Playtest: pointing at a site of Slavia showed "Slavia, site 1: empty." in a box
    three times as wide as the words, lying over the Action Hex and the dragon. A tip's
    box is as wide as its longest line (up to the usual width, where long tips wrap)."""
    import pygame
    from app.session import Seat, Session
    from sprites import theme
    from sprites.table import overlays
    from ui_helpers import hover, make_app, redraw
    shown = []
    real = overlays.tooltip

    def recorded(surface, lay, text, *args, **kw):
        r = real(surface, lay, text, *args, **kw)
        shown.append((text, r, lay))
        return r
    monkeypatch.setattr(overlays, "tooltip", recorded)
    session = Session.new([Seat("Ash", "Black"), Seat("Bryn", "Blue", "easy"), Seat("Cora", "Green", "easy")], seed=3)
    app = make_app()
    table = app.start_game(session, handoff=False)
    table.summary = None
    site = next(n for n in table.element_names() if n.startswith("site:"))
    hover(app, site)
    redraw(app)
    text, box, lay = shown[-1]
    longest = max(theme.text_width(line, lay.font(19)) for line in theme.wrap(text, lay.font(19), lay.px(340) - 16))
    assert box.w <= longest + 16, (text, box)
