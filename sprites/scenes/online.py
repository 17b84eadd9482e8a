"""Play online: the server's address and your name (remembered), a new table
(each seat: you, a friend with an invite code, or an AI level; the variant;
how long an absent player is waited for; a turn limit), joining with an
invite code, watching a game with its watch code (what everyone may see), and
My games (every online game of this computer, whose turn it is, opened with a
click; Codes shows again the invite codes of a table made here whose seats
are not taken yet: the server keeps only their hashes, the window keeps them
in its record of the game). The address and name are remembered once they
worked. For a wss:// server, Certificate says how its certificate is trusted:
empty (an authority this computer knows), its SHA-256 fingerprint, or a CA
file (wire.tls); a certificate no known authority signed is shown with
its fingerprint, to trust once compared with the one the host's serve printed.

The network calls run in worker threads (client.lobby): the screen never
waits for a server. This computer's games and their seat tokens are kept in
``online.yaml`` in the save folder (client.my_games).
"""
from __future__ import annotations

import datetime

import pygame

from app.background import Job
from game.data import default_data
from client import lobby
from wire import tls
from client.my_games import TABLE_SEATS, MyGames, address, address_problem
from wire.protocol import AI_LEVELS
from client.remote import RemoteHost
from game.plaintext import name_problem
from game.variants import VARIANTS
from sprites import textfield, theme
from sprites.art import common
from sprites.scene import Scene
from sprites.table.online_parts import OnlineSeats, Watching
from sprites.wake import wake_up

WATCH_CODE_LETTERS = 12        # a game's watch code (server.room.new_game_id); an invite code has 10

SEAT_LABELS = {"here": "You (this computer)", "invite": "A friend (invite code)",
               **{level: f"AI {level}" for level in AI_LEVELS}}
ABSENT = ((None, "Absent players: the table waits"), (300, "Absent 5 min: an AI may stand in"),
          (1800, "Absent 30 min: an AI may stand in"), (86400, "Absent a day: an AI may stand in"))
TURN = ((None, "No turn limit"), (120, "Turn limit: 2 minutes"), (600, "Turn limit: 10 minutes"))
MY_ROWS = 6
FIELDS = ("field:server", "field:trust", "field:name", "field:code")


