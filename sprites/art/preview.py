"""Render sample PNGs of all the artwork, to judge it by eye.

    python -m sprites.art.preview out_dir

Writes map_1600x900.png (the map filling a 1600 x 900 window, with pieces),
table_1600x900.png (the map in the table layout's centre, with hand cards),
cards.png (every card type, backs, Dragon Hex Cards) and icons.png (icons,
buildings, tokens, dragons, the hex at several angles), and prints the time
a frame made of cached pictures takes to blit.
"""
import os
import random
import sys
import time

os.environ["SDL_VIDEODRIVER"] = "dummy"      # no window: the output is the PNG files
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402  (the SDL variables must be set first)

from . import cards, common, hexboard, icons, pieces  # noqa: E402
from . import map as artmap  # noqa: E402
from .geometry import MapGeometry  # noqa: E402

DATA = os.path.join(os.path.dirname(__file__), "..", "..", "data")

# used when data/*.yaml cannot be read, so the preview never depends on the engine
REGIONS = [
    {"name": "Britannia", "letter": "B", "colour": "#3f6fb5", "land": "#a9c48f"},
    {"name": "Scandia", "letter": "S", "colour": "#e8e4d8", "land": "#c9d3c2"},
    {"name": "Gothia", "letter": "T", "colour": "#3a3a3a", "land": "#bfae8a"},
    {"name": "Slavia", "letter": "V", "colour": "#b83a32", "land": "#c7b98e"},
    {"name": "Germania", "letter": "M", "colour": "#d9822b", "land": "#9fb27f"},
    {"name": "Gallia", "letter": "G", "colour": "#4f9a4a", "land": "#c4c48a"},
]
DRAGONS = [
    {"name": "Black", "letter": "K", "colour": "#2b2b33"}, {"name": "Blue", "letter": "U", "colour": "#2f6fd0"},
    {"name": "Green", "letter": "G", "colour": "#2e9e4f"}, {"name": "Orange", "letter": "O", "colour": "#e77f1c"},
    {"name": "Red", "letter": "R", "colour": "#c8282d"}, {"name": "White", "letter": "W", "colour": "#f2f2ee"},
]
SAMPLE_CARD = {"name": "Breath Attack", "text": "Attack {region}, or scorch a field in {region}.",
               "alternatives": [[{"icon": "attack"}], [{"icon": "scorch_field"}]]}


def _load(name, key):
    try:
        import yaml
        with open(os.path.join(DATA, name), encoding="utf-8") as f:
            return yaml.safe_load(f)[key]
    except Exception:          # the preview is a drawing aid: fall back to samples
        return None


def _card_types():
    types = _load("cards.yaml", "card_types")
    return types or {"breath_attack": SAMPLE_CARD}


def _card_dict(type_id, t, region):
    alts = [[dict(e, **({} if "from" in e else {"from": "region"})) for e in alt] for alt in t["alternatives"]]
    return {"name": t["name"], "region": region, "text": t.get("text", ""), "alternatives": alts,
            "condition": t.get("condition"), "discard_other": t.get("discard_other")}


def _is_any(type_id):
    return type_id.startswith("any_") or type_id in ("heal", "foresight")


def draw_pieces(surface, geo, regions, dragons, rng, hex_angle):
    """Everything a game puts on the map, laid out at random."""
    colours = {r["name"]: r["colour"] for r in regions}
    d = round(geo.site_radius * 2)
    for name in geo.ring:
        for spot in geo.sites[name]:
            kind = rng.choice((None, None, "village", "village", "town", "city"))
            img = pieces.building(kind, colours[name], d) if kind else pieces.empty_site(d)
            surface.blit(img, img.get_rect(center=spot))
        for res, spot in geo.resource_spots[name].items():
            img = pieces.icon_with_count(res, rng.choice((0, 1, 1, 2, 3)), round(geo.token_radius * 2))
            surface.blit(img, img.get_rect(center=spot))
    dd = round(geo.dragon_radius * 2)
    for region, dragon, rogue in (("Gothia", dragons[4], False), ("Britannia", dragons[1], False),
                                  ("Germania", dragons[0], True)):
        img = pieces.dragon_token(dragon["colour"], dragon["letter"], dd, rogue)
        surface.blit(img, img.get_rect(center=geo.dragon_spots[region]))
    hexpic = hexboard.hex_board(geo.hex_radius, hex_angle)
    surface.blit(hexpic, hexpic.get_rect(center=geo.center))
    for direction, spot in geo.turn_arrow_pos.items():
        img = hexboard.turn_arrow(direction, round(geo.turn_arrow_radius * 2), hot=direction == "right")
        surface.blit(img, img.get_rect(center=spot))


