"""What is drawn over the painted table each frame: highlights, the enlarged
card, the marks of what happened and of a preview, animations in flight, the
"since your last turn" panel, the standings, a question, the hint, messages
and tooltips. Also the previews themselves (what hovering an element would
do, from the options' ``preview`` in the snapshot). Each function is given
the frame (``f``, what the table shows: sprites.table.frame), the panels it
draws with, and ``scene`` for the elements registered (where an element lies).
"""
from __future__ import annotations

import pygame

from sprites import theme
from sprites.anim import now_ms
from sprites.table import handview, keyboard, marks, overlays, promptbar, tips as tiptext


def draw(f, panels, scene, surface):
    """Draw over the painted table; True if a card was shown enlarged (the scene
    remembers the hand it was of: sprites.table.elements.rehover)."""
    lay = f.lay
    now = now_ms()
    zoomed = False
    hover = scene.element(f.hover) if f.hover else None
    preview = scene.preview(hover.name) if hover is not None and f.dialog is None else None
    on_map = "map" not in panels.standings.covered()         # (the open standings hide the map: nothing to draw on it)
    spot = panels.map.geo.dragon_spots.__getitem__
    if f.dialog is None and on_map:
        hint = hint_rects(f, panels)
        for m in (panels.happened, panels.pointed):
            m.draw(surface, now, panels.map.geo, scene.element_rect, lay, f.data, spot, True, hint,
                   kept_clear_of_moves(f, panels))
        for place in (preview[1] if preview else ()):
            marks.draw_mark(surface, place, marks.PREVIEW, 0.6, panels.map.geo, scene.element_rect, lay, spot)
    if hover is not None and hover.name in f.groups and not hover.name.startswith(
            ("hand:", "draft:", "region:", "hex:use")):
        pygame.draw.rect(surface, theme.HILITE, hover.rect.inflate(4, 4), 2, border_radius=6)
    if hover is not None and hover.name in f.labels and f.dialog is None and hover.name in promptbar.BAR_BUTTONS:
        enabled = hover.name in f.groups or hover.name in promptbar.ALWAYS_ON or (
            hover.name == "button:undo" and f.can_undo)
        theme.button(surface, hover.rect, f.labels[hover.name], lay.font(20), enabled=enabled, hot=True,
                     primary=hover.name == "button:end_turn", danger=hover.name == "button:stop_attack")
    if f.hinted and f.dialog is None:
        for name in f.hinted["names"]:
            rect = visible = scene.element_rect(name)
            if rect is not None and name.startswith("hand:"):       # the card as drawn: lifted
                rect = f.slots[int(name.split(":")[1])][1].move(0, -lay.px(handview.LIFT))
                visible = visible.move(0, -lay.px(handview.LIFT))
            if rect is not None:
                overlays.hint_mark(surface, lay, rect, visible, row=name.startswith("lair_action:"))
    strip = panels.right.summary_rect()
    if f.summary is not None and strip is not None:     # (folded under a question: the log keeps its room for it)
        overlays.summary_panel(surface, lay, f.summary, [panels.map.dragons[p["dragon"]] for p in f.view["players"]],
                               strip, hot_close=f.hover == "summary:close" and f.dialog is None,
                               open_=f.summary_open and f.dialog is None)
    enlarged = hover is not None and hover.name.startswith(("hand:", "track:")) and hover.name != f.resting
    if enlarged and f.dialog is None:
        kind, _, j = hover.name.partition(":")
        cards = f.hand if kind == "hand" else f.view["track"]
        if int(j) < len(cards):
            zoomed = True
            overlays.zoom_card(surface, lay, f.data, cards[int(j)], hover.rect, marked(f, panels, scene, preview))
    if panels.motion.busy() and on_map:
        panels.motion.draw_overlays(surface, now, panels.handview.track_rects(len(f.view["track"])), f.data,
                                    f.view["track"], lay.px(30), panels.map.geo.polygons, panels.handview.card_size())
    if f.century is not None and f.dialog is None:
        overlays.century_banner(surface, lay, f.century["title"], f.century["text"])
    panels.standings.draw(surface, f.hover, banners_h(f))
    shown = banner_now(f)
    if shown is not None and shown[1] == "hint" and f.dialog is not None:
        draw_banner(f, panels, surface, shown)      # under the question: its words stay readable
        shown = None
    if f.dialog is not None:         # over the standings too (End Turn asked under them looked dead)
        theme.shade(surface, panels.standings.rect(lay) if panels.standings.open else lay.map.union(f.dialog.rect), 70)
        for place in (listed_marks(f) if on_map else ()):
            marks.draw_mark(surface, place, marks.PREVIEW, 0.6, panels.map.geo, as_drawn(f, scene), lay, spot)
        f.dialog.draw(surface, lay, f.data, f.hover)
        if hover is not None and hover.name.startswith("draft:"):
            overlays.zoom_beside(surface, lay, f.data, dict(f.dialog.cards)[hover.name], f.dialog.rect)
    keyboard.draw(f, scene, surface)
    if shown is not None:
        draw_banner(f, panels, surface, shown)
    in_dialog = f.dialog is None or hover is None or f.dialog.rect.colliderect(hover.rect)
    answered = f.hinted and hover is not None and hover.name == "button:hint"    # (its tip lay over the hint)
    drafted = hover is not None and hover.name.startswith("draft:")                  # (enlarged instead)
    resting = hover is not None and hover.name == f.resting and hover.name != f.focus     # (see TableScene.resting)
    if hover is not None and hover.tip and in_dialog and not answered and not drafted and not resting:
        pointer = None if hover.name == f.focus else f.pointer        # (the keyboard's focus: beside the element)
        overlays.tooltip(surface, lay, hover.tip, hover.rect, pointer, preview[0] if preview else None,
                         kept_clear(f, panels, scene, preview))
    return zoomed


