"""Splicing repaired CUDA functions into a KernelBench candidate (a Python file).

The candidate's CUDA lives in Python string literals (cuda_sources of load_inline,
often assembled from several literals). Each string literal of the candidate is
decoded with a map from every character of its value back to its offset in the
file; the repaired .cu's __global__ / __device__ functions are found in the values
by name, and each one whose text changed replaces the original's bytes in the file,
re-encoded for the literal it lands in (raw or not, quotes, f-string and .format
braces doubled, `%` doubled in a `%` template, the literal's indentation). Every
other byte of the file is kept. __device__ helpers the candidate lacks are inserted
before the first replaced function of their literal.

Used by `kfix export-kernelbench` (cli.py) and by the solution.py that
`kfix debug-kernelbench` delivers (debug.py). No torch needed.
"""
import ast
import io
import re
import tokenize

_SIMPLE_ESC = {"\\": "\\", "'": "'", '"': '"', "a": "\a", "b": "\b", "f": "\f", "n": "\n",
               "r": "\r", "t": "\t", "v": "\v"}


class SpliceError(Exception):
    pass


# -- C++ side -----------------------------------------------------------------------
def _mask_cpp(text):
    """text with comments, string and character literals blanked (same length)."""
    out = list(text)
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            for k in range(i, j):
                out[k] = " "
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            for k in range(i, j):
                if out[k] != "\n":
                    out[k] = " "
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            for k in range(i + 1, min(j, n)):
                out[k] = " "
            i = j + 1
        else:
            i += 1
    return "".join(out)


def cuda_functions(text):
    """The __global__ / __device__ function definitions of a CUDA text:
    [{"name", "kind": "global"|"device", "start", "end", "templated"}], start..end
    spanning a preceding `template <...>` and qualifiers, through the closing brace."""
    m = _mask_cpp(text)
    fns = []
    last_end = 0
    for q in re.finditer(r"\b__(global|device)__\b", m):
        if q.start() < last_end:
            continue  # inside the previous function, or its second qualifier
        # The declaration starts after the previous `;`, `{`, `}` or directive line.
        b = max(m.rfind(";", 0, q.start()), m.rfind("{", 0, q.start()),
                m.rfind("}", 0, q.start())) + 1
        start = b
        for dl in re.finditer(r"^[ \t]*#.*$", m[b:q.start()], re.M):
            start = b + dl.end()
        while start < q.start() and m[start].isspace():
            start += 1
        brace = m.find("{", q.end())
        semi = m.find(";", q.end())
        if brace < 0 or (0 <= semi < brace):
            continue  # a declaration or a variable
        head = re.sub(r"__launch_bounds__\s*\([^)]*\)", " ", m[q.end():brace])
        nm = re.search(r"([A-Za-z_]\w*)\s*(<[^()]*>)?\s*\(", head)
        if not nm:
            continue
        depth, i = 0, brace
        while i < len(m):
            if m[i] == "{":
                depth += 1
            elif m[i] == "}":
                depth -= 1
                if depth == 0:
                    break
            i += 1
        if depth:
            continue
        full_head = m[start:brace]
        fns.append({"name": nm.group(1), "kind": "global" if "__global__" in full_head
                    else "device", "start": start, "end": i + 1,
                    "templated": full_head.lstrip().startswith("template")})
        last_end = i + 1
    return fns


# -- Python side ----------------------------------------------------------------------
class Literal:
    """One string literal token of the candidate: its value and, for each character
    of the value, the offset in the file it came from."""

    def __init__(self, start, end, prefix, quote, triple, body_start, body_end):
        self.start, self.end = start, end
        self.prefix = prefix.lower()
        self.quote, self.triple = quote, triple
        self.body_start, self.body_end = body_start, body_end
        self.raw = "r" in self.prefix
        self.fstring = "f" in self.prefix
        self.format = False   # a .format template (braces doubled)
        self.percent = False  # a % template (% doubled)
        self.value = ""
        self.pos = []         # file offset of value[i]; pos[len] = body_end
        self.ok = True


def _line_offsets(src):
    offs = [0]
    for line in src.splitlines(True):
        offs.append(offs[-1] + len(line))
    return offs