def render_map_png(out_dir, regions, dragons, rect, size, name, extra=None):
    lands = {r["name"]: r["land"] for r in regions}
    letters = {r["name"]: r["letter"] for r in regions}
    colours = {r["name"]: r["colour"] for r in regions}
    screen = pygame.display.set_mode(size)
    t0 = time.perf_counter()
    geo = MapGeometry(rect, [r["name"] for r in regions])
    background = artmap.render_map(geo, lands, letters, colours)
    first = time.perf_counter() - t0
    hex_angle = hexboard.arrow_angle(2)        # arrow at Gothia, as in the rulebook's example

    def frame():
        screen.fill((48, 38, 30))
        screen.blit(background, geo.rect.topleft)
        draw_pieces(screen, geo, regions, dragons, random.Random(5), hex_angle)
        if extra:
            extra(screen, geo)
    frame()                                     # warm the caches
    per_frame = float("inf")
    for _ in range(5):                          # best of 5 batches: other processes add noise
        t1 = time.perf_counter()
        for _ in range(10):
            frame()
        per_frame = min(per_frame, (time.perf_counter() - t1) / 10 * 1000)
    path = os.path.join(out_dir, name)
    pygame.image.save(screen, path)
    print("%s: first draw %.0f ms (geometry + map), then %.2f ms per frame" % (path, first * 1000, per_frame))
    return path


def table_extras(regions):
    """Placeholder panels and a hand of real cards, to judge sizes in context."""
    types = _card_types()
    by_name = {r["name"]: r for r in regions}
    hand = [("attack", "Gallia"), ("breath_attack", "Slavia"), ("valiant_knight", "Gothia"),
            ("raid", "Scandia"), ("any_gold", None), ("foresight", None)]

    prompt = common.text("Century 3 . Attack phase . Red Dragon: play cards, use the hex, or End Turn", 24,
                         (240, 228, 200))

    def draw(screen, geo):
        w, h = screen.get_size()
        for rect in ((0, 0, w, 48), (0, 48, geo.rect.x, geo.rect.h), (geo.rect.right, 48, w - geo.rect.right, geo.rect.h),
                     (0, geo.rect.bottom, w, h - geo.rect.bottom)):
            screen.fill((62, 50, 40), rect)
        screen.blit(prompt, (16, 14))
        x = 720
        cw, ch = 112, 157
        for type_id, region in hand:
            t = types.get(type_id)
            if not t:
                continue
            r = by_name.get(region) if region else None
            face = cards.card_face(_card_dict(type_id, t, region), (cw, ch), r["colour"] if r else None,
                                   r["letter"] if r else None)
            screen.blit(face, (x, geo.rect.bottom + 16))
            x += cw + 8
        back = cards.card_back("Gallia", by_name["Gallia"]["colour"], by_name["Gallia"]["letter"], (cw, ch))
        screen.blit(back, (24, geo.rect.bottom + 16))
        hexcard = cards.hex_card_face("Red", "#c8282d", "R", (cw, ch))
        screen.blit(hexcard, (x, geo.rect.bottom + 16))
    return draw


