"""Tooltip texts for everything on the table (built from the seat's snapshot).

Where an element offers options, its tip ends with what a click does (the
engine's own sentences, the options' ``text``); otherwise it describes the thing.
"""
from __future__ import annotations

from collections.abc import Mapping

from game.data import CITY, ICON_RESOURCE, ICON_WORDS, SITE_NAMES, TOWN, VILLAGE
from game.words import count, resources, settlements
from sprites import palette


class Later(Mapping):
    """The tooltips, worked out (``build()``) the first time one is read: the frame
    after a move shows none of them (a tooltip waits for the pointer to move), so it
    need not word all ~120 of them."""

    def __init__(self, build):
        self._build = build
        self._tips = None

    def _all(self):
        if self._tips is None:
            self._tips, self._build = self._build(), None
        return self._tips

    def __getitem__(self, name):
        return self._all()[name]

    def __iter__(self):
        return iter(self._all())

    def __len__(self):
        return len(self._all())

    def get(self, name, default=None):
        return self._all().get(name, default)


RES_ICON = {res: ICON_WORDS[icon] for icon, res in ICON_RESOURCE.items()}     # "field" -> "Scorch Field"
PHASES = {"setup": "Setup", "growth": "Settlement Growth", "awakening": "Awakening", "lair": "Lair",
          "card_selection": "Lair - Card Selection", "placement": "Attack - placing dragons",
          "attack": "Attack", "over": "Game over"}


def card_text(data, cid):
    c = data.cards[cid]
    if c.is_hex:
        return f"{c.title}. {c.text}"
    where = f"Play in {c.region}" if c.region else "Any Region"
    back = f" Back: {c.back}." if c.back else ""
    return f"{c.title} - {where}. {c.text}{back}"


def holdings_text(data, h):
    """Resources and settlement pieces by region, in words (for the lair and Dragon Card tooltips)."""
    res = ", ".join(f"{n} {r}" for r, n in h["res"].items() if n) or "no resources"
    parts = []
    for region in data.ring:
        v, c = h["villages"].get(region, 0), h["cities"].get(region, 0)
        if v or c:
            letter = data.regions[data.region_index[region]].letter
            pieces = [f"{v} village{'s' if v > 1 else ''}" if v else "", f"{c} cit{'ies' if c > 1 else 'y'}" if c else ""]
            parts.append(f"{region} ({letter}): " + " and ".join(x for x in pieces if x))
    return res + ". " + ("; ".join(parts) + "." if parts else "No settlement pieces.")


def attack_cost_text(ways):
    """ " (2 Attack icons, 3 Life)": what taking a settlement costs, from the
    data's [(icons, Life)] ways to hit one (a town: half, or all of it)."""
    if len(ways) == 1:
        n, life = ways[0]
        return f" ({n} Attack icon{'s' if n > 1 else ''}, {life} Life)"
    if len(ways) == 2:
        (half, _), (whole, life) = ways
        return f" ({half} icon takes half, {whole} icons take it all: {life} Life)"
    return ""


def attack_costs(data):
    """site value -> [(Attack icons, Life)]: the ways to take a settlement (data/setup.yaml)."""
    costs = data.setup["attack_costs"]
    return {VILLAGE: costs["village"], TOWN: costs["town"], CITY: costs["city"]}


def stock_takers(data):
    """The names of the cards and Lair Actions that take a village from a region's stockpile."""
    cards = [c.name for c in data.cards.values()      # a purple Raze Village icon (rulebook, Card Icons)
             if any(e.icon == "raze_village" and e.source == "stockpile" for alt in c.alternatives for e in alt)]
    lair = [a.name for a in data.lair_actions if "village_from_stockpile" in a.effect]
    return list(dict.fromkeys(cards + lair))


