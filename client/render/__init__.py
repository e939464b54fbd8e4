"""Drawing code for the desktop client (tile artwork and friends)."""
