"""What the table shows of a change: the map marks of what happened (in the
colour of the dragon that did it, with its log line when another dragon
acted), the animations (two views of the seat compared), the sounds of the
new log lines, and "since your last turn" when a turn of the viewer starts.

Everything comes from the seat's snapshots: the board before and after, and
the log lines the seat may read that the change added. ``t`` is the TableScene
(its sounds, speed, pacing and marks); where things lie is read from the frame
(``f``: sprites.table.frame) and the panels.
"""
from __future__ import annotations

from game.data import RESOURCES
from sprites import theme
from sprites.anim import now_ms
from sprites.table import leftpanel, marks, motion, tips

HAPPENED_MS = 1000       # an action's marks on the map (divided by the speed; the next AI move comes sooner)
CENTURY_MS = 3000        # the banner of a new century (divided by the speed, never shorter than CENTURY_LEAST_MS)
CENTURY_LEAST_MS = 1200


def after(t, before, actor, events, slots=None):
    """``before``: the board before the change (None after an undo or a new eyes);
    ``actor``: the seat that decided; ``events``: the new log entries; ``slots``:
    where the viewer's hand lay before (None: the table showed other eyes, or none,
    before or now: no card of a hand moves)."""
    now = now_ms()
    if events:
        t.app.sounds.hear([e["event"] for e in events])
        century_banner(t, events, now)
    if before is None:
        return
    f, panels = t.frame(), t.panels()
    if t.app.animate:
        mine = slots is not None and before["seat"] == f.view["seat"]
        t.motion.start(motion.snapshot(before), motion.snapshot(f.view), now, panels.map.geo,
                       lambda s: lair_point(f, panels, s), lambda s: card_point(f, panels, s), t.duration,
                       lambda r: stock_point(f, r), draw_path(f, panels, before) if mine else None,
                       leave_path(f, panels, before, slots) if mine else None, ways(events))
    if t.app.animate or actor != t.seats.viewer:
        # (animations off: still where another dragon acted, steady)
        mark(f, panels, before, actor, events, now, HAPPENED_MS // t.speed, flash=t.app.animate)


def century_banner(t, events, now):
    """A new century began: say so over the map for a moment, before anyone goes on in
    it (the other dragons wait twice their readable pause; with animations on, the first
    click only puts it away, so that the player who ended the last century does not act
    in the next unawares)."""
    begun = [e["event"]["century"] for e in events if e["event"]["kind"] == "century_begins"]
    if not begun:
        return
    ms = max(CENTURY_LEAST_MS, CENTURY_MS // t.speed)
    d = t.decision
    if d is None:
        then = ""
    elif d["player"] == t.seats.viewer and t.seats.is_human(d["player"]):
        then = f"You go on: {tips.strip_name(d['prompt'], t.seats.name(d['player']))}"
    else:
        then = f"{t.seats.name(d['player'])} goes first."
    total = t.data.setup["centuries"]
    goals = t.view.get("goals")
    if goals:                                   # the last century: what is still open, read longer
        then = f"{goals['short']} Your Dragon Card and the Standings (V) say what else is open. {then}"
        ms *= 2
    t.set_century({"title": f"Century {begun[-1]} of {total} begins",
                   "text": f"Century {begun[-1] - 1} is over; the log says what grew. {then}".strip(),
                   "until": now + ms, "hold": t.app.animate})
    t.ai.pause_until(max(t.ai.next_ms, now + min(ms, 2 * t.app.ai_delay_ms // t.speed)))   # a pause, then on


def put_century_away(t):
    """The new century's banner has been read (a click or a key, or its time is up)."""
    t.set_century(None)


def fallen_sites(before, view):
    """(region, site) of the settlements that were destroyed or shrank."""
    old = {r["name"]: r["sites"] for r in before["regions"]}
    return [(r["name"], k) for r in view["regions"] for k, (a, b) in enumerate(zip(old[r["name"]], r["sites"]))
            if b < a]


def mark(f, panels, before, actor, events, now, ms, flash):
    """Light up on the map for ``ms`` what the action touched (its log lines' fields, the
    settlements that fell); another dragon's action also says what it was."""
    where = {p["seat"]: p["region"] for p in before["players"]}
    fallen = fallen_sites(before, f.view)
    places = []
    for e in events:
        places += marks.event_marks(e["event"], fallen, where)
        if e["event"]["kind"] in ("moves", "flies"):      # a flight of several moves: each from the last
            where[e["event"]["seat"]] = e["event"]["region"]
    if not places:
        return
    caption = card = None
    if actor != f.seats.viewer:
        caption = " ".join(e["text"] for e in events[:2])
        card = next((e["event"]["card"] for e in events if e["event"]["kind"] == "plays"), None)
    panels.happened.add(places, now, ms, colour=seat_colour(f, panels.map, actor), caption=caption, card=card,
                        flash=flash)


def seat_colour(f, mapview, seat):
    """Marks of what a dragon did are in that dragon's colour (as the palette draws it)."""
    if seat is None or not 0 <= seat < len(f.view["players"]):
        return marks.HAPPENED
    return theme.rgb(mapview.dragons[f.view["players"][seat]["dragon"]].colour)


def card_point(f, panels, seat):
    """Where loot flies to: the viewer's Dragon Card, or that dragon's row."""
    n = len(f.view["players"])
    if seat == f.view["seat"]:
        return panels.right.card_rect(n).center
    return panels.right.player_rows(n)[seat].center


def draw_path(f, panels, before):
    """A card that came into the viewer's hand flies to its place: from the Card
    Selection Track if it was taken from there, else from the deck."""
    track = list(before["track"])
    rects = panels.handview.track_rects(len(track))

    def path(cid):
        slot = next((r for c, r in f.slots if c == cid), None)
        end = slot.center if slot else f.lay.hand.center
        if cid in track and cid not in f.view["track"]:
            return rects[track.index(cid)].center, end
        return panels.handview.deck_rect().center, end
    return path


def leave_path(f, panels, before, slots):
    """A card that left the viewer's hand flies from where it lay: played, face up to
    the Dragon Card (which lists the cards played this turn); discarded, face up to the
    discard pile, or face down if it went face down (Awakening)."""
    was = {cid: rect for cid, rect in slots}
    seat = f.view["seat"]
    me, me_before = f.view["players"][seat], before["players"][seat]
    played = [c for c in me["played"] + me["hex_out"] if c not in me_before["played"] + me_before["hex_out"]]
    discarded = list(f.view["discard"][len(before["discard"]):])

    def path(cid):
        start = was[cid].center if cid in was else f.lay.hand.center
        if cid in played:
            return start, card_point(f, panels, seat), True
        return start, panels.handview.discard_rect().center, cid in discarded
    return path


def ways(events):
    """{seat: [the regions its dragon flew to, one move at a time]} from the new log lines."""
    out = {}
    for e in events:
        ev = e["event"]
        if ev["kind"] in ("moves", "flies") and ev.get("seat") is not None:
            out.setdefault(ev["seat"], []).append(ev["region"])
    return out


def stock_point(f, res):
    """Where the general stockpile's resource sits in the left column."""
    sec = leftpanel.sections(f.lay, f.view, f.data)["stockpile"]
    k = RESOURCES.index(res)
    return (sec.x + k * sec.w // len(RESOURCES) + f.lay.px(12), sec.bottom - f.lay.px(18))


def lair_point(f, panels, seat):
    """Dragons fly in from their lair: inside the map's edge next to their row."""
    rows = panels.right.player_rows(len(f.view["players"]))
    m = f.lay.map
    r = round(panels.map.geo.dragon_radius * 1.2) + f.lay.pad
    return (m.right - r, max(m.y + r, min(m.bottom - r, rows[seat].centery)))
