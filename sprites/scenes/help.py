"""Rules help (F1): the rules by topic, searchable, each with the rulebook section it
summarises, and the meaning of every icon."""
from __future__ import annotations

import pygame

from game.data import ICON_WORDS, default_data
from game.variant_table import describe
from game.variants import OPTIONS, Variant
from sprites import theme
from sprites.art import common
from sprites.scene import Scene
from sprites.art import pieces
from sprites.table import icons

class Topic:
    """One help topic: its title, the rulebook section it summarises (None for
    the controls) and its text, with every number read from the data."""
    __slots__ = ("title", "section", "text")

    def __init__(self, title, section, text):
        self.title, self.section, self.text = title, section, text

    def matches(self, words):
        """True if every word of the search is in the title, the section or the text."""
        hay = f"{self.title} {self.section or ''} {self.text}".lower()
        return all(w in hay for w in words)


ICONS = "Icons on the cards"          # the topic drawn with the icons themselves


def topics(data):
    """The help topics, in the rulebook's order; every number from the data."""
    setup, sc = data.setup, data.scoring
    aw, div, heal, feats = setup["awakening"], setup["divination"], setup["heal"], data.feats
    ind, rv = sc["independent"], sc["region_value"]
    most = max(setup["growth_sizes"])
    regen = next((a for a in data.abilities if dict(a.effect).get("awakening_life")), None)
    regen_text = f" ({regen.name}: {aw['life'] + dict(regen.effect)['awakening_life']})" if regen else ""
    rogues = sorted(setup["rogue_dragons"])
    by_level = {}
    for a in data.abilities:
        by_level.setdefault(a.level, []).append(f"{a.name} ({a.text.rstrip('.')})")
    abilities = "; ".join(f"level {k}: {' or '.join(names)}" for k, names in sorted(by_level.items()))
    costs = setup["attack_costs"]
    (v_icons, v_life), = costs["village"][:1]
    t_icons, t_life = costs["town"][-1]
    c_icons, c_life = costs["city"][0]
    lair = "; ".join(f"{a.name} (century {a.century}): {a.text.rstrip('.')}" for a in data.lair_actions)
    rogue_counts = ", ".join(f"{n} with {players} players" for players, n in sorted(setup["rogue_dragons"].items()))
    livestock = livestock_sources(data)
    teams = team_variants(data)
    return [
        Topic("The goal", "Objective of the Game",
              f"{_word(setup['centuries']).capitalize()} centuries of dragons laying waste to the Old World. "
              "Destroyed settlements, hoarded resources and cities score Victory Points at the end; the most VP "
              "wins (ties: highest level, then Life)." + "".join(" " + t["in_short"] for t in teams)),
        Topic("Setup: your first cards", "Setup: The Players",
              f"Each dragon starts with {setup['start_life']} Life and its Dragon Hex Card, is dealt "
              f"{setup['deal']} Action Cards and discards {setup['setup_discard']} of them (never the Dragon Hex "
              "Card)."),
        Topic("1. Settlement Growth (from century 2)", "Phase 1: Settlement Growth",
              f"Players + {setup['track_extra']} cards go to the Card Selection Track; each card's back region "
              f"grows its largest settlement ({_word(most)} sizes from century "
              f"{setup['growth_sizes'].index(most) + 1}). The top card of the deck points the Action Hex arrow; "
              "each hex side adds a resource to the region it faces."),
        Topic("2. Awakening (from century 2)", "Phase 2: Awakening",
              f"Every dragon gains {aw['life']} Life{regen_text}, draws {aw['draw']} cards and discards "
              f"{aw['discard']} (not a Dragon Hex Card). There is no hand limit."),
        Topic("3. Lair Phase and card selection", "Phase 3: Lair",
              "In turn order from the First Lair marker, each player takes one Lair Action still free this "
              "century (actions of earlier centuries stay available). Then each takes a card from the Card "
              "Selection Track."),
        Topic("Lair Actions", "Lair Action Descriptions", lair + "."),
        Topic("4. Attack Phase", "Phase 4: Attack",
              "From the First Attack marker, each player places their dragon in a free region; then each takes a "
              "whole turn there, doing any actions in any order: play cards, use the Action Hex, spend resources. "
              "Loot goes on the Dragon Card and into the lair at the end of the turn."),
        Topic("Playing Action Cards", "Playing Action Cards",
              "Play a card only in the region named on it (an Any Region card: in the region where your dragon "
              "is). Play as many cards as you can and like. Its icons take resources from the region (a ring in "
              "the region's colour) or the general stockpile (a purple ring), or attack settlements."),
        Topic(ICONS, "Action Cards", "What each icon on an Action Card means."),
        Topic("Attacking settlements", "Attacking Settlements",
              f"Attack icons take settlements: {v_icons} icon a village ({v_life} Life), {t_icons} icons a whole "
              f"town ({t_life} Life) or a city ({c_life} Life); one icon takes half a town. A dragon never attacks "
              "if its Life would drop to 0, and an Attack icon needs a settlement in the region."),
        Topic("Moving (eat a livestock)", "Using Resources",
              "Eat a livestock to fly to an adjacent region; you may pass a region with another dragon but not "
              "stay there (unless you hold the Dragon Ward). Click a region further away to fly there in one go: "
              f"a livestock for every region on the way. {livestock}"),
        Topic("Divination (burn a field)", "Using Resources",
              f"Once per turn, burn a field to draw {div['draw']} cards, then discard {div['discard']} (it may be "
              "your Dragon Hex Card: it comes back at the end of your turn)."),
        Topic("Turning the hex (spend gold)", "Using Resources",
              "Spend a gold to turn the Action Hex one side left or right, as often as you have gold."),
        Topic("Healing: Consume Noble, Lick Wounds", "Using Resources",
              f"Eat a noble for +{heal['consume_noble']} Life; discard cards (even the Dragon Hex Card) for "
              f"+{heal['lick_wounds']} Life each. Never above your maximum Life."),
        Topic("The Action Hex", "Use Action Hex",
              "Play your Dragon Hex Card to take the action on the hex side facing your dragon's region "
              f"({_either([ICON_WORDS[i] for i in dict.fromkeys(data.side_icons.values())])}). It comes back to "
              "your hand at the end of your turn."),
        Topic("Dragon Life", "Dragon Life",
              f"Dragons start with {setup['start_life']} Life, their maximum until Great Fortitude. Attacks cost "
              "Life; the Awakening, nobles, Lick Wounds and Heal cards give it back. Life may never drop to 0."),
        Topic("Leveling up (Feats)", "Leveling Up",
              f"Destroy {_count(feats['cities'], 'a city', 'cities')}, or {feats['villages']} villages, or gain "
              f"{feats['resources']} resources in one Attack Phase: at the end of the turn choose the next ability "
              f"({abilities}). Once per century."),
        Topic("End of a turn and of a century", "End of a Player's Turn",
              "At the end of a turn the dragon leaves the board, its Dragon Hex Card returns to the hand, played "
              "cards are discarded, spent resources return to the stockpile (fields leave the game) and the loot "
              f"goes into the lair. After the last turn of century {setup['centuries']} the game is scored."),
        Topic("Final scoring", "Final Scoring",
              f"{ind['per_region']} VP per region you took a settlement from (+{ind['every_region']} for all "
              f"{_word(len(data.ring))}), {ind['terrify']} VP for Terrify, {ind['per_city']} VP per city; most / "
              f"second most of each resource: {sc['resources']['first']} / {sc['resources']['second']} VP; most / "
              f"second most Regional Value per region: {sc['regions']['first']} / {sc['regions']['second']} VP "
              f"(village {rv['village']}, city {rv['city']}). A tie for most shares the most and second most "
              "points (no second is scored); a tie for second shares the second; rounded down. Equal VP: the "
              "higher level wins, then the most Life left; still equal, the victory is shared."),
        Topic(f"Rogue Dragons ({rogues[0]} and {rogues[-1]} players)", "Two- and Three-Player Variations",
              f"The dragon pieces nobody plays: {rogue_counts}. They land in Settlement Growth (from the second "
              "century), after the Action Hex is set and the regions restocked: the back of the top card of the "
              "Action Deck names the region, and that card is discarded; a second Rogue Dragon does the same, and "
              "a card naming a region that holds a Rogue Dragon already is discarded and the next one drawn. In "
              "the Attack Phase, after every dragon is placed and before anyone's turn, each Rogue Dragon does "
              "the hex action of the side facing its region if it can (an Attack takes the smallest piece, a "
              "village; what it takes goes back to the stockpile, a field out of the game) and leaves the board. "
              "A region with a Rogue Dragon counts as occupied when the dragons are placed. The left column says "
              "which dragons are rogues, and 'Since your last turn' says where they landed and what they took."),
        Topic("The Strategist", "The Strategist",
              "Players play without their Lair Screens: every lair is open to everyone for the whole game. The "
              "dragons' rows show each lair's resources and Regional Value, the standings are exact (nothing is "
              "estimated), and the hand-off screen does not hide the lairs. Hands and the deck stay hidden."),
    ] + [Topic(t["rules"]["title"], t["rules"]["section"], t["rules"]["text"]) for t in teams] + [
        Topic("Hot seat and the hand-off", None,
              "Several people can play at one computer: make their seats Human on the title screen. With 'Hide "
              "the table between players' on, the table is hidden after each move that passes the turn to "
              "another person, until that player confirms who sits at the computer; the hand-off screen shows "
              "only what the other dragons did since that player's last turn (what everyone saw, never a card). "
              "Nothing one player saw stays for the next: hand, lair, hint, questions, previews, tooltips and "
              "the log's private lines go. While AI dragons move between two people, the table shows only what "
              "everyone may see. Continue, Load and Start always ask who sits at the computer first."),
        Topic("Saving and the autosave", None,
              "Every game autosaves after each move, to a file of its own in the save folder, and is listed "
              "under Recent games on the title screen (Continue takes the latest unfinished one). Save as (on "
              "the title screen, or in the game menu: Esc) keeps a copy under a name; Load lists every save, "
              "with Rename and Delete. A save that cannot be loaded says why in full. If the autosave fails (a "
              "full disk, a folder that cannot be written), the table says so at once and keeps saying it; "
              "Menu, Start and Quit then offer to save the game in another folder. --save-dir FOLDER starts "
              "the game with another save folder."),
        Topic("Undo and its limits", None,
              "Undo (U) takes back your own moves of the turn under way, one at a time. It never takes back "
              "what showed you something new, or what ended your turn or a phase: a card drawn from the deck "
              "(Divination, Plot, Foresight, a card's draw), a shuffle, a card taken from the track, End Turn, "
              "and any move of another dragon (AI moves are never undone). Something that spends a card or a "
              "resource and cannot be undone asks first. The Undo button's tooltip, or U, says why undo is not "
              "possible now."),
        Topic("Playing with the mouse", None,
              "Glowing things can be clicked now. Click a card to play or discard it, anywhere in a region to "
              "place or move your dragon, a settlement to assign Attack icons, the hex or its arrows to use or "
              "turn it, a Lair Action or a track card to take it; Divination, Consume Noble and Lick Wounds are "
              "buttons beside your hand. Something that spends a card or a resource and cannot be undone asks "
              "first. Hover anything for details. All choices (A) lists every option; Tab moves a focus through everything you can do (Enter takes it). Enter ends the turn, Esc "
              "cancels a question (with none, it opens the game menu, as the Menu button does), U undoes (or says why not), H asks the AI for a hint, V (or the Standings button) shows who "
              "would win if the game ended now, PageUp/PageDown scroll the log, F11 "
              "toggles full screen. The Settings (title screen) set the speed, text size, colours and sound. "
              "Each AI move lights up on the map where it happened; P pauses the AI dragons, S steps through "
              "their moves one at a time. Your turn starts with what the others did since your last one. The log's "
              "dragon chips filter it, its century headers fold, and a clicked line shows on the map what it "
              "touched. Hovering a card, a region, a hex arrow or End Turn previews what that choice would do."),
    ]


