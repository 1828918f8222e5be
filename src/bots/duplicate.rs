//! Duplicate play: the same deal played by two players (A and B) in seatings that give each of
//! them every seat equally often, so that the luck of the cards cancels and what is left is the
//! difference between the players. The `arena` binary and the service's duplicate matches
//! (`POST /v1/matches`) both measure with these.
//!
//! - **Two partnerships** (4 or 6 players in two teams): two plays, A in the even seats (team 0)
//!   then A in the odd seats.
//! - **Every player alone** (`n` sides of one seat): `2n` plays, two for each seat `s`: A alone
//!   at `s` with B in every other seat, then B alone at `s` with A in every other seat.
//! - **Three teams of two** (Five Hundred for six, `teams_of_2`): `2 × 3` plays, two for each
//!   team `t`: A as team `t` with B in the other two teams, then B as team `t` with A in the
//!   other two, as with every player alone (a team in place of a seat).
//!
//! A play's statistic is the mean points of A's seats minus the mean points of B's seats (a
//! seat's points are its side's), negated where scores count down (Buck Euchre) so that a
//! positive value always means A did better; a deal's statistic is the mean over its plays.

use crate::engine::{Ruleset, Seat, Sides};

/// A's seats in one play, as a bit mask over the seats.
pub type Seating = u16;

/// The seatings a deal is played in, in order (see the module's documentation).
pub fn seatings(sides: Sides) -> Vec<Seating> {
    match sides {
        // With 4 or 6 seats, the even ones and then the odd ones.
        Sides::Partners { teams: 2 } => vec![0b01_0101, 0b10_1010],
        // Teams of two: team `t` holds the seats `t` and `t + teams`.
        Sides::Partners { teams } => {
            let all: Seating = (1 << (2 * teams)) - 1;
            (0..teams)
                .flat_map(|t| {
                    let team: Seating = (1 << t) | (1 << (t + teams));
                    [team, all & !team]
                })
                .collect()
        }
        Sides::Individual { players } => {
            let all: Seating = (1 << players) - 1;
            (0..players)
                .flat_map(|s| [1 << s, all & !(1 << s)])
                .collect()
        }
    }
}

/// Whether `seat` is one of A's in `seating`.
pub fn is_a(seating: Seating, seat: Seat) -> bool {
    seating & (1 << seat) != 0
}

/// The mean over A's seats of their sides' `values`, and the same over B's seats.
pub fn seat_means(rules: &Ruleset, seating: Seating, values: &[i32]) -> (f64, f64) {
    let sides = rules.sides();
    let (mut a, mut na, mut b, mut nb) = (0i64, 0i64, 0i64, 0i64);
    for seat in 0..rules.players {
        let v = i64::from(values[sides.of(seat) as usize]);
        if is_a(seating, seat) {
            a += v;
            na += 1;
        } else {
            b += v;
            nb += 1;
        }
    }
    (a as f64 / na.max(1) as f64, b as f64 / nb.max(1) as f64)
}

/// One play's statistic from the points each side scored on the deal: A's mean minus B's
/// ([`seat_means`]), negated where scores count down, so positive means A did better.
pub fn play_statistic(rules: &Ruleset, seating: Seating, points: &[i32]) -> f64 {
    let (a, b) = seat_means(rules, seating, points);
    if rules.counts_down() { b - a } else { a - b }
}

/// How [`mean_ci`] makes its interval, as a match's result names it.
pub const CI_METHOD: &str = "student_t";

/// The mean of `v` and the half-width of its 95% confidence interval: Student's t with
/// `n - 1` degrees of freedom times the standard error of the mean (the deals are independent;
/// at few deals the normal approximation's 1.96 is too narrow: by 31% at 6 deals, 62% at 4).
/// 0 with fewer than two values (no spread to measure).
pub fn mean_ci(v: &[f64]) -> (f64, f64) {
    if v.is_empty() {
        return (0.0, 0.0);
    }
    let n = v.len() as f64;
    let mean = v.iter().sum::<f64>() / n;
    if v.len() < 2 {
        return (mean, 0.0);
    }
    let var = v.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, t_975(n - 1.0) * (var / n).sqrt())
}

