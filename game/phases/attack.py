"""Phase 4: Attack - placement, Rogue Dragons, and each dragon's whole turn.

A turn is a series of small decisions on one "turn" frame. While Attack icons
are waiting to be assigned (the pool), only attack steps are offered; while
the dragon is in another dragon's region without the Dragon Ward, only moves.
"""
from __future__ import annotations

from ..actions import act
from ..data import ICON_RESOURCE, TAKEABLE
from ..engine import Handler, register
from ..state import CITY, TOWN, VILLAGE
from .common import Phase, discard_card, distinct_cards, push_discard

END_TURN = act("end_turn")
STOP_ATTACK = act("stop_attack")
DIVINATION = act("divination")
CONSUME_NOBLE = act("consume_noble")
# (icons, Life lost) for hitting a site of each size.
HITS = {VILLAGE: ((1, 1),), TOWN: ((1, 1), (2, 2)), CITY: ((2, 3),)}


# ----- placement and Rogue Dragons -----------------------------------------
def _placement_enter(g):
    s = g.state
    s.order = g.seats_from(s.markers["first_attack"])


def _placement_turn(g, seat):
    g.push({"k": "place_dragon", "p": seat})


def _placement_exit(g):
    rogues_act(g)
    return "attack"


Phase("placement", enter=_placement_enter, turn=_placement_turn, exit=_placement_exit)


def placeable(g, seat):
    ward = g.state.markers.get("dragon_ward") == seat
    return [name for name in g.ring if ward or not g.occupants(name, exclude=seat)]


@register
class Place(Handler):
    kind = "place_dragon"

    def prompt(self, g, f):
        if g.state.markers.get("dragon_ward") == f["p"]:
            return (f"{g.name(f['p'])}: place your dragon in any region (you hold the Dragon Ward: "
                    "you may share a region with another dragon).")
        return f"{g.name(f['p'])}: place your dragon in an unoccupied region."

    def options(self, g, f):
        return tuple(act("place", region=r) for r in placeable(g, f["p"]))

    def explain(self, g, f, a):
        if a.kind == "place" and a.region in g.regions and g.occupants(a.region, exclude=f["p"]):
            return f"{a.region} is occupied; only the Dragon Ward lets a dragon share a region."
        return None

    def apply(self, g, f, a):
        p = g.state.players[f["p"]]
        p.region = a.region
        g.log(f"{p.name} lands in {a.region}.", p.seat)
        g.pop(f)


def rogues_act(g):
    """Each Rogue Dragon does the hex action facing its region, then leaves.
    What it takes goes back to the stockpile (fields leave the game)."""
    s = g.state
    for dragon, region in s.rogues:
        icon = g.facing_icon(region)
        r = g.regions[region]
        if icon == "attack":
            # The smallest piece it can: a lone village before half a town.
            site = next((i for i, v in enumerate(r.sites) if v == VILLAGE), None)
            if site is None:
                site = next((i for i, v in enumerate(r.sites) if v == TOWN), None)
            if site is None:
                g.log(f"The Rogue {dragon} Dragon finds nothing to attack in {region}.")
                continue
            g.take_settlement_piece(r, site, "village")
            r.villages += 1
            g.log(f"The Rogue {dragon} Dragon destroys a village in {region}.")
        else:
            res = ICON_RESOURCE[icon]
            if not r.res[res]:
                g.log(f"The Rogue {dragon} Dragon finds no {res} in {region}.")
                continue
            r.res[res] -= 1
            if res == "field":
                s.fields_out += 1
            else:
                s.stock[res] += 1
            g.log(f"The Rogue {dragon} Dragon takes a {res} in {region}.")
    if s.rogues:
        g.log("The Rogue Dragons fly away.")
    s.rogues = []


# ----- the attack turns -----------------------------------------------------
def _attack_enter(g):
    s = g.state
    s.order = g.seats_from(s.markers["first_attack"])


def _attack_turn(g, seat):
    p = g.state.players[seat]
    p.divined = p.passing = False
    p.feat_villages = p.feat_cities = p.feat_resources = 0
    p.attacked_by_card, p.attacked_any, p.gained_from = [], [], {}
    p.pool = p.pool_cards = p.reduction = 0
    g.log(f"{p.name} begins its attack in {p.region}.", seat)
    g.push({"k": "turn", "p": seat})


