#!/usr/bin/env python3
"""`scripts/bench compare`: issue 27's table, this build beside other tools, in one sitting.

    compare.py --assetflow BIN --bench BIN [--previous BIN --previous-store STORE] [--rounds N]

Each row of the table is a piece of work on the benchmark store (50 assets, 250,000 prices,
100,000 transactions): this build does it, and so do, where they can, a plain Python
`decimal` replay (replay.py, next to this file), the sqlite3 shell reading the rows the work
needs, hledger on the exported journal (when installed), and a previous AssetFlow binary
(--previous, on its own copy of the store, made by its own build: `TMPDIR=DIR
previous-assetflow-bench load` leaves it in DIR, since a store this build has opened carries
migrations an older build refuses). Every command is a whole process, run `rounds` times; the rounds alternate
the tools, so a machine that slows down slows them all. Figures are medians of elapsed
time; CPU (user + system) and each command's peak memory (max RSS, from wait4) beside them.
The ratio columns are this build's figure divided by the other's (below 1: this build is
faster). Figures, not tests: nothing here fails on a slow machine.
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


def main():
    parser = argparse.ArgumentParser(description="issue 27's table, this build beside other tools")
    parser.add_argument("--assetflow", required=True)
    parser.add_argument("--bench", required=True)
    parser.add_argument("--previous")
    parser.add_argument("--previous-store")
    parser.add_argument("--rounds", type=int, default=7)
    options = parser.parse_args()

    folder = tempfile.mkdtemp(prefix="assetflow-compare-")
    try:
        compare(options, folder)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


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
    if options.previous and not options.previous_store:
        sys.exit("compare: --previous needs --previous-store (a store made by that build)")
    builds = [("this build", options.assetflow)] + ([("previous", options.previous)] if options.previous else [])
    stores = {options.assetflow: store, options.previous: options.previous_store}

    def script(binary, name):
        return lambda: run([binary, "run", "--store", stores[binary], os.path.join(folder, name)], env)

    def first_import(binary):
        def go():
            target = os.path.join(folder, f"import-{os.getpid()}.sqlite")
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

    rows = [
        ("run_empty", "empty `assetflow run` on the store", 0.010,
         {b: script(path, "empty.lua") for b, path in builds},
         {"sqlite3": lambda: run(["sqlite3", store, "PRAGMA schema_version;"])}),
        ("values", "every asset's value (from snapshots)", 0.015,
         {b: script(path, "values.lua") for b, path in builds},
         {"Python decimal": lambda: run([sys.executable, os.path.join(HERE, "replay.py"), store, "holdings"]),
          "sqlite3": lambda: run(["sqlite3", store, SQL_VALUES]),
          **({"hledger": lambda: run([hledger, "-f", journal, "bal", "-V"])} if hledger else {})}),
        ("timeline", "daily timeline, 19 years", 0.040,
         {b: script(path, "timeline.lua") for b, path in builds},
         {"Python decimal": lambda: run([sys.executable, os.path.join(HERE, "replay.py"), store, "timeline"]),
          "sqlite3": lambda: run(["sqlite3", store, SQL_TIMELINE])}),
        ("performance", "`af.performance{}` first call", 0.060,
         {b: script(path, "performance.lua") for b, path in builds},
         {"sqlite3": lambda: run(["sqlite3", store, SQL_TIMELINE])}),
        ("monte_carlo", "Monte Carlo 10,000 × 480 (whole `run`)", 0.050,
         {b: script(path, "monte_carlo.lua") for b, path in builds}, {}),
        ("monte_carlo_inner", "  the simulation alone, in process", 0.050,
         {"this build": lambda: inner(options.bench)}, {}),
        ("import", "first import of the CSV data set", 1.0,
         {b: first_import(path) for b, path in builds},
         {"sqlite3": sqlite_import}),
    ]
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
    report(rows, samples, options.rounds, hledger is not None)


def inner(bench):
    """Monte Carlo's own elapsed time in a process of the benchmark (`measure monte_carlo_wall`)."""
    output = subprocess.run([bench, "measure", "monte_carlo_wall"], check=True, capture_output=True).stdout
    measurement = json.loads(output)
    return measurement["figure"], float("nan"), measurement["peakMB"]  # its CPU is not measured


def report(rows, samples, rounds, has_hledger):
    def med(key, tool, index):
        return statistics.median(s[index] for s in samples[(key, tool)])

    def ms(seconds):
        return f"{seconds * 1000:.1f} ms" if seconds < 10 else f"{seconds:.1f} s"

    print(f"Issue 27's table (release; whole processes, medians of {rounds} alternating rounds; "
          f"ratio = this build ÷ the other)")
    print(f"{'work':40} | {'this build':10} | {'CPU':9} | {'goal':9} | {'÷ goal':6} | {'previous':16} | "
          f"{'Python decimal':18} | {'sqlite3':18} | {'hledger':18}")
    for key, label, goal, mine, others in rows:
        elapsed = med(key, "this build", 0)
        cpu = med(key, "this build", 1)
        cells = [f"{label:40}", f"{ms(elapsed):10}", f"{'—' if cpu != cpu else ms(cpu):9}", f"{'≤ ' + ms(goal):9}",
                 f"{elapsed / goal:6.2f}"]
        if "previous" in mine:
            previous = med(key, "previous", 0)
            cells.append(f"{ms(previous) + f' ({elapsed / previous:.2f})':16}")
        else:
            before = ISSUE_BEFORE.get(key)
            cells.append(f"{(ms(before) + ' issue') if before else '—':16}")
        for tool in ("Python decimal", "sqlite3", "hledger"):
            if (key, tool) in samples:
                other = med(key, tool, 0)
                cells.append(f"{ms(other) + f' ({elapsed / other:.2f})':18}")
            else:
                cells.append(f"{'—':18}")
        print(" | ".join(cells))
    if not has_hledger:
        print("(hledger is not installed: its column is empty)")
    print(f"\nPeak memory per command (max RSS, median; goal ≤ {MEMORY_GOAL_MB} MB, the Monte Carlo result aside)")
    tools = sorted({tool for (_, tool) in samples}, key=lambda t: ["this build", "previous", "Python decimal", "sqlite3", "hledger"].index(t))
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
