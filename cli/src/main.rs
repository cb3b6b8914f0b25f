fn main() {
    let _ = plateau_cli::default_registry();
}
