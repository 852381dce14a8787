//! Program shapes of the four strata: nested `if` blocks or `if`/`else if`/`else`
//! trees holding a given number of assignments, printed as RTL in VERT's style, with
//! the correct reference properties (antecedent = the complete RTL path, negations of
//! earlier branches included).

use rand::Rng;
use rand_chacha::ChaCha8Rng;

use super::names::Names;

/// The paper's four strata.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stratum {
    NestedIfAsync,
    NestedIfSync,
    IfElseAsync,
    IfElseSync,
}

impl Stratum {
    /// In the order of the study: 10 programs of each, in this order.
    pub const ALL: [Stratum; 4] = [
        Stratum::NestedIfAsync,
        Stratum::NestedIfSync,
        Stratum::IfElseAsync,
        Stratum::IfElseSync,
    ];

    /// The name a program's `stratum` field holds.
    pub fn name(self) -> &'static str {
        match self {
            Stratum::NestedIfAsync => "nested-if/async",
            Stratum::NestedIfSync => "nested-if/sync",
            Stratum::IfElseAsync => "if-else-tree/async",
            Stratum::IfElseSync => "if-else-tree/sync",
        }
    }

    pub fn synchronous(self) -> bool {
        matches!(self, Stratum::NestedIfSync | Stratum::IfElseSync)
    }

    fn if_else(self) -> bool {
        matches!(self, Stratum::IfElseAsync | Stratum::IfElseSync)
    }
}

/// A branch condition: a disjunction (`||`) of conjunctions (`&&`) of atoms, each
/// atom an identifier or a comparison of two identifiers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Condition(Vec<Vec<String>>);

impl Condition {
    /// The condition as the RTL writes it (`hw_2 && hw_11 || auth_41`).
    pub fn text(&self) -> String {
        self.0
            .iter()
            .map(|t| t.join(" && "))
            .collect::<Vec<_>>()
            .join(" || ")
    }
}

/// One `if` with its `else if` branches and an optional final `else` (`None`).
#[derive(Debug, Clone)]
struct Node {
    branches: Vec<(Option<Condition>, Body)>,
}

#[derive(Debug, Clone, Default)]
struct Body {
    assigns: Vec<(String, String)>,
    children: Vec<Node>,
}

/// One part of a path: a branch condition, negated for an earlier branch of a tree.
#[derive(Debug, Clone)]
struct PathPart {
    condition: Condition,
    negated: bool,
}

/// A block of assignments under one path, in reading order.
#[derive(Debug, Clone)]
pub struct Block {
    path: Vec<PathPart>,
    pub assigns: Vec<(String, String)>,
}

/// A generated program: its RTL and its reference properties.
#[derive(Debug, Clone)]
pub struct Shape {
    pub stratum: Stratum,
    /// `posedge clock_div_4` for a synchronous program.
    pub clock: Option<String>,
    pub rtl: String,
    pub blocks: Vec<Block>,
}

impl Shape {
    /// The reference properties, one per block, in VERT's layout.
    pub fn reference(&self) -> String {
        let mut out = String::new();
        for b in &self.blocks {
            let antecedent = b
                .path
                .iter()
                .map(|p| {
                    let bang = if p.negated { "!" } else { "" };
                    format!("{bang}(  {} )", p.condition.text())
                })
                .collect::<Vec<_>>()
                .join(" &&  ");
            let consequent = b
                .assigns
                .iter()
                .map(|(l, r)| format!("{l} == {r}"))
                .collect::<Vec<_>>()
                .join(" && ");
            let (event, implication) = match &self.clock {
                Some(c) => (format!("@({c}) "), "|->"),
                None => (String::new(), "|=>"),
            };
            out.push_str(&format!(
                "property name; {event}{antecedent} {implication} {consequent} ;endproperty \n"
            ));
        }
        out
    }

    /// Number of assignment behaviors.
    pub fn behavior_count(&self) -> usize {
        self.blocks.iter().map(|b| b.assigns.len()).sum()
    }
}

/// A program of `stratum` with exactly `assignments` assignments. With `simple`,
/// every condition is a single atom, so T1 (operand reordering) has nothing to do.
pub fn generate(rng: &mut ChaCha8Rng, stratum: Stratum, assignments: usize, simple: bool) -> Shape {
    let mut names = Names::default();
    let clock = stratum
        .synchronous()
        .then(|| format!("posedge {}", names.clock(rng)));
    let blocks = assignments.div_ceil(3).clamp(2, 4).min(assignments.max(1));
    let sizes = split(rng, assignments, blocks);
    let mut maker = Gen {
        rng,
        names: &mut names,
        simple,
        first: true,
    };
    let root = if stratum.if_else() {
        maker.if_else_tree(&sizes)
    } else {
        maker.nested(&sizes)
    };
    let blocking = !stratum.synchronous();
    let mut rtl = String::new();
    print_node(&root, 0, blocking, &mut rtl);
    let mut out = Vec::new();
    collect(&root, &[], &mut out);
    Shape {
        stratum,
        clock,
        rtl,
        blocks: out,
    }
}

/// `total` split into `parts` sizes of at least one each.
fn split(rng: &mut ChaCha8Rng, total: usize, parts: usize) -> Vec<usize> {
    let mut sizes = vec![1; parts];
    for _ in parts..total {
        let i = rng.random_range(0..parts);
        sizes[i] += 1;
    }
    sizes
}

