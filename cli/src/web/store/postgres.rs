//! Matches kept in PostgreSQL, for several `plateau web` servers on one
//! database (`plateau web --database postgres://USER:PASSWORD@HOST/DB`).
//!
//! Two tables, created if missing: `plateau_matches` (one row per match:
//! the [`StoredMatch`] with its `state` as JSON text, kept exactly as
//! written) and `plateau_agent_claims` (which server makes the agent's move
//! at a revision of a match). An update is conditional on the revision it
//! replaces and, in the same statement (so the same transaction), sends
//! `NOTIFY plateau_matches, 'ID REVISION'`, which PostgreSQL delivers to
//! the listening servers when it commits; [`Store::subscribe`] listens on a
//! connection of its own and hands each such notice to the server.
//!
//! # Threads
//!
//! The [`Store`] trait is synchronous and is called from the threads of the
//! server's tokio runtime, where no other runtime may be entered (the
//! synchronous `postgres` crate would start one in every call, and panic).
//! So the connection lives on a thread of its own, owned by the store, that
//! drives `tokio-postgres` with a small runtime of its own: each method
//! sends its work there over a bounded channel and waits for the answer.
//! `tokio-postgres` rather than `postgres` because, driven by hand, every
//! step can be bounded in time: opening the connection (the `postgres`
//! crate bounds only the TCP connect, not a server that accepts and never
//! answers) and each request ([`REQUEST_TIMEOUT`], after which the
//! connection is dropped, which rolls back whatever it was doing). One
//! connection serves the store's requests one after the other, like the
//! single SQLite connection of the default store. The listening side of
//! [`Store::subscribe`] has a second connection on a second thread, opened
//! again (after a growing pause) whenever it drops.
//!
//! Every write is one statement (PostgreSQL runs it as one transaction), so
//! a request cut short never leaves a transaction open.
//!
//! The connection is made without TLS: use the database on this machine,
//! on a private network, or through a tunnel.

use super::{now_ms, Notice, Store, StoreError, StoredMatch};
use std::future::Future;
use std::pin::Pin;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::sync::mpsc as sync_mpsc;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::mpsc;
use tokio_postgres::config::{Host, SslMode};
use tokio_postgres::{AsyncMessage, Client, Config, NoTls};

/// The channel of `LISTEN`/`NOTIFY` on which updates are announced, with
/// the payload `ID REVISION`.
pub const CHANNEL: &str = "plateau_matches";

/// How long a call of the store may take (including the time its request
/// waits behind others) before it fails.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(10);

/// How long PostgreSQL may run one statement (less than
/// [`REQUEST_TIMEOUT`], so that a slow statement (a lock held elsewhere) is
/// cancelled by the database with a clear error).
const STATEMENT_TIMEOUT_MS: u64 = 8_000;

/// How long opening a connection may take, unless the URL says
/// (`connect_timeout=SECONDS`): the TCP connection, the login and the
/// first settings.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// How many requests may wait for the connection; beyond, a call fails at
/// once instead of queueing without bound.
const QUEUE: usize = 256;

/// How long a claim of an agent's move holds at most: a server that
/// claimed the move and did not make it leaves it to another claim after
/// this long, or as soon as its connection to the database is gone (it
/// was stopped, it crashed).
pub const CLAIM_LEASE: Duration = Duration::from_secs(60);

/// How often the listening connection is checked with a query when no
/// notice comes.
const LISTEN_PING: Duration = Duration::from_secs(15);

/// The longest pause between two attempts to open the listening
/// connection again.
const MAX_BACKOFF: Duration = Duration::from_secs(10);

/// After the listening connection was lost, the matches written since this
/// long before it was lost are announced again, so a server misses no
/// change made while it was not listening.
const CATCH_UP_MARGIN_MS: u64 = 10_000;

/// What a [`Job`] does on the connection's thread: its future answers
/// whether the connection may serve the next request.
type JobFuture = Pin<Box<dyn Future<Output = bool> + Send>>;

/// Work for the connection's thread: given the connection (or why there is
/// none), it does its part and sends its answer itself.
type Job = Box<dyn FnOnce(Result<Arc<Client>, StoreError>) -> JobFuture + Send>;

/// Matches kept in a PostgreSQL database (see the module's documentation).
pub struct PgStore {
    /// The requests to the connection's thread.
    jobs: mpsc::Sender<Job>,
    /// How to connect (for the listening connection).
    config: Config,
    /// `postgresql HOST:PORT/DB`: no user, no password.
    description: String,
    /// This store's name in `plateau_agent_claims` (128 random bits).
    owner: String,
    /// The process id of the server backend of the store's connection: the
    /// notices it sends are this store's own, and not handed back to it.
    writer_pid: Arc<AtomicI32>,
    /// Set when the store is dropped: the listening thread stops.
    stopped: Arc<AtomicBool>,
}

impl PgStore {
    /// Connects to the database of `url` (`postgres://USER:PASSWORD@HOST:PORT/DB`
    /// or `postgresql://...`, with libpq's parameters such as
    /// `?connect_timeout=10` or `?options=-csearch_path%3Dplateau`; without
    /// a password in the URL, `$PGPASSWORD` if set), and creates the tables
    /// if they are missing. Fails, naming the server but never the
    /// password, if the URL is not one or the database cannot be reached.
    pub fn connect(url: &str) -> Result<PgStore, StoreError> {
        PgStore::connect_with(config_of(url, std::env::var_os("PGPASSWORD"))?)
    }

    /// [`PgStore::connect`] with the settings read.
    fn connect_with(config: Config) -> Result<PgStore, StoreError> {
        let description = describe_config(&config);
        let owner = crate::web::tokens::new_token()
            .map(|t| crate::web::tokens::token_hex(&t))
            .map_err(|e| StoreError::new(e.message))?;

        let (jobs, queue) = mpsc::channel::<Job>(QUEUE);
        let writer_pid = Arc::new(AtomicI32::new(0));
        let connection = Connection {
            config: config.clone(),
            client: None,
            last_failure: None,
            writer_pid: writer_pid.clone(),
            description: description.clone(),
        };
        let runtime = small_runtime()?;
        std::thread::Builder::new()
            .name("plateau-postgres".into())
            .spawn(move || runtime.block_on(connection.serve(queue)))
            .map_err(|e| StoreError::new(format!("cannot start the PostgreSQL thread: {e}")))?;

        let store = PgStore {
            jobs,
            config,
            description,
            owner,
            writer_pid,
            stopped: Arc::new(AtomicBool::new(false)),
        };
        store.call("creating the tables", move |client| async move {
            client.batch_execute(SCHEMA).await
        })?;
        Ok(store)
    }

