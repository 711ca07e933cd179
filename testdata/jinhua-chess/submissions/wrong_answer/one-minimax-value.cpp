// Habit: one minimax value per position (win / draw / loss for the player to move, memoised in a 3^16 byte table) answers all three goals: "lose" as "the opponent can force a win", "draw" as "the value is a draw" (the trap the lecture warns about). Must get: some official case not AC (02, 03 and 04: Bob can force a win and a loss, or nobody can force a win yet Bob cannot force a draw).
#include <cstdio>
#include <cstring>
#include <vector>
using namespace std;

int lines[10];
int pow3[16];
vector<signed char> memo;  // 0 unknown, else value + 2 (value in -1..1 for the player to move)

bool has_line(int m) {
    for (int l : lines)
        if ((m & l) == l) return true;
    return false;
}

int value(int me, int you, int code) {  // code: base-3 index of the board
    if (memo[code]) return memo[code] - 2;
    int taken = me | you, best = -2;
    if (taken == 0xFFFF) return 0;
    for (int c = 0; c < 16 && best < 1; c++) {
        if (taken >> c & 1) continue;
        int v;
        if (has_line(me | 1 << c)) v = 1;
        else {
            // the digit of the player to move: 1 for x, 2 for o, by the counts
            int digit = __builtin_popcount(me) == __builtin_popcount(you) ? 1 : 2;
            v = -value(you, me | 1 << c, code + digit * pow3[c]);
        }
        if (v > best) best = v;
    }
    memo[code] = (signed char)(best + 2);
    return best;
}

int main() {
    int k = 0;
    for (int r = 0; r < 4; r++) {
        lines[k] = lines[k + 1] = 0;
        for (int c = 0; c < 4; c++) lines[k] |= 1 << (r * 4 + c), lines[k + 1] |= 1 << (c * 4 + r);
        k += 2;
    }
    lines[8] = 1 | 1 << 5 | 1 << 10 | 1 << 15;
    lines[9] = 1 << 3 | 1 << 6 | 1 << 9 | 1 << 12;
    pow3[0] = 1;
    for (int i = 1; i < 16; i++) pow3[i] = pow3[i - 1] * 3;
    memo.assign(43046721, 0);
    int t;
    scanf("%d", &t);
    while (t--) {
        char goal[8], row[8];
        scanf("%s", goal);
        int x = 0, o = 0, code = 0;
        for (int r = 0; r < 4; r++) {
            scanf("%s", row);
            for (int c = 0; c < 4; c++) {
                int i = r * 4 + c;
                if (row[c] == 'x') x |= 1 << i, code += pow3[i];
                if (row[c] == 'o') o |= 1 << i, code += 2 * pow3[i];
            }
        }
        bool bob_x = __builtin_popcount(x) == __builtin_popcount(o);
        int v = bob_x ? value(x, o, code) : value(o, x, code);
        bool yes = goal[0] == 'w' ? v == 1 : goal[0] == 'l' ? v == -1 : v == 0;
        puts(yes ? "YES" : "NO");
    }
    return 0;
}
