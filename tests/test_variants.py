"""Variants are named options declared in game/variants.py; nothing else reads
a variant's name word by word."""
import os
import re

import pytest

from game import new_game
from game.data import default_data
from game.variants import OPTIONS, VARIANTS, Variant

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_the_four_variant_names_and_their_options():
    assert VARIANTS == ("standard", "strategist", "desolation", "strategist+desolation")
    assert Variant.parse("standard") == Variant()
    assert Variant.parse("strategist+desolation") == Variant(strategist=True, desolation=True)
    for name in VARIANTS:
        assert Variant.parse(name).name == name


@pytest.mark.parametrize("name", ["Strategist", "desolation+strategist", "standard+desolation", "", "strategist+"])
def test_other_names_are_refused(name):
    with pytest.raises(ValueError, match="unknown variant"):
        Variant.parse(name)
    with pytest.raises(ValueError, match="unknown variant"):
        new_game(4, seed=1, variant=name)


def test_the_game_reads_its_options():
    g = new_game(3, seed=2, variant="strategist")
    assert g.variant == Variant(strategist=True) and g.strategist and not g.cooperative
    assert len(g.state.rogue_dragons) == Variant.rogue_dragons(default_data(), 3) == 1
    assert [o.name for o in OPTIONS] == ["strategist", "desolation"]


def test_no_module_tests_a_variant_name_by_its_words():
    pattern = re.compile(r"""["'](strategist|desolation)["']\s+(not\s+)?in\s""")
    for folder in ("game", "sprites"):
        for base, _, files in os.walk(os.path.join(ROOT, folder)):
            for name in files:
                if name.endswith(".py"):
                    with open(os.path.join(base, name), encoding="utf-8") as fh:
                        found = pattern.search(fh.read())
                    assert not found, f"{folder}/{name}: {found.group(0)!r}"
