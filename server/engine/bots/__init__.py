"""Computer players: plain policies over one seat's view (they never see hidden tiles)."""

from server.engine.bots.base import Bot, make_bot
from server.engine.bots.competent import CompetentBot
from server.engine.bots.random_bot import RandomBot

__all__ = ["Bot", "CompetentBot", "RandomBot", "make_bot"]
