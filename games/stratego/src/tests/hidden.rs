//! S6 hidden information: views, rendered views, descriptions, errors and
//! determinization never show what a player could not see at the table.
use super::*;
use crate::params::MAX_ARMY;
use crate::view::{StrategoView, ViewSquare};
use plateau::rand::Rng;
use plateau::{DescribeMoves, Render, SearchHooks};
use proptest::prelude::*;

/// A seeded random game of up to `plies` moves of play: its setups' seeds and
/// moves.
fn random_game(game: &Stratego, seed: u64, plies: usize) -> (StrategoState, Vec<Move>) {
    let mut st = game.initial_state(seed);
    let mut rng = plateau::rng(seed);
    let mut moves = Vec::new();
    while !game.status(&st).is_over() && moves.len() < plies + 2 {
        let mv = game.random_move(&st, &mut rng).unwrap();
        game.apply(&mut st, &mv);
        moves.push(mv);
    }
    (st, moves)
}

fn assert_view_hides(game: &Stratego, st: &StrategoState) {
    for viewer in [Player(0), Player(1)] {
        let view = game.view(st, viewer);
        for (sq, p) in st.pieces(viewer.opponent()) {
            match view.square(sq) {
                Some(ViewSquare::Opponent { kind, moved }) => {
                    assert_eq!(moved, p.moved);
                    if p.revealed {
                        assert_eq!(kind, Some(p.kind));
                    } else {
                        assert_eq!(kind, None, "an unrevealed piece's rank is in the view");
                    }
                }
                other => panic!("{sq}: {other:?}"),
            }
        }
        for (sq, p) in st.pieces(viewer) {
            assert_eq!(
                view.square(sq),
                Some(ViewSquare::Own {
                    kind: p.kind,
                    moved: p.moved,
                    revealed: p.revealed
                })
            );
        }
    }
}

/// The variants the properties run on, with any of the options.
const VARIANTS: [&str; 4] = ["original", "barrage", "duel", "blitz"];