    /// Runs `work` on the connection's thread and waits for its answer.
    fn call<T, W, F>(&self, what: &'static str, work: W) -> Result<T, StoreError>
    where
        T: Send + 'static,
        W: FnOnce(Arc<Client>) -> F + Send + 'static,
        F: Future<Output = Result<T, tokio_postgres::Error>> + Send + 'static,
    {
        self.call_checked(what, move |client| async move {
            work(client).await.map_err(|e| pg_error(what, &e))
        })
    }

    /// [`PgStore::call`] for work that fails with a [`StoreError`] of its own.
    fn call_checked<T, W, F>(&self, what: &'static str, work: W) -> Result<T, StoreError>
    where
        T: Send + 'static,
        W: FnOnce(Arc<Client>) -> F + Send + 'static,
        F: Future<Output = Result<T, StoreError>> + Send + 'static,
    {
        let (answer, reply) = sync_mpsc::sync_channel(1);
        let deadline = tokio::time::Instant::now() + REQUEST_TIMEOUT;
        let late = self.late(what);
        let job: Job = Box::new(move |client| {
            Box::pin(async move {
                let client = match client {
                    Ok(client) => client,
                    Err(e) => {
                        let _ = answer.send(Err(e));
                        return true;
                    }
                };
                if tokio::time::Instant::now() >= deadline {
                    // Its caller has given up while it waited: not done,
                    // and the connection is not to blame.
                    let _ = answer.send(Err(late));
                    return true;
                }
                match tokio::time::timeout_at(deadline, work(client)).await {
                    Ok(result) => {
                        let _ = answer.send(result);
                        true
                    }
                    Err(_) => {
                        let _ = answer.send(Err(late));
                        // Cut short: whatever the connection was doing is
                        // rolled back when it closes.
                        false
                    }
                }
            })
        });
        self.jobs.try_send(job).map_err(|e| match e {
            mpsc::error::TrySendError::Full(_) => StoreError::new(format!(
                "PostgreSQL ({}): {QUEUE} requests are already waiting ({what})",
                self.description
            )),
            mpsc::error::TrySendError::Closed(_) => StoreError::new(format!(
                "PostgreSQL ({}): the connection's thread stopped ({what})",
                self.description
            )),
        })?;
        // The thread answers by the deadline; the margin is for a thread
        // that would not.
        match reply.recv_timeout(REQUEST_TIMEOUT + Duration::from_secs(1)) {
            Ok(result) => result,
            Err(_) => Err(self.late(what)),
        }
    }

    /// The error of a request that took too long.
    fn late(&self, what: &str) -> StoreError {
        StoreError::new(format!(
            "PostgreSQL ({}) did not answer within {} s ({what})",
            self.description,
            REQUEST_TIMEOUT.as_secs()
        ))
    }
}

impl Drop for PgStore {
    fn drop(&mut self) {
        // The connection's thread ends with the channel of jobs; the
        // listening thread sees this flag.
        self.stopped.store(true, Ordering::SeqCst);
    }
}

/// The settings of `url`, with the password of `pgpassword` if the URL has
/// none, and the store's timeouts where the URL sets none.
fn config_of(url: &str, pgpassword: Option<std::ffi::OsString>) -> Result<Config, StoreError> {
    let mut config = Config::from_str(url)
        .map_err(|e| StoreError::new(format!("the PostgreSQL address is not a valid URL: {e}")))?;
    if !matches!(config.get_ssl_mode(), SslMode::Disable | SslMode::Prefer) {
        return Err(StoreError::new(
            "the PostgreSQL URL asks for TLS (sslmode=require), which plateau does not \
             support: reach the database on this machine, a private network or a tunnel, \
             with sslmode=prefer (the default) or sslmode=disable",
        ));
    }
    if config.get_password().is_none() {
        // As libpq: the password may stay off the command line.
        if let Some(password) = pgpassword.filter(|p| !p.is_empty()) {
            config.password(password.as_encoded_bytes());
        }
    }
    if config.get_connect_timeout().is_none() {
        config.connect_timeout(CONNECT_TIMEOUT);
    }
    if config.get_application_name().is_none() {
        config.application_name("plateau web");
    }
    if config.get_tcp_user_timeout().is_none() {
        // A connection whose packets go unanswered this long is broken.
        config.tcp_user_timeout(Duration::from_secs(30));
    }
    config.keepalives_idle(Duration::from_secs(30));
    Ok(config)
}

/// A runtime for one thread of the store.
fn small_runtime() -> Result<tokio::runtime::Runtime, StoreError> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| StoreError::new(format!("cannot start the PostgreSQL thread: {e}")))
}

/// The tables. Several statements in one query string are one transaction,
/// and the advisory lock keeps two servers starting at once from creating
/// them together.
const SCHEMA: &str = "
SELECT pg_advisory_xact_lock(7041977411);
CREATE TABLE IF NOT EXISTS plateau_matches (
    id text PRIMARY KEY,
    game text NOT NULL,
    revision bigint NOT NULL,
    finished boolean NOT NULL,
    created_ms bigint NOT NULL,
    updated_ms bigint NOT NULL,
    state text NOT NULL
);
CREATE INDEX IF NOT EXISTS plateau_matches_recent
    ON plateau_matches (finished, updated_ms DESC);
CREATE TABLE IF NOT EXISTS plateau_agent_claims (
    id text NOT NULL,
    revision bigint NOT NULL,
    owner text NOT NULL,
    owner_pid integer NOT NULL,
    claimed_ms bigint NOT NULL,
    PRIMARY KEY (id, revision)
);
";

/// The columns of a match, in the order [`stored_match`] reads them.
const COLUMNS: &str = "id, game, revision, finished, created_ms, updated_ms, state";

/// The store's connection, on its thread: opened when first needed and
/// opened again when it is found closed.
struct Connection {
    config: Config,
    client: Option<Arc<Client>>,
    /// When opening the connection last failed, and why: within a second
    /// of that, requests fail at once rather than each waiting for the
    /// connection timeout.
    last_failure: Option<(Instant, StoreError)>,
    writer_pid: Arc<AtomicI32>,
    description: String,
}

impl Connection {
    /// Serves the jobs until the store is dropped.
    async fn serve(mut self, mut queue: mpsc::Receiver<Job>) {
        while let Some(job) = queue.recv().await {
            let client = self.client().await;
            if !job(client).await {
                self.client = None;
            }
        }
    }