class OnlineScene(Scene):
    shows_unsaved = True            # (a game's trouble: its row in My games, or the status line: never over the title)

    def __init__(self, app):
        super().__init__(app)
        self.mine = MyGames.load(app.save_dir())
        self.server_text = self.mine.server
        self.trust_text = self.mine.trust(address(self.server_text))
        self.offer = None                  # (address, fingerprint) of a certificate the player may trust
        self.name_text = self.mine.name or (app.settings.names[0] if getattr(app.settings, "names", None) else "")
        self.code_text = ""
        self.seats, self.variant_i, self.absent_i, self.turn_i = self._last_table(self.mine.table)
        self.focus = None
        self.all_selected = False          # the focused field's whole text is selected (Ctrl+A)
        self.message = self.mine.problem or ""
        self.job = None                    # (what, (address, name, trust), Job) of a call to the server under way
        self.setup = None                  # the seats and settings of the table being created
        self.looks = {}                    # game id -> what the server said of it (or the problem)
        self.invites = None                # the codes shown: ([(seat, dragon, code)], the game's entry)
        self.invites_new = False           # ... of a table just made (else asked for again from My games)
        self.on_open = None                # (address, name, trust) to remember once the table watched opens
        self.connecting = None                # the RemoteHost being connected before its table opens
        self.resize(app.screen.get_size())
        self._look_all()

    # ----- layout -------------------------------------------------------------------------
    def resize(self, size):
        w, h = size
        self.k = min(w / 1600, h / 900)
        self.size = size
        self.clear_elements()
        px = self.px
        bh = max(px(44), theme.font(self.fs(22)).get_height() + px(12))
        self.bh = bh
        x0 = max(px(40), w // 2 - px(740))
        self.x0 = x0
        y = px(130)
        self.add("field:server", pygame.Rect(x0 + px(150), y, px(430), bh), tip="The server's address, e.g. "
                 "ws://192.168.1.20:8765 (whoever hosts runs: python main.py serve --host 0.0.0.0)")
        self.add("field:trust", pygame.Rect(x0 + px(732), y, px(300), bh), tip="For a wss:// server only: empty "
                 "when an authority signed its certificate (Let's Encrypt); for a self-signed one, the SHA-256 "
                 "fingerprint its serve printed, or the path of a CA file")
        self.add("field:name", pygame.Rect(x0 + px(1182), y, px(280), bh), tip="Your name at the table")
        # left: a new table
        y = px(250)
        self.left_top = y
        for i, kind in enumerate(self.seats):
            self.add(f"seat:{i}", pygame.Rect(x0 + px(150), y + i * (bh + px(8)), px(420), bh),
                     tip="Click for the next choice: you, a friend, or an AI level")
        y += 6 * (bh + px(8))
        self.add("button:fewer", pygame.Rect(x0 + px(150), y, px(60), bh), tip="One seat fewer")
        self.add("button:more", pygame.Rect(x0 + px(222), y, px(60), bh), tip="One seat more")
        self.add("button:variant", pygame.Rect(x0 + px(294), y, px(276), bh), tip="The variant (click for the next)")
        y += bh + px(8)
        self.add("button:absent", pygame.Rect(x0 + px(150), y, px(420), bh),
                 tip="How long the others wait for a player who has gone before an AI may stand in")
        y += bh + px(8)
        self.add("button:turn", pygame.Rect(x0 + px(150), y, px(420), bh),
                 tip="A live table: a player out of time gets an easy AI's move")
        y += bh + px(14)
        self.add("button:create", pygame.Rect(x0 + px(150), y, px(420), px(56)), tip="Create the table on the server")
        # right: join, and my games
        rx = x0 + px(720)
        rw = max(px(460), w - rx - px(40))
        y = px(250)
        self.add("field:code", pygame.Rect(rx, y, rw - px(340), bh),
                 tip="An invite code a friend sent you (Join), or a game's watch code (Watch)")
        self.add("button:join", pygame.Rect(rx + rw - px(328), y, px(160), bh), tip="Take the seat of that invite code")
        self.add("button:watch", pygame.Rect(rx + rw - px(160), y, px(160), bh),
                 tip="Watch the game of that watch code: what everyone may see, as its players move")
        y += bh + px(60)
        self.my_top = y
        row_h = max(px(62), theme.font(self.fs(20), True).get_linesize() + theme.font(self.fs(18)).get_linesize()
                    + px(10))
        for i, entry in enumerate(self.mine.games[:MY_ROWS]):
            codes = px(120) if entry.get("invites") else 0
            self.add(f"mine:{i}", pygame.Rect(rx, y, rw - px(120) - codes, row_h),
                     tip=f"Open this game's table. Its watch code, for anyone who would like to watch: {entry['game']}")
            if codes:
                self.add(f"codes:{i}", pygame.Rect(rx + rw - px(230), y + (row_h - bh) // 2, px(110), bh),
                         tip="The invite codes of this table's seats nobody has taken yet, to send to your friends")
            self.add(f"forget:{i}", pygame.Rect(rx + rw - px(110), y + (row_h - bh) // 2, px(110), bh),
                     tip="Forget this game on this computer (its seats stay on the server)")
            y += row_h + px(6)
        self.right = pygame.Rect(rx, px(250), rw, y - px(250))
        r = pygame.Rect(0, 0, px(220), px(52))
        r.bottomleft = (x0, h - px(24))
        self.add("button:back", r, tip="Back to the title (Esc)")
        self.status = pygame.Rect(r.right + px(24), r.y - px(4), w - r.right - px(64), r.h + px(8))
        if self.offer is not None:
            box = pygame.Rect(0, 0, min(w - px(80), px(900)), px(300))
            box.center = (w // 2, h // 2)
            self.offer_box = box
            for i, (name, tip) in enumerate((("button:trust", "Trust this certificate for this server (kept in "
                                              "Certificate)"), ("button:distrust", "Do not trust it"))):
                b = pygame.Rect(0, 0, px(260), px(52))
                b.bottomleft = (box.centerx - px(270) + i * px(280), box.bottom - px(20))
                self.add(name, b, tip=tip, front=True)
            self.add("offer_box", box)
        if self.invites is not None:
            box = pygame.Rect(0, 0, min(w - px(80), px(900)), px(120) + (len(self.invites[0]) + 1) * px(44) + px(80))
            box.center = (w // 2, h // 2)
            self.invite_box = box
            for i, (name, tip) in enumerate((("button:open_new", "Open the table (the friends join with their codes)"),
                                             ("button:close_codes", "Back to Play online: My games, Codes, shows "
                                              "these codes again while their seats are free"))):
                b = pygame.Rect(0, 0, px(300), px(52))
                b.bottomleft = (box.centerx - px(310) + i * px(320), box.bottom - px(20))
                self.add(name, b, tip=tip, front=True)
            self.add("invite_box", box)

    # ----- input --------------------------------------------------------------------------
    def click(self, name):
        self.focus = name if name in FIELDS else None
        self.all_selected = False
        if name == "button:back":
            return self._back()
        if self.connecting is not None or self.job is not None:
            return None
        if self.offer is not None:
            if name in ("button:trust", "button:distrust"):
                self._trust(name == "button:trust")
            self.resize(self.size)
            return None
        if self.invites is not None:
            if name == "button:open_new":
                entry = self.invites[1]
                self.invites = None
                self._open(entry)
            elif name == "button:close_codes":
                self._close_codes()
            self.resize(self.size)
            return None
        if name.startswith("seat:"):
            i = int(name.split(":")[1])
            self.seats[i] = TABLE_SEATS[(TABLE_SEATS.index(self.seats[i]) + 1) % len(TABLE_SEATS)]
        elif name == "button:fewer" and len(self.seats) > 2:
            self.seats.pop()
        elif name == "button:more" and len(self.seats) < 6:
            self.seats.append("invite")
        elif name == "button:variant":
            self.variant_i = (self.variant_i + 1) % len(VARIANTS)
        elif name == "button:absent":
            self.absent_i = (self.absent_i + 1) % len(ABSENT)
        elif name == "button:turn":
            self.turn_i = (self.turn_i + 1) % len(TURN)
        elif name == "button:create":
            self._create()
        elif name == "button:join":
            self._join()
        elif name == "button:watch":
            self._watch()
        elif name.startswith("mine:"):
            self._open(self.mine.games[int(name.split(":")[1])])
        elif name.startswith("codes:"):
            self._show_codes(self.mine.games[int(name.split(":")[1])], new=False)
        elif name.startswith("forget:"):
            self.mine.remove(self.mine.games[int(name.split(":")[1])])
            self.message = self.mine.save() or "Forgotten on this computer."
        self.resize(self.size)
        return None

    def key(self, event):
        if event.key == pygame.K_ESCAPE and self.offer is not None:
            self._trust(False)
            self.resize(self.size)
        elif event.key == pygame.K_ESCAPE and self.invites is not None:
            self._close_codes()
            self.resize(self.size)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.invites is not None and self.offer is None:
            self.click("button:open_new")         # the button drawn as the default
        elif event.key == pygame.K_ESCAPE:
            if self.focus is not None:
                self.focus = None
            else:
                self._back()
        elif self.focus is not None:
            selected, self.all_selected = self.all_selected, False
            if textfield.selects_all(event):
                self.all_selected = True
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB):
                if self.focus == "field:code" and event.key != pygame.K_TAB:
                    self._join()
                self.focus = None
            elif (text := textfield.edit(self._get(), event, selected)) is not None:
                if self.focus == "field:name" and text and name_problem(text):
                    self.all_selected = selected
                    return
                self._set(text[:{"field:server": 200, "field:trust": 400}.get(self.focus, 24)])
        self.app.dirty = True

    def _get(self):
        return {"field:server": self.server_text, "field:trust": self.trust_text, "field:name": self.name_text,
                "field:code": self.code_text}[self.focus]

    def _set(self, text):
        if self.focus == "field:server":
            self.server_text = text
            self.trust_text = self.mine.trust(address(text))        # what this computer trusts of that server
        elif self.focus == "field:trust":
            self.trust_text = text
        elif self.focus == "field:name":
            self.name_text = text
        else:
            self.code_text = text

    def _back(self):
        if self.connecting is not None:
            self.connecting.close()
            self.connecting = None
        self.app.pop()

    # ----- the calls to the server ------------------------------------------------------
    def _server(self):
        uri = address(self.server_text)
        problem = address_problem(uri)
        if problem:
            self.message = f"Server: {problem}."
            return None
        trust = self.trust_text.strip()
        if trust and not uri.startswith("wss://"):
            self.message = "Certificate: a ws:// server has none (no TLS): clear Certificate, or type its wss:// address."
            return None
        if tls.trust_problem(trust):
            self.message = f"Certificate: {tls.trust_problem(trust)}."
            return None
        self.offer = None
        return uri

    def _trust(self, yes):
        """The player compared the fingerprint shown with the host's: trust it for that server, or not."""
        uri, fp = self.offer
        self.offer = None
        if not yes:
            self.message = "Not trusted: nothing was sent to that server."
            return
        self.mine.set_trust(uri, fp)
        if address(self.server_text) == uri:
            self.trust_text = fp
        self.message = self.mine.save() or f"Trusted for {uri}: try again."

    def _player(self):
        problem = name_problem(self.name_text)
        if problem:
            self.message = f"Your name: {problem}."
            return None
        return self.name_text.strip()

    @staticmethod
    def _last_table(table):
        """(seats, variant, absent and turn choices) of the last table created here, or the first
        choices (a choice this screen no longer offers: its first)."""
        if table is None:
            return ["here", "invite"], 0, 0, 0

        def index(choices, value):
            return next((i for i, c in enumerate(choices) if c == value), 0)
        return (list(table["seats"]), index(VARIANTS, table["variant"]),
                index([a for a, _ in ABSENT], table["absent"]), index([t for t, _ in TURN], table["turn"]))

    def _remember(self, uri, name, trust):
        """The address (and how its certificate is trusted) and name that just worked: the next time's."""
        self.mine.server, self.mine.name = uri, name
        self.mine.set_trust(uri, trust)

    def _create(self):
        uri, name = self._server(), self._player()
        if uri is None or name is None:
            return
        if "here" not in self.seats:
            self.message = "At least one seat is yours (You, this computer)."
            return
        seats = [{"kind": k, "name": name if i == self.seats.index("here") else f"{name} {i + 1}"}
                 if k == "here" else {"kind": k} for i, k in enumerate(self.seats)]
        trust = self.trust_text.strip()
        self.setup = {"seats": list(self.seats), "variant": VARIANTS[self.variant_i],
                      "absent": ABSENT[self.absent_i][0], "turn": TURN[self.turn_i][0]}
        self.message = "Creating the table..."
        self.job = ("create", (uri, name, trust), Job(lobby.create, uri, seats, VARIANTS[self.variant_i],
                                                      ABSENT[self.absent_i][0], TURN[self.turn_i][0], trust,
                                                      notify=wake_up, name="lobby"))

    def _join(self):
        uri, name = self._server(), self._player()
        if uri is None or name is None:
            return
        if not self.code_text.strip():
            self.message = "Type the invite code first."
            return
        if len([c for c in self.code_text if c.isalnum()]) == WATCH_CODE_LETTERS:
            self.message = "That looks like a game's watch code: choose Watch to watch it (an invite code has 10 letters)."
            return
        trust = self.trust_text.strip()
        self.message = "Joining..."
        self.job = ("join", (uri, name, trust), Job(lobby.join, uri, self.code_text.strip(), name, trust,
                                                    notify=wake_up, name="lobby"))

    def _watch(self):
        uri = self._server()
        if uri is None:
            return
        code = self.code_text.strip()
        if not code:
            self.message = "Type the game's watch code first (a player of the game can read it in My games)."
            return
        if not all(c.isalnum() or c in "-_ " for c in code):
            self.message = "That is not a watch code: it has letters, digits, spaces, - and _ only."
            return
        if len(code) > 20:
            self.message = "That is too long for a watch code: three groups of four letters and digits."
            return
        code = "-".join(code.split())         # read aloud and typed with spaces: the server takes any case
        trust = self.trust_text.strip()
        self.message = f"Connecting to {uri}..."
        self.connecting = RemoteHost(uri, [], notify=wake_up, save_dir=self.app.save_dir(), watch=code, trust=trust)
        typed = self.name_text.strip()          # (a spectator sends no name: the one typed is kept if it may be one)
        self.on_open = (uri, typed if typed and not name_problem(typed) else self.mine.name, trust)

    def _look_all(self):
        for entry in self.mine.games[:MY_ROWS]:
            self._look(entry)

    def _look(self, entry):
        """Ask the game's server how it stands (its row says so when the answer comes)."""
        self.looks[entry["game"]] = Job(lobby.look, entry["server"], entry["tokens"], self.mine.trust(entry["server"]),
                                        notify=wake_up, name="lobby")

    def _open(self, entry):
        self.message = f"Connecting to {entry['server']}..."
        self.connecting = RemoteHost(entry["server"], entry["tokens"], notify=wake_up, save_dir=self.app.save_dir(),
                                     trust=self.mine.trust(entry["server"]), invites=entry.get("invites"))
        self.on_open = None

    def update(self, now):
        if self.job is not None and self.job[2].done():
            what, (uri, name, trust), job = self.job
            self.job = None
            if job.error is not None:
                self.message = f"Not done: {job.error}" if isinstance(job.error, lobby.LobbyError) else \
                    f"Not done: {type(job.error).__name__}"
                if getattr(job.error, "offer", None):
                    self.offer = (uri, job.error.offer)
            elif what == "create":
                self._remember(uri, name, trust)
                self.mine.table = self.setup            # the next new table starts from this one's seats
                self._created(uri, job.result)
            else:
                self._remember(uri, name, trust)
                self.code_text = ""
                entry = self.mine.add(uri, job.result["game"], [job.result["token"]], [name])
                self.message = self.mine.save() or "Joined."
                self._open(entry)
            self.resize(self.size)
            self.app.dirty = True
        if self.connecting is not None:
            host = self.connecting
            if host.fatal:
                self.message = f"Not done: {host.fatal}"
                if host.offer:
                    self.offer = (host.uri, host.offer)
                    self.resize(self.size)
                host.close()
                self.connecting = None
                self.app.dirty = True
            elif host.connected:                  # (every snapshot of its seats is here)
                self.connecting = None
                if self.on_open is not None:
                    self._remember(*self.on_open)
                    problem = self.mine.save()
                    if problem:
                        self.message = problem
                self.app.open_table(host, part=Watching() if host.watching is not None else OnlineSeats(host))
                return False
            elif host.problem:
                line = f"Connecting: {host.problem} (trying again)"
                if line != self.message:
                    self.message = line
                    self.app.dirty = True
        if any(isinstance(v, Job) and v.done() for v in self.looks.values()):
            for key, job in list(self.looks.items()):
                if isinstance(job, Job) and job.done():
                    self.looks[key] = job.result if job.error is None else \
                        {"problem": str(job.error), "refused": getattr(job.error, "refused", False)}
                    self._forget_taken(key)
            self.app.dirty = True
        return False

    def _created(self, uri, created):
        here = sorted(int(s) for s in created["tokens"])
        names = [self.name_text.strip()] * len(here)
        entry = self.mine.add(uri, created["game"], [created["tokens"][str(s)] for s in here], names,
                              created["invites"])          # (kept: the server can never say them again)
        self._look(entry)                                    # (its row, until it is opened)
        problem = self.mine.save()
        if not entry.get("invites"):
            self.message = problem or "Created."
            return self._open(entry)
        self._show_codes(entry, new=True)
        self.message = problem or "Send each friend their code (they choose Play online, then Join)."

    def _show_codes(self, entry, new):
        dragons = [d.name for d in default_data().dragons]
        self.invites = ([(seat, dragons[seat], code) for seat, code in sorted(entry["invites"].items())], entry)
        self.invites_new = new

    def _close_codes(self):
        self.invites = None
        self.message = "The codes are kept on this computer: Codes, in My games, shows them while their seats are free."

    def _forget_taken(self, key):
        """The server said which seats are taken: their codes are no more use, and no longer kept."""
        look = self.looks[key]
        for entry in self.mine.games:
            if entry["game"] == key and "seats" in look and self.mine.forget_taken(entry, look["seats"]):
                problem = self.mine.save()
                if problem:
                    self.message = problem
                self.resize(self.size)

    # ----- drawing ----------------------------------------------------------------------------
    def draw(self, surface):
        w, h = surface.get_size()
        px, fs = self.px, self.fs
        surface.fill((40, 28, 20))
        title = common.display_text("Play online", max(24, px(56)), (170, 40, 30), (250, 226, 170))
        surface.blit(title, title.get_rect(midtop=(w // 2, px(24))))
        f = fs(22)
        trust = self.trust_text if self.focus == "field:trust" else \
            tls.short(tls.as_fingerprint(self.trust_text)) or self.trust_text
        for name, label, value, hint in (("field:server", "Server", self.server_text, "ws://host:8765"),
                                          ("field:trust", "Certificate", trust, "for wss:// only"),
                                          ("field:name", "Your name", self.name_text, "your name")):
            r = self.element_rect(name)
            theme.blit_text(surface, label, f, (r.x - px(12), r.centery), theme.GOLD, True, "midright")
            self._field(surface, r, value, self.focus == name, hint, self.all_selected and self.focus == name)
        # a new table
        theme.blit_text(surface, "A new table", fs(30), (self.x0, self.left_top - px(50)), theme.GOLD, True)
        dragons = [d for d in default_data().dragons]
        for i, kind in enumerate(self.seats):
            r = self.element_rect(f"seat:{i}")
            d = dragons[i]
            pygame.draw.circle(surface, pygame.Color(d.colour), (self.x0 + px(120), r.centery), px(14))
            theme.blit_text(surface, d.name, fs(20), (self.x0 + px(96), r.centery), (230, 214, 180), False,
                            "midright")
            theme.button(surface, r, SEAT_LABELS[kind], f, hot=self.hover == f"seat:{i}")
        for name, label in (("button:fewer", "-"), ("button:more", "+"),
                            ("button:variant", VARIANTS[self.variant_i].replace("+", " + ").title()),
                            ("button:absent", ABSENT[self.absent_i][1]), ("button:turn", TURN[self.turn_i][1])):
            theme.button(surface, self.element_rect(name), label, f, hot=self.hover == name)
        theme.button(surface, self.element_rect("button:create"), "Create the table", fs(26),
                     hot=self.hover == "button:create", primary=True, enabled=self.job is None)
        # join, my games
        cr = self.element_rect("field:code")
        theme.blit_text(surface, "Join or watch with a code", fs(30), (cr.x, cr.y - px(50)), theme.GOLD, True)
        self._field(surface, cr, self.code_text, self.focus == "field:code", "ABCDE-FGHJK",
                    self.all_selected and self.focus == "field:code")
        for name, label in (("button:join", "Join"), ("button:watch", "Watch")):
            theme.button(surface, self.element_rect(name), label, f, hot=self.hover == name,
                         enabled=self.job is None and self.connecting is None)
        theme.blit_text(surface, "My games", fs(30), (self.right.x, self.my_top - px(50)), theme.GOLD, True)
        if not self.mine.games:
            theme.blit_text(surface, "None yet: create a table or join one.", fs(20), (self.right.x, self.my_top),
                            (200, 180, 150))
        for i, entry in enumerate(self.mine.games[:MY_ROWS]):
            self._draw_mine(surface, i, entry)
        theme.button(surface, self.element_rect("button:back"), "Back (Esc)", f, hot=self.hover == "button:back")
        e = self.element(self.hover) if self.hover else None
        tip = (e.tip if e is not None else "") or ""
        if self.message or not tip:        # (else the tip of what the pointer is on)
            tip = None
        line = self.message or tip or self.app.unsaved.line or ""     # (a game's trouble, when nothing else is said)
        theme.blit_wrapped(surface, line, fs(20), self.status, theme.HILITE if tip is None else (220, 200, 170))
        if self.invites is not None:
            self._draw_invites(surface)
        if self.offer is not None:
            self._draw_offer(surface)

    def _draw_mine(self, surface, i, entry):
        px, fs = self.px, self.fs
        r = self.element_rect(f"mine:{i}")
        hot = self.hover == f"mine:{i}"
        pygame.draw.rect(surface, (70, 52, 36) if hot else (54, 40, 28), r, border_radius=8)
        look = self.looks.get(entry["game"])
        if isinstance(look, dict) and "seats" in look:
            names = ", ".join(s["name"] + ("" if s["connected"] or s["kind"] != "human" else " (away)")
                              for s in look["seats"])
            d = look["decider"]
            status = ("Over: open it to see the scores and keep the game" if look["over"] else
                      "Your turn" if d in look["here"] else
                      f"{look['seats'][d]['name']} to play" if d is not None else "")
            colour = theme.HILITE if d in look["here"] and not look["over"] else (220, 200, 170)
        else:
            names = ", ".join(entry["names"]) or entry["game"]
            status = "Asking the server..." if not isinstance(look, dict) else \
                look["problem"] if look.get("refused") else f"Not reachable: {look['problem']}"
            colour = (200, 180, 150)
        theme.blit_text(surface, names, fs(20), (r.x + px(12), r.y + px(6)), theme.WHITE, True, width=r.w - px(24))
        facts = [status, *row_dates(entry, look), f"watch code {entry['game']}", entry["server"]]   # (the code read aloud)
        theme.blit_text(surface, "  -  ".join(f for f in facts if f), fs(18), (r.x + px(12), r.bottom - px(6)),
                        colour, False, "bottomleft", r.w - px(24))
        theme.button(surface, self.element_rect(f"forget:{i}"), "Forget", fs(20), hot=self.hover == f"forget:{i}")
        if entry.get("invites"):
            theme.button(surface, self.element_rect(f"codes:{i}"), "Codes", fs(20), hot=self.hover == f"codes:{i}")

    def _draw_invites(self, surface):
        px, fs = self.px, self.fs
        theme.shade(surface, surface.get_rect())
        box = self.invite_box
        theme.panel(surface, box)
        title = "The table is made: one code per friend" if self.invites_new else \
            "Invite codes of the seats not taken yet"
        theme.blit_text(surface, title, fs(28), (box.centerx, box.y + px(20)), theme.INK, True, "midtop",
                        box.w - px(40))
        theme.blit_text(surface, "Each friend chooses Play online, types the server's address, then Join with "
                        "their code.", fs(20), (box.centerx, box.y + px(64)), theme.INK, False, "midtop",
                        box.w - px(40))
        y = box.y + px(110)
        for seat, dragon, code in self.invites[0]:
            theme.blit_text(surface, f"Seat {seat + 1} ({dragon}):", fs(24), (box.centerx - px(20), y), theme.INK,
                            False, "topright")
            theme.blit_text(surface, code, fs(30), (box.centerx, y - px(4)), (150, 30, 20), True)
            y += px(44)
        theme.blit_text(surface, f"Anyone may watch with the game's code {self.invites[1]['game']} (Watch).", fs(20),
                        (box.centerx, y + px(4)), theme.INK, False, "midtop", box.w - px(40))
        theme.button(surface, self.element_rect("button:open_new"), "Open the table", fs(24),
                     hot=self.hover == "button:open_new", primary=True)
        theme.button(surface, self.element_rect("button:close_codes"), "Close (Esc)", fs(24),
                     hot=self.hover == "button:close_codes")

    def _draw_offer(self, surface):
        px, fs = self.px, self.fs
        theme.shade(surface, surface.get_rect())
        box = self.offer_box
        theme.panel(surface, box)
        uri, fp = self.offer
        inner = box.w - px(40)
        theme.blit_text(surface, "Trust this server's certificate?", fs(28), (box.centerx, box.y + px(20)),
                        theme.INK, True, "midtop", inner)
        theme.blit_text(surface, f"No authority this computer knows signed the certificate of {uri}. "
                        f"Its SHA-256 fingerprint:", fs(20), (box.centerx, box.y + px(66)), theme.INK, False, "midtop",
                        inner)
        for i, half in enumerate((fp[:47], fp[48:])):
            theme.blit_text(surface, half, fs(24), (box.centerx, box.y + px(104) + i * px(34)), (150, 30, 20), True,
                            "midtop", inner)
        theme.blit_text(surface, "Trust it only if it is the one the host's serve printed.", fs(20),
                        (box.centerx, box.y + px(184)), theme.INK, False, "midtop", inner)
        for name, label in (("button:trust", "Trust it"), ("button:distrust", "Cancel (Esc)")):
            # (neither looks like the default: trusting is a deliberate click, never an Enter by habit)
            theme.button(surface, self.element_rect(name), label, fs(24), hot=self.hover == name)

    def _field(self, surface, rect, value, focused, placeholder="", selected=False):
        """A text field; ``selected``: its whole text is selected (Ctrl+A), drawn on a band, no caret."""
        pygame.draw.rect(surface, (250, 242, 222), rect, border_radius=6)
        pygame.draw.rect(surface, theme.HILITE if focused else theme.PANEL_EDGE, rect, 3 if focused else 1,
                         border_radius=6)
        shown = value + ("|" if focused and not selected else "")
        size, room = self.fs(22), rect.w - 20
        if focused and theme.text_width(shown, size) > room:        # typing: its end shows
            while len(shown) > 1 and theme.text_width("..." + shown, size) > room:
                shown = shown[1:]
            shown = "..." + shown
        if focused and selected:
            textfield.draw_selection(surface, rect, value and shown, size, room)
        theme.blit_text(surface, shown or placeholder, size, (rect.x + 10, rect.centery),
                        theme.INK if value else theme.MUTED, False, "midleft", room)


def row_dates(entry, look):
    """What tells two games of the same friends apart in My games: the century the game is in (as
    the server said) and when this computer made or joined it."""
    out = []
    if isinstance(look, dict) and isinstance(look.get("century"), int) and not look.get("over"):
        out.append(f"century {look['century']} of {default_data().setup['centuries']}")
    try:
        made = datetime.datetime.fromisoformat(entry.get("created") or "")
    except ValueError:
        return out
    return out + [f"since {made.day} {made:%b %H:%M}"]