/// How many swap cases ran (the test below checks that some did).
static SWAPS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    /// S6.2, S6.4: a view never holds the rank of an unrevealed enemy piece,
    /// a revealed piece stays revealed, and pieces are conserved (S5.7).
    #[test]
    fn s6_views_hide_ranks_and_revealed_stays_revealed(seed in 0u64..1_000_000, variant in 0usize..4, mask in 0u8..64) {
        let game = with_options(VARIANTS[variant], mask, &[]);
        let mut st = game.initial_state(seed);
        let mut rng = plateau::rng(seed);
        let mut revealed = [false; 2 * MAX_ARMY];
        let mut plies = 0;
        while !game.status(&st).is_over() && plies < 250 {
            let mv = game.random_move(&st, &mut rng).unwrap();
            game.apply(&mut st, &mv);
            plies += 1;
            for (id, was) in revealed.iter_mut().enumerate() {
                let now = st.flags[id] & crate::state::REVEALED != 0;
                prop_assert!(now || !*was, "piece {id} was revealed and is not now");
                *was = now;
            }
            if plies % 5 == 0 {
                assert_view_hides(&game, &st);
            }
            if !st.in_setup() {
                for p in [Player(0), Player(1)] {
                    let mut counts = vec![0u8; game.pieces().len()];
                    for (_, info) in st.pieces(p) {
                        counts[info.kind as usize] += 1;
                    }
                    for (k, kind) in game.pieces().iter().enumerate() {
                        prop_assert_eq!(counts[k] + st.tray(p)[k], kind.count, "{} of {:?}", kind.name, p);
                    }
                }
            }
        }
    }

    /// S6.2, S6.3: the public board (a spectator's) shows a piece's rank
    /// only once it is revealed to its opponent, each piece on its square
    /// and side, and no piece at all during the setups (S3.2).
    #[test]
    fn s6_the_public_board_holds_no_unrevealed_rank(seed in 0u64..1_000_000, plies in 0usize..200, variant in 0usize..4, mask in 0u8..64) {
        let game = with_options(VARIANTS[variant], mask, &[]);
        let (st, _) = random_game(&game, seed, plies);
        let board = game.public_board_view(&st).unwrap();
        let shown: Vec<&plateau::board::Cell> = board.cells.iter().filter(|c| c.owner.is_some()).collect();
        if st.in_setup() {
            prop_assert!(shown.is_empty(), "a setup is public before play: {:?}", shown);
        } else {
            let on_board = st.pieces(Player(0)).count() + st.pieces(Player(1)).count();
            prop_assert_eq!(shown.len(), on_board);
            for p in [Player(0), Player(1)] {
                for (sq, info) in st.pieces(p) {
                    let (row, col) = board.find(&sq.to_string()).unwrap();
                    let cell = board.cell(row, col).unwrap();
                    prop_assert_eq!(cell.owner, Some(p));
                    let symbol = game.pieces()[info.kind as usize].symbol.to_string();
                    if info.revealed {
                        prop_assert_eq!(&cell.text, &symbol);
                    } else {
                        prop_assert_eq!(&cell.text, "?", "the public board shows {} on {}", symbol, sq);
                    }
                }
            }
        }
    }

    /// S6.4: two games that differ only in the ranks of pieces a player has
    /// not seen give that player identical views, renderings and move
    /// descriptions.
    #[test]
    fn s6_4_unseen_ranks_change_nothing_a_player_sees(seed in 0u64..1_000_000, plies in 20usize..200, variant in 0usize..4, mask in 0u8..64) {
        let game = with_options(VARIANTS[variant], mask, &[]);
        let (st, moves) = random_game(&game, seed, plies);
        // What the history tells Red of Blue's pieces beyond their moves: a
        // silent defender beat its attacker (S12.6), a piece that returned
        // one is no scout (S12.5c), a piece that stood on rank 1 is no
        // mobile flag (S12.4). Such pieces are not swapped.
        let mut told = [false; 2 * MAX_ARMY];
        let mut replay = game.initial_state(seed);
        for mv in &moves {
            if let Move::Step { from, to } = mv {
                let cell = replay.board[to.index()];
                if replay.to_move == Player(0) && (MAX_ARMY + 1..=2 * MAX_ARMY).contains(&(cell as usize)) {
                    told[cell as usize - 1] = true;
                }
                let cell = replay.board[from.index()];
                if replay.to_move == Player(1) && to.rank() == 0 {
                    told[cell as usize - 1] = true;
                }
            }
            game.apply_unchecked(&mut replay, mv);
        }
        // Two unrevealed Blue pieces of different kinds, both moved or both not,
        // and both of kinds that move (and may attack) alike if they moved.
        let mut rng = plateau::rng(seed ^ 77);
        let blue: Vec<usize> = (MAX_ARMY..MAX_ARMY + st.placed[1] as usize)
            .filter(|&id| {
                st.flags[id] & (crate::state::REVEALED | crate::state::MARKED) == 0
                    && st.at[id] != 0
                    && !told[id]
            })
            .collect();
        let mut pair = None;
        for _ in 0..200 {
            if blue.len() < 2 { break; }
            let a = blue[rng.random_range(0..blue.len())];
            let b = blue[rng.random_range(0..blue.len())];
            let (ka, kb) = (st.kind[a], st.kind[b]);
            let moved = |id: usize| st.flags[id] & crate::state::MOVED != 0;
            let class = |k: u8| game.rules.class[k as usize];
            let alike = class(ka) != crate::params::NO_CLASS
                && class(kb) != crate::params::NO_CLASS
                && (class(ka) == crate::params::MOBILE_CLASS) == (class(kb) == crate::params::MOBILE_CLASS);
            if ka != kb && moved(a) == moved(b) && (!moved(a) || alike) {
                pair = Some((st.origin[a], st.origin[b]));
                break;
            }
        }
        let Some((oa, ob)) = pair else { return Ok(()); };
        SWAPS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        // Replay with the two pieces' kinds swapped in Blue's setup.
        let Move::Setup(blue_setup) = &moves[1] else { unreachable!() };
        let home = game.home_area(Player(1));
        let mut kinds = blue_setup.kinds().collect::<Vec<_>>();
        let ia = home.iter().position(|s| s.index() == oa as usize).unwrap();
        let ib = home.iter().position(|s| s.index() == ob as usize).unwrap();
        kinds.swap(ia, ib);
        let mut other = game.initial_state(seed);
        let mut real = game.initial_state(seed);
        for (i, mv) in moves.iter().enumerate() {
            let swapped = if i == 1 { Move::Setup(crate::Setup::new(kinds.clone())) } else { *mv };
            // What Red is told of each move is the same in both games.
            prop_assert_eq!(
                game.describe_move(&real, mv, Some(Player(0))),
                game.describe_move(&other, &swapped, Some(Player(0)))
            );
            game.apply_unchecked(&mut real, mv);
            game.apply_unchecked(&mut other, &swapped);
            // And so is what the move was seen to do, as search keys it.
            prop_assert_eq!(game.move_outcome_key(&real), game.move_outcome_key(&other));
        }
        let (va, vb) = (game.view(&st, Player(0)), game.view(&other, Player(0)));
        prop_assert_eq!(&va, &vb);
        prop_assert_eq!(game.render_view(&va), game.render_view(&vb));
        // Blue's own view does differ.
        prop_assert_ne!(game.view(&st, Player(1)), game.view(&other, Player(1)));
    }

    /// Determinization: every drawn state gives the player the same view, keeps
    /// the player's own pieces, and puts no bomb or flag on a piece that moved.
    #[test]
    fn s6_determinized_states_are_consistent(seed in 0u64..1_000_000, plies in 0usize..300, variant in 0usize..4, mask in 0u8..64) {
        let game = with_options(VARIANTS[variant], mask, &[]);
        let (st, _) = random_game(&game, seed, plies);
        for viewer in [Player(0), Player(1)] {
            let view = game.view(&st, viewer);
            let drawn = game.determinize(&view, &mut plateau::rng(seed + 1));
            prop_assert_eq!(&game.view(&drawn, viewer), &view);
            for (sq, p) in drawn.pieces(viewer.opponent()) {
                if p.moved {
                    prop_assert!(game.rules.class[p.kind as usize] != crate::params::NO_CLASS, "{}", sq);
                }
            }
            let own = |s: &StrategoState| {
                let mut v: Vec<_> = s.pieces(viewer).collect();
                v.sort_by_key(|(sq, _)| (sq.rank(), sq.file()));
                v
            };
            prop_assert_eq!(own(&drawn), own(&st));
            prop_assert!(game.rules.try_determinize(&view, &mut plateau::rng(seed + 2)).is_ok());
        }
    }
}

