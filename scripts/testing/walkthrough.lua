p = af.create_portfolio{ name = "Core" }
cash = af.create_asset{ name = "Cash", type = "cash", currency = "USD",
  portfolio = p, quantity = 5000, date = "2024-01-02" }
acme = af.create_asset{ name = "ACME", type = "stock", currency = "USD",
  portfolio = p, quantity = 10, cost_basis = "150", date = "2024-01-02" }
bond = af.create_asset{ name = "Bond Fund", type = "bond", currency = "USD",
  portfolio = p, quantity = 20, cost_basis = "100", date = "2024-01-02" }
acme:record_price{ price = "165", date = "2024-03-01" }
acme:buy{ quantity = 5, price = "160", date = "2024-03-04" }
acme
acme.average_cost        -- 153.333… exactly; shown to 8 places
acme.average_cost:exact(), acme.average_cost:round(2)
acme.current_value, acme.unrealized_gain   -- money: an exact amount in its currency
w = af.net_worth()
w, w.amount, w.currency, w / 4, w > 10000
w + af.money(5, "EUR")
p:assets()
p:allocation{ by = "type" }
p:set_targets{ stock = 50, bond = 30, cash = 20 }
p:drift{ by = "type" }   -- ±2 points green, 2–5 yellow, beyond red
plan = p:rebalance{ strategy = "full" }
plan
acme:record_price{ price = "171.2", date = "2025-01-02" }
p:performance{ from = "2024-01-02", to = "2025-01-02" }
r = af.project{ start_value = p.total_value, monthly = 500, years = 10,
  annual_return = "0.05", inflation = "0.02", goal = 80000 }
r
#r.path, r.path[120].value
acme:sell{ quantity = 100 }
