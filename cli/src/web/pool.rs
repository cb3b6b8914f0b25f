//! The bounds on the agents of `plateau web`: every agent move and every
//! hint thinks within the server's [`AgentLimits`] (a time cap and a node
//! cap, whatever the agent's spec says), on one pool of blocking threads
//! sized to the machine's cores with a bounded queue, and hints are
//! rate-limited per seat.
//!
//! - An agent's turn waits for a free thread as long as it takes (the
//!   match waits for its move anyway).
//! - A hint is refused with `busy` ("the server is busy; try again") when
//!   more than [`PoolSettings::max_waiting`] jobs already wait for a
//!   thread or it waited [`PoolSettings::hint_wait`] for one, and with
//!   `rate_limited` when its seat already has a hint being computed or
//!   asked for [`PoolSettings::hints_per_minute`] hints in the last minute
//!   (the message says when to try again). A hint refused `busy` does not
//!   count against its seat.
//! - An agent with `threads=N` holds `N` of the pool's threads; a spec
//!   asking for more threads than the pool has is refused.
//! - Nothing is kept after its use: each hint is a fresh agent, dropped
//!   with its answer; a seat's agent lives in its match and goes with it.

use super::error::WebError;
use super::hub::lock;
use plateau::ai::AgentLimits;
use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// The longest an agent of a match, or a hint, thinks per move by default
/// (`--max-think`): its search stops there whatever its spec says.
pub const DEFAULT_MAX_THINK: Duration = super::room::MAX_THINK;

/// The most nodes an agent's search tree may hold by default
/// (`--max-nodes`). An MCTS node takes about 150 bytes in Hus, 90 in Oware
/// and 510 in Quinque (measured), so a full tree takes 20 to 100 MB.
pub const DEFAULT_MAX_NODES: usize = 200_000;

/// The longest a hint waits for a thread by default before it is refused
/// with `busy`.
pub const DEFAULT_HINT_WAIT: Duration = Duration::from_secs(5);

/// The most hints a seat may ask for in a minute by default.
pub const DEFAULT_HINTS_PER_MINUTE: u32 = 12;

/// How a server bounds its agents.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PoolSettings {
    /// The agent moves and hints thinking at once (the pool's threads).
    pub threads: usize,
    /// The most jobs that may wait for a thread before a hint is refused
    /// with `busy` (agent turns wait in any case).
    pub max_waiting: usize,
    /// The limits of every agent move and hint.
    pub limits: AgentLimits,
    /// The most hints a seat may ask for in a minute.
    pub hints_per_minute: u32,
    /// The longest a hint waits for a thread before it is refused with
    /// `busy` (its connection waits meanwhile).
    pub hint_wait: Duration,
    /// The outside programs an agent spec may run (`ucc:cmd=PATH`), as the
    /// operator gave them with `--allow-program`; none by default, so that
    /// no client starts a program on the server.
    pub programs: Vec<String>,
}

impl Default for PoolSettings {
    /// One thread per core, a queue of twice as many, a time cap of
    /// [`DEFAULT_MAX_THINK`] and a node cap of [`DEFAULT_MAX_NODES`].
    fn default() -> Self {
        let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
        PoolSettings {
            threads,
            max_waiting: 2 * threads,
            limits: AgentLimits {
                time: Some(DEFAULT_MAX_THINK),
                nodes: Some(DEFAULT_MAX_NODES),
            },
            hints_per_minute: DEFAULT_HINTS_PER_MINUTE,
            hint_wait: DEFAULT_HINT_WAIT,
            programs: Vec::new(),
        }
    }
}

/// What a job is: an agent's turn waits its turn; a hint may be refused.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Job {
    /// A seat's agent choosing its move.
    Agent,
    /// A hint asked for by a person.
    Hint,
}

/// The bounded pool that runs agent moves and hints.
#[derive(Debug)]
pub struct AgentPool {
    settings: PoolSettings,
    running: Arc<Semaphore>,
    waiting: AtomicUsize,
}

/// A thread of the pool, held: run one job on it with [`Admission::run`].
pub struct Admission {
    permit: OwnedSemaphorePermit,
}