def livestock_sources(data):
    """Where a dragon gets livestock to fly with, from the data: the cards and Lair Actions
    that give it, and the hex side that steals it."""
    def with_icon(icon):
        return list(dict.fromkeys(c.name for c in data.cards.values()
                                  if any(e.icon == icon for alt in c.alternatives for e in alt)))
    lair = [a.name for a in data.lair_actions if dict(dict(a.effect).get("gain") or {}).get("livestock")]
    steal = ICON_WORDS["steal_livestock"]
    return (f"Livestock comes from the cards {_list(with_icon('steal_livestock'))} ({steal}) and "
            f"{_list(with_icon('gain_resource'))} (livestock, gold or a noble), the hex side facing your region "
            f"when it is {steal}, and the Lair Actions {_list(lair)}; it is eaten from your Dragon Card "
            "first, then from your lair.")


def _list(names):
    if len(names) < 3:
        return " and ".join(names)
    return ", ".join(names[:-1]) + ", and " + names[-1]


def team_variants(data):
    """The team descriptions (``game.variant_table``) of the variant options that make a team's
    game, in the order the options are listed: their rules topics and goal sentences."""
    tables = (describe(data, Variant.parse(o.name)) for o in OPTIONS)
    return [t["team"] for t in tables if t["team"]]