/// The 97.5% quantile of Student's t with `df` degrees of freedom (so ± it holds 95%).
pub fn t_975(df: f64) -> f64 {
    use statrs::distribution::{ContinuousCDF, StudentsT};
    StudentsT::new(0.0, 1.0, df).map_or(1.96, |t| t.inverse_cdf(0.975))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Preset, RulesetSpec, SideForm};

    fn rules(preset: Preset, players: u8) -> Ruleset {
        RulesetSpec {
            preset,
            players: Some(players),
            ..RulesetSpec::default()
        }
        .build()
        .expect("valid rules")
    }

    #[test]
    fn partnerships_are_even_then_odd() {
        for players in [4, 6] {
            let r = rules(Preset::DoubleHasenpfeffer, players);
            let s = seatings(r.sides());
            assert_eq!(s.len(), 2);
            for seat in 0..r.players {
                assert_eq!(is_a(s[0], seat), seat % 2 == 0);
                assert_eq!(is_a(s[1], seat), seat % 2 == 1);
            }
        }
    }

    #[test]
    fn every_player_alone_rotates_each_seat() {
        for (preset, n) in [(Preset::Pepper, 3), (Preset::FiveHundred, 5)] {
            let r = rules(preset, n);
            let s = seatings(r.sides());
            assert_eq!(s.len(), 2 * n as usize);
            for seat in 0..n {
                let (alone_a, alone_b) = (s[2 * seat as usize], s[2 * seat as usize + 1]);
                // A alone at `seat`, then B alone there: complementary seatings.
                assert_eq!(alone_a.count_ones(), 1);
                assert!(is_a(alone_a, seat));
                assert_eq!(alone_b.count_ones(), u32::from(n) - 1);
                assert!(!is_a(alone_b, seat));
                assert_eq!(alone_a ^ alone_b, (1 << n) - 1);
            }
            // Every seat is A's as often as B's.
            for seat in 0..n {
                assert_eq!(s.iter().filter(|&&m| is_a(m, seat)).count(), n as usize);
            }
        }
    }

    #[test]
    fn three_teams_play_each_team_against_the_rest() {
        let r = RulesetSpec {
            preset: Preset::FiveHundred,
            players: Some(6),
            sides: Some(SideForm::TeamsOf2),
            ..RulesetSpec::default()
        }
        .build()
        .unwrap();
        let s = seatings(r.sides());
        assert_eq!(
            s,
            vec![
                0b001_001, 0b110_110, 0b010_010, 0b101_101, 0b100_100, 0b011_011
            ]
        );
        for pair in s.chunks(2) {
            // A's seats are one team, B's the two others; then the reverse.
            let team = r.sides().of(pair[0].trailing_zeros() as u8);
            for seat in 0..6 {
                assert_eq!(is_a(pair[0], seat), r.sides().of(seat) == team);
                assert_ne!(is_a(pair[0], seat), is_a(pair[1], seat));
            }
        }
        // Every seat is A's as often as B's.
        for seat in 0..6 {
            assert_eq!(s.iter().filter(|&&m| is_a(m, seat)).count(), 3);
        }
        // A as team 0 scoring 4 against teams scoring 1 and -3: 4 - mean(1, 1, -3, -3) = 5.
        assert_eq!(play_statistic(&r, s[0], &[4, 1, -3]), 5.0);
        assert_eq!(play_statistic(&r, s[1], &[4, 1, -3]), -5.0);
    }

    #[test]
    fn means_and_statistics() {
        let r = rules(Preset::Pepper, 3);
        assert_eq!(seat_means(&r, 0b010, &[3, -8, 1]), (-8.0, 2.0));
        assert_eq!(seat_means(&r, 0b101, &[3, -8, 1]), (2.0, -8.0));
        assert_eq!(play_statistic(&r, 0b101, &[3, -8, 1]), 10.0);
        // Counting down, fewer points are better: the statistic is B's minus A's.
        let buck = rules(Preset::BuckEuchre, 4);
        assert_eq!(play_statistic(&buck, 0b0001, &[-1, 5, 5, 5]), 6.0);
        // Two values: t(1) = 12.706 times the standard error 1.
        let (m, ci) = mean_ci(&[1.0, 3.0]);
        assert_eq!(m, 2.0);
        assert!((ci - 12.7062).abs() < 1e-3, "{ci}");
        // The quantiles of the tables, and the normal one far out (statrs inverts the CDF
        // numerically: 1.95985 at a million degrees of freedom).
        for (df, t) in [(3.0, 3.1824), (5.0, 2.5706), (29.0, 2.0452), (1e6, 1.9600)] {
            assert!((t_975(df) - t).abs() < 5e-4, "{df}: {}", t_975(df));
        }
        assert_eq!(mean_ci(&[]), (0.0, 0.0));
        assert_eq!(mean_ci(&[5.0]), (5.0, 0.0));
    }
}
