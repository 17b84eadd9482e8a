"""What is drawn over the painted table each frame: highlights, the enlarged
card, the marks of what happened and of a preview, animations in flight, the
"since your last turn" panel, the standings, a question, the hint, messages
and tooltips. Also the previews themselves (what hovering an element would
do, from the options' ``preview`` in the snapshot). ``t`` is the TableScene.
"""
from __future__ import annotations

import pygame

from sprites import theme
from sprites.anim import now_ms
from sprites.table import keyboard, marks, overlays, promptbar, tips as tiptext


def draw(t, surface):
    lay = t.lay
    now = now_ms()
    hover = t.element(t.hover) if t.hover else None
    preview = t.preview(hover.name) if hover is not None and t.dialog is None else None
    on_map = "map" not in t.standings.covered()         # (the open standings hide the map: nothing to draw on it)
    if t.dialog is None and on_map:
        spot = t.map.geo.dragon_spots.__getitem__
        hint = hint_rects(t)
        for m in (t.happened, t.pointed):
            m.draw(surface, now, t.map.geo, t.element_rect, lay, t.data, spot, True, hint, kept_clear_of_moves(t))
        for place in (preview[1] if preview else ()):
            marks.draw_mark(surface, place, marks.PREVIEW, 0.6, t.map.geo, t.element_rect, lay, spot)
    if hover is not None and hover.name in t.groups and not hover.name.startswith(
            ("hand:", "draft:", "region:", "hex:use")):
        pygame.draw.rect(surface, theme.HILITE, hover.rect.inflate(4, 4), 2, border_radius=6)
    if hover is not None and hover.name in t.labels and t.dialog is None and hover.name in promptbar.BAR_BUTTONS:
        enabled = hover.name in t.groups or hover.name in t.ALWAYS_ON or (
            hover.name == "button:undo" and t.can_undo())
        theme.button(surface, hover.rect, t.labels[hover.name], lay.font(20), enabled=enabled, hot=True,
                     primary=hover.name == "button:end_turn", danger=hover.name == "button:stop_attack")
    if t.hinted and t.dialog is None:
        for name in t.hinted["names"]:
            rect = visible = t.element_rect(name)
            if rect is not None and name.startswith("hand:"):       # the card as drawn: lifted
                rect = t.slots[int(name.split(":")[1])][1].move(0, -lay.px(10))
                visible = visible.move(0, -lay.px(10))
            if rect is not None:
                overlays.hint_mark(surface, lay, rect, visible)
    strip = t.right.summary_rect()
    if t.summary is not None and t.dialog is None and strip is not None:
        overlays.summary_panel(surface, lay, t.summary, [t.map.dragons[p["dragon"]] for p in t.view["players"]],
                               strip, hot_close=t.hover == "summary:close", open_=t.summary_open)
    if hover is not None and hover.name.startswith(("hand:", "track:")) and t.dialog is None:
        kind, _, j = hover.name.partition(":")
        cards = t.hand if kind == "hand" else t.view["track"]
        if int(j) < len(cards):
            t.zoomed = list(t.hand)
            overlays.zoom_card(surface, lay, t.data, cards[int(j)], hover.rect, marked(t, preview))
    if t.motion.busy() and on_map:
        t.motion.draw_overlays(surface, now, t.handview.track_rects(len(t.view["track"])), t.data, t.view["track"],
                               lay.px(30), t.map.geo.polygons, t.handview.card_size())
    if t.century is not None and t.dialog is None:
        overlays.century_banner(surface, lay, t.century["title"], t.century["text"])
    t.standings.draw(surface, t.hover, banners_h(t))
    if t.dialog is not None:         # over the standings too (End Turn asked under them looked dead)
        theme.shade(surface, t.standings.rect(lay) if t.standings.open else lay.map.union(t.dialog.rect), 70)
        t.dialog.draw(surface, lay, t.data, t.hover)
        if hover is not None and hover.name.startswith("draft:"):
            overlays.zoom_beside(surface, lay, t.data, dict(t.dialog.cards)[hover.name], t.dialog.rect)
    keyboard.draw(t, surface)
    shown = banner_now(t)
    if shown is not None:
        text, style = shown
        overlays.banner(surface, lay, text, banners_top(t), hint=style == "hint", note=style == "note")
    in_dialog = t.dialog is None or hover is None or t.dialog.rect.colliderect(hover.rect)
    answered = t.hinted and hover is not None and hover.name == "button:hint"    # (its tip lay over the hint)
    drafted = hover is not None and hover.name.startswith("draft:")                  # (enlarged instead)
    if hover is not None and hover.tip and in_dialog and not answered and not drafted:
        pointer = None if hover.name == t.focus else t.pointer        # (the keyboard's focus: beside the element)
        overlays.tooltip(surface, lay, hover.tip, hover.rect, pointer, preview[0] if preview else None,
                         kept_clear(t, preview))


