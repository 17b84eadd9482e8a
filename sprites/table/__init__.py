"""The table screen's parts: layout, map, panels, hand, dialogs."""