#[test]
fn s6_4_swap_cases_ran() {
    // Run the property itself with a fixed seed range and check it found pairs.
    let before = SWAPS.load(std::sync::atomic::Ordering::Relaxed);
    s6_4_unseen_ranks_change_nothing_a_player_sees();
    assert!(SWAPS.load(std::sync::atomic::Ordering::Relaxed) > before);
}

#[test]
fn s6_determinization_varies_the_unknown_pieces() {
    let game = rules(&[]);
    let st = started(&game);
    let view = game.view(&st, Player(0));
    let a = game.determinize(&view, &mut plateau::rng(1));
    let b = game.determinize(&view, &mut plateau::rng(2));
    assert_ne!(game.setup_of(&a, Player(1)), game.setup_of(&b, Player(1)));
    assert_eq!(game.setup_of(&a, Player(0)), game.setup_of(&st, Player(0)));
    // In the setup phase too: Blue, before its setup, knows nothing of Red's.
    let mut st = game.initial_state(0);
    game.apply(
        &mut st,
        &Move::Setup(game.parse_setup(Player(0), RED).unwrap()),
    );
    let view = game.view(&st, Player(1));
    let drawn = game.determinize(&view, &mut plateau::rng(3));
    assert_eq!(game.view(&drawn, Player(1)), view);
    assert!(drawn.in_setup());
}

