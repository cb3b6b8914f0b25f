//! `plateau import`: converts game records of other programs into plateau
//! records, checked by replaying them.

use crate::common::error::{CliError, CliResult};
use crate::common::record_file;
use crate::common::text::status_line;
use crate::Io;
use clap::{Args, Subcommand};
use plateau::{GameRecord, Registry};
use std::path::PathBuf;

/// Arguments of `plateau import`.
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    plateau import gravon game.xml -o game.json\n  \
    plateau import gravon game.xml | plateau replay /dev/stdin")]
pub struct ImportArgs {
    /// The format of the record to import.
    #[command(subcommand)]
    pub format: ImportFormat,
}

/// The formats `plateau import` reads.
#[derive(Debug, Subcommand)]
pub enum ImportFormat {
    /// A Stratego game record of the Gravon archive (XML), imported with the
    /// Gravon rules settings.
    #[command(after_help = "Example:\n  plateau import gravon game.xml -o game.json")]
    Gravon(FileArgs),
}

/// An input file and an optional output file.
#[derive(Debug, Args)]
pub struct FileArgs {
    /// The record to import.
    pub file: PathBuf,
    /// Write the plateau record here (default: the standard output).
    #[arg(short = 'o', long = "output", value_name = "RECORD")]
    pub output: Option<PathBuf>,
}

/// Imports the record.
pub fn run(registry: &Registry, args: &ImportArgs, io: &mut Io<'_>) -> CliResult {
    match &args.format {
        ImportFormat::Gravon(a) => import_with(registry, a, io, gravon),
    }
}

/// Converts a Gravon XML record (RULES.md S13).
fn gravon(xml: &str) -> Result<GameRecord, String> {
    plateau_stratego::gravon::import(xml).map_err(|e| e.to_string())
}

fn import_with(
    registry: &Registry,
    args: &FileArgs,
    io: &mut Io<'_>,
    convert: impl Fn(&str) -> Result<GameRecord, String>,
) -> CliResult {
    let path = &args.file;
    let text = std::fs::read_to_string(path).map_err(|e| CliError::io(path, e))?;
    let record =
        convert(&text).map_err(|e| CliError::failed(format!("{}: {e}", path.display())))?;
    let session = registry.load_record(&record).map_err(|e| {
        CliError::failed(format!(
            "{}: the imported game does not replay: {e}",
            path.display()
        ))
    })?;
    match &args.output {
        None => write!(io.out, "{}", record_file::to_text(&record))?,
        Some(out) => {
            record_file::write(out, &record)?;
            writeln!(
                io.out,
                "wrote {}: {} moves; {}",
                out.display(),
                record.moves.len(),
                status_line(session.as_ref())
            )?;
        }
    }
    Ok(())
}