def banners_top(f, panels):
    """Where the messages over the map begin: at its top, or, while the standings are
    open, in the room the sheet leaves for them under its title and subtitle."""
    if panels.standings.open and panels.standings.banner_top is not None:
        return panels.standings.banner_top
    return f.lay.map.y + f.lay.px(10)


def kept_clear_of_moves(f, panels):
    """What the captions of moves never lie over: a new century's banner, and what the table's
    part asks for (the tutorial's panel)."""
    out = list(panels.part.kept_clear())
    if f.century is not None:
        out.append(overlays.century_rect(f.lay, f.century["title"], f.century["text"]))
    return out


def draw_banner(f, panels, surface, shown):
    text, style = shown
    overlays.banner(surface, f.lay, text, banners_top(f, panels), hint=style == "hint", note=style == "note")


def banner_now(f):
    """The one message shown over the map, as (text, style) or None: a message
    while its time lasts, else the hint of this decision, else the line of an
    autosave that fails. One at a time: two stacked banners hid the map and
    said the same thing twice."""
    if f.toast:
        return f.toast[0], "note" if f.toast[2] else "alert"
    if f.hinted:
        return f.hinted["text"], "hint"
    if f.unsaved:
        return f.unsaved, "alert"
    return None


def banners_h(f):
    """How tall the message over the map is (the standings leave that room)."""
    shown = banner_now(f)
    return 0 if shown is None else overlays.banner_rect(f.lay, shown[0], 0).h + f.lay.px(6)


def hint_rects(f, panels):
    """Where the hint is drawn over the map while it shows: the line of the last AI move keeps
    clear of it, as it stays up for the whole decision (a message is brief, and drawn on top)."""
    shown = banner_now(f)
    if shown is None or shown[1] != "hint":
        return []
    return [overlays.banner_rect(f.lay, shown[0], banners_top(f, panels))]


def kept_clear(f, panels, scene, preview):
    """What a tooltip on the map keeps off if it can, most important first:
    what a preview marks, then the Action Hex and the dragons (except what
    the pointer is on: the tooltip is about it, and goes beside it)."""
    geo, view = panels.map.geo, f.view
    out = marked(f, panels, scene, preview) + [marks.place_rect(("hex", None), geo, scene.element_rect)]
    r = round(geo.dragon_radius * 1.2)
    spots = [panels.map.dragon_spot(view, p["region"], p["seat"]) for p in view["players"] if p["region"]]
    spots += [panels.map.dragon_spot(view, region, d) for d, region in view["rogues"]]
    out += [pygame.Rect(round(x) - r, round(y) - r, 2 * r, 2 * r) for x, y in spots]
    return [a for a in out if not (f.pointer and a.collidepoint(f.pointer))]


def marked(f, panels, scene, preview):
    """The rects of what a preview marks on the map (to be kept in sight; of a
    whole region: its name and its settlement sites)."""
    if not preview:
        return []
    geo, out = panels.map.geo, []
    for place in preview[1]:
        if place[0] == "region":
            out.append(geo.label_rects[place[1]])
            out += [marks.place_rect(("site", (place[1], k)), geo, scene.element_rect)
                    for k in range(len(geo.sites[place[1]]))]
        else:
            out.append(marks.place_rect(place, geo, scene.element_rect))
    return [r for r in out if r]


# ----- previews -------------------------------------------------------------------------
def listed_marks(f):
    """The marks of a list's choice (All choices, "Which one?") under the pointer, else
    under the keyboard's focus. A list names a site by its number, which the map does
    not show."""
    name = f.hover if f.hover and f.hover.startswith("option:") else f.focus
    if not f.mine or not name or not name.startswith("option:"):
        return []
    return marks.choice_places(f, int(name.split(":")[1]))


def as_drawn(f, scene):
    """An element's rect as drawn (a card of the hand that can be used now is lifted)."""
    def rect_of(name):
        rect = scene.element_rect(name)
        if rect is not None and name.startswith("hand:") and name in f.groups:
            return rect.move(0, -f.lay.px(handview.LIFT))
        return rect
    return rect_of


def make_preview(f, name):
    """(words, places) that hovering ``name`` previews, or None: what each option the
    element offers would do (the options' ``preview``); a card without an option now
    shows the region where it can be played."""
    kind, _, rest = name.partition(":")
    idx = f.groups.get(name) if f.mine and kind != "option" else None
    if idx and name != "button:lick_wounds":
        options = f.options
        player = f.decision["player"]
        life = f.view["players"][player]["life"]
        chooser = f.view["players"][player]["name"]
        if name == "button:end_turn":
            words = tiptext.still_possible(options) + " " + tiptext.outcome_text(
                f.data, options[idx[0]]["preview"], life, chooser)
            return words.strip(), []
        words = [(options[i]["text"] + ": " if len(idx) > 1 else "")
                 + tiptext.outcome_text(f.data, options[i]["preview"], life, chooser, options[i]["touch"]["uses"])
                 for i in idx]
        places = [p for i in idx for p in marks.outcome_marks(options[i]["preview"])]
        return " ".join(w for w in words if w.strip(": ")), places
    flight = (f.decision or {}).get("flights", {}).get(rest) if kind == "region" and f.mine else None
    if flight:                          # a region further than one move: the whole flight, as a click offers it
        return tiptext.flight_text(flight), [("region", rest)]
    cards = {"hand": f.hand, "track": f.view["track"], "draft": f.view["draft"] or []}.get(kind)
    if cards is not None and rest.isdigit() and int(rest) < len(cards):
        card = f.data.cards[cards[int(rest)]]
        if card.region is not None and not card.is_hex:
            return "", [("region", card.region)]
    return None