    /// The open connection, opened if needed.
    async fn client(&mut self) -> Result<Arc<Client>, StoreError> {
        if self.client.as_ref().is_some_and(|c| c.is_closed()) {
            self.client = None;
        }
        if let Some(client) = &self.client {
            return Ok(client.clone());
        }
        if let Some((when, why)) = &self.last_failure {
            if when.elapsed() < Duration::from_secs(1) {
                return Err(StoreError(why.0.clone()));
            }
        }
        match open(&self.config, &self.description).await {
            Ok(opened) => {
                self.writer_pid.store(opened.pid, Ordering::SeqCst);
                self.last_failure = None;
                let client = Arc::new(opened.client);
                self.client = Some(client.clone());
                Ok(client)
            }
            Err(e) => {
                self.last_failure = Some((Instant::now(), StoreError(e.0.clone())));
                Err(e)
            }
        }
    }
}

/// A connection just opened.
struct Opened {
    client: Client,
    /// The process id of its server backend.
    pid: i32,
    /// The notifications it receives (after a `LISTEN`).
    notes: mpsc::UnboundedReceiver<tokio_postgres::Notification>,
}

/// Opens a connection with the statement timeout set, within the connect
/// timeout, and drives it on a task of the thread's runtime (it ends when
/// the connection does; the client is then closed).
async fn open(config: &Config, description: &str) -> Result<Opened, StoreError> {
    let limit = config
        .get_connect_timeout()
        .copied()
        .unwrap_or(CONNECT_TIMEOUT);
    let fail = |why: String| {
        StoreError::new(format!(
            "cannot connect to PostgreSQL ({description}): {why}"
        ))
    };
    let silent = || fail(format!("no answer within {} s", limit.as_secs_f32()));
    let (client, mut connection) = tokio::time::timeout(limit, config.connect(NoTls))
        .await
        .map_err(|_| silent())?
        .map_err(|e| fail(error_text(&e)))?;
    let (heard, notes) = mpsc::unbounded_channel();
    tokio::spawn(async move {
        loop {
            match std::future::poll_fn(|cx| connection.poll_message(cx)).await {
                Some(Ok(AsyncMessage::Notification(note))) => {
                    let _ = heard.send(note);
                }
                Some(Ok(_)) => {}
                Some(Err(_)) | None => break,
            }
        }
    });
    let settings = async {
        client
            .batch_execute(&format!("SET statement_timeout = {STATEMENT_TIMEOUT_MS}"))
            .await?;
        client
            .query_one("SELECT pg_backend_pid()", &[])
            .await?
            .try_get::<_, i32>(0)
    };
    let pid = tokio::time::timeout(limit, settings)
        .await
        .map_err(|_| silent())?
        .map_err(|e| fail(error_text(&e)))?;
    Ok(Opened { client, pid, notes })
}

/// `postgresql HOST:PORT/DB` (no user, no password).
fn describe_config(config: &Config) -> String {
    let ports = config.get_ports();
    let hosts: Vec<String> = config
        .get_hosts()
        .iter()
        .enumerate()
        .map(|(i, host)| {
            let port = ports.get(i).or(ports.first()).copied().unwrap_or(5432);
            match host {
                Host::Tcp(name) if name.contains(':') => format!("[{name}]:{port}"),
                Host::Tcp(name) => format!("{name}:{port}"),
                #[cfg(unix)]
                Host::Unix(path) => format!("{}:{port}", path.display()),
            }
        })
        .collect();
    let hosts = if hosts.is_empty() {
        "localhost:5432".to_string()
    } else {
        hosts.join(",")
    };
    let db = config
        .get_dbname()
        .or(config.get_user())
        .unwrap_or("(the default database)");
    format!("postgresql {hosts}/{db}")
}

/// A PostgreSQL error with the database's message when there is one.
fn error_text(e: &tokio_postgres::Error) -> String {
    match e.as_db_error() {
        Some(db) => format!("{}: {}", db.severity(), db.message()),
        None => e.to_string(),
    }
}

/// A PostgreSQL error while doing `what`.
fn pg_error(what: &str, e: &tokio_postgres::Error) -> StoreError {
    StoreError::new(format!("PostgreSQL, {what}: {}", error_text(e)))
}

/// A `u64` of the store as a PostgreSQL `bigint`.
fn big(what: &str, value: u64) -> Result<i64, StoreError> {
    i64::try_from(value).map_err(|_| StoreError::new(format!("{what} {value} is too large")))
}

/// A `bigint` of the database as a `u64`.
fn unsigned(id: &str, what: &str, value: i64) -> Result<u64, StoreError> {
    u64::try_from(value).map_err(|_| {
        StoreError::new(format!(
            "match {id} in PostgreSQL: its {what} {value} is negative"
        ))
    })
}

/// A row of [`COLUMNS`] as a match.
fn stored_match(row: &tokio_postgres::Row) -> Result<StoredMatch, StoreError> {
    let column = |e: tokio_postgres::Error| pg_error("reading a match", &e);
    let id: String = row.try_get(0).map_err(column)?;
    let state: String = row.try_get(6).map_err(column)?;
    let state = serde_json::from_str(&state).map_err(|e| {
        StoreError::new(format!(
            "match {id} in PostgreSQL: its state is not JSON: {e}"
        ))
    })?;
    Ok(StoredMatch {
        game: row.try_get(1).map_err(column)?,
        revision: unsigned(&id, "revision", row.try_get(2).map_err(column)?)?,
        finished: row.try_get(3).map_err(column)?,
        created_ms: unsigned(&id, "created_ms", row.try_get(4).map_err(column)?)?,
        updated_ms: unsigned(&id, "updated_ms", row.try_get(5).map_err(column)?)?,
        state,
        id,
    })
}

/// The values of a match to write, checked and owned (to go to the
/// connection's thread).
struct Values {
    id: String,
    game: String,
    revision: i64,
    finished: bool,
    created_ms: i64,
    updated_ms: i64,
    state: String,
}

impl Values {
    fn of(m: &StoredMatch) -> Result<Values, StoreError> {
        Ok(Values {
            id: m.id.clone(),
            game: m.game.clone(),
            revision: big("revision", m.revision)?,
            finished: m.finished,
            created_ms: big("created_ms", m.created_ms)?,
            updated_ms: big("updated_ms", m.updated_ms)?,
            state: serde_json::to_string(&m.state).map_err(|e| {
                StoreError::new(format!("match {}: cannot write its state: {e}", m.id))
            })?,
        })
    }
}

impl Store for PgStore {
    fn describe(&self) -> String {
        self.description.clone()
    }

