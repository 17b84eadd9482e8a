"""One seat's window onto the game: everything that seat may know and needs to
draw its table, as plain data (JSON-serialisable: lists, dicts, text, numbers).

    snap = seat_snapshot(game, seat, since=0)     # seat None: what everyone may see; since None: no log lines

- ``board``: the seat's view of the board (``view.board``: other hands, hidden
  lairs and a draft it may not see are left out), with ``variant_table``, what
  the table shows of the variant in words and numbers (``variant_table.describe``:
  the header's words, what the Terrify counter is worth, a team's goal and the
  levels its points reach), and ``team_result``, the team's result now in a
  cooperative variant (``phases.scoring.desolation``; None otherwise);
- ``decision``: who decides what; if it is the seat's own, every option with
  its sentence, what it touches, its preview (``preview.outcome``), whether it
  spends something at once, and which element of the table offers it; why
  pointing at a thing that offers nothing is refused; the flights to regions
  two or more moves away;
- ``standings``: where the game stands as the seat may know it (unless the
  caller does not want them; a spectator's only at the end); at the end, the
  final scores; ``goals``: in the last century, what is still open for
  the seat (``goals.still_to_win``);
- ``events``: the log lines the seat may read from ``since`` on, each with its
  sequence number (its place in the game's log), so that a table that has
  the lines up to N asks for N onward instead of the whole log again;
- ``since_last_turn`` and ``turn_starts``: the hand-off's and a turn's
  summary (public events only);
- ``turn_order``: the phase's turn order, whose turn it is and who is next
  (``turns.turn_order``; public).

It is JSON as it is (no tuple, no number as a key) and its own copy (none of
the game's lists or dicts), so a server can keep the last one it sent and
diff the next against it. It never holds another seat's hidden fields, the
seed or the generator's state; the host adds what the session knows (the version, undo). ``table``
gives what stays the same for a whole game (button labels and help, Lair
Action texts), so a network host sends it once.
"""
from __future__ import annotations

from .events import visible_to
from .goals import open_for, still_to_win
from .flow import FRAMES, KINDS
from .log_text import log_texts
from .phases.lair import lair_action_text
from .routes import MOVES, flights
from .standings import for_seats, scores_for_seats
from .summary import since_last_turn, turn_starts
from .turns import turn_order
from .view import boards

# Where a player points at something, in the words of the kinds' targets
# (kinds.ActionKind.target); "button" is a table button of a kind (spec.button).
CARD_PLACES = ("hand", "track", "draft")


def seat_snapshot(g, seat, since=0, undoable=None, standings=True):
    """The snapshot of ``seat`` (None: a spectator's). ``undoable(game, after)``:
    would undo take back the option whose result is the copy ``after``?
    ``standings`` False: without them (None), for a table that does not show
    them now (working them out is a large part of a snapshot's cost)."""
    return seat_snapshots(g, [seat], since, undoable, standings)[seat]


def seat_snapshots(g, seats, since=0, undoable=None, standings=True):
    """{seat: ``seat_snapshot(g, seat, since, undoable, standings)``} for several seats at
    once: what they all may see is worked out once and shared between their snapshots
    (read them, never change them)."""
    views = boards(g, seats, decisions=False)          # (each said in full below)
    order = turn_order(g)
    final = g.final_scores() if g.is_over else None
    # (a spectator's too once the game is over: every lair is open then, the final scores are everyone's)
    shown = [seat for seat in views if seat is not None or g.is_over] if standings else []
    standings = for_seats(g, shown) if shown else {}
    # The goals are worked out from the standings' scores, asked at once for every seat that has
    # goals and no standings shown (what they are remembered by is read once, not once a seat).
    scores = {seat: st["scores"] for seat, st in standings.items() if open_for(g, seat)}
    rest = [seat for seat in views if seat not in scores and open_for(g, seat)]
    if rest:
        scores.update(scores_for_seats(g, rest))
    out = {}
    for seat, view in views.items():
        out[seat] = {
            "seat": seat,
            "board": view,
            "decision": decision(g, seat, view, undoable),
            "standings": standings.get(seat),
            "goals": still_to_win(g, seat, scores.get(seat)),
            "final_scores": final,
            "events": events(g, seat, since),
            "log_size": len(g.state.log),
            "turn_starts": seat is not None and turn_starts(g, seat),
            "since_last_turn": [list(line) for line in since_last_turn(g, seat)] if seat is not None else [],
            "turn_order": order,
        }
    return out


def table(g):
    """What stays the same for the whole game: the table's buttons for action kinds
    (label and help) and the Lair Actions' texts."""
    buttons = {name: {"label": spec.button, "help": spec.help(g)} for frame in FRAMES.values()
               for spec in frame.kinds for name in spec.names if spec.button}
    return {"buttons": buttons, "hex_turn": KINDS["turn_hex"].help(g),
            "lair_actions": {a.id: lair_action_text(g, a) for a in g.data.lair_actions},
            "players": g.state.num_players, "variant": g.state.variant}


def events(g, seat, since=0):
    """The log lines ``seat`` may read, from sequence number ``since`` on (None: none)."""
    log = g.state.log
    if since is None or since >= len(log):
        return []
    texts = log_texts(g)
    since = max(0, since)
    return [{"seq": i, "seat": e["seat"], "text": texts[i], "event": _copied(e)}
            for i, e in enumerate(log[since:], since) if visible_to(e, seat)]


