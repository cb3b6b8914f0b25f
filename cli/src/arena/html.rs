//! `--report FILE.html` of `plateau arena` and `plateau tournament`: one
//! self-contained page (no network, no script), its charts inline SVG: the
//! results table, each agent's Elo with its 95% interval, the score as the
//! games went on, the games' lengths and how they ended; for a tournament
//! the cross table and the ladder.
//!
//! The figures are also in `data-` attributes of the elements that show
//! them, so that a test (or a script of yours) can read them back.

use plateau::ai::elo::{self, Ladder, PairResult};
use plateau::ai::report::{ArenaReport, GameResultKind};
use std::fmt::Write;

/// Text made safe for HTML.
fn esc(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

const STYLE: &str = "body{font-family:system-ui,sans-serif;margin:2em auto;max-width:60em;color:#222}\
table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:.25em .6em;text-align:right}\
th{background:#f4f4f4}td.name,th.name{text-align:left}svg{display:block;margin:1em 0;background:#fcfcfc;border:1px solid #eee}\
.axis{stroke:#999;stroke-width:1}.ref{stroke:#bbb;stroke-dasharray:4 3}.bar{fill:#4a7fc1}.interval{stroke:#4a7fc1;stroke-width:3}\
.point{fill:#c0392b}.line{fill:none;stroke:#c0392b;stroke-width:2}text{font-size:12px;fill:#333}";

/// The page's frame around `body`.
fn page(title: &str, body: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <title>{t}</title><style>{STYLE}</style></head>\n<body>\n<h1>{t}</h1>\n{body}\n</body></html>\n",
        t = esc(title)
    )
}

/// An Elo for people: `+124`, `-inf`.
fn shown_elo(value: f64) -> String {
    elo::signed(value)
}

/// An Elo as the JSON results write it: one decimal, or `+inf` / `-inf`.
fn data_elo(value: f64) -> String {
    if value.is_finite() {
        format!("{:.1}", (value * 10.0).round() / 10.0)
    } else {
        shown_elo(value)
    }
}

/// Each row's Elo as a point on its 95% interval (`rows`: label, Elo, low,
/// high). Infinite ends are drawn at the chart's edge.
fn elo_chart(rows: &[(String, f64, f64, f64)]) -> String {
    const W: f64 = 640.0;
    const LEFT: f64 = 200.0;
    const ROW: f64 = 28.0;
    let finite = |v: f64| v.is_finite().then_some(v);
    let values: Vec<f64> = rows
        .iter()
        .flat_map(|r| [r.1, r.2, r.3])
        .filter_map(finite)
        .chain([0.0])
        .collect();
    let lo = values.iter().copied().fold(f64::MAX, f64::min).min(-50.0) - 20.0;
    let hi = values.iter().copied().fold(f64::MIN, f64::max).max(50.0) + 20.0;
    let x = |v: f64| {
        let v = if v.is_finite() {
            v.clamp(lo, hi)
        } else if v > 0.0 {
            hi
        } else {
            lo
        };
        LEFT + (v - lo) / (hi - lo) * (W - LEFT - 20.0)
    };
    let height = ROW * rows.len() as f64 + 30.0;
    let mut svg = format!(
        "<svg id=\"elo-chart\" role=\"img\" aria-label=\"Elo with 95% intervals\" width=\"{W}\" height=\"{height}\" viewBox=\"0 0 {W} {height}\">"
    );
    let _ = write!(
        svg,
        "<line class=\"ref\" x1=\"{0:.1}\" x2=\"{0:.1}\" y1=\"4\" y2=\"{1:.1}\"/><text x=\"{0:.1}\" y=\"{2:.1}\" text-anchor=\"middle\">0</text>",
        x(0.0),
        height - 20.0,
        height - 6.0
    );
    for (i, (label, value, low, high)) in rows.iter().enumerate() {
        let y = ROW * i as f64 + 18.0;
        let _ = write!(
            svg,
            "<g class=\"elo-row\" data-agent=\"{a}\" data-elo=\"{e}\" data-low=\"{l}\" data-high=\"{h}\">\
             <text x=\"4\" y=\"{ty:.1}\">{a} {shown}</text>\
             <line class=\"interval\" x1=\"{x1:.1}\" x2=\"{x2:.1}\" y1=\"{y:.1}\" y2=\"{y:.1}\"/>\
             <circle class=\"point\" cx=\"{cx:.1}\" cy=\"{y:.1}\" r=\"5\"/></g>",
            a = esc(label),
            e = data_elo(*value),
            l = shown_elo(*low),
            h = shown_elo(*high),
            shown = shown_elo(*value),
            ty = y + 4.0,
            x1 = x(*low),
            x2 = x(*high),
            cx = x(*value),
        );
    }
    svg.push_str("</svg>");
    svg
}