def _attack_exit(g):
    return "over" if g.state.century >= g.data.setup["centuries"] else "growth"


Phase("attack", enter=_attack_enter, turn=_attack_turn, exit=_attack_exit)


def must_move_on(g, p):
    """A dragon that flew into another dragon's region may not stay there
    (a dragon placed first, then joined by the Dragon Ward holder, may)."""
    return p.passing


def entering_occupied(g, p, dest):
    return bool(g.occupants(dest, exclude=p.seat)) and g.state.markers.get("dragon_ward") != p.seat


def wings_left(g, p):
    return g.has_effect(p, "free_moves_per_century") if p.wings_used != g.state.century else 0


def intellect_left(g, p):
    return g.has_effect(p, "free_hex_turns_per_century") if p.intellect_used != g.state.century else 0


def can_move(g, p, dest, free):
    """Move (eat a livestock) or fly free (Mighty Wings) to an adjacent region.
    Entering another dragon's region is allowed only if the dragon can still
    fly on to a free region afterwards (it may not stay there)."""
    if dest not in g.neighbours(p.region):
        return False
    livestock, wings = g.available(p, "livestock"), wings_left(g, p)
    if free:
        if not wings:
            return False
        wings -= 1
    else:
        if not livestock:
            return False
        livestock -= 1
    if not entering_occupied(g, p, dest):
        return True
    reach = livestock + wings
    if reach <= 0:
        return False
    occupied = {q.region for q in g.state.players if q.seat != p.seat} | {r[1] for r in g.state.rogues}
    return any(x not in occupied and g.ring_distance(dest, x) <= reach for x in g.ring)


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
    for v in g.regions[p.region].sites:
        for n, cost in HITS.get(v, ()):
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


def card_options(g, p, attack_only=False, distinct=None):
    out = []
    region = p.region
    for cid in distinct or distinct_cards(g, p.hand):
        c = g.cards[cid]
        if c.is_hex or (c.region is not None and c.region != region):
            continue
        if not condition_met(g, p, c) or len(p.hand) - 1 < c.discard_other:
            continue
        for k, alt in enumerate(c.alternatives):
            if attack_only and not any(e.icon == "attack" for e in alt):
                continue
            if alternative_playable(g, p, c, alt):
                out.append(g.play_actions[cid][k])
    return out


def hex_use_options(g, p, attack_only=False):
    hexes = [c for c in p.hand if g.cards[c].is_hex]
    if not hexes:
        return []
    icon = g.facing_icon(p.region)
    if attack_only and icon != "attack":
        return []
    if icon == "attack":
        ok = attack_usable(g, p, 1, p.reduction, hexes[0])
    else:
        ok = g.regions[p.region].res[ICON_RESOURCE[icon]] > 0
    return [act("use_hex", card=hexes[0])] if ok else []


def attack_options(g, p):
    r = g.regions[p.region]
    out = []
    for i, v in enumerate(r.sites):
        for icons, cost in HITS.get(v, ()):
            if icons <= p.pool and p.life - max(0, cost - p.reduction) >= 1:
                out.append(act("attack", site=i, icons=icons))
    out += card_options(g, p, attack_only=True)
    out += hex_use_options(g, p, attack_only=True)
    out.append(STOP_ATTACK)
    return out


def move_options(g, p):
    out = []
    livestock, wings = g.available(p, "livestock"), wings_left(g, p)
    for dest in g.neighbours(p.region):
        if livestock and can_move(g, p, dest, free=False):
            out.append(act("move", region=dest))
        if wings and can_move(g, p, dest, free=True):
            out.append(act("fly", region=dest))
    return out