/// Counts a job as waiting while it is alive (also when its request is
/// dropped while it waits).
struct Waiting<'a>(&'a AtomicUsize);

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl AgentPool {
    /// A pool with these settings (at least one thread).
    pub fn new(mut settings: PoolSettings) -> Arc<AgentPool> {
        settings.threads = settings.threads.max(1);
        Arc::new(AgentPool {
            running: Arc::new(Semaphore::new(settings.threads)),
            waiting: AtomicUsize::new(0),
            settings,
        })
    }

    /// The pool of matches made without one (default settings), shared
    /// by the process.
    pub fn shared_default() -> Arc<AgentPool> {
        static POOL: OnceLock<Arc<AgentPool>> = OnceLock::new();
        POOL.get_or_init(|| AgentPool::new(PoolSettings::default()))
            .clone()
    }

    /// The pool's settings.
    pub fn settings(&self) -> &PoolSettings {
        &self.settings
    }

    /// The limits of every agent move and hint.
    pub fn limits(&self) -> AgentLimits {
        self.settings.limits
    }

    /// The longest an agent thinks.
    pub fn max_think(&self) -> Duration {
        self.settings.limits.time.unwrap_or(DEFAULT_MAX_THINK)
    }

    /// The jobs waiting for a thread now.
    pub fn waiting(&self) -> usize {
        self.waiting.load(Ordering::SeqCst)
    }

    /// The jobs running now.
    pub fn running(&self) -> usize {
        self.settings.threads - self.running.available_permits()
    }

    /// Refuses a spec that asks for more search threads than the pool has
    /// ([`AgentPool::check_threads`]) or that runs an outside program the
    /// operator did not allow ([`AgentPool::check_program`]).
    pub fn check_spec(&self, spec: &str) -> Result<(), WebError> {
        self.check_threads(spec)?;
        self.check_program(spec)
    }

    /// Refuses a spec that runs an outside program (`ucc:cmd=PATH`) unless
    /// the operator allowed that very program with `--allow-program`.
    pub fn check_program(&self, spec: &str) -> Result<(), WebError> {
        let Ok(parsed) = plateau::ai::Spec::parse(spec) else {
            return Ok(());
        };
        let Some(cmd) = parsed.get("cmd") else {
            return Ok(());
        };
        if self.settings.programs.iter().any(|p| p == cmd.trim()) {
            return Ok(());
        }
        Err(WebError::bad_request(format!(
            "agent '{}': this server runs no outside program '{}'; its operator allows one with --allow-program PATH",
            parsed.name,
            super::hub::clip(cmd)
        )))
    }

    /// Refuses a spec that asks for more search threads (`threads=N`)
    /// than the pool has.
    pub fn check_threads(&self, spec: &str) -> Result<(), WebError> {
        let threads = spec_threads(spec);
        if threads > self.settings.threads {
            return Err(WebError::bad_request(format!(
                "threads={threads}: over the web an agent searches on at most {} threads",
                self.settings.threads
            )));
        }
        Ok(())
    }

    /// A thread for a job: at once if one is free, else after the jobs
    /// before it. A hint is refused with `busy` when more than
    /// [`PoolSettings::max_waiting`] jobs wait already, or when it waited
    /// [`PoolSettings::hint_wait`] without a thread.
    pub async fn admit(&self, job: Job) -> Result<Admission, WebError> {
        self.admit_threads(job, 1).await
    }

    /// [`AgentPool::admit`] for a job that runs on `threads` threads (an
    /// agent with `threads=N`): it holds that many of the pool's threads
    /// (at most all of them).
    pub async fn admit_threads(&self, job: Job, threads: usize) -> Result<Admission, WebError> {
        let n = threads.clamp(1, self.settings.threads) as u32;
        if let Ok(permit) = self.running.clone().try_acquire_many_owned(n) {
            return Ok(Admission { permit });
        }
        if job == Job::Hint && self.waiting() >= self.settings.max_waiting {
            return Err(busy());
        }
        self.waiting.fetch_add(1, Ordering::SeqCst);
        let _waiting = Waiting(&self.waiting);
        let acquire = self.running.clone().acquire_many_owned(n);
        let permit = match job {
            Job::Agent => acquire.await,
            Job::Hint => tokio::time::timeout(self.settings.hint_wait, acquire)
                .await
                .map_err(|_| busy())?,
        }
        .map_err(|_| WebError::new("internal", "the agents' pool is closed"))?;
        Ok(Admission { permit })
    }

    /// Runs `f` on a thread of the pool once admitted ([`AgentPool::admit`]).
    pub async fn run<T: Send + 'static>(
        &self,
        job: Job,
        f: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, WebError> {
        self.admit(job).await?.run(f).await
    }
}

/// The search threads of an agent spec (`threads=N`; 1 without it).
fn spec_threads(spec: &str) -> usize {
    plateau::ai::Spec::parse(spec.trim())
        .ok()
        .and_then(|s| s.get("threads").and_then(|t| t.parse::<usize>().ok()))
        .unwrap_or(1)
}

