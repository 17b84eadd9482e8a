"""What the table does as time passes, without input: the hex's turn and the
animations move on, marks and messages and the new century's banner run out,
the hand lays itself out afresh once the pointer moved, the next AI move is let
through (or the replay's next step), and the host's news is shown. ``t`` is
the TableScene; what time changes there, it changes through the scene's
named methods (``turn_hex``, ``repaint_map``, ``unsay``, ``reflow_hand``)."""
from __future__ import annotations

from sprites.table import changes, handlayout, happenings


def update(t, now):
    """One tick; True while something moves (the window then draws the next frame soon)."""
    moving = t.turn_hex(now)
    map_moving, overlay_moving = t.motion.update(now)
    moving = moving or map_moving
    t.happened.hold(t.ai.paused, now)
    overlay_moving = t.happened.update(now) | t.pointed.update(now) or overlay_moving
    if moving:
        t.repaint_map()
    elif t.map.background is not t.map_picture and t.map_picture is not None and "map" not in t.standings.covered():
        t.repaint_map()                         # the map's picture, drawn while the window was idle, came
        t.app.dirty = True
    moving = moving or overlay_moving
    if t.toast and now > t.toast[1]:
        t.unsay()
    if t.century and now > t.century["until"]:
        happenings.put_century_away(t)
    if handlayout.reflow_due(t.places, now):
        t.reflow_hand()
    t.part.tick(now)
    if t.part.plays and t.version != t.host.version and not t.handoff_pending:
        t.changed()             # a change the host made after the table's command (an online answer)
    if t.part.plays:
        t.ai.run(now, bool(t.hex_tween) or t.motion.busy())
    changes.report_news(t)
    return moving


def wakeup_ms(t, now):
    """Milliseconds until the table needs a tick without input (None: never)."""
    waits = []
    if t.toast:
        waits.append(t.toast[1] - now)
    if t.century:
        waits.append(t.century["until"] - now)
    if t.places.freeze is not None:
        waits.append(t.places.freeze - now)
    for wait in (t.ai.wakeup_ms(now) if t.part.plays else None, t.part.tick(now)):
        if wait is not None:
            waits.append(wait)
    return max(0, min(waits)) if waits else None
