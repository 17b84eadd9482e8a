"""The table: the whole game on one screen, played with the mouse.

The scene draws one seat's view (``Game.view``) and turns clicks into one of
``game.decision.options``; it never changes the game any other way. Clicks
on things that are not an option show the engine's reason (``why_illegal``).

What the table promises a player:
- it shows the state after every applied action (animations end where the
  state is; nothing is left half-drawn);
- in hot-seat, nothing one player saw (hand, lair, hint, dialog, preview,
  tooltip, private log line, a draw in flight) survives the hand-off;
- every action shows on the map where it happened (``marks``: from the
  engine's events and the action's ``touches``), at the chosen speed, and
  AI dragons can be paused and stepped through one move at a time;
- a one-click action that spends something and cannot be undone asks first;
  the hand does not slide under a pointer that has not moved.
"""
from __future__ import annotations

import pygame

from game import IllegalAction
from game.app import unsaved
from game.events import visible_to
from game.routes import route
from game.summary import since_last_turn, turn_starts
from sprites import palette, theme
from sprites.anim import Tween, now_ms, shortest_turn
from sprites.scene import Scene
from sprites.seats import SeatControl
from sprites.table import dialog, leftpanel, marks, motion, overlays, parts, promptbar, tips as tiptext
from sprites.table.aiplayer import AIPlayer
from sprites.table.hint import Hint
from sprites.table.handview import HandView
from sprites.table.layout import TableLayout
from sprites.table.logpanel import LogPanel
from sprites.table.mapview import MapView
from sprites.table.rightpanel import RightPanel
from sprites.table.standings import KEY as STANDINGS_KEY, StandingsPanel
from sprites.targets import PANEL_KINDS, group_options, signature, why_not

USEFUL_KINDS = ("play_card", "use_hex", "divination")      # left unused, End Turn asks first
# One-click actions that spend a card, a resource or Life: if undo could not take
# them back, the table asks first; map clicks that spend remind of Undo.
SPENDING_KINDS = ("discard", "lick_wounds", "move", "fly", "turn_hex", "consume_noble", "divination", "play_card",
                  "use_hex", "attack", "raze")
MAP_SPENDING = ("move", "turn_hex")
REFLOW_MS = 400          # the hand keeps its places this long after a change, and until the pointer moves
BUTTON_LABELS = {"button:end_turn": "End Turn", "button:stop_attack": "Stop Attack", "button:undo": "Undo (U)",
                 "button:help": "Help F1", "button:menu": "Menu", "button:speed": "Speed x1",
                 "button:divination": "Divination", "button:consume_noble": "Consume Noble",
                 "button:lick_wounds": "Lick Wounds",
                 "button:scores": "Final scores", "button:choices": "All choices", "button:hint": "Hint",
                 "button:pause": "Pause (P)", "button:step": "Step (S)"}
ALWAYS_ON = ("button:help", "button:menu", "button:speed", "button:hint", "button:pause")
HAPPENED_MS = 1000       # an action's marks on the map (divided by the speed; the next AI move comes sooner)
POINTED_MS = 2600        # the marks of a clicked log line