def build(data, view, options, groups, hand, names, table, undo_refusal=None, colours=None, refused=None,
          turns=None):
    """{element name: tooltip text}. ``options``: the viewer's options (the snapshot's);
    ``table``: what stays the same for the game (game.snapshot.table); ``colours``:
    {dragon: the name of the colour it is drawn in} (the colour-blind palette renames them);
    ``refused``: the decision's reasons why pointing at a thing does nothing (its
    ``refused``), said by the cards, the hex and the buttons that offer nothing; ``turns``:
    the phase's turn order (the snapshot's ``turn_order``)."""
    hits = attack_costs(data)
    tips = {}
    refused = refused or {}

    def offers(name, key=None, title=None):
        idx = groups.get(name)
        if not idx:
            return why_not_now(refused.get(key), title) if key else ""
        return " Click: " + " / ".join(options[i]["text"] for i in idx) + "."

    for j, cid in enumerate(hand):
        tips[f"hand:{j}"] = card_text(data, cid) + offers(f"hand:{j}", f"hand:{cid}", data.cards[cid].title)
    for j, cid in enumerate(view["track"]):
        tips[f"track:{j}"] = "Card Selection Track: " + card_text(data, cid) + offers(f"track:{j}")
    for j, cid in enumerate(view["draft"] or ()):
        tips[f"draft:{j}"] = card_text(data, cid) + offers(f"draft:{j}")
    for reg in view["regions"]:
        name = reg["name"]
        res = _things(reg["res"].items(), zero=True)
        here = [names[d] if isinstance(d, int) else f"Rogue {d} Dragon" for d in reg["dragons"]]
        region = data.regions[data.region_index[name]]
        facing = ICON_WORDS[view["hex_facing"][name]]
        stock = f"{count(reg['stock_villages'], 'village')}, {count(reg['stock_cities'], 'city', 'cities')}"
        tips[f"region:{name}"] = (f"{name} ({region.letter}): {res}. Stockpile: {stock}. "
                                  f"Next to {' and '.join(region.neighbours)}. "
                                  f"Hex side facing it: {facing}."
                                  + (f" Dragons here: {', '.join(here)}." if here else "") + offers(f"region:{name}"))
        for res, n in reg["res"].items():
            tips[f"token:{name}:{res}"] = (f"{name}: {resources(n, res)}. A {RES_ICON[res]} icon of a {name} or Any "
                                           f"Region card, or the hex side facing {name}, takes one."
                                           + offers(f"region:{name}"))
        for k, v in enumerate(reg["sites"]):
            what = SITE_NAMES[v]
            cost = attack_cost_text(hits.get(v, ()))
            tips[f"site:{name}:{k}"] = f"{name}, site {k + 1}: {what}{cost}." + offers(f"site:{name}:{k}")
    arrow = view["hex_arrow"]
    facing = "; ".join(f"{r}: {ICON_WORDS[i]}" for r, i in view["hex_facing"].items())
    tips["hex:use"] = (f"The Action Hex: the arrow points at {arrow}. Sides facing each region - {facing}. "
                       "A Dragon Hex Card uses the side facing your dragon." + offers("hex:use", "hex:use"))
    ring = [r.name for r in data.regions]
    for side, step in (("left", -1), ("right", 1)):
        after = ring[(ring.index(arrow) + step) % len(ring)]
        tips[f"hex:turn_{side}"] = (f"Turn the Action Hex {side} one side: the arrow would point at {after}. "
                                    + table["hex_turn"] + offers(f"hex:turn_{side}", f"hex:{side}"))
    this_century = view["lair_century"] == view["century"]
    for a in data.lair_actions:
        who = view["lair_taken"].get(a.id)
        if who is not None and this_century:
            state = f" Taken by {names[who]} this century."
        elif a.century > view["century"]:
            state = f" Opens in century {a.century}."
        elif who is not None:
            state = f" Free again this century (taken by {names[who]} in century {view['lair_century']})."
        else:
            state = ""
        tips[f"lair_action:{a.id}"] = (f"{a.name} (from century {a.century}): {table['lair_actions'][a.id]}{state}"
                                       + offers(f"lair_action:{a.id}"))
    colours = colours or {}
    for p in view["players"]:
        colour = colours.get(p["dragon"], p["dragon"])
        text = (f"{p['name']} - {colour} Dragon, level {p['level']}, Life {p['life']}/{p['max_life']}, "
                + count(p['hand_count'], 'card') + (f", in {p['region']}" if p["region"] else "") + ".")
        if p["lair"] is not None:
            text += f" Lair: {holdings_text(data, p['lair'])} Regional Value {p['lair_rv']}."
        tips[f"player:{p['seat']}"] = text
    me = view["players"][view["seat"]]
    tips["card"] = (f"{me['name']}'s Dragon Card. On the card this turn: {holdings_text(data, me['card'])} "
                    "It goes into the lair at the end of the turn.")
    if view.get("goals"):
        tips["card"] += " " + view["goals"]["text"]
    if me["lair"] is not None:
        tips["lair"] = f"Your lair: {holdings_text(data, me['lair'])} Regional Value {me['lair_rv']}."
    else:
        tips["lair"] = "Your lair."
    tips["deck"] = (f"Action Deck: {count(view['deck']['count'], 'card')}. The back of the top card "
                    f"({view['deck']['top_back'] or 'none'}) decides where the hex arrow points next century.")
    top = view["discard"][-1] if view["discard"] else None
    tips["discard_pile"] = f"Discard pile: {count(len(view['discard']), 'card')}." + (
        f" Top: {data.cards[top].title}." if top else "")
    fields_left = sum(view["century_fields"][view["century"]:])
    tips["info:centuries"] = (f"Century {view['century']} of {len(view['century_fields'])} (the pawn). Each later century space holds a field for "
                              f"its growth: {fields_left} left.")
    stock = view["stockpile"]
    tips["info:stockpile"] = (f"General stockpile: {stock['livestock']} livestock, {stock['gold']} gold, "
                              f"{stock['noble']} nobles (purple card icons take from here). "
                              f"{view['fields_out']} fields are out of the game (spent fields never come back).")
    tips["info:region_stock"] = ("Each region's own stockpile of village and city pieces: settlements grow from it "
                                 f"and {' / '.join(stock_takers(data))} take from it.")
    holders = {k: (names[v] if v is not None else "nobody") for k, v in view["markers"].items()}
    tips["info:markers"] = (f"First Lair Action: {holders.get('first_lair')} (first Lair Action and track card). "
                            f"First Attack Action: {holders.get('first_attack')} (places and attacks first). "
                            f"Dragon Ward: {holders.get('dragon_ward')} (may share a region). "
                            + view["variant_table"]["markers"]["terrify"]["tip"].format(holder=holders.get("terrify")))
    if turns:
        tips["turns"] = turns_text(turns, names, view["phase"])
    rogues = sorted(data.setup["rogue_dragons"])
    tips["info:game"] = (f"The variant of this game and the Rogue Dragons ({rogues[0]}-{rogues[-1]} players) "
                         "that land each century.")
    generic = {f"button:{k}": b["help"] for k, b in table["buttons"].items()}   # the engine's words
    generic |= {"button:undo": ("Undo your last action (U)." if undo_refusal is None
                               else f"Undo is not possible now: {undo_refusal}."),
               "button:help": "Rules and icons (F1).",
               "button:menu": "The game menu (Esc): resume, save as, settings, rules help, leave to the title "
                              "screen (the game is kept), quit.",
               "button:speed": "Faster animations and AI moves.",
               "button:scores": "Back to the final score table.",
               "button:choices": "Every choice you have now, in one list (A).",
               "button:hint": "Ask the normal AI what it would do now (H)."}
    for name, text in generic.items():
        tips[name] = text + offers(name, name)
    for i, o in enumerate(options):
        if f"option:{i}" in groups:
            a = o["action"]
            tips[f"option:{i}"] = o["text"]
            if a["kind"] == "level_up":
                tips[f"option:{i}"] = f"{data.ability(a['choice']).name}: {data.ability(a['choice']).text}"
    return tips


