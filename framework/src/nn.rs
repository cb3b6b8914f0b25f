//! A small dense network (a multilayer perceptron) read from the JSON that
//! a training script writes, with a forward pass in plain Rust: a learned
//! evaluation plays with no Python.
//!
//! Hidden layers use ReLU, the output `tanh`, so a value lies in `[-1, 1]`
//! as [`SearchHooks::evaluate`](crate::SearchHooks::evaluate) wants.
//!
//! ```
//! use plateau::nn::Mlp;
//!
//! let json = r#"{"format": "plateau-mlp-1", "inputs": 2,
//!   "layers": [{"weights": [[1.0, -1.0], [0.5, 0.5]], "bias": [0.0, -1.0]},
//!              {"weights": [[2.0, 1.0]], "bias": [0.1]}]}"#;
//! let net = Mlp::from_json(json).unwrap();
//! // hidden: relu(1 - 0.5) = 0.5, relu(0.5 + 0.25 - 1) = 0; out: tanh(2 * 0.5 + 0.1)
//! assert!((net.forward(&[1.0, 0.5]) - 1.1f32.tanh()).abs() < 1e-6);
//! assert!(Mlp::from_json(r#"{"format": "plateau-mlp-1", "inputs": 3, "layers": []}"#).is_err());
//! ```

use serde::Deserialize;
use std::sync::OnceLock;

/// The format name a network's JSON carries.
pub const FORMAT: &str = "plateau-mlp-1";

/// The widest layer a network may have.
const MAX_WIDTH: usize = 1024;

/// A network that cannot be read, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NnError {
    /// The text is not the JSON of a network.
    #[error("not a network's JSON: {0}")]
    Json(String),
    /// The shapes do not fit, or a weight is not finite.
    #[error("bad network: {0}")]
    Shape(String),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LayerJson {
    weights: Vec<Vec<f32>>,
    bias: Vec<f32>,
}

#[derive(Deserialize)]
struct MlpJson {
    format: String,
    inputs: usize,
    layers: Vec<LayerJson>,
}

/// One dense layer: `outputs` rows of `inputs` weights, row-major.
#[derive(Clone, Debug, PartialEq)]
struct Layer {
    inputs: usize,
    outputs: usize,
    weights: Vec<f32>,
    bias: Vec<f32>,
}

/// A multilayer perceptron with one output.
#[derive(Clone, Debug, PartialEq)]
pub struct Mlp {
    inputs: usize,
    layers: Vec<Layer>,
    widest: usize,
}

impl Mlp {
    /// Reads a network: `{"format": "plateau-mlp-1", "inputs": N,
    /// "layers": [{"weights": [[...]; out], "bias": [...; out]}, ...]}`,
    /// each layer's rows as long as the layer before is wide, the last
    /// layer of one output.
    pub fn from_json(text: &str) -> Result<Mlp, NnError> {
        let raw: MlpJson = serde_json::from_str(text).map_err(|e| NnError::Json(e.to_string()))?;
        let shape = |m: String| Err(NnError::Shape(m));
        if raw.format != FORMAT {
            return shape(format!("format '{}', expected '{FORMAT}'", raw.format));
        }
        if raw.inputs == 0 || raw.inputs > MAX_WIDTH {
            return shape(format!("{} inputs (1 to {MAX_WIDTH})", raw.inputs));
        }
        if raw.layers.is_empty() {
            return shape("no layer".into());
        }
        let mut layers = Vec::new();
        let mut width = raw.inputs;
        let mut widest = width;
        for (i, l) in raw.layers.into_iter().enumerate() {
            let outputs = l.weights.len();
            if outputs == 0 || outputs > MAX_WIDTH || l.bias.len() != outputs {
                return shape(format!(
                    "layer {i}: {outputs} rows of weights and {} biases",
                    l.bias.len()
                ));
            }
            if let Some(r) = l.weights.iter().position(|row| row.len() != width) {
                return shape(format!(
                    "layer {i}, row {r}: {} weights, expected {width}",
                    l.weights[r].len()
                ));
            }
            let weights: Vec<f32> = l.weights.into_iter().flatten().collect();
            if !weights.iter().chain(&l.bias).all(|w| w.is_finite()) {
                return shape(format!("layer {i}: a weight is not a finite number"));
            }
            layers.push(Layer {
                inputs: width,
                outputs,
                weights,
                bias: l.bias,
            });
            width = outputs;
            widest = widest.max(width);
        }
        if width != 1 {
            return shape(format!("the last layer has {width} outputs, expected 1"));
        }
        Ok(Mlp {
            inputs: raw.inputs,
            layers,
            widest,
        })
    }