    fn insert(&self, m: &StoredMatch) -> Result<(), StoreError> {
        let v = Values::of(m)?;
        let inserted = self.call("keeping a new match", move |client| async move {
            client
                .execute(
                    "INSERT INTO plateau_matches
                         (id, game, revision, finished, created_ms, updated_ms, state)
                     VALUES ($1, $2, $3, $4, $5, $6, $7)
                     ON CONFLICT (id) DO NOTHING",
                    &[
                        &v.id,
                        &v.game,
                        &v.revision,
                        &v.finished,
                        &v.created_ms,
                        &v.updated_ms,
                        &v.state,
                    ],
                )
                .await
        })?;
        if inserted == 1 {
            Ok(())
        } else {
            Err(StoreError::new(format!(
                "match {} is already kept in PostgreSQL",
                m.id
            )))
        }
    }

    fn update(&self, m: &StoredMatch) -> Result<bool, StoreError> {
        if m.revision < 2 {
            return Err(StoreError::new(format!(
                "match {}: an update writes revision 2 or later, not {}",
                m.id, m.revision
            )));
        }
        let v = Values::of(m)?;
        let payload = format!("{} {}", m.id, m.revision);
        self.call("writing a match", move |client| async move {
            // One statement: the notice is sent when (and only if) the
            // update commits.
            let rows = client
                .query(
                    "WITH written AS (
                         UPDATE plateau_matches
                         SET game = $2, revision = $3::bigint, finished = $4, updated_ms = $5,
                             state = $6
                         WHERE id = $1 AND revision = $3::bigint - 1
                         RETURNING id
                     )
                     SELECT pg_notify($7, $8)::text FROM written",
                    &[
                        &v.id,
                        &v.game,
                        &v.revision,
                        &v.finished,
                        &v.updated_ms,
                        &v.state,
                        &CHANNEL,
                        &payload,
                    ],
                )
                .await?;
            Ok(rows.len() == 1)
        })
    }

    fn load(&self, id: &str) -> Result<Option<StoredMatch>, StoreError> {
        let id = id.to_string();
        self.call_checked("reading a match", move |client| async move {
            let row = client
                .query_opt(
                    &format!("SELECT {COLUMNS} FROM plateau_matches WHERE id = $1"),
                    &[&id],
                )
                .await
                .map_err(|e| pg_error("reading a match", &e))?;
            row.as_ref().map(stored_match).transpose()
        })
    }

    fn unfinished(&self) -> Result<Vec<StoredMatch>, StoreError> {
        self.call_checked("reading the unfinished matches", move |client| async move {
            client
                .query(
                    &format!(
                        "SELECT {COLUMNS} FROM plateau_matches
                         WHERE NOT finished ORDER BY created_ms, id"
                    ),
                    &[],
                )
                .await
                .map_err(|e| pg_error("reading the unfinished matches", &e))?
                .iter()
                .map(stored_match)
                .collect()
        })
    }

    fn recent(&self, finished: bool, limit: usize) -> Result<Vec<StoredMatch>, StoreError> {
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        self.call_checked("reading the recent matches", move |client| async move {
            client
                .query(
                    &format!(
                        "SELECT {COLUMNS} FROM plateau_matches
                         WHERE finished = $1 ORDER BY updated_ms DESC, id LIMIT $2"
                    ),
                    &[&finished, &limit],
                )
                .await
                .map_err(|e| pg_error("reading the recent matches", &e))?
                .iter()
                .map(stored_match)
                .collect()
        })
    }

    fn delete(&self, id: &str) -> Result<(), StoreError> {
        let id = id.to_string();
        self.call("forgetting a match", move |client| async move {
            client
                .execute(
                    "WITH claims AS (DELETE FROM plateau_agent_claims WHERE id = $1)
                     DELETE FROM plateau_matches WHERE id = $1",
                    &[&id],
                )
                .await
                .map(|_| ())
        })
    }

    /// `true` if no other server holds the claim of this move: the first to
    /// ask gets it; the same store asking again gets `true` again; another
    /// gets it only if its holder stopped before making the move: its
    /// connection to the database is gone (a server killed or cut off), or
    /// [`CLAIM_LEASE`] has passed. Claims of earlier revisions of the match
    /// are dropped.
    fn claim_agent_turn(&self, id: &str, revision: u64) -> Result<bool, StoreError> {
        let id = id.to_string();
        let revision = big("revision", revision)?;
        let owner = self.owner.clone();
        let now = big("time", now_ms())?;
        let expired = now - CLAIM_LEASE.as_millis() as i64;
        self.call("claiming an agent's move", move |client| async move {
            let rows = client
                .query(
                    "WITH claimed AS (
                         INSERT INTO plateau_agent_claims
                             (id, revision, owner, owner_pid, claimed_ms)
                         VALUES ($1, $2, $3, pg_backend_pid(), $4)
                         ON CONFLICT (id, revision) DO UPDATE
                             SET owner = EXCLUDED.owner, owner_pid = EXCLUDED.owner_pid,
                                 claimed_ms = EXCLUDED.claimed_ms
                             WHERE plateau_agent_claims.owner = EXCLUDED.owner
                                OR plateau_agent_claims.claimed_ms < $5
                                OR NOT EXISTS (
                                    SELECT 1 FROM pg_stat_activity a
                                    WHERE a.pid = plateau_agent_claims.owner_pid
                                )
                         RETURNING id, revision
                     ), older AS (
                         DELETE FROM plateau_agent_claims c USING claimed
                         WHERE c.id = claimed.id AND c.revision < claimed.revision
                     )
                     SELECT 1 FROM claimed",
                    &[&id, &revision, &owner, &now, &expired],
                )
                .await?;
            Ok(rows.len() == 1)
        })
    }

    /// Opens the listening connection on a thread of its own and waits (at
    /// most the connect timeout) until it listens, so that no change
    /// committed after this returns is missed; if the database cannot be
    /// reached, the thread goes on trying. The notices of this store's own
    /// updates are left out. The thread stops when the receiver or the store
    /// is dropped.
    fn subscribe(&self) -> Option<mpsc::UnboundedReceiver<Notice>> {
        let (notices, receiver) = mpsc::unbounded_channel();
        let (ready, listening) = sync_mpsc::sync_channel(1);
        let listener = Listener {
            config: self.config.clone(),
            description: self.description.clone(),
            notices,
            writer_pid: self.writer_pid.clone(),
            stopped: self.stopped.clone(),
        };
        let started = small_runtime().and_then(|runtime| {
            std::thread::Builder::new()
                .name("plateau-postgres-listen".into())
                .spawn(move || runtime.block_on(listener.run(ready)))
                .map_err(|e| StoreError::new(format!("cannot start the listening thread: {e}")))
        });
        if let Err(e) = started {
            eprintln!("{}: {e}", self.description);
            return None;
        }
        let limit = self
            .config
            .get_connect_timeout()
            .copied()
            .unwrap_or(CONNECT_TIMEOUT);
        let _ = listening.recv_timeout(limit + Duration::from_secs(1));
        Some(receiver)
    }
}

