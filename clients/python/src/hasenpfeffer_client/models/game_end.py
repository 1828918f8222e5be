from enum import StrEnum

class GameEnd(StrEnum):
    DECLARERS_WIN_TIES = "declarers_win_ties"
    HIGHER_SCORE_OR_DRAW = "higher_score_or_draw"
    LOWEST_AT_ZERO = "lowest_at_zero"
    MADE_CONTRACT = "made_contract"

    def __str__(self) -> str:
        return str(self.value)
