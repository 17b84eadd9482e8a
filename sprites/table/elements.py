"""The table's elements: every clickable or hoverable thing, by name, where it
lies now (the prompt bar's buttons, the hand, the map, the panels, the open
standings and a question in front), and what the pointer is on after they move."""
from __future__ import annotations

import pygame

from sprites.table import leftpanel, overlays, promptbar


def register(t):
    """Register every clickable element of the table ``t``, front ones last (they are hit first)."""
    t.clear_elements()
    lay = t.lay
    t.right.layout(t.view, t.view["seat"])           # (where the strip of "since your last turn" lies)
    strip = t.right.summary_rect()
    if t.summary is not None and t.dialog is None and strip is not None:
        box, close, _ = overlays.summary_rects(lay, t.summary, strip, t.summary_open)
        t.add("summary:close", close, tip="Close it (the log keeps every line).")
        t.add("summary", box, tip="What the other dragons did since your last turn (also in the log). "
              + ("Click to fold it." if t.summary_open else "Click to read it."))
    for name, rect in t.bar_rects().items():
        if name in ("button:end_turn", "button:stop_attack") and name not in t.groups:
            continue
        if name == "button:step" and not t.ai.paused:
            continue
        if name == "button:scores" and not t.view["over"]:
            continue
        if name in ("button:choices", "button:hint") and not t.groups:
            continue
        t.add(name, rect, tip=t.tips.get(name))
    prompt, extra = t.header()[1], t.part.bar_extra()
    buttons = {n: r for n, r in t.bar_rects().items() if t.element(n) is not None}
    if promptbar.cut(lay, prompt, buttons, extra):        # the whole prompt, where the bar cuts it
        t.add("prompt_text", promptbar.text_rect(lay, buttons, extra), tip=prompt)
    t.handview.register(t, t.view, t.slots, t.tips, t.gaps)
    t.map.register(t, t.tips)
    leftpanel.register(t, lay, t.data, t.view, t.tips)
    t.right.register(t, t.view, t.tips)
    t.standings.register(t, lay, t.right.heading_rect())
    if t.dialog is not None:         # in front of all, the open standings too: a question stays answerable
        below_bar = pygame.Rect(0, lay.map.y, lay.size[0], lay.size[1] - lay.map.y)
        t.dialog.layout(lay, lay.map.inflate(-lay.pad, -lay.pad), below_bar.inflate(-lay.pad, -lay.pad))
        t.add("dialog", t.dialog.rect, front=True)
        for name, rect in reversed(list(t.dialog.elements(lay))):
            t.add(name, rect, tip=t.tips.get(name), front=True)
    t.part.register()
    rehover(t)


def rehover(t):
    """Names like hand:3 mean another card now: ask what is under the pointer. Once
    the hand changed (a card was played), no card is enlarged until the pointer moves."""
    if t.hover is not None:
        e = t.element_at(t.pointer) if t.pointer else None
        t.hover = e.name if e else None
        if t.hover is not None and t.hover.startswith("hand:") and t.zoomed != t.hand:
            t.hover = None
