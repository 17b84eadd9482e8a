"""A playtest found the keyboard's focus ring hidden in the tutorial's "Level up!"
box: the guide outlines the panel's choices over the ring (the same rounded
rectangle around the same choice), so the player using the keyboard could not
see which choice Enter takes. The ring is drawn over the guide's outlines."""
from __future__ import annotations

from ui_helpers import index_of
from test_ui_tutorial import start

from game.ai import make_ai
from sprites.table.keyboard import FOCUS


def to_level_up(app, scene, limit=3000):
    """Play the player's moves as the normal AI would until a Feat brings the Level up! panel."""
    ai = make_ai("normal", 1)
    for _ in range(limit):
        app.pump()
        if scene.dialog_kind == "panel" and scene.decision["kind"] == "level_up":
            return
        if scene.my_decision() and scene.dialog is None:
            g = scene.host.session.game
            scene.apply(index_of(scene, ai.choose(g.copy(keep_log=True), g.decision.player)))
    raise AssertionError("no Feat")


def test_the_focus_ring_shows_over_the_guides_outline_of_a_level_up_choice(tmp_path):
    app, scene = start(tmp_path)
    to_level_up(app, scene)
    guide = scene.guide                    # the script at its "Level up!" step, which this Feat brings
    guide.index = guide.reached = [s.id for s in guide.steps].index("level")
    scene.refresh()
    assert guide.pointing().id == "level"
    rects, _ = scene.part.targets()
    focused = scene.element_rect(scene.focus)
    assert focused is not None and focused in rects, "the guide outlines the focused choice"
    app.dirty = True
    app.render()
    w = max(3, scene.lay.px(4))
    ring = focused.inflate(2 * w, 2 * w)
    for x, y in ((ring.x + w // 2, ring.centery), (ring.centerx, ring.y + w // 2), (ring.right - 1 - w // 2, ring.centery)):
        assert tuple(app.screen.get_at((x, y)))[:3] == FOCUS, (x, y)
