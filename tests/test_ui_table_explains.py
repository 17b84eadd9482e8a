"""Issue 25, "A table that explains itself and never misleads": the table and
the screens around it, driven as a player drives them (synthetic clicks and
keys on the real scenes)."""
import pygame
from ui_helpers import click_at, make_app

from sprites.scenes.settings import SettingsScene
from sprites.settings import TEXT_SCALES


# ----- 16. Settings: the Text size buttons stay still ----------------------------------------
def test_text_size_buttons_stay_under_the_pointer_as_the_rows_grow():
    """Playtest: "the Text size buttons move under the pointer as the rows grow
    (5 clicks gave 140 %)": five clicks at the same spot give 150 %, and the
    buttons are still there."""
    for size in ((1100, 650), (1600, 900)):
        app = make_app(size=size)
        app.push(SettingsScene(app))
        scene = app.scene
        plus = scene.element_rect("set:text_scale:+")
        spot = plus.center
        for _ in range(len(TEXT_SCALES) - 1):
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=spot, rel=(0, 0), buttons=(0, 0, 0)))
            click_at(app, spot)
        assert app.settings.text_scale == TEXT_SCALES[-1], size
        assert scene.element_at(spot).name == "set:text_scale:+"
        minus = scene.element_rect("set:text_scale:-").center
        for _ in range(len(TEXT_SCALES) - 1):
            click_at(app, minus)
        assert app.settings.text_scale == TEXT_SCALES[0], size
