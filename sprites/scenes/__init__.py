"""The screens: title, table, hand-off, scores, rules help."""
