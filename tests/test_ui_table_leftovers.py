"""Left-overs of the last review of the table (issue 9): map tooltips stay on the
map, off the columns at its sides; the hint's outline on an overlapped hand card
stays off the card over it; digits inside icons (counts on the map's tokens,
amounts on card icons) are 12 px or more in the smallest window."""
from __future__ import annotations

from ui_helpers import hover, reach, redraw, table_at

from sprites.table import overlays

MIN_FONT = 18               # pygame's default font at size 18 is 12 px high


def test_map_tooltips_stay_on_the_map_and_off_what_they_explain():
    """A tooltip of a site, a token or a region near the map's right edge used to
    follow the pointer over the right column's dragon rows: it stays inside the map,
    on screen, and off the thing it explains (and off the pointer)."""
    session = reach(lambda g: g.decision.kind == "attack_turn", players=4)
    for size in ((1600, 900), (1100, 650)):
        app, table = table_at(session, size)
        lay = table.lay
        screen = app.screen.get_rect()
        names = [e.name for e in table.elements if e.name.startswith(("site:", "token:", "region:")) and e.tip]
        assert len(names) > 40
        for name in names:
            e = table.element(name)
            for pointer in (table.element_point(name), (e.rect.right - 2, e.rect.centery),
                            (min(e.rect.right, lay.map.right) - 3, e.rect.bottom - 3)):
                tip = overlays.tooltip_rect(lay, e.tip, e.rect, pointer, screen)[0]
                assert screen.contains(tip), f"{name}: tooltip off screen"
                assert not tip.colliderect(lay.right) and not tip.colliderect(lay.left), \
                    f"{name}: the tooltip covers a side column at {size}"
                assert not tip.collidepoint(pointer), f"{name}: the tooltip lies under the pointer"
                if e.rect.w <= lay.px(80):
                    assert not tip.colliderect(e.rect), f"{name}: the tooltip covers what it explains"


def test_the_hint_outline_of_an_overlapped_card_stays_off_the_card_over_it():
    """With a large hand the cards overlap: the hint's outline follows the part of the
    hinted card that shows and leaves the next card (drawn over it) as it is."""
    def big_hand(g):
        d = g.decision
        return d.kind == "attack_turn" and len(g.state.players[d.player].hand) >= 9
    session = reach(big_hand, players=4)
    app, table = table_at(session, (1100, 650))
    rects = [r for _, r in table.slots]
    assert rects[1].x < rects[0].right, "the hand overlaps"
    shown = [j for j in range(len(rects)) if table.element(f"hand:{j}") is not None]    # (a page of it, maybe)
    for j in shown[:-1]:
        name = f"hand:{j}"
        table.hinted = {"text": "Hint", "at": len(session.actions), "names": [name]}
        redraw(app)
        with_hint = app.screen.copy()
        table.hinted = None
        redraw(app)
        nxt = table.element_rect(f"hand:{j + 1}").move(0, -table.lay.px(10)).clip(table.lay.hand)
        nxt = nxt.inflate(-4, -4)
        changed = [(x, y) for x in range(nxt.x, nxt.right, 2) for y in range(nxt.y, nxt.bottom, 2)
                   if with_hint.get_at((x, y)) != app.screen.get_at((x, y))]
        assert not changed, f"the hint on {name} draws over hand:{j + 1} at {changed[:3]}"
        shown = table.element_rect(name)
        outline = [(x, y) for x in range(shown.x, shown.right) for y in (shown.y - table.lay.px(14),)
                   if 0 <= y and with_hint.get_at((x, y)) != app.screen.get_at((x, y))]
        assert outline, f"the hint on {name} is not drawn at all"


def test_digits_inside_icons_are_readable_in_the_smallest_window(monkeypatch):
    """At 1100 x 650 the counts on the map's resource tokens and the amounts on card
    icons ("+3", "x2") are drawn with fonts of 12 px or more."""
    from sprites.art import common
    from sprites.table.mapview import MapView
    session = reach(lambda g: g.decision.kind == "attack_turn" and any(
        any(e.icon in ("draw", "gain_life", "lose_life", "discard") or (e.amount or 0) > 1
            for alt in g.cards[c].alternatives for e in alt)
        for c in g.state.players[g.decision.player].hand), players=4)
    app, table = table_at(session, (1100, 650))
    digits = []
    real_pen_text, real_outlined, real_text = common.Pen.text, common.outlined_text, common.text

    def pen_text(self, s, x, y, size, *a, **kw):
        if any(ch.isdigit() for ch in str(s)):
            digits.append((str(s), max(6, round(size * self.k)) / common.SS))
        return real_pen_text(self, s, x, y, size, *a, **kw)

    def outlined(s, size, *a, **kw):
        if any(ch.isdigit() for ch in str(s)):
            digits.append((str(s), size))
        return real_outlined(s, size, *a, **kw)

    def text(s, size, *a, **kw):
        if any(ch.isdigit() for ch in str(s)):
            digits.append((str(s), size))
        return real_text(s, size, *a, **kw)
    monkeypatch.setattr(common.Pen, "text", pen_text)
    monkeypatch.setattr(common, "outlined_text", outlined)
    monkeypatch.setattr(common, "text", text)
    common.clear_caches()
    from sprites.table import cardface
    cardface._compact.cache_clear()
    cardface._full.cache_clear()
    MapView._made.clear()
    table.lay = None
    table.resize((1100, 650))
    redraw(app)
    assert digits, "no digit drawn"
    small = sorted({(s, size) for s, size in digits if size < MIN_FONT})
    assert not small, f"digits below 12 px: {small[:8]}"


