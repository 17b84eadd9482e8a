"""What the table does as time passes, without input: the hex's turn and the
animations move on, marks and messages and the new century's banner run out,
the hand lays itself out afresh once the pointer moved, the next AI move is let
through (or the replay's next step), and the host's news is shown. ``t`` is
the TableScene."""
from __future__ import annotations

from sprites.table import changes, handlayout, happenings


def update(t, now):
    """One tick; True while something moves (the window then draws the next frame soon)."""
    moving = False
    if t.hex_tween is not None:
        t.hex_angle = t.hex_tween.value(now)
        if t.hex_tween.done(now):
            t.hex_angle = t.hex_tween.end % 360
            t.hex_tween = None
            t.refresh()
        moving = True
    map_moving, overlay_moving = t.motion.update(now)
    moving = moving or map_moving
    t.happened.hold(t.ai.paused, now)
    overlay_moving = t.happened.update(now) | t.pointed.update(now) or overlay_moving
    if moving:
        t.map_dirty = True
    elif t.map.background is not t.map_picture and t.map_picture is not None and "map" not in t.standings.covered():
        t.map_dirty = t.app.dirty = True        # the map's picture, drawn while the window was idle, came
    moving = moving or overlay_moving
    if t.toast and now > t.toast[1]:
        t.toast = None
        t.app.dirty = True
    if t.century and now > t.century["until"]:
        happenings.put_century_away(t)
    handlayout.maybe_reflow(t, now)
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
    if t.freeze is not None:
        waits.append(t.freeze - now)
    for wait in (t.ai.wakeup_ms(now) if t.part.plays else None, t.part.tick(now)):
        if wait is not None:
            waits.append(wait)
    return max(0, min(waits)) if waits else None