impl Admission {
    /// Runs `f` on a blocking thread; the pool's thread is freed when `f`
    /// ends.
    pub async fn run<T: Send + 'static>(
        self,
        f: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, WebError> {
        let permit = self.permit;
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            f()
        })
        .await
        .map_err(|e| WebError::new("internal", format!("an agent failed: {e}")))
    }
}

/// The `busy` error of a hint refused by a full queue.
fn busy() -> WebError {
    WebError::new(
        "busy",
        "the server is busy; try again (its agents are all thinking and others wait)",
    )
}

/// What a match keeps to bound its agents: the pool it runs them on and
/// its seats' recent hints.
#[derive(Debug, Default)]
pub struct MatchBounds {
    pool: OnceLock<Arc<AgentPool>>,
    hints: Mutex<HashMap<u8, SeatHints>>,
}

/// One seat's hints: whether one is being computed, and when the recent
/// ones were asked for.
#[derive(Debug, Default)]
struct SeatHints {
    running: bool,
    recent: VecDeque<Instant>,
}

/// A seat's hint under way: the seat may ask for another once it is
/// dropped.
pub struct HintTicket<'a> {
    bounds: &'a MatchBounds,
    seat: u8,
}

impl Drop for HintTicket<'_> {
    fn drop(&mut self) {
        if let Some(s) = lock(&self.bounds.hints).get_mut(&self.seat) {
            s.running = false;
        }
    }
}

impl MatchBounds {
    /// Runs the match's agents on `pool` (the first pool given holds).
    pub fn attach(&self, pool: Arc<AgentPool>) {
        let _ = self.pool.set(pool);
    }

    /// The pool of the match's agents: the one attached, else the
    /// process's default pool.
    pub fn pool(&self) -> Arc<AgentPool> {
        self.pool
            .get()
            .cloned()
            .unwrap_or_else(AgentPool::shared_default)
    }

    /// Starts a hint for `seat`, or refuses it with `rate_limited`: one
    /// hint at a time per seat, and at most `per_minute` a minute.
    pub fn start_hint(
        &self,
        seat: plateau::Player,
        per_minute: u32,
    ) -> Result<HintTicket<'_>, WebError> {
        const MINUTE: Duration = Duration::from_secs(60);
        let now = Instant::now();
        let mut hints = lock(&self.hints);
        let s = hints.entry(seat.0).or_default();
        if s.running {
            return Err(WebError::new(
                "rate_limited",
                "a hint for this seat is being computed; wait for its answer, then try again",
            ));
        }
        while s
            .recent
            .front()
            .is_some_and(|t| now.duration_since(*t) >= MINUTE)
        {
            s.recent.pop_front();
        }
        if s.recent.len() >= per_minute.max(1) as usize {
            let oldest = s.recent.front().copied().unwrap_or(now);
            let wait = MINUTE.saturating_sub(now.duration_since(oldest));
            return Err(WebError::new(
                "rate_limited",
                format!(
                    "a seat may ask for {} hints a minute; try again in {} s",
                    per_minute.max(1),
                    wait.as_secs().max(1)
                ),
            ));
        }
        s.recent.push_back(now);
        s.running = true;
        Ok(HintTicket {
            bounds: self,
            seat: seat.0,
        })
    }

    /// Forgets a hint that was refused before it ran (`busy`): it does not
    /// count against the seat's hints a minute.
    pub fn forget_last_hint(&self, seat: plateau::Player) {
        if let Some(s) = lock(&self.hints).get_mut(&seat.0) {
            s.recent.pop_back();
        }
    }
}

/// Lets an agent think its turn on the match's pool, within the pool's
/// limits (and any tighter ones the turn has, a clock's).
pub(crate) async fn think(
    m: &Arc<super::room::WebMatch>,
    mut turn: plateau::matches::AgentTurn,
) -> Result<plateau::matches::AgentTurn, WebError> {
    let pool = m.bounds().pool();
    turn.set_limits(turn.limits().tighter(pool.limits()));
    let threads = spec_threads(&turn.spec());
    pool.admit_threads(Job::Agent, threads)
        .await?
        .run(move || {
            turn.think();
            turn
        })
        .await
}

