"""Rules help (F1): the rules summarised by phase, and the meaning of every icon."""
from __future__ import annotations

import pygame

from game.data import default_data
from sprites import theme
from sprites.scene import Scene
from sprites.art import pieces
from sprites.table import icons

def sections(data):
    """(title, text) of each section: the rules summarised, every number read from the data."""
    setup, sc = data.setup, data.scoring
    aw, div, heal, feats = setup["awakening"], setup["divination"], setup["heal"], data.feats
    ind, rv = sc["independent"], sc["region_value"]
    most = max(setup["growth_sizes"])
    regen = next((a for a in data.abilities if dict(a.effect).get("awakening_life")), None)
    regen_text = f" ({regen.name}: {aw['life'] + dict(regen.effect)['awakening_life']})" if regen else ""
    rogues = sorted(setup["rogue_dragons"])
    by_level = {}
    for a in data.abilities:
        by_level.setdefault(a.level, []).append(a.name)
    abilities = "; ".join(f"{'level ' if k == min(by_level) else ''}{k}: {' or '.join(names)}"
                          for k, names in sorted(by_level.items()))
    costs = setup["attack_costs"]
    (v_icons, v_life), = costs["village"][:1]
    t_icons, t_life = costs["town"][-1]
    c_icons, c_life = costs["city"][0]
    return [
        ("The goal", f"{_word(setup['centuries']).capitalize()} centuries of dragons laying waste to the Old World. Destroyed "
         "settlements, hoarded resources and cities score Victory Points at the end; the most VP wins (ties: "
         "highest level, then Life). In Desolation of the Old World all dragons cooperate: what is left on the "
         "board counts as Survival Points, and fewer is better."),
        ("1. Settlement Growth (from century 2)", f"Players + {setup['track_extra']} cards go to the Card Selection "
         "Track; each card's back region grows its largest settlement "
         f"({_word(most)} sizes from century {setup['growth_sizes'].index(most) + 1}). The top card of the deck points the "
         "Action Hex arrow; each hex side adds a resource to the region it faces. With "
         f"{rogues[0]}-{rogues[-1]} players Rogue Dragons land and do the hex action of their region."),
        ("2. Awakening (from century 2)", f"Every dragon gains {aw['life']} Life{regen_text}, draws {aw['draw']} cards "
         f"and discards {aw['discard']}."),
        ("3. Lair", "In turn order from the First Lair marker, each player takes one Lair Action still free this "
         "century (actions of earlier centuries stay available). Then each takes a card from the Card Selection "
         "Track."),
        ("4. Attack", "From the First Attack marker, each player places their dragon in a free region, then takes a "
         "whole turn there: play cards of that region (or Any Region), use the Action Hex with a Dragon Hex Card, eat "
         "livestock to fly to a neighbouring region, spend gold to turn the hex, burn a field for Divination "
         f"(draw {div['draw']}, discard {div['discard']}), eat a noble (+{heal['consume_noble']} Life), discard cards "
         f"to lick wounds (+{heal['lick_wounds']} Life each). Attack icons take settlements: {v_icons} icon a village "
         f"({v_life} Life), {t_icons} icons a whole town ({t_life} Life) or a city ({c_life} Life). Life may never "
         "drop to 0."),
        ("Leveling up", f"Destroy {_count(feats['cities'], 'a city', 'cities')}, or {feats['villages']} villages, or "
         f"gain {feats['resources']} resources in one Attack Phase: at the end of the turn choose the next ability "
         f"({abilities}). Once per century."),
        ("Scoring", f"{ind['per_region']} VP per region you took a settlement from (+{ind['every_region']} for all "
         f"{_word(len(data.ring))}), {ind['terrify']} VP for Terrify, {ind['per_city']} VP per city; most / second most of "
         f"each resource: {sc['resources']['first']} / {sc['resources']['second']} VP; most / second most Regional "
         f"Value per region: {sc['regions']['first']} / {sc['regions']['second']} VP (village {rv['village']}, "
         f"city {rv['city']})."),
        ("Playing with the mouse", "Glowing things can be clicked now. Click a card to play or discard it, anywhere "
         "in a region to place or move your dragon, a settlement to assign Attack icons, the hex or its arrows to use "
         "or turn it, a Lair Action or a track card to take it; Divination, Consume Noble and Lick Wounds are buttons "
         "beside your hand. Something that spends a card or a resource and cannot be undone asks first. Hover "
         "anything for details. All choices (Tab) lists every option. Enter ends the turn, Esc cancels, U undoes (or "
         "says why not), H asks the AI for a hint and marks what it suggests, PageUp/PageDown scroll the log, F11 "
         "toggles full screen, the Speed button hurries animations and AI dragons (it is remembered, like the seats "
         "and the window size)."),
    ]


def _word(n):
    words = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")
    return words[n] if 0 <= n < len(words) else str(n)


def _count(n, one, many):
    return one if n == 1 else f"{n} {many}"


