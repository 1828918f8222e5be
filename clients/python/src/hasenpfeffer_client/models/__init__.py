""" Contains all the data models used in inputs/outputs """

from .all_drop import AllDrop
from .all_pass import AllPass
from .allow_action import AllowAction
from .allow_type import AllowType
from .alone_action import AloneAction
from .alone_rule import AloneRule
from .alone_type import AloneType
from .answer import Answer
from .archived_seat import ArchivedSeat
from .archived_summary import ArchivedSummary
from .arena import Arena
from .arena_kind import ArenaKind
from .arena_page import ArenaPage
from .arena_player_status import ArenaPlayerStatus
from .arena_standing import ArenaStanding
from .arena_status import ArenaStatus
from .arena_summary import ArenaSummary
from .arena_table import ArenaTable
from .auction_kind import AuctionKind
from .auction_pass import AuctionPass
from .bid import Bid
from .bid_action import BidAction
from .bid_type import BidType
from .bot_game import BotGame
from .bot_game_record import BotGameRecord
from .bot_games import BotGames
from .bot_kind import BotKind
from .bot_profile import BotProfile
from .bot_seat import BotSeat
from .call import Call
from .call_action import CallAction
from .call_type import CallType
from .card import Card
from .challenge import Challenge
from .challenge_preferences import ChallengePreferences
from .challenge_status import ChallengeStatus
from .claim_seat_request import ClaimSeatRequest
from .claimed_seat import ClaimedSeat
from .contract import Contract
from .create_arena_request import CreateArenaRequest
from .create_challenge_request import CreateChallengeRequest
from .create_game_request import CreateGameRequest
from .create_match_request import CreateMatchRequest
from .created_game import CreatedGame
from .current_trick import CurrentTrick
from .deal import Deal
from .dealer_pickup import DealerPickup
from .deck import Deck
from .decline_challenge_request import DeclineChallengeRequest
from .decline_reason import DeclineReason
from .defender_points import DefenderPoints
from .drop_action import DropAction
from .drop_type import DropType
from .exchange_action import ExchangeAction
from .exchange_type import ExchangeType
from .first_lead import FirstLead
from .forced import Forced
from .game_end import GameEnd
from .game_log import GameLog
from .game_status import GameStatus
from .game_view import GameView
from .get_leaderboard_pool import GetLeaderboardPool
from .get_rating_history_pool import GetRatingHistoryPool
from .hand_outcome import HandOutcome
from .hand_record import HandRecord
from .hand_result import HandResult
from .hand_summary import HandSummary
from .health import Health
from .house_fill import HouseFill
from .inbox_arena_finished import InboxArenaFinished
from .inbox_arena_finished_type import InboxArenaFinishedType
from .inbox_arena_started import InboxArenaStarted
from .inbox_arena_started_type import InboxArenaStartedType
from .inbox_challenge import InboxChallenge
from .inbox_challenge_accepted import InboxChallengeAccepted
from .inbox_challenge_accepted_type import InboxChallengeAcceptedType
from .inbox_challenge_canceled import InboxChallengeCanceled
from .inbox_challenge_canceled_type import InboxChallengeCanceledType
from .inbox_challenge_declined import InboxChallengeDeclined
from .inbox_challenge_declined_type import InboxChallengeDeclinedType
from .inbox_challenge_type import InboxChallengeType
from .inbox_game_over import InboxGameOver
from .inbox_game_over_type import InboxGameOverType
from .inbox_match_finished import InboxMatchFinished
from .inbox_match_finished_type import InboxMatchFinishedType
from .inbox_seated import InboxSeated
from .inbox_seated_type import InboxSeatedType
from .leaderboard import Leaderboard
from .leaderboard_entry import LeaderboardEntry
from .leave_upcard_action import LeaveUpcardAction
from .leave_upcard_type import LeaveUpcardType
from .left_queues import LeftQueues
from .list_arenas_preset import ListArenasPreset
from .list_arenas_status import ListArenasStatus
from .list_games_preset import ListGamesPreset
from .list_games_status import ListGamesStatus
from .lobby_game import LobbyGame
from .lobby_page import LobbyPage
from .lobby_status import LobbyStatus
from .match import Match
from .match_deal import MatchDeal
from .match_play import MatchPlay
from .match_result import MatchResult
from .match_status import MatchStatus
from .misere import Misere
from .misere_action import MisereAction
from .misere_type import MisereType
from .name_trump_action import NameTrumpAction
from .name_trump_type import NameTrumpType
from .open_kind import OpenKind
from .open_misere_action import OpenMisereAction
from .open_misere_type import OpenMisereType
from .open_seat import OpenSeat
from .option_info import OptionInfo
from .order_up_action import OrderUpAction
from .order_up_type import OrderUpType
from .pass_action import PassAction
from .pass_cards_action import PassCardsAction
from .pass_cards_type import PassCardsType
from .pass_type import PassType
from .pepper import Pepper
from .phase import Phase
from .pick_up_action import PickUpAction
from .pick_up_alone_action import PickUpAloneAction
from .pick_up_alone_type import PickUpAloneType
from .pick_up_type import PickUpType
from .play import Play
from .play_action import PlayAction
from .play_type import PlayType
from .pool_info import PoolInfo
from .pool_rating import PoolRating
from .preset import Preset
from .preset_info import PresetInfo
from .problem import Problem
from .problem_code import ProblemCode
from .queue_request import QueueRequest
from .queue_ticket import QueueTicket
from .queue_tickets import QueueTickets
from .rate_limit_info import RateLimitInfo
from .rated_choice import RatedChoice
from .rating_change import RatingChange
from .rating_history import RatingHistory
from .rating_point import RatingPoint
from .recent_game import RecentGame
from .register_bot_request import RegisterBotRequest
from .registered_bot import RegisteredBot
from .ruleset import Ruleset
from .ruleset_catalog import RulesetCatalog
from .ruleset_spec import RulesetSpec
from .sample import Sample
from .sample_set import SampleSet
from .scenario import Scenario
from .scoring import Scoring
from .seat_info import SeatInfo
from .seat_kind import SeatKind
from .seat_outcome import SeatOutcome
from .set_penalty import SetPenalty
from .side_form import SideForm
from .stay_action import StayAction
from .stay_type import StayType
from .step import Step
from .strategy import Strategy
from .suit import Suit
from .take_upcard_action import TakeUpcardAction
from .take_upcard_type import TakeUpcardType
from .ticket_status import TicketStatus
from .timeout_record import TimeoutRecord
from .trick import Trick
from .trump import Trump
from .upcard import Upcard
from .upcard_call import UpcardCall
from .upcard_fate import UpcardFate
from .veto_action import VetoAction
from .veto_alone_action import VetoAloneAction
from .veto_alone_type import VetoAloneType
from .veto_type import VetoType
from .via_type_0 import ViaType0
from .via_type_0_type import ViaType0Type
from .via_type_1 import ViaType1
from .via_type_1_type import ViaType1Type
from .via_type_2 import ViaType2
from .via_type_2_type import ViaType2Type
from .via_type_3 import ViaType3
from .via_type_3_type import ViaType3Type
from .via_type_4 import ViaType4
from .via_type_4_type import ViaType4Type
from .view import View

