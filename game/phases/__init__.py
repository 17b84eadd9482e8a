"""The rules of each phase, one module each; ``game.flow`` puts them in order."""