/// A line of `points` (x from 0, y in `[0, 1]`) with a dashed line at ½.
fn score_chart(points: &[f64]) -> String {
    const W: f64 = 640.0;
    const H: f64 = 220.0;
    let n = points.len().max(2) as f64 - 1.0;
    let x = |i: usize| 40.0 + i as f64 / n * (W - 60.0);
    let y = |v: f64| 10.0 + (1.0 - v) * (H - 40.0);
    let path: Vec<String> = points
        .iter()
        .enumerate()
        .map(|(i, v)| format!("{:.1},{:.1}", x(i), y(*v)))
        .collect();
    let last = points.last().copied().unwrap_or(0.5);
    format!(
        "<svg id=\"score-chart\" role=\"img\" aria-label=\"A's score as the games went on\" width=\"{W}\" height=\"{H}\" viewBox=\"0 0 {W} {H}\" data-final=\"{last:.3}\">\
         <line class=\"axis\" x1=\"40\" x2=\"40\" y1=\"10\" y2=\"{yb:.1}\"/>\
         <line class=\"ref\" x1=\"40\" x2=\"{xr:.1}\" y1=\"{yh:.1}\" y2=\"{yh:.1}\"/>\
         <text x=\"4\" y=\"14\">1</text><text x=\"4\" y=\"{yh4:.1}\">½</text><text x=\"4\" y=\"{yb:.1}\">0</text>\
         <text x=\"{xr:.1}\" y=\"{H2:.1}\" text-anchor=\"end\">game {games}</text>\
         <polyline class=\"line\" points=\"{pts}\"/></svg>",
        yb = y(0.0),
        yh = y(0.5),
        yh4 = y(0.5) + 4.0,
        xr = W - 20.0,
        H2 = H - 6.0,
        games = points.len(),
        pts = path.join(" "),
    )
}

/// A histogram of game lengths in ten bins.
fn length_chart(lengths: &[u64]) -> String {
    const W: f64 = 640.0;
    const H: f64 = 200.0;
    const BINS: usize = 10;
    let (min, max) = (
        lengths.iter().copied().min().unwrap_or(0),
        lengths.iter().copied().max().unwrap_or(0),
    );
    let step = ((max - min) / BINS as u64 + 1).max(1);
    let mut counts = [0usize; BINS];
    for l in lengths {
        counts[(((l - min) / step) as usize).min(BINS - 1)] += 1;
    }
    let top = counts.iter().copied().max().unwrap_or(1).max(1) as f64;
    let bar_w = (W - 60.0) / BINS as f64;
    let mut svg = format!(
        "<svg id=\"length-chart\" role=\"img\" aria-label=\"game lengths\" width=\"{W}\" height=\"{H}\" viewBox=\"0 0 {W} {H}\">"
    );
    for (i, c) in counts.iter().enumerate() {
        let h = *c as f64 / top * (H - 50.0);
        let x = 40.0 + i as f64 * bar_w;
        let from = min + i as u64 * step;
        let _ = write!(
            svg,
            "<g data-from=\"{from}\" data-to=\"{to}\" data-games=\"{c}\"><rect class=\"bar\" x=\"{x:.1}\" y=\"{y:.1}\" width=\"{w:.1}\" height=\"{h:.1}\"/>\
             <text x=\"{tx:.1}\" y=\"{ly:.1}\" text-anchor=\"middle\">{from}</text><text x=\"{tx:.1}\" y=\"{cy:.1}\" text-anchor=\"middle\">{c}</text></g>",
            to = from + step - 1,
            y = H - 30.0 - h,
            w = bar_w - 4.0,
            tx = x + bar_w / 2.0,
            ly = H - 14.0,
            cy = H - 34.0 - h,
        );
    }
    svg.push_str("</svg>");
    svg
}

