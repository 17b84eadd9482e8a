"""Game: the state machine that steps through the centuries and phases.

The flow is the table ``flow.FLOW`` (phase -> enter, turns, leave, next) plus
a stack of pending frames (``frames``). The top frame is either a decision (a
player must choose one of its options) or automatic work (run at once).
Frames are plain dataclasses of scalars, so ``to_dict`` works at any decision.
"""
from __future__ import annotations

import functools

from .actions import Action, Decision, IllegalAction, act, malformed
from .data import default_data
from .flow import FLOW, FRAMES, KINDS
from .frames import frame_from_dict
from . import preview
from .phases import attack, scoring, setup
from .rng import Rng
from .standings import standings
from .state import CITY, TOWN, VILLAGE, GameState, copy_state
from .variants import Variant
from .view import view


def new_game(num_players=4, seed=0, variant="standard", dragons=None, names=None, data=None):
    """A new game, set up as the rulebook says, waiting for the first decision."""
    data = data or default_data()
    g = Game(setup.initial_state(data, num_players, seed, variant, dragons, names), data)
    g.enter_phase("setup")
    g._advance()
    return g


class Game:
    def __init__(self, state: GameState, data=None):
        self.data = data or default_data()
        self.state = state
        self.rng = Rng(state.rng)
        self._decision = None
        d = self.data
        self.ring = d.ring
        self.ring_index = d.region_index
        self.regions = {r.name: r for r in state.regions}
        self.cards = d.cards
        self.card_key, self.ability_effects, self.play_actions, self.hits = _derived(d)
        self.variant = Variant.parse(state.variant)
        self.strategist = self.variant.strategist       # lair screens are open
        self.cooperative = self.variant.desolation      # the team scores what is left
        # A copy a turn search plays on halts as the turn ends (no decision waits then):
        # the next dragon's turn or the next century's growth are not the turn's doing.
        self.halts_between_turns = False

    # ----- the contract -------------------------------------------------
    @property
    def decision(self):
        """The decision waiting now; None once the game is over (or halted between turns).

        The game keeps what the decision is made of (the frame, its kind, its options,
        its sentence once worded) and makes the Decision afresh at each call: the
        Decision holds the game (its sentence is worded only when read, which drivers
        such as the AI never do) and the game never holds it, so no cycle keeps a
        dropped game alive where the collector does not look (the window freezes what
        lives at its quiet moments: sprites.app.settle_memory)."""
        cached = self._waiting()
        if cached is None:
            return None
        frame, kind, options, words = cached
        return Decision(player=frame.seat, kind=kind, options=options,
                        prompt=words if words is not None else functools.partial(self._word, cached))

    @property
    def decider(self):
        """The seat whose decision waits now (``decision.player``), or None: without working out
        the decision's options (a preview asks it of every option's copy, and only its own
        decision's options matter to it)."""
        s = self.state
        return None if s.over or not s.stack else s.stack[-1].seat     # (at rest the top frame decides)

    def _waiting(self):
        """What the waiting decision is made of, [frame, kind, options, sentence or None], or None:
        for the engine's own questions (is it over, the options, who chooses), which need no Decision."""
        cached = self._decision
        if cached is None:
            if self.state.over or not self.state.stack:
                return None
            frame = self.state.stack[-1]
            options = frame.options(self)
            if not options:
                raise RuntimeError(f"engine error: decision {frame!r} has no options")
            cached = self._decision = [frame, frame.decision_kind(self), options, None]
        return cached

    def _word(self, cached):
        """The waiting decision's sentence (kept with it: every Decision made of it reads the same)."""
        if cached[3] is None:
            cached[3] = cached[0].prompt(self)
        return cached[3]

    @property
    def is_over(self):
        return self.state.over

    def apply(self, action):
        """Apply one of the current options; anything else raises
        IllegalAction with the reason, and the game is left as it was."""
        waiting = self._waiting()
        if waiting is None:
            raise IllegalAction("The game is over.")
        options = waiting[2]
        # Identity first: drivers usually hand back one of the offered objects.
        if not any(o is action for o in options):
            problem = malformed(action)
            if problem:
                raise IllegalAction(problem)
            if action not in options:
                raise IllegalAction(self.why_illegal(action))
        frame = self.state.stack[-1]
        self._decision = None
        frame.apply(self, action)
        self._advance()

    def why_illegal(self, action):
        """Words for why ``action`` is not one of the current options."""
        waiting = self._waiting()
        if waiting is None:
            return "The game is over."
        frame = self.state.stack[-1]
        reason = frame.explain(self, action) if isinstance(action, Action) else None
        if reason:
            return reason
        name, prompt = self.name(frame.seat), self._word(waiting)
        if prompt.startswith(name):                 # prompts mostly name their chooser ("Ash: discard 1 card ...")
            return f"Not possible now: first {prompt[len(name):].lstrip(' :')}"
        return f"Not possible now: {name} must choose: {prompt}"

    def describe(self, action):
        """A sentence for an action, with card and region names (its kind's spec says it)."""
        spec = self.action_kind(action.kind)
        return spec.sentence(self, action) if spec is not None else str(action)

    def touches(self, action):
        """What an action touches (kinds.Touch): what to point at, what it moves."""
        return self.action_kind(action.kind).touches(self, action)

    def outcome(self, action, after=None, touch=None):
        """What choosing ``action`` (a current option) would do, for a preview (preview.Outcome);
        ``after``: a copy of this game (``copy()``) in which it was chosen already; ``touch``:
        ``touches(action)``, if asked already."""
        return preview.outcome(self, action, after=after, touch=touch)

    def action_kind(self, name):
        """The spec (kinds.ActionKind) of an action kind: the waiting decision's own, or
        any kind the flow knows; None if there is no such kind."""
        stack = self.state.stack
        spec = stack[-1].spec(name) if stack else None
        return spec if spec is not None else KINDS.get(name)

    def aimed(self, where, what):
        """The action the current decision would make of pointing at ``what`` in ``where``
        (a target of kinds.ActionKind: "hand", "track", "draft", "region", "site", "hex",
        "hex:use" or "lair_action"), or None."""
        return self.state.stack[-1].aimed(self, where, what) if self._waiting() is not None else None

    def final_scores(self):
        return scoring.final_scores(self)

    def desolation(self):
        return scoring.desolation(self)

    def standings(self, seat):
        """Where the game stands now as ``seat`` may know it (``game.standings``)."""
        return standings(self, seat)

    def view(self, seat):
        return view(self, seat)

    def copy(self, rng_state=None, keep_log=False):
        """An independent Game in the same position, made fast for search: the
        log is left behind unless asked for, and the derived tables are shared;
        ``rng_state`` gives the copy other future chance."""
        state = copy_state(self.state)
        if keep_log:
            state.log = list(self.state.log)     # events are never changed once recorded
        state.rng = self.rng.state if rng_state is None else rng_state
        c = object.__new__(type(self))
        c.__dict__ = self.__dict__.copy()        # shared, read-only derived tables
        c.state = state
        c.rng = Rng(state.rng)
        cached = self._decision                  # the same position waits for the same decision
        c._decision = None if cached is None or not state.stack else [state.stack[-1], *cached[1:]]
        c.__dict__.pop("_log_texts", None)
        c.__dict__.pop("_standings", None)       # (standings.for_seats: what this game worked out)
        c.__dict__.pop("_goals", None)           # (goals.still_to_win: the same)
        c.__dict__.pop("_boards", None)          # (view.boards: the last boards it gave)
        c.__dict__.pop("_since_lines", None)     # (summary: the dragons' lines since a seat's last turn)
        c.regions = {r.name: r for r in state.regions}
        return c

    def to_dict(self):
        self.state.rng = self.rng.state
        return self.state.to_dict()

    @classmethod
    def from_dict(cls, data, game_data=None):
        return cls(GameState.from_dict(data, lambda d: frame_from_dict(d, FRAMES)), game_data)

    # ----- flow ---------------------------------------------------------
    def _advance(self):
        """Run automatic work and the flow until a decision waits (or the game ends)."""
        s = self.state
        while not s.over:
            if s.stack:
                frame = s.stack[-1]
                if not frame.auto:
                    return
                frame.run(self)
                continue
            if self.halts_between_turns and s.phase == "attack":
                return
            phase = FLOW[s.phase]
            if s.cursor < len(s.order):
                seat = s.order[s.cursor]
                s.cursor += 1
                if phase.skip_turn is None or not phase.skip_turn(self, seat):
                    phase.turn(self, seat)
                continue
            if phase.leave is not None:
                phase.leave(self)
            self.enter_phase(phase.next if isinstance(phase.next, str) else phase.next(self))

    def enter_phase(self, name):
        s = self.state
        s.phase, s.order, s.cursor = name, [], 0
        phase = FLOW[name]
        if phase.enter is not None:
            phase.enter(self)
        if phase.turns_from is not None:
            s.order = self.seats_from(s.markers[phase.turns_from])

    def turn_in_progress(self, seat):
        """Is ``seat`` in the middle of its attack turn?"""
        return any(f.kind == "turn" and f.seat == seat for f in self.state.stack)

    def rehearse_turn(self, seat, region):
        """Make this game (a copy, for planning) the start of ``seat``'s attack
        turn in ``region`` now, the other dragons staying where they are, as if
        it were the last turn of the Attack Phase (the AI values placements so)."""
        s = self.state
        s.players[seat].region = region
        s.phase, s.order, s.cursor, s.stack = "attack", [seat], 1, []
        self._decision = None
        attack.start_turn(self, seat)

    def push(self, frame):
        self.state.stack.append(frame)

    def pop(self, frame):
        top = self.state.stack.pop()
        assert top is frame, "engine error: popped the wrong frame"

    # ----- helpers shared by the phases ----------------------------------
    def name(self, seat):
        return self.state.players[seat].name

    def rename(self, seat, name):
        """The seat's player is called ``name`` from now on (an online seat taken by a friend):
        the waiting decision's sentence and the log's lines, worded with the old name, are
        worded again."""
        self.state.players[seat].name = name
        if self._decision is not None:
            self._decision[3] = None
        self.__dict__.pop("_log_texts", None)          # (game.log_text keeps each line's words)

    def event(self, kind, seat=None, **fields):
        """Record what happened (see ``events``); ``private=seat`` for what only that seat may read."""
        self.state.log.append({"kind": kind, "seat": seat, **fields})

    def seats_from(self, seat):
        n = self.state.num_players
        return [(seat + i) % n for i in range(n)]

    def ensure_deck(self):
        """When the Action Deck runs out, the discard pile becomes the new deck."""
        s = self.state
        if not s.deck and s.discard:
            s.deck, s.discard = s.discard, []
            self.rng.shuffle(s.deck)
            self.event("reshuffle")
        return bool(s.deck)

    def deal(self):
        """The top card of the deck, or None if no card is left anywhere."""
        return self.state.deck.pop() if self.ensure_deck() else None

    def top_back(self):
        return self.cards[self.state.deck[-1]].back if self.ensure_deck() else None

    def draw(self, seat, n, dealt=False):
        p = self.state.players[seat]
        got = []
        for _ in range(n):
            cid = self.deal()
            if cid is None:
                break
            got.append(cid)
        p.hand.extend(got)
        if got:
            self.event("draws", seat, n=len(got), dealt=dealt)
            self.event("drew", seat, private=seat, cards=got)
        elif n:
            self.event("cannot_draw", seat)
        return got

    def max_life(self, p):
        best = self.data.setup["start_life"]
        for a in p.abilities:
            best = max(best, self.ability_effects[a].get("max_life", 0))
        return best

    def has_effect(self, p, key):
        return sum(self.ability_effects[a].get(key, 0) for a in p.abilities)

    def available(self, p, res):
        """Pieces of a resource the dragon can spend: on its card, then in its lair."""
        return p.card.res[res] + p.lair.res[res]

    def spend(self, p, res):
        place = p.card if p.card.res[res] else p.lair
        place.res[res] -= 1
        p.spent[res] += 1

    def neighbours(self, region):
        i = self.ring_index[region]
        return (self.ring[(i - 1) % 6], self.ring[(i + 1) % 6])

    def ring_distance(self, a, b):
        d = abs(self.ring_index[a] - self.ring_index[b]) % 6
        return min(d, 6 - d)

    def facing_icon(self, region):
        """The hex icon facing a region (house rules section 2)."""
        side = self.data.hex_sides[(self.ring_index[region] - self.state.hex_arrow) % 6]
        return self.data.side_icons[side]

    def occupants(self, region, exclude=None):
        """Dragons (players and rogues) in a region, other than seat ``exclude``."""
        out = [p.seat for p in self.state.players if p.region == region and p.seat != exclude]
        out += [r[0] for r in self.state.rogues if r[1] == region]
        return out

    def take_settlement_piece(self, region_state, site, kind):
        """Remove one piece from a site: a village piece (village or half a town) or a city."""
        v = region_state.sites[site]
        if kind == "city":
            assert v == CITY
            region_state.sites[site] = 0
        else:
            assert v in (VILLAGE, TOWN)
            region_state.sites[site] = v - 1


_DERIVED = {}


def _derived(data):
    """Lookups computed once per data set (games and their copies share them):
    card kinds, ability effects, and the play-card actions of every card line."""
    key = id(data)
    if key not in _DERIVED:
        card_key = {cid: (c.type, c.region) for cid, c in data.cards.items()}
        costs = data.setup["attack_costs"]
        hits = {VILLAGE: costs["village"], TOWN: costs["town"], CITY: costs["city"]}
        effects = {a.id: dict(a.effect) for a in data.abilities}
        plays = {cid: tuple(act("play_card", card=cid, alt=k) for k in range(len(c.alternatives)))
                 for cid, c in data.cards.items()}
        _DERIVED[key] = (data, (card_key, effects, plays, hits))   # holding data keeps its id unique
    return _DERIVED[key][1]