def _copied(x):
    """A copy of plain data (the snapshot holds none of the game's own lists and dicts)."""
    if type(x) is dict:
        return {k: _copied(v) for k, v in x.items()}
    if type(x) in (list, tuple):
        return [_copied(v) for v in x]
    return x


def decision(g, seat, view, undoable=None):
    d = g.decision
    if d is None:
        return None
    out = {"player": d.player, "kind": d.kind, "prompt": d.prompt, "mine": d.player == seat}
    if d.player != seat:
        return out
    played = {}                 # move option -> the copy it was played in (a flight's first step starts there;
    #                             the others' copies are let go at once: kept, the collector would walk them)
    out["options"] = [option(g, a, undoable, played) for a in d.options]
    out["refused"] = refusals(g, view)
    out["flights"] = {region: flight(g, steps) for region, steps in flights(g, played).items()}
    return out


def flight(g, steps):
    """A flight of several moves as the table shows it before it is chosen: each step's words
    and kind, the regions flown through, what it costs (resources, and powers it uses up)."""
    seat = g.decision.player
    c = g.copy()
    path, spends, uses = [c.state.players[seat].region], {}, []
    for a in steps:
        t = c.touches(a)
        for res, n in t.spends.items():
            spends[res] = spends.get(res, 0) + n
        if t.uses and t.uses not in uses:
            uses.append(t.uses)
        c.apply(a)
        path.append(c.state.players[seat].region)
    return {"steps": [g.describe(a) for a in steps], "kinds": [a.kind for a in steps], "path": path,
            "spends": spends, "uses": uses}


def option(g, a, undoable=None, played=None):
    """One option as the table needs it: the action, its words, what it touches, its preview.
    ``played``: {move option: the copy of the game it was played in}, to add a move to (read it,
    never change it)."""
    spec = g.action_kind(a.kind)
    t = g.touches(a)
    after = g.copy()
    after.apply(a)
    if played is not None and a.kind in MOVES:
        played[a] = after
    return {
        "action": a.to_dict(),
        "text": g.describe(a),
        "same": same_meaning(g, a),
        "touch": touch_dict(t),
        "spends": t.spends_now,
        "spends_on_map": t.spends_on_map,
        "useful": spec.useful,
        "button": spec.button,
        "preview": g.outcome(a, after=after, touch=t).to_dict(),
        "undoable": bool(undoable(g, after)) if undoable is not None else False,
    }


def same_meaning(g, a):
    """What an action means to a player, as text: the same for copies of a card."""
    key = g.card_key.get(a.card)
    card = "/".join(str(x) for x in key) if key else a.card
    return "|".join("" if x is None else str(x) for x in (a.kind, card, a.alt, a.region, a.site, a.icons, a.choice))


def touch_dict(t):
    return {"cards": [list(c) for c in t.cards], "regions": list(t.regions), "sites": [list(s) for s in t.sites],
            "hex": t.hex, "lair_action": t.lair_action, "spends": dict(t.spends), "gains": dict(t.gains),
            "cards_drawn": t.cards_drawn, "cards_lost": t.cards_lost, "life": t.life, "uses": t.uses}


def targets(g, view):
    """Everything a player may point at now, as (where, what, key): the cards it can
    see, the regions, the sites of every region, the hex, the Lair Actions and the
    table's buttons for action kinds."""
    seat = view["seat"]
    me = view["players"][seat]
    out = []
    cards = {"hand": me["hand"] or [], "track": view["track"], "draft": view["draft"] or []}
    for place in CARD_PLACES:
        for cid in dict.fromkeys(cards[place]):
            out.append((place, cid, f"{place}:{cid}"))
    for r in view["regions"]:
        out.append(("region", r["name"], f"region:{r['name']}"))
    out += [("hex", side, f"hex:{side}") for side in ("left", "right")] + [("hex:use", None, "hex:use")]
    out += [("lair_action", a.id, f"lair_action:{a.id}") for a in g.data.lair_actions]
    out += [("button", name, f"button:{name}") for frame in FRAMES.values()
            for spec in frame.kinds for name in spec.names if spec.button]
    return out


def refusals(g, view):
    """{target key: why pointing there does nothing now}, in the engine's words, for
    every target that offers no option. Sites are keyed "site:<region>:<k>"; one in
    another region than the dragon's says so first."""
    from .actions import Action
    d = g.decision
    offered = set(d.options)
    out = {}
    why = {}                    # pointed action -> the engine's words (many targets point at the same)
    for where, what, key in targets(g, view):
        pointed = Action(what) if where == "button" else g.aimed(where, what)
        if pointed is None or pointed not in offered:
            reason = why.get(pointed)
            if reason is None:
                reason = why[pointed] = g.why_illegal(pointed)
            out[key] = reason
    here = view["players"][d.player]["region"]
    by_site = {}
    for r in view["regions"]:
        for k in range(len(r["sites"])):
            if k not in by_site:
                pointed = g.aimed("site", k)
                by_site[k] = None if pointed in offered else g.why_illegal(pointed)
            if by_site[k] is None and r["name"] == here:
                continue
            reason = by_site[k] or "Nothing to do there now."
            if here and r["name"] != here:
                reason = f"That settlement is in {r['name']}; your dragon is in {here}. " + reason
            out[f"site:{r['name']}:{k}"] = reason
    return out
