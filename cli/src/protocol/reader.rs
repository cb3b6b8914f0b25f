//! Reading request lines with bounded memory: a line longer than the limit is
//! skipped up to its newline without being kept.

use std::io::{self, BufRead};

/// One line of input, without its newline (and without a `\r` before it).
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Line<'a> {
    /// The bytes of a line within the limit.
    Text(&'a [u8]),
    /// A line over the limit, skipped; `len` is its length in bytes.
    TooLong { len: usize },
}

/// Splits input into lines, keeping at most `max` bytes of a line in memory.
pub(crate) struct LineReader<R> {
    inner: R,
    buf: Vec<u8>,
    max: usize,
}

impl<R: BufRead> LineReader<R> {
    /// A reader of lines of at most `max` bytes.
    pub fn new(inner: R, max: usize) -> Self {
        LineReader {
            inner,
            buf: Vec::new(),
            max,
        }
    }

    /// The next line, or `None` at the end of input. A last line without a
    /// newline counts as a line.
    pub fn next_line(&mut self) -> io::Result<Option<Line<'_>>> {
        self.buf.clear();
        let mut len = 0usize;
        let mut too_long = false;
        let mut seen_any = false;
        let mut ends_in_cr = false;
        loop {
            let available = match self.inner.fill_buf() {
                Ok(bytes) => bytes,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if available.is_empty() {
                if !seen_any {
                    return Ok(None);
                }
                break;
            }
            seen_any = true;
            let newline = available.iter().position(|&b| b == b'\n');
            let chunk = &available[..newline.unwrap_or(available.len())];
            len = len.saturating_add(chunk.len());
            if let Some(&last) = chunk.last() {
                ends_in_cr = last == b'\r';
            }
            if !too_long {
                // One byte more than the limit: a `\r` before the newline
                // does not count.
                if self.buf.len() + chunk.len() > self.max.saturating_add(1) {
                    too_long = true;
                    self.buf = Vec::new();
                } else {
                    self.buf.extend_from_slice(chunk);
                }
            }
            let used = newline.map_or(available.len(), |i| i + 1);
            self.inner.consume(used);
            if newline.is_some() {
                break;
            }
        }
        if too_long {
            let len = len - usize::from(ends_in_cr);
            return Ok(Some(Line::TooLong { len }));
        }
        if self.buf.last() == Some(&b'\r') {
            self.buf.pop();
        }
        if self.buf.len() > self.max {
            let len = self.buf.len();
            self.buf = Vec::new();
            return Ok(Some(Line::TooLong { len }));
        }
        Ok(Some(Line::Text(&self.buf)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8], max: usize, capacity: usize) -> Vec<Result<Vec<u8>, usize>> {
        let mut reader = LineReader::new(io::BufReader::with_capacity(capacity, input), max);
        let mut out = Vec::new();
        while let Some(line) = reader.next_line().unwrap() {
            out.push(match line {
                Line::Text(t) => Ok(t.to_vec()),
                Line::TooLong { len } => Err(len),
            });
        }
        out
    }

    #[test]
    fn splits_lines_and_strips_carriage_returns() {
        let got = lines(b"ab\r\n\ncd\nlast", 10, 3);
        assert_eq!(
            got,
            vec![
                Ok(b"ab".to_vec()),
                Ok(vec![]),
                Ok(b"cd".to_vec()),
                Ok(b"last".to_vec())
            ]
        );
    }

    #[test]
    fn a_long_line_is_skipped_to_its_newline_and_the_next_one_read() {
        let mut input = vec![b'x'; 50];
        input.extend_from_slice(b"\nok\n");
        let got = lines(&input, 10, 4);
        assert_eq!(got, vec![Err(50), Ok(b"ok".to_vec())]);
    }

    #[test]
    fn a_line_of_exactly_the_limit_is_kept() {
        let got = lines(b"0123456789\n01234567890\n", 10, 7);
        assert_eq!(got, vec![Ok(b"0123456789".to_vec()), Err(11)]);
    }

    #[test]
    fn empty_input_has_no_lines() {
        assert!(lines(b"", 10, 4).is_empty());
    }

    #[test]
    fn the_limit_does_not_count_the_newline_nor_a_carriage_return_before_it() {
        let got = lines(b"abcd\r\nabcd\nabcde\nabcd\r\r\n", 4, 2);
        assert_eq!(
            got,
            vec![Ok(b"abcd".to_vec()), Ok(b"abcd".to_vec()), Err(5), Err(5)]
        );
    }
}