def turn_options(g, p):
    if p.pool:
        return attack_options(g, p)
    if must_move_on(g, p):
        return move_options(g, p)
    distinct = distinct_cards(g, p.hand)
    out = card_options(g, p, distinct=distinct)
    out += hex_use_options(g, p)
    if g.available(p, "gold"):
        out += [act("turn_hex", choice="left"), act("turn_hex", choice="right")]
    if intellect_left(g, p):
        out += [act("turn_hex_free", choice="left"), act("turn_hex_free", choice="right")]
    out += move_options(g, p)
    if not p.divined and g.available(p, "field"):
        out.append(DIVINATION)
    if p.life < g.max_life(p):
        if g.available(p, "noble"):
            out.append(CONSUME_NOBLE)
        out += [act("lick_wounds", card=c) for c in distinct]
    out.append(END_TURN)
    return out


def take_resource(g, p, res, source, region):
    """Put one resource from a region or the stockpile on the Dragon Card."""
    s = g.state
    if not source_has(g, p, res, source):
        return False
    if source == "stockpile":
        s.stock[res] -= 1
        where = "the stockpile"
    else:
        g.regions[region].res[res] -= 1
        p.gained_from.setdefault(region, []).append(res)
        where = region
    p.card.res[res] += 1
    p.feat_resources += 1
    g.log(f"{p.name} takes a {res} from {where}.", p.seat)
    return True


def take_village_from_stockpile(g, p, region):
    r = g.regions[region]
    if not r.villages:
        return False
    r.villages -= 1
    p.card.add_piece("village", region)
    p.feat_villages += 1
    g.log(f"{p.name} gains a village from the {region} stockpile.", p.seat)
    return True


def raze_site(g, p, site):
    r = g.regions[p.region]
    g.take_settlement_piece(r, site, "village")
    p.card.add_piece("village", r.name)
    p.feat_villages += 1
    g.log(f"{p.name} razes a village in {r.name} (no Life lost).", p.seat)


