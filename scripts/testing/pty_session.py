#!/usr/bin/env python3
"""Drives a program through a pseudo-terminal, as a person at a keyboard would.

Usage: pty_session.py PROGRAM [ARGS...] < keys.json
keys.json is a JSON list of strings typed one after another (with a pause after each);
"<CTRL-C>", "<CTRL-D>", "<TAB>", "<UP>" stand for those keys. Prints everything the
program wrote to the terminal. Used by the REPL's tests (Tests/assetflowTests).
"""
import json, os, pty, select, sys, time

KEYS = {"<CTRL-C>": b"\x03", "<CTRL-D>": b"\x04", "<TAB>": b"\t", "<UP>": b"\x1b[A", "<CTRL-U>": b"\x15"}

def main():
    keys = json.load(sys.stdin)
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(sys.argv[1], sys.argv[1:])
    out = bytearray()

    def drain(seconds):
        end = time.time() + seconds
        while time.time() < end:
            ready, _, _ = select.select([fd], [], [], 0.05)
            if ready:
                try:
                    chunk = os.read(fd, 65536)
                except OSError:
                    return False
                if not chunk:
                    return False
                out.extend(chunk)
        return True

    drain(1.5)
    for key in keys:
        data = b"".join(KEYS.get(part, part.encode()) for part in [key]) if key in KEYS else key.encode()
        os.write(fd, data)
        drain(0.7)
    os.write(fd, b"\x04")
    drain(1.0)
    try:
        os.kill(pid, 9)
    except ProcessLookupError:
        pass
    sys.stdout.write(out.decode("utf-8", errors="replace"))

if __name__ == "__main__":
    main()
