"""Phase 4, a dragon's turn: playing Action Cards and Dragon Hex Cards, their
icons resolved in order, and the Attack icons they add to the pool, assigned
to settlements (the action kinds play_card, use_hex, attack, stop_attack,
choose_resource and raze)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..actions import act
from ..data import ICON_RESOURCE, ICON_WORDS, TAKEABLE
from ..frames import CardId, Frame
from ..kinds import ActionKind, Touch
from ..state import CITY, SITE_NAMES, TOWN, VILLAGE
from ..words import resource_plural
from .common import distinct_cards, push_discard

STOP_ATTACK = act("stop_attack")


# ----- what icons can do here ----------------------------------------------
def source_has(g, p, res, source):
    if source == "stockpile":
        return res != "field" and g.state.stock[res] > 0
    return g.regions[p.region].res[res] > 0


def raze_sites(r):
    return [i for i, v in enumerate(r.sites) if v in (VILLAGE, TOWN)]


def effect_useful(g, p, e):
    """Would this icon do anything now?"""
    icon = e.icon
    r = g.regions[p.region]
    if icon == "attack":
        return r.has_settlement()
    if icon in ICON_RESOURCE:
        return source_has(g, p, ICON_RESOURCE[icon], e.source)
    if icon == "raze_village":
        return r.villages > 0 if e.source == "stockpile" else bool(raze_sites(r))
    if icon == "gain_resource":
        return any(source_has(g, p, res, e.source) for res in TAKEABLE)
    if icon == "gain_life":
        return p.life < g.max_life(p)
    if icon == "draw":
        return bool(g.state.deck or g.state.discard)
    return False


def can_hit(g, p, icons, reduction, one_more=False):
    """Could this many Attack icons (plus one more, if one_more) hit a
    settlement here without leaving the dragon below 1 Life?"""
    have = icons + (1 if one_more else 0)
    hits = g.hits
    for v in g.regions[p.region].sites:
        for n, cost in hits.get(v, ()):
            if n <= have and p.life - max(0, cost - reduction) >= 1:
                return True
    return False


def other_attack_source(g, p, exclude):
    """Another Attack icon the dragon holds for this region: a card or a hex card."""
    for cid in p.hand:
        c = g.cards[cid]
        if cid == exclude:
            continue
        if c.is_hex:
            if g.facing_icon(p.region) == "attack":
                return True
        elif ((c.region is None or c.region == p.region) and condition_met(g, p, c)
              and any(e.icon == "attack" for alt in c.alternatives for e in alt)):
            return True
    return False


def attack_usable(g, p, icons, reduction, source):
    """Attack icons are offered only if they can hit something, alone or with
    another Attack icon the dragon holds (a city needs two)."""
    icons += p.pool
    return can_hit(g, p, icons, reduction) or (
        can_hit(g, p, icons, reduction, one_more=True) and other_attack_source(g, p, source))


def attack_blocked(g, p, icons, reduction, source):
    """The one reason why ``icons`` more Attack icons (of the card or hex card
    ``source``) could hit nothing here now, in words; None if they could."""
    if attack_usable(g, p, icons, reduction, source):
        return None
    region = p.region
    ways = [(v, n, cost) for v in g.regions[region].sites if v for n, cost in g.hits.get(v, ())]
    if not ways:
        return f"There is no settlement in {region} to attack."
    have = icons + p.pool

    def lost(way):
        return max(0, way[2] - reduction)
    within = [w for w in ways if w[1] <= have]
    if within:                              # icons enough for something: Life stops every attack
        v, _, _ = cheapest = min(within, key=lost)
        return (f"That would leave your dragon at 0 Life: the cheapest attack here (a {SITE_NAMES[v]}) costs "
                f"{lost(cheapest)} Life and your dragon has {p.life}. Heal first.")
    v, n, _ = min(ways, key=lambda w: (w[1], lost(w)))
    one_more = [w for w in ways if w[1] <= have + 1]
    if one_more and all(p.life - lost(w) < 1 for w in one_more):
        cheapest = min(one_more, key=lost)
        return (f"That would leave your dragon at 0 Life: a {SITE_NAMES[cheapest[0]]} here costs {lost(cheapest)} "
                f"Life (with {cheapest[1]} Attack icons) and your dragon has {p.life}. Heal first.")
    what = f"A {SITE_NAMES[v]} needs {n} Attack icons and this gives {have}"
    if n > have + 1:
        return what + "."
    return what + ": " + no_second_attack(g, p, source) + "."


def no_second_attack(g, p, source):
    """Why the dragon holds no other Attack icon for its region (see other_attack_source)."""
    region = p.region
    cards = [g.cards[c] for c in p.hand if c != source and not g.cards[c].is_hex]
    attacks = [c for c in cards if (c.region is None or c.region == region)
               and any(e.icon == "attack" for alt in c.alternatives for e in alt)]
    if attacks:                                   # (their condition is not met)
        said = f"{attacks[0].name} cannot be played yet ({attacks[0].text.rstrip('.')})"
    else:
        said = f"no other card in your hand gives an Attack icon in {region}"
    hexes = [c for c in p.hand if c != source and g.cards[c].is_hex]
    if hexes:
        facing = ICON_WORDS[g.facing_icon(region)]
        nth = "other " if g.cards.get(source) is not None and g.cards[source].is_hex else ""
        said += f", and the hex side facing {region} is {facing}, not Attack, for your {nth}Dragon Hex Card"
    elif any(g.cards[c].is_hex for c in p.hex_out):
        said += ", and your Dragon Hex Card is used this turn"
    return said


def alternative_playable(g, p, card, alt):
    """Playable if no icon is blocked (Attack icons must be able to hit
    something; Life may never fall below 1) and at least one icon does something."""
    useful, life_cost, attacks = False, 0, 0
    for e in alt:
        if e.icon == "lose_life":
            life_cost += e.amount
        elif e.icon == "attack":
            attacks += 1
        elif e.icon != "discard" and not useful:
            useful = effect_useful(g, p, e)
    if attacks:
        if not attack_usable(g, p, attacks, p.reduction + card.damage_reduction, card.id):
            return False
        useful = True
    return useful and p.life - life_cost >= 1


def condition_met(g, p, card):
    if card.condition is None:
        return True
    kind, value = card.condition
    region = card.region or p.region
    if kind == "attacked_region":
        return region in (p.attacked_by_card if value == "card" else p.attacked_any)
    if kind == "gained_from_region":
        return any(res in value for res in p.gained_from.get(region, ()))
    return False


def has_attack(alt):
    return any(e.icon == "attack" for e in alt)


# ----- taking things ---------------------------------------------------------
def take_resource(g, p, res, source, region):
    """Put one resource from a region or the stockpile on the Dragon Card."""
    s = g.state
    if not source_has(g, p, res, source):
        return False
    if source == "stockpile":
        s.stock[res] -= 1
        region = None
    else:
        g.regions[region].res[res] -= 1
        p.gained_from.setdefault(region, []).append(res)
    p.card.res[res] += 1
    p.feat_resources += 1
    g.event("takes", p.seat, res=res, region=region)
    return True


def take_village_from_stockpile(g, p, region):
    r = g.regions[region]
    if not r.villages:
        return False
    r.villages -= 1
    p.card.add_piece("village", region)
    p.feat_villages += 1
    g.event("gains_village", p.seat, region=region)
    return True


def raze_site(g, p, site):
    r = g.regions[p.region]
    g.take_settlement_piece(r, site, "village")
    p.card.add_piece("village", r.name)
    p.feat_villages += 1
    g.event("razes", p.seat, region=r.name)


# ----- the action kinds ----------------------------------------------------
class PlayCard(ActionKind):
    """Play an Action Card: one of its lines (alternatives), its icons in order."""
    names = ("play_card",)
    useful = True
    target = "hand"
    modes = ("free", "assign")      # while Attack icons wait, only lines with an Attack icon

    def options(self, g, f):
        p = g.state.players[f.seat]
        attack_only = p.pool > 0
        out = []
        region = p.region
        for cid in distinct_cards(g, p.hand):
            c = g.cards[cid]
            if c.is_hex or (c.region is not None and c.region != region):
                continue
            if not condition_met(g, p, c) or len(p.hand) - 1 < c.discard_other:
                continue
            for k, alt in enumerate(c.alternatives):
                if attack_only and not has_attack(alt):
                    continue
                if alternative_playable(g, p, c, alt):
                    out.append(g.play_actions[cid][k])
        return out

    def refused(self, g, f, a):
        p = g.state.players[f.seat]
        if f.mode(g) == "assign" and a.card in g.cards and not any(has_attack(alt) for alt in g.cards[a.card].alternatives):
            return FINISH_ATTACK
        if a.card not in p.hand:
            return "That card is not in your hand."
        c = g.cards.get(a.card)
        if c is None or c.is_hex:
            return "A Dragon Hex Card is used on the Action Hex, not played as an Action Card."
        if c.region is not None and c.region != p.region:
            return f"{c.title} can only be played with your dragon in {c.region}; it is in {p.region}."
        if not condition_met(g, p, c):
            kind, _ = c.condition
            if kind == "attacked_region":
                return f"{c.name} can only be played after you attacked {c.region} with a card this turn."
            return f"{c.name} needs you to have gained livestock, gold or a noble in {c.region} this turn."
        if len(p.hand) - 1 < c.discard_other:
            return f"{c.name} needs another card in your hand to discard."
        if a.alt is None or not 0 <= a.alt < len(c.alternatives):
            return "That card has no such option."
        alt = c.alternatives[a.alt]
        if has_attack(alt) and not g.regions[p.region].has_settlement():
            return f"There is no settlement in {p.region} to attack."
        if any(e.icon == "lose_life" for e in alt) and p.life - sum(
                e.amount for e in alt if e.icon == "lose_life") < 1:
            return "That would leave your dragon at 0 Life."
        if has_attack(alt) and not alternative_playable(g, p, c, alt):
            blocked = attack_blocked(g, p, sum(e.icon == "attack" for e in alt), p.reduction + c.damage_reduction,
                                     c.id)
            if blocked:
                return f"{c.title}: {blocked}"
        if not alternative_playable(g, p, c, alt):
            return f"{c.title} would do nothing now."
        return None

    def apply(self, g, f, a):
        p = g.state.players[f.seat]
        c = g.cards[a.card]
        p.hand.remove(a.card)
        p.played.append(a.card)
        p.reduction += c.damage_reduction
        g.event("plays", p.seat, card=a.card)
        g.push(Effects(p.seat, a.card, a.alt, 0))
        push_discard(g, p.seat, c.discard_other, hex_ok=True, why=f"to play {c.name}")

    def sentence(self, g, a):
        c = g.cards[a.card]
        if len(c.alternatives) > 1:
            icons = " + ".join(e.icon.replace("_", " ") for e in c.alternatives[a.alt])
            return f"Play {c.title}: {icons}"
        return f"Play {c.title}"

    def touches(self, g, a):
        c = g.cards[a.card]
        alt = c.alternatives[a.alt]
        life = sum(e.amount if e.icon == "gain_life" else -e.amount for e in alt if e.icon in ("gain_life", "lose_life"))
        return Touch(cards=(("hand", a.card),), cards_lost=1 + c.discard_other + sum(
                     e.amount for e in alt if e.icon == "discard"),
                     cards_drawn=sum(e.amount for e in alt if e.icon == "draw"), life=life)

    def aimed(self, g, f, where, what):
        return act("play_card", card=what, alt=0) if where == "hand" else None


class UseHex(ActionKind):
    """Play a Dragon Hex Card: the Action Hex side facing the dragon's region acts."""
    names = ("use_hex",)
    useful = True
    target = "hex:use"
    modes = ("free", "assign")

    def options(self, g, f):
        p = g.state.players[f.seat]
        hexes = [c for c in p.hand if g.cards[c].is_hex]
        if not hexes:
            return []
        icon = g.facing_icon(p.region)
        if p.pool and icon != "attack":       # while Attack icons wait, only an Attack icon
            return []
        if icon == "attack":
            ok = attack_usable(g, p, 1, p.reduction, hexes[0])
        else:
            ok = g.regions[p.region].res[ICON_RESOURCE[icon]] > 0
        return [act("use_hex", card=hexes[0])] if ok else []

    def refused(self, g, f, a):
        p = g.state.players[f.seat]
        if a.card is None:
            return "You hold no Dragon Hex Card now (one used this turn comes back when the turn ends)."
        if a.card not in p.hand:
            return "That card is not in your hand."
        icon = g.facing_icon(p.region)
        if icon == "attack":
            blocked = attack_blocked(g, p, 1, p.reduction, a.card)
            return f"The hex side facing {p.region} is Attack. {blocked or ''} Turn the hex or move.".replace("  ", " ")
        if p.pool:
            return (f"Finish the attack first: while Attack icons wait, the hex can only add one, and the side facing "
                    f"{p.region} is {ICON_WORDS[icon]}.")
        return (f"The hex side facing {p.region} is {ICON_WORDS[icon]}, and {p.region} has no "
                f"{resource_plural(ICON_RESOURCE[icon])} left: turn the hex or move.")

    def apply(self, g, f, a):
        p = g.state.players[f.seat]
        p.hand.remove(a.card)
        p.hex_out.append(a.card)
        icon = g.facing_icon(p.region)
        g.event("uses_hex", p.seat, region=p.region, icon=icon)
        if icon == "attack":
            p.pool += 1
        else:
            take_resource(g, p, ICON_RESOURCE[icon], "region", p.region)

    def sentence(self, g, a):
        return "Use the Action Hex"

    def touches(self, g, a):
        return Touch(cards=(("hand", a.card),), hex="use", uses="the Dragon Hex Card")

    def aimed(self, g, f, where, what):
        if where == "hex:use":
            p = g.state.players[f.seat]
            return act("use_hex", card=next((c for c in p.hand if g.cards[c].is_hex), None))
        return None


