/* Habit: scanf("%s") tokens, two 16-bit masks, an AND/OR search ("can Bob force the goal?") whose leaf test depends on the goal, forced replies (win at once, block a single threat), and a small direct-mapped memo (2^16 slots; slot + tag = the exact question) shared by all cases. Must get: TLE, on random/06 (99,999 six-piece cases, every one a deepest tree: a search per goal without a symmetry-keyed memo needs 6-7 s of CPU there, the limit is 1 s); right answers everywhere (AC on every other case). */
#include <stdio.h>
#include <string.h>

int lines[10];
enum { WIN, LOSE, DRAW };
int goal;

#define HBITS 16
/* The 35-bit question (goal, side, bob, opp) is mixed by a bijection of 35-bit numbers; its low 16 bits pick
   the slot, its high 19 bits are stored as a tag beside a "known" bit and the answer: exact, no false hits.
   A small table (256 KiB) that stays in cache beats a big one. */
unsigned int memo[1 << HBITS];
int search(int bob, int opp, int bob_moves);

/* bob to move: 1 if Bob can force the goal; opp to move: 1 if Bob still forces it whatever opp does */
int can(int bob, int opp, int bob_moves) {
    if (__builtin_popcount(bob | opp) > 14) return search(bob, opp, bob_moves); /* near the end: cheaper to search */
    const unsigned long long m35 = (1ULL << 35) - 1;
    unsigned long long x = (((unsigned long long)goal << 1 | bob_moves) << 16 | bob) << 16 | opp;
    x = (x * 0x9E3779B97ULL) & m35; /* odd multiplier: a bijection mod 2^35 */
    x ^= x >> 18;                   /* an xorshift: a bijection too */
    unsigned slot = (unsigned)(x & ((1 << HBITS) - 1));
    unsigned int tag = (unsigned int)((x >> HBITS) << 2 | 2);
    if ((memo[slot] & ~1) == tag) return memo[slot] & 1;
    int r = search(bob, opp, bob_moves);
    memo[slot] = tag | (unsigned int)r; /* direct-mapped: the newest entry wins */
    return r;
}
/* comp[m]: the cells that would complete a line of a player holding the cells m (taken or not) */
unsigned short comp[1 << 16];
void build_comp(void) {
    int m, i;
    for (m = 0; m < (1 << 16); m++)
        for (i = 0; i < 10; i++) {
            int rest = lines[i] & ~m;
            if (rest && (rest & (rest - 1)) == 0) comp[m] |= (unsigned short)rest;
        }
}
int completions(int mine, int taken) { return comp[mine] & ~taken & 0xFFFF; }
int search(int bob, int opp, int bob_moves) {
    int c, taken = bob | opp, cand = ~taken & 0xFFFF;
    int mover = bob_moves ? bob : opp, other = bob_moves ? opp : bob;
    int wins = completions(mover, taken), threats = completions(other, taken);
    if (bob_moves) {
        if (wins && goal == WIN) return 1;
        if (goal != WIN) cand &= ~wins;                       /* winning would miss the goal */
        if (threats && goal != LOSE) {                        /* the opponent would complete next */
            if (threats & (threats - 1)) return 0;
            cand &= threats;
        }
    } else {
        if (wins && goal != LOSE) return 0;
        if (goal == LOSE) cand &= ~wins;                      /* the opponent refuses to win */
        if (threats && goal == WIN) {
            if (threats & (threats - 1)) return 1;
            cand &= threats;
        }
    }
    if (cand == 0) {
        /* every empty cell was ruled out: the mover must still play one, and each ends the game badly */
        if ((taken & 0xFFFF) == 0xFFFF) return goal == DRAW;
        return bob_moves ? 0 : 1;
    }
    for (c = 0; c < 16; c++) {
        int b = 1 << c, r;
        if (!(cand & b)) continue;
        if (bob_moves) {
            if (((taken | b) & 0xFFFF) == 0xFFFF) r = goal == DRAW;
            else r = can(bob | b, opp, 0);
            if (r) return 1;
        } else {
            if (((taken | b) & 0xFFFF) == 0xFFFF) r = goal == DRAW;
            else r = can(bob, opp | b, 1);
            if (!r) return 0;
        }
    }
    return bob_moves ? 0 : 1;
}

int main(void) {
    int t, r, c, k = 0;
    for (r = 0; r < 4; r++) {
        lines[k] = lines[k + 1] = 0;
        for (c = 0; c < 4; c++) { lines[k] |= 1 << (r * 4 + c); lines[k + 1] |= 1 << (c * 4 + r); }
        k += 2;
    }
    lines[8] = (1 << 0) | (1 << 5) | (1 << 10) | (1 << 15);
    lines[9] = (1 << 3) | (1 << 6) | (1 << 9) | (1 << 12);
    build_comp();
    scanf("%d", &t);
    while (t--) {
        char g[8], row[8];
        int x = 0, o = 0, nx = 0, no = 0;
        scanf("%s", g);
        goal = g[0] == 'w' ? WIN : g[0] == 'l' ? LOSE : DRAW;
        for (r = 0; r < 4; r++) {
            scanf("%s", row);
            for (c = 0; c < 4; c++) {
                if (row[c] == 'x') x |= 1 << (r * 4 + c), nx++;
                if (row[c] == 'o') o |= 1 << (r * 4 + c), no++;
            }
        }
        int bob = nx == no ? x : o, opp = nx == no ? o : x;
        puts(can(bob, opp, 1) ? "YES" : "NO");
    }
    return 0;
}