def banners_top(t):
    """Where the messages over the map begin: at its top, or, while the standings are
    open, in the room the sheet leaves for them under its title and subtitle."""
    if t.standings.open and t.standings.banner_top is not None:
        return t.standings.banner_top
    return t.lay.map.y + t.lay.px(10)


def kept_clear_of_moves(t):
    """What the captions of moves never lie over: a new century's banner, and what the table's
    part asks for (the tutorial's panel)."""
    out = list(t.part.kept_clear())
    if t.century is not None:
        out.append(overlays.century_rect(t.lay, t.century["title"], t.century["text"]))
    return out


def banner_now(t):
    """The one message shown over the map, as (text, style) or None: a message
    while its time lasts, else the hint of this decision, else the line of an
    autosave that fails. One at a time: two stacked banners hid the map and
    said the same thing twice."""
    if t.toast:
        return t.toast[0], "note" if t.toast[2] else "alert"
    if t.hinted:
        return t.hinted["text"], "hint"
    if t.unsaved:
        return t.unsaved, "alert"
    return None


def banners_h(t):
    """How tall the message over the map is (the standings leave that room)."""
    shown = banner_now(t)
    return 0 if shown is None else overlays.banner_rect(t.lay, shown[0], 0).h + t.lay.px(6)


def hint_rects(t):
    """Where the hint is drawn over the map while it shows: the line of the last AI move keeps
    clear of it, as it stays up for the whole decision (a message is brief, and drawn on top)."""
    shown = banner_now(t)
    if shown is None or shown[1] != "hint":
        return []
    return [overlays.banner_rect(t.lay, shown[0], banners_top(t))]


def kept_clear(t, preview):
    """What a tooltip on the map keeps off if it can, most important first:
    what a preview marks, then the Action Hex and the dragons (except what
    the pointer is on: the tooltip is about it, and goes beside it)."""
    geo, view = t.map.geo, t.view
    out = marked(t, preview) + [marks.place_rect(("hex", None), geo, t.element_rect)]
    r = round(geo.dragon_radius * 1.2)
    spots = [t.map.dragon_spot(view, p["region"], p["seat"]) for p in view["players"] if p["region"]]
    spots += [t.map.dragon_spot(view, region, d) for d, region in view["rogues"]]
    out += [pygame.Rect(round(x) - r, round(y) - r, 2 * r, 2 * r) for x, y in spots]
    return [a for a in out if not (t.pointer and a.collidepoint(t.pointer))]


def marked(t, preview):
    """The rects of what a preview marks on the map (to be kept in sight; of a
    whole region: its name and its settlement sites)."""
    if not preview:
        return []
    geo, out = t.map.geo, []
    for place in preview[1]:
        if place[0] == "region":
            out.append(geo.label_rects[place[1]])
            out += [marks.place_rect(("site", (place[1], k)), geo, t.element_rect)
                    for k in range(len(geo.sites[place[1]]))]
        else:
            out.append(marks.place_rect(place, geo, t.element_rect))
    return [r for r in out if r]


# ----- previews -------------------------------------------------------------------------
def make_preview(t, name):
    """(words, places) that hovering ``name`` previews, or None: what each option the
    element offers would do (the options' ``preview``); a card without an option now
    shows the region where it can be played."""
    kind, _, rest = name.partition(":")
    idx = t.groups.get(name) if t.my_decision() and kind != "option" else None
    if idx and name != "button:lick_wounds":
        options = t.options
        player = t.decision["player"]
        life = t.view["players"][player]["life"]
        chooser = t.view["players"][player]["name"]
        if name == "button:end_turn":
            words = tiptext.still_possible(options) + " " + tiptext.outcome_text(
                t.data, options[idx[0]]["preview"], life, chooser)
            return words.strip(), []
        words = [(options[i]["text"] + ": " if len(idx) > 1 else "")
                 + tiptext.outcome_text(t.data, options[i]["preview"], life, chooser, options[i]["touch"]["uses"])
                 for i in idx]
        places = [p for i in idx for p in marks.outcome_marks(options[i]["preview"])]
        return " ".join(w for w in words if w.strip(": ")), places
    flight = (t.decision or {}).get("flights", {}).get(rest) if kind == "region" and t.my_decision() else None
    if flight:                          # a region further than one move: the whole flight, as a click offers it
        return tiptext.flight_text(flight), [("region", rest)]
    cards = {"hand": t.hand, "track": t.view["track"], "draft": t.view["draft"] or []}.get(kind)
    if cards is not None and rest.isdigit() and int(rest) < len(cards):
        card = t.data.cards[cards[int(rest)]]
        if card.region is not None and not card.is_hex:
            return "", [("region", card.region)]
    return None
