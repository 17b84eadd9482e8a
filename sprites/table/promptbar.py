"""The prompt bar: century, phase, whose turn and exactly what to do; the
End Turn / Stop Attack buttons and Undo, Help, Speed and Menu."""
from __future__ import annotations

import pygame

from sprites import theme


def button_rects(lay, with_undo):
    """Right-aligned buttons of the bar, right to left."""
    h = lay.prompt.h - 2 * lay.px(9)
    y = lay.prompt.y + lay.px(9)
    x = lay.prompt.right - lay.pad
    out = {}
    specs = [("button:menu", 74), ("button:help", 74), ("button:speed", 84)]
    if with_undo:
        specs.append(("button:undo", 84))
    specs.append(("button:hint", 70))
    specs += [("button:choices", 120), ("button:end_turn", 132), ("button:stop_attack", 140)]
    for name, w in specs:
        w = lay.px(w)
        x -= w
        out[name] = pygame.Rect(x, y, w, h)
        x -= lay.px(8)
    out["button:scores"] = out["button:end_turn"]      # once the game is over
    return out


def draw(surf, lay, header, prompt, colour, letter, buttons, hot, hover, labels):
    bar = lay.prompt
    pygame.draw.rect(surf, theme.WOOD, bar)
    pygame.draw.line(surf, (24, 16, 10), bar.bottomleft, bar.bottomright, 2)
    r = bar.h // 2 - lay.px(8)
    disc = (bar.x + lay.pad + r, bar.centery)
    if colour is not None:
        pygame.draw.circle(surf, theme.rgb(colour), disc, r)
        pygame.draw.circle(surf, theme.GOLD, disc, r, 2)
        theme.blit_text(surf, letter, lay.font(22), disc, theme.on(colour), True, "center")
    x = disc[0] + r + lay.pad
    right = min(rect.x for rect in buttons.values()) - lay.pad
    theme.blit_text(surf, header, lay.font(19), (x, bar.y + lay.px(6)), theme.GOLD, True, width=right - x)
    theme.blit_text(surf, prompt, lay.font(23), (x, bar.y + lay.px(25)), theme.WHITE, False, width=right - x)
    for name, rect in buttons.items():
        if name in ("button:end_turn", "button:stop_attack") and name not in hot:
            continue
        theme.button(surf, rect, labels[name], lay.font(20), enabled=True, hot=name == hover,
                     primary=name == "button:end_turn", danger=name == "button:stop_attack")
