"""Rulebook: Action Cards - Card Reading Examples (Valiant Knight, Breath Attack,
A Bard's Tale, Wrath Attack), read from data/cards.yaml."""
from game import default_data


def card(cid):
    return default_data().cards[cid]


def icons(alt):
    return [(e.icon, e.source, e.amount) for e in alt]


def test_britannia_valiant_knight():
    c = card("valiant_knight_britannia")
    assert c.region == "Britannia" and "after attacking Britannia" in c.text
    assert c.condition == ("attacked_region", "card")
    # lose 1 Life, 1 village from the Britannia stockpile, 1 livestock/gold/noble from the stockpile
    assert [icons(a) for a in c.alternatives] == [[("lose_life", None, 1), ("raze_village", "stockpile", 1),
                                                   ("gain_resource", "stockpile", 1)]]


def test_gallia_breath_attack_one_or_the_other():
    c = card("breath_attack_gallia_1")
    assert [icons(a) for a in c.alternatives] == [[("attack", "region", 1)], [("scorch_field", "region", 1)]]


def test_gothia_bards_tale():
    c = card("bards_tale_gothia")
    assert c.condition == ("gained_from_region", ("livestock", "gold", "noble"))
    assert [icons(a) for a in c.alternatives] == [[("raze_village", "stockpile", 1)]]


def test_scandia_wrath_attack():
    c = card("wrath_attack_scandia")
    assert [icons(a) for a in c.alternatives] == [[("attack", "region", 1), ("attack", "region", 1)]]
    assert c.discard_other == 1 and c.damage_reduction == 1
    assert "Must discard 1 other card" in c.text


def test_contents_84_action_cards_and_12_dragon_hex_cards():
    d = default_data()
    assert len(d.action_cards) == 84 and sum(1 for c in d.cards.values() if c.is_hex) == 12
    assert d.setup["pieces"] == {"livestock": 24, "gold": 24, "noble": 24, "field": 18}
    assert (d.village_stock, d.city_stock) == (10, 4)
