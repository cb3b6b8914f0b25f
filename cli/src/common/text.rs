//! Short texts several commands print: the status line, the last move as a
//! player may know it.

use plateau::{DynSession, Player, Status};

/// `south to move (move 3)` or `game over: south wins (no-legal-move)`.
pub fn status_line(session: &dyn DynSession) -> String {
    match session.status() {
        Status::ToMove(p) => format!(
            "{} to move (move {})",
            session.player_name(p),
            session.num_moves() + 1
        ),
        Status::Over(_) => format!("game over: {}", session.describe_status()),
    }
}

/// `1 legal move` or `N legal moves`.
pub fn legal_moves_count(n: usize) -> String {
    if n == 1 {
        "1 legal move".to_string()
    } else {
        format!("{n} legal moves")
    }
}

/// The legal moves for a reader: `N legal moves: a8, a7, b1`, as lines of
/// at most `width` characters, broken only between moves (a move longer
/// than a line stands on a line of its own). The moves are separated by
/// `, ` when no move has a comma or a space in it, else by ` | ` (Quinque's
/// `mark 0,0` has both), else each stands on a line of its own: a move is
/// never split, nor read as two. A line that goes on ends with the
/// separator's mark; the lines after the first are indented by two spaces.
pub fn legal_moves_listing(moves: &[String], width: usize) -> String {
    let head = legal_moves_count(moves.len());
    if moves.is_empty() {
        return head;
    }
    let simple = moves
        .iter()
        .all(|m| !m.contains(',') && !m.contains(char::is_whitespace));
    let sep = if simple {
        ", "
    } else if moves.iter().all(|m| !m.contains('|')) {
        " | "
    } else {
        return format!("{head}:\n  {}", moves.join("\n  "));
    };
    // `,` or ` |`: after each move but the last, the moves joined by spaces.
    let mark = sep.trim_end();
    let mut lines = Vec::new();
    let mut line = format!("{head}:");
    for (i, mv) in moves.iter().enumerate() {
        let item = if i + 1 < moves.len() {
            format!("{mv}{mark}")
        } else {
            mv.clone()
        };
        if line.chars().count() + 1 + item.chars().count() > width {
            lines.push(std::mem::replace(&mut line, format!("  {item}")));
        } else {
            line.push(' ');
            line.push_str(&item);
        }
    }
    lines.push(line);
    lines.join("\n")
}

/// The last move as `viewer` may know it: who moved, the move text where the
/// viewer may see it (the mover always does; others when the game says the
/// text is public, which a Stratego setup is not), and the game's
/// description of what it did.
pub fn last_move_report(session: &dyn DynSession, viewer: Option<Player>) -> Option<String> {
    let last = session.last_move()?;
    let visible = last.public || viewer.is_none_or(|v| v == last.mover);
    Some(move_report(
        &session.player_name(last.mover),
        &last.text,
        visible,
        session.describe_last_move(viewer),
    ))
}

/// A move reported for a reader: `south played a5`, or `blue moved` when the
/// move text is not `visible` to the reader, followed by the game's
/// description. A description that already names the move, or that of a
/// move whose text the reader may not see, stands alone.
pub fn move_report(name: &str, text: &str, visible: bool, description: Option<String>) -> String {
    let head = if visible {
        format!("{name} played {text}")
    } else {
        format!("{name} moved")
    };
    let Some(d) = description else {
        return head;
    };
    let d = d.trim_end();
    if d.is_empty() {
        head
    } else if !visible || d.contains(text.trim()) {
        d.to_string()
    } else if d.contains('\n') {
        format!("{head}:\n{d}")
    } else {
        format!("{head}: {d}")
    }
}

/// The text with a final newline.
pub fn ensure_newline(mut text: String) -> String {
    if !text.ends_with('\n') {
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn listing(moves: &[&str], width: usize) -> String {
        let moves: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        legal_moves_listing(&moves, width)
    }

    #[test]
    fn the_legal_moves_are_listed_unambiguously_and_wrapped_between_moves() {
        assert_eq!(listing(&["a8"], 80), "1 legal move: a8");
        assert_eq!(listing(&[], 80), "0 legal moves");
        assert_eq!(
            listing(&["a8", "a7", "b1"], 80),
            "3 legal moves: a8, a7, b1"
        );
        // Moves with spaces and commas (Quinque): another separator.
        let quinque = ["mark 0,0 mark 1,0", "mark 1,0 end", "move 0,0 1,1"];
        assert_eq!(
            listing(&quinque, 80),
            "3 legal moves: mark 0,0 mark 1,0 | mark 1,0 end | move 0,0 1,1"
        );
        // Wrapped between moves only, at most `width` a line.
        let text = listing(&quinque, 36);
        assert_eq!(
            text,
            "3 legal moves: mark 0,0 mark 1,0 |\n  mark 1,0 end | move 0,0 1,1"
        );
        for width in 10..60 {
            let text = listing(&quinque, width);
            let back: Vec<&str> = text
                .split_once(':')
                .unwrap()
                .1
                .split('|')
                .map(str::trim)
                .collect();
            assert_eq!(back, quinque, "width {width}:\n{text}");
            for line in text.lines() {
                assert!(
                    line.len() <= width || !line.trim().contains(" | "),
                    "width {width}: {line}"
                );
            }
        }
        // A separator no move has: one move a line.
        assert_eq!(listing(&["a | b", "c"], 80), "2 legal moves:\n  a | b\n  c");
    }

    #[test]
    fn reports_hide_invisible_move_texts_and_avoid_repeating_the_move() {
        assert_eq!(move_report("south", "a5", true, None), "south played a5");
        assert_eq!(
            move_report("south", "a5", true, Some("south a5: 2 sowings\n".into())),
            "south a5: 2 sowings"
        );
        assert_eq!(
            move_report("blue", "setup FB", false, Some("Blue set up".into())),
            "Blue set up"
        );
        assert_eq!(
            move_report("red", "b4-b5", true, Some("lifts\n  x".into())),
            "red played b4-b5:\nlifts\n  x"
        );
    }
}
