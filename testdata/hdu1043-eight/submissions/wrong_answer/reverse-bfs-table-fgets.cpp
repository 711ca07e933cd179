// Habit: one BFS from the goal over all 9! boards (Cantor rank) fills a move table, then each input LINE (fgets) is one board whose characters other than ' ' and '\n' are the tiles. Must get: official all AC; beyond not all AC (tabs, CR, a board split over lines).
#include <cstdio>
#include <cstring>
#include <queue>
using namespace std;

const int NS = 362880;
const int fact[9] = {1, 1, 2, 6, 24, 120, 720, 5040, 40320};
char toGoal[NS];  // the blank's move that takes this board one step closer to the goal, 0 = unseen
int nextOf[NS];

int cantor(const char* a) {
    int r = 0;
    for (int i = 0; i < 9; i++) {
        int less = 0;
        for (int j = i + 1; j < 9; j++)
            if (a[j] < a[i]) less++;
        r += less * fact[8 - i];
    }
    return r;
}

int main() {
    // BFS from the goal; a move d of the blank from board s to t means t reaches s by the opposite move.
    const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    const char opposite[4] = {'d', 'u', 'r', 'l'};
    char goal[10] = "123456780";
    queue<pair<int, long long>> q;  // rank, packed board (4 bits per cell)
    long long packed = 0;
    for (int i = 0; i < 9; i++) packed |= (long long)(goal[i] - '0') << (4 * i);
    int gk = cantor(goal);
    toGoal[gk] = '.';
    q.push({gk, packed});
    while (!q.empty()) {
        auto [k, p] = q.front();
        q.pop();
        char a[9];
        int z = 0;
        for (int i = 0; i < 9; i++) {
            a[i] = (p >> (4 * i)) & 15;
            if (!a[i]) z = i;
        }
        for (int d = 0; d < 4; d++) {
            int r = z / 3 + dr[d], c = z % 3 + dc[d];
            if (r < 0 || r > 2 || c < 0 || c > 2) continue;
            int w = r * 3 + c;
            swap(a[z], a[w]);
            int nk = cantor(a);
            if (!toGoal[nk]) {
                toGoal[nk] = opposite[d];
                nextOf[nk] = k;
                long long np = 0;
                for (int i = 0; i < 9; i++) np |= (long long)a[i] << (4 * i);
                q.push({nk, np});
            }
            swap(a[z], a[w]);
        }
    }
    char line[1000];
    static char out[64];
    while (fgets(line, sizeof line, stdin)) {
        char a[9];
        int n = 0;
        for (int i = 0; line[i] && n < 9; i++) {
            if (line[i] == ' ' || line[i] == '\n') continue;
            a[n++] = line[i] == 'x' ? 0 : line[i] - '0';
        }
        if (n < 9) continue;
        int k = cantor(a), len = 0;
        if (!toGoal[k]) {
            puts("unsolvable");
            continue;
        }
        while (k != gk) {
            out[len++] = toGoal[k];
            k = nextOf[k];
        }
        out[len] = 0;
        puts(out);
    }
    return 0;
}
