//! The agents on Stratego, which search from a player's view only (S6):
//! they take a win in one move and avoid a loss in one where the view
//! shows it (positions found in seeded random Barrage games, judged in
//! states drawn from the mover's view), and their choice does not change
//! when the opponent's unrevealed pieces are swapped in the true state.

use plateau::ai::kit::{self, CaseKind};
use plateau::ai::{agent_for, choose_at};
use plateau::{FreeFormMoves, Game, Player, SearchHooks, Status};
use plateau_stratego::{Move, Stratego, StrategoState};

fn barrage() -> Stratego {
    Stratego::variant("barrage").unwrap()
}

#[test]
fn search_from_the_view_wins_in_one_and_avoids_a_loss_in_one() {
    let game = barrage();
    let cases = kit::find_cases(
        &game,
        kit::Search {
            games: 30,
            per_kind: 3,
            ..kit::Search::default()
        },
    );
    for kind in [CaseKind::WinInOne, CaseKind::AvoidLossInOne] {
        assert!(
            cases.iter().filter(|c| c.kind == kind).count() >= 2,
            "{kind:?}"
        );
    }
    for spec in [
        "pimc:worlds=4,iters=8000,depth=2",
        "ismcts:iters=400,rollout=eval,cut=4",
        "ai:iters=20000",
    ] {
        kit::check(&game, spec, &cases).unwrap();
    }
}

/// Two games that differ only in where two of Blue's pieces of different
/// kinds stand, played with the same moves while Red's views of them stay
/// equal: the positions where Red is to move, from both games.
fn twin_positions(seed: u64) -> Vec<(StrategoState, StrategoState)> {
    let game = barrage();
    let mut rng = plateau::rng(seed);
    let mut a = game.initial_state(0);
    let red = game.random_move(&a, &mut rng).unwrap();
    game.apply(&mut a, &red);
    let mut b = a.clone();
    let blue = game.format_move(&game.random_move(&a, &mut rng).unwrap());
    // Swap the first two different piece symbols of Blue's setup (S3.3).
    let mut chars: Vec<char> = blue.chars().collect();
    let start = "setup ".len();
    let pieces: Vec<usize> = (start..chars.len())
        .filter(|&i| chars[i] != '.' && chars[i] != '/')
        .collect();
    let j = pieces[1..]
        .iter()
        .copied()
        .find(|&j| chars[j] != chars[pieces[0]])
        .unwrap();
    chars.swap(pieces[0], j);
    let swapped: String = chars.into_iter().collect();
    let (setup_a, setup_b) = (
        game.parse_move(&a, &blue).unwrap(),
        game.parse_move(&b, &swapped).unwrap(),
    );
    game.apply(&mut a, &setup_a);
    game.apply(&mut b, &setup_b);
    assert_ne!(a, b);
    let mut twins = Vec::new();
    for _ in 0..60 {
        if game.view(&a, Player(0)) != game.view(&b, Player(0)) {
            break;
        }
        match game.status(&a) {
            Status::ToMove(Player(0)) => twins.push((a.clone(), b.clone())),
            Status::ToMove(_) => {}
            Status::Over(_) => break,
        }
        let mv = game.format_move(&game.random_move(&a, &mut rng).unwrap());
        let (Ok(ma), Ok(mb)) = (game.parse_move(&a, &mv), game.parse_move(&b, &mv)) else {
            break;
        };
        if game.try_apply(&mut a, &ma).is_err() || game.try_apply(&mut b, &mb).is_err() {
            break;
        }
    }
    twins
}

#[test]
fn choices_do_not_change_when_hidden_pieces_are_swapped() {
    let game = barrage();
    let mut compared = 0;
    for seed in 0..3 {
        for (a, b) in twin_positions(seed).into_iter().rev().take(2) {
            assert_ne!(a, b, "the true states differ");
            for spec in [
                "greedy",
                "pimc:worlds=4,iters=1500,depth=2",
                "ismcts:iters=150",
                "ismcts:iters=150,threads=2",
                "ai:iters=600",
            ] {
                let choose = |s: &StrategoState| {
                    let mut agent = agent_for(&game, spec, 42).unwrap();
                    let c = choose_at(agent.as_mut(), &game, s).unwrap();
                    (
                        c.mv,
                        c.analysis.top,
                        c.analysis.iterations,
                        c.analysis.value,
                    )
                };
                assert_eq!(choose(&a), choose(&b), "{spec}");
                compared += 1;
            }
        }
    }
    assert!(compared >= 10, "{compared}");
}

