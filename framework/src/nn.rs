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