__all__ = (
    "AllDrop",
    "AllowAction",
    "AllowType",
    "AllPass",
    "AloneAction",
    "AloneRule",
    "AloneType",
    "Answer",
    "ArchivedSeat",
    "ArchivedSummary",
    "Arena",
    "ArenaKind",
    "ArenaPage",
    "ArenaPlayerStatus",
    "ArenaStanding",
    "ArenaStatus",
    "ArenaSummary",
    "ArenaTable",
    "AuctionKind",
    "AuctionPass",
    "Bid",
    "BidAction",
    "BidType",
    "BotGame",
    "BotGameRecord",
    "BotGames",
    "BotKind",
    "BotProfile",
    "BotSeat",
    "Call",
    "CallAction",
    "CallType",
    "Card",
    "Challenge",
    "ChallengePreferences",
    "ChallengeStatus",
    "ClaimedSeat",
    "ClaimSeatRequest",
    "Contract",
    "CreateArenaRequest",
    "CreateChallengeRequest",
    "CreatedGame",
    "CreateGameRequest",
    "CreateMatchRequest",
    "CurrentTrick",
    "Deal",
    "DealerPickup",
    "Deck",
    "DeclineChallengeRequest",
    "DeclineReason",
    "DefenderPoints",
    "DropAction",
    "DropType",
    "ExchangeAction",
    "ExchangeType",
    "FirstLead",
    "Forced",
    "GameEnd",
    "GameLog",
    "GameStatus",
    "GameView",
    "GetLeaderboardPool",
    "GetRatingHistoryPool",
    "HandOutcome",
    "HandRecord",
    "HandResult",
    "HandSummary",
    "Health",
    "HouseFill",
    "InboxArenaFinished",
    "InboxArenaFinishedType",
    "InboxArenaStarted",
    "InboxArenaStartedType",
    "InboxChallenge",
    "InboxChallengeAccepted",
    "InboxChallengeAcceptedType",
    "InboxChallengeCanceled",
    "InboxChallengeCanceledType",
    "InboxChallengeDeclined",
    "InboxChallengeDeclinedType",
    "InboxChallengeType",
    "InboxGameOver",
    "InboxGameOverType",
    "InboxMatchFinished",
    "InboxMatchFinishedType",
    "InboxSeated",
    "InboxSeatedType",
    "Leaderboard",
    "LeaderboardEntry",
    "LeaveUpcardAction",
    "LeaveUpcardType",
    "LeftQueues",
    "ListArenasPreset",
    "ListArenasStatus",
    "ListGamesPreset",
    "ListGamesStatus",
    "LobbyGame",
    "LobbyPage",
    "LobbyStatus",
    "Match",
    "MatchDeal",
    "MatchPlay",
    "MatchResult",
    "MatchStatus",
    "Misere",
    "MisereAction",
    "MisereType",
    "NameTrumpAction",
    "NameTrumpType",
    "OpenKind",
    "OpenMisereAction",
    "OpenMisereType",
    "OpenSeat",
    "OptionInfo",
    "OrderUpAction",
    "OrderUpType",
    "PassAction",
    "PassCardsAction",
    "PassCardsType",
    "PassType",
    "Pepper",
    "Phase",
    "PickUpAction",
    "PickUpAloneAction",
    "PickUpAloneType",
    "PickUpType",
    "Play",
    "PlayAction",
    "PlayType",
    "PoolInfo",
    "PoolRating",
    "Preset",
    "PresetInfo",
    "Problem",
    "ProblemCode",
    "QueueRequest",
    "QueueTicket",
    "QueueTickets",
    "RatedChoice",
    "RateLimitInfo",
    "RatingChange",
    "RatingHistory",
    "RatingPoint",
    "RecentGame",
    "RegisterBotRequest",
    "RegisteredBot",
    "Ruleset",
    "RulesetCatalog",
    "RulesetSpec",
    "Sample",
    "SampleSet",
    "Scenario",
    "Scoring",
    "SeatInfo",
    "SeatKind",
    "SeatOutcome",
    "SetPenalty",
    "SideForm",
    "StayAction",
    "StayType",
    "Step",
    "Strategy",
    "Suit",
    "TakeUpcardAction",
    "TakeUpcardType",
    "TicketStatus",
    "TimeoutRecord",
    "Trick",
    "Trump",
    "Upcard",
    "UpcardCall",
    "UpcardFate",
    "VetoAction",
    "VetoAloneAction",
    "VetoAloneType",
    "VetoType",
    "ViaType0",
    "ViaType0Type",
    "ViaType1",
    "ViaType1Type",
    "ViaType2",
    "ViaType2Type",
    "ViaType3",
    "ViaType3Type",
    "ViaType4",
    "ViaType4Type",
    "View",
)
