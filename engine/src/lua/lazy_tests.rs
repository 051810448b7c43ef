//! Inputs made on demand (`Input::Lazy`, see `input.rs`): a script sees exactly what the same
//! input as JSON would give, and only the entries it reads are made.

use super::*;
use serde_json::json;
use std::borrow::Cow;
use std::cell::Cell;

/// An object with keys `a`..`e`, each an object `{n = i, sub = {...}}` made on demand; counts
/// the entries made.
struct Obj<'a> {
    depth: u8,
    made: &'a Cell<usize>,
}

impl<'a> LazyInput<'a> for Obj<'a> {
    fn keys(&self) -> Vec<Cow<'a, str>> {
        ["a", "b", "c", "d", "e"].into_iter().map(Cow::Borrowed).collect()
    }
    fn get(&self, key: &str) -> Option<Input<'a>> {
        let i = ["a", "b", "c", "d", "e"].iter().position(|k| *k == key)?;
        self.made.set(self.made.get() + 1);
        Some(if self.depth == 0 {
            Input::Json(json!({"n": i, "list": [i, i + 1], "name": key}))
        } else {
            Input::Lazy(Box::new(Obj { depth: self.depth - 1, made: self.made }))
        })
    }
}

fn call(source: &str, made: &Cell<usize>) -> serde_json::Value {
    let input = Input::Lazy(Box::new(Obj { depth: 1, made }));
    LuaHost::default().call_input_as(&Script::new("lazy.lua", source), "f", input).expect("call")
}

#[test]
fn lazy_input_reads_like_json() {
    let made = Cell::new(0);
    let eager = to_json(Input::Lazy(Box::new(Obj { depth: 1, made: &made })));
    assert_eq!(made.get(), 5 + 25);
    let src = r#"function f(v)
        local keys, total = {}, 0
        for k, o in pairs(v) do
            keys[#keys + 1] = k
            for _, x in pairs(o) do total = total + x.n + #x.list end
        end
        return {keys = keys, total = total, whole = v, len = #v.c.d.list, missing = v.z == nil}
    end"#;
    let made = Cell::new(0);
    let lazy = call(src, &made);
    let json = LuaHost::default().call(&Script::new("lazy.lua", src), "f", &eager).expect("call");
    assert_eq!(lazy, json);
    assert_eq!(lazy["keys"], json!(["a", "b", "c", "d", "e"]));
    assert_eq!(lazy["whole"], eager, "a returned lazy table is made in full");
}

#[test]
fn only_what_is_read_is_made() {
    let made = Cell::new(0);
    let r = call("function f(v) return {v.b.c.n, v.b.c.name, v.b.e.list[2], v.nope} end", &made);
    assert_eq!(r, json!([2, "c", 5]));
    assert_eq!(made.get(), 3, "b, then c and e of b");
}

#[test]
fn lazy_tables_behave_as_tables() {
    let made = Cell::new(0);
    let src = r#"function f(v)
        v.a.x = 1
        rawset(v.b, "y", 2)
        local n = 0
        for _ in next, v.c do n = n + 1 end
        return {v.a.x, v.b.y, n, getmetatable(v.d) == nil, rawget(v.e, "a") ~= nil}
    end"#;
    assert_eq!(call(src, &made), json!([1, 2, 5, true, true]));
}

/// Keys given out of order, one of them null: `pairs` visits the others in sorted order.
struct Unsorted;

impl<'a> LazyInput<'a> for Unsorted {
    fn keys(&self) -> Vec<Cow<'a, str>> {
        ["b", "c", "a"].into_iter().map(Cow::Borrowed).collect()
    }
    fn get(&self, key: &str) -> Option<Input<'a>> {
        match key {
            "a" => Some(Input::Json(json!([1, null, 3]))),
            "b" => Some(Input::Json(json!({"y": 1, "x": null, "w": 2}))),
            "c" => Some(Input::Json(json!(null))),
            _ => None,
        }
    }
}