def test_a_prompt_too_long_for_the_bar_is_the_tooltip_of_its_text(monkeypatch):
    """Long names, text at 150 % and the smallest window: the prompt needs three
    lines, the bar shows two (the second ends in "..."); nothing a player needs
    stays hidden: the pointer on the prompt shows the whole of it."""
    from ui_helpers import DrawnText, hover, make_app

    from app.session import Seat, Session
    from sprites.settings import Settings
    names = ["Wolfgang Maximilia", "Bartholomew Westwo", "Wilhelmina Mcwhirr"]     # 18 letters: the most a name has
    session = Session.new([Seat(n, d) for n, d in zip(names, ["Red", "Green", "Blue"])], seed=3)
    while session.game.decision.kind != "attack_turn":
        session.apply(session.game.decision.options[0])
    settings = Settings()
    settings.text_scale = 150
    app = make_app(size=(1100, 650), settings=settings)
    table = app.start_game(session, handoff=False)
    table.summary = None
    table.refresh()
    drawn = DrawnText(monkeypatch)
    redraw(app)
    app.pump()
    prompt = session.game.decision.prompt
    shown = drawn.within(table.lay.prompt)
    assert prompt not in shown and any(s.endswith("...") for s in shown), shown
    hover(app, "prompt_text")
    assert table.hover == "prompt_text" and table.element("prompt_text").tip == prompt
    drawn.clear()
    app.dirty = True
    app.pump()
    tip = overlays.tooltip_lines(table.lay, prompt)[2]
    assert len(tip) > 1 and all(line in drawn.strings() for line, _ in tip), "the tooltip shows the whole prompt"


def test_the_hint_button_s_tooltip_does_not_cover_the_hint_it_gave(monkeypatch):
    """Playtest: after a click on Hint the pointer stays on the button, and its
    tooltip ("Ask the normal AI ...") lay over the end of the hint's banner. The
    hint is the answer: the button's tooltip is not shown while it is up."""
    from ui_helpers import DrawnText, click, hover

    from app.session import Seat, Session
    session = Session.new([Seat("Ash", "Red"), Seat("Bryn", "Green", "easy"), Seat("Cora", "Blue", "easy")], seed=3)
    app, table = table_at(session, size=(1100, 650))
    drawn = DrawnText(monkeypatch)
    hover(app, "button:hint")
    tip = table.element("button:hint").tip[:17]          # "Ask the normal AI" (it wraps)
    assert tip == "Ask the normal AI"
    drawn.clear()
    app.dirty = True
    app.pump()
    assert tip in drawn.joined(), "before the hint: the tooltip says what the button does"
    click(app, "button:hint")
    hover(app, "button:hint")
    drawn.clear()
    app.dirty = True
    app.pump()
    assert table.hinted and table.hinted["text"] in drawn.joined()
    assert tip not in drawn.joined()


def test_a_map_tooltip_keeps_off_the_action_hex_and_the_dragons():
    """A tooltip on the map went beside the pointer wherever there was room, and
    could lie over the Action Hex or a dragon the player was looking at. With the
    pointer on any site, token or region, the tooltip shown covers neither the
    hex nor a dragon token (other than one under the pointer)."""
    import pygame
    spied = []
    real = overlays.tooltip

    def spy(*a, **kw):
        spied.append(real(*a, **kw))
        return spied[-1]

    session = reach(lambda g: g.decision.kind == "attack_turn" and all(
        p.region is not None for p in g.state.players), players=4)
    for size in ((1600, 900), (1100, 650)):
        app, table = table_at(session, size)
        overlays.tooltip = spy
        try:
            geo = table.map.geo
            hr = round(geo.hex_radius)
            hex_rect = pygame.Rect(round(geo.center[0]) - hr, round(geo.center[1]) - hr, 2 * hr, 2 * hr)
            dr = round(geo.dragon_radius * 1.15)
            dragons = [pygame.Rect(round(x) - dr, round(y) - dr, 2 * dr, 2 * dr) for x, y in (
                table.map.dragon_spot(table.view, p["region"], p["seat"]) for p in table.view["players"])]
            assert len(dragons) == 4
            names = [e.name for e in table.elements if e.name.startswith(("site:", "token:", "region:")) and e.tip]
            for name in names:
                spied.clear()
                hover(app, name)
                redraw(app)
                assert spied, f"no tooltip for {name}"
                tip, pointer = spied[-1], table.pointer
                assert not tip.colliderect(hex_rect), f"{name}: the tooltip covers the Action Hex at {size}"
                for d in dragons:
                    if not d.collidepoint(pointer):
                        assert not tip.colliderect(d), f"{name}: the tooltip covers a dragon at {size}"
        finally:
            overlays.tooltip = real