class TableScene(Scene):
    shows_unsaved = True            # (its own banner: sprites.unsaved draws nothing over it)

    def __init__(self, app, session, handoff=True):
        super().__init__(app)
        self.session = session
        self.seats = SeatControl(session, handoff=handoff)
        self.data = palette.view_data(session.game.data, app.settings.colour_blind)
        self.dialog = None
        self.dialog_kind = None         # "choose" (a click offered several), "panel", "draft", "confirm"
        self.toast = None               # (text, until_ms)
        self.unsaved = None             # while the autosave fails: what to say (game.app.unsaved)
        self.hinted = None              # {"text", "at", "names"}: the hint shown for the current decision
        self.base = None
        self.base_dirty = True
        self.map_dirty = False
        self.view = None
        self.groups = {}
        self.tips = {}
        self.hex_angle = None
        self.hex_tween = None
        self.motion = motion.Motion()
        self.standings = StandingsPanel(self)
        self.happened = marks.Marks()   # what the last actions touched
        self.pointed = marks.Marks()    # what a clicked log line touched
        self.log = LogPanel(None)
        self.summary = None             # "since your last turn" lines shown over the map
        self._previews = {}             # element -> (words, places) of what hovering it previews
        self._painted = {}              # part of the table -> what it shows (skip unchanged parts)
        self.ai = AIPlayer(self, app.threaded_ai)
        self.hint = Hint(self, app.threaded_ai)
        self.speed = app.settings.speed
        self.labels = dict(BUTTON_LABELS, **{"button:speed": f"Speed x{self.speed}"})
        self.handoff_pending = False
        self.hand, self.slots, self.gaps = [], [], []
        self.freeze = None              # (until ms, pointer then) while the hand keeps its places
        self.pointer = None             # the last pointer position seen in an event
        self.zoomed = None              # the hand when a card of it was last enlarged
        self._confirm_action = None
        self.lay = None
        self.resize(app.screen.get_size())
        self.seats.follow()
        self.refresh()
        app.sounds.follow(self.game, self.seats.viewer)      # what happened before this table is not sounded

    def restyle(self):
        """The settings changed (palette, text size, speed): lay out and paint afresh."""
        self.data = palette.view_data(self.session.game.data, self.app.settings.colour_blind)
        self.speed = self.app.settings.speed
        self.labels["button:speed"] = f"Speed x{self.speed}"
        self.lay = None
        self.base = None
        self._painted = {}
        self.resize(self.app.screen.get_size())
        self.refresh()

    # ----- sizes and state -----------------------------------------------------
    def resize(self, size):
        if getattr(self, "lay", None) is not None and self.lay.size == tuple(size):
            return
        self.lay = TableLayout(size)
        self.map = MapView.for_rect(self.lay.map, self.data)
        self.right = RightPanel(self.lay, self.data, self.log)
        self.handview = HandView(self.lay, self.data, len(self.session.seats) + self.data.setup["track_extra"])
        self.base = None
        self.slots, self.gaps, self.freeze = [], [], None
        self._prewarm()
        if self.view is not None:                 # the same view, laid out afresh (no need to recompute it)
            self._layout_hand(self.hand)
            self._register()
            self.base_dirty = True
            self.app.dirty = True

    def _prewarm(self):
        """Draw the cards and pieces once at this window size (half a second
        the first time), so that no frame draws one the first time it shows."""
        self.handview.prewarm(dialog.card_size(self.lay))
        self.right.prewarm()
        self.map.prewarm()
        self.motion.prewarm(self.data, self.lay.px(30))

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
        self._layout_hand(self._sorted_hand(me["hand"] or []))
        draft = v["draft"] or []
        mine = self.my_decision()
        if mine:
            self.groups = group_options(g, d.options, self.hand, v["track"], draft)
        else:
            self.groups = {}
        if self.hinted is not None and self.hinted["at"] != len(self.session.actions):
            self.hinted = None
        names = [p["name"] for p in v["players"]]
        colours = {d.name: palette.colour_name(d) for d in self.data.dragons}
        self.tips = tiptext.build(g, v, self.groups, self.hand, names, self.undo_refusal(), colours)
        for i, seat in enumerate(self.session.seats):      # the row may shorten "[AI normal]" to "[AI]"
            if seat.kind != "human" and f"player:{i}" in self.tips:
                self.tips[f"player:{i}"] += f" Played by the computer: AI {seat.kind}."
        self.tips["button:pause"] = ("Resume the AI dragons (P)." if self.ai.paused else
                                     "Pause the AI dragons before their next move (P); Step then plays one move.")
        self.tips["button:step"] = "Let the next AI move through, then wait again (S)."
        self.labels["button:pause"] = "Resume (P)" if self.ai.paused else "Pause (P)"
        self._previews = {}
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

    def my_decision(self):
        """True if the decision is the viewer's and a person makes it at this table now."""
        d = self.game.decision
        return (d is not None and d.player == self.seats.viewer and self.seats.is_human(d.player)
                and not self.handoff_pending)

    def _sorted_hand(self, hand):
        """The hand as shown: Dragon Hex Cards, then by region (ring order), Any Region last."""
        data = self.data

        def key(cid):
            c = data.cards[cid]
            if c.is_hex:
                return (0, 0, c.name, cid)
            return (1, data.region_index[c.region] if c.region else 6, c.name, cid)
        return sorted(hand, key=key)

    # ----- the hand keeps its places under a still pointer ---------------------------
    def _layout_hand(self, hand):
        old = self.slots
        self.hand = hand
        fresh = list(zip(hand, self.handview.hand_rects(len(hand))))
        if [c for c, _ in old] == hand:
            return
        if not old or not self._pointer_on_hand():
            self.slots, self.gaps, self.freeze = fresh, [], None
            return
        left = list(hand)
        kept, gaps = [], list(self.gaps)
        for cid, rect in old:
            if cid in left:
                left.remove(cid)
                kept.append((cid, rect))
            else:
                gaps.append(rect)
        if left:                          # new cards go to the right end, if they fit there
            w, _ = self.handview.card_size()
            x = max(r.right for _, r in old) + self.lay.px(8)
            y = self.handview.hand_rects(1)[0].y
            for cid in left:
                if x + w > self.handview.cards_area().right:
                    self.slots, self.gaps, self.freeze = fresh, [], None
                    return
                kept.append((cid, pygame.Rect(x, y, w, old[0][1].h)))
                x += w + self.lay.px(8)
        self.slots, self.gaps = kept, gaps
        self.hand = [c for c, _ in kept]
        self.freeze = (now_ms() + REFLOW_MS, self.pointer)

    def _pointer_on_hand(self):
        return self.pointer is not None and self.lay.hand.collidepoint(self.pointer)

    def _maybe_reflow(self, now):
        """Lay the hand out afresh once REFLOW_MS have passed and the pointer has moved or left it."""
        if self.freeze is None or now < self.freeze[0]:
            return
        then = self.freeze[1]
        moved = then is None or self.pointer is None or abs(self.pointer[0] - then[0]) + abs(
            self.pointer[1] - then[1]) > 3
        if moved or not self._pointer_on_hand():
            self.slots, self.gaps, self.freeze = [], [], None
            self.refresh()

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
        return self.game.describe(a)

    def _register(self):
        self.clear_elements()
        lay = self.lay
        if self.summary is not None and self.dialog is None:
            box, close = overlays.summary_rects(lay, self.summary)
            self.add("summary:close", close, tip="Close (any click on the table closes it too).")
            self.add("summary", box, tip="What the other dragons did since your last turn (also in the log).")
        for name, rect in self.bar_rects().items():
            if name in ("button:end_turn", "button:stop_attack") and name not in self.groups:
                continue
            if name == "button:step" and not self.ai.paused:
                continue
            if name == "button:scores" and not self.game.is_over:
                continue
            if name in ("button:choices", "button:hint") and not self.groups:
                continue
            self.add(name, rect, tip=self.tips.get(name))
        prompt, extra = self.header()[1], self.bar_extra()
        buttons = {n: r for n, r in self.bar_rects().items() if self.element(n) is not None}
        if promptbar.cut(lay, prompt, buttons, extra):        # the whole prompt, where the bar cuts it
            self.add("prompt_text", promptbar.text_rect(lay, buttons, extra), tip=prompt)
        self.handview.register(self, self.view, self.slots, self.tips, self.gaps)
        self.map.register(self, self.tips)
        leftpanel.register(self, lay, self.data, self.view, self.tips)
        self.right.register(self, self.view, self.tips)
        self.standings.register(self, lay, self.right.heading_rect())
        if self.dialog is not None:         # in front of all, the open standings too: a question stays answerable
            below_bar = pygame.Rect(0, lay.map.y, lay.size[0], lay.size[1] - lay.map.y)
            self.dialog.layout(lay, lay.map.inflate(-lay.pad, -lay.pad), below_bar.inflate(-lay.pad, -lay.pad))
            self.add("dialog", self.dialog.rect, front=True)
            for name, rect in reversed(list(self.dialog.elements(lay))):
                self.add(name, rect, tip=self.tips.get(name), front=True)
        self._rehover()

    def _rehover(self):
        """Names like hand:3 mean another card now: ask what is under the pointer. Once
        the hand changed (a card was played), no card is enlarged until the pointer moves."""
        if self.hover is not None:
            e = self.element_at(self.pointer) if self.pointer else None
            self.hover = e.name if e else None
            if self.hover is not None and self.hover.startswith("hand:") and self.zoomed != self.hand:
                self.hover = None

    def _has_undo(self):
        return hasattr(self.session, "can_undo")

    def _has_ai(self):
        """AI dragons still to play here (Pause and Step: not on a finished game's table)."""
        return (hasattr(self.session, "apply") and any(not s.is_human for s in self.session.seats)
                and not self.game.is_over)

    def bar_rects(self):
        return promptbar.button_rects(self.lay, self._has_undo(), self._has_ai())

    def undo_refusal(self):
        """Why Undo is not possible now (None if it is, or if this table has no undo)."""
        why = getattr(self.session, "why_no_undo", None)
        return why() if why is not None else None

    # ----- input -------------------------------------------------------------------
    def handle(self, event):
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.pointer = event.pos
        if event.type == pygame.MOUSEWHEEL and self.pointer is not None:
            return self.scroll(self.pointer, event.y)          # where the pointer is, as the events said
        super().handle(event)

    def click(self, name):
        if self.standings.click(name):
            return None
        if self.summary is not None and not name.startswith("log:"):
            self.put_summary_away()             # read: any click on the table puts it away
            if name in ("summary", "summary:close"):
                return None
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
            self.set_speed({1: 2, 2: 4, 4: 1}[self.speed])
            return None
        if name == "button:pause":
            return self.toggle_pause()
        if name == "button:step":
            return self.step_ai()
        if name.startswith("log:"):
            return self.click_log(name)
        if name == "button:undo":
            return self.undo()
        if name == "button:hint":
            return self.ask_hint()
        if name == "button:scores":
            return self.app.show_scores(self.session)
        if name == "button:choices":
            return self.show_all_choices()
        name = self._whole_region(name)
        if name in self.groups:
            return self._offer(name, self.groups[name])
        if name.startswith("region:") and self.groups and self._offer_flight(name.split(":", 1)[1]):
            return None
        return self._explain(name)

    def _offer_flight(self, region):
        """A region further than one move: offer the whole flight there, if the engine
        has one (``game.routes``), as one question; each step can still be undone."""
        steps = route(self.game, region)
        if len(steps) < 2:
            return False
        self._confirm(steps, f"Fly to {region}?", "Fly there (Enter)",
                      f"{len(steps)} moves: " + " ".join(f"{i}. {self.game.describe(a)}." for i, a in
                                                         enumerate(steps, 1)))
        return True

    def _whole_region(self, name):
        """A click on a token, or on a site that offers nothing, inside a region
        that offers something is a click on that region."""
        kind, _, rest = name.partition(":")
        if kind in ("token", "site") and name not in self.groups:
            region = f"region:{rest.split(':')[0]}"
            if kind == "token" or region in self.groups:
                return region
        return name

    def put_summary_away(self):
        """The "since your last turn" summary has been read."""
        self.summary = None
        self._register()
        self.app.dirty = True

    def click_nothing(self, pos):
        """A click on the map's scenery or coast counts for the region it lies in;
        anywhere else it puts the "since your last turn" summary away."""
        if self.summary is not None:
            return self.put_summary_away()
        if self.dialog is None and self.lay.map.collidepoint(pos):
            region = self.map.geo.region_near(pos)
            if region is not None:
                self.click(f"region:{region}")

    def toggle_pause(self):
        self.ai.toggle_pause()
        self.refresh()

    def step_ai(self):
        if not self.ai.paused:
            return self.say("Step works while the AI dragons are paused (P).", note=True)
        if self.seats.ai_turn() is None:
            return self.say("No AI dragon is to move now.", note=True)
        self.ai.step()
        self.app.dirty = True
        return None

    def click_log(self, name):
        """Filter chips and century headers change the log; a line shows what it touched on the map."""
        picked = self.log.click(name)
        self.pointed.clear()
        if picked is not None:
            event = self.view["log"][picked]["event"]
            self.pointed.add(marks.event_marks(event), now_ms(), POINTED_MS, colour=self._seat_colour(event.get("seat")))
        self.base_dirty = True
        self._register()
        self.app.dirty = True

    def log_has_places(self, index):
        return bool(marks.event_marks(self.view["log"][index]["event"]))

    def set_speed(self, speed):
        self.speed = speed
        self.labels["button:speed"] = f"Speed x{speed}"
        self.app.settings.speed = speed            # remembered for the next run
        self.app.settings.save()
        self.base_dirty = True

    def _offer(self, name, idx):
        options = self.game.decision.options
        if len(idx) == 1 and name != "button:lick_wounds":
            return self.choose(options[idx[0]])
        choices = [(f"option:{i}", self.game.describe(options[i])) for i in idx]
        if name == "button:lick_wounds":
            heal = self.data.setup["heal"]["lick_wounds"]
            title, what, anchor = "Lick wounds: discard which card?", f"Each card discarded heals {heal} Life.", None
        else:
            rect = self.element_rect(name)
            title, what, anchor = "Which one?", self.tips.get(name, "").split(" Click:")[0], rect.midtop if rect else None
        self.dialog = dialog.Dialog(title, choices, text=what, anchor=anchor, width=460)
        self.dialog_kind = "choose"
        self._register()
        self.base_dirty = True
        return None

    def show_all_choices(self):
        """Every option of the current decision in one list (Tab); copies of a card count once."""
        d = self.game.decision
        if d is None or not self.groups:
            return None
        seen, choices = set(), []
        for i, a in enumerate(d.options):
            sig = signature(a, self.game.card_key)
            if sig not in seen:
                seen.add(sig)
                choices.append((f"option:{i}", self.game.describe(a)))
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
            if isinstance(self._confirm_action, list):          # a flight: its moves, one by one
                for step in self._confirm_action:
                    if step not in self.game.decision.options or not self.apply(step):
                        break
                return None
            return self.apply(self._confirm_action)
        kind, _, rest = name.partition(":")
        options = self.game.decision.options
        if kind == "option":
            self._close_dialog()
            return self.choose(options[int(rest)], asked=True)
        if kind == "draft" and name in self.groups:
            return self.choose(options[self.groups[name][0]])
        return None

    def _close_dialog(self):
        """Close a question the player asked for; a decision's own panel comes back."""
        if self.dialog_kind in ("choose", "confirm"):
            self.dialog = self.dialog_kind = None
            self.refresh()

    def choose(self, action, asked=False):
        """A human picked an option. End Turn asks first if useful actions
        remain, and an action that spends something and cannot be undone asks
        first, unless it was picked from a list already (``asked``)."""
        if action.kind == "end_turn":
            left = [a for a in self.game.decision.options if a.kind in USEFUL_KINDS]
            if left and not asked and self.app.settings.confirm_end_turn:
                sample = "; ".join(dict.fromkeys(self.game.describe(a) for a in left[:4]))
                return self._confirm(action, "End your turn?", "End Turn (Enter)",
                                     f"You could still: {sample}{' ...' if len(left) > 4 else ''}.")
        elif action.kind in SPENDING_KINDS and not asked and not self._undoable(action):
            what = self.game.describe(action)
            return self._confirm(action, f"{what}?", "Yes (Enter)",
                                 f"{what}. Undo cannot take this back (it ends the step or shows new cards).")
        if not self.apply(action):
            return None
        if action.kind in MAP_SPENDING and self.can_undo():
            self.say(f"{self.game.describe(action)}: done. Undo (U) takes it back.", ms=2500, note=True)
        return None

    def _undoable(self, action):
        check = getattr(self.session, "would_be_undoable", None)
        return check is not None and check(action)

    def _confirm(self, action, title, yes, text):
        """Ask before ``action`` (or a list of actions: a flight of several moves)."""
        self._confirm_action = action
        self.dialog = dialog.Dialog(title, [("button:confirm", yes)], text=text, width=460)
        self.dialog_kind = "confirm"
        self._register()
        self.base_dirty = True
        return None

    def _explain(self, name):
        g = self.game
        d = g.decision
        if d is None or name.split(":")[0] not in ("hand", "track", "draft", "lair_action", "region", "site", "hex",
                                                     "button"):
            return None
        if d.player != self.seats.viewer or not self.seats.is_human(d.player):
            return self.say(f"Wait: it is {self.seats.name(d.player)}'s decision.")
        reason = why_not(g, name, self.hand, self.view["track"], self.view["draft"] or [])
        if reason is None:
            return None
        if name.startswith("site:"):
            region = name.split(":")[1]
            here = g.state.players[d.player].region
            if here and region != here:
                reason = f"That settlement is in {region}; your dragon is in {here}. " + reason
        return self.say(reason)

    # ----- hints --------------------------------------------------------------------
    def ask_hint(self):
        if not self.groups:
            return self.say("No hint now: it is not your decision.")
        if self.summary is not None:
            self.put_summary_away()      # read, as a click on the Hint button puts it away (H is that button)
        self.hint.ask()
        if self.hint.thinking:
            self.hinted = {"text": "Hint: the normal AI is thinking...", "at": len(self.session.actions), "names": []}
        return self._show_hint()

    def _show_hint(self):
        got = self.hint.take()
        if got is None:
            return
        text, action = got
        names = []
        if action is not None and action in self.game.decision.options:
            i = self.game.decision.options.index(action)
            names = sorted(n for n, idx in self.groups.items() if i in idx)
        self.hinted = {"text": text, "at": len(self.session.actions), "names": names}
        self.app.dirty = True

    def say(self, text, ms=4500, note=False):
        """A message over the map: red for a refusal or a failure, dark for a ``note``."""
        self.toast = (text, now_ms() + ms, note)
        self.app.dirty = True

    def key(self, event):
        if event.key == pygame.K_ESCAPE and self.dialog is not None and self.dialog.cancel:
            self._close_dialog()            # the question on top goes first
        elif event.key == STANDINGS_KEY or (event.key == pygame.K_ESCAPE and self.standings.open):
            self.standings.toggle()
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.dialog_kind == "confirm":
                self._dialog_click("button:confirm")
            elif self.dialog is None and "button:end_turn" in self.groups:
                self.click("button:end_turn")
        elif event.key == pygame.K_u:
            self.undo()
        elif event.key == pygame.K_h:
            self.ask_hint()
        elif event.key == pygame.K_p and self._has_ai():
            self.toggle_pause()
        elif event.key == pygame.K_s and self._has_ai():
            self.step_ai()
        elif event.key == pygame.K_TAB and self.dialog_kind not in ("choose", "confirm"):
            self.show_all_choices()
        elif event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.log.scroll_by(3 if event.key == pygame.K_PAGEUP else -3)
            self.base_dirty = True
            self._register()
        self.app.dirty = True

    def scroll(self, pos, dy):
        if self.lay.left.collidepoint(pos):       # large text in a short window: the left column scrolls
            lay = self.lay
            most = leftpanel.overflow(lay, self.data, self.view)
            lay.left_scroll = max(0, min(most, getattr(lay, "left_scroll", 0) - dy * lay.line(19)))
            self._register()
            self.base_dirty = True
            self.app.dirty = True
        elif self.right.log_rect.collidepoint(pos):
            self.log.scroll_by(dy)
            self.base_dirty = True
            self._register()
            self.app.dirty = True

    def undo(self):
        if not self.can_undo():
            why = self.undo_refusal()
            return self.say(f"Undo is not possible: {why}." if why else "Nothing to undo here.")
        self.session.undo()
        self._after_change(None)
        return None

    # ----- applying -------------------------------------------------------------------
    def apply(self, action):
        g = self.game
        before = motion.snapshot(g, self.seats.viewer)
        before["actor"] = g.decision.player if g.decision is not None else None
        before["touch"] = g.touches(action) if g.decision is not None and action in g.decision.options else None
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
        self._report_autosave()
        self.app.sounds.follow(g, self.seats.viewer)
        self.dialog = self.dialog_kind = None
        self.hinted = None
        self.ai.pause_until(now + self.app.ai_delay_ms // self.speed)
        if g.is_over:
            self.refresh()
            self.app.show_scores(self.session, celebrate=True)
            return
        if self.seats.needs_handoff():
            self.hide_for_handoff()
            return
        self.seats.follow()
        if before is not None and before["actor"] == self.seats.viewer:
            self.summary = None                 # the player acted: the summary has been read
        self.refresh()
        if (before is not None and before["actor"] != self.seats.viewer and self.my_decision()
                and turn_starts(self.game, self.seats.viewer)):
            self.show_summary()
        if before is not None and self.app.animate:
            draws = self._draw_path if before["viewer"] == self.seats.viewer else None
            self.motion.start(before, g, now, self.map.geo, self._lair_point, self._card_point, self._duration,
                              self._stock_point, draws)
        if before is not None and (self.app.animate or before["actor"] != self.seats.viewer):
            self._mark_happened(before, now)    # (animations off: still where another dragon acted, steady)

    def _mark_happened(self, before, now):
        """Light up on the map what the action touched (its events' fields, its
        spec's touches); another dragon's action also says what it was."""
        viewer = self.seats.viewer
        events = [e for e in self.game.state.log[before["log"]:] if visible_to(e, viewer)]
        places = []
        for e in events:
            places += marks.event_marks(e, before["touch"], before["where"])
        if not places:
            return
        caption = card = None
        if before["actor"] != viewer:
            texts = [entry["text"] for entry in self.view["log"][len(self.view["log"]) - len(events):]]
            caption = " ".join(texts[:2])
            card = next((e["card"] for e in events if e["kind"] == "plays"), None)
        self.happened.add(places, now, HAPPENED_MS // self.speed, colour=self._seat_colour(before["actor"]),
                          caption=caption, card=card, flash=self.app.animate)

    def _seat_colour(self, seat):
        """Marks of what a dragon did are in that dragon's colour (as the palette draws it)."""
        if seat is None or not 0 <= seat < len(self.view["players"]):
            return marks.HAPPENED
        return theme.rgb(self.map.dragons[self.view["players"][seat]["dragon"]].colour)

    def show_summary(self):
        """At the start of a player's turn: what the others did since their last one (public events only)."""
        lines = since_last_turn(self.game, self.seats.viewer)
        self.summary = lines or None
        self._register()

    def forget_private(self):
        """Hot-seat hand-off: drop everything the last player saw (messages,
        hint, dialogs, what the pointer hovered, animations of their cards,
        the log's scroll, every painted part) so that none of it reaches the
        next player's screen."""
        self.toast = None
        self.hinted = None
        self.standings.close()
        self.hint.forget()
        self.dialog = self.dialog_kind = None
        self._confirm_action = None
        self.hover = None
        self.motion.clear()
        self.happened.clear()
        self.pointed.clear()
        self.summary = None
        self._previews = {}
        self.log.forget()
        self.hex_tween = None
        self.hex_angle = None
        self.slots, self.gaps, self.freeze = [], [], None
        self.base = None
        self._painted = {}

    def hide_for_handoff(self):
        """Hide the table behind the hand-off screen, forgetting what the last player saw."""
        self.handoff_pending = True
        self.log.keep(self.seats.viewer)
        self.forget_private()
        self.refresh()
        self.app.show_handoff(self)

    def handed_over(self, seat):
        """The hand-off screen confirmed who sits at the computer now."""
        self.forget_private()
        self.seats.take_over(seat)
        self.log.restore(seat)
        self.handoff_pending = False
        self.refresh()

    def _card_point(self, seat):
        """Where loot flies to: the viewer's Dragon Card, or that dragon's row."""
        if seat == self.seats.viewer:
            return self.right.card_rect(len(self.view["players"])).center
        return self.right.player_rows(len(self.view["players"]))[seat].center

    def _draw_path(self, cid):
        """A card drawn into the viewer's hand flies from the deck to its place."""
        slot = next((r for c, r in self.slots if c == cid), None)
        return self.handview.deck_rect().center, (slot.center if slot else self.lay.hand.center)

    def _stock_point(self, res):
        """Where the general stockpile's resource sits in the left column."""
        sec = leftpanel.sections(self.lay, self.view, self.data)["stockpile"]
        k = ("livestock", "gold", "noble", "field").index(res)
        return (sec.x + k * sec.w // 4 + self.lay.px(12), sec.bottom - self.lay.px(18))

    def _report_autosave(self):
        """Show an autosave failure at once (the writer thread reports it whenever it
        happens), and keep a banner up while it lasts."""
        for listener in getattr(self.session, "listeners", ()):
            take = getattr(listener, "take_error", None)
            problem = take() if take is not None else getattr(listener, "last_error", None)
            if problem:
                self.say(f"Autosave failed: {problem}")
        found = unsaved.trouble(self.session)
        line = found.line() if found is not None else None
        if line != self.unsaved:
            self.unsaved = line
            self.app.dirty = True

    def _lair_point(self, seat):
        """Dragons fly in from their lair: inside the map's edge next to their row."""
        rows = self.right.player_rows(len(self.view["players"]))
        m = self.lay.map
        r = round(self.map.geo.dragon_radius * 1.2) + self.lay.pad
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
        overlay_moving = self.happened.update(now) | self.pointed.update(now) or overlay_moving
        if moving:
            self.map_dirty = True
        moving = moving or overlay_moving
        if self.toast and now > self.toast[1]:
            self.toast = None
            self.app.dirty = True
        self._maybe_reflow(now)
        self.ai.run(now, bool(self.hex_tween) or self.motion.busy())
        self._show_hint()
        self._report_autosave()
        return moving

    def wakeup_ms(self, now):
        waits = []
        if self.toast:
            waits.append(self.toast[1] - now)
        if self.freeze is not None:
            waits.append(self.freeze[0] - now)
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

    def bar_extra(self):
        """Rects of buttons a subclass puts in the prompt bar (the prompt's text stays clear of them)."""
        return ()

    def _paint_base(self, surf):
        parts.paint_changed(self, surf, self._painted)

    def draw(self, surface):
        size = surface.get_size()
        if self.base is None or self.base.get_size() != size:
            self.base = pygame.Surface(size, 0, surface)      # the screen's pixel format: fast blits, no conversion
            self.base_dirty = True
            self._painted = {}
        if self.base_dirty:
            self._paint_base(self.base)
            self.base_dirty = self.map_dirty = False
        elif self.map_dirty and "map" not in self.standings.covered():
            self._paint_map(self.base)
            self._painted.pop("map", None)
            self.map_dirty = False
        surface.blit(self.base, (0, 0))
        self._draw_overlays(surface)

    def _draw_overlays(self, surface):
        """What changes with the pointer and time: highlights, the enlarged
        card, animations in flight, the dialog, the hint, messages, tooltips."""
        lay = self.lay
        now = now_ms()
        hover = self.element(self.hover) if self.hover else None
        preview = self.preview(hover.name) if hover is not None and self.dialog is None else None
        if self.dialog is None:
            spot = self._dragon_spot
            hint = self.hint_rects()
            for m in (self.happened, self.pointed):
                m.draw(surface, now, self.map.geo, self.element_rect, lay, self.data, spot, self.summary is None,
                       hint)
            for place in (preview[1] if preview else ()):
                marks.draw_mark(surface, place, marks.PREVIEW, 0.6, self.map.geo, self.element_rect, lay, spot)
        if hover is not None and hover.name in self.groups and not hover.name.startswith(
                ("hand:", "draft:", "region:", "hex:use")):
            pygame.draw.rect(surface, theme.HILITE, hover.rect.inflate(4, 4), 2, border_radius=6)
        if hover is not None and hover.name.startswith("button:") and hover.name in BUTTON_LABELS \
                and self.dialog is None and hover.name in promptbar.BAR_BUTTONS:
            enabled = hover.name in self.groups or hover.name in ALWAYS_ON or (
                hover.name == "button:undo" and self.can_undo())
            theme.button(surface, hover.rect, self.labels[hover.name], lay.font(20), enabled=enabled, hot=True,
                         primary=hover.name == "button:end_turn", danger=hover.name == "button:stop_attack")
        if self.hinted and self.dialog is None:
            for name in self.hinted["names"]:
                rect = visible = self.element_rect(name)
                if rect is not None and name.startswith("hand:"):       # the card as drawn: lifted
                    rect = self.slots[int(name.split(":")[1])][1].move(0, -lay.px(10))
                    visible = visible.move(0, -lay.px(10))
                if rect is not None:
                    overlays.hint_mark(surface, lay, rect, visible)
        if hover is not None and hover.name.startswith(("hand:", "track:")) and self.dialog is None:
            kind, _, j = hover.name.partition(":")
            cards = self.hand if kind == "hand" else self.view["track"]
            if int(j) < len(cards):
                self.zoomed = list(self.hand)
                overlays.zoom_card(surface, lay, self.data, cards[int(j)], hover.rect, self._marked(preview))
        if self.motion.busy():
            self.motion.draw_overlays(surface, now, self.handview.track_rects(len(self.view["track"])), self.data,
                                      self.view["track"], lay.px(30), self.map.geo.polygons,
                                      self.handview.card_size())
        if self.summary is not None and self.dialog is None:
            overlays.summary_panel(surface, lay, self.summary, [self.map.dragons[p["dragon"]] for p in
                                                                 self.view["players"]],
                                   hot_close=self.hover == "summary:close")
        self.standings.draw(surface, self.hover)
        if self.dialog is not None:         # over the standings too (End Turn asked under them looked dead)
            theme.shade(surface, self.standings.rect(lay) if self.standings.open else lay.map.union(self.dialog.rect),
                        70)
            self.dialog.draw(surface, lay, self.data, self.hover)
            if hover is not None and hover.name.startswith("draft:"):
                overlays.zoom_beside(surface, lay, self.data, dict(self.dialog.cards)[hover.name], self.dialog.rect)
        top = lay.map.y + lay.px(10)
        if self.unsaved:
            top = overlays.banner(surface, lay, self.unsaved, top)
        if self.hinted:
            top = overlays.banner(surface, lay, self.hinted["text"], top, hint=True)
        if self.toast:
            overlays.banner(surface, lay, self.toast[0], top, note=self.toast[2])
        in_dialog = self.dialog is None or hover is None or self.dialog.rect.colliderect(hover.rect)
        answered = self.hinted and hover is not None and hover.name == "button:hint"    # (its tip lay over the hint)
        drafted = hover is not None and hover.name.startswith("draft:")                  # (enlarged instead)
        if hover is not None and hover.tip and in_dialog and not answered and not drafted:
            overlays.tooltip(surface, lay, hover.tip, hover.rect, self.pointer, preview[0] if preview else None,
                             self._kept_clear(preview))

    def hint_rects(self):
        """Where the hint is drawn over the map: the line of the last AI move keeps clear
        of it, as it stays up for the whole decision (a message is brief, and drawn on top)."""
        if not self.hinted:
            return []
        top = self.lay.map.y + self.lay.px(10)
        if self.unsaved:                # (drawn above it)
            top = overlays.banner_rect(self.lay, self.unsaved, top).bottom + self.lay.px(6)
        return [overlays.banner_rect(self.lay, self.hinted["text"], top)]

    def _kept_clear(self, preview):
        """What a tooltip on the map keeps off if it can, most important first:
        what a preview marks, then the Action Hex and the dragons (except what
        the pointer is on: the tooltip is about it, and goes beside it)."""
        geo, view = self.map.geo, self.view
        out = self._marked(preview) + [marks.place_rect(("hex", None), geo, self.element_rect)]
        r = round(geo.dragon_radius * 1.2)
        spots = [self.map.dragon_spot(view, p["region"], p["seat"]) for p in view["players"] if p["region"]]
        spots += [self.map.dragon_spot(view, region, d) for d, region in view["rogues"]]
        out += [pygame.Rect(round(x) - r, round(y) - r, 2 * r, 2 * r) for x, y in spots]
        return [a for a in out if not (self.pointer and a.collidepoint(self.pointer))]

    def _marked(self, preview):
        """The rects of what a preview marks on the map (to be kept in sight; of a
        whole region: its name and its settlement sites)."""
        if not preview:
            return []
        geo, out = self.map.geo, []
        for place in preview[1]:
            if place[0] == "region":
                out.append(geo.label_rects[place[1]])
                out += [marks.place_rect(("site", (place[1], k)), geo, self.element_rect)
                        for k in range(len(geo.sites[place[1]]))]
            else:
                out.append(marks.place_rect(place, geo, self.element_rect))
        return [r for r in out if r]

    def _dragon_spot(self, region):
        return self.map.geo.dragon_spots[region]

    # ----- previews -------------------------------------------------------------------------
    def preview(self, name):
        """(words, places) that hovering ``name`` previews, or None (kept until the next refresh)."""
        if name not in self._previews:
            self._previews[name] = self._make_preview(name)
        return self._previews[name]

    def _make_preview(self, name):
        """From the engine: what each option the element offers would do (Game.outcome);
        a card without an option now shows the region where it can be played."""
        g, d = self.game, self.game.decision
        kind, _, rest = name.partition(":")
        idx = self.groups.get(name) if self.my_decision() and not kind == "option" else None
        if idx and name != "button:lick_wounds":
            life = self.view["players"][d.player]["life"]
            outcomes = [(d.options[i], g.outcome(d.options[i])) for i in idx]
            if name == "button:end_turn":
                words = tiptext.still_possible(g, d.options, g.card_key) + " " + tiptext.outcome_text(
                    g, outcomes[0][1], life)
                return words.strip(), []
            words = [(g.describe(a) + ": " if len(idx) > 1 else "") + tiptext.outcome_text(g, o, life)
                     for a, o in outcomes]
            places = [p for _, o in outcomes for p in marks.outcome_marks(o)]
            return " ".join(w for w in words if w.strip(": ")), places
        cards = {"hand": self.hand, "track": self.view["track"], "draft": self.view["draft"] or []}.get(kind)
        if cards is not None and rest.isdigit() and int(rest) < len(cards):
            card = self.data.cards[cards[int(rest)]]
            if card.region is not None and not card.is_hex:
                return "", [("region", card.region)]
        return None
