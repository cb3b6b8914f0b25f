use plateau_hus::*;
fn cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat").unwrap().split_whitespace().next().unwrap().parse().unwrap()
}
fn main() {
    let hus = Hus::standard();
    let n: usize = std::env::args().nth(1).map(|s| s.parse().unwrap()).unwrap_or(200_000);
    for _ in 0..5 {
        let c0 = cpu_ns();
        let r = plateau::playout::bench(&hus, n, 1, 0);
        let cpu = (cpu_ns() - c0) as f64 * 1e-9;
        println!("wall {:.0} games/s; cpu {:.0} games/s, {:.0} plies/s, mean {:.2}", r.games_per_second(), n as f64 / cpu, r.plies as f64 / cpu, r.mean_length());
    }
}