/// The listening side of [`PgStore::subscribe`], on its thread.
struct Listener {
    config: Config,
    description: String,
    notices: mpsc::UnboundedSender<Notice>,
    writer_pid: Arc<AtomicI32>,
    stopped: Arc<AtomicBool>,
}

/// Why [`Listener::forward`] returned.
enum Ended {
    /// The store or the receiver is gone.
    Done,
    /// The connection was lost, for this reason.
    Lost(String),
}

impl Listener {
    /// Whether to stop: the store or the receiver is gone.
    fn done(&self) -> bool {
        self.stopped.load(Ordering::SeqCst) || self.notices.is_closed()
    }

    /// Listens until [`Listener::done`], opening the connection again
    /// whenever it is lost; `ready` is told once the first `LISTEN` holds
    /// (or failed).
    async fn run(self, ready: sync_mpsc::SyncSender<()>) {
        let mut ready = Some(ready);
        let mut backoff = Duration::from_millis(250);
        // When the connection was lost (to announce again what changed since).
        let mut lost_at: Option<u64> = None;
        let mut failures = 0u32;
        while !self.done() {
            let mut opened = match self.listen().await {
                Ok(opened) => opened,
                Err(e) => {
                    if failures == 0 {
                        eprintln!("{e}; trying again");
                    }
                    failures += 1;
                    if let Some(ready) = ready.take() {
                        let _ = ready.send(());
                    }
                    self.pause(backoff).await;
                    backoff = (backoff * 2).min(MAX_BACKOFF);
                    continue;
                }
            };
            if failures > 0 || lost_at.is_some() {
                eprintln!("{}: listening again", self.description);
            }
            failures = 0;
            if let Some(ready) = ready.take() {
                let _ = ready.send(());
            }
            if let Some(lost) = lost_at.take() {
                if let Err(e) = self.catch_up(&opened.client, lost).await {
                    eprintln!("{}: {e}", self.description);
                    lost_at = Some(lost);
                    self.pause(backoff).await;
                    backoff = (backoff * 2).min(MAX_BACKOFF);
                    continue;
                }
            }
            backoff = Duration::from_millis(250);
            match self.forward(&mut opened).await {
                Ended::Done => return,
                Ended::Lost(why) => {
                    eprintln!(
                        "{}: the listening connection was lost ({why}); opening it again",
                        self.description
                    );
                    lost_at = Some(now_ms());
                }
            }
        }
    }

    /// A new connection that listens on [`CHANNEL`].
    async fn listen(&self) -> Result<Opened, StoreError> {
        let opened = open(&self.config, &self.description).await?;
        let limit = REQUEST_TIMEOUT;
        match tokio::time::timeout(
            limit,
            opened.client.batch_execute(&format!("LISTEN {CHANNEL}")),
        )
        .await
        {
            Ok(Ok(())) => Ok(opened),
            Ok(Err(e)) => Err(StoreError::new(format!(
                "{}: cannot listen: {}",
                self.description,
                error_text(&e)
            ))),
            Err(_) => Err(StoreError::new(format!(
                "{}: cannot listen: no answer within {} s",
                self.description,
                limit.as_secs()
            ))),
        }
    }

    /// Sleeps `how_long`, or less if the store is dropped meanwhile.
    async fn pause(&self, how_long: Duration) {
        let until = tokio::time::Instant::now() + how_long;
        while !self.done() && tokio::time::Instant::now() < until {
            tokio::time::sleep_until(
                until.min(tokio::time::Instant::now() + Duration::from_millis(50)),
            )
            .await;
        }
    }

    /// Announces every match written since a little before `lost` (the
    /// notices sent while nobody here listened are gone).
    async fn catch_up(&self, client: &Client, lost: u64) -> Result<(), String> {
        let since = i64::try_from(lost.saturating_sub(CATCH_UP_MARGIN_MS)).unwrap_or(i64::MAX);
        let rows = tokio::time::timeout(
            REQUEST_TIMEOUT,
            client.query(
                "SELECT id, revision FROM plateau_matches WHERE updated_ms >= $1",
                &[&since],
            ),
        )
        .await
        .map_err(|_| "no answer to the query of the matches changed meanwhile".to_string())?
        .map_err(|e| {
            format!(
                "cannot read the matches changed meanwhile: {}",
                error_text(&e)
            )
        })?;
        for row in rows {
            let (Ok(id), Ok(revision)) = (row.try_get::<_, String>(0), row.try_get::<_, i64>(1))
            else {
                continue;
            };
            let notice = Notice {
                id,
                revision: u64::try_from(revision).unwrap_or(0),
            };
            if self.notices.send(notice).is_err() {
                break;
            }
        }
        Ok(())
    }

    /// Hands on the notices of other servers until [`Listener::done`] or the
    /// connection is lost.
    async fn forward(&self, opened: &mut Opened) -> Ended {
        let mut check = tokio::time::interval(Duration::from_millis(250));
        let mut last_heard = Instant::now();
        loop {
            tokio::select! {
                note = opened.notes.recv() => {
                    let Some(note) = note else {
                        return Ended::Lost("closed by the server".into());
                    };
                    last_heard = Instant::now();
                    if note.process_id() == self.writer_pid.load(Ordering::SeqCst) {
                        continue; // this store's own update
                    }
                    if let Some(notice) = parse_notice(note.payload()) {
                        if self.notices.send(notice).is_err() {
                            return Ended::Done;
                        }
                    }
                }
                _ = check.tick() => {
                    if self.done() {
                        return Ended::Done;
                    }
                    if opened.client.is_closed() {
                        return Ended::Lost("closed".into());
                    }
                    if last_heard.elapsed() >= LISTEN_PING {
                        match tokio::time::timeout(
                            Duration::from_secs(5),
                            opened.client.simple_query(""),
                        )
                        .await
                        {
                            Ok(Ok(_)) => last_heard = Instant::now(),
                            Ok(Err(e)) => return Ended::Lost(error_text(&e)),
                            Err(_) => return Ended::Lost("no answer within 5 s".into()),
                        }
                    }
                }
            }
        }
    }
}

/// A notice's payload, `ID REVISION`, as a [`Notice`] (`None` if it is not
/// one).
fn parse_notice(payload: &str) -> Option<Notice> {
    let (id, revision) = payload.split_once(' ')?;
    if id.is_empty() {
        return None;
    }
    Some(Notice {
        id: id.to_string(),
        revision: revision.parse().ok()?,
    })
}