@register
class Turn(Handler):
    kind = "turn"

    def kind_of(self, g, f):
        return "attack_assign" if g.state.players[f["p"]].pool else "attack_turn"

    def prompt(self, g, f):
        p = g.state.players[f["p"]]
        if p.pool:
            icons = f"{p.pool} Attack icon{'s' if p.pool > 1 else ''}"
            return f"{p.name} in {p.region}: assign {icons} to a settlement, add more, or stop attacking."
        if must_move_on(g, p):
            return f"{p.name}: {p.region} has another dragon - fly on to a free region."
        return f"{p.name} in {p.region}: play cards, use or turn the hex, move, spend resources, or end your turn."

    def options(self, g, f):
        return tuple(turn_options(g, g.state.players[f["p"]]))

    def explain(self, g, f, a):
        from .explain import explain_turn
        return explain_turn(g, g.state.players[f["p"]], a)

    def apply(self, g, f, a):
        p = g.state.players[f["p"]]
        getattr(self, "do_" + a.kind)(g, f, p, a)

    def do_play_card(self, g, f, p, a):
        c = g.cards[a.card]
        p.hand.remove(a.card)
        p.played.append(a.card)
        p.reduction += c.damage_reduction
        g.log(f"{p.name} plays {c.title}.", p.seat)
        g.push({"k": "effects", "p": p.seat, "card": a.card, "alt": a.alt, "i": 0})
        push_discard(g, p.seat, c.discard_other, hex_ok=True, why=f"to play {c.name}")

    def do_use_hex(self, g, f, p, a):
        p.hand.remove(a.card)
        p.hex_out.append(a.card)
        icon = g.facing_icon(p.region)
        g.log(f"{p.name} plays a Dragon Hex Card in {p.region} ({icon.replace('_', ' ')}).", p.seat)
        if icon == "attack":
            p.pool += 1
        else:
            take_resource(g, p, ICON_RESOURCE[icon], "region", p.region)

    def do_attack(self, g, f, p, a):
        r = g.regions[p.region]
        v = r.sites[a.site]
        cost = dict(HITS[v])[a.icons]
        saved = min(p.reduction, cost)
        p.reduction -= saved
        p.life -= cost - saved
        if v == CITY:
            g.take_settlement_piece(r, a.site, "city")
            p.card.add_piece("city", r.name)
            p.feat_cities += 1
            what = "a city"
        else:
            for _ in range(a.icons):
                g.take_settlement_piece(r, a.site, "village")
            p.card.add_piece("village", r.name, a.icons)
            p.feat_villages += a.icons
            what = "a whole town" if a.icons == 2 else ("half a town" if v == TOWN else "a village")
        if r.name not in p.attacked_any:
            p.attacked_any.append(r.name)
        if p.pool_cards and r.name not in p.attacked_by_card:
            p.attacked_by_card.append(r.name)
        p.pool -= a.icons
        p.pool_cards = max(0, p.pool_cards - a.icons)
        if not p.pool:
            p.reduction = p.pool_cards = 0
        saved_text = f" ({saved} saved)" if saved else ""
        g.log(f"{p.name} destroys {what} in {r.name}: Life -{cost - saved}{saved_text}, now {p.life}.", p.seat)

    def do_stop_attack(self, g, f, p, a):
        g.log(f"{p.name} stops attacking; {p.pool} Attack icon{'s are' if p.pool > 1 else ' is'} lost.", p.seat)
        p.pool = p.pool_cards = p.reduction = 0

    def do_turn_hex(self, g, f, p, a):
        g.spend(p, "gold")
        self._turn(g, p, a.choice, "spends a gold")

    def do_turn_hex_free(self, g, f, p, a):
        p.intellect_used = g.state.century
        self._turn(g, p, a.choice, "uses Cunning Intellect")

    def _turn(self, g, p, direction, how):
        s = g.state
        s.hex_arrow = (s.hex_arrow + (1 if direction == "right" else -1)) % 6
        g.log(f"{p.name} {how} to turn the Action Hex {direction}: the arrow points at {g.ring[s.hex_arrow]}.",
              p.seat)

    def do_move(self, g, f, p, a):
        g.spend(p, "livestock")
        p.passing = entering_occupied(g, p, a.region)
        p.region = a.region
        g.log(f"{p.name} eats a livestock and flies to {a.region}.", p.seat)

    def do_fly(self, g, f, p, a):
        p.wings_used = g.state.century
        p.passing = entering_occupied(g, p, a.region)
        p.region = a.region
        g.log(f"{p.name} uses Mighty Wings to fly to {a.region}.", p.seat)

    def do_divination(self, g, f, p, a):
        g.spend(p, "field")
        p.divined = True
        g.log(f"{p.name} burns a field for Divination.", p.seat)
        g.draw(p.seat, 2)
        # In the Attack Phase a Dragon Hex Card may be the discard ("Players may
        # discard their Dragon Hex Card as if it were any other card").
        push_discard(g, p.seat, 1, hex_ok=True, why="Divination")

    def do_consume_noble(self, g, f, p, a):
        g.spend(p, "noble")
        before = p.life
        p.life = min(g.max_life(p), p.life + 2)
        g.log(f"{p.name} consumes a noble: Life {before} -> {p.life}.", p.seat)

    def do_lick_wounds(self, g, f, p, a):
        discard_card(g, p, a.card)
        p.life = min(g.max_life(p), p.life + 1)
        g.log(f"{p.name} licks its wounds, discarding {g.cards[a.card].title}: Life {p.life}.", p.seat)

    def do_end_turn(self, g, f, p, a):
        choices = level_up_choices(g, p)
        if len(choices) > 1:
            g.push({"k": "level_up", "p": p.seat})
            return
        if choices:
            gain_ability(g, p, choices[0])
        finish_turn(g, p, f)


def feat_done(g, p):
    feats = g.data.feats
    return (p.feat_cities >= feats["cities"] or p.feat_villages >= feats["villages"]
            or p.feat_resources >= feats["resources"])


def level_up_choices(g, p):
    """Abilities of the next level, if a Feat was done and none was gained this century."""
    if not feat_done(g, p) or p.leveled == g.state.century:
        return []
    return [a.id for a in g.data.abilities if a.level == p.level + 1]


def gain_ability(g, p, ability_id):
    ability = g.data.ability(ability_id)
    p.abilities.append(ability_id)
    p.leveled = g.state.century
    for _ in range(g.ability_effects[ability_id].get("extra_hex_cards", 0)):
        if p.aside:
            p.hand.append(p.aside.pop())
    g.log(f"{p.name} reaches level {p.level}: {ability.name}.", p.seat)


