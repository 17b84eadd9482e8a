"""Phase 4, first part: the dragons land, then the Rogue Dragons act."""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..actions import act
from ..data import ICON_RESOURCE
from ..frames import Frame
from ..kinds import ActionKind
from ..state import TOWN, VILLAGE


def turn(g, seat):
    g.push(PlaceDragon(seat))


def placeable(g, seat):
    ward = g.state.markers.get("dragon_ward") == seat
    return [name for name in g.ring if ward or not g.occupants(name, exclude=seat)]


class PlaceKind(ActionKind):
    names = ("place",)
    target = "region"

    def options(self, g, f):
        return [act("place", region=r) for r in placeable(g, f.seat)]

    def refused(self, g, f, a):
        if a.region in g.regions and g.occupants(a.region, exclude=f.seat):
            return f"{a.region} is occupied; only the Dragon Ward lets a dragon share a region."
        return None

    def sentence(self, g, a):
        return f"Place your dragon in {a.region}"

    def apply(self, g, f, a):
        p = g.state.players[f.seat]
        p.region = a.region
        g.event("lands", p.seat, region=a.region)
        g.pop(f)


@dataclass
class PlaceDragon(Frame):
    """Place the dragon in an unoccupied region."""
    kind: ClassVar[str] = "place_dragon"
    kinds: ClassVar[tuple] = (PlaceKind(),)
    asks: ClassVar[str] = "place your dragon in an unoccupied region."

    def prompt(self, g):
        if g.state.markers.get("dragon_ward") == self.seat:
            return (f"{g.name(self.seat)}: place your dragon in any region (you hold the Dragon Ward: "
                    "you may share a region with another dragon).")
        return super().prompt(g)


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
                g.event("rogue_acts", dragon=dragon, region=region, target="village", took=False)
                continue
            g.take_settlement_piece(r, site, "village")
            r.villages += 1
            g.event("rogue_acts", dragon=dragon, region=region, target="village", took=True)
        else:
            res = ICON_RESOURCE[icon]
            if not r.res[res]:
                g.event("rogue_acts", dragon=dragon, region=region, target=res, took=False)
                continue
            r.res[res] -= 1
            if res == "field":
                s.fields_out += 1
            else:
                s.stock[res] += 1
            g.event("rogue_acts", dragon=dragon, region=region, target=res, took=True)
    if s.rogues:
        g.event("rogues_leave")
    s.rogues = []