#[test]
fn s6_2_a_known_piece_is_drawn_as_itself() {
    let game = rules(&[]);
    let mut st = started(&game);
    // Red's scout a4 runs up to a6 and shows itself; Blue's a7 sergeant
    // fights it and shows itself.
    play(&game, &mut st, "a4-a6 a7xa6");
    for seed in 0..10 {
        let view = game.view(&st, Player(0));
        let drawn = game.determinize(&view, &mut plateau::rng(seed));
        let p = drawn.piece_at("a6".parse().unwrap()).unwrap();
        assert_eq!(
            (p.owner, game.pieces()[p.kind as usize].name.as_str()),
            (Player(1), "sergeant")
        );
    }
}

#[test]
fn s6_4_rendered_views_and_descriptions_show_only_the_viewers_knowledge() {
    let game = rules(&[]);
    let mut st = started(&game);
    let blue_view = game.render_view(&game.view(&st, Player(1)));
    // Blue's board shows Red's pieces as [?] only, and Blue's own symbols.
    let board: String = blue_view.lines().take(12).collect();
    assert_eq!(board.matches("[?]").count(), 40);
    assert!(blue_view.contains(" F "));
    // Blue sits opposite: its home ranks come last, files run j to a.
    assert!(blue_view
        .lines()
        .next()
        .unwrap()
        .trim()
        .starts_with("j  i  h"));
    // A one-square move: Blue learns the squares only; Red learns its piece.
    let before = st.clone();
    let mv = game.parse_move(&st, "e4-e5").unwrap();
    assert_eq!(
        game.describe_move(&before, &mv, Some(Player(1))).unwrap(),
        "Red e4-e5."
    );
    assert_eq!(
        game.describe_move(&before, &mv, Some(Player(0))).unwrap(),
        "Red general e4-e5."
    );
    play(&game, &mut st, "e4-e5 e7-e6");
    // A fight: both ranks are told to both (S5.1, S6.3).
    let before = st.clone();
    let mv = game.parse_move(&st, "e5xe6").unwrap();
    let told = game.describe_move(&before, &mv, Some(Player(1))).unwrap();
    assert_eq!(
        told,
        "Red general e5-e6 attacks the Blue colonel and wins: the colonel is removed."
    );
    assert_eq!(
        told,
        game.describe_move(&before, &mv, Some(Player(0))).unwrap()
    );
    play(&game, &mut st, "e5xe6");
    let red_view = game.render_view(&game.view(&st, Player(0)));
    assert!(
        red_view.contains("8"),
        "the tray shows the colonel:\n{red_view}"
    );
    let full = game.render_state(&st);
    assert!(full.contains("[F]"));
}

/// The rank line `rank` of a text board.
fn rank_line(board: &str, rank: &str) -> String {
    board
        .lines()
        .find(|l| l.split_whitespace().next() == Some(rank))
        .unwrap_or_else(|| panic!("no rank {rank}:\n{board}"))
        .to_string()
}

