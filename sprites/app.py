"""The window: a scene stack and one event loop that sleeps when idle.

    from sprites.app import run; run(args)     # what main.py calls

The loop draws only when something changed, waits for events (``wait_event``)
and wakes up just in time for the next animation frame, AI move or message
timeout: idle CPU stays near zero.
"""
from __future__ import annotations

import gc
import os
import sys
import time

import pygame

from sprites import idle, theme
from sprites.anim import now_ms
from sprites.art import kept
from sprites.settings import MIN_WINDOW
from sprites.table import cardface
from sprites.unsaved import UnsavedStrip
from sprites.wake import wake_up

WINDOW = (1600, 900)
FRAME_MS = 16


class App:
    def __init__(self, screen, animate=True, threaded_ai=True, ai_delay_ms=750, handoff=None, autosave=True,
                 save_dir=None, settings=None):
        from sprites.settings import Settings
        from sprites.sound import Sounds
        self.screen = screen
        self.autosave = autosave
        self._save_dir = save_dir
        self.settings = settings or Settings()      # without a file: remembered for this run only
        self.stack = []
        self.dirty = True
        self.running = True
        self.may_animate = animate                  # False for tests and screenshots, whatever the settings say
        self.animate = animate and self.settings.animations
        self.sounds = Sounds(self.settings)
        self.use_text_scale()
        self.threaded_ai = threaded_ai
        self.ai_delay_ms = ai_delay_ms
        self.handoff = self.settings.handoff if handoff is None else handoff
        self.animating = False
        self.windowed_size = screen.get_size()
        self.windowed_at = None               # where the window was before full screen (see window_at)
        self.crashes = []                     # one line per unexpected error (errors.log has the details)
        self.unsaved = UnsavedStrip()         # a game's autosave failure, over the screens that do not show it
        if threaded_ai:
            sys.setswitchinterval(SWITCH_S)

    # ----- the stack -------------------------------------------------------------
    @property
    def scene(self):
        return self.stack[-1]

    def push(self, scene):
        self.stack.append(scene)
        scene.enter()
        self.dirty = True
        return scene

    def pop(self):
        scene = self.stack.pop()
        self.dirty = True
        if self.stack:
            self.scene.hover = None             # the pointer has been elsewhere: no tooltip of before stays
            self.scene.resize(self.screen.get_size())
        return scene

    def replace(self, scene):
        """``scene`` alone on the stack; the games no scene holds any more are
        closed (their last autosave lands and their threads end), whichever
        screen left them: the scores' New game, the crash screen, a new table."""
        before = self.hosts()
        self.stack = [scene]
        scene.enter()
        self.dirty = True
        kept = self.hosts()
        self.left_problems = [p for p in (host.close() for host in before if host not in kept) if p]
        return scene

    def hosts(self):
        """The hosts of the games on the stack (and of a game left for the title)."""
        seen = []
        for scene in list(self.stack) + [getattr(s, "current", None) for s in self.stack]:
            host = getattr(scene, "host", None)
            if host is not None and host not in seen:
                seen.append(host)
        return seen

    def flush_saves(self, timeout=None):
        """Wait for autosaves still being written (before quitting or starting
        another game); returns the one-line problems of those that failed."""
        return [p for p in (host.flush(timeout) for host in self.hosts()) if p]

    def close_other_games(self, keep):
        """A new table opens: the games no scene shows any more are done with
        (their last autosave lands, their threads end); returns the problems."""
        problems = []
        for host in self.hosts():
            if host is not keep:
                problem = host.close()
                if problem:
                    problems.append(problem)
        return problems

    def close(self):
        """Before the window closes: the last autosaves land and the window
        size is remembered. Returns the problems (one line each)."""
        problems = self.flush_saves()
        for host in self.hosts():
            host.close()                        # (written already: this ends their threads)
        self.settings.window = self.windowed_size
        problems.append(self.settings.save())
        return [p for p in problems if p]

    def settings_changed(self):
        """The Settings screen changed something: every scene shows it now
        (text size and palette lay the scenes out afresh) and it is saved."""
        s = self.settings
        self.animate = self.may_animate and s.animations
        self.use_text_scale()
        self.restyle()
        return s.save()

    def use_text_scale(self):
        """The Text size setting, as much of it as this window can show; True if that changed."""
        scale = theme.usable_scale(self.settings.text_scale / 100, self.screen.get_size())
        if scale == theme.text_scale():
            return False
        theme.set_text_scale(scale)
        return True

    def restyle(self):
        """Lay every scene out afresh (text size or palette changed)."""
        for scene in self.stack + [getattr(x, "current", None) for x in self.stack]:
            restyle = getattr(scene, "restyle", None)
            if restyle is not None:
                restyle()
        for scene in self.stack:
            scene.resize(self.screen.get_size())
        self.dirty = True

    _announced = ()
    left_problems = ()              # what closing the games the last ``replace`` left said (one line each)

    def show_online(self):
        from sprites.scenes.online import OnlineScene
        self.push(OnlineScene(self))

    def show_settings(self):
        from sprites.scenes.settings import SettingsScene
        if not isinstance(self.scene, SettingsScene):
            self.push(SettingsScene(self))

    def find(self, cls):
        return next((s for s in reversed(self.stack) if isinstance(s, cls)), None)

    def save_dir(self):
        if self._save_dir is None:
            from app.save_folder import default_save_dir
            self._save_dir = default_save_dir()
        return self._save_dir

    # ----- screens other scenes open ---------------------------------------------
    def local_host(self, session):
        """A host for a game held in this window (AI seats think in threads if the app says so)."""
        from app.host import LocalHost
        return LocalHost(session, threaded=self.threaded_ai, notify=wake_up)

    def new_game(self, seats, seed, variant="standard"):
        """Start a new game ({"name", "dragon", "kind"} per seat); whoever clicked Start says who they are."""
        from app.host import LocalHost
        host = LocalHost.new(seats, seed, variant, threaded=self.threaded_ai, notify=wake_up)
        return self.open_table(host, returning=True)

    def rematch(self, host):
        """A new game with the seats and the variant of ``host``'s game, and a new seed."""
        import random
        return self.new_game(host.seats, random.randrange(100000), host.table["variant"])

    def start_game(self, session, handoff=None, autosave_file=None, returning=False):
        """Show a loaded (or test) game on the table, autosaved to ``autosave_file``
        (a file name in the save folder: the one it was continued from) or to a
        file of its own."""
        return self.open_table(self.local_host(session), handoff, autosave_file, returning)

    def open_table(self, host, handoff=None, autosave_file=None, returning=False, part=None):
        """Show a game on the table. ``returning``: anyone may be at the computer,
        as after Start or Continue (a hot-seat table stays hidden until its player
        says who they are). ``part``: what the table adds for this host (an online
        table's seat controls, a spectator's bar)."""
        from sprites.scenes.table import TableScene
        problems = self.close_other_games(keep=host)      # an older game's last autosave lands first
        theme.forget_texts()
        cardface.forget()
        if self.autosave and not host.over:
            host.start_autosave(self.save_dir(), autosave_file, notify=wake_up)
        table = TableScene(self, host, handoff=self.handoff if handoff is None else handoff, here=host.here, part=part)
        for problem in problems:
            table.say(f"Autosave failed: {problem}")
        self.replace(table)
        settle_memory()                         # the game's pictures and data are made: never scan them again
        if table.seats.needs_handoff(host.decider, returning):
            table.handoff_pending = True
            self.show_handoff(table)
        elif host.over:
            self.show_scores(host)
        return table

    def start_tutorial(self):
        """The guided first game (data/tutorial.yaml), with the player's remembered name."""
        from app.host import LocalHost
        from app.tutorial_script import load_script
        from game.data import DataError
        from sprites.scenes.tutorial import TutorialScene
        try:
            script = load_script()
        except DataError as exc:
            if self.stack and hasattr(self.scene, "message"):
                self.scene.message = f"No tutorial: {exc.problems[0]}"
            return None
        name = self.settings.seats[0]["name"].strip() or "You"
        seats = [{"name": s.get("name", name), "dragon": s["dragon"], "kind": s["kind"]} for s in script.seats]
        host = LocalHost.new(seats, script.seed, threaded=self.threaded_ai, notify=wake_up)
        self.close_other_games(keep=host)
        return self.replace(TutorialScene(self, host, script))

    def show_replay(self, session):
        """Step through a recorded game (its replay host decides whose eyes it shows)."""
        from app.replay_host import ReplayHost
        from sprites.scenes.replay import ReplayScene
        return self.push(ReplayScene(self, ReplayHost(session)))

    def show_handoff(self, table):
        from sprites.scenes.handoff import HandOffScene
        self.push(HandOffScene(self, table))

    def show_scores(self, host, celebrate=False):
        """The final scores; ``celebrate``: the game has just ended (the winner's moment first)."""
        from sprites.scenes.scores import ScoresScene
        self.push(ScoresScene(self, host, celebrate, seat=(host.here or [0])[0]))

    def show_game_menu(self, table):
        """The game menu over the table (Esc): resume, settings, rules, save as, the title screen."""
        from sprites.scenes.gamemenu import GameMenuScene
        if not isinstance(self.scene, GameMenuScene):
            self.push(GameMenuScene(self, table))

    def show_help(self):
        from sprites.scenes.help import HelpScene
        if not isinstance(self.scene, HelpScene):
            self.push(HelpScene(self))

    def to_title(self, table=None):
        from sprites.scenes.title import TitleScene
        title = self.replace(TitleScene(self, current=table))
        if self.left_problems:
            title.message = f"Autosave failed: {self.left_problems[0]}"

    # ----- events ---------------------------------------------------------------------
    def handle(self, event):
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            self.show_help()
        elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self.screen = pygame.display.get_surface()
            w, h = self.screen.get_size()
            if not self.screen.get_flags() & pygame.FULLSCREEN:
                if w < MIN_WINDOW[0] or h < MIN_WINDOW[1]:     # SDL 2 in pygame has no minimum size: enforce it
                    self.screen = pygame.display.set_mode((max(w, MIN_WINDOW[0]), max(h, MIN_WINDOW[1])),
                                                          pygame.RESIZABLE)
                self.windowed_size = self.screen.get_size()
                self.settings.window = self.windowed_size
            if self.use_text_scale():
                self.restyle()
            for scene in self.stack:
                scene.resize(self.screen.get_size())
            self.dirty = True
        elif event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED, pygame.WINDOWFOCUSGAINED):
            self.dirty = True
        elif self.stack:
            self.scene.handle(event)

    def toggle_fullscreen(self):
        if self.screen.get_flags() & pygame.FULLSCREEN:
            # leaving full screen straight into a resizable window keeps the full-screen size
            # with some SDL drivers; a plain window first restores the size
            pygame.display.set_mode(self.windowed_size)
            self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
            window_at(self.windowed_at)
        else:
            self.windowed_size = self.screen.get_size()
            self.windowed_at = window_at((0, 0))
            self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        if self.use_text_scale():
            self.restyle()
        for scene in self.stack:
            scene.resize(self.screen.get_size())
        self.dirty = True

    def tick(self):
        now = now_ms()
        self.animating = bool(self.stack) and self.scene.update(now)
        if self.animating or self.unsaved.update(self):
            self.dirty = True
        self.announce_turns()

    def announce_turns(self):
        """An online game's turn for a seat of this computer, while the window shows another
        screen: the window's title says so and a bell rings, once per turn."""
        shown = getattr(self.scene, "host", None) if self.stack else None
        others = [host for host in self.hosts() if host is not shown]
        if not others and not self._announced:
            return                               # (the title's first frames: app.ports not imported yet)
        from app.ports import is_online          # (its Protocols cost the start ~2 ms before its first frame)
        online = [host for host in others if is_online(host) and host.here]
        for host in online:
            host.catch_up()                      # no table paces its moves now
        waiting = [host for host in online if host.decider in host.here and not host.over]
        turn = tuple((id(host), host.version) for host in waiting)
        if turn == self._announced:
            return
        fresh = not set(turn) <= set(self._announced)
        self._announced = turn
        pygame.display.set_caption("Your turn (online) - Wrath of Dragons" if turn else "Wrath of Dragons")
        if fresh and turn:
            self.sounds.play("century")

    def render(self):
        if self.dirty and self.stack:
            self.scene.draw(self.screen)
            self.unsaved.draw(self.screen, self.scene)
            kept.keep()                         # (the first frame's pictures, for the next start; then nothing)
            pygame.display.flip()
            self.dirty = False
            for host in self.hosts():
                host.frame_drawn()              # the frame after an action is out: the autosave may write

    def pump(self):
        """Handle every pending event, advance time and draw (for tests)."""
        for event in pygame.event.get():
            self.handle(event)
        self.tick()
        self.render()

    def timeout(self):
        if self.animating:
            return FRAME_MS
        wait = self.scene.wakeup_ms(now_ms()) if self.stack else None
        return 1000 if wait is None else max(1, min(1000, wait))

    def loop(self):
        idle_since = time.monotonic()
        while self.running and self.stack:
            try:
                self.tick()
                self.render()
                event = wait_event(self.timeout())
                if event.type != pygame.NOEVENT:
                    self.handle(event)
                    idle_since = time.monotonic()
                elif not self.animating and time.monotonic() - idle_since > IDLE_S:
                    settle_memory()             # a quiet moment: collect now, not in the middle of a frame
                    idle_since = float("inf")
                for event in pygame.event.get():
                    self.handle(event)
                    idle_since = time.monotonic()
            except Exception as exc:            # never a traceback in the player's face: errors.log has it
                self.crashed(exc)

    def crashed(self, exc):
        """An unexpected error in the window: its traceback goes to errors.log,
        the player gets one line on the crash screen (and on stderr at the end).
        A second one while that screen shows closes the window."""
        from app import errorlog
        from sprites.scenes.crash import CrashScene
        line = errorlog.unexpected("the window", exc)
        self.crashes.append(line)
        if self.stack and isinstance(self.scene, CrashScene):
            self.running = False
            return
        saved = any(host.autosave_file for host in self.hosts()) and not self.flush_saves()
        self.replace(CrashScene(self, line, saved))


