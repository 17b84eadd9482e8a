"""Left column: century track, stockpiles, markers, this game (in a team's game
its goal and where the team stands now) and the Lair Action board."""
from __future__ import annotations

import pygame

from game.variants import Variant
from game.data import TAKEABLE
from sprites import palette, theme
from sprites.art import pieces as art_pieces
from sprites.table import icons

RES = TAKEABLE              # the general stockpile's resources (fields spent are out of the game)
MARKERS = (("first_lair", "First Lair"), ("first_attack", "First Attack"), ("dragon_ward", "Dragon Ward"),
           ("terrify", None))         # None: the variant's words (game.variant_table: what it is worth)


def register(scene, lay, data, view, tips):
    """Lair Action rows are clickable (lair_action:<id>); the other sections have tooltips.
    Large text in a short window: the column scrolls (``lay.left_scroll``), and only what
    shows of it can be hovered or clicked."""
    seen = _inner(lay)
    for aid, rect in _lair_rows(lay, data, view).items():
        if seen.contains(rect):
            scene.add(f"lair_action:{aid}", rect, tips=tips)
    for name, rect in sections(lay, view, data).items():
        if seen.colliderect(rect):
            scene.add(f"info:{name}", rect.clip(seen), tips=tips)


def marker_label(key, label, view, short=False):
    """A marker's name on the board (``short``: for a narrow column); the variant names
    those whose worth depends on it (Terrify's counter: its VP, or none in a team's game)."""
    words = view["variant_table"]["markers"].get(key)
    return label if words is None else words["short" if short else "label"]


def _inner(lay):
    return lay.left.inflate(-lay.pad, -lay.pad)


def overflow(lay, data, view):
    """How far the column's content reaches below its bottom unscrolled (0: it fits):
    the most it can scroll."""
    rows = _lair_rows(lay, data, view)
    bottom = max(r.bottom for r in rows.values()) + getattr(lay, "left_scroll", 0)
    return max(0, bottom + lay.pad - _inner(lay).bottom)


def _heading_h(lay, size):
    return theme.font(size, True).get_height() + 5


def game_lines(view, data):
    """The lines of the "This game" section: the variant, the Rogue Dragons (by the
    colour ``data`` shows them in), and in a team's game its goal and where the team stands now
    (the variant's words: ``view["variant_table"]``)."""
    lines = [Variant.parse(view["variant"]).title]
    team, now = view["variant_table"]["team"], view["team_result"]
    if team:
        unit = team["unit"]
        lines.append(team["goal"])
        lines.append(f"Now: {now['survival_points']} {unit} - {now['level']}.")
        if now["next_level"]:
            lines.append(f"{now['next_level']['max']} {unit} or fewer: {now['next_level']['name']}.")
    shown = {d.name: palette.colour_name(d) for d in data.dragons}
    rogues = ", ".join(shown.get(r, r) for r in view["rogue_dragons"])
    if rogues or not team:
        lines.append(f"Rogue Dragons: {rogues or 'none'}")
    return lines


def _game_text(lay, view, w, data):
    fs = lay.font(18)
    return [(line, k == 2 and bool(view["variant_table"]["team"])) for k, text in enumerate(game_lines(view, data))
            for line in theme.wrap(text, fs, w)]


def sections(lay, view, data):
    """The rects of the column's sections (the same arithmetic as draw)."""
    inner = lay.left.inflate(-lay.pad, -lay.pad)
    x, w = inner.x + lay.pad, inner.w - 2 * lay.pad
    f, fs = lay.font(21), lay.font(18)
    out = {}
    y = inner.y + lay.pad - getattr(lay, "left_scroll", 0)
    stock_row = max(lay.px(24), lay.line(22))
    game_h = len(_game_text(lay, view, w, data)) * lay.line(18) + lay.px(4)
    heights = (("centuries", f, max(lay.px(46), lay.line(22) + lay.px(18)) + lay.px(8)),
               ("stockpile", f, stock_row + lay.px(8)),
               ("region_stock", fs, 3 * max(lay.px(24), lay.line(20)) + lay.px(6)),
               ("markers", f, 2 * (lay.line(18) + lay.line(19)) + lay.px(4)),
               ("game", f, game_h))
    for name, size, body in heights:
        h = _heading_h(lay, size) + body
        out[name] = pygame.Rect(x, y, w, h)
        y += h
    return out


def _lair_top(lay, view, data):
    return sections(lay, view, data)["game"].bottom + lay.px(8)