#[test]
fn s6_4_the_last_move_is_marked_on_the_text_board_by_its_squares_only() {
    let game = rules(&[]);
    let marked = |st: &StrategoState, p: u8, last: Option<&Move>| {
        let mover = last.map(|_| Player(1 - st.to_move().0));
        game.render_view_marked(&game.view(st, Player(p)), mover.zip(last))
    };
    // After the setups: no square to mark, and no words about the setup.
    let st = started(&game);
    let blue = marked(&st, 1, None);
    assert!(!blue.contains('>') && !blue.contains("Last:"), "{blue}");
    // Red's general steps e4-e5 unseen: Blue sees the squares flagged, the
    // piece as one that has moved, and no rank.
    let mut st = started(&game);
    let step = game.parse_move(&st, "e4-e5").unwrap();
    game.apply(&mut st, &step);
    let blue = marked(&st, 1, Some(&step));
    assert!(rank_line(&blue, "5").contains(">(?)"), "{blue}");
    assert!(rank_line(&blue, "4").contains("> . "), "{blue}");
    assert_eq!(
        blue.matches('>').count(),
        3,
        "two squares and the legend: {blue}"
    );
    assert!(blue.contains("> the squares of the last move."), "{blue}");
    assert!(
        !blue.contains("Last:"),
        "told once, by the front end: {blue}"
    );
    let red = marked(&st, 0, Some(&step));
    assert!(rank_line(&red, "5").contains("> 9 "), "{red}");
    // The same step of another piece (Red's e4 and f4 swapped) marks Blue's
    // board the same: the mark tells no rank.
    let mut other = game.initial_state(0);
    let swapped = RED.replacen("B 9 8", "B 8 9", 1);
    for text in [swapped.as_str(), BLUE] {
        let mv = Move::Setup(game.parse_setup(other.to_move(), text).unwrap());
        game.apply(&mut other, &mv);
    }
    game.apply(&mut other, &step);
    assert_eq!(marked(&other, 1, Some(&step)), blue);
    assert_ne!(marked(&other, 0, Some(&step)), red);
    // An attack: the squares of the attack, and only the ranks it showed.
    play(&game, &mut st, "e7-e6");
    let attack = game.parse_move(&st, "e5xe6").unwrap();
    game.apply(&mut st, &attack);
    let blue = marked(&st, 1, Some(&attack));
    let red = marked(&st, 0, Some(&attack));
    assert!(rank_line(&blue, "6").contains(">(9)"), "{blue}");
    assert!(rank_line(&blue, "5").contains("> . "), "{blue}");
    assert!(rank_line(&red, "6").contains("> 9*"), "{red}");
    let board: String = blue.lines().take(12).collect();
    assert_eq!(board.matches("[?]").count(), 39, "{blue}");
    // The whole state marks the same squares.
    let all = game.render_state_marked(&st, Some((Player(0), &attack)));
    assert!(rank_line(&all, "6").contains("> 9 "), "{all}");
    // The unmarked board is as before: the `Last:` line, no column of marks.
    let plain = game.render_view(&game.view(&st, Player(1)));
    assert!(plain.contains("Last: Red general e5-e6 attacks") && !plain.contains('>'));
}