FINISH_ATTACK = "Finish the attack first: assign the Attack icons, add more, or stop attacking."


class Attack(ActionKind):
    """Assign Attack icons from the pool to one settlement of the dragon's region."""
    names = ("attack",)
    target = "site"
    modes = ("assign",)

    def options(self, g, f):
        p = g.state.players[f.seat]
        out = []
        hits = g.hits
        for i, v in enumerate(g.regions[p.region].sites):
            for icons, cost in hits.get(v, ()):
                if icons <= p.pool and p.life - max(0, cost - p.reduction) >= 1:
                    out.append(act("attack", site=i, icons=icons))
        return out

    def refused(self, g, f, a):
        p = g.state.players[f.seat]
        r = g.regions[p.region]
        if a.site is None or not 0 <= a.site < len(r.sites) or not r.sites[a.site]:
            return "There is no settlement there."
        if (a.icons or 0) > p.pool:
            need = max(n for n, _ in g.hits[CITY])
            return f"You have {p.pool} Attack icon{'s' if p.pool != 1 else ''}; a city needs {need}."
        return "That attack would leave your dragon at 0 Life: heal first."

    def life_lost(self, g, p, a):
        """(Life lost, Life the card's damage reduction saves) if ``a`` is done now."""
        cost = dict(g.hits[g.regions[p.region].sites[a.site]])[a.icons]
        saved = min(p.reduction, cost)
        return cost - saved, saved

    def apply(self, g, f, a):
        p = g.state.players[f.seat]
        r = g.regions[p.region]
        v = r.sites[a.site]
        lost, saved = self.life_lost(g, p, a)
        p.reduction -= saved
        p.life -= lost
        if v == CITY:
            g.take_settlement_piece(r, a.site, "city")
            p.card.add_piece("city", r.name)
            p.feat_cities += 1
        else:
            for _ in range(a.icons):
                g.take_settlement_piece(r, a.site, "village")
            p.card.add_piece("village", r.name, a.icons)
            p.feat_villages += a.icons
        if r.name not in p.attacked_any:
            p.attacked_any.append(r.name)
        if p.pool_cards and r.name not in p.attacked_by_card:
            p.attacked_by_card.append(r.name)
        p.pool -= a.icons
        p.pool_cards = max(0, p.pool_cards - a.icons)
        if not p.pool:
            p.reduction = p.pool_cards = 0
        g.event("destroys", p.seat, region=r.name, size=SITE_NAMES[v], icons=a.icons, lost=lost, saved=saved,
                life=p.life)

    def sentence(self, g, a):
        region = g.state.players[g.decision.player].region if g.decision else "?"
        size = SITE_NAMES[g.regions[region].sites[a.site]] if region in g.regions else "?"
        return f"Attack the {size} at site {a.site + 1} with {a.icons} icon{'s' if a.icons > 1 else ''}"

    def touches(self, g, a):
        p = g.state.players[g.decision.player]
        return Touch(sites=((p.region, a.site),), life=-self.life_lost(g, p, a)[0], uses="Attack icons")

    def aimed(self, g, f, where, what):
        return act("attack", site=what, icons=1) if where == "site" else None