    /// The number of inputs.
    pub fn inputs(&self) -> usize {
        self.inputs
    }

    /// The network's value of `input` (as many numbers as
    /// [`Mlp::inputs`]), in `[-1, 1]`.
    ///
    /// # Panics
    /// If `input` has another length.
    pub fn forward(&self, input: &[f32]) -> f32 {
        assert_eq!(input.len(), self.inputs, "the network's input width");
        // Two buffers on the stack for the usual small networks.
        let mut a = [0f32; 256];
        let mut b = [0f32; 256];
        if self.widest > a.len() {
            let mut a = vec![0f32; self.widest];
            let mut b = vec![0f32; self.widest];
            return self.run(input, &mut a, &mut b);
        }
        self.run(input, &mut a, &mut b)
    }

    fn run(&self, input: &[f32], a: &mut [f32], b: &mut [f32]) -> f32 {
        a[..input.len()].copy_from_slice(input);
        let last = self.layers.len() - 1;
        for (i, l) in self.layers.iter().enumerate() {
            let rows = l.weights.chunks_exact(l.inputs);
            for ((out, row), bias) in b.iter_mut().zip(rows).zip(&l.bias) {
                let sum: f32 = row.iter().zip(&a[..l.inputs]).map(|(w, x)| w * x).sum();
                let z = sum + bias;
                *out = if i == last { z.tanh() } else { z.max(0.0) };
            }
            a[..l.outputs].copy_from_slice(&b[..l.outputs]);
        }
        a[0]
    }
}

/// A network a game ships (its JSON built into the program), read the
/// first time it is used; a learned evaluation's value for a side.
pub struct Shipped {
    json: &'static str,
    inputs: usize,
    net: OnceLock<Mlp>,
}

impl Shipped {
    /// The network of `json`, which must take `inputs` inputs.
    pub const fn new(json: &'static str, inputs: usize) -> Shipped {
        Shipped {
            json,
            inputs,
            net: OnceLock::new(),
        }
    }

    /// The network.
    ///
    /// # Panics
    /// If the shipped JSON is not a network of [`Shipped::new`]'s inputs
    /// (each game's tests read it).
    pub fn net(&self) -> &Mlp {
        self.net.get_or_init(|| {
            let net = Mlp::from_json(self.json).expect("the shipped network reads");
            assert_eq!(net.inputs(), self.inputs, "the shipped network's inputs");
            net
        })
    }

    /// The value for a player of a position whose input, seen from the
    /// side to move, is `input`: the network's value clamped to `[-0.99,
    /// 0.99]` (below a won game's return), negated when the player is not
    /// the side to move (`for_mover` false).
    pub fn value(&self, input: &[f32], for_mover: bool) -> f64 {
        let v = f64::from(self.net().forward(input)).clamp(-0.99, 0.99);
        if for_mover {
            v
        } else {
            -v
        }
    }
}

/// One position a training script wrote with its network
/// (`eval-mlp-fixtures.json`): the position's JSON as the game writes its
/// state, the network's input and its value.
#[derive(Clone, Debug, Deserialize)]
pub struct Fixture {
    /// The position (`south`, `north`, `to_move`, ...).
    pub state: serde_json::Value,
    /// The network's input.
    pub input: Vec<f32>,
    /// The network's value.
    pub value: f64,
}

impl Fixture {
    /// The fixtures of a training script's file.
    pub fn read_all(text: &str) -> Result<Vec<Fixture>, NnError> {
        serde_json::from_str(text).map_err(|e| NnError::Json(e.to_string()))
    }

    /// A row of counts of the position (`south` or `north`).
    pub fn row(&self, side: &str) -> Vec<u8> {
        self.state[side]
            .as_array()
            .map(|r| {
                r.iter()
                    .filter_map(|n| n.as_u64())
                    .map(|n| n as u8)
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The player to move (`south` is the first).
    pub fn to_move(&self) -> crate::Player {
        crate::Player(u8::from(self.state["to_move"] != "south"))
    }

    /// Whether `net` gives this fixture's value (to 1e-5) and `features`
    /// its input exactly: what a game's test asserts.
    pub fn check(&self, net: &Mlp, features: &[f32]) -> Result<(), String> {
        if features != self.input.as_slice() {
            return Err(format!(
                "inputs {features:?}, the script's {:?}",
                self.input
            ));
        }
        let got = f64::from(net.forward(features));
        if (got - self.value).abs() > 1e-5 {
            return Err(format!("value {got}, the script's {}", self.value));
        }
        Ok(())
    }
}
