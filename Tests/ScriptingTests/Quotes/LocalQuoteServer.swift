import Foundation

/// A throw-away HTTP server on 127.0.0.1 for the quote tests (python3's http.server with a
/// handler of its own), logging every path it is asked for. No test needs the internet.
///
/// - `/daily?s=SYM` (and Stooq's path `/q/d/l/?s=SYM&d1=YYYYMMDD&d2=YYYYMMDD`: Stooq-shaped CSV, one row a day from d1 to d2,
///   Close = 100 + day of month (as text "1xx.25"); "No data" for s=none.
/// - `/api/v3/coins/bitcoin/market_chart/range?from=&to=`: CoinGecko-shaped JSON, a point
///   every 12 hours (42000.5 at midnight, 42261.04120000000000001 at noon); `coins/changed`:
///   another shape (a format change).
/// - `/v8/finance/chart/SYM?period1=&period2=`: Yahoo-chart-shaped JSON, a session a day
///   whose start (UTC) falls in the period: AAPL (USD, New York, 14:30 UTC, close
///   1DD.63999938964844, null on the 3rd), VOD.L (GBp, London, close 72DD.5 pence), BHP.AX
///   (AUD, Sydney: the session starts at 23:00 UTC the day before, close 45.DD); BAD: a 404
///   with chart.error; CHANGED: another shape (a format change).
/// - `/history/SYM.csv?from=YYYY-MM-DD&to=YYYY-MM-DD`: Date,Close, Close = 50.DD (REPL.md's
///   ten-line provider).
/// - `/rates/DATE/BASE.json`: the currency feed's shape (`{"date": DATE, "usd": {"eur": 0.92, …}}`),
///   with a metal (xau) AssetFlow does not know as a currency; `/rates-redirect/DATE/BASE.json`:
///   302 to the same on localhost.
/// - `/service/data/EXR/D..EUR.SP00.A?startPeriod=&endPeriod=`: the ECB data API's CSV
///   (`detail=dataonly`), USD 1.0DD05 and JPY 161.2DD on working days, 404 "No results found."
///   for a span without one; `/changed/service/…`: another CSV (a format change).
/// - Any path whose symbol holds `err-sym` (500), `huge-sym` (1 MB), `slow-sym` (5 s),
///   `chg-sym` (another CSV: a format change), `txt-sym` (a message instead of data), `hop-sym-X` (302 to the same path for X on this
///   host) or `away-sym-X` (302 to it on localhost): every provider's trouble.
/// - `/huge`: 1 MB of text; `/slow`: answers after 5 s; `/headers`: echoes X-Test.
/// - `/secret?apikey=…`: 403 (a key refused).
/// - `/to-localhost`: 302 to http://localhost:PORT/daily…; `/to-self`: 302 to /headers.
final class LocalQuoteServer {
    private let server: PythonHTTPProcess
    var folder: String { server.folder }
    var port: Int { server.port }

    init() throws {
        let folder = NSTemporaryDirectory() + "af-quotes-\(UUID().uuidString)"
        server = try PythonHTTPProcess(folder: folder, script: Self.script, arguments: [folder + "/requests.log"])
    }

    var base: String { "http://127.0.0.1:\(port)" }