#[test]
fn agents_make_up_setups_and_play_legal_moves() {
    let game = barrage();
    let mut state = game.initial_state(3);
    let mut agents = [
        agent_for(&game, "pimc:worlds=2,iters=200,depth=1", 1).unwrap(),
        agent_for(&game, "ismcts:iters=40,rollout=eval,cut=2", 2).unwrap(),
    ];
    for _ in 0..30 {
        let Status::ToMove(p) = game.status(&state) else {
            break;
        };
        let mv = choose_at(agents[p.index()].as_mut(), &game, &state)
            .unwrap()
            .mv;
        game.try_apply(&mut state, &mv).unwrap();
    }
    assert!(!state.in_setup());
}

#[test]
fn s2_search_agents_close_a_barrage_corner_flag_with_the_bomb_and_strong_pieces() {
    // Barrage (S2) has one bomb: a flag in a back corner has two
    // neighbours on the board, and one piece that gets through is enough.
    // The evaluation's flag safety (S5) counts a neighbour by the share of
    // the six enemy movable pieces that cannot remove it by attacking: the
    // bomb, the marshal and the general stop five each (the miner takes the
    // bomb, S5.4; the spy the marshal, S5.3; the marshal the general,
    // S5.2), a miner four, a scout three. The agents that search score 2 000 setups drawn as people make
    // them (FreeFormMoves::free_form_candidates) and keep the best: with 400, a
    // scout or a miner guarded the corner in about two draws of five.
    let game = barrage();
    assert_eq!(game.free_form_candidates(), 2_000);
    for seed in 0..12u64 {
        let mut state = game.initial_state(seed);
        if seed % 2 == 1 {
            // Blue sets up after Red, from a view of Red's setup.
            let red = game.random_move(&state, &mut plateau::rng(seed)).unwrap();
            game.apply(&mut state, &red);
        }
        let mut agent = agent_for(&game, "pimc:iters=1000", seed).unwrap();
        let setup = game.format_move(&choose_at(agent.as_mut(), &game, &state).unwrap().mv);
        // Front row first (S3.3): the back row is the last.
        let rows: Vec<Vec<char>> = setup["setup ".len()..]
            .split('/')
            .map(|row| row.chars().collect())
            .collect();
        let back = rows.last().unwrap();
        let file = back.iter().position(|&c| c == 'F');
        let beside = match file {
            Some(0) => [back[1], rows[rows.len() - 2][0]],
            Some(9) => [back[8], rows[rows.len() - 2][9]],
            _ => panic!("seed {seed}: the flag is not in a back corner: {setup}"),
        };
        assert!(
            beside.iter().all(|c| "BX9".contains(*c)),
            "seed {seed}: the flag's neighbours are {beside:?}: {setup}"
        );
    }
}

/// A position of the Original game built by hand: `pieces` are (square,
/// side, kind name, known to the opponent); every other piece of each army
/// is in its side's tray (S5.7), so a view accounts for the whole army.
fn built(to_move: u8, pieces: &[(&str, u8, &str, bool)]) -> (Stratego, StrategoState) {
    use plateau_stratego::PositionBuilder;
    let game = Stratego::original();
    let mut b = PositionBuilder::new(Player(to_move));
    let mut left: Vec<[u8; 2]> = game.pieces().iter().map(|k| [k.count; 2]).collect();
    for &(square, side, name, known) in pieces {
        let kind = game.kind_of_name(name).unwrap();
        let movable = game.pieces()[kind as usize].is_movable();
        let piece = b.place(square.parse().unwrap(), Player(side), kind);
        piece.revealed = known;
        piece.moved = known && movable;
        left[kind as usize][side as usize] -= 1;
    }
    for (kind, counts) in left.iter().enumerate() {
        for side in 0..2u8 {
            for _ in 0..counts[side as usize] {
                b.remove(Player(side), kind as u8);
            }
        }
    }
    let state = b.build(&game).unwrap();
    (game, state)
}

/// The state after the moves of a fixture file, one a line in notation
/// (the setups first); lines starting with `#` are comments.
fn replayed(game: &Stratego, text: &str) -> StrategoState {
    let mut state = game.initial_state(0);
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let mv = game.parse_move(&state, line).unwrap();
        game.try_apply(&mut state, &mv).unwrap();
    }
    state
}

/// The legal moves of `state`.
fn moves_of(game: &Stratego, state: &StrategoState) -> Vec<Move> {
    let mut list = Vec::new();
    game.legal_moves(state, &mut list);
    list
}

/// The state after `mv`.
fn after(game: &Stratego, state: &StrategoState, mv: &Move) -> StrategoState {
    let mut next = state.clone();
    game.apply(&mut next, mv);
    next
}

/// Whether `side` has won in `state`.
fn won_by(game: &Stratego, state: &StrategoState, side: u8) -> bool {
    matches!(game.status(state), Status::Over(o) if o.winner == Some(Player(side)))
}

