"""A line chart of the scores the engine recorded at each century's end
(``state.scores_by_century``, through the view): every dragon's VP, or in a
team's game the team's points, with the levels they reach as labelled lines
(the variant's words and bands: ``view["variant_table"]["team"]``). Each
dragon's line has its own marker shape and ends in its disc with its letter
and name, so colour is never the only cue."""
from __future__ import annotations

import math

import pygame

from sprites import theme

SHAPES = ("circle", "square", "triangle", "diamond", "down", "cross")
TEAM = "#a83c28"
PAPER = (252, 246, 232)                          # the plot's ground


def series_of(data, view, ranks=None):
    """(x labels, [(name, colour, letter, shape, values)], y title, bands: [(top, label)])
    from a view; ``ranks`` ({seat: final rank}) orders the dragons, so that dragons tied on
    VP are listed as the tie-break ranks them."""
    snaps = view["scores_by_century"] or []
    labels = ["Start" if s["century"] == 0 else f"{s['century']}" for s in snaps]
    team = view["variant_table"]["team"]
    if team:
        unit = team["unit"]
        bands = [(b["max"], f"{b['name']} ({b['max']} {unit} or fewer)") for b in team["bands"]
                 if b["max"] is not None]
        return labels, [(team["points"], TEAM, unit, "circle", [s["survival_points"] for s in snaps])], \
            team["left"], bands
    dragons = {d.name: d for d in data.dragons}
    out = []
    ranks = ranks or {}
    for p in sorted(view["players"], key=lambda p: ranks.get(p["seat"], 0)):
        d = dragons[p["dragon"]]
        out.append((p["name"], d.colour, d.letter, SHAPES[p["seat"] % len(SHAPES)],
                    [s["vp"][p["seat"]] for s in snaps]))
    return labels, out, "Victory Points if the game had ended then", []


def nice_top(v):
    """A round number at or above v for the top of the axis."""
    if v <= 5:
        return 5
    step = 10 ** int(math.log10(v))
    for m in (1, 2, 2.5, 5, 10):
        if m * step >= v:
            return int(m * step)
    return int(10 * step)


