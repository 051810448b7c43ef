//! `bivouac serve` and `bivouac online ...` as a script drives them: two players, one game.

use std::process::Command;

fn bivouac(args: &[&str], token: Option<&str>, server: &str) -> (bool, String, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_bivouac"));
    cmd.args(args).env("BIVOUAC_SERVER", server).env_remove("BIVOUAC_TOKEN");
    if let Some(t) = token {
        cmd.env("BIVOUAC_TOKEN", t);
    }
    let out = cmd.output().expect("bivouac runs");
    (out.status.success(), String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn a_script_plays_online_through_the_cli() {
    let dir = std::env::temp_dir().join(format!("bivouac-online-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("server.db");
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let mut server = Command::new(env!("CARGO_BIN_EXE_bivouac"))
        .args(["serve", "--db", db.to_str().unwrap(), "--addr", &format!("127.0.0.1:{port}"), "--rate", "0"])
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let url = format!("http://127.0.0.1:{port}");
    let client = bivouac_server::client::Client::new(&url);
    for _ in 0..200 {
        if client.call("/api/catalog", None).is_ok() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let (ok, ann, e) = bivouac(&["online", "register", "--name", "ann", "--password", "a long secret"], None, &url);
    assert!(ok, "{e}");
    let (ok, bob, e) = bivouac(&["online", "register", "--name", "bob", "--password", "a long secret"], None, &url);
    assert!(ok, "{e}");
    let (ann, bob) = (ann.trim(), bob.trim());
    let (ok, out, e) = bivouac(&["online", "new", "--game", "blockade-runner", "--players", "2", "--seat", "p1"], Some(ann), &url);
    assert!(ok, "{e}");
    let id = out.lines().last().unwrap().trim().to_string();
    // The open seat's invitation link, on stderr: bob joins by it; used, it is refused.
    let link = e.lines().find_map(|l| l.strip_prefix("invitation to p2: ")).unwrap_or_else(|| panic!("no invitation in {e}")).to_string();
    assert!(link.starts_with(&format!("{url}/api/invites/")), "{link}");
    let (ok, out, e) = bivouac(&["online", "join", &link], Some(bob), &url);
    assert!(ok && out.contains(&format!("joined game {id} as p2")), "{out}{e}");
    let (ok, _, e) = bivouac(&["online", "join", &link], Some(ann), &url);
    assert!(!ok && e.contains("409"), "{e}");
    // The deal decides who begins: the list says whose turn it is.
    let (_, out, _) = bivouac(&["online", "games"], Some(ann), &url);
    assert!(out.contains(&id) && (out.contains("your turn") || out.contains("waiting for p2")), "{out}");
    let (mover, other) = if out.contains("your turn") { (ann, bob) } else { (bob, ann) };
    // Out of turn: refused, exit 1.
    let (_, line, _) = bivouac(&["online", "actions", &id], Some(mover), &url);
    let line = line.lines().next().unwrap().to_string();
    let (ok, _, e) = bivouac(&["online", "do", &id, &line], Some(other), &url);
    assert!(!ok && e.contains("422"), "{e}");
    // The refusal names the seat the caller plays and whose move it is.
    let (me, them) = if mover == ann { ("p2", "p1") } else { ("p1", "p2") };
    assert!(e.contains(&format!("you play {me}; {them}'s move is not yours")), "{e}");
    let (ok, out, e) = bivouac(&["online", "do", &id, &line], Some(mover), &url);
    assert!(ok, "{e}");
    assert!(out.contains("to act"), "{out}");
    let (ok, out, _) = bivouac(&["online", "show", &id], Some(bob), &url);
    assert!(ok && out.contains("you play p2"), "{out}");
    let (ok, _, e) = bivouac(&["online", "save", &id], Some(bob), &url);
    assert!(!ok && e.contains("403"), "{e}");
    let (ok, out, _) = bivouac(&["online", "resign", &id], Some(bob), &url);
    assert!(ok && out.contains("p2 resigned"), "{out}");
    let (ok, out, _) = bivouac(&["online", "save", &id], Some(ann), &url);
    assert!(ok && out.contains("\"seed\""), "{out}");
    let _ = server.kill();
    let _ = server.wait();
    std::fs::remove_dir_all(&dir).ok();
}
