"""The table: the whole game on one screen, played with the mouse.

The scene draws one seat's view (``Game.view``) and turns clicks into one of
``game.decision.options``; it never changes the game any other way. Clicks
on things that are not an option show the engine's reason (``why_illegal``).
"""
from __future__ import annotations

import pygame

from game import IllegalAction
from sprites import theme
from sprites.anim import Tween, now_ms, shortest_turn
from sprites.scene import Scene
from sprites.seats import SeatControl
from sprites.table import cardface, dialog, leftpanel, motion, overlays, parts, promptbar, tips as tiptext
from sprites.table.aiplayer import AIPlayer
from sprites.table.hint import Hint
from sprites.table.handview import HandView
from sprites.table.layout import TableLayout
from sprites.table.mapview import MapView
from sprites.table.rightpanel import RightPanel
from sprites.targets import PANEL_KINDS, candidate, group_options

USEFUL_KINDS = ("play_card", "use_hex", "divination")      # left unused, End Turn asks first
BUTTON_LABELS = {"button:end_turn": "End Turn", "button:stop_attack": "Stop Attack", "button:undo": "Undo (U)",
                 "button:help": "Help F1", "button:menu": "Menu", "button:speed": "Speed x1",
                 "button:divination": "Divination", "button:consume_noble": "Consume Noble",
                 "button:scores": "Final scores", "button:choices": "All choices", "button:hint": "Hint"}


