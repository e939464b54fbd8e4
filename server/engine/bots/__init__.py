"""Computer players: plain policies over one seat's view (they never see hidden tiles); and
出牌建议 advice, the strong player's choice with its reason (advice.py)."""

from server.engine.bots.advice import Advice, advise
from server.engine.bots.base import BASELINES, LEVELS, Bot, bot_kind, make_bot
from server.engine.bots.competent import CompetentBot
from server.engine.bots.easy import EasyBot
from server.engine.bots.greedy import GreedyBot
from server.engine.bots.normal import NormalBot
from server.engine.bots.random_bot import RandomBot

__all__ = [
    "BASELINES",
    "LEVELS",
    "Advice",
    "Bot",
    "CompetentBot",
    "EasyBot",
    "GreedyBot",
    "NormalBot",
    "RandomBot",
    "advise",
    "bot_kind",
    "make_bot",
]
