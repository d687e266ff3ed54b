"""The long fuzz run of the order reader and the lawfulness check: a million inputs or more.

Not a pytest test: run it by hand (see bench/README.md). The suite's own fuzz tests
(tests/test_fuzz.py) run a few hundred examples per kind through hypothesis; this script
makes the same kinds of input from a seeded generator, fast enough for millions, and sends
each through `tests/test_fuzz.py:survives` (`read_orders`, then `lawful.problems` for
officers in space, on the ground and at the base, with and without the research rule):

    python bench/fuzz_orders.py                       # 1,000,000 inputs on every core
    python bench/fuzz_orders.py --inputs 20000        # a short run
    python bench/fuzz_orders.py --seed 7 --jobs 2

Every exception is a finding: its input is written to `--out` (`finding-N.bin`) with the
traceback, to replay with `read_orders(Path(...).read_bytes(), "x")`. The figures (inputs,
time, findings, inputs per kind) go to `--out/fuzz.json`.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import platform
import random
import sys
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for folder in (ROOT, ROOT / "tests"):  # run from a checkout without installing
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

from pbem.orders.keywords import ALIASES  # noqa: E402
from pbem.orders.limits import MOST_FILE_BYTES  # noqa: E402

import test_fuzz  # noqa: E402  (the states and the property of the suite's fuzz tests)

KEYWORDS = sorted(ALIASES)
ODD_NUMBERS = ["²", "①", "٣", "１２", "1_000", "-0", "+5", "0x10", "1e3", "٣٣", "3.5", "½",
               "Ⅻ", "𝟗", "", " ", "NaN", "inf", "-1", "-999999", "00000000000000000007"]
WORDS = ["N", "NE", "UP", "DOWN", "NORTH-EAST", "NONE", "NEW", "TO", "A", "B", "C", "D",
         "ON", "OFF", "LAND", "EMBARK", "LASERS", "ALL", "P-1", "P-4", "ATTACK", "MOVEMENT",
         "crews=2,shields=5", "crews=٣", "Notius", "Niccolò Varro", "+", "#", ">",
         "4tq9-mx2d", "\x1b[2J", "\x1b]0;x\x07", "\u202e", "\x00", "\t", "\x85", "\u2028",
         "SECRET", "> SECRET 4tq9-mx2d"]
ENCODINGS = ["utf-8", "utf-8-sig", "latin-1", "cp1252", "utf-16", "utf-16-le", "utf-16-be",
             "utf-32", "mac-roman"]


def number(r: random.Random) -> str:
    pick = r.random()
    if pick < 0.4:
        return str(r.randint(-10**6, 10**6))
    if pick < 0.55:
        return "9" * r.randint(10, 6000)  # past int()'s 4,300 digits
    if pick < 0.65:
        return "0" * r.randint(1, 40) + str(r.randint(0, 99))
    return r.choice(ODD_NUMBERS)


def word(r: random.Random) -> str:
    pick = r.random()
    if pick < 0.3:
        return r.choice(KEYWORDS)
    if pick < 0.8:
        return r.choice(WORDS)
    return "".join(chr(r.choice([r.randint(32, 126), r.randint(0, 0x2FFF)]))
                   for _ in range(r.randint(0, 12)))


def order_text(r: random.Random) -> str:
    officer = r.choice(sorted(test_fuzz.SECRETS))
    header = [f"GAME {r.choice(['cornifex', 'CORNIFEX', 'other'])}",
              f"OFFICER {test_fuzz.NAMES[officer]}",
              f"SECRET {r.choice([test_fuzz.SECRETS[officer], 'wrong'])}",
              f"MOVE {r.choice(['1', number(r)])}"]
    if r.random() < 0.3:
        header = [r.choice(header) for _ in range(r.randint(0, 5))]
    lines = [" ".join([r.choice(KEYWORDS)] + [r.choice([number, word])(r)
                                              for _ in range(r.randint(0, 4))])
             for _ in range(r.randint(0, 15))]
    return "\n".join([*header, *lines, r.choice(["END", "", "END\n> SECRET 4tq9-mx2d", "FINE"])])


def random_bytes(r: random.Random, mails: list[bytes]) -> bytes:
    return r.randbytes(r.randint(0, 4096))


def mutated_mail(r: random.Random, mails: list[bytes]) -> bytes:
    data = bytearray(r.choice(mails))
    for _ in range(r.randint(1, 8)):
        at = r.randint(0, len(data))
        how = r.choice(["insert", "delete", "replace", "repeat", "splice", "nul"])
        if how == "insert":
            data[at:at] = r.randbytes(r.randint(1, 16))
        elif how == "delete":
            del data[at:at + r.randint(1, 32)]
        elif how == "replace" and at < len(data):
            data[at] = r.randint(0, 255)
        elif how == "repeat":
            start = data.rfind(b"\n", 0, at) + 1
            end = data.find(b"\n", at)
            line = bytes(data[start:end + 1 if end >= 0 else len(data)])
            data[start:start] = line * r.randint(1, 30)
        elif how == "splice":
            other = r.choice(mails)
            data[at:] = other[r.randint(0, len(other)):]
        elif how == "nul":
            data[at:at] = b"\0" * r.randint(1, 4)
    return bytes(data)


def hostile_orders(r: random.Random, mails: list[bytes]) -> bytes:
    text = order_text(r).replace("\n", r.choice(["\n", "\r\n", "\r"]))
    return text.encode(r.choice(ENCODINGS), errors="replace")


def mixed_encodings(r: random.Random, mails: list[bytes]) -> bytes:
    data = bytearray(b"".join(order_text(r).encode(r.choice(ENCODINGS), errors="replace")
                              for _ in range(r.randint(1, 3))))
    for _ in range(r.randint(0, 6)):
        at = r.randint(0, len(data))
        data[at:at] = b"\0"
    return bytes(data)


def any_text(r: random.Random, mails: list[bytes]) -> str:
    return "".join(chr(r.choice([r.randint(0, 127), r.randint(0, 0xD7FF), r.randint(0xE000, 0x10FFFF)]))
                   for _ in range(r.randint(0, 2000)))


def about_the_limit(r: random.Random, mails: list[bytes]) -> bytes:
    size = r.randint(MOST_FILE_BYTES - 64, MOST_FILE_BYTES + 64)
    return (r.choice(mails) + r.randbytes(r.randint(1, 8)) * size)[:size]


KINDS = {
    "random bytes": random_bytes, "mutated mails": mutated_mail,
    "hostile numbers and words": hostile_orders, "mixed encodings and NUL bytes": mixed_encodings,
    "any text": any_text, "about the largest file read": about_the_limit,
}
WEIGHTS = {"random bytes": 25, "mutated mails": 30, "hostile numbers and words": 25,
           "mixed encodings and NUL bytes": 12, "any text": 6, "about the largest file read": 2}


def work(args: tuple[int, int, int, str]) -> dict:
    """One worker's share: `count` inputs from its own seed; what it found."""
    seed, worker, count, out = args
    r = random.Random(f"{seed}-{worker}")
    mails = test_fuzz.MAILS
    names = list(KINDS)
    weights = [WEIGHTS[n] for n in names]
    per_kind = dict.fromkeys(names, 0)
    findings = []
    officers = {name.casefold() for name in test_fuzz.NAMES.values()}
    reached = 0  # inputs whose header named an officer of the game: every check ran
    for n in range(count):
        kind = r.choices(names, weights)[0]
        data = KINDS[kind](r, mails)
        per_kind[kind] += 1
        try:
            orders, _ = test_fuzz.survives(data)
            reached += bool(orders.officer and orders.officer.casefold() in officers)
        except Exception:  # a finding: keep the input and what it raised
            path = Path(out) / f"finding-{worker}-{n}.bin"
            path.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8", "surrogatepass"))
            findings.append({"kind": kind, "input": str(path), "error": traceback.format_exc()})
    return {"per_kind": per_kind, "findings": findings, "reached": reached}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--inputs", type=int, default=1_000_000)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=1982)
    parser.add_argument("--out", type=Path, default=ROOT / "bench-out" / "fuzz")
    options = parser.parse_args()
    options.out.mkdir(parents=True, exist_ok=True)
    chunks = max(options.jobs, options.inputs // 5000)  # a progress line every tenth or so
    share = [options.inputs // chunks + (1 if i < options.inputs % chunks else 0)
             for i in range(chunks)]
    started = time.perf_counter()
    per_kind: dict[str, int] = dict.fromkeys(KINDS, 0)
    findings: list[dict] = []
    done = reached = 0
    with multiprocessing.Pool(options.jobs) as pool:
        jobs = [(options.seed, i, n, str(options.out)) for i, n in enumerate(share) if n]
        for result in pool.imap_unordered(work, jobs):
            for kind, n in result["per_kind"].items():
                per_kind[kind] += n
            findings += result["findings"]
            reached += result["reached"]
            before, done = done, done + sum(result["per_kind"].values())
            if done * 10 // options.inputs > before * 10 // options.inputs:
                elapsed = time.perf_counter() - started
                print(f"{done:,} inputs, {elapsed:,.0f} s, {len(findings)} findings", flush=True)
    elapsed = time.perf_counter() - started
    figures = {
        "inputs": done, "seconds": round(elapsed, 1), "inputs_per_second": round(done / elapsed),
        "findings": len(findings), "per_kind": per_kind,
        "named_an_officer": reached, "seed": options.seed,
        "jobs": options.jobs, "python": platform.python_version(),
        "platform": platform.platform(), "found": findings[:50],
    }
    (options.out / "fuzz.json").write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    print(json.dumps({k: v for k, v in figures.items() if k != "found"}, indent=2))
    for finding in findings[:5]:
        print(finding["input"], finding["error"], sep="\n")


if __name__ == "__main__":
    main()