def _lair_rows(lay, data, view):
    x = lay.left.x + lay.pad
    w = lay.left.w - 2 * lay.pad
    y = _lair_top(lay, view, data) + _heading_h(lay, lay.font(21)) + lay.px(2)
    n = len(data.lair_actions)
    h = max(lay.px(30), lay.line(19) + 4)
    room = (lay.left.bottom - lay.pad - y - getattr(lay, "left_scroll", 0)) // n
    if room >= lay.line(19) + 2:              # rows close up while their words fit; else the column scrolls
        h = min(h, room)
    rows = {}
    for a in data.lair_actions:
        rows[a.id] = pygame.Rect(x, y, w, h - max(1, lay.px(3)))
        y += h
    return rows


def draw(surf, lay, data, view, hot, names):
    r = lay.left
    inner = r.inflate(-lay.pad, -lay.pad)
    theme.column(surf, r, inner, lay.px(8))
    clip = surf.get_clip()
    scroll = getattr(lay, "left_scroll", 0)
    below = overflow(lay, data, view) - scroll
    a = lay.px(9)
    seen = inner.inflate(0, -4)
    if scroll > 0:
        seen.y, seen.h = seen.y + a + 2, seen.h - a - 2
    if below > 0:
        seen.h -= a + 2
    surf.set_clip(seen)
    _draw_content(surf, lay, data, view, hot, names)
    surf.set_clip(clip)
    for more, y, sign in ((scroll > 0, inner.y + 2, -1), (below > 0, inner.bottom - 2, 1)):
        if more:                             # an arrow: the column scrolls (mouse wheel) this way
            c = inner.centerx
            pts = [(c - a, y - sign * a), (c + a, y - sign * a), (c, y)]
            pygame.draw.polygon(surf, theme.RED, pts)
            pygame.draw.polygon(surf, theme.WHITE, pts, 1)


