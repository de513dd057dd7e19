#!/usr/bin/env python3
"""`scripts/bench compare`: issue 27's table, this build beside other tools, in one sitting.

    compare.py --assetflow BIN --bench BIN [--previous BIN [--previous-bench BIN] [--previous-store STORE]]
               [--rounds N] [--only KEY,KEY]

Each row of the table is a piece of work on the benchmark store (50 assets, 250,000 prices,
100,000 transactions): this build does it, and so do, where they can, a plain Python
`decimal` replay (replay.py, next to this file), the sqlite3 shell reading the rows the work
needs, hledger on the exported journal (when installed), and a previous AssetFlow binary
(--previous; `scripts/bench compare --previous REV` builds a git revision into one). The
previous build works on a store of its own, since a store this build has opened may carry
migrations an older build refuses: --previous-store, or else the one its own benchmark
binary (--previous-bench, by default the `assetflow-bench` beside --previous) generates,
kept in $TMPDIR/assetflow-compare-previous-SIZE-MTIME/ for the next comparison. Every
command is a whole process, run `rounds` times; the rounds alternate the tools, so a
machine that slows down slows them all. Figures are medians of elapsed time; CPU (user +
system, from wait4) beside them, which a loaded machine inflates far less than elapsed time,
and each command's peak memory (max RSS). The ratio columns are this build's figure divided
by the other's (below 1: this build is faster); the previous build's ratio is given for
elapsed time and for CPU. Figures, not tests: nothing here fails on a slow machine.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
MEMORY_GOAL_MB = 64

# The issue's figures ("now", measured on main 7396fbc on a quiet machine), in seconds.
ISSUE_BEFORE = {"run_empty": 0.047, "values": 0.047, "timeline": 0.115, "performance": 0.223,
                "monte_carlo": 0.15, "import": 1.55}

SCRIPTS = {
    "empty.lua": "",
    "values.lua": "local t = D(0)\nfor _, a in ipairs(af.assets()) do t = t + a.current_value end\nreturn t\n",
    "timeline.lua": "return #af.portfolio('Everything'):timeline{ from = '2006-01-02', every = 'day' }\n",
    "performance.lua": "local r = af.performance{}\nreturn r.twr\n",
    "monte_carlo.lua": ("local r = af.project{ start_value = 100000, monthly = 1000, months = 480, annual_return = 0.06,\n"
                        "  volatility = 0.15, inflation = 0.02, fees = 0.002, goal = 2000000, runs = 10000, seed = 42 }\n"
                        "local _ = r.monte_carlo\n"),
}

SQL_TIMELINE = ("SELECT asset_id, date, type, quantity, price, total, fees FROM asset_transaction ORDER BY asset_id, date, id;"
                "SELECT asset_id, date, price FROM price_history ORDER BY asset_id, date;")
SQL_VALUES = ("SELECT asset_id, quantity, cost_basis, realized_gain FROM position_snapshot;"
              "SELECT p.asset_id, p.price FROM price_history p WHERE p.date = "
              "(SELECT max(date) FROM price_history q WHERE q.asset_id = p.asset_id);")


def run(argv, env=None, stdin=None):
    """Runs a command; returns (elapsed s, CPU s, peak MB). A failure stops the benchmark."""
    start = time.perf_counter()
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, stdin=stdin)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        sys.exit(f"compare: {' '.join(argv)} failed (exit {process.returncode}): {process.stderr.read().decode()[-2000:]}")
    process.stderr.close()
    return elapsed, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def settled_copy(binary, folder, name):
    """A copy of `binary` in folder/name, which the rows run instead. A file the linker has just
    written sits in the page cache in small pieces, and starting it took 0.7-1.8 ms longer (55
    more page faults) than starting a copy of it: comparing a fresh build with a copied previous
    one made this build look 10 % slower on the short rows. Copies of both keep them alike."""
    os.makedirs(os.path.join(folder, name))
    copy = os.path.join(folder, name, os.path.basename(binary))
    shutil.copy2(binary, copy)
    return copy


def main():
    parser = argparse.ArgumentParser(description="issue 27's table, this build beside other tools")
    parser.add_argument("--assetflow", required=True)
    parser.add_argument("--bench", required=True)
    parser.add_argument("--previous", help="a previous build's assetflow binary")
    parser.add_argument("--previous-bench", help="its assetflow-bench (default: the one beside --previous)")
    parser.add_argument("--previous-store", help="a benchmark store that build can open (default: its bench makes one)")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--only", help="comma-separated row keys: " + ", ".join(ROW_KEYS))
    options = parser.parse_args()
    if options.previous:
        options.previous = os.path.abspath(options.previous)
        if not os.access(options.previous, os.X_OK):
            sys.exit(f"compare: --previous {options.previous} is not an executable")
        if not options.previous_bench:
            beside = os.path.join(os.path.dirname(options.previous), "assetflow-bench")
            options.previous_bench = beside if os.access(beside, os.X_OK) else None
        if not options.previous_store and not options.previous_bench:
            sys.exit("compare: --previous needs --previous-store STORE or that build's assetflow-bench "
                     "(--previous-bench, or beside the binary) to make one")
    only = set(options.only.split(",")) if options.only else set(ROW_KEYS)
    if not only <= set(ROW_KEYS):
        sys.exit(f"compare: unknown rows {', '.join(sorted(only - set(ROW_KEYS)))}; known: {', '.join(ROW_KEYS)}")
    options.only = only

    folder = tempfile.mkdtemp(prefix="assetflow-compare-")
    try:
        options.assetflow = settled_copy(options.assetflow, folder, "this")
        if options.previous:
            options.previous = settled_copy(options.previous, folder, "previous")
        compare(options, folder)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


ROW_KEYS = ["run_empty", "values", "timeline", "performance", "monte_carlo", "monte_carlo_inner", "import"]


def previous_store(options):
    """A benchmark store made by the previous build's own benchmark binary, kept between
    comparisons in a folder named after that binary (size and modification time)."""
    if options.previous_store:
        return options.previous_store
    info = os.stat(options.previous_bench)
    keep = os.path.join(tempfile.gettempdir(), f"assetflow-compare-previous-{info.st_size}-{int(info.st_mtime)}")
    os.makedirs(keep, exist_ok=True)
    env = dict(os.environ, TMPDIR=keep + "/")
    print(f"compare: the previous build's store, in {keep} (made once by {options.previous_bench})", file=sys.stderr)
    made = subprocess.run([options.previous_bench, "compare-setup", keep], env=env, capture_output=True)
    if made.returncode == 0:
        return json.loads(made.stdout)["store"]
    # An older benchmark without compare-setup: `load` generates the same store.
    subprocess.run([options.previous_bench, "load"], env=env, check=True, stdout=subprocess.DEVNULL)
    return os.path.join(keep, "assetflow-bench-100000.sqlite")


def compare(options, folder):
    setup = json.loads(subprocess.check_output([options.bench, "compare-setup", folder]))
    store, today = setup["store"], setup["today"]
    env = dict(os.environ, ASSETFLOW_TODAY=today)
    for name, text in SCRIPTS.items():
        with open(os.path.join(folder, name), "w") as f:
            f.write(text)
    journal = os.path.join(folder, "store.journal")
    subprocess.run([options.assetflow, "export", "--store", store, "journal", journal], check=True, env=env,
                   stdout=subprocess.DEVNULL)
    hledger = shutil.which("hledger")
    builds = [("this build", options.assetflow, store, options.bench)]
    if options.previous:
        builds.append(("previous", options.previous, previous_store(options), options.previous_bench))

    def script(binary, on, name):
        return lambda: run([binary, "run", "--store", on, os.path.join(folder, name)], env)

    def first_import(binary, tag):
        def go():
            target = os.path.join(folder, f"import-{tag}.sqlite")
            t = run([binary, "import", "--store", target, "transactions", setup["transactions"]], env)
            p = run([binary, "import", "--store", target, "prices", setup["prices"]], env)
            for suffix in ("", "-wal", "-shm"):
                if os.path.exists(target + suffix):
                    os.remove(target + suffix)
            return t[0] + p[0], t[1] + p[1], max(t[2], p[2])
        return go

    def sqlite_import():
        target = os.path.join(folder, "sqlite-import.sqlite")
        result = run(["sqlite3", target, ".mode csv", f".import {setup['transactions']} t", f".import {setup['prices']} p"])
        os.remove(target)
        return result

    def each(name):
        return {label: script(binary, on, name) for label, binary, on, _ in builds}

    rows = [
        ("run_empty", "empty `assetflow run` on the store", 0.010, each("empty.lua"),
         {"sqlite3": lambda: run(["sqlite3", store, "PRAGMA schema_version;"])}),
        ("values", "every asset's value (from snapshots)", 0.015, each("values.lua"),
         {"Python decimal": lambda: run([sys.executable, os.path.join(HERE, "replay.py"), store, "holdings"]),
          "sqlite3": lambda: run(["sqlite3", store, SQL_VALUES]),
          **({"hledger": lambda: run([hledger, "-f", journal, "bal", "-V"])} if hledger else {})}),
        ("timeline", "daily timeline, 19 years", 0.040, each("timeline.lua"),
         {"Python decimal": lambda: run([sys.executable, os.path.join(HERE, "replay.py"), store, "timeline"]),
          "sqlite3": lambda: run(["sqlite3", store, SQL_TIMELINE])}),
        ("performance", "`af.performance{}` first call", 0.060, each("performance.lua"),
         {"sqlite3": lambda: run(["sqlite3", store, SQL_TIMELINE])}),
        ("monte_carlo", "Monte Carlo 10,000 × 480 (whole `run`)", 0.050, each("monte_carlo.lua"), {}),
        ("monte_carlo_inner", "  the simulation alone, in process", 0.050,
         {label: (lambda b=bench: inner(b)) for label, _, _, bench in builds if bench}, {}),
        ("import", "first import of the CSV data set", 1.0,
         {label: first_import(binary, index) for index, (label, binary, _, _) in enumerate(builds)},
         {"sqlite3": sqlite_import}),
    ]
    rows = [row for row in rows if row[0] in options.only]
    load_before = os.getloadavg()
    # A warm-up round (the first run may write derived rows, the page cache fills), not counted.
    for _, _, _, mine, others in rows:
        for measure in list(mine.values()) + list(others.values()):
            measure()
    samples = {}
    for round_ in range(options.rounds):
        for key, _, _, mine, others in rows:
            tools = list(mine.items()) + list(others.items())
            if round_ % 2:
                tools.reverse()
            for tool, measure in tools:
                samples.setdefault((key, tool), []).append(measure())
    report(rows, samples, options.rounds, hledger is not None, load_before, os.getloadavg())


def inner(bench):
    """Monte Carlo's own elapsed time in a process of the benchmark (`measure monte_carlo_wall`):
    its CPU is that process's (user + system, from wait4), which includes the process's start."""
    start = time.perf_counter()
    process = subprocess.Popen([bench, "measure", "monte_carlo_wall"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    output = process.stdout.read()
    _, status, usage = os.wait4(process.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"compare: {bench} measure monte_carlo_wall failed: {process.stderr.read().decode()[-2000:]}")
    process.stdout.close()
    process.stderr.close()
    measurement = json.loads(output)
    return measurement["figure"], usage.ru_utime + usage.ru_stime, measurement["peakMB"]


def report(rows, samples, rounds, has_hledger, load_before, load_after):
    def med(key, tool, index):
        return statistics.median(s[index] for s in samples[(key, tool)])

    def ms(seconds):
        if seconds != seconds:
            return "—"
        return f"{seconds * 1000:.1f} ms" if seconds < 10 else f"{seconds:.1f} s"

    def ratio(a, b):
        return f"{a / b:.2f}" if b and a == a and b == b else "—"

    print(f"Issue 27's table (release; whole processes, medians of {rounds} alternating rounds; "
          f"ratio = this build ÷ the other; load average {load_before[0]:.1f} before, {load_after[0]:.1f} after)")
    print(f"{'work':40} | {'goal':9} | {'this build':10} | {'CPU':9} | {'÷ goal':6} | {'CPU÷goal':8} | "
          f"{'previous, CPU (ratios)':34} | {'Python decimal':18} | {'sqlite3':18} | {'hledger':18}")
    for key, label, goal, mine, others in rows:
        elapsed = med(key, "this build", 0)
        cpu = med(key, "this build", 1)
        cells = [f"{label:40}", f"{'≤ ' + ms(goal):9}", f"{ms(elapsed):10}", f"{ms(cpu):9}", f"{elapsed / goal:6.2f}",
                 f"{ratio(cpu, goal):8}"]
        if (key, "previous") in samples:
            previous, previous_cpu = med(key, "previous", 0), med(key, "previous", 1)
            cells.append(f"{f'{ms(previous)}, {ms(previous_cpu)} ({ratio(elapsed, previous)}, {ratio(cpu, previous_cpu)})':34}")
        else:
            before = ISSUE_BEFORE.get(key)
            cells.append(f"{(ms(before) + ' (issue, quiet)') if before else '—':34}")
        for tool in ("Python decimal", "sqlite3", "hledger"):
            if (key, tool) in samples:
                other = med(key, tool, 0)
                cells.append(f"{ms(other) + f' ({ratio(elapsed, other)})':18}")
            else:
                cells.append(f"{'—':18}")
        print(" | ".join(cells))
    if not has_hledger:
        print("(hledger is not installed: its column is empty)")
    print("(CPU is user + system of the whole process: with threads it can exceed elapsed time; on a loaded "
          "machine elapsed time is mostly waiting, so judge builds by CPU)")
    print(f"\nPeak memory per command (max RSS, median; goal ≤ {MEMORY_GOAL_MB} MB, the Monte Carlo result aside)")
    order = ["this build", "previous", "Python decimal", "sqlite3", "hledger"]
    tools = sorted({tool for (_, tool) in samples}, key=order.index)
    print(f"{'work':40} | " + " | ".join(f"{t:14}" for t in tools))
    for key, label, _, _, _ in rows:
        cells = []
        for tool in tools:
            if (key, tool) in samples:
                peak = med(key, tool, 2)
                mark = " over" if tool == "this build" and peak > MEMORY_GOAL_MB and not key.startswith("monte_carlo") else ""
                cells.append(f"{f'{peak:.0f} MB{mark}':14}")
            else:
                cells.append(f"{'—':14}")
        print(f"{label:40} | " + " | ".join(cells))


if __name__ == "__main__":
    main()