def _decode(src, lit):
    """Fills lit.value / lit.pos; lit.ok False when the literal cannot be mapped."""
    s, e = lit.body_start, lit.body_end
    val, pos = [], []
    braces = lit.fstring or lit.format
    i = s
    while i < e:
        c = src[i]
        if braces and c in "{}":
            if src.startswith(c * 2, i):
                val.append(c)
                pos.append(i)
                i += 2
                continue
            if c == "}":  # a lone `}` is an error in a template; keep it
                val.append(c)
                pos.append(i)
                i += 1
                continue
            # a replacement field: kept as written (its braces balance)
            depth, j = 0, i
            while j < e:
                if src[j] == "{":
                    depth += 1
                elif src[j] == "}":
                    depth -= 1
                    if depth == 0:
                        break
                j += 1
            for k in range(i, min(j + 1, e)):
                val.append(src[k])
                pos.append(k)
            i = j + 1
            continue
        if lit.percent and src.startswith("%%", i):
            val.append("%")
            pos.append(i)
            i += 2
            continue
        if c == "\\" and not lit.raw and i + 1 < e:
            d = src[i + 1]
            if d == "\n":
                i += 2
                continue
            if d in _SIMPLE_ESC:
                val.append(_SIMPLE_ESC[d])
                pos.append(i)
                i += 2
                continue
            mo = re.match(r"[0-7]{1,3}", src[i + 1:i + 4])
            if mo:
                val.append(chr(int(mo.group(0), 8)))
                pos.append(i)
                i += 1 + len(mo.group(0))
                continue
            mx = {"x": 2, "u": 4, "U": 8}.get(d)
            if mx and re.fullmatch(r"[0-9a-fA-F]{%d}" % mx, src[i + 2:i + 2 + mx]):
                val.append(chr(int(src[i + 2:i + 2 + mx], 16)))
                pos.append(i)
                i += 2 + mx
                continue
            if d == "N":
                j = src.find("}", i)
                import unicodedata
                try:
                    val.append(unicodedata.lookup(src[i + 3:j]))
                except (KeyError, ValueError):
                    lit.ok = False
                    return
                pos.append(i)
                i = j + 1
                continue
            val.append("\\")  # an unknown escape keeps its backslash
            pos.append(i)
            i += 1
            continue
        if c == "\\" and lit.raw and i + 1 < e:
            val.extend(src[i:i + 2])
            pos.extend((i, i + 1))
            i += 2
            continue
        val.append(c)
        pos.append(i)
        i += 1
    lit.value = "".join(val)
    lit.pos = pos + [e]
    if not (lit.fstring or lit.format or lit.percent):
        try:
            lit.ok = ast.literal_eval(src[lit.start:lit.end]) == lit.value
        except Exception:
            lit.ok = False


def _templates(src, tree, offs):
    """Spans (start, end) of expressions used as .format / % templates."""
    def span(n):
        return (offs[n.lineno - 1] + n.col_offset, offs[n.end_lineno - 1] + n.end_col_offset)
    fmt_names, pct_names = set(), set()
    fmt, pct = [], []
    for n in ast.walk(tree):
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and \
                n.func.attr in ("format", "format_map"):
            v = n.func.value
            (fmt_names.add(v.id) if isinstance(v, ast.Name) else fmt.append(span(v)))
        elif isinstance(n, ast.BinOp) and isinstance(n.op, ast.Mod):
            v = n.left
            if isinstance(v, ast.Name):
                pct_names.add(v.id)
            elif isinstance(v, (ast.Constant, ast.JoinedStr, ast.Call, ast.BinOp)) and \
                    not (isinstance(v, ast.Constant) and not isinstance(v.value, str)):
                pct.append(span(v))
    for n in ast.walk(tree):
        targets, value = [], None
        if isinstance(n, ast.Assign):
            targets, value = n.targets, n.value
        elif isinstance(n, (ast.AnnAssign, ast.AugAssign)) and n.value is not None:
            targets, value = [n.target], n.value
        for t in targets:
            if isinstance(t, ast.Name):
                if t.id in fmt_names:
                    fmt.append(span(value))
                if t.id in pct_names:
                    pct.append(span(value))
    return fmt, pct