def draw(surf, rect, k, labels, series, y_title, bands=()):
    """The chart inside ``rect`` at scale ``k``."""
    def fs(base):
        return theme.font_size(base, k)

    def px(v):
        return max(1, round(v * k))
    small, size = fs(20), fs(24)
    rect = pygame.Rect(rect)
    if not labels:
        theme.blit_text(surf, "No century was recorded in this game.", size, rect.topleft, theme.MUTED)
        return
    values = [v for *_, vals in series for v in vals]
    top = nice_top(max(values + [1]))
    tick = top // 5 if top % 5 == 0 else max(1, top // 4)
    label_w = max(theme.text_width(s[0], small, True) for s in series) + theme.text_width(f" {top}", small, True)
    disc = theme.font(small, True).get_linesize() // 2 + px(3)
    plot = pygame.Rect(rect.x + theme.text_width(str(top), small) + px(14), rect.y + theme.font(size).get_linesize()
                       + px(10), 0, 0)
    plot.w = rect.right - plot.x - label_w - 2 * disc - px(24)
    plot.h = rect.bottom - plot.y - 2 * theme.font(small).get_linesize() - px(10)
    theme.blit_text(surf, y_title, size, rect.topleft, theme.WOOD, True, width=rect.w)
    pygame.draw.rect(surf, PAPER, plot)

    def at(i, v):
        x = plot.x if len(labels) == 1 else plot.x + i * plot.w // (len(labels) - 1)
        return x, plot.bottom - round(plot.h * v / top)
    for v in range(0, top + 1, tick):
        y = at(0, v)[1]
        pygame.draw.line(surf, (222, 208, 180), (plot.x, y), (plot.right, y))
        theme.blit_text(surf, str(v), small, (plot.x - px(6), y), theme.MUTED, False,
                        "bottomright" if v == 0 else "midright")      # 0 clear of the first century's label
    bands = [(top_sp, name, at(0, top_sp)[1]) for top_sp, name in bands if top_sp <= top]
    for _, _, y in bands:                            # a team's game: where each level begins
        for x in range(plot.x, plot.right, px(12)):
            pygame.draw.line(surf, theme.PANEL_EDGE, (x, y), (min(x + px(6), plot.right), y))
    for i, label in enumerate(labels):
        x = at(i, 0)[0]
        pygame.draw.line(surf, theme.MUTED, (x, plot.bottom), (x, plot.bottom + px(5)))
        theme.blit_text(surf, label, small, (x, plot.bottom + px(7)), theme.INK, False, "midtop")
    theme.blit_text(surf, "End of century", small, (plot.centerx, plot.bottom + px(9) +
                                                     theme.font(small).get_linesize()), theme.MUTED, False, "midtop")
    pygame.draw.line(surf, theme.INK, plot.bottomleft, plot.bottomright, 2)
    pygame.draw.line(surf, theme.INK, plot.bottomleft, plot.topleft, 2)
    ends = []
    for name, colour, letter, shape, vals in series:
        pts = [at(i, v) for i, v in enumerate(vals)]
        c = theme.rgb(colour)
        if len(pts) > 1:
            pygame.draw.lines(surf, theme.INK, False, pts, px(5))
            pygame.draw.lines(surf, c, False, pts, px(3))
        for p in pts:
            marker(surf, shape, p, px(6), c)
        ends.append([pts[-1][1], name, colour, letter, vals[-1]])
    for _, text, y in bands:         # their names on the left (the line starts high), over the line
        plate = pygame.Rect(0, 0, theme.text_width(text, small) + px(8), theme.font(small).get_linesize())
        plate.bottomleft = (plot.x + px(4), y - 1)
        pygame.draw.rect(surf, PAPER, plate)
        theme.blit_text(surf, text, small, (plate.x + px(4), plate.bottom), theme.WOOD, False, "bottomleft")
    gap = 2 * disc + px(2)                        # end labels: in value order (ties in the series' order),
    ends.sort(key=lambda e: e[0])                 # never on top of each other
    for i in range(1, len(ends)):
        ends[i][0] = max(ends[i][0], ends[i - 1][0] + gap)
    shift = max(0, ends[-1][0] - (plot.bottom - disc)) if ends else 0
    for e in ends:
        y, name, colour, letter, value = e
        y -= shift
        cx = plot.right + px(12) + disc
        pygame.draw.circle(surf, theme.rgb(colour), (cx, y), disc)
        pygame.draw.circle(surf, theme.INK, (cx, y), disc, 1)
        theme.blit_text(surf, letter, fs(14), (cx, y), theme.on(colour), True, "center")
        theme.blit_text(surf, f"{name} {value}", small, (cx + disc + px(6), y), theme.INK, True, "midleft")


def marker(surf, shape, p, r, colour):
    """A point of a line, in the series' own shape (outlined in ink)."""
    x, y = p
    if shape == "circle":
        pygame.draw.circle(surf, colour, p, r)
        pygame.draw.circle(surf, theme.INK, p, r, 1)
        return
    if shape == "square":
        pts = [(x - r, y - r), (x + r, y - r), (x + r, y + r), (x - r, y + r)]
    elif shape == "triangle":
        pts = [(x, y - r - 1), (x + r + 1, y + r), (x - r - 1, y + r)]
    elif shape == "down":
        pts = [(x - r - 1, y - r), (x + r + 1, y - r), (x, y + r + 1)]
    elif shape == "diamond":
        pts = [(x, y - r - 2), (x + r + 2, y), (x, y + r + 2), (x - r - 2, y)]
    else:                                          # a cross
        w = max(2, r // 2)
        pts = [(x - w, y - r), (x + w, y - r), (x + w, y - w), (x + r, y - w), (x + r, y + w), (x + w, y + w),
               (x + w, y + r), (x - w, y + r), (x - w, y + w), (x - r, y + w), (x - r, y - w), (x - w, y - w)]
    pygame.draw.polygon(surf, colour, pts)
    pygame.draw.polygon(surf, theme.INK, pts, 1)
