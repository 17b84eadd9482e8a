"""Issue 39 (the first frame at a new window size under 100 ms): in that frame a
picture not drawn yet at the new size is the same picture drawn at another
size, scaled; the real one is owed, and drawn when the window is idle."""
from __future__ import annotations

import pygame

from sprites.art import standins


def make_square():
    """A cached drawing of a ``size`` x ``size`` square, counting what it draws."""
    drawn = []

    @standins.cached(sizes=("size",))
    def square(colour, size, border=1):
        drawn.append((colour, size, border))
        picture = pygame.Surface((size, size), pygame.SRCALPHA)
        picture.fill(colour)
        return picture
    return square, drawn


def test_outside_a_hurry_each_picture_is_drawn_once():
    square, drawn = make_square()
    assert square("#ff0000", 40).get_size() == (40, 40)
    assert square("#ff0000", 40) is square("#ff0000", 40)
    square("#ff0000", 30)
    assert drawn == [("#ff0000", 40, 1), ("#ff0000", 30, 1)]


def test_in_a_hurry_another_size_stands_in_scaled_and_the_real_one_is_owed():
    square, drawn = make_square()
    big = square("#ff0000", 40)
    with standins.hurry():
        stand_in = square("#ff0000", 20)
    assert drawn == [("#ff0000", 40, 1)]                      # nothing drawn in the hurry
    assert stand_in.get_size() == (20, 20) and stand_in is not big
    assert stand_in.get_at((10, 10))[:3] == (255, 0, 0)
    assert standins.pending()
    for job in standins.owed():                                # the window's idle moments
        job()
    assert drawn[-1] == ("#ff0000", 20, 1) and not standins.pending()
    with standins.hurry():                                     # drawn now: itself, not a stand-in
        assert square("#ff0000", 20) is square("#ff0000", 20)
    assert not standins.pending()


def test_the_nearest_size_stands_in_and_the_other_arguments_must_match():
    square, drawn = make_square()
    square("#00ff00", 10)
    square("#00ff00", 60)
    with standins.hurry():
        near = square("#00ff00", 50)
        square("#0000ff", 50)                                  # never drawn in blue: drawn now
        square("#00ff00", 50, border=2)                        # nor with a border of 2
    assert near.get_size() == (50, 50)
    assert drawn[2:] == [("#0000ff", 50, 1), ("#00ff00", 50, 2)]
    assert len(standins.owed()) == 1


def test_a_card_stands_in_at_its_new_width_and_height_not_stretched():
    """(A hand whose cards changed their proportions: the words on a stretched card
    were tall and its icons oval; a card of the same shape, a little smaller, in the middle.)"""
    @standins.cached(sizes=("w", "h"))
    def card(name, w, h):
        picture = pygame.Surface((w, h), pygame.SRCALPHA)
        picture.fill((200, 40, 40))
        return picture
    card("Raid", 100, 150)
    with standins.hurry():
        stand_in = card("Raid", 80, 100)
    assert stand_in.get_size() == (80, 100)
    assert stand_in.get_bounding_rect() == pygame.Rect(7, 0, 67, 100)       # 100 x 150 at 2/3


def test_a_new_hurry_forgets_the_stand_ins_of_the_last_one():
    """(A window resized again before its idle moments came: the old size is gone.)"""
    square, drawn = make_square()
    square("#ff0000", 40)
    with standins.hurry():
        square("#ff0000", 20)
    with standins.hurry():
        square("#ff0000", 30)
    for job in standins.owed():
        job()
    assert drawn == [("#ff0000", 40, 1), ("#ff0000", 30, 1)]


def test_clearing_the_cache_forgets_the_sizes_drawn():
    square, drawn = make_square()
    square("#ff0000", 40)
    square.cache_clear()
    with standins.hurry():
        square("#ff0000", 20)
    assert drawn[-1] == ("#ff0000", 20, 1) and not standins.pending()