/// How the games ended: each reason with A's wins, the draws and B's wins.
fn endings_table(report: &ArenaReport) -> String {
    let mut reasons: Vec<(String, [u64; 3])> = Vec::new();
    for g in &report.games {
        let k = match g.result {
            GameResultKind::A => 0,
            GameResultKind::Draw => 1,
            GameResultKind::B => 2,
            // Faults are told apart in the summary, not as endings.
            GameResultKind::AFault | GameResultKind::BFault => continue,
        };
        let reason = if g.capped {
            format!("{} (capped)", g.reason)
        } else {
            g.reason.clone()
        };
        match reasons.iter_mut().find(|(r, _)| *r == reason) {
            Some((_, c)) => c[k] += 1,
            None => {
                let mut c = [0; 3];
                c[k] = 1;
                reasons.push((reason, c));
            }
        }
    }
    let mut html = String::from(
        "<table id=\"endings\"><tr><th class=\"name\">ended by</th><th>A won</th><th>draw</th><th>B won</th></tr>",
    );
    for (reason, c) in reasons {
        let _ = write!(
            html,
            "<tr data-reason=\"{r}\"><td class=\"name\">{r}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            c[0],
            c[1],
            c[2],
            r = esc(&reason)
        );
    }
    html.push_str("</table>");
    html
}

/// The page of an arena run.
pub fn arena_page(report: &ArenaReport, name: &str) -> String {
    let s = report.summary();
    let setup = &report.setup;
    let mut body = format!(
        "<p>{} ({}): {} games of {} against {}, seed {}, colours alternating.</p>\n",
        esc(name),
        esc(&setup.variant),
        s.games,
        esc(&setup.a),
        esc(&setup.b),
        setup.seed
    );
    let _ = write!(
        body,
        "<table id=\"results\"><tr><th></th><th class=\"name\">agent</th><th>wins</th><th>draws</th><th>losses</th>\
         <th>score</th><th>95%</th><th>Elo</th><th>95%</th><th>ms/move</th></tr>"
    );
    for row in super::side_rows(report) {
        let super::SideRow {
            side,
            spec,
            score,
            interval,
            elo,
            elo_interval,
            ms,
        } = row;
        let _ = write!(
            body,
            "<tr data-side=\"{side}\" data-wins=\"{w}\" data-draws=\"{d}\" data-losses=\"{l}\" data-score=\"{sc:.3}\">\
             <td>{side}</td><td class=\"name\">{spec}</td><td>{w}</td><td>{d}</td><td>{l}</td><td>{sc:.3}</td>\
             <td>[{i0:.3}, {i1:.3}]</td><td>{e}</td><td>[{e0}, {e1}]</td><td>{ms:.2}</td></tr>",
            spec = esc(spec),
            w = score.wins,
            d = score.draws,
            l = score.losses,
            sc = score.mean(),
            i0 = interval[0],
            i1 = interval[1],
            e = shown_elo(elo),
            e0 = shown_elo(elo_interval[0]),
            e1 = shown_elo(elo_interval[1]),
        );
    }
    body.push_str("</table>\n");
    let _ = writeln!(
        body,
        "<p>Mean length {:.1} moves, {} capped; A as first player {}-{}-{}, as second {}-{}-{} (W-D-L).</p>",
        s.mean_length,
        s.capped,
        s.a_first.wins,
        s.a_first.draws,
        s.a_first.losses,
        s.a_second.wins,
        s.a_second.draws,
        s.a_second.losses
    );
    body.push_str("<h2>Elo of A over B, with its 95% interval</h2>\n");
    body.push_str(&elo_chart(&[(
        setup.a.clone(),
        s.elo,
        s.elo_interval[0],
        s.elo_interval[1],
    )]));
    // A's mean score after each game, in the order of the games.
    let mut games: Vec<_> = report.games.iter().collect();
    games.sort_by_key(|g| g.index);
    let mut points = 0.0;
    let running: Vec<f64> = games
        .iter()
        .filter(|g| !g.result.is_fault())
        .enumerate()
        .map(|(i, g)| {
            points += match g.result {
                GameResultKind::A => 1.0,
                GameResultKind::Draw => 0.5,
                GameResultKind::B => 0.0,
                GameResultKind::AFault | GameResultKind::BFault => 0.0,
            };
            points / (i + 1) as f64
        })
        .collect();
    body.push_str("\n<h2>A's score as the games went on</h2>\n");
    body.push_str(&score_chart(&running));
    body.push_str("\n<h2>Game lengths (moves)</h2>\n");
    let lengths: Vec<u64> = games.iter().map(|g| g.plies).collect();
    body.push_str(&length_chart(&lengths));
    body.push_str("\n<h2>How the games ended</h2>\n");
    body.push_str(&endings_table(report));
    page(&format!("{name}: {} against {}", setup.a, setup.b), &body)
}

