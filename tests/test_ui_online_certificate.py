"""Play online over wss:// in the real window: the Certificate field, a self-signed
certificate shown with its fingerprint and trusted with a click, a table opened over
TLS, and a certificate other than the one trusted refused in plain words.

Issue "Host it yourself in five minutes", 1: "the window and join accept wss://
addresses, and a self-signed certificate can be trusted by fingerprint ... with a
plain message when the certificate does not match ('the server's certificate is not
the one you trusted')."
"""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from client.my_games import MyGames                          # noqa: E402
from wire.tls import NOT_YOURS, server_context, short       # noqa: E402
from online_helpers import ServerThread                           # noqa: E402
from sprites.scenes.online import OnlineScene                     # noqa: E402
from sprites.scenes.table import TableScene                       # noqa: E402
from tls_helpers import make_certificate                          # noqa: E402
from ui_helpers import DrawnText, click, make_app, press, pump_until, redraw, type_into  # noqa: E402


def retype(app, field, text):
    """Click a field, empty it however long it is, type ``text`` and Tab out."""
    click(app, field)
    for _ in range(len(app.scene._get()) + 1):
        press(app, 8)                                       # Backspace
    for ch in text:
        press(app, 0, ch)
    press(app, 9)                                           # Tab


def test_a_self_signed_certificate_is_shown_trusted_with_a_click_and_a_table_opens_over_wss(tmp_path, monkeypatch):
    made, other = make_certificate(tmp_path, "served"), make_certificate(tmp_path, "other")
    server = ServerThread(tmp_path / "server", tls=server_context(str(made.cert), str(made.key)))
    app = make_app(tmp_path / "saves")
    drawn = DrawnText(monkeypatch)
    try:
        app.to_title()
        click(app, "button:online")
        scene = app.scene
        assert isinstance(scene, OnlineScene) and "field:trust" in scene.element_names()
        type_into(app, "field:server", server.uri)
        type_into(app, "field:name", "Ann")
        while scene.seats[1] != "easy":                    # a table of one player and an AI: it opens at once
            click(app, "seat:1")
        # Nothing trusted yet: the window shows the certificate's fingerprint and asks.
        click(app, "button:create")
        assert pump_until(app, lambda: scene.offer is not None), scene.message
        assert scene.offer == (server.uri, made.fingerprint)
        drawn.clear()
        redraw(app)
        shown = drawn.strings()
        assert made.fingerprint[:47] in shown and made.fingerprint[48:] in shown, shown
        assert "Trust this server's certificate?" in shown
        press(app, 27)                                      # Esc: not trusted, nothing kept
        assert scene.offer is None and scene.trust_text == "" and "Not trusted" in scene.message
        click(app, "button:create")
        assert pump_until(app, lambda: scene.offer is not None), scene.message
        click(app, "button:trust")
        assert scene.trust_text == made.fingerprint
        assert MyGames.load(str(tmp_path / "saves")).certificates == {server.uri: made.fingerprint}
        drawn.clear()
        redraw(app)
        assert short(made.fingerprint) in drawn.strings()           # the field shows what is trusted
        click(app, "button:create")
        assert pump_until(app, lambda: isinstance(app.scene, TableScene)), scene.message
        table = app.scene
        assert pump_until(app, lambda: table.host.connected and table.host.here == [0])
        assert table.host.uri.startswith("wss://")
        # Back on Play online, another certificate typed in: refused in plain words, no dialog.
        app.to_title(table)
        click(app, "button:online")
        scene = app.scene
        type_into(app, "field:server", server.uri)
        assert scene.trust_text == made.fingerprint                 # remembered for that server
        retype(app, "field:trust", other.fingerprint)
        click(app, "button:create")
        assert pump_until(app, lambda: scene.job is None and scene.message.startswith("Not done")), scene.message
        assert scene.message.startswith(f"Not done: {NOT_YOURS}") and scene.offer is None
        drawn.clear()
        redraw(app)
        assert any(s.startswith(f"Not done: {NOT_YOURS}") for s in drawn.strings())
        # A certificate for a ws:// address is a mistake said at once.
        type_into(app, "field:server", server.uri.replace("wss://", "ws://"))
        retype(app, "field:trust", other.fingerprint)
        click(app, "button:create")
        assert scene.job is None and scene.message.startswith("Certificate: a ws:// server has none")
    finally:
        app.close()
        server.stop()
