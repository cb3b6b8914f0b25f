//! The terminal side of `plateau play`: printing, prompting, reading lines
//! and clearing the screen between the turns of two people at one terminal.

use crate::common::error::CliResult;
use crate::Io;

/// The ANSI sequence that clears the screen, then the terminal's scrollback
/// (`ESC[3J`, so that the other player's board cannot be scrolled back to),
/// and puts the cursor home.
pub const CLEAR_SCREEN: &str = "\x1b[2J\x1b[3J\x1b[H";

/// The width that long lists are wrapped to: the terminal's columns when
/// the output is a terminal, else 80.
pub fn width() -> usize {
    use std::io::IsTerminal;
    let columns = std::io::stdout()
        .is_terminal()
        .then(|| ratatui::crossterm::terminal::size().ok())
        .flatten()
        .map(|(columns, _)| usize::from(columns));
    columns.filter(|&c| c >= 20).unwrap_or(80)
}

/// Prints a text and a newline.
pub fn say(io: &mut Io<'_>, text: &str) -> CliResult {
    writeln!(io.out, "{}", text.trim_end_matches('\n'))?;
    Ok(())
}

/// Prints a prompt and reads one line, without its line end. `None` at the
/// end of the input (a newline is printed so the terminal stays tidy).
pub fn ask(io: &mut Io<'_>, prompt: &str) -> CliResult<Option<String>> {
    write!(io.out, "{prompt}")?;
    io.out.flush()?;
    let mut buf = Vec::new();
    let n = io.input.read_until(b'\n', &mut buf)?;
    if n == 0 {
        writeln!(io.out)?;
        return Ok(None);
    }
    let line = String::from_utf8_lossy(&buf);
    Ok(Some(line.trim_end_matches(['\n', '\r']).to_string()))
}

/// Clears the screen.
pub fn clear(io: &mut Io<'_>) -> CliResult {
    write!(io.out, "{CLEAR_SCREEN}")?;
    io.out.flush()?;
    Ok(())
}

/// Capitalizes a player's name for the start of a sentence.
pub fn title(name: &str) -> String {
    let mut chars = name.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ask_reads_lines_and_reports_the_end_of_input() {
        let mut input: &[u8] = b"a3\r\nquit\n";
        let mut out = Vec::new();
        let mut err = Vec::new();
        let mut io = Io {
            input: &mut input,
            out: &mut out,
            err: &mut err,
        };
        assert_eq!(ask(&mut io, "> ").unwrap().as_deref(), Some("a3"));
        assert_eq!(ask(&mut io, "> ").unwrap().as_deref(), Some("quit"));
        assert_eq!(ask(&mut io, "> ").unwrap(), None);
        assert_eq!(String::from_utf8(out).unwrap(), "> > > \n");
    }

    #[test]
    fn names_are_capitalized() {
        assert_eq!(title("blue"), "Blue");
        assert_eq!(title(""), "");
    }
}