/// The page of a tournament: the cross table (row agent's score against
/// the column agent), the ladder as a chart, and each pair's run.
pub fn tournament_page(
    title: &str,
    specs: &[String],
    results: &[PairResult],
    matches: &[ArenaReport],
    ladder: &Ladder,
) -> String {
    let mut body =
        String::from("<h2>Cross table</h2>\n<table id=\"cross\"><tr><th class=\"name\"></th>");
    for (j, spec) in specs.iter().enumerate() {
        let _ = write!(body, "<th title=\"{}\">{}</th>", esc(spec), j + 1);
    }
    body.push_str("</tr>");
    for (i, spec) in specs.iter().enumerate() {
        let _ = write!(body, "<tr><td class=\"name\">{}. {}</td>", i + 1, esc(spec));
        for j in 0..specs.len() {
            let cell = results.iter().find_map(|r| {
                if r.a == i && r.b == j {
                    Some(r.score)
                } else if r.a == j && r.b == i {
                    Some(r.score.reversed())
                } else {
                    None
                }
            });
            match cell {
                Some(score) => {
                    let _ = write!(
                        body,
                        "<td data-row=\"{i}\" data-col=\"{j}\" data-points=\"{p}\" data-games=\"{g}\">{p}/{g}</td>",
                        p = score.points(),
                        g = score.games()
                    );
                }
                None => body.push_str("<td>–</td>"),
            }
        }
        body.push_str("</tr>");
    }
    body.push_str("</table>\n<h2>Ladder: Elo with its 95% interval</h2>\n");
    let rows: Vec<(String, f64, f64, f64)> = ladder
        .ratings
        .iter()
        .map(|r| {
            (
                specs[r.player].clone(),
                (r.elo * 10.0).round() / 10.0,
                r.elo - r.margin,
                r.elo + r.margin,
            )
        })
        .collect();
    body.push_str(&elo_chart(&rows));
    body.push_str("\n<h2>The pairs</h2>\n");
    for (r, m) in results.iter().zip(matches) {
        let s = m.summary();
        let lengths: Vec<u64> = m.games.iter().map(|g| g.plies).collect();
        let _ = write!(
            body,
            "<h3>{} against {}: {}-{}-{} (W-D-L), score {:.3}, mean length {:.1} moves</h3>\n{}\n{}",
            esc(&specs[r.a]),
            esc(&specs[r.b]),
            r.score.wins,
            r.score.draws,
            r.score.losses,
            s.score,
            s.mean_length,
            length_chart(&lengths).replacen("id=\"length-chart\"", "class=\"length-chart\"", 1),
            endings_table(m).replacen("id=\"endings\"", "class=\"endings\"", 1),
        );
    }
    page(title, &body)
}
