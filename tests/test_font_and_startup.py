"""The bundled display font (issue 9, "Onboarding and settings": "A bundled
display font with an open licence ... for titles and card names, so the game
looks the same on every machine; the pygame welcome line is not printed")."""
import os
import subprocess
import sys

import ui_helpers  # noqa: F401  (dummy video driver)
import pygame

from sprites.art import common

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_display_font_is_bundled_with_its_licence_and_used():
    assert os.path.isfile(common.DISPLAY_FONT)
    licence = os.path.join(os.path.dirname(common.DISPLAY_FONT), "OFL.txt")
    with open(licence, encoding="utf-8") as f:
        text = f.read()
    assert "SIL OPEN FONT LICENSE Version 1.1" in text and "Cardo" in text
    pygame.font.init()
    shown = common.display_font(40)
    default = common.font(40, True)
    # the display face is the bundled file, not pygame's default font drawn bold
    assert shown is not default
    assert pygame.image.tostring(shown.render("Dragons", True, (0, 0, 0)), "RGBA") != \
        pygame.image.tostring(default.render("Dragons", True, (0, 0, 0)), "RGBA")
    assert shown.size("Gallia") == pygame.font.Font(common.DISPLAY_FONT, round(40 * common.DISPLAY_K)).size("Gallia")


def test_titles_and_card_names_use_the_display_font(monkeypatch):
    """The title lettering and a card's name are drawn with display_font."""
    from sprites.art import cards
    asked = []
    real = common.display_font
    monkeypatch.setattr(common, "display_font", lambda size: asked.append(size) or real(size))
    common.clear_caches()
    common.display_text("Wrath of Dragons", 60)
    assert asked
    asked.clear()
    cards.compact_face({"name": "Valiant Knight", "region": "Gallia", "alternatives": []}, (120, 160), 18,
                       "#4f9a4a", "G")
    assert asked
    common.clear_caches()


def test_no_pygame_welcome_line(tmp_path):
    """`python main.py --screenshot ...` prints no "Hello from the pygame community"."""
    env = {k: v for k, v in os.environ.items() if k != "PYGAME_HIDE_SUPPORT_PROMPT"}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    out = subprocess.run([sys.executable, "main.py", "--screenshot", str(tmp_path / "t.png"), "--screen", "title"],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "Hello from the pygame community" not in out.stdout + out.stderr
    assert "pygame " not in out.stdout.splitlines()[0]