class StopAttack(ActionKind):
    names = ("stop_attack",)
    modes = ("assign",)
    button = "Stop Attack"

    def options(self, g, f):
        return [STOP_ATTACK]

    def apply(self, g, f, a):
        p = g.state.players[f.seat]
        g.event("stops_attack", p.seat, lost=p.pool)
        p.pool = p.pool_cards = p.reduction = 0

    def sentence(self, g, a):
        return "Stop attacking (unused Attack icons are lost)"

    def help(self, g):
        return "Stop attacking: Attack icons not yet assigned are lost."


# ----- card effects, resolved in order ------------------------------------
@dataclass
class Effects(Frame):
    """The icons of a played card line, resolved in order."""
    kind: ClassVar[str] = "effects"
    auto: ClassVar[bool] = True
    card: CardId
    alt: int                # which line of the card
    i: int                  # icons resolved so far

    def run(self, g):
        p = g.state.players[self.seat]
        card = g.cards[self.card]
        alt = card.alternatives[self.alt]
        while self.i < len(alt):
            e = alt[self.i]
            self.i += 1
            if resolve(g, p, card, e):
                return          # a choice frame is now on top; resume after it
        g.pop(self)


def resolve(g, p, card, e):
    """Resolve one icon; True if it pushed a choice for the player."""
    icon, region = e.icon, p.region
    if icon == "attack":
        p.pool += 1
        p.pool_cards += 1
    elif icon in ICON_RESOURCE:
        take_resource(g, p, ICON_RESOURCE[icon], e.source, region)
    elif icon == "raze_village":
        if e.source == "stockpile":
            take_village_from_stockpile(g, p, region)
        else:
            sites = raze_sites(g.regions[region])
            kinds = {g.regions[region].sites[i] for i in sites}
            if len(kinds) > 1:
                g.push(Raze(p.seat))
                return True
            if sites:
                raze_site(g, p, sites[0])
    elif icon == "gain_resource":
        choices = [res for res in TAKEABLE if source_has(g, p, res, e.source)]
        if len(choices) > 1:
            g.push(ChooseResource(p.seat, e.source))
            return True
        if choices:
            take_resource(g, p, choices[0], e.source, region)
    elif icon == "lose_life":
        p.life -= e.amount
        g.event("loses_life", p.seat, card=card.id, n=e.amount, life=p.life)
    elif icon == "gain_life":
        before = p.life
        p.life = min(g.max_life(p), p.life + e.amount)
        g.event("heals", p.seat, before=before, life=p.life)
    elif icon == "draw":
        g.draw(p.seat, e.amount)
    elif icon == "discard":
        push_discard(g, p.seat, e.amount, hex_ok=True, why=card.name)     # Foresight: as for Divination
        return g.state.stack[-1].kind == "discard"
    return False


