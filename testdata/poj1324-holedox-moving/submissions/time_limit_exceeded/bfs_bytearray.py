# Habit: BFS in Python over (head cell, 2-bit body directions) packed into one int, a bytearray as the visited table; right, but Python is far too slow for a file of 100 hard 20x20 lairs. Must get: official all AC; beyond not all AC (TLE on the huge file).
import sys
from collections import deque

W = 22  # cells are r * W + c, with a border of rock around the lair
STEP = (-W, W, -1, 1)  # up, down, left, right; d ^ 1 is the opposite direction


def body_offsets(length):
    """For every body code, the set of body cells relative to the head."""
    table = []
    for code in range(1 << (2 * (length - 1))):
        cell, cells = 0, {0}
        for i in range(length - 1):
            cell += STEP[(code >> (2 * i)) & 3]
            cells.add(cell)
        table.append(cells)
    return table


def main():
    data = sys.stdin.buffer.read().split()
    pos = 0
    out = []
    offsets = {}
    kase = 0
    while True:
        n, m, length = int(data[pos]), int(data[pos + 1]), int(data[pos + 2])
        pos += 3
        if n == 0 and m == 0 and length == 0:
            break
        body = []
        for _ in range(length):
            body.append(int(data[pos]) * W + int(data[pos + 1]))
            pos += 2
        k = int(data[pos])
        pos += 1
        free = bytearray(W * W)
        for r in range(1, n + 1):
            for c in range(1, m + 1):
                free[r * W + c] = 1
        for _ in range(k):
            free[int(data[pos]) * W + int(data[pos + 1])] = 0
            pos += 2
        if length not in offsets:
            offsets[length] = body_offsets(length)
        rel = offsets[length]
        bits = 2 * (length - 1)
        mask = (1 << bits) - 1
        code = 0
        for i in range(length - 1):
            code |= STEP.index(body[i + 1] - body[i]) << (2 * i)
        seen = bytearray(W * W << bits)
        start = (body[0] << bits) | code
        seen[start] = 1
        q = deque([start])
        ans = -1
        goal = W + 1
        dist = 0
        # level by level, so the queue holds bare ints
        while q and ans < 0:
            nxt = deque()
            for s in q:
                cell = s >> bits
                if cell == goal:
                    ans = dist
                    break
                code = s & mask
                shifted = (code << 2) & mask
                here = rel[code]
                for d in range(4):
                    step = STEP[d]
                    nc = cell + step
                    if not free[nc] or step in here:
                        continue
                    ns = (nc << bits) | shifted | (d ^ 1)
                    if not seen[ns]:
                        seen[ns] = 1
                        nxt.append(ns)
            q = nxt
            dist += 1
        kase += 1
        out.append("Case %d: %d" % (kase, ans))
    print("\n".join(out))


main()
