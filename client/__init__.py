"""The Pygame desktop client: the window a player sees and plays in."""