#[cfg(test)]
mod tests {
    //! Against the database of `PLATEAU_TEST_POSTGRES` (`.ci/postgres start`
    //! gives one), each test in a schema of its own.

    use super::*;
    use crate::web::tokens::{new_token, token_hex};
    use serde_json::json;
    use tokio_postgres::types::ToSql;

    /// Runs one statement on a connection of the test's own.
    fn try_sql(
        url: &str,
        query: &str,
        params: &[&(dyn ToSql + Sync)],
    ) -> Result<Vec<tokio_postgres::Row>, tokio_postgres::Error> {
        small_runtime().unwrap().block_on(async {
            let (client, connection) = Config::from_str(url).unwrap().connect(NoTls).await?;
            tokio::spawn(connection);
            client.query(query, params).await
        })
    }

    fn sql(url: &str, query: &str, params: &[&(dyn ToSql + Sync)]) -> Vec<tokio_postgres::Row> {
        try_sql(url, query, params).unwrap_or_else(|e| panic!("{query}: {e}"))
    }

    /// The test database's URL; without one the test is skipped, unless
    /// it runs in CI (`CI`) or under scripts/test-all
    /// (`PLATEAU_REQUIRE_POSTGRES=1`), where it fails: set
    /// `PLATEAU_SKIP_POSTGRES=1` to skip anyway.
    fn database_url() -> Option<String> {
        if let Ok(url) = std::env::var("PLATEAU_TEST_POSTGRES") {
            if !url.is_empty() {
                return Some(url);
            }
        }
        let set = |name: &str| {
            std::env::var(name).is_ok_and(|v| !v.is_empty() && v != "0" && v != "false")
        };
        if set("PLATEAU_SKIP_POSTGRES") {
            eprintln!("skipped: PLATEAU_SKIP_POSTGRES is set");
            return None;
        }
        if set("CI") || set("PLATEAU_REQUIRE_POSTGRES") {
            panic!(
                "PLATEAU_TEST_POSTGRES is not set: start a server with \
                 `eval \"$(.ci/postgres start)\"` (scripts/test-all does), \
                 or set PLATEAU_SKIP_POSTGRES=1 to skip the PostgreSQL tests"
            );
        }
        eprintln!(
            "skipped: PLATEAU_TEST_POSTGRES is not set (`eval \"$(.ci/postgres start)\"` gives one)"
        );
        None
    }

    /// A schema of its own for one test (its stores' tables go there),
    /// dropped at the end.
    struct Scratch {
        base: String,
        schema: String,
        url: String,
    }

    impl Scratch {
        fn new() -> Option<Scratch> {
            let base = database_url()?;
            let schema = format!("plateau_test_{}", token_hex(&new_token().unwrap()));
            sql(&base, &format!("CREATE SCHEMA {schema}"), &[]);
            let sep = if base.contains('?') { '&' } else { '?' };
            let url =
                format!("{base}{sep}options=-csearch_path%3D{schema}&application_name={schema}");
            Some(Scratch { base, schema, url })
        }

        fn store(&self) -> PgStore {
            PgStore::connect(&self.url).unwrap()
        }

        /// Runs one statement in the schema.
        fn sql(&self, query: &str, params: &[&(dyn ToSql + Sync)]) -> Vec<tokio_postgres::Row> {
            sql(&self.url, query, params)
        }
    }

    impl Drop for Scratch {
        fn drop(&mut self) {
            if !std::thread::panicking() {
                sql(
                    &self.base,
                    &format!("DROP SCHEMA {} CASCADE", self.schema),
                    &[],
                );
            }
        }
    }

    fn new_id() -> String {
        token_hex(&new_token().unwrap())
    }

    fn a_match(id: &str, revision: u64, finished: bool, created: u64, updated: u64) -> StoredMatch {
        StoredMatch {
            id: id.to_string(),
            game: "tictactoe".into(),
            revision,
            finished,
            created_ms: created,
            updated_ms: updated,
            state: json!({"moves": revision, "owner_token": "abc"}),
        }
    }

    /// The next notice about `id` within `patience` (others are skipped:
    /// the channel is shared with the tests running beside).
    fn notice_about(
        receiver: &mut tokio::sync::mpsc::UnboundedReceiver<Notice>,
        id: &str,
        patience: Duration,
    ) -> Option<Notice> {
        let until = Instant::now() + patience;
        while Instant::now() < until {
            match receiver.try_recv() {
                Ok(notice) if notice.id == id => return Some(notice),
                Ok(_) => {}
                Err(_) => std::thread::sleep(Duration::from_millis(10)),
            }
        }
        None
    }

    #[test]
    fn describe_names_the_server_and_never_the_password() {
        let config = Config::from_str("postgres://alice:s3cret@db.example:6543/plateau").unwrap();
        assert_eq!(
            describe_config(&config),
            "postgresql db.example:6543/plateau"
        );
        let config = Config::from_str("postgresql://alice:s3cret@[::1]/games").unwrap();
        assert_eq!(describe_config(&config), "postgresql [::1]:5432/games");

        // Nothing listens on port 1: the error names the server, not the password.
        let e = PgStore::connect("postgres://alice:s3cret@127.0.0.1:1/plateau")
            .err()
            .expect("nothing listens on port 1");
        assert!(e.0.contains("127.0.0.1:1/plateau"), "{e}");
        assert!(!e.0.contains("s3cret") && !e.0.contains("alice"), "{e}");

        let e = PgStore::connect("postgres://alice:s3cret@host:notaport/db")
            .err()
            .expect("not a port");
        assert!(e.0.contains("not a valid URL"), "{e}");
        assert!(!e.0.contains("s3cret"), "{e}");
    }

    #[test]
    fn the_password_may_come_from_pgpassword_and_tls_is_refused_clearly() {
        let Some(url) = database_url() else { return };
        let config = Config::from_str(&url).unwrap();
        let Some(password) = config.get_password() else {
            return; // the test database needs no password
        };
        let password = String::from_utf8(password.to_vec()).unwrap();
        let without = url.replacen(&format!(":{password}@"), "@", 1);
        assert_ne!(without, url);
        assert!(PgStore::connect_with(config_of(&without, None).unwrap()).is_err());
        PgStore::connect_with(config_of(&without, Some(password.clone().into())).unwrap())
            .expect("the password of PGPASSWORD");

        let sep = if url.contains('?') { '&' } else { '?' };
        let e = PgStore::connect(&format!("{url}{sep}sslmode=require"))
            .err()
            .expect("TLS is not supported");
        assert!(e.0.contains("sslmode=require"), "{e}");
        assert!(!e.0.contains(&password), "{e}");
    }

