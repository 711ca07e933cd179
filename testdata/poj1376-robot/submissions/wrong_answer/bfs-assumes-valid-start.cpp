// Habit: BFS over (crossing, heading) that never checks the start crossing (assumes a valid start, as
// POJ's data has). Must get: official all AC; beyond not all AC (invalid-start blocks answer a finite
// number instead of -1).
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

int main() {
    int m, n;
    while (std::scanf("%d %d", &m, &n) == 2 && (m != 0 || n != 0)) {
        std::vector<std::vector<int> > grid(m, std::vector<int>(n));
        for (int r = 0; r < m; ++r)
            for (int c = 0; c < n; ++c) std::scanf("%d", &grid[r][c]);
        int b1, b2, e1, e2;
        char dir[16];
        std::scanf("%d %d %d %d %15s", &b1, &b2, &e1, &e2, dir);
        const std::string names[4] = {"north", "east", "south", "west"};  // clockwise
        int d0 = 0;
        while (d0 < 3 && names[d0] != dir) ++d0;

        // Crossings (r, c), 0 <= r <= m, 0 <= c <= n, stored flat inside a ring of blocked crossings
        // three deep: crossing (r, c) is cell (r + 3) * w + c + 3, so no step leaves the array.
        const int w = n + 7;
        std::vector<char> stand((m + 7) * w, 0);
        for (int r = 1; r < m; ++r)
            for (int c = 1; c < n; ++c)
                stand[(r + 3) * w + c + 3] =
                    !(grid[r - 1][c - 1] || grid[r - 1][c] || grid[r][c - 1] || grid[r][c]);
        const int step[4] = {-w, 1, w, -1};
        const int start_cell = (b1 + 3) * w + b2 + 3, goal = (e1 + 3) * w + e2 + 3;
        int ans = -1;
        if (start_cell == goal) {
            ans = 0;
        } else if (start_cell >= 0 && start_cell < (int)stand.size()) {
            std::vector<int> dist(stand.size() * 4, -1), queue;
            const int start = start_cell * 4 + d0;
            dist[start] = 0;
            queue.push_back(start);
            for (size_t head = 0; head < queue.size() && ans < 0; ++head) {
                int s = queue[head], t = dist[s] + 1, cell = s / 4, d = s % 4;
                for (int turn = 1; turn <= 3; turn += 2) {
                    const int ns = cell * 4 + (d + turn) % 4;
                    if (dist[ns] < 0) {
                        dist[ns] = t;
                        queue.push_back(ns);
                    }
                }
                for (int k = 0; k < 3; ++k) {
                    cell += step[d];
                    if (!stand[cell]) break;
                    if (dist[cell * 4 + d] < 0) {
                        dist[cell * 4 + d] = t;
                        if (cell == goal) {
                            ans = t;
                            break;
                        }
                        queue.push_back(cell * 4 + d);
                    }
                }
            }
        }
        std::printf("%d\n", ans);
    }
}
