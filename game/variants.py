"""Variants of the game."""
VARIANTS = ("standard", "strategist", "desolation", "strategist+desolation")
