"""Issue 25, "A table that explains itself and never misleads": the table and
the screens around it, driven as a player drives them (synthetic clicks and
keys on the real scenes)."""
import pygame
from ui_helpers import DrawnText, click, click_at, hover, make_app, reach, redraw, table_at

from sprites.scenes.settings import SettingsScene
from sprites.settings import TEXT_SCALES


# ----- 16. Settings: the Text size buttons stay still ----------------------------------------
def test_text_size_buttons_stay_under_the_pointer_as_the_rows_grow():
    """Playtest: "the Text size buttons move under the pointer as the rows grow
    (5 clicks gave 140 %)": five clicks at the same spot give 150 %, and the
    buttons are still there."""
    for size in ((1100, 650), (1600, 900)):
        app = make_app(size=size)
        app.push(SettingsScene(app))
        scene = app.scene
        plus = scene.element_rect("set:text_scale:+")
        spot = plus.center
        for _ in range(len(TEXT_SCALES) - 1):
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=spot, rel=(0, 0), buttons=(0, 0, 0)))
            click_at(app, spot)
        assert app.settings.text_scale == TEXT_SCALES[-1], size
        assert scene.element_at(spot).name == "set:text_scale:+"
        minus = scene.element_rect("set:text_scale:-").center
        for _ in range(len(TEXT_SCALES) - 1):
            click_at(app, minus)
        assert app.settings.text_scale == TEXT_SCALES[0], size


# ----- 7. why a card does not glow, before the click ----------------------------------------
def attack_turn_with_a_card_elsewhere():
    """Seat 0's attack turn with a card for another region in hand."""
    def done(g):
        d = g.decision
        if d.kind != "attack_turn" or d.player != 0:
            return False
        p = g.state.players[0]
        return any(g.cards[c].region not in (None, p.region) for c in p.hand)
    return reach(done, players=3)


def test_hovering_a_card_that_cannot_be_played_says_why(monkeypatch):
    """Playtest: "hovering a card that cannot be played now says why ..., before the click; the
    refusal after a click names the one reason that applies"."""
    session = attack_turn_with_a_card_elsewhere()
    app, table = table_at(session)
    g = session.game
    p = g.state.players[0]
    j, cid = next((j, c) for j, c in enumerate(table.hand) if g.cards[c].region not in (None, p.region))
    name = f"hand:{j}"
    assert name not in table.groups
    why = g.why_illegal(g.aimed("hand", cid))
    assert why.startswith(g.cards[cid].title) and p.region in why
    drawn = DrawnText(monkeypatch)
    hover(app, name)
    redraw(app)
    short = why[len(g.cards[cid].title):].lstrip(": ")            # (the tooltip names the card already)
    assert table.element(name).tip.endswith(f" Not now: {short}")
    assert short.split(";")[0] in " ".join(drawn.strings()), "the tooltip says it"
    click(app, name)
    assert table.toast is not None and table.toast[0] == why, "the click says the same one reason"