class ChooseResourceKind(ActionKind):
    """A Gain Resource icon: the dragon picks which resource it takes."""
    names = ("choose_resource",)

    def options(self, g, f):
        p = g.state.players[f.seat]
        return [act("choose_resource", choice=r) for r in TAKEABLE if source_has(g, p, r, f.source)]

    def apply(self, g, f, a):
        p = g.state.players[f.seat]
        g.pop(f)
        take_resource(g, p, a.choice, f.source, p.region)

    def sentence(self, g, a):
        return f"Take a {a.choice}"

    def touches(self, g, a):
        return Touch(gains={a.choice: 1})


@dataclass
class ChooseResource(Frame):
    """Choose what a card's Gain Gold, Livestock or Noble icon takes."""
    kind: ClassVar[str] = "choose_resource"
    kinds: ClassVar[tuple] = (ChooseResourceKind(),)
    source: str             # "region" or "stockpile"

    def prompt(self, g):
        where = "the stockpile" if self.source == "stockpile" else g.state.players[self.seat].region
        return f"{g.name(self.seat)}: choose a livestock, gold or noble from {where}."


class RazeKind(ActionKind):
    """A Raze Village icon where villages and towns both stand: which to raze."""
    names = ("raze",)
    target = "site"

    def options(self, g, f):
        p = g.state.players[f.seat]
        return [act("raze", site=i) for i in raze_sites(g.regions[p.region])]

    def apply(self, g, f, a):
        p = g.state.players[f.seat]
        g.pop(f)
        raze_site(g, p, a.site)

    def sentence(self, g, a):
        return f"Raze the settlement at site {(a.site or 0) + 1}"

    def touches(self, g, a):
        return Touch(sites=((g.state.players[g.decision.player].region, a.site),),
                     uses=f"a {ICON_WORDS['raze_village']} icon")


@dataclass
class Raze(Frame):
    """Choose the village (or town) a Raze Village icon takes."""
    kind: ClassVar[str] = "raze"
    kinds: ClassVar[tuple] = (RazeKind(),)
    asks: ClassVar[str] = "choose the village (or town) to raze."