MARKERS = {"first_lair": "First Lair Action", "first_attack": "First Attack Action"}


def for_table(data, view, options, groups, hand, table, undo_refusal, refused, turns, paused, kinds, more_tips):
    """The table's tooltips: ``build``'s, and what the seats' kinds, Pause and Step and the
    table's part (``more_tips``: sprites.table.part) add (``paused``: the AI dragons are paused;
    ``kinds``: the seats' "human" or AI level)."""
    names = [p["name"] for p in view["players"]]
    colours = {d.name: palette.colour_name(d) for d in data.dragons}
    tips = build(data, view, options, groups, hand, names, table, undo_refusal, colours, refused, turns)
    for i, kind in enumerate(kinds):              # the row may shorten "[AI normal]" to "[AI]"
        if kind != "human" and f"player:{i}" in tips:
            tips[f"player:{i}"] += f" Played by the computer: AI {kind}."
    tips["button:pause"] = ("Resume the AI dragons (P)." if paused else
                            "Pause the AI dragons before their next move (P); Step then plays one move.")
    tips["button:step"] = "Let the next AI move through, then wait again (S)."
    for name, words in more_tips(tips).items():
        tips[name] += words
    return tips


def turns_text(turns, names, phase):
    """The turn order's tooltip: the phase, whose marker starts it, each seat's place."""
    state = {seat: "done" for seat in turns["done"]}
    if turns["now"] is not None:
        state[turns["now"]] = "now"
    if turns["ahead"]:
        state[turns["ahead"][0]] = "next"
    who = ", ".join(names[s] + (f" ({state[s]})" if s in state else "") for s in turns["order"])
    start = f", from the holder of the {MARKERS[turns['marker']]} marker" if turns["marker"] in MARKERS else ""
    return f"Turn order of the {PHASES.get(phase, phase)} phase{start}: {who}."


def why_not_now(reason, title=None):
    """" Not now: ..." for a tooltip (nothing for the engine's general "first do this"
    sentence, which every card would repeat while another kind of choice is asked);
    a card's tooltip names the card already (``title``), its reason need not."""
    if not reason or reason.startswith("Not possible now"):
        return ""
    if title and reason.startswith(title) and len(reason) > len(title) + 2:
        reason = reason[len(title):].lstrip(": ")
        reason = reason[0].lower() + reason[1:] if not reason[:2].isupper() else reason
    return f" Not now: {reason}"


# ----- previews: what an option would do (game.preview.Outcome, in words) -----------------
def strip_name(prompt, name):
    """The engine's prompts start with the chooser's name ("Bryn: ..."); a preview speaks to them."""
    return prompt[len(name):].lstrip(" :") if prompt.startswith(name) else prompt


