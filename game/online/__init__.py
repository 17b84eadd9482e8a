"""Online play: the server (server.py) holds the games (room.py) in a store
(store.py) and speaks the protocol (protocol.py); the window's network host
(remote.py) speaks it from the other side."""
