"""Computer players: plain policies over one seat's view (they never see hidden tiles)."""

from server.engine.bots.base import BASELINES, LEVELS, Bot, bot_kind, make_bot
from server.engine.bots.competent import CompetentBot
from server.engine.bots.easy import EasyBot
from server.engine.bots.greedy import GreedyBot
from server.engine.bots.random_bot import RandomBot

__all__ = [
    "BASELINES",
    "LEVELS",
    "Bot",
    "CompetentBot",
    "EasyBot",
    "GreedyBot",
    "RandomBot",
    "bot_kind",
    "make_bot",
]
