#!/usr/bin/env python3
"""Which For the People rule sections and worked examples are cited by a test.

Usage: rule_coverage.py SUMMARY [WORKTREE]
  SUMMARY   a rules summary file (its path given as an argument). Its rulebook part (chapters 2-5,
            from "## 2." up to "## 6.") cites the rule numbers in brackets ([7.3.5], [6.4, 6.4.1]);
            every such number is a rule section (not "see [3.19]", a heading of the summary). Its worked examples are the ids T-XXX-n.
  WORKTREE  the repository root (default: four levels above this file).

A section is cited by a test when a test file (*tests.rs, *tests_*.rs under
systems/src/for_the_people, or the inline `#[cfg(test)] mod tests { }` of a rules file) says `FtP x.y` (also in a list such as `FtP 7.3.5/7.6.1`,
`FtP 6.4, 6.4.1` or `FtP 5.4.3 and 5.4.4`), a test name contains `fpt_x_y` (also
`fpt_4_2_5_9_2`-style chains), or a comment or string literal of a test names the bare number
(`// 7.7.1 / 7.7.2`, `"17.2.1"`). An example is cited when a
test file names its id (`T-CRT-2`) or a test is named after it (`t_crt_2_...`). Prints what is cited by a test, what only the rules code
cites, and what nothing cites; exits 1 when a section or an example is cited by no test.
"""
import glob, os, re, sys

summary = open(sys.argv[1], encoding="utf-8").read().splitlines()
root = sys.argv[2] if len(sys.argv) > 2 else os.path.join(os.path.dirname(__file__), "..", "..", "..", "..")
src = os.path.join(root, "systems", "src", "for_the_people")

start = next(i for i, l in enumerate(summary) if l.startswith("## 2."))
end = next(i for i, l in enumerate(summary) if l.startswith("## 6."))
# "see [3.19]" points at the summary's own heading 3.19, not at a rule.
headings = {m.group(1) for l in summary if (m := re.match(r"#+ (\d+(?:\.\d+)+) ", l))}
secs = []
for line in summary[start:end]:
    for see, bracket in re.findall(r"(see )?\[([^\]]*)\]", line):
        if see and bracket in headings:
            continue
        for s in re.findall(r"(?<![\d.])(\d{1,2}(?:\.\d{1,2}){1,2})(?!\d)", bracket):
            if s not in secs:
                secs.append(s)
examples = sorted(set(re.findall(r"\bT-[A-Z]+(?:-[0-9A-Z]+)+\b", "\n".join(summary))))

files = glob.glob(os.path.join(src, "**", "*.rs"), recursive=True)
is_test = lambda f: re.search(r"tests?(_[a-z0-9_]+)?\.rs$", os.path.basename(f)) is not None
tests, code = "", ""
for f in sorted(files):
    text = open(f, encoding="utf-8").read()
    if is_test(f):
        tests += text
        continue
    # An inline `#[cfg(test)] mod tests { ... }` at the end of a rules file is test code.
    m = re.search(r"#\[cfg\(test\)\]\s*mod \w+\s*\{", text)
    code += text[: m.start()] if m else text
    tests += text[m.start():] if m else ""

def prose(text):
    """The comments and string literals of some Rust code, where a bare rule number is a citation."""
    out = []
    for line in text.splitlines():
        out += re.findall(r'"(?:[^"\\]|\\.)*"', line.split("//")[0])
        if "//" in line:
            out.append(line.split("//", 1)[1])
    return "\n".join(out)

def cited(text, s, bare=""):
    if re.search(r"(?<![0-9.])" + re.escape(s) + r"(?![0-9]|\.[0-9])", bare):
        return True
    if re.search(r"FtP (?:[0-9.]+(?:/| and |, | or |-))*" + re.escape(s) + r"(?![0-9]|\.[0-9])", text):
        return True
    return re.search(r"fpt(?:_[0-9]+)*_" + s.replace(".", "_") + r"(?![0-9])", text) is not None

def report(kind, items, cite):
    tested = [s for s in items if cite(tests, s, prose(tests))]
    code_only = [s for s in items if s not in tested and cite(code, s)]
    nowhere = [s for s in items if s not in tested and s not in code_only]
    print(f"{len(items)} {kind}; {len(tested)} cited by a test")
    print("  cited by a test:", " ".join(tested))
    print("  cited only in code:", " ".join(code_only) or "-")
    print("  cited nowhere:", " ".join(nowhere) or "-")
    return code_only + nowhere

gaps = report("rule sections", secs, cited)
def example_cited(text, e, _=""):
    snake = e.lower().replace("-", "_")
    return re.search(re.escape(e) + r"(?![0-9A-Z])|(?<![a-z0-9])" + snake + r"(?![0-9a-z])", text) is not None

gaps += report("worked examples", examples, example_cited)
sys.exit(1 if gaps else 0)