POLL_S = 0.015
IDLE_WORK_S = 0.004      # idle work between two polls (a click waits no longer)
IDLE_S = 1.0
# While an AI dragon thinks in its thread, every blit hands the GIL over and
# the window waits up to this long to get it back (Python's default: 5 ms).
SWITCH_S = 0.001


def window_at(pos):
    """Move the window to ``pos`` on the first display; returns where it was (None: not
    moved). Without a window manager SDL's full screen keeps the window's offset (the
    Menu button and the hand's foot off screen): the window goes to the corner first,
    and back where it was after. On another display SDL places it alone."""
    if pos is None:
        return None
    try:
        from pygame._sdl2.video import Window
        window = Window.from_display_module()
        if window.display_index != 0:
            return None
        was = window.position
        window.position = pos
        return was
    except (ImportError, pygame.error, AttributeError):        # (no such API in this pygame)
        return None


def settle_memory():
    """Collect garbage now and freeze what is left (gc.freeze): the automatic
    collections then only look at objects made since, and a full collection
    of everything (20 ms late in a game) never lands in a frame."""
    gc.collect()
    gc.freeze()


def wait_event(timeout_ms):
    """The next event, or NOEVENT after timeout_ms. pygame.event.wait polls
    every millisecond (pygame issue #3036), which costs a few percent of a
    core while idle; sleeps of 15 ms between polls cost almost nothing and keep
    input latency below what a player notices. The work left for idle moments
    (sprites.idle) is done between polls instead of sleeping."""
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        event = pygame.event.poll()
        if event.type != pygame.NOEVENT:
            return event
        left = deadline - time.monotonic()
        if left <= 0:
            return event
        if idle.pending():
            idle.run(min(IDLE_WORK_S, left))
        else:
            time.sleep(min(POLL_S, left))