class TableScene(Scene):
    def __init__(self, app, session, handoff=True):
        super().__init__(app)
        self.session = session
        self.seats = SeatControl(session, handoff=handoff)
        self.data = session.game.data
        self.dialog = None
        self.dialog_kind = None         # "choose" (a click offered several), "panel", "draft", "confirm"
        self.toast = None               # (text, until_ms)
        self.base = None
        self.base_dirty = True
        self.map_dirty = False
        self.view = None
        self.groups = {}
        self.tips = {}
        self.hex_angle = None
        self.hex_tween = None
        self.motion = motion.Motion()
        self._painted = {}              # part of the table -> what it shows (skip unchanged parts)
        self.ai = AIPlayer(self, app.threaded_ai)
        self.hint = Hint(self, app.threaded_ai)
        self.speed = 1
        self.labels = dict(BUTTON_LABELS)
        self.handoff_pending = False
        self.lay = None
        self.resize(app.screen.get_size())
        self.seats.follow()
        self.refresh()

    # ----- sizes and state -----------------------------------------------------
    def resize(self, size):
        if getattr(self, "lay", None) is not None and self.lay.size == tuple(size):
            return
        self.lay = TableLayout(size)
        self.map = MapView.for_rect(self.lay.map, self.data)
        self.right = RightPanel(self.lay, self.data)
        self.handview = HandView(self.lay, self.data)
        self.base = None
        self._prewarm()
        self.refresh()

    def _prewarm(self):
        """Draw every card face once at the hand and track sizes (about half a
        second), so that no frame has to draw a card the first time it shows."""
        for size in (self.handview.card_size(), self.handview.small_size()):
            for cid in self.data.cards:
                cardface.face(self.data, cid, *size)

    @property
    def game(self):
        return self.session.game

    def can_undo(self):
        return hasattr(self.session, "can_undo") and self.session.can_undo()

    def refresh(self):
        """Recompute the viewer's view, the clickable options and the elements."""
        g = self.game
        viewer = self.seats.viewer
        self.view = v = g.view(viewer)
        d = g.decision
        me = v["players"][viewer]
        self.hand = self._sorted_hand(me["hand"] or [])
        draft = v["draft"] or []
        mine = d is not None and d.player == viewer and self.seats.is_human(viewer) and not self.handoff_pending
        if mine:
            region = g.state.players[d.player].region
            self.groups = group_options(d.options, self.hand, v["track"], draft, region, g.card_key)
        else:
            self.groups = {}
        names = [p["name"] for p in v["players"]]
        self.tips = tiptext.build(g, v, self.groups, self.hand, names)
        target = 60 * self.data.ring.index(v["hex_arrow"])
        if self.hex_angle is None:
            self.hex_angle = target
        elif self.hex_tween is None and round(self.hex_angle) % 360 != target % 360:
            end = shortest_turn(self.hex_angle, target)
            self.hex_tween = Tween(self.hex_angle, end, now_ms(), self._duration(320))
        self._sync_dialog(d, mine)
        self._register()
        self.base_dirty = True
        self.app.dirty = True

    def _sorted_hand(self, hand):
        """The hand as shown: Dragon Hex Cards, then by region (ring order), Any Region last."""
        data = self.data

        def key(cid):
            c = data.cards[cid]
            if c.is_hex:
                return (0, 0, c.name, cid)
            return (1, data.region_index[c.region] if c.region else 6, c.name, cid)
        return sorted(hand, key=key)

    def _duration(self, ms):
        return 0 if not self.app.animate else ms // self.speed

    def _sync_dialog(self, d, mine):
        """Open the panel for decisions that are answered in a dialog."""
        if self.dialog_kind in ("choose", "confirm") and mine:
            return
        self.dialog = self.dialog_kind = None
        if not mine:
            return
        if d.kind in PANEL_KINDS:
            title = "Level up!" if d.kind == "level_up" else "Choose a resource"
            choices = [(f"option:{i}", self._option_label(a)) for i, a in enumerate(d.options)]
            text = d.prompt
            if d.kind == "level_up":
                text += " " + " ".join(f"{self.data.ability(a.choice).name}: {self.data.ability(a.choice).text}"
                                       for a in d.options)
            self.dialog = dialog.Dialog(title, choices, text=text, cancel=False, width=560)
            self.dialog_kind = "panel"
        elif d.kind == "scheme_pick":
            draft = self.view["draft"] or []
            self.dialog = dialog.Dialog("Scheme: keep one card", cards=[(f"draft:{j}", c) for j, c in enumerate(draft)],
                                        text=d.prompt + " Click the card you keep.", cancel=False)
            self.dialog_kind = "draft"

    def _option_label(self, a):
        if a.kind == "level_up":
            return self.data.ability(a.choice).name
        if a.kind == "choose_resource":
            return f"Take a {a.choice}"
        return self.game.describe(a)

    def _register(self):
        self.clear_elements()
        lay = self.lay
        if self.dialog is not None:
            self.dialog.layout(lay, lay.map.inflate(-lay.pad, -lay.pad))
            for name, rect in self.dialog.elements(lay):
                self.add(name, rect, tip=self.tips.get(name))
            self.add("dialog", self.dialog.rect)
        for name, rect in promptbar.button_rects(lay, self._has_undo()).items():
            if name in ("button:end_turn", "button:stop_attack") and name not in self.groups:
                continue
            if name == "button:undo" and not self.can_undo():
                continue
            if name == "button:scores" and not self.game.is_over:
                continue
            if name == "button:choices" and not self.groups:
                continue
            if name == "button:hint" and not self.groups:
                continue
            self.add(name, rect, tip=self.tips.get(name))
        self.handview.register(self, self.view, self.hand, self.tips)
        self.map.register(self, self.tips)
        leftpanel.register(self, lay, self.data, self.view, self.tips)
        self.right.register(self, self.view, self.tips)

    def _has_undo(self):
        return hasattr(self.session, "can_undo")

    # ----- input -------------------------------------------------------------------
    def click(self, name):
        if self.dialog is not None:
            inside = {n for n, _ in self.dialog.elements(self.lay)}
            if name in inside:
                return self._dialog_click(name)
            if name in ("button:choices", "button:help"):
                return self.show_all_choices() if name == "button:choices" else self.app.show_help()
            if name != "dialog" and self.dialog.cancel:
                self._close_dialog()
                return self.click(name)
            return None
        if name == "button:help":
            return self.app.show_help()
        if name == "button:menu":
            return self.app.to_title(self)
        if name == "button:speed":
            self.speed = {1: 2, 2: 4, 4: 1}[self.speed]
            self.labels["button:speed"] = f"Speed x{self.speed}"
            self.base_dirty = True
            return None
        if name == "button:undo":
            return self.undo()
        if name == "button:hint":
            return self.ask_hint()
        if name == "button:scores":
            return self.app.show_scores(self.session)
        if name == "button:choices":
            return self.show_all_choices()
        if name.startswith("token:"):            # a token lies on its region: the click is the region's
            name = "region:" + name.split(":")[1]
        if name in self.groups:
            return self._offer(name, self.groups[name])
        return self._explain(name)

    def _offer(self, name, idx):
        options = self.game.decision.options
        if len(idx) == 1:
            return self.choose(options[idx[0]])
        choices = [(f"option:{i}", self.game.describe(options[i])) for i in idx]
        what = self.tips.get(name, "").split(" Click:")[0]
        rect = self.element_rect(name)
        self.dialog = dialog.Dialog("Which one?", choices, text=what, anchor=rect.midtop if rect else None)
        self.dialog_kind = "choose"
        self._register()
        self.base_dirty = True
        return None

    def show_all_choices(self):
        """Every option of the current decision in one list (Tab)."""
        d = self.game.decision
        if d is None or not self.groups:
            return None
        choices = [(f"option:{i}", self.game.describe(a)) for i, a in enumerate(d.options)]
        self.dialog = dialog.Dialog("All choices", choices, text=d.prompt, width=520)
        self.dialog_kind = "choose"
        self._register()
        self.base_dirty = True
        return None

    def _dialog_click(self, name):
        if name == "button:cancel":
            return self._close_dialog()
        if name == "button:confirm":
            self._close_dialog()
            return self.apply(self._confirm_action)
        kind, _, rest = name.partition(":")
        options = self.game.decision.options
        if kind == "option":
            self._close_dialog()
            return self.choose(options[int(rest)])
        if kind == "draft" and name in self.groups:
            return self.choose(options[self.groups[name][0]])
        return None

    def _close_dialog(self):
        """Close a question the player asked for; a decision's own panel comes back."""
        if self.dialog_kind in ("choose", "confirm"):
            self.dialog = self.dialog_kind = None
            self.refresh()

    def choose(self, action):
        """A human picked an option; End Turn asks first if useful actions remain."""
        if action.kind == "end_turn":
            left = [a for a in self.game.decision.options if a.kind in USEFUL_KINDS]
            if left:
                sample = "; ".join(dict.fromkeys(self.game.describe(a) for a in left[:4]))
                self._confirm_action = action
                self.dialog = dialog.Dialog(
                    "End your turn?", [("button:confirm", "End Turn (Enter)")],
                    text=f"You could still: {sample}{' ...' if len(left) > 4 else ''}.")
                self.dialog_kind = "confirm"
                self._register()
                self.base_dirty = True
                return None
        return self.apply(action)

    def _explain(self, name):
        g = self.game
        d = g.decision
        if d is None or name.split(":")[0] not in ("hand", "track", "draft", "lair_action", "region", "site", "hex",
                                                     "button"):
            return None
        if d.player != self.seats.viewer or not self.seats.is_human(d.player):
            return self.say(f"Wait: it is {self.seats.name(d.player)}'s decision.")
        hexes = [c for c in self.hand if self.data.cards[c].is_hex]
        action = candidate(name, d.kind, self.hand, self.view["track"], self.view["draft"] or [],
                           hexes[0] if hexes else None)
        if action is None:
            return None
        reason = g.why_illegal(action)
        if name.startswith("site:"):
            region = name.split(":")[1]
            here = g.state.players[d.player].region
            if here and region != here:
                reason = f"That settlement is in {region}; your dragon is in {here}. " + reason
        return self.say(reason)

    def ask_hint(self):
        if not self.groups:
            return self.say("No hint now: it is not your decision.")
        self.hint.ask()
        return self._show_hint()

    def _show_hint(self):
        text = self.hint.take()
        if text:
            self.say(text, ms=9000)

    def say(self, text, ms=4500):
        self.toast = (text, now_ms() + ms)
        self.app.dirty = True

    def key(self, event):
        if event.key == pygame.K_ESCAPE and self.dialog is not None and self.dialog.cancel:
            self._close_dialog()
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.dialog_kind == "confirm":
                self._dialog_click("button:confirm")
            elif self.dialog is None and "button:end_turn" in self.groups:
                self.click("button:end_turn")
        elif event.key == pygame.K_u:
            self.undo()
        elif event.key == pygame.K_h:
            self.ask_hint()
        elif event.key == pygame.K_TAB and self.dialog_kind not in ("choose", "confirm"):
            self.show_all_choices()
        elif event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.right.scroll_log(3 if event.key == pygame.K_PAGEUP else -3, self.view["log"])
            self.base_dirty = True
        self.app.dirty = True

    def scroll(self, pos, dy):
        if self.right.log_rect.collidepoint(pos):
            self.right.scroll_log(dy, self.view["log"])
            self.base_dirty = True
            self.app.dirty = True

    def undo(self):
        if not self.can_undo():
            return self.say("Nothing to undo here.")
        self.session.undo()
        self._after_change(None)
        return None

    # ----- applying -------------------------------------------------------------------
    def apply(self, action):
        g = self.game
        before = motion.snapshot(g)
        try:
            self.session.apply(action)
        except IllegalAction as exc:
            self.say(str(exc))
            return False
        self._after_change(before)
        return True

    def _after_change(self, before):
        g = self.game
        now = now_ms()
        if before is not None and self.app.animate:
            self.motion.start(before, g, now, self.map.geo, self._lair_point, self._card_point, self._duration,
                              self._stock_point)
        self._report_autosave()
        self.dialog = self.dialog_kind = None
        self.ai.pause_until(now + self.app.ai_delay_ms // self.speed)
        if g.is_over:
            self.refresh()
            self.app.show_scores(self.session)
            return
        self.handoff_pending = self.seats.needs_handoff()
        if self.handoff_pending:
            self.refresh()
            self.app.show_handoff(self)
            return
        self.seats.follow()
        self.refresh()

    def handed_over(self, seat):
        """The hand-off screen confirmed who sits at the computer now."""
        self.seats.take_over(seat)
        self.handoff_pending = False
        self.refresh()

    def _card_point(self, seat):
        """Where loot flies to: the viewer's Dragon Card, or that dragon's row."""
        if seat == self.seats.viewer:
            rows = self.right.player_rows(len(self.view["players"]))
            return (self.lay.right.centerx, rows[-1].bottom + self.lay.px(80))
        return self.right.player_rows(len(self.view["players"]))[seat].center

    def _stock_point(self, res):
        """Where the general stockpile's resource sits in the left column."""
        sec = leftpanel.sections(self.lay)["stockpile"]
        k = ("livestock", "gold", "noble", "field").index(res)
        return (sec.x + k * sec.w // 4 + self.lay.px(12), sec.bottom - self.lay.px(18))

    def _report_autosave(self):
        for listener in getattr(self.session, "listeners", ()):
            problem = getattr(listener, "last_error", None)
            if problem:
                self.say(f"Autosave failed: {problem}")

    def _lair_point(self, seat):
        """Dragons fly in from their lair: the map's edge next to their row."""
        rows = self.right.player_rows(len(self.view["players"]))
        m = self.lay.map
        r = self.map.geo.dragon_radius
        return (m.right - r, max(m.y + r, min(m.bottom - r, rows[seat].centery)))

    # ----- time ---------------------------------------------------------------------------
    def update(self, now):
        moving = False
        if self.hex_tween is not None:
            self.hex_angle = self.hex_tween.value(now)
            if self.hex_tween.done(now):
                self.hex_angle = self.hex_tween.end % 360
                self.hex_tween = None
                self.refresh()
            moving = True
        map_moving, overlay_moving = self.motion.update(now)
        if map_moving:
            moving = True
        if moving:
            self.map_dirty = True
        moving = moving or overlay_moving
        if self.toast and now > self.toast[1]:
            self.toast = None
            self.app.dirty = True
        self.ai.run(now, bool(self.hex_tween) or self.motion.busy())
        self._show_hint()
        return moving

    def wakeup_ms(self, now):
        waits = []
        if self.toast:
            waits.append(self.toast[1] - now)
        ai_wait = self.ai.wakeup_ms(now)
        if ai_wait is not None:
            waits.append(ai_wait)
        return max(0, min(waits)) if waits else None

    # ----- drawing ---------------------------------------------------------------------------
    def _paint_map(self, surf):
        """Only the map (animation frames): the panels around it stay as they are."""
        now = now_ms()
        moving = self.motion.dragon_positions(now)
        surf.set_clip(self.lay.map)
        self.map.draw(surf, self.view, set(self.groups), self.hex_angle, moving)
        surf.set_clip(None)

    def header(self):
        return parts.header(self)

    def _paint_base(self, surf):
        parts.paint_changed(self, surf, self._painted)

    def draw(self, surface):
        size = surface.get_size()
        if self.base is None or self.base.get_size() != size:
            self.base = pygame.Surface(size).convert() if pygame.display.get_surface() else pygame.Surface(size)
            self.base_dirty = True
            self._painted = {}
        if self.base_dirty:
            self._paint_base(self.base)
            self.base_dirty = self.map_dirty = False
        elif self.map_dirty:
            self._paint_map(self.base)
            self._painted.pop("map", None)
            self.map_dirty = False
        surface.blit(self.base, (0, 0))
        lay = self.lay
        hover = self.element(self.hover) if self.hover else None
        if hover is not None and hover.name in self.groups and not hover.name.startswith(
                ("hand:", "draft:", "region:", "hex:use")):
            pygame.draw.rect(surface, theme.HILITE, hover.rect.inflate(4, 4), 2, border_radius=6)
        if hover is not None and hover.name.startswith("button:") and hover.name in BUTTON_LABELS \
                and self.dialog is None:
            enabled = hover.name in self.groups or hover.name in ("button:help", "button:menu", "button:speed",
                                                                   "button:undo", "button:hint")
            label = self.labels[hover.name]
            theme.button(surface, hover.rect, label, lay.font(20), enabled=enabled, hot=True,
                         primary=hover.name == "button:end_turn", danger=hover.name == "button:stop_attack")
        if hover is not None and hover.name.startswith(("hand:", "track:")) and self.dialog is None:
            kind, _, j = hover.name.partition(":")
            cards = self.hand if kind == "hand" else self.view["track"]
            overlays.zoom_card(surface, lay, self.data, cards[int(j)], hover.rect)
        if self.motion.busy():
            self.motion.draw_overlays(surface, now_ms(), self.handview.track_rects(len(self.view["track"])), self.data,
                                      self.view["track"], lay.px(30), self.map.geo.polygons)
        if self.dialog is not None:
            theme.shade(surface, lay.map, 70)
            self.dialog.draw(surface, lay, self.data, self.hover)
        if self.toast:
            overlays.toast(surface, lay, self.toast[0])
        in_dialog = self.dialog is None or hover is None or self.dialog.rect.colliderect(hover.rect)
        if hover is not None and hover.tip and in_dialog:
            overlays.tooltip(surface, lay, hover.tip, hover.rect)
