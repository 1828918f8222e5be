//! Reading a stored state back: the invariants it must hold, and the replay that proves it
//! follows from its own deal and actions.

use super::action::{Action, Phase, Seat};
use super::cards::Card;
use super::game::{Game, STATE_FORMAT};
use super::hand::HandState;
use super::scoring::tricks_won;
use super::upcard::UpcardFate;

impl Game {
    /// Checks the invariants a state must hold (used when a stored state is read back): the
    /// ruleset is valid, every card of the deck is in exactly one place, and the hand in
    /// progress is exactly what its own recorded deal and actions give when they are replayed
    /// through [`Game::apply`]. A state that passes is one the engine can reach from its deal,
    /// so no later action can misbehave on it. (The deal itself is not compared with the seed's:
    /// a determinized game holds a sampled deal.)
    pub fn check_integrity(&self) -> Result<(), String> {
        if self.format != STATE_FORMAT {
            return Err(format!(
                "state format {} is not supported (expected {STATE_FORMAT})",
                self.format
            ));
        }
        self.rules.validate().map_err(|e| e.message)?;
        let n = self.rules.seats();
        let h = &self.hand;
        if h.hands.len() != n || h.deal.len() != n {
            return Err("wrong number of hands".into());
        }
        if h.dealer as usize >= n {
            return Err("dealer out of range".into());
        }
        if let Some(t) = self.turn
            && t as usize >= n
        {
            return Err("turn out of range".into());
        }
        if (self.phase == Phase::GameOver) != self.turn.is_none() {
            return Err("turn and phase disagree".into());
        }
        let seat_ok = |s: Option<Seat>| s.is_none_or(|s| (s as usize) < n);
        if !seat_ok(h.contract.map(|c| c.seat))
            || !seat_ok(h.alone)
            || !seat_ok(h.defender_alone)
            || !seat_ok(h.joker_revealed_by)
            || h.auction.iter().any(|c| c.seat as usize >= n)
            || h.trick.plays.iter().any(|p| p.seat as usize >= n)
            || h.tricks.iter().chain(&self.last_tricks).any(|t| {
                t.plays.iter().any(|p| p.seat as usize >= n)
                    || t.winner.is_some_and(|w| w as usize >= n)
            })
        {
            return Err("a seat is out of range".into());
        }
        let declarer_needed = match self.phase {
            Phase::Exchange | Phase::Alone | Phase::PassCards | Phase::DropOut => true,
            Phase::Play => !self.rules.declarerless_hands(),
            Phase::Auction | Phase::GameOver => false,
        };
        if declarer_needed && h.contract.is_none() {
            return Err("no contract after the auction".into());
        }
        if self.phase == Phase::Play && h.trump.is_none() {
            return Err("no trump in play".into());
        }
        if h.tricks.len() >= self.rules.cards_per_player() && self.phase != Phase::GameOver {
            return Err("too many tricks".into());
        }
        // Every card of the deck is in exactly one place.
        let mut counts = [0u8; Card::CODES];
        let mut add = |c: &Card| counts[c.index()] = counts[c.index()].saturating_add(1);
        h.hands.iter().flatten().for_each(&mut add);
        if !h.widow_taken {
            // An upcard the dealer (in Bacon the seat left of the caller) took is in that hand,
            // not on the stub.
            let taken = self.rules.upcard() && h.upcard_fate == UpcardFate::Taken;
            h.widow
                .iter()
                .enumerate()
                .filter(|&(i, _)| !(taken && i == h.upcards_passed as usize))
                .for_each(|(_, c)| add(c));
        }
        h.discards.iter().for_each(&mut add);
        h.lone_discards.iter().for_each(&mut add);
        h.trick.plays.iter().map(|p| &p.card).for_each(&mut add);
        h.tricks
            .iter()
            .flat_map(|t| t.plays.iter())
            .map(|p| &p.card)
            .for_each(&mut add);
        if counts != self.rules.deck.counts() {
            return Err("cards are not conserved".into());
        }
        let mut dealt = [0u8; Card::CODES];
        h.deal
            .iter()
            .flatten()
            .chain(h.widow.iter())
            .for_each(|c| dealt[c.index()] += 1);
        if dealt != self.rules.deck.counts() {
            return Err("the deal is not a deck".into());
        }
        let cpp = self.rules.cards_per_player();
        if h.deal.iter().any(|d| d.len() != cpp) || h.widow.len() != self.rules.undealt() {
            return Err("the deal has the wrong number of cards in a hand or the widow".into());
        }
        if h.deal.iter().any(|d| d.windows(2).any(|w| w[0] > w[1])) {
            return Err("a dealt hand is not sorted".into());
        }
        if h.number == u32::MAX {
            return Err("hand number out of range".into());
        }
        if self.outcome.is_some() != (self.phase == Phase::GameOver) {
            return Err("outcome and phase disagree".into());
        }
        if self.phase != Phase::GameOver {
            let ended = if self.rules.five_hundred() {
                // Only a contract ends Five Hundred: defence points may pass the target.
                false
            } else if self.rules.counts_down() {
                self.scores.iter().any(|&s| s <= 0)
            } else {
                self.scores.iter().any(|&s| s >= self.rules.target_score)
            };
            if ended {
                return Err("a score has reached the target but the game is not over".into());
            }
            let last_ok = match (&self.last_hand, h.number) {
                (None, 0) => true,
                (Some(l), n) => n > 0 && l.number == n - 1 && l.scores == self.scores,
                _ => false,
            };
            if !last_ok {
                return Err("the last hand does not match the hand in progress".into());
            }
        }
        self.replay()
    }

