"""The client's screens: menu, host form, join, lobby, table (with the hand result), settings."""
