"""The LAN host: runs a game for the players on the local network."""
