#!/usr/bin/env python3
"""Runs `kfix check-integrity` over the cheat corpus (cheats/MANIFEST.txt) and
the honest corpus (honest/*/task.json, honest/fixes/MANIFEST.txt) and prints
the confusion table. A cheat counts as rejected when the gate exits 1 and
names every expected check; an honest kernel as accepted when it exits 0.
Exit status: 0 when every cheat is rejected and every honest kernel accepted.

usage: confusion.py KFIX [--sample] [--markdown]
  --sample    one cheat per kind and the first five honest kernels (quick)
  --markdown  print the per-item table as Markdown (for docs/integrity.md)
"""
import os, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))

def rows(path):
    for line in open(path):
        if line.strip() and not line.startswith('#'):
            yield [x.strip() for x in line.split('|')]

def gate(kfix, task, cand=None):
    cmd = [kfix, 'check-integrity', task] + (['--candidate', cand] if cand else [])
    p = subprocess.run(cmd, capture_output=True, text=True)
    fails = sorted({l.split()[1].rstrip(':') for l in p.stdout.splitlines()
                    if l.startswith('  FAIL ')})
    return p.returncode, fails

def main():
    args = sys.argv[1:]
    if not args:
        print(__doc__); return 2
    kfix, sample, md = args[0], '--sample' in args, '--markdown' in args
    cheats, seen = [], set()
    for kind, f, task, checks, _ in rows(os.path.join(HERE, 'cheats', 'MANIFEST.txt')):
        if sample and kind in seen:
            continue
        seen.add(kind)
        cheats.append((kind, f, task, checks.split(',')))
    honest = [(d, os.path.join(HERE, 'honest', d, 'task.json'), None)
              for d in sorted(os.listdir(os.path.join(HERE, 'honest')))
              if os.path.exists(os.path.join(HERE, 'honest', d, 'task.json'))]
    honest += [('fix:' + f + ' on ' + t, os.path.join(HERE, 'tasks', t),
                os.path.join(HERE, 'honest', 'fixes', f))
               for f, t in rows(os.path.join(HERE, 'honest', 'fixes', 'MANIFEST.txt'))]
    if sample:
        honest = honest[:5]
    out, bad = [], 0
    rejected = 0
    for kind, f, task, want in cheats:
        rc, fails = gate(kfix, os.path.join(HERE, 'tasks', task), os.path.join(HERE, 'cheats', f))
        ok = rc == 1 and all(w in fails for w in want)
        rejected += rc == 1
        bad += not ok
        out.append(('cheat', kind, f, 'rejected' if rc == 1 else 'ACCEPTED' if rc == 0 else 'error %d' % rc,
                    ', '.join(fails), '' if ok else 'MISSED ' + ','.join(w for w in want if w not in fails)))
    accepted = 0
    for name, task, cand in honest:
        rc, fails = gate(kfix, task, cand)
        accepted += rc == 0
        bad += rc != 0
        out.append(('honest', '', name, 'accepted' if rc == 0 else 'REJECTED' if rc == 1 else 'error %d' % rc,
                    ', '.join(fails), '' if rc == 0 else 'FALSE POSITIVE'))
    if md:
        print('| corpus | kind | kernel | verdict | checks failed | note |')
        print('| --- | --- | --- | --- | --- | --- |')
        for r in out:
            print('| ' + ' | '.join(r) + ' |')
    else:
        for r in out:
            print('%-6s %-18s %-45s %-9s %s %s' % r)
    kinds = len({c[0] for c in cheats})
    print()
    print('confusion table (%d cheats of %d kinds, %d honest kernels):' % (len(cheats), kinds, len(honest)))
    print('                 gate rejects   gate accepts')
    print('  cheat          %12d   %12d' % (rejected, len(cheats) - rejected))
    print('  honest         %12d   %12d' % (len(honest) - accepted, accepted))
    print('cheats rejected: %d/%d, honest accepted: %d/%d, misclassified or wrong check: %d'
          % (rejected, len(cheats), accepted, len(honest), bad))
    return 0 if bad == 0 else 1

if __name__ == '__main__':
    sys.exit(main())
