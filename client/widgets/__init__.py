"""The table's widgets: the countdowns, the turn compass, the banners (each reads, draws)."""