/// The agents that search from the view, as the tests below ask them.
/// Asserts that every agent of `specs`, with seeds 0 to 2, chooses from
/// `state` a move that `ok` accepts.
fn every_choice_is(
    game: &Stratego,
    state: &StrategoState,
    specs: &[&str],
    ok: impl Fn(&Move) -> bool,
) {
    for spec in specs {
        for seed in 0..3 {
            let mut agent = agent_for(game, spec, seed).unwrap();
            let mv = choose_at(agent.as_mut(), game, state).unwrap().mv;
            assert!(ok(&mv), "{spec} seed {seed}: {}", game.format_move(&mv));
        }
    }
}

const VIEW_SEARCH: [&str; 5] = [
    "pimc:worlds=4,iters=4000,depth=2",
    "ismcts:iters=400",
    "ismcts:iters=400,threads=2",
    "ismcts:iters=400,rollout=eval,cut=0,threads=2",
    "ai:iters=4000",
];

#[test]
fn search_from_the_view_captures_a_flag_it_can_deduce() {
    // S9.1: capturing the flag wins. Red's marshal stands next to Blue's
    // only unrevealed piece; everything else of Blue's army is known or
    // removed (S6), so Red's view tells that e5 is the flag, though a
    // known sergeant next to the marshal is there for the taking.
    let (game, state) = built(
        0,
        &[
            ("e4", 0, "marshal", true),
            ("j1", 0, "scout", true),
            ("a1", 0, "flag", false),
            ("a2", 0, "bomb", false),
            ("b1", 0, "bomb", false),
            ("e5", 1, "flag", false),
            ("d4", 1, "sergeant", true),
            ("h8", 1, "general", true),
            ("j9", 1, "scout", true),
        ],
    );
    every_choice_is(&game, &state, &VIEW_SEARCH, |mv| {
        won_by(&game, &after(&game, &state, mv), 0)
    });
}

#[test]
fn search_from_the_view_stops_a_scout_that_would_take_its_flag() {
    // S4.3, S9.1: Blue's known scout on a9 has an open file down to Red's
    // flag on a1 and takes it next move unless Red blocks the file or
    // takes the scout; Blue's flag is one of three unknown pieces out of
    // reach, so Red has no win of its own this move.
    let (game, state) = built(
        0,
        &[
            ("a1", 0, "flag", false),
            ("b1", 0, "bomb", false),
            ("e3", 0, "marshal", true),
            ("b4", 0, "general", false),
            ("j2", 0, "scout", false),
            ("a9", 1, "scout", true),
            ("f9", 1, "general", true),
            ("f10", 1, "flag", false),
            ("g10", 1, "bomb", false),
            ("h10", 1, "sergeant", false),
        ],
    );
    let loses = |mv: &Move| {
        let next = after(&game, &state, mv);
        moves_of(&game, &next)
            .iter()
            .any(|r| won_by(&game, &after(&game, &next, r), 1))
    };
    let legal = moves_of(&game, &state);
    let losing = legal.iter().filter(|m| loses(m)).count();
    assert!(
        losing > 0 && losing < legal.len(),
        "{losing} of {}",
        legal.len()
    );
    every_choice_is(&game, &state, &VIEW_SEARCH, |mv| !loses(mv));
}

#[test]
fn search_from_the_view_meets_a_scout_threat_beyond_its_depth() {
    // S4.3, S9.1: Blue's known scout on e9 threatens e9-e1 and then e1-j1
    // along the empty first rank (a bomb on j2 closes the j file). Red must
    // act now: its general on h3 needs two steps to block the rank (h3-h2,
    // then h2-h1 once the scout is on e1), and its marshal is offered a
    // known sergeant (c7-c8). At depth 2 the loss lies beyond the horizon
    // (Red, Blue, leaf); the search sees it because a leaf where the
    // opponent threatens a win is searched a ply further
    // (`SearchHooks::wins_at_once`).
    let (game, state) = built(
        0,
        &[
            ("j1", 0, "flag", false),
            ("j2", 0, "bomb", false),
            ("h3", 0, "general", true),
            ("c7", 0, "marshal", true),
            ("e9", 1, "scout", true),
            ("c8", 1, "sergeant", true),
            ("a10", 1, "flag", false),
            ("a9", 1, "bomb", false),
            ("b10", 1, "bomb", false),
        ],
    );
    // Whether Blue, after Red's `mv`, forces a flag capture in two moves.
    let loses_in_two = |mv: &Move| {
        let next = after(&game, &state, mv);
        moves_of(&game, &next).iter().any(|b| {
            let reply = after(&game, &next, b);
            !won_by(&game, &reply, 1)
                && moves_of(&game, &reply).iter().all(|r| {
                    let again = after(&game, &reply, r);
                    moves_of(&game, &again)
                        .iter()
                        .any(|b2| won_by(&game, &after(&game, &again, b2), 1))
                })
        })
    };
    let legal = moves_of(&game, &state);
    let losing: Vec<String> = legal
        .iter()
        .filter(|m| loses_in_two(m))
        .map(|m| game.format_move(m))
        .collect();
    assert!(
        losing.contains(&"c7-c8".to_string()) && losing.len() < legal.len(),
        "{losing:?}"
    );
    every_choice_is(
        &game,
        &state,
        &[
            "pimc:worlds=1,iters=20000,depth=2",
            "pimc:worlds=4,iters=20000,depth=2",
            "ai:iters=20000",
        ],
        |mv| !loses_in_two(mv),
    );
}