def _things(pairs, zero=False):
    """ "2 nobles, 1 gold": resources counted (livestock and gold have no plural); ``zero``: "0 nobles" too."""
    return ", ".join(resources(n, what) for what, n in pairs if n or zero)


def cost_text(spends, uses=()):
    """What a move costs, in words, as the engine counts it: resources spent, powers used up."""
    out = [f"Costs {_things(spends.items())}."] if spends else []
    out += [f"Uses {what}." for what in uses]
    return " ".join(out)


def flight_text(flight):
    """A flight of several moves (the snapshot's ``flights``), before it is chosen."""
    cost = cost_text(flight["spends"], flight["uses"])
    return f"{cost} Your dragon flies {' -> '.join(flight['path'])} ({len(flight['steps'])} moves).".strip()


def _whose_icons(o):
    """The Attack icons a preview's hits are for: the option's own, or those waiting already
    (a card discarded for Wrath Attack adds none: the Wrath Attack's wait)."""
    n, adds = o["waiting"], o["adds"]
    if adds == n:
        return "Its Attack icons"
    if adds:
        return f"Its {adds} Attack icon{'s' if adds > 1 else ''} and the {n - adds} waiting"
    return f"The {n} Attack icon{'s' if n > 1 else ''} waiting"


def outcome_text(data, o, life_now, name, uses=None):
    """What an outcome (an option's ``preview``) means for its chooser, ``name``, in a few short
    sentences, its cost first (``uses``: a power or icon the option uses up, its touch's)."""
    out = []
    cost = cost_text(o["spends"], [uses] if uses else [])
    if cost:
        out.append(cost)
    if o["path"]:
        out.append(f"Your dragon flies {o['path'][0]} -> {o['path'][1]}.")
    if o["passing"]:
        out.append(f"{o['path'][1]} has another dragon: you would have to fly on.")
    if o["facing"]:
        region, icon = o["facing"]
        out.append(f"Then the {ICON_WORDS[icon]} side faces {region}.")
        if isinstance(o["hex_use"], str):
            out.append(o["hex_use"])
        elif o["hex_use"] is not None:
            use = outcome_text(data, o["hex_use"], life_now, name)
            out.append("Your Dragon Hex Card there: " + (use or "nothing by itself."))
    taken = {}
    for region, res in o["taken"]:
        taken.setdefault(region or "the stockpile", []).append(res)
    for where, res in taken.items():
        counted = {r: res.count(r) for r in dict.fromkeys(res)}
        out.append(f"Takes {_things(counted.items())} from {where}.")
    for kind, region, n in o["pieces"]:
        out.append(f"Gains {n} {kind if n == 1 else kind + 's' if kind == 'village' else 'cities'} of {region}.")
    if o["life"]:
        out.append(f"Life {life_now} -> {life_now + o['life']}.")
    if o["cards_drawn"]:
        out.append(f"Draws {o['cards_drawn']} card{'s' if o['cards_drawn'] > 1 else ''}.")
    if o["hits"]:
        kinds = {}
        for h in o["hits"]:
            key = (h["size"], h["icons"], h["life"])
            kinds[key] = kinds.get(key, 0) + 1
        hits = "; ".join(f"{settlements(n, size)} ({icons} icon{'s' if icons > 1 else ''},"
                         f" Life -{life}{' each' if n > 1 else ''})" for (size, icons, life), n in kinds.items())
        out.append(f"{_whose_icons(o)} could then hit (ringed on the map): {hits}.")
        if o["reduction"]:
            out.append(f"Damage -{o['reduction']} once: {o['reduction']} Life less in all.")
    elif o.get("aimless"):
        out.append(f"{_whose_icons(o)} alone could hit nothing here.")
    if o["then_kind"] == "level_up":
        names = " or ".join(data.ability(a).name for a in o["level_up"])
        out.append(f"You level up: choose {names}.")
    elif o["level_up"]:
        out.append(f"You level up: {data.ability(o['level_up'][0]).name}.")
    elif o["then"]:
        out.append("Then " + strip_name(o["then"], name))
    if o["returns"] is not None:
        out.append(f"Your dragon returns to its lair with what is on its card: {holdings_text(data, o['returns'])}")
    return " ".join(out)


def still_possible(options, most=6):
    """End Turn's preview: the other choices left now (copies of a card count once)."""
    seen, left = set(), []
    for o in options:
        if o["action"]["kind"] != "end_turn" and o["same"] not in seen:
            seen.add(o["same"])
            left.append(o["text"])
    if not left:
        return "Nothing else is possible now."
    more = f"; and {len(left) - most} more (A lists them all)" if len(left) > most else ""
    return "Still possible: " + "; ".join(left[:most]) + more + "."