struct Gen<'a> {
    rng: &'a mut ChaCha8Rng,
    names: &'a mut Names,
    simple: bool,
    /// The program's first condition is always a reversible chain (unless `simple`).
    first: bool,
}

impl Gen<'_> {
    fn atom(&mut self) -> String {
        let a = self.names.fresh(self.rng);
        match self.rng.random_range(0..10) {
            0 => format!("{a} != {}", self.names.fresh(self.rng)),
            1 => format!("{a} == {}", self.names.fresh(self.rng)),
            _ => a,
        }
    }

    fn condition(&mut self) -> Condition {
        if self.simple {
            return Condition(vec![vec![self.atom()]]);
        }
        let shape: Vec<usize> = if std::mem::take(&mut self.first) {
            vec![2 + self.rng.random_range(0..2)]
        } else {
            match self.rng.random_range(0..20) {
                0..=5 => vec![1],
                6..=12 => vec![2 + self.rng.random_range(0..2)],
                13..=15 => vec![1, 1],
                _ => vec![2, 1],
            }
        };
        Condition(
            shape
                .into_iter()
                .map(|n| (0..n).map(|_| self.atom()).collect())
                .collect(),
        )
    }

    fn assigns(&mut self, n: usize) -> Vec<(String, String)> {
        (0..n)
            .map(|_| (self.names.fresh(self.rng), self.names.fresh(self.rng)))
            .collect()
    }

    /// A root `if` whose later blocks nest under earlier ones (depth at most 3).
    fn nested(&mut self, sizes: &[usize]) -> Node {
        let mut conds = Vec::new();
        let mut parent = vec![usize::MAX];
        let mut depth = vec![0usize];
        for i in 1..sizes.len() {
            let candidates: Vec<usize> = (0..i).filter(|&j| depth[j] < 2).collect();
            let p = candidates[self.rng.random_range(0..candidates.len())];
            parent.push(p);
            depth.push(depth[p] + 1);
        }
        for _ in sizes {
            conds.push(self.condition());
        }
        let bodies: Vec<Vec<(String, String)>> = sizes.iter().map(|&n| self.assigns(n)).collect();
        fn build(
            i: usize,
            parent: &[usize],
            conds: &[Condition],
            bodies: &[Vec<(String, String)>],
        ) -> Node {
            let children = (0..parent.len())
                .filter(|&j| j > 0 && parent[j] == i)
                .map(|j| build(j, parent, conds, bodies))
                .collect();
            Node {
                branches: vec![(
                    Some(conds[i].clone()),
                    Body {
                        assigns: bodies[i].clone(),
                        children,
                    },
                )],
            }
        }
        build(0, &parent, &conds, &bodies)
    }

    /// An `if`/`else if`/`else` chain; sometimes the last block nests as an `if`
    /// inside the first branch.
    fn if_else_tree(&mut self, sizes: &[usize]) -> Node {
        let nest = sizes.len() >= 3 && self.rng.random_bool(0.4);
        let chain = if nest {
            &sizes[..sizes.len() - 1]
        } else {
            sizes
        };
        let has_else = chain.len() >= 2 && self.rng.random_bool(0.6);
        let mut branches = Vec::new();
        for (i, &n) in chain.iter().enumerate() {
            let cond = if has_else && i == chain.len() - 1 {
                None
            } else {
                Some(self.condition())
            };
            let body = Body {
                assigns: self.assigns(n),
                children: Vec::new(),
            };
            branches.push((cond, body));
        }
        if nest {
            let cond = self.condition();
            let n = sizes[sizes.len() - 1];
            let inner = Node {
                branches: vec![(
                    Some(cond),
                    Body {
                        assigns: self.assigns(n),
                        children: Vec::new(),
                    },
                )],
            };
            branches[0].1.children.push(inner);
        }
        Node { branches }
    }
}

fn print_node(node: &Node, level: usize, blocking: bool, out: &mut String) {
    let pad = "    ".repeat(level);
    let op = if blocking { "=" } else { "<=" };
    for (i, (cond, body)) in node.branches.iter().enumerate() {
        let head = match (i, cond) {
            (0, Some(c)) => format!("{pad}if ( {} ) begin\n", c.text()),
            (_, Some(c)) => format!(" else if ( {} ) begin\n", c.text()),
            (_, None) => " else begin\n".to_string(),
        };
        out.push_str(&head);
        for (l, r) in &body.assigns {
            out.push_str(&format!("{pad}    {l} {op} {r};\n"));
        }
        for child in &body.children {
            print_node(child, level + 1, blocking, out);
        }
        out.push_str(&format!("{pad}end"));
    }
    out.push('\n');
}

fn collect(node: &Node, prefix: &[PathPart], out: &mut Vec<Block>) {
    let mut earlier: Vec<PathPart> = Vec::new();
    for (cond, body) in &node.branches {
        let mut path = prefix.to_vec();
        path.extend(earlier.iter().cloned());
        if let Some(c) = cond {
            path.push(PathPart {
                condition: c.clone(),
                negated: false,
            });
        }
        out.push(Block {
            path: path.clone(),
            assigns: body.assigns.clone(),
        });
        for child in &body.children {
            collect(child, &path, out);
        }
        if let Some(c) = cond {
            earlier.push(PathPart {
                condition: c.clone(),
                negated: true,
            });
        }
    }
}