def string_literals(src):
    """Every str literal token of a Python source, decoded (see Literal)."""
    offs = _line_offsets(src)
    try:
        tree = ast.parse(src)
        toks = list(tokenize.generate_tokens(io.StringIO(src).readline))
    except (SyntaxError, tokenize.TokenError, IndentationError) as e:
        raise SpliceError("the candidate is not valid Python: %s" % e)
    fmt, pct = _templates(src, tree, offs)
    lits = []
    i = 0
    while i < len(toks):
        t = toks[i]
        start = offs[t.start[0] - 1] + t.start[1]
        if t.type == tokenize.STRING:
            end = offs[t.end[0] - 1] + t.end[1]
        elif getattr(tokenize, "FSTRING_START", None) == t.type:  # Python 3.12+
            depth = 0
            while i < len(toks):
                if toks[i].type == tokenize.FSTRING_START:
                    depth += 1
                elif toks[i].type == tokenize.FSTRING_END:
                    depth -= 1
                    if depth == 0:
                        break
                i += 1
            end = offs[toks[i].end[0] - 1] + toks[i].end[1]
        else:
            i += 1
            continue
        i += 1
        text = src[start:end]
        m = re.match(r"([A-Za-z]*)('''|\"\"\"|'|\")", text)
        prefix, q = m.group(1), m.group(2)
        if "b" in prefix.lower():
            continue
        lit = Literal(start, end, prefix, q[0], len(q) == 3, start + m.end(), end - len(q))
        lit.format = any(a <= start and end <= b for a, b in fmt) and not lit.fstring
        lit.percent = any(a <= start and end <= b for a, b in pct)
        _decode(src, lit)
        lits.append(lit)
    return lits


def _encode(lit, text):
    """text as the inside of lit's literal; None when it cannot be written there."""
    if lit.fstring or lit.format:
        text = text.replace("{", "{{").replace("}", "}}")
    if lit.percent:
        text = text.replace("%", "%%")
    q3 = lit.quote * (3 if lit.triple else 1)
    if lit.raw:
        if q3 in text or (not lit.triple and "\n" in text) or text.endswith("\\"):
            return None
        return text
    out = []
    for i, c in enumerate(text):
        if c == "\\":
            out.append("\\\\")
        elif c == lit.quote and (not lit.triple or i + 1 == len(text) or text[i + 1] == lit.quote):
            out.append("\\" + c)
        elif c == "\n" and not lit.triple:
            out.append("\\n")
        elif c == "\r":
            out.append("\\r")
        else:
            out.append(c)
    return "".join(out)


def _indent_like(value, at, text, prefix_in_text):
    """text re-indented for value at offset at: its lines after the first get the
    indentation the original function's line has in the value beyond the one the
    repaired function's first line has in its own file."""
    ls = value.rfind("\n", 0, at) + 1
    lead = value[ls:at]
    if lead.strip() or not lead.startswith(prefix_in_text):
        return text
    extra = lead[len(prefix_in_text):]
    if not extra:
        return text
    lines = text.split("\n")
    return "\n".join([lines[0]] + [(extra + l) if l.strip() else l for l in lines[1:]])