    #[test]
    fn a_database_that_does_not_answer_is_an_error_not_a_hang() {
        // A server that accepts the connection and never says a word.
        let silent = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let port = silent.local_addr().unwrap().port();
        let started = Instant::now();
        let e = PgStore::connect(&format!(
            "postgres://u:pw@127.0.0.1:{port}/db?connect_timeout=1"
        ))
        .err()
        .expect("no answer is an error");
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "{:?}",
            started.elapsed()
        );
        assert!(e.0.contains("cannot connect to PostgreSQL"), "{e}");
        drop(silent);
    }

    #[test]
    fn a_statement_kept_waiting_is_an_error_and_the_store_goes_on() {
        let Some(db) = Scratch::new() else { return };
        let store = db.store();
        let id = new_id();
        store.insert(&a_match(&id, 1, false, 1, 1)).unwrap();
        // Another session locks the table and keeps it locked.
        let (locked, release) = (sync_mpsc::channel(), sync_mpsc::channel::<()>());
        let url = db.url.clone();
        let holder = std::thread::spawn(move || {
            small_runtime().unwrap().block_on(async {
                let (client, connection) = Config::from_str(&url)
                    .unwrap()
                    .connect(NoTls)
                    .await
                    .unwrap();
                tokio::spawn(connection);
                client
                    .batch_execute("BEGIN; LOCK TABLE plateau_matches IN ACCESS EXCLUSIVE MODE")
                    .await
                    .unwrap();
                locked.0.send(()).unwrap();
                let _ = tokio::task::spawn_blocking(move || release.1.recv()).await;
                client.batch_execute("ROLLBACK").await.unwrap();
            })
        });
        locked.1.recv().unwrap();
        let started = Instant::now();
        let e = store.load(&id).unwrap_err();
        let waited = started.elapsed();
        assert!(
            waited < REQUEST_TIMEOUT + Duration::from_secs(2),
            "{waited:?}"
        );
        assert!(
            e.0.contains("statement timeout") || e.0.contains("did not answer"),
            "{e}"
        );
        release.0.send(()).unwrap();
        holder.join().unwrap();
        assert_eq!(store.load(&id).unwrap().unwrap().revision, 1);
    }

    #[test]
    fn insert_load_update_and_conflicts() {
        let Some(db) = Scratch::new() else { return };
        let store = db.store();
        assert!(
            store.describe().starts_with("postgresql "),
            "{}",
            store.describe()
        );
        let id = new_id();
        assert_eq!(store.load(&id).unwrap(), None);

        let first = a_match(&id, 1, false, 1_000, 1_000);
        store.insert(&first).unwrap();
        assert_eq!(store.load(&id).unwrap(), Some(first.clone()));
        let e = store.insert(&first).unwrap_err();
        assert!(e.0.contains("already kept"), "{e}");

        let second = a_match(&id, 2, false, 1_000, 2_000);
        assert!(store.update(&second).unwrap());
        assert_eq!(store.load(&id).unwrap(), Some(second.clone()));
        // A write of a revision already replaced, or one skipping a revision,
        // or of a match not kept, changes nothing.
        let stale = StoredMatch {
            state: json!("stale"),
            ..second.clone()
        };
        assert!(!store.update(&stale).unwrap());
        assert!(!store.update(&a_match(&id, 4, false, 1_000, 4_000)).unwrap());
        assert!(!store.update(&a_match(&new_id(), 2, false, 1, 2)).unwrap());
        assert_eq!(store.load(&id).unwrap(), Some(second));
        let e = store.update(&first).unwrap_err();
        assert!(e.0.contains("revision 2 or later"), "{e}");
        let e = store
            .insert(&a_match(&new_id(), u64::MAX, false, 1, 1))
            .unwrap_err();
        assert!(e.0.contains("too large"), "{e}");

        // Another store on the database sees the same.
        let other = db.store();
        let third = a_match(&id, 3, true, 1_000, 3_000);
        assert!(other.update(&third).unwrap());
        assert_eq!(store.load(&id).unwrap(), Some(third));
    }

    #[test]
    fn the_state_comes_back_exactly() {
        let Some(db) = Scratch::new() else { return };
        let store = db.store();
        let id = new_id();
        let mut m = a_match(&id, 1, false, 5, 5);
        // JSON that jsonb would refuse (\u0000) or change (number forms).
        m.state = json!({
            "name": "nul \u{0} and é ✓ 🎲",
            "seed": u64::MAX,
            "negative": i64::MIN,
            "float": 0.1,
            "nested": {"z": [1, {"a": null}], "a": true},
            "empty": {}
        });
        store.insert(&m).unwrap();
        assert_eq!(store.load(&id).unwrap(), Some(m));
    }

    #[test]
    fn unfinished_recent_and_delete() {
        let Some(db) = Scratch::new() else { return };
        let store = db.store();
        let ids: Vec<String> = (0..4).map(|_| new_id()).collect();
        let a = a_match(&ids[0], 1, false, 100, 100);
        let b = a_match(&ids[1], 1, true, 200, 400);
        let c = a_match(&ids[2], 1, true, 300, 300);
        let d = a_match(&ids[3], 1, false, 50, 500);
        for m in [&a, &b, &c, &d] {
            store.insert(m).unwrap();
        }
        // Unfinished: by creation.
        assert_eq!(store.unfinished().unwrap(), vec![d.clone(), a.clone()]);
        // Recent: newest change first, at most `limit`.
        assert_eq!(store.recent(true, 10).unwrap(), vec![b.clone(), c.clone()]);
        assert_eq!(store.recent(true, 1).unwrap(), vec![b.clone()]);
        assert_eq!(store.recent(false, 10).unwrap(), vec![d.clone(), a.clone()]);
        assert_eq!(store.recent(false, 0).unwrap(), vec![]);
        assert_eq!(store.recent(true, usize::MAX).unwrap().len(), 2);

        store.claim_agent_turn(&b.id, 1).unwrap();
        store.delete(&b.id).unwrap();
        assert_eq!(store.load(&b.id).unwrap(), None);
        assert_eq!(store.recent(true, 10).unwrap(), vec![c.clone()]);
        let claims: i64 = db.sql(
            "SELECT count(*) FROM plateau_agent_claims WHERE id = $1",
            &[&b.id],
        )[0]
        .get(0);
        assert_eq!(claims, 0, "deleting a match drops its claims");
        store.delete(&b.id).unwrap(); // nothing kept: nothing to do
        store.delete("no such match").unwrap();
        assert_eq!(store.unfinished().unwrap(), vec![d, a]);
    }

    #[test]
    fn an_update_through_one_store_reaches_the_others_subscription() {
        let Some(db) = Scratch::new() else { return };
        let (one, two) = (db.store(), db.store());
        let mut heard_by_one = one.subscribe().expect("PostgreSQL announces changes");
        let mut heard_by_two = two.subscribe().expect("PostgreSQL announces changes");
        let id = new_id();
        one.insert(&a_match(&id, 1, false, 1, 1)).unwrap();
        assert!(one.update(&a_match(&id, 2, false, 1, 2)).unwrap());
        let notice = notice_about(&mut heard_by_two, &id, Duration::from_secs(1))
            .expect("the other store hears the update within a second");
        assert_eq!(
            notice,
            Notice {
                id: id.clone(),
                revision: 2
            }
        );

        // A refused update announces nothing; the store's own updates are
        // not handed back to it.
        assert!(!two.update(&a_match(&id, 2, false, 1, 2)).unwrap());
        assert!(two.update(&a_match(&id, 3, false, 1, 3)).unwrap());
        let notice = notice_about(&mut heard_by_one, &id, Duration::from_secs(1))
            .expect("the first store hears the second's update");
        assert_eq!(notice.revision, 3, "the refused update was not announced");
        assert_eq!(
            notice_about(&mut heard_by_one, &id, Duration::from_millis(300)),
            None
        );
        assert_eq!(
            notice_about(&mut heard_by_two, &id, Duration::from_millis(300)),
            None,
            "a store does not hear its own update"
        );
    }

    #[test]
    fn the_listener_comes_back_after_its_connection_is_cut() {
        let Some(db) = Scratch::new() else { return };
        let (one, two) = (db.store(), db.store());
        let mut heard = two.subscribe().unwrap();
        let id = new_id();
        one.insert(&a_match(&id, 1, false, 1, 1)).unwrap();

        // The database ends every connection of the test's stores.
        let ended: i64 = sql(
            &db.base,
            "SELECT count(*) FROM (SELECT pg_terminate_backend(pid)
             FROM pg_stat_activity WHERE application_name = $1) t",
            &[&db.schema],
        )[0]
        .get(0);
        assert!(
            ended >= 3,
            "the two stores' connections and the listener: {ended}"
        );
        std::thread::sleep(Duration::from_millis(200));

        // Both connections come back: the write goes through and is heard
        // (announced by NOTIFY, or again once the listener is back).
        let mut written = false;
        for _ in 0..2 {
            match one.update(&a_match(&id, 2, false, 1, now_ms())) {
                Ok(w) => {
                    written = w;
                    break;
                }
                Err(e) => eprintln!("the first write after the cut: {e}"),
            }
        }
        assert!(written);
        let notice = notice_about(&mut heard, &id, Duration::from_secs(5))
            .expect("heard after the connection came back");
        assert_eq!(notice.revision, 2);
        assert!(one.update(&a_match(&id, 3, false, 1, now_ms())).unwrap());
        let notice = notice_about(&mut heard, &id, Duration::from_secs(2)).unwrap();
        assert_eq!(notice.revision, 3);
    }

    #[test]
    fn an_agent_move_is_claimed_by_exactly_one_store() {
        let Some(db) = Scratch::new() else { return };
        let stores = Arc::new([db.store(), db.store()]);
        let id = new_id();
        // The same store asking again keeps its claim; the other is refused.
        assert!(stores[0].claim_agent_turn(&id, 1).unwrap());
        assert!(stores[0].claim_agent_turn(&id, 1).unwrap());
        assert!(!stores[1].claim_agent_turn(&id, 1).unwrap());

        // Both at once, revision after revision: one winner each time.
        for revision in 2..12u64 {
            let racers: Vec<_> = (0..2)
                .map(|s| {
                    let (stores, id) = (stores.clone(), id.clone());
                    std::thread::spawn(move || stores[s].claim_agent_turn(&id, revision).unwrap())
                })
                .collect();
            let won: Vec<bool> = racers.into_iter().map(|r| r.join().unwrap()).collect();
            assert_eq!(
                won.iter().filter(|w| **w).count(),
                1,
                "revision {revision}: {won:?}"
            );
        }
        // Older claims are dropped as the match goes on.
        let kept: Vec<i64> = db
            .sql(
                "SELECT revision FROM plateau_agent_claims WHERE id = $1",
                &[&id],
            )
            .iter()
            .map(|r| r.get(0))
            .collect();
        assert_eq!(kept, vec![11]);

        // A claim whose holder is gone (its connection closed) lapses at
        // once.
        let gone = db.store();
        assert!(gone.claim_agent_turn(&id, 13).unwrap());
        assert!(!stores[0].claim_agent_turn(&id, 13).unwrap());
        drop(gone);
        let start = Instant::now();
        while !stores[0].claim_agent_turn(&id, 13).unwrap() {
            assert!(start.elapsed() < Duration::from_secs(5), "the claim holds");
            std::thread::sleep(Duration::from_millis(20));
        }
        assert!(!stores[1].claim_agent_turn(&id, 13).unwrap());

        // A claim whose holder stopped before moving lapses after the lease.
        assert!(stores[0].claim_agent_turn(&id, 14).unwrap());
        assert!(!stores[1].claim_agent_turn(&id, 14).unwrap());
        db.sql(
            "UPDATE plateau_agent_claims SET claimed_ms = claimed_ms - $1 WHERE id = $2",
            &[&(CLAIM_LEASE.as_millis() as i64 + 1), &id],
        );
        assert!(stores[1].claim_agent_turn(&id, 14).unwrap());
        assert!(!stores[0].claim_agent_turn(&id, 14).unwrap());
    }

    #[test]
    fn two_stores_starting_at_once_both_get_the_tables() {
        let Some(db) = Scratch::new() else { return };
        let url = Arc::new(db.url.clone());
        let starts: Vec<_> = (0..3)
            .map(|_| {
                let url = url.clone();
                std::thread::spawn(move || PgStore::connect(&url).map(|_| ()))
            })
            .collect();
        for start in starts {
            start.join().unwrap().unwrap();
        }
    }

    #[test]
    fn notices_are_parsed_strictly() {
        assert_eq!(
            parse_notice("abc 12"),
            Some(Notice {
                id: "abc".into(),
                revision: 12
            })
        );
        assert_eq!(parse_notice("abc"), None);
        assert_eq!(parse_notice(" 12"), None);
        assert_eq!(parse_notice("abc -1"), None);
        assert_eq!(parse_notice("abc 1 2"), None);
    }
}
