//! The stateless commands, one module each with its arguments (clap) and
//! its `run`: a game's record goes in and out through files and standard
//! output (`new`, `moves`, `apply`, `show`), or the command reports and exits
//! (`games`, `rules`, `import`, `perft`, `bench`, `agents`, `tables`).

pub mod agents_list;
pub mod analyse;
pub mod analyse_position;
pub mod apply;
pub mod bench;
pub mod games;
pub mod import;
pub mod moves;
pub mod new;
pub mod perft;
pub mod predict;
pub mod rules;
pub mod show;
pub mod tables;
pub mod ucc;
