"""Procedural artwork for Wrath of Dragons: every picture is drawn by code.

Modules:
    common    colours, fonts, outlined text, caching and supersampling helpers
    geometry  MapGeometry: where the hex, regions, sites and tokens sit
    icons     the icon vocabulary (resources and card actions)
    pieces    buildings, resource tokens with counts, dragon tokens
    hexboard  the Action Hex (rotatable) and its turn-arrow buttons
    map       the illustrated map background
    cards     card faces, card backs and Dragon Hex Cards
    preview   `python -m sprites.art.preview out_dir` renders sample PNGs

Everything returned is cached and shared: blit it, never draw on it.
"""
