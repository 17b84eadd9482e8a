"""Which on-screen element offers which of the current options (no pygame).

The table never decides what is legal: it takes ``decision.options`` and
groups them by the element a player would click for each of them. One
element may offer several options (a card with two lines; moving by
livestock or by Mighty Wings) - the table then asks which. Copies of a card
are interchangeable, so every copy in the hand offers the option the engine
lists for one of them, and an element never offers two options that differ
only by which copy they use. Lick Wounds has its own button: a click on a
card means the same whether or not the dragon is wounded.
"""
from __future__ import annotations

from collections import defaultdict

BUTTON_KINDS = ("end_turn", "stop_attack", "divination", "consume_noble", "lick_wounds")
HAND_KINDS = ("discard", "play_card", "use_hex")
REGION_KINDS = ("place", "first_strike", "move", "fly")
PANEL_KINDS = ("choose_resource", "level_up")


def _same_card(key, cards, cid):
    k = key.get(cid)
    return [j for j, c in enumerate(cards) if key.get(c) == k]


def targets(action, index, hand, track, draft, region, card_key):
    """Element names that offer ``action`` (option number ``index``)."""
    k = action.kind
    out = []
    if k in HAND_KINDS:
        out += [f"hand:{j}" for j in _same_card(card_key, hand, action.card)]
        if k == "use_hex":
            out.append("hex:use")
    elif k == "lair_action":
        out.append(f"lair_action:{action.choice}")
    elif k == "scheme_pick":
        out += [f"draft:{j}" for j in _same_card(card_key, draft, action.card)]
    elif k == "select_card":
        out += [f"track:{j}" for j in _same_card(card_key, track, action.card)]
    elif k in REGION_KINDS:
        out.append(f"region:{action.region}")
    elif k in ("attack", "raze"):
        out.append(f"site:{region}:{action.site}")
    elif k in ("turn_hex", "turn_hex_free"):
        out.append(f"hex:turn_{action.choice}")
    elif k in BUTTON_KINDS:
        out.append(f"button:{k}")
    if not out or k in PANEL_KINDS:
        out.append(f"option:{index}")
    return out


def group_options(options, hand, track, draft, region, card_key):
    """{element name: [option index, ...]} for the current decision."""
    groups = defaultdict(list)
    for i, a in enumerate(options):
        for name in targets(a, i, hand, track, draft, region, card_key):
            groups[name].append(i)
    return {name: _distinct(name, idx, options, hand, card_key) for name, idx in groups.items()}


def signature(a, card_key):
    """What an action means to a player: the same for copies of a card."""
    return (a.kind, card_key.get(a.card, a.card), a.alt, a.region, a.site, a.icons, a.choice)


def _distinct(name, idx, options, hand, card_key):
    """One option per distinct meaning: options on interchangeable copies of a
    card collapse into one (the clicked copy's own, if it is among them)."""
    kind, _, rest = name.partition(":")
    own = hand[int(rest)] if kind == "hand" and rest.isdigit() and int(rest) < len(hand) else None
    chosen = {}
    for i in idx:
        a = options[i]
        sig = signature(a, card_key)
        if sig not in chosen or a.card == own:
            chosen[sig] = i
    return sorted(chosen.values())


def candidate(name, decision_kind, hand, track, draft, hex_card):
    """The action a click on ``name`` would most likely mean, so that the
    engine can say why it is not allowed (``Game.why_illegal``)."""
    from game import Action
    kind, _, rest = name.partition(":")
    if kind == "hand" and rest.isdigit() and int(rest) < len(hand):
        card = hand[int(rest)]
        if decision_kind == "discard":
            return Action("discard", card=card)
        return Action("play_card", card=card, alt=0)
    if kind == "track" and rest.isdigit() and int(rest) < len(track):
        return Action("select_card", card=track[int(rest)])
    if kind == "draft" and rest.isdigit() and int(rest) < len(draft):
        return Action("scheme_pick", card=draft[int(rest)])
    if kind == "lair_action":
        return Action("lair_action", choice=rest)
    if kind == "region":
        verb = {"place_dragon": "place", "first_strike": "first_strike"}.get(decision_kind, "move")
        return Action(verb, region=rest)
    if kind == "site":
        site = int(rest.rpartition(":")[2])
        if decision_kind == "raze":
            return Action("raze", site=site)
        return Action("attack", site=site, icons=1)
    if kind == "hex":
        if rest == "use":
            return Action("use_hex", card=hex_card)
        return Action("turn_hex", choice=rest.replace("turn_", ""))
    if kind == "button" and rest in BUTTON_KINDS:
        return Action(rest)
    return None