    /// The paths asked for, in order.
    var requests: [String] {
        ((try? String(contentsOfFile: folder + "/requests.log", encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    func stop() { server.stop() }

    static let script = """
        import http.server, signal, sys, time, datetime, urllib.parse
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        log = sys.argv[1]
        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, *args): pass
            def send(self, status, body, headers={}):
                data = body.encode()
                self.send_response(status)
                for k, v in headers.items(): self.send_header(k, v)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                try: self.wfile.write(data)
                except Exception: pass
            def do_GET(self):
                with open(log, "a") as f: f.write(self.path + "\\n")
                url = urllib.parse.urlparse(self.path)
                q = dict(urllib.parse.parse_qsl(url.query))
                port = self.server.server_address[1]
                # Per-symbol trouble, for every provider's path (ProviderMatrixTests).
                if "err-sym" in self.path: return self.send(500, "server error")
                if "huge-sym" in self.path: return self.send(200, "x" * (1 << 20))
                if "slow-sym" in self.path:
                    time.sleep(5)
                    return self.send(200, "late")
                if "txt-sym" in self.path: return self.send(200, "Exceeded the daily hits limit")
                if "chg-sym" in self.path: return self.send(200, "Datum,Kurs" + chr(10) + "2024-01-01,1" + chr(10))
                if "hop-sym-" in self.path: return self.send(302, "", {"Location": self.path.replace("hop-sym-", "")})
                if "away-sym-" in self.path:
                    return self.send(302, "", {"Location": "http://localhost:%d%s" % (port, self.path.replace("away-sym-", ""))})
                if url.path in ("/daily", "/q/d/l/"):
                    if q.get("s") == "none": return self.send(200, "No data")
                    d1 = datetime.datetime.strptime(q["d1"].replace("-", ""), "%Y%m%d").date()
                    d2 = datetime.datetime.strptime(q["d2"].replace("-", ""), "%Y%m%d").date()
                    rows = ["Date,Open,High,Low,Close,Volume"]
                    d = d1
                    while d <= d2:
                        rows.append("%s,1,2,0.5,%d.25,1000" % (d.isoformat(), 100 + d.day))
                        d += datetime.timedelta(days=1)
                    return self.send(200, "\\r\\n".join(rows) + "\\r\\n")
                if url.path == "/api/v3/coins/bitcoin/market_chart/range":
                    # Recorded shape: hourly points as [milliseconds, price]; prices with many digits.
                    start, end = int(q["from"]), int(q["to"])
                    points = ["[%d000, %s]" % (t, "42000.5" if t % 86400 == 0 else "42261.04120000000000001") for t in range(start, end + 1, 43200)]
                    return self.send(200, '{"prices": [%s], "market_caps": [], "total_volumes": []}' % ", ".join(points))
                if url.path == "/api/v3/coins/changed/market_chart/range":
                    return self.send(200, '{"data": {"points": []}}')
                if url.path.startswith("/v8/finance/chart/"):
                    sym = url.path.rsplit("/", 1)[1]
                    if sym == "BAD":
                        return self.send(404, '{"chart":{"result":null,"error":{"code":"Not Found","description":"No data found, symbol may be delisted"}}}')
                    if sym == "CHANGED":
                        return self.send(200, '{"chart":{"result":[{"meta":{"currency":"USD"},"timestamps":[1704205800],"closes":[1.5]}],"error":null}}')
                    p1, p2 = int(q["period1"]), int(q["period2"])
                    currency, offset, start, close = {"AAPL": ("USD", -18000, 52200, "1%02d.63999938964844"),
                        "VOD.L": ("GBp", 0, 28800, "72%02d.5"), "BHP.AX": ("AUD", 39600, -3600, "45.%02d")}[sym]
                    times, closes = [], []
                    day = p1 // 86400 - 1
                    while day <= p2 // 86400 + 1:
                        t = day * 86400 + start
                        dom = datetime.datetime.utcfromtimestamp(t + offset).day
                        if p1 <= t <= p2:
                            times.append(str(t))
                            closes.append("null" if sym == "AAPL" and dom == 3 else close % dom)
                        day += 1
                    meta = '{"currency":"%s","symbol":"%s","gmtoffset":%d,"exchangeTimezoneName":"X"}' % (currency, sym, offset)
                    body = '{"chart":{"result":[{"meta":%s,"timestamp":[%s],"indicators":{"quote":[{"close":[%s],"open":[]}],"adjclose":[]}}],"error":null}}' % (
                        meta, ",".join(times), ",".join(closes))
                    return self.send(200, body)
                if url.path.startswith("/history/"):
                    d1 = datetime.date.fromisoformat(q["from"])
                    d2 = datetime.date.fromisoformat(q["to"])
                    rows = ["Date,Close"]
                    while d1 <= d2:
                        rows.append("%s,50.%02d" % (d1.isoformat(), d1.day))
                        d1 += datetime.timedelta(days=1)
                    return self.send(200, "\\n".join(rows) + "\\n")
                if url.path.startswith("/rates/"):
                    _, _, date, name = url.path.split("/")
                    return self.send(200, '{"date": "%s", "usd": {"eur": 0.92, "jpy": 150.5, "xau": 0.0004}}' % date)
                if url.path.startswith("/rates-redirect/"):
                    return self.send(302, "", {"Location": "http://localhost:%d%s" % (port, url.path.replace("/rates-redirect/", "/rates/"))})
                if url.path.startswith("/service/data/EXR/") or url.path.startswith("/changed/service/data/EXR/"):
                    d1 = datetime.date.fromisoformat(q["startPeriod"])
                    d2 = datetime.date.fromisoformat(q["endPeriod"])
                    if url.path.startswith("/changed/"): return self.send(200, "DATE,USD\\n2024-03-04,1.08\\n")
                    rows = []
                    while d1 <= d2:
                        if d1.weekday() < 5:
                            for cur, value in (("USD", "1.0%02d05" % d1.day), ("JPY", "161.2%02d" % d1.day)):
                                rows.append("EXR.D.%s.EUR.SP00.A,D,%s,EUR,SP00,A,%s,%s" % (cur, cur, d1.isoformat(), value))
                        d1 += datetime.timedelta(days=1)
                    if not rows: return self.send(404, "No results found.")
                    return self.send(200, "KEY,FREQ,CURRENCY,CURRENCY_DENOM,EXR_TYPE,EXR_SUFFIX,TIME_PERIOD,OBS_VALUE\\r\\n" + "\\r\\n".join(rows) + "\\r\\n")
                if url.path == "/huge": return self.send(200, "x" * (1 << 20))
                if url.path == "/slow":
                    time.sleep(5)
                    return self.send(200, "late")
                if url.path == "/secret": return self.send(403, "forbidden")
                if url.path == "/headers": return self.send(200, self.headers.get("X-Test", ""))
                if url.path == "/to-localhost":
                    return self.send(302, "", {"Location": "http://localhost:%d/daily?s=a.us&d1=20240101&d2=20240102" % port})
                if url.path == "/to-self": return self.send(302, "", {"Location": "/headers"})
                self.send(404, "not found")
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        server.daemon_threads = True
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """
}
