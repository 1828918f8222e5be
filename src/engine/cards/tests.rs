use super::*;

#[test]
fn every_card_of_a_deck_has_a_place_in_card_order() {
    for d in DeckKind::ALL {
        let mut last = None;
        for c in Card::all() {
            let place = d.places()[c.index()];
            if d.copies_of(c) == 0 {
                assert_eq!(place, NOT_IN_DECK, "{d:?} {c}");
                continue;
            }
            assert!(usize::from(place) < MAX_DECK);
            assert_eq!(d.card_at(u32::from(place)), c);
            assert!(last.is_none_or(|l| l < place), "places follow card order");
            last = Some(place);
        }
    }
}

#[test]
fn binary_formats_store_a_card_as_one_byte_and_still_read_codes() {
    let mut bytes_seen = std::collections::HashSet::new();
    for c in Card::all() {
        let bytes = rmp_serde::to_vec(&c).unwrap();
        assert_eq!(bytes.len(), 1, "{c} is a positive fixint");
        assert!(bytes_seen.insert(bytes[0]), "{c}'s byte is its own");
        assert_eq!(rmp_serde::from_slice::<Card>(&bytes).unwrap(), c);
        let old = rmp_serde::to_vec(&c.to_string()).unwrap();
        assert_eq!(rmp_serde::from_slice::<Card>(&old).unwrap(), c);
    }
    // The bytes of the first decks' 25 cards, as stored before ranks 2 to 8 existed: the
    // index of the card in `9C TC JC QC KC AC 9D ... AS JK`.
    let first = [
        "9C", "TC", "JC", "QC", "KC", "AC", "9D", "TD", "JD", "QD", "KD", "AD", "9H", "TH", "JH",
        "QH", "KH", "AH", "9S", "TS", "JS", "QS", "KS", "AS", "JK",
    ];
    for (byte, code) in first.iter().enumerate() {
        let card: Card = code.parse().unwrap();
        assert_eq!(usize::from(card.stored_byte()), byte, "{code}");
        assert_eq!(Card::from_stored_byte(byte as u8), Some(card));
    }
    // A card of the first decks is never read from a second byte.
    let nine_clubs: Card = "9C".parse().unwrap();
    assert_eq!(Card::from_stored_byte(25 + nine_clubs.index() as u8), None);
    for bad in [89u64, 255, 1 << 40] {
        let bytes = rmp_serde::to_vec(&bad).unwrap();
        assert!(rmp_serde::from_slice::<Card>(&bytes).is_err(), "{bad}");
    }
    assert!(rmp_serde::from_slice::<Card>(&rmp_serde::to_vec(&-1i64).unwrap()).is_err());
    assert!(
        serde_json::from_str::<Card>("3").is_err(),
        "JSON takes codes only"
    );
}

#[test]
fn codes_round_trip() {
    for c in Card::all() {
        let s = c.to_string();
        let spelled = match (c.rank(), c.suit()) {
            (Some(r), Some(s)) => format!("{}{}", r.char(), s.char()),
            _ => "JK".to_owned(),
        };
        assert_eq!(s, spelled);
        assert_eq!(s.parse::<Card>().unwrap(), c);
        assert_eq!(serde_json::to_string(&c).unwrap(), format!("\"{s}\""));
    }
    assert_eq!(
        "TD".parse::<Card>().unwrap(),
        Card::new(Rank::Ten, Suit::Diamonds)
    );
    assert!("10D".parse::<Card>().is_err());
    assert!("jk".parse::<Card>().is_err());
    assert!("".parse::<Card>().is_err());
}

#[test]
fn decks_have_the_right_sizes() {
    for d in DeckKind::ALL {
        assert_eq!(d.cards().len(), d.len(), "{d:?}");
    }
    let codes = |d: DeckKind| d.cards().iter().map(|c| c.code()).collect::<Vec<_>>();
    assert_eq!(
        codes(DeckKind::Euchre32)[..8],
        ["7C", "8C", "9C", "TC", "JC", "QC", "KC", "AC"]
    );
    assert_eq!(codes(DeckKind::Full52)[..2], ["2C", "3C"]);
    assert!(
        codes(DeckKind::Full52)
            .iter()
            .all(|c| !c.starts_with(['L', 'M', 'N']))
    );
    assert_eq!(codes(DeckKind::Standard25).last(), Some(&"JK"));
}

#[test]
fn ranks_order_and_codes() {
    // Plain suits rank 2 3 ... 9 T L M N J Q K A (RULES-FAMILY section 0).
    let plain = Ranking {
        trump: None,
        bowers: true,
    };
    let spades: Vec<Card> = "2S 3S 4S 5S 6S 7S 8S 9S TS LS MS NS JS QS KS AS"
        .split(' ')
        .map(|c| c.parse().unwrap())
        .collect();
    for w in spades.windows(2) {
        assert!(
            plain.beats(w[1], w[0], Some(Suit::Spades)),
            "{} over {}",
            w[1],
            w[0]
        );
    }
    // With trump, the bowers still top the trump suit of a long deck.
    let hearts = Ranking {
        trump: Some(Suit::Hearts),
        bowers: true,
    };
    let jh: Card = "JH".parse().unwrap();
    let jd: Card = "JD".parse().unwrap();
    let ah: Card = "AH".parse().unwrap();
    let two: Card = "2H".parse().unwrap();
    assert!(hearts.beats(jh, jd, Some(Suit::Hearts)) && hearts.beats(jd, ah, None));
    assert!(hearts.beats(two, "AS".parse().unwrap(), Some(Suit::Spades)));
    assert!("1C".parse::<Card>().is_err() && "LX".parse::<Card>().is_err());
}
