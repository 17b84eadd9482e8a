"""sprites.art: the map geometry is consistent and every picture renders.

No display is needed: SDL's dummy video driver is selected before pygame
is imported.
"""
import math
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
import yaml  # noqa: E402

from sprites.art import cards, common, hexboard, icons, pieces  # noqa: E402
from sprites.art import map as artmap  # noqa: E402
from sprites.art.geometry import RESOURCES, MapGeometry, geometry_for  # noqa: E402
from game.data import default_data  # noqa: E402

DATA = os.path.join(os.path.dirname(__file__), "..", "data")
RING = default_data().ring
SIZES = [(1600, 900), (1070, 662), (1024, 768), (800, 500)]


def _yaml(name):
    with open(os.path.join(DATA, name), encoding="utf-8") as f:
        return yaml.safe_load(f)


@pytest.fixture(scope="module", params=SIZES, ids=["%dx%d" % s for s in SIZES])
def geo(request):
    pygame.font.init()
    w, h = request.param
    return MapGeometry(pygame.Rect(40, 30, w, h), RING)


# ------------------------------------------------------------ geometry
def test_each_site_hit_tests_to_itself(geo):
    for region in RING:
        assert len(geo.sites[region]) == 6
        for k, spot in enumerate(geo.sites[region]):
            assert geo.site_at(spot) == (region, k)
            assert geo.region_at(spot) == region


def test_spots_lie_on_their_own_region(geo):
    for region in RING:
        assert geo.region_at(geo.dragon_spots[region]) == region
        assert geo.region_at(geo.label_rects[region].center) == region
        assert set(geo.resource_spots[region]) == set(RESOURCES)
        for spot in geo.resource_spots[region].values():
            assert geo.region_at(spot) == region
        for x, y, _ in geo.decor[region]:
            assert geo.region_at((x, y)) == region


def test_regions_do_not_overlap(geo):
    masks = {r: geo.land_mask(r) for r in RING}
    for i, a in enumerate(RING):
        assert masks[a].count() > 0.03 * geo.rect.w * geo.rect.h, "%s is too small" % a
        for b in RING[i + 1:]:
            assert masks[a].overlap_area(masks[b], (0, 0)) == 0, "%s overlaps %s" % (a, b)


def test_things_on_a_region_do_not_overlap(geo):
    for region in RING:
        circles = [(x, y, geo.site_radius) for x, y in geo.sites[region]]
        circles += [(x, y, geo.token_radius) for x, y in geo.resource_spots[region].values()]
        circles.append(geo.dragon_spots[region] + (geo.dragon_radius * 0.9,))
        for i, (x0, y0, r0) in enumerate(circles):
            for x1, y1, r1 in circles[i + 1:]:
                assert math.hypot(x1 - x0, y1 - y0) >= r0 + r1 - 1, region
            assert not geo.label_rects[region].collidepoint(x0, y0)


def test_hex_and_turn_arrows_are_at_sea(geo):
    assert geo.region_at(geo.center) is None
    assert geo.site_at(geo.center) is None
    for spot in geo.turn_arrow_pos.values():
        assert geo.region_at(spot) is None
        assert math.hypot(spot[0] - geo.center[0], spot[1] - geo.center[1]) > geo.hex_radius


def test_each_hex_side_points_at_its_region(geo):
    """Side k of the hex at angle 0 faces ring position k (house rules 2)."""
    for k, region in enumerate(RING):
        dx, dy = hexboard.side_direction(k, 0.0)
        assert (dx, dy) == pytest.approx(geo.hex_side_direction(k, 0.0))
        hits = {geo.region_at((geo.center[0] + dx * d, geo.center[1] + dy * d))
                for d in range(round(geo.hex_radius), max(geo.rect.size))}
        assert region in hits and hits - {region, None} == set(), (region, hits)


def test_geometry_is_deterministic():
    pygame.font.init()
    a = MapGeometry(pygame.Rect(0, 0, 1000, 620), RING)
    b = MapGeometry(pygame.Rect(0, 0, 1000, 620), RING)
    assert a.polygons == b.polygons and a.sites == b.sites


def test_geometry_for_shares_one_geometry_per_rect():
    pygame.font.init()
    a = geometry_for((0, 0, 900, 560), RING)
    assert geometry_for(pygame.Rect(0, 0, 900, 560), RING) is a
    assert geometry_for((0, 0, 900, 560), RING[::-1]) is not a


def test_outside_the_map_is_nothing(geo):
    assert geo.region_at((geo.rect.x - 5, geo.rect.y - 5)) is None
    assert geo.site_at((geo.rect.x - 5, geo.rect.y - 5)) is None