def _either(names):
    """"A, B or C"."""
    return " or ".join(names) if len(names) < 3 else ", ".join(names[:-1]) + " or " + names[-1]


def _word(n):
    words = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")
    return words[n] if 0 <= n < len(words) else str(n)


def _count(n, one, many):
    return one if n == 1 else f"{n} {many}"


class HelpScene(Scene):
    """The rules by topic: type to filter the topics (by rule name or any word),
    click one (or Up/Down) to read it with the rulebook section it comes from.
    Long texts scroll (wheel, Page Up/Down); words never get smaller than 12 px."""

    def __init__(self, app, query=""):
        super().__init__(app)
        self.data = default_data()
        self.amounts = icons.amounts(self.data)
        self.all = topics(self.data)
        self.query = query
        self.shown = list(self.all)
        self.selected = self.all[0]
        self.list_top = 0               # the first topic of the list on screen
        self.scroll_y = 0
        self.content_h = 0
        self._filter()
        self.resize(app.screen.get_size())

    # ----- the search ------------------------------------------------------------------
    def _filter(self):
        words = self.query.lower().split()
        in_title = [t for t in self.all if words and all(w in t.title.lower() for w in words)]
        self.shown = in_title + [t for t in self.all if t.matches(words) and t not in in_title]
        if self.shown and self.selected is not self.shown[0]:      # a new search: its best match
            self.selected = self.shown[0]
            self.scroll_y = 0
        self.list_top = 0

    # ----- layout --------------------------------------------------------------------------
    def resize(self, size):
        w, h = size
        self.k = k = min(w / 1600, h / 900)
        self.size = size
        self.clear_elements()
        self.page = pygame.Rect(round(30 * k), round(24 * k), w - round(60 * k), h - round(90 * k))
        pad = round(24 * k)
        top = self.page.y + round(70 * k)
        widest = max(theme.text_width(t.title, self.fs(21), True) for t in self.all) + round(40 * k)
        lw = min(round(self.page.w * 0.42), max(round(self.page.w * 0.3), widest))   # large text: a wider list
        self.list_rect = pygame.Rect(self.page.x + pad, top, lw, self.page.bottom - top - pad)
        row = self.row_h()
        self.search_rect = pygame.Rect(self.list_rect.x, top, self.list_rect.w, row + round(8 * k))
        y0 = self.search_rect.bottom + round(10 * k)
        note = theme.font(self.fs(18)).get_linesize()            # room for "3 more below"
        self.rows = max(1, (self.list_rect.bottom - note - y0) // row)
        self.list_top = max(0, min(self.list_top, len(self.shown) - self.rows))
        for i, topic in enumerate(self.shown[self.list_top:self.list_top + self.rows]):
            self.add(f"topic:{self.list_top + i}", pygame.Rect(self.list_rect.x, y0 + i * row, self.list_rect.w,
                                                               row - 2), tip=topic.section or "")
        self.add("field:search", self.search_rect, tip="Type to search the rules")
        x = self.list_rect.right + round(36 * k)
        self.body = pygame.Rect(x, top, self.page.right - x - pad, self.page.bottom - top - pad)
        r = pygame.Rect(0, 0, round(200 * k), round(48 * k))
        r.bottomleft = (round(54 * k), h - round(14 * k))
        self.add("button:close", r, tip="Back to the game (Esc).")

    def row_h(self):
        return theme.font(self.fs(21)).get_linesize() + round(14 * self.k)

    # ----- input ---------------------------------------------------------------------------
    def click(self, name):
        if name == "button:close":
            self.app.pop()
        elif name.startswith("topic:"):
            self.select(self.shown[int(name.split(":")[1])])

    def select(self, topic):
        self.selected = topic
        self.scroll_y = 0
        i = self.shown.index(topic)
        if i < self.list_top:
            self.list_top = i
        elif i >= self.list_top + self.rows:
            self.list_top = i - self.rows + 1
        self.resize(self.size)
        self.app.dirty = True

    def scroll(self, pos, dy):
        if self.list_rect.collidepoint(pos):
            self.list_top = max(0, min(len(self.shown) - self.rows, self.list_top - dy))
            self.resize(self.size)
            self.app.dirty = True
        else:
            self._scroll_by(-dy * 3 * theme.font(self.fs(21)).get_linesize())

    def _scroll_by(self, dy):
        self.scroll_y = max(0, min(max(0, self.content_h - self.body.h), self.scroll_y + dy))
        self.app.dirty = True

    def key(self, event):
        if event.key in (pygame.K_DOWN, pygame.K_UP):
            if self.shown:
                i = self.shown.index(self.selected) if self.selected in self.shown else -1
                i = max(0, min(len(self.shown) - 1, i + (1 if event.key == pygame.K_DOWN else -1)))
                self.select(self.shown[i])
        elif event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            self._scroll_by((10 if event.key == pygame.K_PAGEDOWN else -10) * theme.font(self.fs(21)).get_linesize())
        elif event.key == pygame.K_ESCAPE and self.query:
            self.set_query("")
        elif event.key in (pygame.K_ESCAPE, pygame.K_F1, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.app.pop()
        elif event.key == pygame.K_BACKSPACE:
            self.set_query(self.query[:-1])
        elif event.unicode and event.unicode.isprintable() and len(self.query) < 40:
            self.set_query(self.query + event.unicode)

    def set_query(self, text):
        self.query = text
        self._filter()
        self.resize(self.size)
        self.app.dirty = True

    # ----- drawing -------------------------------------------------------------------------------
    def draw(self, surface):
        w, h = surface.get_size()
        k = self.k
        surface.fill((52, 38, 26))
        page = self.page
        theme.panel(surface, page, radius=12)
        title = common.display_text("How to play", max(24, round(44 * k)), theme.WOOD, theme.PANEL)
        surface.blit(title, (page.x + round(20 * k), page.y + round(10 * k)))
        self._draw_list(surface)
        self._draw_topic(surface)
        r = self.element_rect("button:close")
        theme.button(surface, r, "Back (Esc)", self.fs(24), hot=self.hover == "button:close")
        theme.blit_text(surface, "Type to search; Up/Down pick a topic; Page Up/Down scroll it.", self.fs(18),
                        (r.right + round(30 * k), r.centery), (220, 200, 170), False, "midleft", w - r.right - 60)

    def _draw_list(self, surface):
        k, sr = self.k, self.search_rect
        pygame.draw.rect(surface, (255, 250, 236), sr, border_radius=6)
        pygame.draw.rect(surface, theme.HILITE, sr, 3, border_radius=6)
        shown = self.query + "|" if self.query else "Search the rules, e.g. hex"
        theme.blit_text(surface, shown, self.fs(21), (sr.x + round(12 * k), sr.centery),
                        theme.INK if self.query else theme.MUTED, False, "midleft", sr.w - round(24 * k))
        if not self.shown:
            theme.blit_wrapped(surface, f"No topic mentions \"{self.query}\". Backspace or Esc to search again.",
                               self.fs(20), pygame.Rect(sr.x, sr.bottom + round(14 * k), sr.w, 10 ** 4), theme.RED)
        for name in self.element_names():
            if not name.startswith("topic:"):
                continue
            topic = self.shown[int(name.split(":")[1])]
            r = self.element_rect(name)
            chosen = topic is self.selected
            if chosen or self.hover == name:
                pygame.draw.rect(surface, (255, 228, 150) if chosen else (240, 226, 196), r, border_radius=5)
            theme.blit_text(surface, topic.title, self.fs(21), (r.x + round(10 * k), r.centery), theme.INK, chosen,
                            "midleft", r.w - round(16 * k))
        more = len(self.shown) - self.list_top - self.rows
        if more > 0 or self.list_top:
            note = f"{more} more below (wheel)" if more > 0 else "more above (wheel)"
            theme.blit_text(surface, note, self.fs(18), (self.list_rect.x, self.list_rect.bottom), theme.BLUE, False,
                            "bottomleft")

    def _draw_topic(self, surface):
        k, body = self.k, self.body
        topic = self.selected if self.shown else None
        if topic is None:
            return
        surface.set_clip(body)
        y = body.y - self.scroll_y
        head = common.render(common.display_font(self.fs(34)), topic.title, theme.RED)
        surface.blit(head, (body.x, y))
        y += head.get_height() + round(2 * k)
        where = f"Rulebook: {topic.section}" if topic.section else "Not in the rulebook: how this game is played"
        r = theme.blit_text(surface, where, self.fs(19), (body.x, y), theme.BLUE, True, width=body.w)
        y = r.bottom + round(12 * k)
        if topic.title == ICONS:
            y = self._icons(surface, body.x, y, body.right)
        else:
            y = theme.blit_wrapped(surface, topic.text, self.fs(22), pygame.Rect(body.x, y, body.w, 10 ** 5))
        surface.set_clip(None)
        self.content_h = y + self.scroll_y - body.y
        if self.content_h > body.h:
            more = "scroll (wheel, Page Down) for more" if self.scroll_y + body.h < self.content_h else "top: Page Up"
            theme.blit_text(surface, more, self.fs(18), (body.right, self.page.y + round(20 * k)), theme.BLUE, False,
                            "topright")

    def _icons(self, surface, x, y, right):
        """Every card icon and the map's pieces, drawn, with their meaning; returns the y below."""
        k = self.k
        size = self.fs(21)
        isz = max(round(40 * k), theme.font(size).get_linesize() * 2)
        for name, meaning in icons.NAMES.items():
            surface.blit(icons.icon(name, isz, self.amounts.get(name)), (x, y))
            end = theme.blit_wrapped(surface, meaning, size, pygame.Rect(x + isz + 10, y + 4, right - x - isz - 10,
                                                                         10 ** 5))
            y = max(y + isz, end) + round(8 * k)
        y = theme.blit_wrapped(surface, "On cards, a ring in a region's colour takes from that region; a purple "
                               "ring takes from the general stockpile.", size,
                               pygame.Rect(x, y + 4, right - x, 10 ** 5), theme.MUTED)
        y += round(10 * k)
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
        return y + isz