def window_icon(size):
    """The game's icon: the window's, and the PNGs of the desktop entry (tools/make_icons.py)."""
    from sprites.art import pieces
    return pieces.dragon_token("#c8282d", "W", size)


ICON_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "icons", "wrath-of-dragons-{}.png")


def stored_icon(size):
    """window_icon(size) as tools/make_icons.py stored it (tests/test_install.py keeps them
    alike): read in 0.1 ms, drawn in 2. Drawn if the file cannot be read (a regular file
    only: a named pipe would block)."""
    import io
    from game.safe_files import FileProblem, read_bytes
    try:
        return pygame.image.load(io.BytesIO(read_bytes(ICON_FILE.format(size), 1024 * 1024)), "icon.png")
    except (FileProblem, pygame.error, ValueError):
        return window_icon(size)


def open_window(size=None, title="Wrath of Dragons", remembered=None):
    """A resizable window: ``size``, else the ``remembered`` size of the last
    run if it fits the screen, else 1600 x 900 or smaller to fit a smaller
    screen (never below MIN_WINDOW)."""
    for system in ("X11", "WAYLAND"):           # the desktop entry finds its window by this class
        os.environ.setdefault(f"SDL_VIDEO_{system}_WMCLASS", "wrath-of-dragons")
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_caption(title)
    pygame.display.set_icon(stored_icon(64))
    if size is None:
        try:
            dw, dh = pygame.display.get_desktop_sizes()[0]
        except (pygame.error, IndexError):
            dw, dh = WINDOW
        size = WINDOW
        if remembered and remembered[0] <= dw and remembered[1] <= dh:
            size = remembered
        elif dw < WINDOW[0] or dh < WINDOW[1] + 60:
            k = min(dw / WINDOW[0], (dh - 60) / WINDOW[1])
            size = (max(MIN_WINDOW[0], round(WINDOW[0] * k)), max(MIN_WINDOW[1], round(WINDOW[1] * k)))
    screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.key.set_repeat(400, 40)
    return screen


