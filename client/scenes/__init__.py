"""The client's screens (menu, host form, join, lobby, table with the hand result, history,
replay, rules, settings) and their helpers; client/navigator.py builds every screen, and
none imports another but the replay viewer, which is the table screen fed from a record."""
