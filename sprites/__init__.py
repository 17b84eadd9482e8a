"""The pygame view. Importing it first keeps pygame's welcome line off the
terminal (the variable must be set before pygame is imported)."""
import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