def script_problems():
    """The tutorial's script is checked like the other data files: a bad one stops the
    start (its problems printed, one line each); returns the exit code, or None."""
    from app.tutorial_script import load_script
    from game.data import DataError
    try:
        load_script()
    except DataError as exc:
        print("Wrath of Dragons cannot start: the data files have problems:", file=sys.stderr)
        for problem in exc.problems:
            print("  " + problem, file=sys.stderr)
        return 2
    return None


def run(args):
    """Open the window as main.py's arguments say (sprites.cli renders a screenshot instead)."""
    problem = script_problems()
    if problem is not None:
        return problem
    from app import errorlog
    from app.save_folder import default_save_dir
    from sprites.settings import Settings
    save_dir = getattr(args, "save_dir", None) or default_save_dir()
    errorlog.setup(save_dir)
    try:
        settings = Settings.load(save_dir)
        app = build(args, open_window(getattr(args, "size", None), remembered=settings.window), settings)
        idle.later("warm-up", [warm_up])    # (done after the first frame, between two polls)
        app.loop()
        problems = app.close()
        app.sounds.close()
    except Exception as exc:                # the window could not even open (no display, ...)
        print(f"error: {errorlog.unexpected('the window', exc)}", file=sys.stderr)
        return 1
    finally:
        pygame.quit()
        errorlog.close()
    from sprites.art import common
    common.clear_caches()                   # pictures and fonts of the closed window
    for problem in problems:
        print(f"warning: {problem}", file=sys.stderr)
    for line in app.crashes:
        print(f"error: {line}", file=sys.stderr)
    return 1 if app.crashes else 0