#[test]
fn search_from_the_view_meets_a_walk_at_its_flag_longer_than_its_depth() {
    // S5, S9.1: Blue's known general walks down the a file at Red's flag
    // on a1 (the bomb on b1, a miner on a2, which the general beats): five
    // moves, a5-a4-a3-a2-a1. Only Red's general, on e3, can stop it (a
    // general ties a general, S5.2), and only if it starts now: from d3 or
    // e2 it meets the walker on a3 or a2 in time. Red's marshal on j5 is
    // offered a known sergeant (j5-j6). The loss lies far beyond depth 2; the search
    // sees it because it asks at its horizon whether the opponent has a win
    // no defence stops (`SearchHooks::forced_win`).
    let (game, state) = built(
        0,
        &[
            ("a1", 0, "flag", false),
            ("b1", 0, "bomb", false),
            ("a2", 0, "miner", false),
            ("e3", 0, "general", true),
            ("j5", 0, "marshal", true),
            ("a6", 1, "general", true),
            ("j6", 1, "sergeant", true),
            ("j10", 1, "flag", false),
            ("j9", 1, "bomb", false),
            ("i10", 1, "bomb", false),
        ],
    );
    let play = |state: &StrategoState, text: &str| {
        let mv = game.parse_move(state, text).unwrap();
        after(&game, state, &mv)
    };
    // The bait loses: after j5-j6 and a6-a5 nothing reaches the walker.
    let baited = play(&play(&state, "j5-j6"), "a6-a5");
    assert_eq!(game.forced_win(&baited, Player(1), 6), Some(4));
    let met = play(&play(&state, "e3-d3"), "a6-a5");
    assert_eq!(game.forced_win(&met, Player(1), 6), None);
    every_choice_is(
        &game,
        &state,
        &["pimc:worlds=1,iters=200000,depth=2", "ai:iters=20000"],
        |mv| ["e3-d3", "e3-e2"].contains(&game.format_move(mv).as_str()),
    );
}

#[test]
fn search_from_the_view_stops_a_walk_at_its_flag_rather_than_guess_the_enemy_flag() {
    // S9.1, S6. In this Barrage game (tests/fixtures/flag-race.txt) Red's
    // flag on a1 has its bomb on a2 and b1 open; Blue's miner, unknown to
    // Red, has walked to b3, beside Red's general on c3, and takes the flag
    // in three moves (a3, a2 the bomb, S5.4, a1). Red's scout on h7 reaches
    // each of Blue's three unknown unmoved pieces (j7, j8, j10) in two
    // moves, so in every drawn state it "wins" the race, each time at that
    // draw's flag; Red shuffled its scout and lost the flag. Weighed by the
    // chance of the guess (one in three), the race loses: the general
    // attacks the miner.
    let game = Stratego::variant("barrage").unwrap();
    let state = replayed(&game, include_str!("fixtures/flag-race.txt"));
    assert_eq!(state.plies(), 44);
    every_choice_is(
        &game,
        &state,
        &["pimc:worlds=8,iters=400000,depth=5"],
        |mv| game.format_move(mv) == "c3-b3",
    );
}

#[test]
fn search_from_the_view_takes_a_known_bomb_now_rather_than_later() {
    // S5.4: a miner removes a bomb it attacks. In this Original game Red's
    // miner on f6 stands beside Blue's known bomb on f7 (the two setups and
    // 598 moves of play, tests/fixtures/postponed-capture.txt). From depth
    // 3 on, taking the bomb now and taking it after another move reach the
    // same leaves, so the deepest values tie; a search that played the
    // first of the tied moves (j9-j10) left the miner there for 1 600
    // plies and the game was drawn at the move cap (S9.5). The search
    // breaks the tie by the shallower depths: take it now.
    let game = Stratego::original();
    let state = replayed(&game, include_str!("fixtures/postponed-capture.txt"));
    assert_eq!(state.plies(), 598);
    every_choice_is(
        &game,
        &state,
        &[
            "pimc:worlds=1,iters=100000,depth=3",
            "pimc:worlds=4,iters=100000,depth=4",
        ],
        |mv| game.format_move(mv) == "f6-f7",
    );
}
