// Habit: getline reader that takes the first four characters of each of the four lines after "?"; skips boards with at most 4 pieces (never a forced win); negamax with alpha-beta over a char board. Must get: official all AC; beyond not all AC (blank lines, spaces before a row).
#include <iostream>
#include <string>
using namespace std;

char g[4][4];

bool won(char p) {
    for (int i = 0; i < 4; i++) {
        if (g[i][0] == p && g[i][1] == p && g[i][2] == p && g[i][3] == p) return true;
        if (g[0][i] == p && g[1][i] == p && g[2][i] == p && g[3][i] == p) return true;
    }
    if (g[0][0] == p && g[1][1] == p && g[2][2] == p && g[3][3] == p) return true;
    if (g[0][3] == p && g[1][2] == p && g[2][1] == p && g[3][0] == p) return true;
    return false;
}

// value for the player to move (me): 1 win, 0 draw, -1 loss
int negamax(char me, char you, int empty, int alpha, int beta) {
    if (empty == 0) return 0;
    int best = -2;
    for (int i = 0; i < 16; i++) {
        char& c = g[i / 4][i % 4];
        if (c != '.') continue;
        c = me;
        int v = won(me) ? 1 : -negamax(you, me, empty - 1, -beta, -alpha);
        c = '.';
        if (v > best) best = v;
        if (best > alpha) alpha = best;
        if (alpha >= beta) break;
    }
    return best;
}

int main() {
    string line;
    while (getline(cin, line) && line[0] == '?') {
        int pieces = 0, empty = 0;
        for (int r = 0; r < 4; r++) {
            getline(cin, line);
            for (int c = 0; c < 4; c++) {
                g[r][c] = c < (int)line.size() ? line[c] : '.';
                if (g[r][c] == '.') empty++;
                else pieces++;
            }
        }
        int ans = -1;
        if (pieces > 4) {
            for (int i = 0; i < 16 && ans < 0; i++) {
                char& c = g[i / 4][i % 4];
                if (c != '.') continue;
                c = 'x';
                // x needs a forced win: o's best must be a loss (null window around -1)
                bool forced = won('x') || negamax('o', 'x', empty - 1, -1, 0) == -1;
                c = '.';
                if (forced) ans = i;
            }
        }
        if (ans < 0) cout << "#####\n";
        else cout << "(" << ans / 4 << "," << ans % 4 << ")\n";
    }
    return 0;
}
