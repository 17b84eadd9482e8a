"""The prompt bar: century, phase, whose turn and exactly what to do; the
End Turn / Stop Attack buttons and Undo, Help, Speed and Menu, and where AI
dragons play, Pause and Step.

The prompt wraps onto a second line rather than being cut short; one too
long even for two lines ends in "..." and the whole of it is the tooltip of
the bar's text (``cut``)."""
from __future__ import annotations

import pygame

from sprites import theme

BAR_BUTTONS = ("button:menu", "button:help", "button:speed", "button:pause", "button:step", "button:undo",
               "button:hint", "button:choices", "button:end_turn", "button:stop_attack", "button:scores")
ALWAYS_ON = ("button:help", "button:menu", "button:speed", "button:hint", "button:pause")     # drawn enabled


def button_rects(lay, with_undo, with_ai=False):
    """Right-aligned buttons of the bar, right to left (Pause and Step where AI dragons play)."""
    h = min(lay.prompt.h - 2 * lay.px(9), max(lay.px(36), theme.font(lay.font(20)).get_height() + 10))
    y = lay.prompt.centery - h // 2
    x = lay.prompt.right - lay.pad
    out = {}
    specs = [("button:menu", 74, "Menu"), ("button:help", 74, "Help F1"), ("button:speed", 84, "Speed x4")]
    if with_ai:
        specs += [("button:pause", 92, "Resume (P)"), ("button:step", 80, "Step (S)")]
    if with_undo:
        specs.append(("button:undo", 84, "Undo (U)"))
    specs.append(("button:hint", 70, "Hint"))
    specs.append(("button:choices", 120, "All choices"))
    for name, w, label in specs:
        w = max(lay.px(w), theme.text_width(label, lay.font(20), True) + lay.px(16))
        x -= w
        out[name] = pygame.Rect(x, y, w, h)
        x -= lay.px(8)
    # End Turn (a free turn) and Stop Attack (Attack icons to assign) are never offered together:
    # one place, as wide as the wider, leaves the prompt the room of the other
    w = max(max(lay.px(w), theme.text_width(label, lay.font(20), True) + lay.px(16))
            for w, label in ((132, "End Turn"), (140, "Stop Attack")))
    out["button:end_turn"] = out["button:stop_attack"] = out["button:scores"] = pygame.Rect(x - w, y, w, h)
    return out


def prompt_lines(lay, prompt, width):
    """(font size, lines): the prompt on one line at its size, else on two lines at the smallest size."""
    size = lay.font(23)
    if theme.text_width(prompt, size) <= width:
        return size, (prompt,)
    size = lay.min_font
    lines = theme.wrap(prompt, size, width)
    if len(lines) > 2:
        lines = (lines[0], theme.fit(" ".join(lines[1:]), size, width))
    return size, lines


HEAD_PARTS = "  -  "          # between the header's parts: century, phase, variant


def fit_header(header, size, width):
    """The header as long as fits ``width``: its last parts (the variant) dropped first,
    then "Century 2 of 6" said "Century 2/6", never the phase cut in the middle."""
    parts = header.split(HEAD_PARTS)
    for keep in range(len(parts), 1, -1):
        for short in (False, True):
            shown = parts[:keep]
            if short:
                shown = [p.replace(" of ", "/", 1) if p.startswith(("Century", "Replay")) else p for p in shown]
            text = HEAD_PARTS.join(shown)
            if theme.text_width(text, size, True) <= width:
                return text
    return header


def disc_radius(lay):
    return min(lay.prompt.h // 2 - lay.px(8), lay.px(20))


def text_rect(lay, buttons, extra=()):
    """Where the header and the prompt are written: right of the dragon's disc, left of the buttons."""
    bar = lay.prompt
    x = bar.x + lay.pad + 2 * disc_radius(lay) + lay.pad
    right = min(rect.x for rect in list(buttons.values()) + list(extra)) - lay.pad
    return pygame.Rect(x, bar.y, right - x, bar.h)


def cut(lay, prompt, buttons, extra=()):
    """Is the prompt too long to be shown whole in the bar?"""
    width = text_rect(lay, buttons, extra).w
    return theme.text_width(prompt, lay.font(23)) > width and len(theme.wrap(prompt, lay.min_font, width)) > 2


def draw(surf, lay, header, prompt, colour, letter, buttons, hot, hover, labels, disabled=(), extra=()):
    """The bar; ``extra``: rects of other buttons in the bar (the text stays left of them)."""
    bar = lay.prompt
    pygame.draw.rect(surf, theme.WOOD, bar)
    pygame.draw.rect(surf, (24, 16, 10), (bar.x, bar.bottom - 2, bar.w, 2))     # inside the bar: the map starts below
    r = disc_radius(lay)
    disc = (bar.x + lay.pad + r, bar.centery)
    if colour is not None:
        pygame.draw.circle(surf, theme.rgb(colour), disc, r)
        pygame.draw.circle(surf, theme.GOLD, disc, r, 2)
        theme.blit_text(surf, letter, lay.font(22), disc, theme.on(colour), True, "center")
    area = text_rect(lay, buttons, extra)
    x, right = area.x, area.right
    head_size = lay.font(17)
    y = bar.y + lay.px(4)
    theme.blit_text(surf, fit_header(header, head_size, right - x), head_size, (x, y), theme.GOLD, True,
                    width=right - x)
    y += theme.font(head_size, True).get_linesize()
    size, lines = prompt_lines(lay, prompt, right - x)
    step = theme.font(size).get_linesize()
    for line in lines:
        theme.blit_text(surf, line, size, (x, y), theme.WHITE, False, width=right - x)
        y += step
    for name, rect in buttons.items():
        if name in ("button:end_turn", "button:stop_attack") and name not in hot:
            continue
        theme.button(surf, rect, labels[name], lay.font(20), enabled=name not in disabled, hot=name == hover,
                     primary=name == "button:end_turn", danger=name == "button:stop_attack")