/// A hint for `client` by a fresh agent of `spec` (dropped with its
/// answer), on the match's pool within its limits: its move in notation.
/// Refused (`bad_request`) for a `time` over the time cap, `rate_limited`
/// past the seat's hints, `busy` when the pool's queue is full.
pub(crate) async fn hint(
    m: &Arc<super::room::WebMatch>,
    client: plateau::matches::Client,
    spec: &str,
) -> Result<String, WebError> {
    let pool = m.bounds().pool();
    super::room::check_think_within(spec, None, pool.max_think())?;
    pool.check_spec(spec)?;
    let mut job = m.with_match(|game| game.hint_job(client, spec))?;
    let seat = job.seat();
    job.set_limits(job.limits().tighter(pool.limits()));
    let _ticket = m
        .bounds()
        .start_hint(seat, pool.settings().hints_per_minute)?;
    let admission = match pool
        .admit_threads(Job::Hint, spec_threads(&job.spec()))
        .await
    {
        Ok(admission) => admission,
        Err(e) => {
            m.bounds().forget_last_hint(seat);
            return Err(e);
        }
    };
    match admission.run(move || job.run()).await? {
        Some(choice) => Ok(choice.mv),
        None => Err(plateau::matches::MatchError::AgentFailed {
            seat: m.with_match(|game| game.game().player_name(seat)),
            spec: spec.trim().to_string(),
            reason: None,
        }
        .into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pool(threads: usize, max_waiting: usize) -> Arc<AgentPool> {
        AgentPool::new(PoolSettings {
            threads,
            max_waiting,
            ..PoolSettings::default()
        })
    }

    #[test]
    fn only_the_programs_the_operator_allowed_are_run() {
        let closed = pool(1, 1);
        let e = closed
            .check_spec("ucc:cmd=/bin/sh,args=-c reboot")
            .unwrap_err();
        assert_eq!(e.kind, "bad_request");
        assert!(
            e.message.contains("'/bin/sh'") && e.message.contains("--allow-program"),
            "{}",
            e.message
        );
        assert!(closed.check_spec("ai:time=1s").is_ok());
        let open = AgentPool::new(PoolSettings {
            programs: vec!["/opt/ucc/vixen".into()],
            ..PoolSettings::default()
        });
        assert!(open.check_spec("ucc:cmd=/opt/ucc/vixen,time=1s").is_ok());
        assert!(open.check_spec("ucc:cmd=/opt/ucc/other").is_err());
    }

    #[tokio::test]
    async fn a_hint_is_refused_busy_when_the_queue_is_full_and_an_agent_waits() {
        let pool = pool(1, 1);
        let (tx, rx) = std::sync::mpsc::channel::<()>();
        let held = pool.admit(Job::Agent).await.unwrap();
        let running = tokio::spawn(held.run(move || rx.recv().ok()));
        // One job waits: the queue is full for hints, not for agents.
        let p = pool.clone();
        let waiting_agent = tokio::spawn(async move { p.run(Job::Agent, || 7).await });
        while pool.waiting() < 1 {
            tokio::task::yield_now().await;
        }
        let refused = pool.run(Job::Hint, || 1).await.unwrap_err();
        assert_eq!(refused.kind, "busy");
        assert!(refused.message.contains("try again"), "{}", refused.message);
        // With room in the queue, a hint waits a bounded time.
        let roomy = AgentPool::new(PoolSettings {
            threads: 1,
            max_waiting: 4,
            hint_wait: Duration::from_millis(100),
            ..PoolSettings::default()
        });
        let held = roomy.admit(Job::Agent).await.unwrap();
        let started = Instant::now();
        let refused = roomy.run(Job::Hint, || 1).await.unwrap_err();
        assert_eq!(refused.kind, "busy");
        assert!(started.elapsed() >= Duration::from_millis(100));
        assert_eq!(roomy.waiting(), 0);
        drop(held);
        assert_eq!(roomy.run(Job::Hint, || 3).await.unwrap(), 3);
        tx.send(()).unwrap();
        running.await.unwrap().unwrap();
        assert_eq!(waiting_agent.await.unwrap().unwrap(), 7);
        assert_eq!(pool.waiting(), 0);
        assert_eq!(pool.run(Job::Hint, || 2).await.unwrap(), 2);
    }

    #[test]
    fn hints_are_one_at_a_time_and_so_many_a_minute_per_seat() {
        let bounds = MatchBounds::default();
        let seat = plateau::Player(0);
        let first = bounds.start_hint(seat, 2).unwrap();
        let e = bounds.start_hint(seat, 2).err().unwrap();
        assert_eq!(e.kind, "rate_limited");
        // The other seat is not held back.
        drop(bounds.start_hint(plateau::Player(1), 2).unwrap());
        drop(first);
        drop(bounds.start_hint(seat, 2).unwrap());
        let e = bounds.start_hint(seat, 2).err().unwrap();
        assert_eq!(e.kind, "rate_limited");
        assert!(
            e.message.contains("2 hints a minute; try again in"),
            "{}",
            e.message
        );
        bounds.forget_last_hint(seat);
        drop(bounds.start_hint(seat, 2).unwrap());
    }
}
