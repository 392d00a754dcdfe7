#!/usr/bin/env python3
"""How fast humpty answers while it is busy: the time from sending `isready`
(`ping` under XBoard), `stop` and `quit` to their answer while `go perft 15`,
`bench` or an infinite search runs. Prints the median and worst of N rounds.

Usage: tools/latency.py [path/to/humpty] [rounds]
"""
import statistics
import subprocess
import sys
import time

HUMPTY = sys.argv[1] if len(sys.argv) > 1 else "target/release/humpty"
ROUNDS = int(sys.argv[2]) if len(sys.argv) > 2 else 20


class Engine:
    def __init__(self):
        self.p = subprocess.Popen([HUMPTY], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, pred):
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("engine exited")
            if pred(line.strip()):
                return line.strip()

    def timed(self, line, pred):
        start = time.perf_counter()
        self.send(line)
        self.until(pred)
        return (time.perf_counter() - start) * 1000.0


def busy_rounds(busy_cmd, done):
    ready, stop = [], []
    e = Engine()
    e.send("uci")
    e.until(lambda l: l == "uciok")
    for _ in range(ROUNDS):
        e.send(busy_cmd)
        time.sleep(0.2)
        ready.append(e.timed("isready", lambda l: l == "readyok"))
        stop.append(e.timed("stop", done))
    e.send(busy_cmd)
    time.sleep(0.2)
    start = time.perf_counter()
    e.send("quit")
    e.p.wait(timeout=10)
    quit_ms = (time.perf_counter() - start) * 1000.0
    return ready, stop, quit_ms


def report(name, ready, stop, quit_ms):
    def f(xs):
        return "median %.1f ms, worst %.1f ms" % (statistics.median(xs), max(xs))
    print("%-22s isready: %s; stop: %s; quit: %.1f ms" % (name, f(ready), f(stop), quit_ms))


if __name__ == "__main__":
    report("go perft 15", *busy_rounds("go perft 15", lambda l: "perft stopped" in l))
    report("bench 30", *busy_rounds("bench 30", lambda l: "bench stopped" in l))
    report("go infinite", *busy_rounds("go infinite", lambda l: l.startswith("bestmove")))
