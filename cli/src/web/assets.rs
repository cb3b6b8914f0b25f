//! The page's files, embedded in the binary at compile time (every file
//! under cli/web/, by cli/build.rs), with their content types.

include!(concat!(env!("OUT_DIR"), "/web_assets.rs"));

/// The bytes of the embedded file at `path` (relative to cli/web/, with
/// `/`), if there is one.
pub fn file(path: &str) -> Option<&'static [u8]> {
    FILES
        .iter()
        .find(|(name, _)| *name == path)
        .map(|(_, b)| *b)
}

/// The paths of every embedded file.
pub fn paths() -> impl Iterator<Item = &'static str> {
    FILES.iter().map(|(name, _)| *name)
}

/// The content type of a file by its extension.
pub fn content_type(path: &str) -> &'static str {
    let extension = path.rsplit_once('.').map_or("", |(_, e)| e);
    match extension.to_ascii_lowercase().as_str() {
        "html" => "text/html; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "json" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "ico" => "image/x-icon",
        "woff2" => "font/woff2",
        "txt" | "md" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_is_embedded() {
        let index = file("index.html").expect("cli/web/index.html is embedded");
        assert!(std::str::from_utf8(index).unwrap().contains("<html"));
        assert!(paths().any(|p| p == "index.html"));
        assert_eq!(file("no-such-file.js"), None);
    }

    #[test]
    fn content_types_follow_the_extension() {
        assert_eq!(content_type("app.js"), "text/javascript; charset=utf-8");
        assert_eq!(content_type("board.SVG"), "image/svg+xml");
        assert_eq!(content_type("README"), "application/octet-stream");
    }
}
