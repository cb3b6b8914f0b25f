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

#[cfg(test)]
mod tests {
    use super::*;

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
