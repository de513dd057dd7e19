#!/usr/bin/env python3
"""`scripts/bench memory`: the peak memory of every command on the benchmark store.

    memory.py --assetflow BIN --bench BIN [--only SUBSTRING]

Runs each command of the CLI once on a copy of the benchmark store (50 assets, 250,000
prices, 100,000 transactions; `assetflow-bench compare-setup` makes it) under
`/usr/bin/time -v`, and prints its peak memory (maximum resident set size), CPU and elapsed
time against the 64 MB goal of issue 27. Commands that write (backup, rates import, check
--repair…) work on the copy, never on the shared store. The first import and a profiled import
(the Trading 212 file of `assetflow-bench profile-file`, 100,000 rows, into a new store) are
included; the Monte Carlo result (38 MB of paths) is the goal's one exception, and `af.rows`
as Lua lists (a table per row) are over by design. A command that fails is reported as such
(with what it said). Figures, not tests.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

MEMORY_GOAL_MB = 64
REPORTS = ["overview", "holdings", "income", "gains", "rebalancing", "performance", "projection",
           "dividends-calendar", "monthly-returns", "drawdowns", "allocation-history", "fees-taxes",
           "contributions-growth"]
FORMATS = {"terminal": "txt", "markdown": "md", "csv": "csv", "json": "json", "html": "html"}
SCRIPTS = {
    "empty.lua": "",
    "values.lua": "local t = D(0)\nfor _, a in ipairs(af.assets()) do t = t + a.current_value end\nreturn t\n",
    "timeline_day.lua": "return #af.portfolio('Everything'):timeline{ from = '2006-01-02', every = 'day' }\n",
    "timeline_month.lua": "return #af.portfolio('Everything'):timeline{ from = '2006-01-02', every = 'month' }\n",
    "performance.lua": "local r = af.performance{}\nreturn r.twr\n",
    "monte_carlo.lua": ("local r = af.project{ start_value = 100000, monthly = 1000, months = 480, annual_return = 0.06,\n"
                        "  volatility = 0.15, inflation = 0.02, fees = 0.002, goal = 2000000, runs = 10000, seed = 42 }\n"
                        "local _ = r.monte_carlo\n"),
    "rows.lua": "return #af.rows.transactions{} + #af.rows.prices{}\n",
    "rows_each.lua": ("local n = 0\nfor _ in af.rows.each_transaction{} do n = n + 1 end\n"
                      "for _ in af.rows.each_price{} do n = n + 1 end\nreturn n\n"),
}


def measure(argv, env, cwd):
    """(peak MB, CPU s, elapsed s, error) of one command under /usr/bin/time -v (error: the last line
    of what a failed command printed, else None)."""
    done = subprocess.run(["/usr/bin/time", "-v"] + argv, env=env, cwd=cwd, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
    text = done.stderr.decode(errors="replace")
    error = None
    if done.returncode != 0:
        said = [line for line in text.split("\n") if line.strip() and not line.startswith(("\t", "Command "))]
        error = f"failed (exit {done.returncode}): {said[0] if said else ''}"[:160]

    def field(name):
        return re.search(rf"^\s*{re.escape(name)}: (.*)$", text, re.M).group(1)
    peak = int(field("Maximum resident set size (kbytes)")) / 1024
    cpu = float(field("User time (seconds)")) + float(field("System time (seconds)"))
    clock = field("Elapsed (wall clock) time (h:mm:ss or m:ss)").split(":")
    elapsed = sum(float(part) * 60 ** i for i, part in enumerate(reversed(clock)))
    return peak, cpu, elapsed, error


def commands(af, store, folder, setup):
    """(label, argv, note) for every command, in the order they run (writes last)."""
    s = ["--store", store]
    script = lambda name: os.path.join(folder, name)
    out = lambda name: os.path.join(folder, "out", name)
    yield "run (empty script)", [af, "run", *s, script("empty.lua")], ""
    yield "run: every asset's value", [af, "run", *s, script("values.lua")], ""
    yield "run: daily timeline, 19 years", [af, "run", *s, script("timeline_day.lua")], ""
    yield "run: monthly timeline", [af, "run", *s, script("timeline_month.lua")], ""
    yield "run: af.performance{}", [af, "run", *s, script("performance.lua")], ""
    yield "run: Monte Carlo 10,000 × 480", [af, "run", *s, script("monte_carlo.lua")], "result aside"
    yield "run: af.rows of every transaction and price", [af, "run", *s, script("rows.lua")], \
        "a Lua table per row, by design"
    yield "run: af.rows.each_* over every transaction and price", [af, "run", *s, script("rows_each.lua")], ""
    for report in REPORTS:
        for form, extension in FORMATS.items():
            yield f"report {report} --format {form}", [af, "report", report, *s, "--format", form,
                                                       "--output", out(f"{report}.{extension}")], ""
    yield "export journal", [af, "export", *s, "journal", out("store.journal")], ""
    yield "export csv", [af, "export", *s, "csv", out("csv")], ""
    yield "export json", [af, "export", *s, "json", out("json")], ""
    yield "backup", [af, "backup", *s, out("store.zip")], ""
    yield "check", [af, "check", *s], ""
    yield "rates list", [af, "rates", "list", *s], ""
    yield "prices fetch --dry-run (offline)", [af, "prices", "fetch", *s, "--dry-run"], ""
    yield "currency", [af, "currency", *s], ""
    yield "settings", [af, "settings", *s], ""
    yield "docs", [af, "docs"], ""
    yield "rates import (3 rates)", [af, "rates", "import", *s, script("rates.csv")], ""
    yield "check --repair", [af, "check", *s, "--repair"], ""
    restored = os.path.join(folder, "restored.sqlite")
    yield "restore (the backup, into a new store)", [af, "restore", "--store", restored, out("store.zip")], ""
    imported = os.path.join(folder, "imported.sqlite")
    yield "import transactions (first import)", [af, "import", "--store", imported, "transactions",
                                                setup["transactions"]], ""
    yield "import prices (first import)", [af, "import", "--store", imported, "prices", setup["prices"]], \
        ""
    profiled = os.path.join(folder, "profiled.sqlite")
    yield "profile import (Trading 212, 100,000 rows)", [af, "import", "--store", profiled, "--profile", "trading212",
                                                        setup["trading212"]], ""


def main():
    parser = argparse.ArgumentParser(description="the peak memory of every command on the benchmark store")
    parser.add_argument("--assetflow", required=True)
    parser.add_argument("--bench", required=True)
    parser.add_argument("--only", help="run only the commands whose label contains this text")
    options = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="assetflow-memory-")
    try:
        setup = json.loads(subprocess.check_output([options.bench, "compare-setup", folder]))
        store = os.path.join(folder, "store.sqlite")
        shutil.copyfile(setup["store"], store)   # a copy: some commands below write
        os.makedirs(os.path.join(folder, "out"))
        for name, text in SCRIPTS.items():
            with open(os.path.join(folder, name), "w") as f:
                f.write(text)
        with open(os.path.join(folder, "rates.csv"), "w") as f:
            f.write("date,base,quote,rate\n2020-01-02,EUR,USD,1.1215\n2020-01-03,EUR,USD,1.1147\n"
                    "2020-01-06,EUR,USD,1.1194\n")
        setup["trading212"] = os.path.join(folder, "trading212.csv")
        subprocess.check_call([options.bench, "profile-file", setup["trading212"]])
        env = dict(os.environ, ASSETFLOW_TODAY=setup["today"])
        print(f"Peak memory of every command on the benchmark store (one run each, /usr/bin/time -v; "
              f"goal ≤ {MEMORY_GOAL_MB} MB; load average {os.getloadavg()[0]:.1f})")
        print(f"{'command':44} | {'peak':8} | {'CPU':8} | {'elapsed':8} |")
        over = []
        for label, argv, note in commands(os.path.abspath(options.assetflow), store, folder, setup):
            if options.only and options.only not in label:
                continue
            peak, cpu, elapsed, error = measure(argv, env, folder)
            mark = error or ("over" if peak > MEMORY_GOAL_MB else "")
            if mark and not note:
                over.append(label)
            print(f"{label:44} | {peak:5.1f} MB | {cpu:6.3f} s | {elapsed:6.3f} s | {mark}{' (' + note + ')' if note else ''}",
                  flush=True)
        print(f"\nAbove {MEMORY_GOAL_MB} MB, outside the Monte Carlo result and af.rows' lists: "
              f"{', '.join(over) if over else 'none'}")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