class HelpScene(Scene):
    """The rules and icons on one page; in a small window the page scrolls
    (wheel, arrows, Page Up/Down), since its words never get smaller than 12 px."""

    def __init__(self, app):
        super().__init__(app)
        self.scroll_y = 0
        self.content_h = 0
        self.resize(app.screen.get_size())

    def resize(self, size):
        w, h = size
        self.k = min(w / 1600, h / 900)
        self.clear_elements()
        r = pygame.Rect(0, 0, round(200 * self.k), round(48 * self.k))
        r.bottomleft = (round(54 * self.k), h - round(14 * self.k))
        self.add("button:close", r, tip="Back to the game (Esc).")
        self.scroll_y = 0

    def fs(self, base):
        return theme.font_size(base, self.k)

    def click(self, name):
        if name == "button:close":
            self.app.pop()

    def scroll(self, pos, dy):
        self._scroll_by(-dy * 3 * theme.font(self.fs(21)).get_linesize())

    def _scroll_by(self, dy):
        page_h = self.app.screen.get_height() - round(150 * self.k)
        self.scroll_y = max(0, min(max(0, self.content_h - page_h), self.scroll_y + dy))
        self.app.dirty = True

    def key(self, event):
        step = {pygame.K_DOWN: 1, pygame.K_UP: -1, pygame.K_PAGEDOWN: 10, pygame.K_PAGEUP: -10}.get(event.key)
        if step:
            self._scroll_by(step * theme.font(self.fs(21)).get_linesize())
        elif event.key in (pygame.K_ESCAPE, pygame.K_F1, pygame.K_RETURN):
            self.app.pop()

    def draw(self, surface):
        w, h = surface.get_size()
        k = self.k
        surface.fill((52, 38, 26))
        page = pygame.Rect(round(30 * k), round(24 * k), w - round(60 * k), h - round(90 * k))
        theme.panel(surface, page, radius=12)
        theme.blit_text(surface, "Wrath of Dragons - how to play", self.fs(40),
                        (page.x + round(24 * k), page.y + round(16 * k)), theme.WOOD, True)
        body = pygame.Rect(page.x, page.y + round(64 * k), page.w, page.bottom - page.y - round(64 * k) - 8)
        surface.set_clip(body)
        bottom = self._content(surface, page, body.y - self.scroll_y)
        surface.set_clip(None)
        self.content_h = bottom + self.scroll_y - body.y
        if self.content_h > body.h:
            more = "scroll (wheel, arrows) for more" if self.scroll_y + body.h < self.content_h else "top: Page Up"
            theme.blit_text(surface, more, self.fs(18), (page.right - round(24 * k), page.y + round(20 * k)),
                            theme.BLUE, False, "topright")
        r = self.element_rect("button:close")
        theme.button(surface, r, "Back (Esc)", self.fs(24), hot=self.hover == "button:close")

    def _content(self, surface, page, top):
        """Both columns, from y = top; returns the lowest y drawn."""
        k = self.k
        col_w = round(page.w * 0.62)
        y = top
        size = self.fs(21)
        for title, body in sections(default_data()):
            theme.blit_text(surface, title, self.fs(23), (page.x + round(24 * k), y), theme.RED, True)
            y += theme.font(self.fs(23), True).get_linesize() + 2
            y = theme.blit_wrapped(surface, body, size, pygame.Rect(page.x + round(24 * k), y, col_w, 10 ** 5))
            y += round(8 * k)
        left_bottom = y
        x = page.x + col_w + round(60 * k)
        y = top
        theme.blit_text(surface, "Icons", self.fs(26), (x, y), theme.RED, True)
        y += theme.font(self.fs(26), True).get_linesize() + round(6 * k)
        isz = max(round(40 * k), theme.font(size).get_linesize() * 2)
        for name, meaning in icons.NAMES.items():
            surface.blit(icons.icon(name, isz, icons.AMOUNTS.get(name)), (x, y))
            end = theme.blit_wrapped(surface, meaning, size, pygame.Rect(x + isz + 10, y + 4,
                                                                         page.right - x - isz - 30, 10 ** 5))
            y = max(y + isz, end) + round(8 * k)
        y = theme.blit_wrapped(surface, "On cards, a ring in a region's colour takes from that region; a purple "
                               "ring takes from the general stockpile.", size,
                               pygame.Rect(x, y + 4, page.right - x - 20, 10 ** 5), theme.MUTED)
        y += round(10 * k)
        theme.blit_text(surface, "On the map", self.fs(26), (x, y), theme.RED, True)
        y += theme.font(self.fs(26), True).get_linesize() + round(6 * k)
        px = x
        for kind, label in (("village", "village"), ("town", "town (2 villages)"), ("city", "city")):
            img = pieces.building(kind, "#3f6fb5", isz)
            surface.blit(img, (px, y))
            theme.blit_text(surface, label, size, (px + isz // 2, y + isz + 2), theme.INK, False, "midtop")
            px += max(round(150 * k), theme.text_width(label, size) + 10)
        y += isz + theme.font(size).get_linesize() + round(12 * k)
        img = pieces.dragon_token("#c8282d", "R", isz)
        surface.blit(img, (x, y))
        theme.blit_text(surface, "a dragon: its letter names it", size, (x + isz + 8, y + isz // 2), theme.INK,
                        False, "midleft")
        y += isz + round(8 * k)
        img = pieces.dragon_token("#2f6fd0", "R", isz, rogue=True)
        surface.blit(img, (x, y))
        theme.blit_text(surface, "a Rogue Dragon", size, (x + isz + 8, y + isz // 2), theme.INK, False, "midleft")
        return max(left_bottom, y + isz)
