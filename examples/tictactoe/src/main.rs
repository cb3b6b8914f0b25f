//! A plateau binary with tic-tac-toe registered next to the default games.

fn main() {
    let mut registry = plateau_cli::default_registry();
    registry.register::<plateau_example_tictactoe::TicTacToe>();
    std::process::exit(plateau_cli::run(&registry, std::env::args_os()));
}
