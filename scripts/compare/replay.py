#!/usr/bin/env python3
"""A plain replay of an AssetFlow store in Python's `decimal`: the yardstick of
`scripts/bench compare` (not used by AssetFlow itself).

    replay.py STORE holdings    every asset's quantity, cost basis and value at its latest price
    replay.py STORE timeline    the same, then the portfolio's value on every calendar day from
                                the first transaction or price to the last

Reads the rows with Python's sqlite3 module, in one query per table, and keeps every figure
exact (decimal arithmetic with 60 significant digits). Prints one line: the checksum of
what it computed, so a reader can see that the work was done.
"""
import datetime
import decimal
import sqlite3
import sys

decimal.getcontext().prec = 60
D = decimal.Decimal
ADDS = {"buy", "transfer_in"}
SUBTRACTS = {"sell", "transfer_out"}


def load(path):
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    transactions = db.execute(
        "SELECT asset_id, date, type, quantity, total, fees FROM asset_transaction ORDER BY date, id").fetchall()
    prices = db.execute("SELECT asset_id, date, price FROM price_history ORDER BY date").fetchall()
    db.close()
    return transactions, prices


def holdings(transactions, prices):
    quantity, cost, latest = {}, {}, {}
    for asset, _, kind, q, total, fees in transactions:
        q = D(q)
        held = quantity.get(asset, D(0))
        if kind in ADDS:
            quantity[asset] = held + q
            cost[asset] = cost.get(asset, D(0)) + D(total) + D(fees)
        elif kind in SUBTRACTS and held > 0:
            cost[asset] = cost.get(asset, D(0)) * (held - q) / held
            quantity[asset] = held - q
    for asset, _, price in prices:
        latest[asset] = D(price)
    value = sum((quantity[a] * latest.get(a, D(0)) for a in quantity), D(0))
    return value + sum(cost.values(), D(0))


def timeline(transactions, prices):
    """Each day's total value, updated by each change (quantity or price) of one asset."""
    day = datetime.date.fromisoformat
    events = [(t[1], 0, t[0], t[2], D(t[3])) for t in transactions] + [(p[1], 1, p[0], None, D(p[2])) for p in prices]
    events.sort(key=lambda e: (e[0], e[1]))
    quantity, price = {}, {}
    total, checksum, days = D(0), D(0), 0
    first, last = day(events[0][0]), day(events[-1][0])
    i, current = 0, first
    while current <= last:
        text = current.isoformat()
        while i < len(events) and events[i][0] == text:
            _, is_price, asset, kind, amount = events[i]
            q, p = quantity.get(asset, D(0)), price.get(asset, D(0))
            if is_price:
                price[asset] = amount
                total += q * (amount - p)
            elif kind in ADDS or kind in SUBTRACTS:
                change = amount if kind in ADDS else -amount
                quantity[asset] = q + change
                total += change * p
            i += 1
        checksum += total
        days += 1
        current += datetime.timedelta(days=1)
    return checksum, days


def main():
    if len(sys.argv) != 3 or sys.argv[2] not in ("holdings", "timeline"):
        sys.exit(__doc__)
    transactions, prices = load(sys.argv[1])
    figure = holdings(transactions, prices)
    if sys.argv[2] == "timeline":
        checksum, days = timeline(transactions, prices)
        print(f"holdings {figure}, {days} days, sum of daily values {checksum}")
    else:
        print(f"holdings {figure}")


if __name__ == "__main__":
    main()