def render_cards_png(out_dir, regions, dragons):
    ring = [r["name"] for r in regions]
    types = _card_types()
    by_name = {r["name"]: r for r in regions}
    w, h, pad = 150, 210, 12
    sw, sh = 100, 140
    cols = 8
    rows = (len(types) + cols - 1) // cols
    sheet = pygame.Surface((cols * (w + pad) + pad, (rows + 2) * (h + pad) + sh + 3 * pad))
    sheet.fill((58, 46, 36))
    for i, (type_id, t) in enumerate(types.items()):
        region = None if _is_any(type_id) else ring[i % 6]
        r = by_name.get(region) if region else None
        face = cards.card_face(_card_dict(type_id, t, region), (w, h), r["colour"] if r else None,
                               r["letter"] if r else None)
        sheet.blit(face, (pad + (i % cols) * (w + pad), pad + (i // cols) * (h + pad)))
    y = pad + rows * (h + pad)
    for j, r in enumerate(regions):
        sheet.blit(cards.card_back(r["name"], r["colour"], r["letter"], (w, h)), (pad + j * (w + pad), y))
    y += h + pad
    for j, d in enumerate(dragons):
        sheet.blit(cards.hex_card_face(d["name"], d["colour"], d["letter"], (w, h)), (pad + j * (w + pad), y))
    y += h + pad
    for i, (type_id, t) in enumerate(list(types.items())[:12]):       # small, as in a crowded hand
        region = None if _is_any(type_id) else ring[(i + 3) % 6]
        r = by_name.get(region) if region else None
        face = cards.card_face(_card_dict(type_id, t, region), (sw, sh), r["colour"] if r else None,
                               r["letter"] if r else None)
        sheet.blit(face, (pad + i * (sw + 8), y))
    path = os.path.join(out_dir, "cards.png")
    pygame.image.save(sheet, path)
    print(path)
    return path


def render_icons_png(out_dir, regions, dragons):
    names = icons.ICONS
    sheet = pygame.Surface((1600, 900))
    sheet.fill((222, 208, 176))
    label = lambda s, x, y: sheet.blit(common.text(s, 15, common.INK), (x, y))  # noqa: E731
    for i, name in enumerate(names):
        x = 16 + (i % 10) * 158
        y = 12 + (i // 10) * 118
        amount = 2 if name in icons.SIGNED else None
        sheet.blit(icons.icon(name, 72, amount), (x, y))
        sheet.blit(icons.icon(name, 40, amount), (x + 80, y + 4))
        sheet.blit(icons.icon(name, 24, amount), (x + 80, y + 50))
        label(name, x, y + 78)
    y0 = 260
    for j, r in enumerate(regions):
        x = 16 + j * 262
        pygame.draw.rect(sheet, pygame.Color(r["land"]), (x - 6, y0 - 6, 250, 200), border_radius=8)
        for k, kind in enumerate(pieces.BUILDINGS):
            sheet.blit(pieces.building(kind, r["colour"], 46), (x + k * 54, y0))
        sheet.blit(pieces.empty_site(34), (x + 170, y0 + 6))
        sheet.blit(icons.shield(r["letter"], r["colour"], 40), (x + 200, y0 + 2))
        for k, res in enumerate(icons.RESOURCE_ICONS):
            sheet.blit(pieces.icon_with_count(res, (3, 0, 1, 12)[k], 28), (x + k * 50, y0 + 60))
        d = dragons[j]
        sheet.blit(pieces.dragon_token(d["colour"], d["letter"], 76), (x, y0 + 96))
        sheet.blit(pieces.dragon_token(d["colour"], d["letter"], 52, rogue=True), (x + 96, y0 + 108))
        sheet.blit(pieces.dragon_token(d["colour"], d["letter"], 52), (x + 160, y0 + 108))
        label("%s / %s dragon" % (r["name"], d["name"]), x, y0 + 178)
    y1 = 490
    for k, angle in enumerate((0, 60, 120, 150, 300)):
        pic = hexboard.hex_board(110, angle)
        sheet.blit(pic, pic.get_rect(center=(170 + k * 310, y1 + 160)))
        label("angle %d" % angle, 140 + k * 310, y1 + 316)
    for k, (direction, hot) in enumerate((("left", False), ("right", False), ("left", True), ("right", True))):
        sheet.blit(hexboard.turn_arrow(direction, 40, hot), (16 + k * 50, y1 - 6))
    sheet.blit(cards.any_region_emblem(40), (230, y1 - 6))
    path = os.path.join(out_dir, "icons.png")
    pygame.image.save(sheet, path)
    print(path)
    return path


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    out_dir = argv[0] if argv else "out/art"
    os.makedirs(out_dir, exist_ok=True)
    pygame.display.init()
    pygame.font.init()
    regions = _load("regions.yaml", "regions") or REGIONS
    dragons = _load("dragons.yaml", "dragons") or DRAGONS
    render_map_png(out_dir, regions, dragons, pygame.Rect(0, 0, 1600, 900), (1600, 900), "map_1600x900.png")
    render_map_png(out_dir, regions, dragons, pygame.Rect(230, 48, 1070, 662), (1600, 900), "table_1600x900.png",
                   table_extras(regions))
    render_cards_png(out_dir, regions, dragons)
    render_icons_png(out_dir, regions, dragons)


if __name__ == "__main__":
    main()
