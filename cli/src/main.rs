//! The `plateau` command: the command line library with the default games.

fn main() {
    std::process::exit(plateau_cli::run(
        &plateau_cli::default_registry(),
        std::env::args_os(),
    ));
}