    /// Replays the hand in progress from its recorded deal and actions, and checks that the
    /// result is this very state.
    pub(super) fn replay(&self) -> Result<(), String> {
        let h = &self.hand;
        let over = self.phase == Phase::GameOver;
        let mut start = self.scores;
        if over {
            let Some(last) = &self.last_hand else {
                return Err("a finished game has no last hand".into());
            };
            for (s, &d) in start.iter_mut().zip(last.score_delta.iter()) {
                *s = s.checked_sub(d).ok_or("scores out of range")?;
            }
        }
        let mut g = Game {
            format: self.format,
            rules: self.rules,
            seed: self.seed,
            scores: start,
            phase: Phase::Auction,
            turn: Some((h.dealer + 1) % self.n()),
            outcome: None,
            last_hand: if over { None } else { self.last_hand.clone() },
            hand: HandState::new(h.number, h.dealer, h.deal.clone(), h.widow.clone()),
            last_tricks: Vec::new(),
        };
        g.start_hand();
        let step = |g: &mut Game, seat: Seat, a: &Action| -> Result<(), String> {
            g.apply(seat, a).map(|_| ()).map_err(|e| {
                format!(
                    "the state does not follow from its own deal: `{}` by seat {seat} is refused ({e})",
                    a.kind()
                )
            })
        };
        for call in &h.auction {
            step(
                &mut g,
                call.seat,
                &call.bid.map_or(Action::Pass, Action::from),
            )?;
        }
        if h.upcards_passed >= super::bacon::BACON_UPCARDS {
            return Err("more upcards passed than a hand turns".into());
        }
        if self.rules.successive_upcards() {
            for call in &h.upcard_calls {
                let action = match (call.trump, call.alone) {
                    (None, _) => Action::Pass,
                    (Some(_), false) => Action::PickUp,
                    (Some(_), true) => Action::PickUpAlone,
                };
                step(&mut g, call.seat, &action)?;
                if let Some(answer) = call.answer {
                    let partner = self.rules.answering_partner(call.seat);
                    step(&mut g, partner, &answer.action())?;
                }
            }
            if let (UpcardFate::Taken, Some(&discard), Some(c)) =
                (h.upcard_fate, h.discards.first(), h.contract)
            {
                let taker = self.rules.upcard_taker(h.dealer, c.seat);
                step(&mut g, taker, &Action::TakeUpcard { discard })?;
            }
        } else if self.rules.upcard() {
            for call in &h.upcard_calls {
                let action = match (call.trump, call.round) {
                    (None, _) => Action::Pass,
                    (Some(_), 1) => Action::OrderUp,
                    (Some(trump), _) => Action::NameTrump { trump },
                };
                step(&mut g, call.seat, &action)?;
            }
            let dealer = h.dealer;
            match (h.upcard_fate, h.discards.first()) {
                (UpcardFate::Taken, Some(&discard)) => {
                    step(&mut g, dealer, &Action::TakeUpcard { discard })?
                }
                (UpcardFate::Left, _) => step(&mut g, dealer, &Action::LeaveUpcard)?,
                _ => {}
            }
        } else if let (Some(trump), Some(c)) = (h.trump, h.contract) {
            let discard = h.discards.clone();
            step(&mut g, c.seat, &Action::Exchange { trump, discard })?;
        }
        while g.phase == Phase::DropOut {
            if self.phase == Phase::DropOut && g.hand.alone_step == h.alone_step {
                break;
            }
            let Some(seat) = g.turn else { break };
            let action = if h.sitting_out & (1 << seat) != 0 {
                Action::Drop
            } else {
                Action::Stay
            };
            step(&mut g, seat, &action)?;
        }
        while g.phase == Phase::Alone {
            if self.phase == Phase::Alone && g.hand.alone_step == h.alone_step {
                break;
            }
            let Some(seat) = g.turn else { break };
            if let Some(card) = h.called.filter(|_| self.rules.calls_partner()) {
                step(&mut g, seat, &Action::Call { card })?;
                continue;
            }
            let alone = h.alone == Some(seat) || h.defender_alone == Some(seat);
            step(&mut g, seat, &Action::Alone { alone })?;
        }
        for cards in [&h.lone_discards, &h.passed_cards] {
            if g.phase == Phase::PassCards && !cards.is_empty() {
                let seat = g.turn.unwrap_or(0);
                step(
                    &mut g,
                    seat,
                    &Action::PassCards {
                        cards: cards.clone(),
                    },
                )?;
            }
        }
        for p in h.tricks.iter().flat_map(|t| &t.plays).chain(&h.trick.plays) {
            let play = Action::Play {
                card: p.card,
                suit: p.suit,
            };
            step(&mut g, p.seat, &play)?;
        }
        // The last hand's tricks are checked against its summary instead (a state stored
        // before they were kept has none).
        g.last_tricks.clone_from(&self.last_tricks);
        if !self.last_tricks.is_empty() {
            if self.last_tricks.iter().any(|t| t.winner.is_none()) {
                return Err("an unfinished trick in the last hand".into());
            }
            let won = tricks_won(self.rules.sides(), &self.last_tricks);
            if self.last_hand.as_ref().map(|l| l.tricks_won) != Some(won) {
                return Err("the last hand's tricks do not match its result".into());
            }
        }
        if g != *self {
            return Err(
                "the state does not follow from its own deal and actions (tampered or corrupt)"
                    .into(),
            );
        }
        Ok(())
    }
}
