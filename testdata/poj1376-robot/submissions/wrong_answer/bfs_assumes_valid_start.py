# Habit: BFS over (crossing, heading) that never checks the start crossing (assumes a valid start, as POJ's data has). Must get: official all AC; beyond not all AC (invalid-start blocks answer a finite number instead of -1).
import sys
from collections import deque


def main():
    data = sys.stdin.read().split()
    pos = 0
    out = []
    # headings clockwise: north, east, south, west
    dr = (-1, 0, 1, 0)
    dc = (0, 1, 0, -1)
    names = {"north": 0, "east": 1, "south": 2, "west": 3}
    while True:
        m, n = int(data[pos]), int(data[pos + 1])
        pos += 2
        if m == 0 and n == 0:
            break
        grid = []
        for _ in range(m):
            grid.append([int(x) for x in data[pos:pos + n]])
            pos += n
        b1, b2, e1, e2 = (int(x) for x in data[pos:pos + 4])
        d0 = names[data[pos + 4]]
        pos += 5

        # standable[r][c]: the crossing at the north-west corner of square (r, c) keeps clear of everything
        stand = [[False] * (n + 1) for _ in range(m + 1)]
        for r in range(1, m):
            row_up, row_dn = grid[r - 1], grid[r]
            for c in range(1, n):
                stand[r][c] = not (row_up[c - 1] or row_up[c] or row_dn[c - 1] or row_dn[c])
        w = n + 1
        dist = [-1] * ((m + 1) * w * 4)
        ans = -1
        if (b1, b2) == (e1, e2):
            ans = 0
        else:
            start = (b1 * w + b2) * 4 + d0
            dist[start] = 0
            q = deque([start])
            goal = e1 * w + e2
            while q and ans < 0:
                s = q.popleft()
                t = dist[s] + 1
                cell, d = divmod(s, 4)
                for nd in ((d + 1) % 4, (d + 3) % 4):
                    ns = cell * 4 + nd
                    if dist[ns] < 0:
                        dist[ns] = t
                        q.append(ns)
                r, c = divmod(cell, w)
                for _ in range(3):
                    r += dr[d]
                    c += dc[d]
                    if r < 0 or c < 0 or r > m or c > n or not stand[r][c]:
                        break
                    ns = (r * w + c) * 4 + d
                    if dist[ns] < 0:
                        dist[ns] = t
                        if r * w + c == goal:
                            ans = t
                            break
                        q.append(ns)
        out.append(str(ans))
    print("\n".join(out))


main()
