//! The registered games (`games`), loading rules from a request (`new`,
//! `playout`), and random playouts on the server (`playout`).

use super::error::{ErrorKind, Result, ServeError};
use super::request::{clip, Request};
use super::response::Fields;
use crate::common::rules_request;
use plateau::{DynGame, GameEntry, Player, Registry, RulesSpec};
use serde_json::{json, Map, Value};

/// The most games one `playout` request may play.
pub(crate) const MAX_PLAYOUTS: u64 = 1_000_000;

/// The most moves one `playout` request plays in all, so that it answers
/// within a bound (each game is capped too: `max_plies`, or
/// [`plateau::playout::DEFAULT_MAX_PLIES`]).
pub(crate) const MAX_PLAYOUT_PLIES: u64 = 100_000_000;

/// `games`: every registered game with its variants and parameters.
pub(crate) fn games(registry: &Registry) -> Result<Fields> {
    let list: Vec<Value> = registry.games().map(game_json).collect();
    Ok(vec![("games", Value::Array(list))])
}

/// One game as JSON: its id (`game`), name, whether it hides information, its
/// variants (the first is the default) with their players and parameter
/// values, and the documented parameters. `plateau games --json` prints a
/// list of these too, so scripts see one shape either way.
pub(crate) fn game_json(entry: &dyn GameEntry) -> Value {
    let variants: Vec<Value> = entry
        .variants()
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let mut obj = json!({"name": v.name, "description": v.description, "default": i == 0});
            match entry.load(&RulesSpec::variant(v.name)) {
                Ok(game) => {
                    obj["players"] = players_json(game.as_ref());
                    obj["params"] = game.params_json();
                }
                Err(e) => obj["error"] = Value::String(e.to_string()),
            }
            obj
        })
        .collect();
    let params: Vec<Value> = entry
        .param_docs()
        .iter()
        .map(|p| json!({"key": p.key, "description": p.description}))
        .collect();
    json!({
        "game": entry.id(),
        "name": entry.name(),
        "hidden_information": entry.hidden_information(),
        "variants": variants,
        "params": params,
    })
}

/// `rules`: a game's rules for players in full (Markdown, every rule
/// numbered as the error messages cite it), `null` for a game without them.
pub(crate) fn rules(registry: &Registry, req: &Request) -> Result<Fields> {
    let entry = game_entry(registry, req)?;
    let game = entry
        .load(&RulesSpec::default_variant())
        .map_err(|e| ServeError::new(ErrorKind::BadRules, e.to_string()))?;
    Ok(vec![
        ("game", Value::String(entry.id().to_string())),
        ("name", Value::String(entry.name().to_string())),
        (
            "rules_text",
            game.rules_text().map_or(Value::Null, Value::from),
        ),
    ])
}

/// The registered game of a request's `game` field, or an error naming the
/// games there are.
fn game_entry<'r>(registry: &'r Registry, req: &Request) -> Result<&'r dyn plateau::GameEntry> {
    let id = req.str_req("game")?;
    registry.get(id).ok_or_else(|| {
        let known: Vec<&str> = registry.games().map(|g| g.id()).collect();
        ServeError::new(
            ErrorKind::UnknownGame,
            format!("unknown game '{}'; games: {}", clip(id), known.join(", ")),
        )
    })
}

/// The players' names, in player-number order.
pub(crate) fn players_json(game: &dyn DynGame) -> Value {
    (0..game.num_players())
        .map(|i| Value::String(game.player_name(Player(i as u8))))
        .collect()
}

/// The rules of a request's `game`, `variant`, `rules` and `set` fields.
pub(crate) fn load_rules(registry: &Registry, req: &Request) -> Result<Box<dyn DynGame>> {
    let entry = game_entry(registry, req)?;
    let variant = req.str_opt("variant")?;
    let rules = req.str_opt("rules")?;
    if variant.is_some() && rules.is_some() {
        return Err(ServeError::bad_request(
            "give either 'variant' or 'rules' (a whole rules file), not both",
        ));
    }
    if let Some(message) =
        variant.and_then(|name| rules_request::unknown_variant(entry, name, clip))
    {
        return Err(ServeError::new(ErrorKind::UnknownVariant, message));
    }
    let spec = RulesSpec {
        variant: variant.map(str::to_string),
        file: rules.map(|text| ("rules.toml".to_string(), text.to_string())),
        overrides: rules_request::overrides(req.get("set"), clip)
            .map_err(ServeError::bad_request)?,
    };
    rules_request::load(entry, &spec).map_err(|m| ServeError::new(ErrorKind::BadRules, m))
}

/// `playout`: seeded random games to the end, on the server; the counts of
/// wins, draws and reasons, and each outcome if `list` is true.
pub(crate) fn playout(registry: &Registry, req: &Request) -> Result<Fields> {
    let count = req.u64_opt("count")?.unwrap_or(100);
    if count > MAX_PLAYOUTS {
        return Err(ServeError::bad_request(format!(
            "field 'count': at most {MAX_PLAYOUTS} games per request"
        )));
    }
    let seed = req.u64_opt("seed")?.unwrap_or(0);
    let max_plies = req.u64_opt("max_plies")?.unwrap_or(0);
    let list = req.bool_opt("list")?.unwrap_or(false);
    let game = load_rules(registry, req)?;
    let max_plies = usize::try_from(max_plies).unwrap_or(usize::MAX);
    let mut outcomes = Vec::with_capacity(count.min(10_000) as usize);
    let mut plies = 0u64;
    for i in 0..count {
        let (outcome, n) = game.random_game(seed.wrapping_add(i), max_plies);
        plies += n as u64;
        if plies > MAX_PLAYOUT_PLIES {
            return Err(ServeError::bad_request(format!(
                "the playout stopped after {} of {count} games: over {MAX_PLAYOUT_PLIES} moves \
                 in all, the most one request may play; ask for fewer games ('count') or \
                 shorter ones ('max_plies')",
                i + 1
            )));
        }
        outcomes.push(outcome);
    }

    let mut wins = vec![0u64; game.num_players()];
    let (mut draws, mut capped) = (0u64, 0u64);
    let mut reasons = Map::new();
    for outcome in &outcomes {
        match outcome.winner {
            Some(p) if p.index() < wins.len() => wins[p.index()] += 1,
            _ => draws += 1,
        }
        if outcome.capped {
            capped += 1;
        }
        let slot = reasons
            .entry(outcome.reason.to_string())
            .or_insert(Value::from(0u64));
        *slot = Value::from(slot.as_u64().unwrap_or(0) + 1);
    }
    let mut fields: Fields = vec![
        ("game", Value::from(game.id())),
        ("variant", Value::from(game.variant())),
        ("players", players_json(game.as_ref())),
        ("count", Value::from(count)),
        ("seed", Value::from(seed)),
        ("wins", Value::from(wins)),
        ("draws", Value::from(draws)),
        ("capped", Value::from(capped)),
        ("reasons", Value::Object(reasons)),
    ];
    if list {
        // The same keys for every outcome, as in the status object:
        // `scores` is null where the game (or a cap) gives none.
        let all = outcomes
            .iter()
            .map(|o| {
                json!({
                    "winner": o.winner.map(|p| p.0),
                    "reason": o.reason,
                    "scores": o.scores,
                })
            })
            .collect();
        fields.push(("outcomes", Value::Array(all)));
    }
    Ok(fields)
}
