// Habit: BFS whose queue holds the whole body as coordinates and whose visited set is a std::set of the packed body; right, but the set makes it slow on a file of many hard 20x20 lairs. Must get: official all AC; beyond not all AC (TLE on the huge file).
#include <cstdio>
#include <cstring>
#include <queue>
#include <set>
#include <vector>
using namespace std;

int n, m, L;
bool stone[22][22];
const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};

struct Snake {
    int r[8], c[8];
    int dist;
};

long long pack(const Snake& s) {
    long long key = 0;
    for (int i = 0; i < L; i++) key = key * 441 + s.r[i] * 21 + s.c[i];
    return key;
}

int main() {
    int kase = 0;
    while (scanf("%d %d %d", &n, &m, &L) == 3 && (n || m || L)) {
        Snake start;
        for (int i = 0; i < L; i++) scanf("%d %d", &start.r[i], &start.c[i]);
        start.dist = 0;
        memset(stone, 0, sizeof stone);
        int k;
        scanf("%d", &k);
        while (k--) {
            int r, c;
            scanf("%d %d", &r, &c);
            stone[r][c] = true;
        }
        set<long long> seen;
        queue<Snake> q;
        q.push(start);
        seen.insert(pack(start));
        int ans = -1;
        while (!q.empty()) {
            Snake s = q.front();
            q.pop();
            if (s.r[0] == 1 && s.c[0] == 1) {
                ans = s.dist;
                break;
            }
            for (int d = 0; d < 4; d++) {
                int nr = s.r[0] + dr[d], nc = s.c[0] + dc[d];
                if (nr < 1 || nr > n || nc < 1 || nc > m || stone[nr][nc]) continue;
                bool hit = false;
                for (int i = 0; i < L && !hit; i++) hit = s.r[i] == nr && s.c[i] == nc;
                if (hit) continue;
                Snake t;
                t.r[0] = nr, t.c[0] = nc, t.dist = s.dist + 1;
                for (int i = 1; i < L; i++) t.r[i] = s.r[i - 1], t.c[i] = s.c[i - 1];
                if (seen.insert(pack(t)).second) q.push(t);
            }
        }
        printf("Case %d: %d\n", ++kase, ans);
    }
    return 0;
}
