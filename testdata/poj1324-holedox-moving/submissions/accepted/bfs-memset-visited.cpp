// Habit: plain BFS over (head cell, 2-bit directions of the body) with a visited table cleared by memset for every case and std::queue. Must get: official all AC and beyond all AC: not every accepted solution is slow there.
// Cost: the 100-lair file pops 15.4 million states; each looks up four neighbours in the visited table at random, so the table's size is the time. One bit a state (20x20 cells x 16384 bodies = 900 KB, cleared per case in microseconds) takes 1.3 s of CPU there where a bool a state (7.2 MB) took 2.1 s (medians of 5 interleaved runs, g++ -O2, load 15-17); the memset was never the cost (an undo list instead of it is no faster).
#include <cstdio>
#include <cstring>
#include <queue>
using namespace std;

int n, m, L;
bool stone[22][22];
unsigned char seen[21][21][1 << 11];  // bit (body & 7) of byte body >> 3: visited
const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};

struct State {
    char r, c;
    short body;  // 2 bits per block: direction from block i to block i+1
    int dist;
};

int main() {
    int kase = 0;
    while (scanf("%d %d %d", &n, &m, &L) == 3 && (n || m || L)) {
        int br[8], bc[8];
        for (int i = 0; i < L; i++) scanf("%d %d", &br[i], &bc[i]);
        memset(stone, 0, sizeof stone);
        int k;
        scanf("%d", &k);
        while (k--) {
            int r, c;
            scanf("%d %d", &r, &c);
            stone[r][c] = true;
        }
        int body = 0;
        for (int i = 0; i + 1 < L; i++)
            for (int d = 0; d < 4; d++)
                if (br[i] + dr[d] == br[i + 1] && bc[i] + dc[d] == bc[i + 1]) body |= d << (2 * i);
        int mask = (1 << (2 * (L - 1))) - 1;
        memset(seen, 0, sizeof seen);
        queue<State> q;
        q.push({(char)br[0], (char)bc[0], (short)body, 0});
        seen[br[0]][bc[0]][body >> 3] |= 1 << (body & 7);
        int ans = -1;
        while (!q.empty()) {
            State s = q.front();
            q.pop();
            if (s.r == 1 && s.c == 1) {
                ans = s.dist;
                break;
            }
            // cells of the body, head included
            int rr[8], cc[8];
            rr[0] = s.r, cc[0] = s.c;
            for (int i = 1; i < L; i++) {
                int d = (s.body >> (2 * (i - 1))) & 3;
                rr[i] = rr[i - 1] + dr[d], cc[i] = cc[i - 1] + dc[d];
            }
            for (int d = 0; d < 4; d++) {
                int nr = s.r + dr[d], nc = s.c + dc[d];
                if (nr < 1 || nr > n || nc < 1 || nc > m || stone[nr][nc]) continue;
                bool hit = false;
                for (int i = 0; i < L && !hit; i++) hit = rr[i] == nr && cc[i] == nc;
                if (hit) continue;
                int back = d ^ 1;  // from the new head to the old head
                int nb = ((s.body << 2) | back) & mask;
                if (seen[nr][nc][nb >> 3] >> (nb & 7) & 1) continue;
                seen[nr][nc][nb >> 3] |= 1 << (nb & 7);
                q.push({(char)nr, (char)nc, (short)nb, s.dist + 1});
            }
        }
        printf("Case %d: %d\n", ++kase, ans);
    }
    return 0;
}