def test_dragon_positions_share_a_region(geo):
    spots = geo.dragon_positions("Gallia", 2)
    assert len(spots) == 2 and spots[0] != spots[1]
    assert geo.dragon_positions("Gallia", 1) == [geo.dragon_spots["Gallia"]]


# ------------------------------------------------------------ pictures
def _visible(surface):
    """The picture is not blank: some pixel is not fully transparent."""
    w, h = surface.get_size()
    return any(surface.get_at((x, y)).a > 0 for x in range(0, w, 2) for y in range(0, h, 2))


@pytest.mark.parametrize("name", icons.ICONS)
def test_every_icon_renders(name):
    for size in (16, 48):
        amount = 2 if name in icons.SIGNED else None
        surf = icons.icon(name, size, amount)
        assert surf.get_size() == (size, size) and _visible(surf)


def test_unknown_icon_is_an_error():
    with pytest.raises(KeyError):
        icons.icon("dragonfruit", 32)


def test_pieces_render_for_every_region_and_dragon():
    for region in _yaml("regions.yaml")["regions"]:
        for kind in pieces.BUILDINGS:
            assert _visible(pieces.building(kind, region["colour"], 36))
        assert _visible(icons.shield(region["letter"], region["colour"], 30))
    assert _visible(pieces.empty_site(36))
    for res in RESOURCES:
        for count in (0, 1, 12):
            assert _visible(pieces.icon_with_count(res, count, 28))
    for dragon in _yaml("dragons.yaml")["dragons"]:
        for rogue in (False, True):
            assert _visible(pieces.dragon_token(dragon["colour"], dragon["letter"], 52, rogue))


def test_hex_renders_at_any_angle():
    sides = tuple(_yaml("hex.yaml")["sides"])
    for angle in (0, 60, 37.5, 359.9, -60):
        surf = hexboard.hex_board(90, angle, sides)
        assert surf.get_width() == round(2 * hexboard.REACH * 90) and _visible(surf)
    assert hexboard.arrow_angle(2) == 120
    for direction in ("left", "right"):
        for hot in (False, True):
            assert _visible(hexboard.turn_arrow(direction, 32, hot))
    with pytest.raises(ValueError):
        hexboard.turn_arrow("up", 32)


def _card(type_id, t, region):
    return {"name": t["name"], "region": region, "text": t.get("text", ""),
            "alternatives": [[dict(e, **({} if "from" in e else {"from": "region"})) for e in alt]
                             for alt in t["alternatives"]],
            "condition": t.get("condition"), "discard_other": t.get("discard_other")}


def test_every_card_type_renders():
    types = _yaml("cards.yaml")["card_types"]
    regions = _yaml("regions.yaml")["regions"]
    used = set()
    for type_id, t in types.items():
        for alt in t["alternatives"]:
            used |= {e["icon"] for e in alt}
        for size in ((150, 210), (90, 126)):
            for r in (regions[0], regions[2], None):
                face = cards.card_face(_card(type_id, t, r["name"] if r else None), size,
                                       r["colour"] if r else None, r["letter"] if r else None)
                assert face.get_size() == size and _visible(face)
    assert used <= set(icons.ICONS), "cards.yaml uses icons the art does not draw"


def test_card_backs_and_hex_cards_render():
    for r in _yaml("regions.yaml")["regions"]:
        assert cards.card_back(r["name"], r["colour"], r["letter"], (120, 168)).get_size() == (120, 168)
    for d in _yaml("dragons.yaml")["dragons"]:
        assert _visible(cards.hex_card_face(d["name"], d["colour"], d["letter"], (120, 168)))


def test_map_renders_with_every_region_named():
    pygame.font.init()
    regions = _yaml("regions.yaml")["regions"]
    geo = MapGeometry(pygame.Rect(0, 0, 640, 400), [r["name"] for r in regions])
    surf = artmap.render_map(geo, {r["name"]: r["land"] for r in regions},
                             {r["name"]: r["letter"] for r in regions},
                             {r["name"]: r["colour"] for r in regions})
    assert surf.get_size() == (640, 400)
    assert artmap.render_map(geo, {r["name"]: r["land"] for r in regions},
                             {r["name"]: r["letter"] for r in regions},
                             {r["name"]: r["colour"] for r in regions}) is surf      # cached


def test_clear_caches_forgets_pictures():
    first = icons.icon("gold", 20)
    assert icons.icon("gold", 20) is first
    common.clear_caches()
    assert icons.icon("gold", 20) is not first


def test_text_helpers():
    pygame.font.init()
    lines = common.wrap("one two three four five six seven", 12, 60)
    assert len(lines) > 1 and all(common.text_width(line, 12) <= 60 or " " not in line for line in lines)
    w, h = common.display_size("Gallia", 20)
    assert common.display_text("Gallia", 20).get_size() == (w, h)
