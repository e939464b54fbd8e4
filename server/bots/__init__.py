"""Computer players: plain policies over one seat's view (they never see hidden tiles)."""

from server.bots.base import Bot, make_bot
from server.bots.competent import CompetentBot
from server.bots.random_bot import RandomBot

__all__ = ["Bot", "CompetentBot", "RandomBot", "make_bot"]