@register
class LevelUp(Handler):
    kind = "level_up"

    def prompt(self, g, f):
        p = g.state.players[f["p"]]
        return f"{p.name} accomplished a Feat: choose a level {p.level + 1} ability."

    def options(self, g, f):
        return tuple(act("level_up", choice=a) for a in level_up_choices(g, g.state.players[f["p"]]))

    def apply(self, g, f, a):
        p = g.state.players[f["p"]]
        g.pop(f)
        gain_ability(g, p, a.choice)
        finish_turn(g, p, g.state.stack[-1])


def finish_turn(g, p, turn_frame):
    """End of a Player's Turn: the five steps, in order."""
    s = g.state
    p.region = None
    p.hand.extend(p.hex_out)
    p.hex_out = []
    s.discard.extend(p.played)
    p.played = []
    for res, n in p.spent.items():
        if res == "field":
            s.fields_out += n
        else:
            s.stock[res] += n
        p.spent[res] = 0
    loot = _describe_loot(p.card)
    p.card.pour_into(p.lair)
    g.log(f"{p.name} returns to its lair" + (f" with {loot}." if loot else "."), p.seat)
    g.pop(turn_frame)


def _describe_loot(h):
    parts = [f"{n} {r}" for r, n in h.res.items() if n]
    parts += [f"{n} village{'s' if n > 1 else ''} of {r}" for r, n in h.villages.items() if n]
    parts += [f"{n} cit{'ies' if n > 1 else 'y'} of {r}" for r, n in h.cities.items() if n]
    return ", ".join(parts)


# ----- card effects, resolved in order ------------------------------------
@register
class Effects(Handler):
    kind = "effects"
    auto = True

    def run(self, g, f):
        p = g.state.players[f["p"]]
        card = g.cards[f["card"]]
        alt = card.alternatives[f["alt"]]
        while f["i"] < len(alt):
            e = alt[f["i"]]
            f["i"] += 1
            if resolve(g, p, card, e):
                return          # a choice frame is now on top; resume after it
        g.pop(f)


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
                g.push({"k": "raze", "p": p.seat})
                return True
            if sites:
                raze_site(g, p, sites[0])
    elif icon == "gain_resource":
        choices = [res for res in TAKEABLE if source_has(g, p, res, e.source)]
        if len(choices) > 1:
            g.push({"k": "choose_resource", "p": p.seat, "source": e.source})
            return True
        if choices:
            take_resource(g, p, choices[0], e.source, region)
    elif icon == "lose_life":
        p.life -= e.amount
        g.log(f"{p.name} loses {e.amount} Life to {card.name}: now {p.life}.", p.seat)
    elif icon == "gain_life":
        before = p.life
        p.life = min(g.max_life(p), p.life + e.amount)
        g.log(f"{p.name} heals: Life {before} -> {p.life}.", p.seat)
    elif icon == "draw":
        g.draw(p.seat, e.amount)
    elif icon == "discard":
        push_discard(g, p.seat, e.amount, hex_ok=True, why=card.name)     # as for Divination
        return bool(g.state.stack[-1]["k"] == "discard")
    return False


@register
class ChooseResource(Handler):
    kind = "choose_resource"

    def prompt(self, g, f):
        where = "the stockpile" if f["source"] == "stockpile" else g.state.players[f["p"]].region
        return f"{g.name(f['p'])}: choose a livestock, gold or noble from {where}."

    def options(self, g, f):
        p = g.state.players[f["p"]]
        return tuple(act("choose_resource", choice=r) for r in TAKEABLE if source_has(g, p, r, f["source"]))

    def apply(self, g, f, a):
        p = g.state.players[f["p"]]
        g.pop(f)
        take_resource(g, p, a.choice, f["source"], p.region)


@register
class Raze(Handler):
    kind = "raze"

    def prompt(self, g, f):
        return f"{g.name(f['p'])}: choose the village (or town) to raze."

    def options(self, g, f):
        p = g.state.players[f["p"]]
        return tuple(act("raze", site=i) for i in raze_sites(g.regions[p.region]))

    def apply(self, g, f, a):
        p = g.state.players[f["p"]]
        g.pop(f)
        raze_site(g, p, a.site)
