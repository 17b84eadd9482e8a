"""A window's side of online play: the network host the table draws from (remote.py), the
short exchanges of Play online (lobby.py), this computer's online games (my_games.py), the
seats' snapshots as patches bring them (mirror.py), and a scripted client for tests and
benchmarks (bot.py)."""