def _draw_content(surf, lay, data, view, hot, names):
    f, fs = lay.font(21), lay.font(18)
    sec = sections(lay, view, data)
    x, w = sec["centuries"].x, sec["centuries"].w
    y = theme.heading(surf, "Centuries", f, sec["centuries"])
    _century_track(surf, lay, view, x, y, w)
    y = theme.heading(surf, "Stockpile", f, sec["stockpile"])
    isz = lay.px(24)
    cx = x
    for res in RES:
        surf.blit(icons.resource_icon(res, isz), (cx, y))
        theme.blit_text(surf, str(view["stockpile"][res]), lay.font(22), (cx + isz + 4, y + isz // 2), theme.INK,
                        True, "midleft")
        cx += w // 4
    surf.blit(icons.resource_icon("field", isz), (cx, y))
    theme.blit_text(surf, f"{view['fields_out']} out", fs, (cx + isz + 2, y + isz // 2), theme.MUTED, False,
                    "midleft")
    y = theme.heading(surf, "Region stockpiles", fs, sec["region_stock"])
    colw = w // 2
    row_h = max(lay.px(24), lay.line(20))
    for i, reg in enumerate(view["regions"]):
        rx = x + (i % 2) * colw
        ry = y + (i // 2) * row_h
        region = data.regions[i]
        sq = pygame.Rect(rx, ry + 2, lay.line(15), lay.line(15))
        pygame.draw.rect(surf, theme.rgb(region.colour), sq, border_radius=3)
        pygame.draw.rect(surf, theme.INK, sq, 1, border_radius=3)
        theme.blit_text(surf, region.letter, lay.font(15), sq.center, theme.on(region.colour), True, "center")
        bx = sq.right + lay.px(4)
        isz = lay.px(22)
        for kind, n in (("village", reg["stock_villages"]), ("city", reg["stock_cities"])):
            surf.blit(art_pieces.building(kind, region.colour, isz), (bx, sq.centery - isz // 2 - 1))
            rect = theme.blit_text(surf, str(n), lay.font(20), (bx + isz + 1, sq.centery),
                                   theme.INK if n else theme.RED, True, "midleft")
            bx = max(bx + isz + lay.px(26), rect.right + lay.px(4))
    y = theme.heading(surf, "Markers", f, sec["markers"])
    for i, (key, label) in enumerate(MARKERS):
        label = marker_label(key, label, view)
        if theme.text_width(label, fs, True) > colw - 4:
            label = marker_label(key, label, view, short=True)     # (a narrow column: the tooltip names it)
        rx = x + (i % 2) * colw
        ry = y + (i // 2) * (lay.line(18) + lay.line(19))
        holder = view["markers"].get(key)
        theme.blit_text(surf, label, fs, (rx, ry), theme.MUTED, True, width=colw - 4)
        who = names[holder] if holder is not None else "-"
        theme.blit_text(surf, who, lay.font(19), (rx, ry + lay.line(18)), theme.INK if holder is not None
                        else theme.MUTED, False, width=colw - 4)
    y = theme.heading(surf, "This game", f, sec["game"])
    for line, strong in _game_text(lay, view, w, data):
        theme.blit_text(surf, line, fs, (x, y), theme.RED if strong else theme.INK, strong)
        y += lay.line(18)
    _lair_board(surf, lay, data, view, hot, names, x, w)


def _century_track(surf, lay, view, x, y, w):
    n = len(view["century_fields"])
    bw = (w - (n - 1) * lay.px(4)) // n
    bh = max(lay.px(46), lay.line(22) + lay.px(18))
    for i in range(n):
        box = pygame.Rect(x + i * (bw + lay.px(4)), y, bw, bh)
        current = i + 1 == view["century"]
        past = i + 1 < view["century"]
        fill = theme.HILITE if current else ((200, 186, 150) if past else (232, 220, 190))
        pygame.draw.rect(surf, fill, box, border_radius=5)
        pygame.draw.rect(surf, theme.PANEL_EDGE, box, 2 if current else 1, border_radius=5)
        theme.blit_text(surf, str(i + 1), lay.font(22), (box.centerx, box.y + 3), theme.INK, True, "midtop")
        if view["century_fields"][i]:
            ic = icons.resource_icon("field", lay.px(16))
            surf.blit(ic, ic.get_rect(midbottom=(box.centerx, box.bottom - 2)))
        if current:     # the century pawn
            pygame.draw.circle(surf, (170, 40, 30), (box.right - lay.px(7), box.y + lay.px(7)), lay.px(5))
    return y + bh


def _lair_board(surf, lay, data, view, hot, names, x, w):
    """The Lair Actions; who took each is shown only for this century's Lair
    phase (before it, last century's picks are over and only the tooltip says who)."""
    y = _lair_top(lay, view, data)
    theme.heading(surf, f"Lair Actions - century {view['century']}", lay.font(21), (x, y, w, 0))
    taken = view["lair_taken"] if view["lair_century"] == view["century"] else {}
    rows = _lair_rows(lay, data, view)
    for a in data.lair_actions:
        row = rows[a.id]
        name = f"lair_action:{a.id}"
        is_open = a.century <= view["century"]
        who = taken.get(a.id)
        if name in hot:
            fill = (255, 236, 170)
        elif who is not None:
            fill = (214, 200, 170)
        else:
            fill = (244, 234, 208) if is_open else (226, 218, 200)
        pygame.draw.rect(surf, fill, row, border_radius=4)
        pygame.draw.rect(surf, theme.HILITE if name in hot else (190, 170, 130), row, 2 if name in hot else 1,
                         border_radius=4)
        badge = pygame.Rect(row.x + 3, row.y + 2, row.h - 4, row.h - 4)
        pygame.draw.rect(surf, theme.WOOD_LIGHT if is_open else (170, 160, 140), badge, border_radius=3)
        theme.blit_text(surf, str(a.century), lay.font(17), badge.center, theme.WHITE, True, "center")
        colour = theme.INK if is_open else theme.MUTED
        bold = who is None and is_open
        room = row.right - badge.right - 10
        name_w = theme.text_width(a.name, lay.font(19), bold)
        who_w = theme.text_width(names[who], lay.font(16), True) + 8 if who is not None else 0
        by_name = name_w + who_w <= room
        theme.blit_text(surf, a.name, lay.font(19), (badge.right + 6, row.centery), colour, bold, "midleft",
                        room - (who_w if by_name else row.h))
        if who is not None:
            if by_name:
                theme.blit_text(surf, names[who], lay.font(16), (row.right - 4, row.centery), theme.RED, True,
                                "midright")
            else:           # no room for the name: the taker's dragon letter (the tooltip names them)
                d = next(x for x in data.dragons if x.name == view["players"][who]["dragon"])
                c = (row.right - row.h // 2 - 2, row.centery)
                pygame.draw.circle(surf, theme.rgb(d.colour), c, row.h // 2 - 1)
                pygame.draw.circle(surf, theme.INK, c, row.h // 2 - 1, 1)
                theme.blit_text(surf, d.letter, lay.font(15), c, theme.on(d.colour), True, "center")
