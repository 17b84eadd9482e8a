"""The table's elements: every clickable or hoverable thing, by name, where it
lies now (the prompt bar's buttons, the hand, the map, the panels, the open
standings and a question in front), and what the pointer is on after they move.
Given the frame (``f``: sprites.table.frame), the panels that lay out their
own elements, and ``scene``, the register the elements go into."""
from __future__ import annotations

import pygame

from sprites.table import leftpanel, marks, overlays, parts, promptbar


def register(f, panels, scene):
    """Register every clickable element of the table, front ones last (they are hit first)."""
    scene.clear_elements()
    lay = f.lay
    panels.right.layout(f.view, f.view["seat"])           # (where the strip of "since your last turn" lies)
    strip = panels.right.summary_rect()
    if f.summary is not None and f.dialog is None and strip is not None:
        box, close, _ = overlays.summary_rects(lay, f.summary, strip, f.summary_open)
        scene.add("summary:close", close, tip="Close it (the log keeps every line).")
        scene.add("summary", box, tip="What the other dragons did since your last turn (also in the log). "
                  + ("Click to fold it." if f.summary_open else "Click to read it."))
    bar = parts.bar_rects(f, panels.part)
    for name, rect in bar.items():
        if name in ("button:end_turn", "button:stop_attack") and name not in f.groups:
            continue
        if name == "button:step" and not f.paused:
            continue
        if name == "button:scores" and not f.view["over"] or name in panels.part.replaces:
            continue
        if name in ("button:choices", "button:hint") and not f.groups:
            continue
        scene.add(name, rect, tips=f.tips)
    prompt, extra = panels.part.header(parts.header(f))[1], panels.part.bar_extra()
    buttons = {n: r for n, r in bar.items() if scene.element(n) is not None}
    if promptbar.cut(lay, prompt, buttons, extra):        # the whole prompt, where the bar cuts it
        scene.add("prompt_text", promptbar.text_rect(lay, buttons, extra), tip=prompt)
    panels.handview.register(scene, f.view, f.slots, f.tips, f.gaps)
    panels.map.register(scene, f.tips)
    leftpanel.register(scene, lay, f.data, f.view, f.tips)
    panels.right.register(scene, f.view, f.tips, f.snap["turn_order"])
    panels.standings.register(scene, lay, panels.right.heading_rect())
    if f.dialog is not None:         # in front of all, the open standings too: a question stays answerable
        below_bar = pygame.Rect(0, lay.map.y, lay.size[0], lay.size[1] - lay.map.y)
        f.dialog.layout(lay, lay.map.inflate(-lay.pad, -lay.pad), below_bar.inflate(-lay.pad, -lay.pad),
                        place_rect=lambda place: marks.place_rect(place, panels.map.geo, scene.element_rect))
        scene.add("dialog", f.dialog.rect, front=True)
        for name, rect in reversed(list(f.dialog.elements(lay))):
            scene.add(name, rect, tips=f.tips, front=True)
    panels.part.register()


def rehover(f, scene, zoomed):
    """What is hovered now that the elements moved: names like hand:3 mean another card
    now, so ask what is under the pointer. Once the hand changed (a card was played:
    ``zoomed``, the hand when a card of it was last enlarged, is another), no card is
    enlarged until the pointer moves."""
    if f.hover is None:
        return None
    e = scene.element_at(f.pointer) if f.pointer else None
    if e is None or (e.name.startswith("hand:") and zoomed != f.hand):
        return None
    return e.name
