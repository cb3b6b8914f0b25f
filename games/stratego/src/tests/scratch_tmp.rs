use super::*;
#[test]
fn show() {
    let game = rules(&[]);
    let mut st = started(&game);
    play(&game, &mut st, "a4-a5 a7-a6 a5xa6 b7-b6");
    println!("{}", serde_json::to_string_pretty(&st).unwrap());
}