#[test]
fn pairs_order_is_that_of_sorted_keys() {
    let src = r#"function f(v)
        local seen = {}
        for k, x in pairs(v) do seen[#seen + 1] = k end
        for k, x in pairs(v.b) do seen[#seen + 1] = k .. "=" .. x end
        for k, x in pairs(v.a) do seen[#seen + 1] = k * 10 + x end
        local early = v.b.y
        return {seen = seen, early = early}
    end"#;
    let r: serde_json::Value = LuaHost::default().call_input_as(&Script::new("lazy.lua", src), "f", Input::Lazy(Box::new(Unsorted))).expect("call");
    assert_eq!(r["seen"], json!(["a", "b", "w=2", "y=1", 11, 33]));
    let eager = LuaHost::default().call(&Script::new("lazy.lua", src), "f", &to_json(Input::Lazy(Box::new(Unsorted)))).expect("call");
    assert_eq!(r, eager);
}

/// Every kind of value a host may give without JSON (`Input::Ref`, `Nil`, `Bool`, `Int`, `Str`,
/// `Object`, `Pair`), inside a lazy object: a script sees what the same JSON gives it.
struct Kinds<'a>(&'a serde_json::Value);

impl<'a> LazyInput<'a> for Kinds<'a> {
    fn keys(&self) -> Vec<Cow<'a, str>> {
        ["b", "i", "nil", "obj", "pair", "ref", "s"].into_iter().map(Cow::Borrowed).collect()
    }
    fn room(&self) -> usize {
        2
    }
    fn get(&self, key: &str) -> Option<Input<'a>> {
        Some(match key {
            "b" => Input::Bool(true),
            "i" => Input::Int(-7),
            "nil" => Input::Nil,
            "obj" => Input::Object(vec![("union", Input::Int(3)), ("csa", Input::Bool(false)), ("none", Input::Nil), ("deep", Input::Object(vec![("s", Input::Str("x"))]))]),
            "pair" => Input::Pair([("union", Scalar::Str("csa")), ("none", Scalar::Nil)]),
            "ref" => Input::Ref(self.0),
            "s" => Input::Str("richmond"),
            _ => return None,
        })
    }
}

#[test]
fn values_made_without_json_read_like_json() {
    let shared = json!({"list": [1, null, 3], "name": "shared"});
    let eager = to_json(Input::Lazy(Box::new(Kinds(&shared))));
    assert_eq!(eager, json!({"b": true, "i": -7, "nil": null, "obj": {"union": 3, "csa": false, "none": null, "deep": {"s": "x"}}, "pair": {"union": "csa", "none": null}, "ref": shared, "s": "richmond"}));
    let src = r#"function f(v)
        local seen = {}
        for k, x in pairs(v) do seen[#seen + 1] = k .. ":" .. type(x) end
        for k, x in pairs(v.obj) do seen[#seen + 1] = k end
        for k, x in pairs(v.pair) do seen[#seen + 1] = k .. "=" .. x end
        return {seen = seen, obj = v.obj, pair = v.pair, ref = v.ref.list[3], whole = v}
    end"#;
    let lazy: serde_json::Value = LuaHost::default().call_input_as(&Script::new("kinds.lua", src), "f", Input::Lazy(Box::new(Kinds(&shared)))).expect("call");
    let json = LuaHost::default().call(&Script::new("kinds.lua", src), "f", &eager).expect("call");
    assert_eq!(lazy, json);
    assert_eq!(lazy["seen"], json!(["b:boolean", "i:number", "obj:table", "pair:table", "ref:table", "s:string", "csa", "deep", "union", "union=csa"]));
}

/// `pairs` over a pending table gives the keys made by its first walk again (once per table and
/// call), also over a JSON node, which stays lazy; a table changed meanwhile is walked as it is.
#[test]
fn walking_a_lazy_table_again_sees_the_same_and_the_changes() {
    let made = Cell::new(0);
    let src = r#"function f(v)
        local out = {}
        for round = 1, 3 do
            local n = 0
            for k, o in pairs(v) do
                n = n + 1
                for _, x in pairs(o.a) do n = n + 1 end
            end
            out[#out + 1] = n
            if round == 2 then v.extra = {a = {z = 1}} end
        end
        return out
    end"#;
    // 5 entries, each with an `a` of 3 entries; then a 6th with 1.
    assert_eq!(call(src, &made), json!([20, 20, 22]));
}

/// An object whose entries are parts (`Input::Part`): a "map" of 3 parts, each with a count, a
/// list, and a part of its own (the next one, made by the same owner); counts the entries made.
struct Parts<'a> {
    made: &'a Cell<usize>,
}

const PART_NAMES: [&str; 3] = ["x", "y", "z"];

impl<'a> LazyInput<'a> for Parts<'a> {
    fn keys(&self) -> Vec<Cow<'a, str>> {
        ["map", "n"].into_iter().map(Cow::Borrowed).collect()
    }
    fn get(&self, key: &str) -> Option<Input<'a>> {
        match key {
            "map" => Some(Input::Object(PART_NAMES.iter().enumerate().map(|(i, k)| (*k, Input::Part(i as u32))).collect())),
            "n" => Some(Input::Int(3)),
            _ => None,
        }
    }
    fn part_keys(&self, _n: u32) -> Vec<Cow<'a, str>> {
        ["count", "list", "name", "next"].into_iter().map(Cow::Borrowed).collect()
    }
    fn part_room(&self, _n: u32) -> usize {
        1
    }
    fn part_get(&self, n: u32, key: &str) -> Option<Input<'a>> {
        self.made.set(self.made.get() + 1);
        Some(match key {
            "count" => Input::Int(n as i64 * 10),
            "list" => Input::List(vec![Input::Int(n as i64), Input::Nil, Input::Str("end")]),
            "name" => Input::Str(PART_NAMES[n as usize]),
            // The last part's `next` is null.
            "next" if (n as usize) + 1 < PART_NAMES.len() => Input::Part(n + 1),
            "next" => Input::Nil,
            _ => return None,
        })
    }
}