def splice_kernels(candidate_src, repaired_cu, names=None):
    """candidate_src with the repaired functions spliced in.

    names: only these functions (kernel names, template arguments ignored); default
    every __global__ / __device__ function of repaired_cu. Returns (new_src, changes)
    where changes lists {"name", "action": "replaced"|"unchanged"|"inserted"|
    "not-in-candidate", "notes"}. Raises SpliceError naming the reason when nothing
    can be spliced."""
    want = None if names is None else {n.split("<")[0].strip() for n in names}
    rfns = [f for f in cuda_functions(repaired_cu) if want is None or f["name"] in want]
    if not rfns:
        raise SpliceError("the repaired source defines no __global__ or __device__ function%s"
                          % ("" if want is None else " named " + ", ".join(sorted(want))))
    lits = string_literals(candidate_src)
    cands = {}  # name -> [(literal, function in its value)]
    for lit in lits:
        if "__global__" in lit.value or "__device__" in lit.value:
            for f in cuda_functions(lit.value):
                cands.setdefault(f["name"], []).append((lit, f))
    edits = []     # (file start, file end, new text, expected value text)
    changes = []
    inserts = []   # repaired __device__ functions the candidate lacks
    first = None   # (file offset, literal, value offset) of the first replaced function
    for rf in rfns:
        new_text = repaired_cu[rf["start"]:rf["end"]]
        occ = [(l, f) for (l, f) in cands.get(rf["name"], []) if f["kind"] == rf["kind"]]
        if not occ:
            if rf["kind"] == "device" and want is None:
                inserts.append(rf)
            else:
                changes.append({"name": rf["name"], "action": "not-in-candidate", "notes": []})
            continue
        if len({l.value[f["start"]:f["end"]] for (l, f) in occ}) > 1:
            raise SpliceError("the candidate defines %s %d times, differently; cannot tell "
                              "which one was repaired" % (rf["name"], len(occ)))
        rls = repaired_cu.rfind("\n", 0, rf["start"]) + 1
        rlead = repaired_cu[rls:rf["start"]]
        rlead = rlead if not rlead.strip() else ""
        notes, changed = [], False
        for lit, f in occ:
            old = lit.value[f["start"]:f["end"]]
            text = _indent_like(lit.value, f["start"], new_text, rlead)
            if old in (text, new_text):
                continue
            if f["templated"] and not rf["templated"]:
                raise SpliceError("the repaired %s is an instance of the candidate's template; "
                                  "the patch needs the template" % rf["name"])
            if not lit.ok:
                raise SpliceError("the string literal holding %s (offset %d) has escapes kfix "
                                  "cannot map back to the file" % (rf["name"], lit.start))
            fs, fe = lit.pos[f["start"]], lit.pos[f["end"]]
            enc = _encode(lit, text)
            if enc is None:
                raise SpliceError("the repaired %s cannot be written into its raw string literal "
                                  "(it contains the literal's closing quotes or ends with a "
                                  "backslash)" % rf["name"])
            if (lit.fstring or lit.format) and "{" in re.sub(r"\{\{|\}\}", "",
                                                             candidate_src[fs:fe]):
                notes.append("its text in the candidate had template fields (%s); the "
                             "repaired text is concrete" % ", ".join(sorted(set(
                                 re.findall(r"(?<!\{)\{[^{}]+\}", candidate_src[fs:fe])))))
            edits.append((fs, fe, enc, text))
            changed = True
            if first is None or fs < first[0]:
                first = (fs, lit, f["start"])
        changes.append({"name": rf["name"], "action": "replaced" if changed else "unchanged",
                        "notes": notes})
    if not any(c["action"] != "not-in-candidate" for c in changes):
        raise SpliceError("none of its functions (%s) is defined in a string literal of the "
                          "candidate" % ", ".join(f["name"] for f in rfns))
    if inserts and first is None:
        raise SpliceError("the repaired source's new functions %s have no changed function "
                          "to go before" % ", ".join(f["name"] for f in inserts))
    if inserts:
        _, lit, at = first
        block = "".join(repaired_cu[f["start"]:f["end"]] + "\n\n" for f in inserts)
        ls = lit.value.rfind("\n", 0, at) + 1
        lead = lit.value[ls:at]
        if lead and not lead.strip():
            block = "\n".join((lead + l) if (l.strip() and k) else l
                              for k, l in enumerate(block.split("\n")))
            block += lead
        enc = _encode(lit, block)
        if enc is None:
            raise SpliceError("the new device functions cannot be written into a raw string "
                              "literal")
        p = lit.pos[at]
        edits.append((p, p, enc, block))
        for f in inserts:
            changes.append({"name": f["name"], "action": "inserted", "notes": []})
    edits.sort(key=lambda e: (e[0], e[1]))
    for a, b in zip(edits, edits[1:]):
        if a[1] > b[0]:
            raise SpliceError("two repaired functions overlap in the candidate")
    out = candidate_src
    for s, e, t, _ in reversed(edits):
        out = out[:s] + t + out[e:]
    # What is written reads back: every new text is in a literal's value again.
    if edits:
        values = [l.value for l in string_literals(out)]
        for _, _, _, text in edits:
            if not any(text in v for v in values):
                raise SpliceError("internal error: the spliced text does not read back from "
                                  "the module")
    return out, changes
