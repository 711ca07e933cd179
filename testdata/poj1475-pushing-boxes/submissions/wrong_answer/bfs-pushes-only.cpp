// Habit: BFS over (box cell, side) by number of pushes only, with a walking BFS before each push, answering with the first state that puts the box on T; the fewest pushes, but not always the fewest moves among them. Must get: some official case not AC (the moves count is larger than the reference's on some maze).
#include <cstdio>
#include <cstring>
#include <queue>
#include <string>
using namespace std;

int r, c;
char g[25][25];
const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, 1, -1};
const char walkc[4] = {'n', 's', 'e', 'w'}, pushc[4] = {'N', 'S', 'E', 'W'};

bool free_cell(int y, int x) { return y >= 0 && y < r && x >= 0 && x < c && g[y][x] != '#'; }

// shortest walk from (sy,sx) to (ty,tx) with the box at (by,bx) as a wall; false if none
bool walk(int sy, int sx, int ty, int tx, int by, int bx, string& path) {
    static int from[25][25];
    memset(from, -1, sizeof from);
    queue<int> q;
    q.push(sy * c + sx);
    from[sy][sx] = 4;
    while (!q.empty()) {
        int y = q.front() / c, x = q.front() % c;
        q.pop();
        if (y == ty && x == tx) {
            path.clear();
            while (from[y][x] != 4) {
                int d = from[y][x];
                path += walkc[d];
                y -= dr[d], x -= dc[d];
            }
            path = string(path.rbegin(), path.rend());
            return true;
        }
        for (int d = 0; d < 4; d++) {
            int ny = y + dr[d], nx = x + dc[d];
            if (!free_cell(ny, nx) || (ny == by && nx == bx) || from[ny][nx] != -1) continue;
            from[ny][nx] = d;
            q.push(ny * c + nx);
        }
    }
    return false;
}

struct Node {
    int by, bx, py, px;
    string path;
};

int main() {
    int kase = 0;
    while (scanf("%d %d", &r, &c) == 2 && (r || c)) {
        int sy = 0, sx = 0, by = 0, bx = 0, ty = 0, tx = 0;
        for (int i = 0; i < r; i++) {
            scanf("%s", g[i]);
            for (int j = 0; j < c; j++) {
                if (g[i][j] == 'S') sy = i, sx = j;
                if (g[i][j] == 'B') by = i, bx = j;
                if (g[i][j] == 'T') ty = i, tx = j;
            }
        }
        static bool seen[25][25][4];
        memset(seen, 0, sizeof seen);
        queue<Node> q;
        q.push({by, bx, sy, sx, ""});
        string ans = "Impossible.";
        while (!q.empty()) {
            Node cur = q.front();
            q.pop();
            if (cur.by == ty && cur.bx == tx) {
                ans = cur.path;
                break;
            }
            for (int d = 0; d < 4; d++) {
                int ny = cur.by + dr[d], nx = cur.bx + dc[d];      // where the box goes
                int wy = cur.by - dr[d], wx = cur.bx - dc[d];      // where you must stand
                if (!free_cell(ny, nx) || !free_cell(wy, wx) || seen[ny][nx][d]) continue;
                string w;
                if (!walk(cur.py, cur.px, wy, wx, cur.by, cur.bx, w)) continue;
                seen[ny][nx][d] = true;
                q.push({ny, nx, cur.by, cur.bx, cur.path + w + pushc[d]});
            }
        }
        printf("Maze #%d\n%s\n\n", ++kase, ans.c_str());
    }
    return 0;
}