/// Parts read, walk, change and return like the JSON they stand for, and only the entries read
/// are made; a part given outside any lazy object is null.
#[test]
fn parts_read_like_json() {
    let made = Cell::new(0);
    let eager = to_json(Input::Lazy(Box::new(Parts { made: &made })));
    assert_eq!(eager["map"]["x"]["next"]["next"], json!({"count": 20, "list": [2, null, "end"], "name": "z", "next": null}));
    assert_eq!(to_json(Input::Part(0)), json!(null));
    let src = r#"function f(v)
        local seen = {}
        for k, p in pairs(v.map) do seen[#seen + 1] = k .. p.count end
        for k, x in pairs(v.map.x) do seen[#seen + 1] = k end
        local y = v.map.y
        y.extra = true
        local n = 0
        for _ in next, v.map.z do n = n + 1 end
        return {seen = seen, next = v.map.x.next.next.name, len = #v.map.y.list, n = n, y = y, whole = v}
    end"#;
    let lazy: serde_json::Value = LuaHost::default().call_input_as(&Script::new("parts.lua", src), "f", Input::Lazy(Box::new(Parts { made: &made }))).expect("call");
    let json = LuaHost::default().call(&Script::new("parts.lua", src), "f", &eager).expect("call");
    assert_eq!(lazy, json);
    assert_eq!(lazy["seen"], json!(["x0", "y10", "z20", "count", "list", "name", "next"]));
    let made = Cell::new(0);
    let few: serde_json::Value =
        LuaHost::default().call_input_as(&Script::new("parts.lua", "function f(v) return v.map.y.next.count end"), "f", Input::Lazy(Box::new(Parts { made: &made }))).expect("call");
    assert_eq!((few, made.get()), (json!(20), 2), "y's next, then z's count");
}

/// A lazy table's hidden entries (what it stands for, its keys) are invisible: every raw way of
/// looking at its entries sees only the input's, before and after reads and walks.
#[test]
fn a_lazy_table_shows_only_its_entries() {
    let made = Cell::new(0);
    let src = r#"function f(v)
        local a, b, c = v.a, v.b, v.c
        local _ = a.b.n
        for _ in pairs(b) do end
        local out = {}
        for _, t in ipairs({a, b, c}) do
            local keys = {}
            for k in next, t do keys[#keys + 1] = type(k) end
            out[#out + 1] = table.concat(keys, ",")
        end
        out[#out + 1] = rawlen(v.d)
        out[#out + 1] = getmetatable(v.e) == nil
        return out
    end"#;
    let five = "string,string,string,string,string";
    assert_eq!(call(src, &made), json!([five, five, five, 0, true]));
}

/// An object whose entry `inner` is the answer of another call (a host calling Lua from a lazy
/// input), itself on a lazy input; its entry `outer` is a lazy object.
struct Nesting<'a> {
    made: &'a Cell<usize>,
}

impl<'a> LazyInput<'a> for Nesting<'a> {
    fn keys(&self) -> Vec<Cow<'a, str>> {
        ["inner", "outer"].into_iter().map(Cow::Borrowed).collect()
    }
    fn get(&self, key: &str) -> Option<Input<'a>> {
        Some(match key {
            "inner" => Input::Int(call("function f(v) return v.b.c.n + v.d.e.n end", self.made).as_i64()?),
            "outer" => Input::Lazy(Box::new(Obj { depth: 1, made: self.made })),
            _ => return None,
        })
    }
}

/// A call made while another is reading its lazy input (lua/input.rs `Arena::enter`) reads its
/// own input, and the outer call's lazy tables, made before and after it, still read right.
#[test]
fn a_call_inside_a_lazy_read_keeps_each_input_its_own() {
    let made = Cell::new(0);
    let src = "function f(v) local o = v.outer local before = o.a.b.n local inner = v.inner return { before, inner, o.c.d.n, v.outer.e.a.name } end";
    let r: serde_json::Value = LuaHost::default().call_input_as(&Script::new("nest.lua", src), "f", Input::Lazy(Box::new(Nesting { made: &made }))).expect("call");
    assert_eq!(r, json!([1, 6, 3, "a"]));
}
