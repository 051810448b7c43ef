#!/usr/bin/env python3
"""Which Bobby Lee rule sections are cited by a test .

Usage: rule_coverage.py SEED [WORKTREE]
  SEED      the Spanish rulebook text (its path given as an argument); its numbered
            headings (1.21, 2.2.4, 11.81, ...) are the rule sections.
  WORKTREE  the repository root (default: three levels above this file).

A section is cited by a test when a test file (tests.rs, tests/*.rs) says `BL x.y` (also in a
list such as `BL 7.35/7.42`) or a test name ends in `_bl_..._x_y`. A heading `x.0` is cited by
`BL x`. Prints the sections cited by a test, those cited only in the rules code, and those
cited nowhere; exits 1 when a section is cited by no test.
"""
import glob, os, re, sys

seed = open(sys.argv[1], encoding="utf-8").read().splitlines()
root = sys.argv[2] if len(sys.argv) > 2 else os.path.join(os.path.dirname(__file__), "..", "..", "..", "..")
src = os.path.join(root, "systems", "src", "bobby_lee")
secs = []
for line in seed:
    m = re.match(r"\s*(\d{1,2}\.\d{1,2}(?:\.\d)?)\s+\S", line)
    if m and m.group(1) not in secs:
        secs.append(m.group(1))
read = lambda files: "".join(open(f, encoding="utf-8").read() for f in files)
tests = read([os.path.join(src, "tests.rs")] + sorted(glob.glob(os.path.join(src, "tests", "*.rs"))))
code = read(f for f in glob.glob(os.path.join(src, "*.rs")) if not f.endswith("tests.rs"))

def cited(text, s):
    s0 = s[:-2] if s.endswith(".0") else s
    if re.search(r"BL (?:[0-9.]+(?:/| and |, | or ))*" + re.escape(s0) + r"(?![0-9]|\.[0-9])", text):
        return True
    return re.search(r"bl(?:_[0-9]+)*_" + s0.replace(".", "_") + r"(?![0-9])", text) is not None

tested = [s for s in secs if cited(tests, s)]
code_only = [s for s in secs if s not in tested and cited(code, s)]
nowhere = [s for s in secs if s not in tested and s not in code_only]
print(f"{len(secs)} rule sections; {len(tested)} cited by a test")
print("cited by a test:", " ".join(tested))
print("cited only in code:", " ".join(code_only) or "-")
print("cited nowhere:", " ".join(nowhere) or "-")
sys.exit(1 if code_only or nowhere else 0)