def warm_up():
    """What the start put off until after the window's first frame: the engine
    (app.engine_imports) and PyYAML (not needed before it when the settings and the
    saves' headers were parsed at an earlier start, game.start_cache), imported
    here on the main thread, so that no thread (an autosave, a save loaded in
    the background) is the first to import them; and the parses read at this
    start kept for the next one."""
    from app.engine_imports import import_engine
    from app.save_format import dumper
    from game import safe_yaml, start_cache
    import_engine()
    safe_yaml.ready()
    dumper()
    start_cache.keep_parses()


def build(args, screen, settings=None):
    """The app with its first screen: the title, a loaded game (--load) or a replay (--replay)."""
    app = App(screen, save_dir=getattr(args, "save_dir", None), settings=settings)
    session = getattr(args, "session", None)
    if session is not None and getattr(args, "replay", None):
        app.show_replay(session)
    elif session is not None:
        app.start_game(session, returning=True)
    else:
        from sprites.scenes.title import TitleScene
        # flags that were given override the remembered setup (unset ones are None)
        app.push(TitleScene(app, players=getattr(args, "players", None), seed=getattr(args, "seed", None),
                            variant=getattr(args, "variant", None), kinds=getattr(args, "ai", None)))
    return app


def headless_env():
    """Use SDL's dummy video driver when there is no display."""
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