#[test]
fn s6_4_errors_never_tell_an_enemy_rank() {
    let game = rules(&[]);
    let mut st = started(&game);
    // Red's miner on b4 heads for Blue's pieces: an attack on any enemy piece
    // is a legal move whatever it is (a bomb, the flag, a marshal).
    play(&game, &mut st, "b4-b5 a7-a6 b5-b6");
    for m in ["b6-b7", "b6-c6"] {
        let mv = game.parse_move(&st, m).unwrap();
        if game.check_move(&st, &mv).is_err() {
            let e = game.check_move(&st, &mv).unwrap_err();
            for k in game.pieces() {
                assert!(!e.contains(&k.name), "{m}: {e}");
            }
        }
    }
    // Every refusal text, for every blue square, names no blue piece.
    for sq in game.home_area(Player(1)) {
        for from in ["b6", "e4", "a1"] {
            let mv = game.parse_move(&st, &format!("{from}-{sq}")).unwrap();
            if let Err(e) = game.check_move(&st, &mv) {
                let target = st
                    .piece_at(*sq)
                    .map(|p| game.pieces()[p.kind as usize].name.clone());
                if let Some(name) = target {
                    let own = st
                        .piece_at(from.parse().unwrap())
                        .map(|p| game.pieces()[p.kind as usize].name.clone());
                    assert!(
                        own.as_deref() == Some(name.as_str()) || !e.contains(&name),
                        "{from}-{sq}: {e}"
                    );
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Bad input never panics: any text as a move, any pair of squares as a
    /// step, in setup and in play; a refused move leaves the state unchanged.
    #[test]
    fn any_input_is_refused_cleanly(seed in 0u64..1_000, plies in 0usize..120, text in "\\PC{0,60}", a in 0u8..10, b in 0u8..10, c in 0u8..10, d in 0u8..10, mask in 0u8..64) {
        let game = with_options("original", mask, &[]);
        let (st, _) = random_game(&game, seed, plies);
        let _ = game.parse_move(&st, &text);
        let _ = game.parse_setup(Player(0), &text);
        let from = crate::Square::new(a, b).unwrap();
        let to = crate::Square::new(c, d).unwrap();
        for mv in [
            Move::Step { from, to },
            Move::Setup(crate::Setup::new(vec![Some(c); (a as usize) * 5])),
            Move::Return { kind: c + d, square: to },
            Move::Skip,
        ] {
            let mut copy = st.clone();
            if game.try_apply(&mut copy, &mv).is_err() {
                prop_assert_eq!(&copy, &st);
            }
            let mut unchecked = st.clone();
            game.apply_unchecked(&mut unchecked, &mv);
            let _ = game.describe_move(&st, &mv, Some(Player(0)));
        }
    }
}

/// The draw of hidden kinds is uniform over every consistent assignment, also
/// when a fact beyond "it moved" (here: a silent defender that beat its
/// attacker, S12.6) cuts the allowed kinds across the nested sets. Pieces
/// 0, 1, 2 and kinds 0, 1, 2 (kind 2 cannot move); piece 0 moved (not kind
/// 2); piece 1 beat an attacker (kind 1 or 2). The assignments (p0, p1, p2)
/// are (0,1,2), (0,2,1) and (1,2,0): a third each.
#[test]
fn s6_determinization_draws_hidden_kinds_uniformly() {
    let nested = |piece: usize, kind: u8| piece != 0 || kind != 2;
    let allowed = |piece: usize, kind: u8| nested(piece, kind) && (piece != 1 || kind != 0);
    let mut rng = plateau::rng(5);
    let mut counts = std::collections::HashMap::new();
    let draws = 30_000;
    for _ in 0..draws {
        let mut kinds = [u8::MAX; 3];
        for (piece, kind) in
            crate::view::assign_uniformly(&[0, 1, 2], &[0, 1, 2], nested, allowed, &mut rng)
        {
            kinds[piece] = kind;
        }
        *counts.entry(kinds).or_insert(0) += 1;
    }
    assert_eq!(counts.len(), 3, "{counts:?}");
    for kinds in [[0, 1, 2], [0, 2, 1], [1, 2, 0]] {
        let share = counts[&kinds] as f64 / draws as f64;
        assert!(
            (share - 1.0 / 3.0).abs() < 0.015,
            "{kinds:?}: {share} of {counts:?}"
        );
    }
}

/// S3.2 with S6: in a variant whose setup does not fill the home area
/// (barrage), the side that sets up second sees nothing of where the first
/// placed its pieces until it has set up too; then it sees the squares, not
/// the ranks.
#[test]
fn s3_2_the_second_side_sets_up_without_seeing_the_firsts_squares() {
    let game = Stratego::variant("barrage").unwrap();
    let blue_views: Vec<StrategoView> = (0..4)
        .map(|seed| {
            let mut st = game.initial_state(0);
            let red = game.random_setup(Player(0), &mut plateau::rng(seed));
            game.apply(&mut st, &Move::Setup(red));
            let view = game.view(&st, Player(1));
            assert!(view.opponent_setup.is_none());
            assert!(view
                .squares
                .iter()
                .all(|s| !matches!(s, ViewSquare::Opponent { .. })));
            // What Blue is shown during its setup: the same for every Red setup.
            assert_eq!(
                game.render_view(&view),
                game.render_view(&blue_views_first(&game))
            );
            view
        })
        .collect();
    assert!(blue_views.windows(2).all(|w| w[0] == w[1]));
    // Once Blue has set up, Red's eight squares show, as unknown pieces.
    let mut st = game.initial_state(0);
    let red = game.random_setup(Player(0), &mut plateau::rng(1));
    game.apply(&mut st, &Move::Setup(red));
    let blue = game.random_setup(Player(1), &mut plateau::rng(2));
    game.apply(&mut st, &Move::Setup(blue));
    let view = game.view(&st, Player(1));
    assert_eq!(view.opponent_setup.as_ref().map(Vec::len), Some(8));
    let unknown = view
        .squares
        .iter()
        .filter(|s| matches!(s, ViewSquare::Opponent { kind: None, .. }))
        .count();
    assert_eq!(unknown, 8);
}

/// Blue's view after Red's first random setup (seed 0), for comparison.
fn blue_views_first(game: &Stratego) -> StrategoView {
    let mut st = game.initial_state(0);
    let red = game.random_setup(Player(0), &mut plateau::rng(0));
    game.apply(&mut st, &Move::Setup(red));
    game.view(&st, Player(1))
}

/// S3.2: after the first side's setup, the public board shows none of it
/// (the second side does not see it either), though the first side does.
#[test]
fn s3_2_a_setup_is_not_on_the_public_board_before_play() {
    let game = rules(&[]);
    let mut st = game.initial_state(5);
    let mut rng = plateau::rng(5);
    let setup = game.random_move(&st, &mut rng).unwrap();
    game.apply(&mut st, &setup);
    let owned =
        |b: &plateau::board::BoardView| b.cells.iter().filter(|c| c.owner.is_some()).count();
    assert_eq!(owned(&game.public_board_view(&st).unwrap()), 0);
    assert_eq!(owned(&game.board_view(&st, Some(Player(1))).unwrap()), 0);
    assert_eq!(owned(&game.board_view(&st, Some(Player(0))).unwrap()), 40);
}

/// S6.3: an attack on an unrevealed piece is seen to do different things
/// in states drawn from the attacker's view (the defender's rank shows), and
/// `move_outcome_key` tells them apart, so that information-set search
/// keeps them in different nodes; moves that show nothing more key alike.
#[test]
fn s6_3_what_an_attack_shows_keys_its_outcomes_apart() {
    let game = with_options("original", 0, &[]);
    let mut attacks = 0;
    for seed in 0..40u64 {
        let (st, _) = random_game(&game, seed, 30);
        let Status::ToMove(me) = game.status(&st) else {
            continue;
        };
        let mut legal = Vec::new();
        game.legal_moves(&st, &mut legal);
        let view = game.view(&st, me);
        let attack = legal.iter().find(|mv| {
            matches!(mv, Move::Step { to, .. }
                if st.piece_at(*to).is_some_and(|p| p.owner != me && !p.revealed))
        });
        let Some(attack) = attack else { continue };
        let mut rng = plateau::rng(seed);
        let mut keys = std::collections::HashMap::new();
        for _ in 0..40 {
            let mut drawn = game.determinize(&view, &mut rng);
            game.apply(&mut drawn, attack);
            keys.insert(drawn.last_event(), game.move_outcome_key(&drawn));
        }
        let distinct: std::collections::HashSet<u64> = keys.values().copied().collect();
        assert_eq!(
            distinct.len(),
            keys.len(),
            "seed {seed}: two events, one key"
        );
        assert!(
            keys.len() > 1,
            "seed {seed}: forty draws, one defender rank"
        );
        attacks += 1;
    }
    assert!(attacks >= 5, "only {attacks} attacks on unrevealed pieces");
}
