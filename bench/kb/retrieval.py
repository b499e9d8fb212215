#!/usr/bin/env python3
"""KB retrieval accuracy: for every kb/examples/<id>/ task, diagnose the example,
rank the KB with `kfix kb search`, and report whether <id> is ranked first / in
the top 3. Also diagnoses after.cu (the fixed kernel) and reports any finding
or failure there (there should be none).

usage: bench/kb/retrieval.py [--kfix build/bin/kfix] [--kb kb] [--markdown]
Exit status: 0 when top-3 accuracy >= 90% and every after.cu is clean, else 1.
"""
import argparse, json, os, subprocess, sys, tempfile

def run(cmd):
    return subprocess.run(cmd, capture_output=True, text=True)

def main():
    ap = argparse.ArgumentParser()
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    ap.add_argument("--kfix", default=os.path.join(root, "build", "bin", "kfix"))
    ap.add_argument("--kb", default=os.path.join(root, "kb"))
    ap.add_argument("--markdown", action="store_true")
    a = ap.parse_args()
    ex_root = os.path.join(a.kb, "examples")
    rows, top1, top3, clean = [], 0, 0, 0
    ids = sorted(d for d in os.listdir(ex_root) if os.path.exists(os.path.join(ex_root, d, "task.json")))
    with tempfile.TemporaryDirectory() as tmp:
        for eid in ids:
            ex = os.path.join(ex_root, eid)
            task = os.path.join(ex, "task.json")
            out = os.path.join(tmp, eid)
            run([a.kfix, "diagnose", task, "-o", out, "--target", "cpu"])
            rep = os.path.join(out, "report.json")
            if not os.path.exists(rep):
                rows.append((eid, "-", "no report", "", "")); continue
            r = run([a.kfix, "kb", "search", "--kb", a.kb, "--signature", rep,
                     "--kernel", os.path.join(ex, "kernel.cu"), "--json"])
            ranked = [e["id"] for e in json.loads(r.stdout or "[]")]
            rank = ranked.index(eid) + 1 if eid in ranked else None
            top1 += rank == 1
            top3 += rank is not None and rank <= 3
            # The fixed kernel: passes, and diagnose reports no finding.
            aout = os.path.join(tmp, eid + "-after")
            ar = run([a.kfix, "diagnose", task, "--candidate", os.path.join(ex, "after.cu"),
                      "-o", aout, "--target", "cpu"])
            after = "?"
            arep = os.path.join(aout, "report.json")
            if os.path.exists(arep):
                sig = json.load(open(arep)).get("signature", {})
                nf = len(sig.get("findings", [])) + len(sig.get("faults", []))
                ok = sig.get("passed") and nf == 0
                after = "pass, 0 findings" if ok else f"passed={sig.get('passed')} findings+faults={nf}"
                clean += bool(ok)
            rows.append((eid, rank if rank else "-", ", ".join(ranked[:3]), after))
    n = len(ids)
    if a.markdown:
        print("| example | rank | top 3 | after.cu |")
        print("| --- | --- | --- | --- |")
        for row in rows:
            print("| " + " | ".join(str(c) for c in row) + " |")
        print()
    else:
        for row in rows:
            print(f"{row[0]:28} rank {str(row[1]):3} top3: {row[2]:70} after: {row[3]}")
    print(f"top-1: {top1}/{n} ({100.0 * top1 / max(n, 1):.0f}%), top-3: {top3}/{n} "
          f"({100.0 * top3 / max(n, 1):.0f}%), after.cu clean: {clean}/{n}")
    return 0 if n and top3 * 10 >= 9 * n and clean == n else 1

if __name__ == "__main__":
    sys.exit(main())
