#!/usr/bin/env python3
"""Drives a program through a pseudo-terminal, as a person at a keyboard would, waiting
for what the program shows instead of sleeping fixed times.

Usage: pty_session.py PROGRAM [ARGS...] < steps.json

steps.json is a JSON list of steps, each {"keys": "...", "until": "..."}: the keys are
typed, then the script waits until the screen (escape codes and carriage returns
removed) shows `until` after the point where the keys were typed. Without `until`, a
step ending in Enter ("\\r") waits for the next prompt ("> ", ">> " or "*> " at the end
of the screen) and any other step waits for its printable characters to be echoed.
Before the first step it waits for the first prompt; after the last it types Ctrl-D,
gives the program a moment to leave, and stops it. Prints everything the program wrote to the terminal.
Used by the REPL's tests (Tests/assetflowTests/TerminalReplTests.swift).

A step may instead be {"write": PATH, "text": "...", "until": "..."} (the file is written)
or {"run": [PROGRAM, ARGS...], "until": "..."} (the program is run to its end), then waits
for `until`: how `assetflow report --watch` is shown a change. With $PTY_FIRST_UNTIL set,
the first wait is for that text instead of a prompt (a program that shows no prompt).

A wait that sees nothing for TIMEOUT seconds is a failure: the output so far is printed
with a line "pty_session: timed out waiting for ..." and the exit status is 1.
"""
import json, os, pty, re, select, subprocess, sys, time

TIMEOUT = 20.0
RESEND_AFTER = 3.0
ESCAPES = re.compile(rb"\x1b\[[0-9;?]*[A-Za-z]|\r|\x07")
PROMPT = re.compile(r"(^|\n)[*>]?> $")


def main():
    steps = json.load(sys.stdin)
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(sys.argv[1], sys.argv[1:])
    out = bytearray()

    def screen(start=0):
        return ESCAPES.sub(b"", bytes(out[start:])).decode("utf-8", errors="replace")

    def read_some(deadline):
        """Reads what is there; False at end of output."""
        ready, _, _ = select.select([fd], [], [], max(0.0, min(0.1, deadline - time.time())))
        if not ready:
            return True
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            return False
        if not chunk:
            return False
        out.extend(chunk)
        return True

    def wait_for(done, what, start, resend=None):
        deadline = time.time() + TIMEOUT
        next_resend = time.time() + RESEND_AFTER
        while not done(screen(start)):
            if time.time() > deadline or not read_some(deadline):
                fail("timed out waiting for " + what)
            if resend is not None and time.time() > next_resend:
                os.write(fd, resend)
                next_resend = time.time() + RESEND_AFTER

    def quiet_until(seconds):
        """Reads until nothing has come for `seconds` (at most TIMEOUT in all)."""
        deadline = time.time() + TIMEOUT
        while time.time() < deadline:
            size = len(out)
            ready, _, _ = select.select([fd], [], [], seconds)
            if not ready:
                return
            if not read_some(deadline) or len(out) == size:
                return

    def fail(message):
        sys.stdout.write(screen())
        sys.stdout.write("\npty_session: " + message + "\n")
        try:
            os.kill(pid, 9)
        except ProcessLookupError:
            pass
        sys.exit(1)

    first = os.environ.get("PTY_FIRST_UNTIL")
    if first:
        wait_for(lambda s: first in s, repr(first), 0)
    else:
        wait_for(lambda s: PROMPT.search(s) is not None, "the first prompt", 0)
    for step in steps:
        until = step.get("until")
        start = len(out)
        if "write" in step or "run" in step:
            if "write" in step:
                with open(step["write"], "w") as f:
                    f.write(step["text"])
            else:
                subprocess.run(step["run"], check=True, stdout=subprocess.DEVNULL)
            wait_for(lambda s: until in s, repr(until), start)
            continue
        keys = step["keys"]
        os.write(fd, keys.encode())
        if until is not None:
            # A Ctrl-C that lands while the line editor is between two reads (after echoing
            # and before blocking again) only counts: the editor notices it with the next
            # key. A person presses it again; so does this script, after RESEND_AFTER.
            interrupt = keys == "\x03" and until == "^C"
            wait_for(lambda s: until in s, repr(until), start, resend=b"\x03" if interrupt else None)
            if interrupt:
                # A resent Ctrl-C may be handled after the first: wait for the prompt, then
                # for the screen to stay still, so that the next keys are not typed into
                # the middle of a second interrupt (and lost with it).
                wait_for(lambda s: PROMPT.search(s) is not None, "the prompt after Ctrl-C", start)
                quiet_until(0.5)
        elif keys.endswith("\r"):
            wait_for(lambda s: PROMPT.search(s) is not None, "the prompt after " + repr(keys), start)
        else:
            printable = "".join(c for c in keys if c.isprintable())
            wait_for(lambda s: printable in s, "the echo of " + repr(keys), start)
    # The session is over once the last step is seen. Ctrl-D asks the program to leave; it
    # gets a moment, then is stopped (a Ctrl-D typed while the line editor is still
    # switching the terminal to raw mode can be taken by the terminal driver and lost).
    os.write(fd, b"\x04")
    deadline = time.time() + 2.0
    while time.time() < deadline and read_some(deadline):
        pass
    try:
        os.kill(pid, 9)
    except ProcessLookupError:
        pass
    os.waitpid(pid, 0)
    sys.stdout.write(out.decode("utf-8", errors="replace"))


if __name__ == "__main__":
    main()
